"""How a game may end: each game declares its endings, codes with what they mean, and the core registers them.

A game ends with `State.finish(winner, code, facts)`. The code is what a
record keeps, what the balance lab counts (`endings`), what `--vs` compares
("ending ko"), and what the commentary writes a reason from. Each game
declares the codes it ends with in its `GameEngine.endings`, each with its
meaning in a few words, as a designer reads it in the lab's tables::

    endings=(
        Ending("ko", "a boxer is knocked out"),
        Ending("last_gong", "decided on life, then energy, at the last GONG"),
    )

The core adds the endings every game has (`CORE_ENDINGS`: the bound on
actions of `limits.py`). `GameEngine` refuses a code declared twice;
`tests/engine/test_endings.py` plays every game and checks that each game
ends only with a code it declared, and reads the games' sources for every
code they finish with.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: What a code looks like: lower case words joined by "_" (it is a key in JSON and a word on the command line).
CODE = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*")


@dataclass(frozen=True)
class Ending:
    """One way a game may end: its code, and what it means in a few words."""

    code: str
    meaning: str
    #: Always a draw (no winner), whatever the position.
    draw: bool = False

    def __post_init__(self) -> None:
        if not CODE.fullmatch(self.code):
            raise ValueError(f'the ending code "{self.code}" must be lower-case words joined by "_" (as "last_gong")')
        if not self.meaning.strip():
            raise ValueError(f'the ending "{self.code}" needs its meaning, in a few words')


#: The bound on actions (`limits.py`): a game stopped there is a draw.
ACTION_LIMIT = Ending("action_limit", "stopped at the bound on actions", draw=True)

#: The endings every game has, added by the core to those a game declares.
CORE_ENDINGS: tuple[Ending, ...] = (ACTION_LIMIT,)


def with_core(declared: tuple[Ending, ...]) -> tuple[Ending, ...]:
    """A game's endings and the core's (those it did not declare itself); `ValueError` names a code declared twice."""
    seen: set[str] = set()
    for ending in declared:
        if ending.code in seen:
            raise ValueError(f'the ending "{ending.code}" is declared twice')
        seen.add(ending.code)
    return declared + tuple(ending for ending in CORE_ENDINGS if ending.code not in seen)


def meanings(endings: tuple[Ending, ...]) -> dict[str, str]:
    """Each code's meaning, as the lab's tables show it beside the code."""
    return {ending.code: ending.meaning for ending in endings}
