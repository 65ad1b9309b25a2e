"""BattleFight: its card language and its engine.

The package is the game's plug-in (entry point `battlefight` of the group
`atout.games`): it gives `LANGUAGE`, imported with the package (so that any
of its modules imported first comes in the language's order), and `ENGINE`,
imported on first use, so that checking card files does not import the
engine.
"""

from __future__ import annotations

from typing import Any

from .language import LANGUAGE as LANGUAGE

#: Where the game comes in the lists of games.
RANK = 1


def __getattr__(name: str) -> Any:
    """`ENGINE` (its `GameEngine`), imported on first use."""
    if name == "ENGINE":
        from .engine import ENGINE

        return ENGINE
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
