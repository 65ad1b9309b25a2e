"""Who answers decisions: chance, bots, and people at the terminal.

A player answers `choose(decision, view)` with an option's index. `view` is
the seat's `View`: called, it returns what that player may know of the state
(hidden cards masked), and a bot that needs no view never computes it;
`view.sample(rng)` draws a whole position the player cannot tell from the
real one, for a bot that searches (`mcts.py`). No player is ever given the
real state. Chance is answered by a
`ChanceSampler`, which draws by the options' weights from a seeded generator
of its own: the same seed gives the same game on any machine.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from itertools import accumulate
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from .decision import Decision

if TYPE_CHECKING:
    from .state import State


class View:
    """What one seat may know of a game, given to its player with each decision.

    `view()` is the seat's view of the state (`State.view`: hidden cards
    masked), computed when asked. `view.sample(rng)` is a position the seat
    cannot tell from the real one: a copy of the game where what the seat
    cannot see is drawn anew with `rng` (`State.resample`), which the player
    may play on as it likes. Both read the state through closures: the
    player is never handed the state itself.
    """

    __slots__ = ("_view", "_sample")

    def __init__(self, state: State[Any], seat: int) -> None:
        self._view: Callable[[], Any] = lambda: state.view(seat)
        self._sample: Callable[[random.Random], State[Any]] = lambda rng: state.resample(seat, rng)

    def __call__(self) -> Any:
        """The seat's view of the state now."""
        return self._view()

    def sample(self, rng: random.Random) -> State[Any]:
        """A copy of the game as the seat may imagine it: its view the same, the hidden cards drawn with `rng`.

        The copy is quiet (`State.quiet`): a bot plays on it for itself, and
        nobody reads its events; its copies are quiet too.
        """
        position = self._sample(rng)
        position.quiet = True
        return position


class Abandoned(Exception):
    """A player left the game before its end (a person's end of input, or "quit")."""


class TakeBack(Exception):
    """A person takes back their last decision ("undo" at the prompt); the game goes back to it.

    Only a game against bots may be taken back (`play_game(..., take_back=True)`),
    and only when its record, if any, can be rewound.
    """


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
        totals = decision.totals()
        index = bisect_right(totals, self.rng.random() * totals[-1])
        return index if index < len(totals) else len(totals) - 1

    def pick(self, weights: list[int] | int) -> int:
        """`choose` for a decision of these weights, made or not: the same draw, from the same numbers.

        `weights` may be a number of options, each of weight 1: the running
        totals are then 1, 2, … and the option is the draw's whole part, as
        the search among the totals would find it.
        """
        if weights.__class__ is int:
            index = int(self.rng.random() * weights)
            return index if index < weights else weights - 1
        totals = list(accumulate(weights))  # type: ignore[arg-type]
        index = bisect_right(totals, self.rng.random() * totals[-1])
        return index if index < len(totals) else len(totals) - 1


class RandomBot:
    """Chooses uniformly among the legal options, from a seeded generator."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision: Decision, view: View) -> int:
        """Any option, each as likely."""
        return self.choose_blind(decision)

    def choose_blind(self, decision: Decision) -> int:
        """`choose`, which reads nothing but the decision: any option, each as likely.

        A player with this method may be asked inside the state, where no
        view of the position is at hand (`AgendaState.answer_inside`).
        """
        return int(self.rng.random() * len(decision.options))

    def choose_among(self, count: int) -> int:
        """`choose_blind` for a decision of `count` options, told without the decision: the same answer, the same draw.

        A state may ask it without making the decision (`AgendaState.ask_among`).
        """
        return int(self.rng.random() * count)
