"""Who answers decisions: chance, bots, and people at the terminal.

A player answers `choose(decision, view)` with an option's index. `view` is a
function that returns what that player may know of the state (hidden cards
masked); a bot that needs no view never computes it. Chance is answered by a
`ChanceSampler`, which draws by the options' weights from a seeded generator
of its own: the same seed gives the same game on any machine.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from itertools import accumulate
from collections.abc import Callable
from typing import Any, Protocol

from .decision import Decision

View = Callable[[], Any]


class Abandoned(Exception):
    """A player left the game before its end (a person's end of input, or "quit")."""


class Player(Protocol):
    """Anything that answers decisions for one seat."""

    name: str

    def choose(self, decision: Decision, view: View) -> int:
        """The index of the chosen option."""


class ChanceSampler:
    """Answers chance decisions at random, by the options' weights."""

    name = "chance"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision: Decision, view: View | None = None) -> int:
        """A weighted random option (uses only `random()`, stable across Python versions).

        The option is the first whose running total of weights passes a
        uniform draw over the total.
        """
        totals = list(accumulate(option.weight for option in decision.options))
        return min(bisect_right(totals, self.rng.random() * totals[-1]), len(totals) - 1)


class RandomBot:
    """Chooses uniformly among the legal options, from a seeded generator."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision: Decision, view: View) -> int:
        """Any option, each as likely."""
        return int(self.rng.random() * len(decision.options))
