"""Decisions: the one way a game asks anybody (a player, or chance) for input.

A state that cannot go on by itself poses a `Decision`: who decides, what
kind of decision it is, and the options, each with a readable label. The
answer is the index of an option. The same loop serves a bot, a person at the
terminal, a chance sampler and a replay, since all of them only ever answer
decisions.

Chance is a player (as in OpenSpiel): every shuffle, draw and random pick is a
decision of `CHANCE`, whose options carry weights. A game is then fully
determined by its setup and the list of answers, and a game played on a real
table can be transcribed by writing down what was drawn.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import accumulate
from operator import attrgetter
from types import MappingProxyType
from typing import Any

#: The seat of chance: it answers the decisions that are random draws.
CHANCE = -1


def seat_name(seat: int) -> str:
    """How a seat is named in logs: "P1", "P2", or "chance"."""
    return "chance" if seat == CHANCE else f"P{seat + 1}"


@dataclass(frozen=True, slots=True)
class Option:
    """One answer to a decision: a label people read, a value the game uses.

    For a chance decision, `weight` is the option's relative probability
    (three copies of a card in a pile: weight 3).
    """

    label: str
    value: Any = None
    weight: int = 1


_weight = attrgetter("weight")


#: The context of a decision made without one: empty, and read-only (every such decision shares it).
NO_CONTEXT: Mapping[str, Any] = MappingProxyType({})


@dataclass(slots=True, init=False)
class Decision:
    """What the state waits for: `player` chooses one of `options`.

    `kind` names the decision ("play", "discard", "move", "draw"…), the same
    word in the record and in the logs. `prompt` says it to a person.
    `secret` marks a choice made in secret (simultaneous play): the other
    player's view does not show it until the game reveals it.
    """

    player: int
    kind: str
    options: list[Option]
    prompt: str = ""
    secret: bool = False
    #: Free data the game keeps with the decision to resume after the answer (read-only `NO_CONTEXT` when none).
    context: Mapping[str, Any] = field(default_factory=lambda: NO_CONTEXT)
    #: For a chance decision, its options' weights in order, when the game has them at hand (a pile
    #: keeps its counts by name): the same numbers as each option's `weight`, read faster.
    weights: list[int] | None = field(default=None, compare=False, repr=False)
    _totals: list[int] | None = field(default=None, init=False, compare=False, repr=False)

    def __init__(
        self,
        player: int,
        kind: str,
        options: list[Option],
        prompt: str = "",
        secret: bool = False,
        context: Mapping[str, Any] | None = None,
        weights: list[int] | None = None,
    ) -> None:
        # written out, not generated: a game makes a decision at nearly every action, and this one
        # costs a third less (no dictionary made for a context nobody gives)
        self.player = player
        self.kind = kind
        self.options = options
        self.prompt = prompt
        self.secret = secret
        self.context = NO_CONTEXT if context is None else context
        self.weights = weights
        self._totals = None

    @property
    def is_chance(self) -> bool:
        """True when chance, not a player, answers this decision."""
        return self.player == CHANCE

    def totals(self) -> list[int]:
        """The running totals of the options' weights, which a draw reads (made once: a decision's options never change)."""
        totals = self._totals
        if totals is None:
            weights = self.weights
            totals = self._totals = list(accumulate(map(_weight, self.options) if weights is None else weights))
        return totals

    def labels(self) -> list[str]:
        """The options' labels, in order."""
        return [option.label for option in self.options]

    def index_of(self, label: str) -> int | None:
        """The index of the option with this label, if any."""
        for index, option in enumerate(self.options):
            if option.label == label:
                return index
        return None
