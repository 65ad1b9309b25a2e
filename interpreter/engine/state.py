"""The contract between the engine core and a game: rules apart from state.

As in OpenSpiel, a `Game` holds what does not change during play (the rules
parameters, the cards, the setup options) and makes `State`s; a `State` is a
position in one game. A state poses the decision it waits for, applies an
answer, and says when the game is over and how. The core (play loop, bots,
records, replay, the CLI) uses nothing else.

Everything a state does while applying an answer is reported as events: small
dicts with an `"e"` key naming what happened and the facts of it. Events are
the game's trace: records keep them, replay compares them, and the game's
commentary turns them into text.
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from importlib import import_module
from typing import Any, ClassVar, Generic, TypeVar

from .decision import Decision
from .limits import ActionCounter, Limit

#: One thing that happened, as data: {"e": "damage", "player": 1, "amount": 4, "life": 16}.
Event = dict[str, Any]


class Outcome:
    """How a game ended: the winning seat (None for a draw) and why.

    `code` names the way the game ended ("ko", "score"...) and `facts` hold
    its figures: records keep these, and the game's commentary renders the
    text from them (`Game.outcome_text`), so rewording a message never
    breaks a record. `reason` is that text: given, or written by the game's
    commentary the first time it is read (most games are never told: a
    balance study, a bot's tries). Two outcomes are equal when their winner
    and reason are. An outcome is a value: it does not change once made.
    """

    __slots__ = ("winner", "code", "facts", "_reason", "_game")

    winner: int | None
    code: str | None
    facts: dict[str, Any]
    _reason: str | None
    _game: Game | None

    def __init__(
        self,
        winner: int | None,
        reason: str | None = None,
        code: str | None = None,
        facts: dict[str, Any] | None = None,
        *,
        game: Game | None = None,
    ) -> None:
        if reason is None and (game is None or code is None):
            raise TypeError("an outcome needs its reason, or its code and the game whose commentary writes it")
        set_field = object.__setattr__
        set_field(self, "winner", winner)
        set_field(self, "code", code)
        set_field(self, "facts", {} if facts is None else facts)
        set_field(self, "_reason", reason)
        set_field(self, "_game", None if reason is not None else game)

    @property
    def reason(self) -> str:
        """The reason's text, as the game's commentary writes it from the code and facts."""
        reason = self._reason
        if reason is None:
            reason = self._game.outcome_text(self.winner, self.code, self.facts)  # type: ignore[union-attr]
            object.__setattr__(self, "_reason", reason)
            object.__setattr__(self, "_game", None)
        return reason

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"an outcome does not change: cannot set {name!r}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Outcome):
            return NotImplemented
        return self.winner == other.winner and self.reason == other.reason

    def __hash__(self) -> int:
        return hash((self.winner, self.reason))

    def __repr__(self) -> str:
        return f"Outcome(winner={self.winner!r}, reason={self.reason!r}, code={self.code!r}, facts={self.facts!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (sent to another process) with its text written, not with its game."""
        return (Outcome, (self.winner, self.reason, self.code, self.facts))

    def as_json(self) -> dict[str, Any]:
        """The outcome for a record's last line: the winner, the code and its facts.

        An outcome without a code (a game that gives none) is kept as the
        code "text" with its reason as the fact.
        """
        if self.code is None:
            return {"winner": self.winner, "code": "text", "facts": {"reason": self.reason}}
        return {"winner": self.winner, "code": self.code, "facts": dict(self.facts)}

    def as_json_v1(self) -> dict[str, Any]:
        """The outcome as a record of format version 1 kept it: the winner and the reason's text."""
        return {"winner": self.winner, "reason": self.reason}


class Game(ABC):
    """A game's fixed part: rules, cards, setup options. Makes states.

    What every game shares is here: the digest of its files, the rules
    file's name in its setup, its commentary. A game states only its own
    setup options (`choices`) and keeps its commentary in the `commentary`
    module of its package (a `render(event, viewer)` function).
    """

    #: The game's command-line name ("battlefight").
    name: ClassVar[str]

    #: The digest of the files this game was made from (`GameFiles.digest`):
    #: the record writer finds the files by it.
    files_digest: str = ""

    #: The rules file's name (None: the main rules file), kept in the setup so a variant replays.
    rules_name: str | None = None

    #: True for a game whose setup names the main rules file too (`"rules": null`).
    setup_names_main_rules: ClassVar[bool] = False

    @abstractmethod
    def new_state(self) -> State[Any]:
        """The state at the start of a game, before any decision."""

    def choices(self) -> dict[str, Any]:
        """The game's own setup options as plain data (decks, first player...): `setup` adds the rules file."""
        return {}

    def setup(self) -> dict[str, Any]:
        """The setup options as plain data, for a record's header: the game's `choices`, then its rules file."""
        data = self.choices()
        if self.rules_name is not None or self.setup_names_main_rules:
            data["rules"] = self.rules_name
        return data

    def digest(self) -> str:
        """The digest of the files this game was made from (`GameFiles.digest`)."""
        return self.files_digest

    def render(self, event: Event, viewer: int | None = None) -> str:
        """One event as a line of commentary (as `viewer`'s seat sees it; None: everything).

        By default, the `render` function of the `commentary` module beside the game's class.
        """
        if event.get("e") == "end" and "reason" not in event and "code" in event:
            # the trace keeps the code and facts: the reason's text is written now
            event = {**event, "reason": self.outcome_text(event.get("winner"), event["code"], event.get("facts", {}))}
        text: str = self._commentary().render(event, viewer)
        return text

    def outcome_text(self, winner: int | None, code: str | None, facts: dict[str, Any]) -> str:
        """The reason a game ended, as text, from its code and facts (as a record keeps them).

        By default, the `outcome_text(game, winner, code, facts)` function of
        the `commentary` module beside the game's class (without one, the
        code and facts as they are); the code "text" holds its text in its
        facts.
        """
        if code == "text" or code is None:
            return str(facts.get("reason", ""))
        write = getattr(self._commentary(), "outcome_text", None)
        if write is None:  # a game whose commentary does not write outcomes: the code and facts as they are
            shown = ", ".join(f"{key} {value}" for key, value in facts.items())
            return code.replace("_", " ") + (f" ({shown})" if shown else "")
        text: str = write(self, winner, code, facts)
        return text

    def _commentary(self) -> Any:
        """The `commentary` module beside the game's class (None for a game without one)."""
        package = type(self).__module__.rpartition(".")[0]
        if not package:
            return None
        name = f"{package}.commentary"
        module = sys.modules.get(name)  # imported already, at every game's end but the first
        if module is not None:
            return module
        try:
            return import_module(name)
        except ModuleNotFoundError:
            return None


#: The game a state belongs to: a `State[BattleFightGame]` knows its game's cards and options.
G = TypeVar("G", bound=Game)


class State(ABC, Generic[G]):
    """A position in one game: poses decisions, applies answers.

    Generic in its game's type, so that a game's state reads its own game's
    attributes (`State[CordesGame]` has `self.game.gong`).
    """

    game: G

    @abstractmethod
    def decision(self) -> Decision | None:
        """The decision the game waits for, or None when it is over."""

    @abstractmethod
    def apply(self, index: int) -> list[Event]:
        """Answer the current decision with option `index`; the events it caused."""

    _outcome: Outcome | None = None
    _pending: Decision | None = None
    _events: list[Event]

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        return self._outcome

    #: True for a state whose events nobody reads (a game nobody watches, the balance lab's, a bot
    #: trying options on a copy): `emit` keeps nothing.
    quiet: bool = False

    #: The balance lab's ledger of cards, when the lab plays this game, else None: each card a seat
    #: comes to hold, holds in its opening hand or plays, as `(seat, name, use, turn)`, `use` being
    #: "held", "played" or "drawn" (in the opening hand at turn 0, else held), in the turn then;
    #: appended by the game where it shows the card (with its event, if anybody watches). A copy
    #: keeps none (`clone`): a bot's trials write nothing.
    ledger: list[tuple[int, str, str, int]] | None = None

    #: For a copy a bot plays on only up to the start of this turn (a trial's last turn, see
    #: `Trial.turns`): nothing is played past that turn's start, so a game may leave out there what
    #: only later turns would read (the positions seen, to find one that comes back). None: no bound.
    horizon: int | None = None

    def emit(self, kind: str, **facts: Any) -> None:
        """Record an event of the current action's trace (and show it to a debugger's observer).

        A quiet state (`quiet`) keeps no event: its `apply` returns none.
        Where an event's facts cost something to gather (names looked up,
        lists made), or it comes several times a turn, a game writes
        `if not self.quiet: self.emit(...)`, so that a quiet state (a game
        nobody watches, the lab's, a bot's trial) does not even make the call.
        """
        if self.quiet:
            return
        event = {"e": kind, **facts}
        self._events.append(event)
        if self.observer is not None:
            self.observer(self, event)

    def finish(self, winner: int | None, code: str, facts: dict[str, Any] | None = None) -> None:
        """End the game: its outcome (`winner`, None for a draw; how, as a `code` with its `facts`) and its `end` event.

        Every game ends here, whatever ends it (a rule, a bound of
        `limits.py`). The reason's text is written by the game's commentary
        from the code and facts (`Game.outcome_text`), as it is when a
        record is shown: once, when it is first read. No decision is pending afterwards, and
        nothing left on the agenda runs (`agenda.py`).
        """
        outcome = self._outcome = Outcome(winner, None, code, dict(facts or {}), game=self.game)
        self._no_decision()
        end = self.end_facts(outcome)
        end.pop("reason", None)  # no prose in a trace: the commentary renders the reason from the code
        self.emit("end", **end)

    def _no_decision(self) -> None:
        """No decision is pending any more (the game is over)."""
        self._pending = None

    def end_facts(self, outcome: Outcome) -> dict[str, Any]:
        """The facts of the `end` event: the winner, the code and its facts (a game may say more).

        The reason's text is never part of it (a "reason" given is left
        out): the commentary renders it from the code and facts.
        """
        return {"winner": outcome.winner, **{key: value for key, value in outcome.as_json().items() if key != "winner"}}

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.outcome() is not None

    @property
    @abstractmethod
    def turn(self) -> int:
        """The number of the turn being played, from 1 (0 during setup)."""

    @abstractmethod
    def view(self, player: int) -> Any:
        """What `player` may know of the state (hidden cards masked), for bots."""

    @abstractmethod
    def describe(self, viewer: int | None = None) -> str:
        """The state as text (life, positions, hands, cards in play), as `viewer` may see it.

        With `viewer` None, everything is shown (for `replay --step`); with a
        seat, the other player's hidden cards are counted, not named.
        """

    #: The seat that played first, for statistics (None for games without one).
    first_player: int | None = None

    #: Called with (state, event) as each event happens, inside `apply`: a
    #: debugger (`atout replay --step`) shows the state between two steps.
    observer: Any = None

    #: The events before which `replay --step` shows the state and pauses
    #: (a card's step, an ability's effect). A game that calls `observer`
    #: names them; for the others, `--step` pauses after each action.
    step_events: frozenset[str] = frozenset()

    #: The actions counted against the bounds of `limits.py` (made at the first action).
    _actions: ActionCounter | None = None

    def count_action(self) -> bool:
        """Count one action (a decision posed, even one taken at once); True when the game ends by a bound.

        Every state calls it for each decision it poses, before posing it. An
        action past the bound on actions per game or per turn (the rules
        file's, else the defaults of `limits.py`) is not taken: the state
        emits an `action_limit` event and ends the game as a draw
        (`end_at_limit`). The bound is kept in the state, so a replay ends
        where the game did. Once a bound is reached, no action is taken (True).
        """
        counter = self._actions
        if counter is None:
            counter = self._actions = ActionCounter(getattr(self.game, "rules", None))
        turn = self.turn
        if turn == counter.turn and counter.actions < counter.per_game and counter.in_turn < counter.per_turn:
            counter.actions += 1  # the usual case, as `ActionCounter.count` counts it (the hot path: inlined)
            counter.in_turn += 1
            return False
        limit = counter.count(turn)
        if limit is None:
            return False
        if counter.reached is None:
            counter.reached = limit
            self.end_at_limit(limit)
        return True

    def end_at_limit(self, limit: Limit) -> None:
        """End the game as a draw because `limit` is reached: an `action_limit` event, then `finish`.

        A game may say more in its `end` event (`end_facts`); this must not raise.
        """
        self.emit("action_limit", **limit.event())
        self.finish(None, "action_limit", limit.event())

    def clone(self) -> State[G]:
        """A copy of this position that plays on alike: the same answers give the same events and outcome.

        Search bots, "undo" and studies from a position play on copies. A
        game whose flow is an agenda of tasks (`agenda.py`) has it already.
        """
        raise NotImplementedError(f"{type(self).__name__} cannot be copied")

    def resample(self, player: int, rng: Any) -> State[G]:
        """A copy where what `player` cannot see is drawn anew, with `rng`, from what they may know.

        The copy shows `player` the same view, and it depends only on that
        view and on `rng`, never on the hidden cards themselves: a search
        bot plays on such copies (as OpenSpiel's `ResampleFromInfostate`).
        A game without hidden information returns a plain copy.
        """
        return self.clone()

    def start_events(self) -> list[Event]:
        """The events of the setup, before the first decision."""
        return getattr(self, "_start", [])

    def check_invariants(self) -> list[str]:
        """Problems with the state's bookkeeping (lost or duplicated cards); empty when sound."""
        return []


def ended(state: State[Any]) -> Outcome:
    """The outcome of a state that poses no more decisions: by the `State` contract, it has one."""
    outcome = state.outcome()
    if outcome is None:
        raise RuntimeError(f"{type(state).__name__} poses no decision yet has no outcome")
    return outcome
