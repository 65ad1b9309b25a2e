"""The blocks of steps that constructs hold (a "Si"'s branches, a power's effects), and how a step is written.

A step is its modifiers, then its keyword, each a construct that writes
itself: on a card by `write()`, in the commentary by `log_text()` where it
has one. The constructs that hold blocks (`conditions.Si`, `powers.Quand`)
write their steps here; `writing.py` writes a whole technique's steps the
same way. This module reads no other module of the game, so that the
constructs and the AST above them import each other in one direction only.
"""

from __future__ import annotations

from typing import Any

#: Steps a block may hold, at most.
MAX_BLOCK = 6


def write_part(part: Any, log: bool = False) -> str:
    """A modifier or a keyword as text: on a card (`write()`), or in the commentary (`log_text()`, where it has one)."""
    if log and hasattr(part, "log_text"):
        return str(part.log_text())
    return str(part.write())


def write_step(step: Any, log: bool = False) -> str:
    """A step as text: its modifiers, then its keyword."""
    return " ".join([*(write_part(modifier, log) for modifier in step.modifiers), write_part(step.keyword, log)])


def write_block(steps: list[Any]) -> str:
    """A block's steps, as on a card, joined by "puis"."""
    return " puis ".join(write_step(step) for step in steps)
