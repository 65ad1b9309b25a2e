"""Bounds on the length of a game: no valid set of files gives a game that never ends.

A game's own rules end it (a KO, the last GONG, seals, a turn limit); these
bounds are a safety net under them, the same in every game. Every *action*
counts: each decision the game poses — answered by a player or by chance,
or taken at once because it has a single option — so a game that loops
without asking anybody anything reaches the bound too. When an action would
go past the bound on actions per game or per turn, the game ends at once as
a draw, with an `action_limit` event and an outcome that name the bound and
its value.

The bounds are two optional parameters of every game's rules file, declared
here once and named in the game's language (`ActionLimits_fr`, `ActionLimits_en`); their defaults
are far above any real game (the longest of thousands of simulated games
takes a few thousand actions, and a few dozen in one turn).
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field

#: Actions a game may take in all, unless its rules file says otherwise.
DEFAULT_ACTIONS_PER_GAME = 100_000
#: Actions a game may take in one turn (the setup counts as turn 0).
DEFAULT_ACTIONS_PER_TURN = 10_000
#: The highest value a rules file may give either bound.
HIGHEST_LIMIT = 10_000_000

#: The printed names of the two parameters, in the language of a game's files.
PER_GAME_FR: Final = "Actions au plus par partie"
PER_TURN_FR: Final = "Actions au plus par tour"
PER_GAME_EN: Final = "Actions per game at most"
PER_TURN_EN: Final = "Actions per turn at most"

#: The printed names of the two parameters, by the language of a game's files.
NAMES: dict[str, tuple[str, str]] = {
    "fr": (PER_GAME_FR, PER_TURN_FR),
    "en": (PER_GAME_EN, PER_TURN_EN),
}


class ActionLimits_fr(BaseModel):
    """The bounds on actions per game and per turn, named in French (optional; see `atout.interpreter.engine.limits`)."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    actions_per_game: int = Field(DEFAULT_ACTIONS_PER_GAME, alias=PER_GAME_FR, ge=1, le=HIGHEST_LIMIT)
    actions_per_turn: int = Field(DEFAULT_ACTIONS_PER_TURN, alias=PER_TURN_FR, ge=1, le=HIGHEST_LIMIT)


class ActionLimits_en(BaseModel):
    """The bounds on actions per game and per turn, named in English (optional; see `atout.interpreter.engine.limits`)."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    actions_per_game: int = Field(DEFAULT_ACTIONS_PER_GAME, alias=PER_GAME_EN, ge=1, le=HIGHEST_LIMIT)
    actions_per_turn: int = Field(DEFAULT_ACTIONS_PER_TURN, alias=PER_TURN_EN, ge=1, le=HIGHEST_LIMIT)


@dataclass(frozen=True, slots=True)
class Limit:
    """A bound that is reached: which one ("game" or "turn"), its value and its printed name."""

    scope: Literal["game", "turn"]
    value: int
    parameter: str

    @property
    def reason(self) -> str:
        """The outcome's reason: which bound, its value, and the parameter that sets it."""
        return f"the limit of {self.value} actions per {self.scope} is reached ({self.parameter})"

    def event(self) -> dict[str, Any]:
        """The facts of the `action_limit` event."""
        return {"limit": self.scope, "actions": self.value, "parameter": self.parameter}


def limit_reason(facts: dict[str, Any]) -> str:
    """The reason of a game ended at a bound, from the facts of its `action_limit` event."""
    return Limit(facts["limit"], facts["actions"], facts["parameter"]).reason


def limit_text(event: dict[str, Any]) -> str:
    """The `action_limit` event as a line of commentary (every game prints it the same way)."""
    return f"The game stops: the limit of {event['actions']} actions per {event['limit']} is reached ({event['parameter']})"


class ActionCounter:
    """Counts a game's actions, in all and in the current turn, against its bounds."""

    __slots__ = ("per_game", "per_turn", "names", "actions", "in_turn", "turn", "reached", "pick", "seats", "among", "answered", "answered_turn", "watch", "nested", "deferred")

    def __init__(self, rules: Any) -> None:
        self.per_game: int = getattr(rules, "actions_per_game", DEFAULT_ACTIONS_PER_GAME)
        self.per_turn: int = getattr(rules, "actions_per_turn", DEFAULT_ACTIONS_PER_TURN)
        fields = getattr(type(rules), "model_fields", {})
        self.names = tuple((fields[name].alias if name in fields else None) or NAMES["en"][i] for i, name in enumerate(("actions_per_game", "actions_per_turn")))
        self.actions = 0
        self.in_turn = 0
        self.turn = 0
        #: The bound the game reached, once it has (the game is then over).
        self.reached: Limit | None = None
        #: Chance's sampler given an option's weights (`AgendaState.ask_draw`), if chance is answered inside.
        self.pick: Callable[[list[int] | int], int] | None = None
        #: Who answers decisions inside the state, by the deciding seat (`CHANCE` for chance's), if anyone.
        self.seats: dict[int, Callable[[Any], int]] | None = None
        #: Those of them who can choose knowing only how many options there are (`AgendaState.ask_among`), by seat.
        self.among: dict[int, Callable[[int], int]] | None = None
        #: How many decisions were answered inside the state, and the turn of the last one.
        self.answered = 0
        self.answered_turn = 0
        #: Told of the first decision of each turn, those chance answers inside included (`AgendaState.TurnWatch`).
        self.watch: Any = None
        #: How deep answers given where their decisions are posed nest now, and the next such answer
        #: left to run after the deepest (`AgendaState._answer_here`).
        self.nested = 0
        self.deferred: Any = None

    def copy(self) -> "ActionCounter":
        """An independent copy (for a copied state)."""
        counter = ActionCounter.__new__(ActionCounter)  # every slot, set directly (copies are made at every trial)
        counter.per_game, counter.per_turn, counter.names = self.per_game, self.per_turn, self.names
        counter.actions, counter.in_turn, counter.turn, counter.reached = self.actions, self.in_turn, self.turn, self.reached
        counter.pick, counter.seats, counter.among = None, None, None  # a copy's decisions are answered by whoever plays it
        counter.answered, counter.answered_turn = 0, 0
        counter.watch = None
        counter.nested, counter.deferred = 0, None
        return counter

    def count(self, turn: int) -> Limit | None:
        """Count one action taken in `turn`; the bound it would go past, if any (it is then not counted)."""
        if turn != self.turn:
            self.turn, self.in_turn = turn, 0
        if self.actions < self.per_game and self.in_turn < self.per_turn:
            self.actions += 1
            self.in_turn += 1
            return None
        if self.actions >= self.per_game:
            return Limit("game", self.per_game, self.names[0])
        return Limit("turn", self.per_turn, self.names[1])
