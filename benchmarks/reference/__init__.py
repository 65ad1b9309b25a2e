"""Hand-written engines of BattleFight, Duel pour Cardia, Dans les Cordes and Duel de dragons, to measure atout against.

Each engine plays a whole game between two uniform random players, in plain
Python written for speed (ints, lists, tuples; no events, no decision
objects), with the same rules as atout: the same shipped cards and rules
file (read once from the game atout built, when the engine is made), the
same decisions with the same options in the same order, a decision with a
single option taken without asking, and the same random draws (one
`random()` per decision asked, from generators seeded as `atout play`
seeds its bots and chance). Given a seed, an engine plays the very game
atout plays: `tests/benchmarks/` checks it decision by decision, and
`benchmarks/reference_bench.py` times both.

- `battlefight.BattleFightReference(game).play(seed)`
- `cardia.CardiaReference(game).play(seed)`
- `cordes.CordesReference(game).play(seed)`
- `dragons.DragonsReference(game).play(seed)`

Each returns a `Result`: the winner (None for a draw), the reason's code,
the decisions asked, the turn (BattleFight, Cardia, Cordes) or round
(dragons) of the last decision asked, and the final life (BattleFight,
Cordes), seals (Cardia) or score (dragons).
"""

from __future__ import annotations

import random
from typing import NamedTuple

#: The seat of chance in `ask`: rngs[-1] is chance's generator.
CHANCE = -1


class Result(NamedTuple):
    """How a game of a reference engine ended, and how long it was."""

    winner: int | None
    code: str
    #: Decisions asked (a decision with a single option is not asked), chance's included.
    decisions: int
    #: The turn (round) of the last decision asked, as `atout`'s `Played.turns`.
    turns: int
    #: Each player's life (BattleFight, Cordes), seals (Cardia) or score (dragons) at the end.
    final: tuple[int, int]


class GameEnd(Exception):
    """Raised when the game is over, wherever the engine is: the outcome is then set."""


class Ending:
    """How every reference engine ends a game: `end` sets the outcome and leaves (`GameEnd`); `limit`, past a bound of the rules, is a draw."""

    outcome: tuple[int | None, str]

    def limit(self) -> None:
        """An action past a bound of the rules (actions per game, per turn or round): the game is a draw."""
        self.end(None, "action_limit")

    def end(self, winner: int | None, code: str) -> None:
        """The game is over."""
        self.outcome = (winner, code)
        raise GameEnd


def seeded(seed: int, who: str) -> int:
    """The seed of one user of randomness (chance, each bot) in a game, as atout derives it."""
    return random.Random(f"atout:{seed}:{who}").getrandbits(48)


def generators(seed: int) -> list[random.Random]:
    """P1's, P2's and chance's generators for a game played from `seed` (chance last: index -1)."""
    return [random.Random(seeded(seed, "P1")), random.Random(seeded(seed, "P2")), random.Random(seeded(seed, "chance"))]
