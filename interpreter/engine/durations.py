"""Delayed and lasting effects: one mechanic of time, shared by every game that wants it.

A designer writes an effect kept for later ("At the start of your next
turn: +2 energy", "Au début de votre prochain tour : Blesser 2") or a change
of the rules that holds for a while ("This turn only: your attacks cost 1
less", "Jusqu'à la fin du tour : Tout le monde a +1 en Force"). Each game
says these in its own words: its constructs subclass the two bases of this
module, `DelayedEffect` and `LastingEffect`, giving their grammar rule,
`read`, `write` and the handler their game's interpreter calls, which calls
the meaning defined here once. The moments are the game's own: the start of
a player's turn, the end of a player's turn, counted by the game's flow.

**The store.** `Durations` is plain, immutable data: the delayed effects
waiting for the start of a player's turn, and the lasting modifiers with the
number of that player's turn ends they still hold for. Every change gives a
new store, so a state keeps it in one field that a copy of the state shares,
and two states that share a store never see each other's changes. A state
that never holds one keeps the empty store as a class attribute
(`NO_DURATIONS`): it pays nothing (its paths test `state.durations is not
NO_DURATIONS`).

**When.** A delayed effect acts at the next start of a turn of the player
its words name ("your next turn": the card's player; "the opponent's next
turn": the other), once, then is gone. A lasting modifier holds from the
moment it is played and ends at the end of a turn: "this turn only" at the
end of the turn being played; "until the end of your next turn" at the end
of the card's player's next turn (the turn after this one when it is theirs
now).

**The events.** Each change is told by one event, `duration` (the game's
handler emits it from the facts given here): `player` (the card's player,
"you"), `change` ("kept": a delayed effect waits, or a lasting one begins;
"acts": a delayed effect acts now; "ends": a lasting one is over), `effect`
(its text as the card writes it) and `when` (its moment, in the game's
words).
"""

from enum import Enum
from typing import Any, ClassVar, NamedTuple

from atout.interpreter.language.constructs import Construct


class Moment(str, Enum):
    """When a delayed effect acts: the next start of a turn of the card's player, or of their opponent."""

    YOUR_NEXT_TURN = "your next turn"
    OPPONENT_NEXT_TURN = "the opponent's next turn"

    def seat(self, player: int) -> int:
        """The seat whose turn start it waits for, when "you" is `player`."""
        return player if self is Moment.YOUR_NEXT_TURN else 1 - player


class Until(str, Enum):
    """How long a lasting modifier holds: the turn being played, or until the end of the card's player's next turn."""

    THIS_TURN = "this turn only"
    UNTIL_YOUR_NEXT_TURN = "until the end of your next turn"

    def ends(self, player: int, current: int) -> tuple[int, int]:
        """(the seat whose turn ends count it down, how many of them end it), played by `player` in `current`'s turn."""
        if self is Until.THIS_TURN:
            return current, 1
        return player, 2 if current == player else 1


class Delayed(NamedTuple):
    """A delayed effect kept: it acts at the start of `seat`'s next turn, "you" being `player`."""

    seat: int
    player: int
    #: The construct kept (its game's subclass of `DelayedEffect`): it runs its effects when due.
    effect: Any
    #: What kept it, as the game needs it when the effects run (BattleFight: the technique); None if nothing.
    source: Any = None


class Lasting(NamedTuple):
    """A lasting modifier: it holds for `player` until `left` turns of `seat` have ended."""

    seat: int
    left: int
    player: int
    #: The construct kept (its game's subclass of `LastingEffect`), whose `modifier` the game reads.
    effect: Any


class Durations:
    """The delayed and lasting effects of a game: immutable, every change gives a new store."""

    __slots__ = ("delayed", "lasting")

    def __init__(self, delayed: tuple[Delayed, ...] = (), lasting: tuple[Lasting, ...] = ()) -> None:
        #: The delayed effects waiting, in the order they were kept.
        self.delayed = delayed
        #: The lasting modifiers holding, in the order they began.
        self.lasting = lasting

    def __bool__(self) -> bool:
        return bool(self.delayed or self.lasting)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Durations) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"Durations({self.key()!r})"

    def keep(self, delayed: Delayed) -> "Durations":
        """A new store with one more delayed effect."""
        return _store(self.delayed + (delayed,), self.lasting)

    def due(self, seat: int) -> "tuple[Durations, tuple[Delayed, ...]]":
        """`seat`'s turn starts: the new store and the delayed effects that act now, in the order kept."""
        due = tuple(d for d in self.delayed if d.seat == seat)
        if not due:
            return self, ()
        return _store(tuple(d for d in self.delayed if d.seat != seat), self.lasting), due

    def last(self, lasting: Lasting) -> "Durations":
        """A new store with one more lasting modifier."""
        return _store(self.delayed, self.lasting + (lasting,))

    def turn_ended(self, seat: int) -> "tuple[Durations, tuple[Lasting, ...]]":
        """`seat`'s turn ends: the new store (each modifier counted down) and the modifiers that end now."""
        if not any(entry.seat == seat for entry in self.lasting):
            return self, ()
        kept: list[Lasting] = []
        ended: list[Lasting] = []
        for entry in self.lasting:
            if entry.seat != seat:
                kept.append(entry)
            elif entry.left > 1:
                kept.append(entry._replace(left=entry.left - 1))
            else:
                ended.append(entry)
        return _store(self.delayed, tuple(kept)), tuple(ended)

    def modifiers(self) -> list[tuple[int, Any]]:
        """The modifiers holding now, in the order they began: (the card's player, "you"; its `modifier`)."""
        return [(entry.player, entry.effect.modifier) for entry in self.lasting]

    def key(self) -> tuple[tuple[Any, ...], ...]:
        """The store as plain tuples: for a view, a signature, a description."""
        delayed = tuple(("delayed", d.seat, d.player, d.effect.write()) for d in self.delayed)
        lasting = tuple(("lasting", entry.seat, entry.left, entry.player, entry.effect.write()) for entry in self.lasting)
        return delayed + lasting


#: The store of a state that holds no delayed or lasting effect (a state class's default: `durations = NO_DURATIONS`).
NO_DURATIONS = Durations()


def _store(delayed: tuple[Delayed, ...], lasting: tuple[Lasting, ...]) -> Durations:
    """A store of these; `NO_DURATIONS` when there are none."""
    return Durations(delayed, lasting) if delayed or lasting else NO_DURATIONS


def duration_text(event: dict[str, Any]) -> str:
    """An event `duration` in the commentary: `keeps for the opponent's next turn: -1 life to the opponent`, …"""
    change, effect, when = event["change"], event["effect"], event["when"]
    if change == "kept":
        return f"keeps for {when}: {effect}"
    if change == "acts":
        return f"{when}: {effect}"
    return f"no longer: {effect}"


def held_text(store: Durations, seat_name: Any) -> str:
    """What waits and what holds, for a description of the position (`seat_name(seat)`: P1, P2)."""
    parts = [f"{seat_name(d.player)}: {d.effect.write()}" for d in store.delayed]
    parts += [f"{seat_name(entry.player)}: {entry.effect.write()}" for entry in store.lasting]
    return "; ".join(parts)


# ---------------------------------------------------------------------------
# The constructs' shared meaning: each game subclasses these with its words
# ---------------------------------------------------------------------------


class DelayedEffect(Construct):
    """Effects kept for the start of a later turn: the game's subclass gives `effects` (its constructs) and words.

    `keep(state, player, when)` stores it; the game, when a turn starts,
    takes what is due (`Durations.due`) and runs each one's effects.
    """

    moment: Moment = Moment.YOUR_NEXT_TURN

    def keep(self, state: Any, player: int, when: str, source: Any = None) -> dict[str, Any]:
        """Keep the effects for their moment now; the facts of the event `duration` that tells it (the game emits it).

        `source`: what kept them, as the game needs it when they run (kept with them).
        """
        state.durations = state.durations.keep(Delayed(self.moment.seat(player), player, self, source))
        return {"player": player, "change": "kept", "effect": self.effects_text(), "when": when}

    def effects_text(self) -> str:
        """The effects kept, as the card writes them (the game's subclass defines it)."""
        raise NotImplementedError(f"{type(self).__name__}.effects_text")


class LastingEffect(Construct):
    """A modifier that holds for a while: the game's subclass gives `modifier` (its construct) and words.

    `begin(state, player, current, when)` stores it; the game reads the
    modifiers holding (`Durations.modifiers`) where they change its rules,
    and counts them down at the end of each turn (`Durations.turn_ended`).
    """

    until: Until = Until.THIS_TURN

    #: The words of the game for the moment a modifier ends, by how long (the game's subclass gives them).
    UNTIL_WORDS: ClassVar[dict[Until, str]] = {until: until.value for until in Until}

    def begin(self, state: Any, player: int, current: int) -> dict[str, Any]:
        """The modifier holds from now; the facts of the event `duration` that tells it (the game emits it)."""
        seat, left = self.until.ends(player, current)
        state.durations = state.durations.last(Lasting(seat, left, player, self))
        return {"player": player, "change": "kept", "effect": self.modifier_text(), "when": self.UNTIL_WORDS[self.until]}

    def modifier_text(self) -> str:
        """The modifier, as the card writes it (the game's subclass defines it)."""
        raise NotImplementedError(f"{type(self).__name__}.modifier_text")


def ended_facts(entry: Lasting) -> dict[str, Any]:
    """The facts of the event `duration` that tells a lasting modifier is over."""
    effect = entry.effect
    return {"player": entry.player, "change": "ends", "effect": effect.modifier_text(), "when": effect.UNTIL_WORDS[effect.until]}


def acts_facts(entry: Delayed, when: str) -> dict[str, Any]:
    """The facts of the event `duration` that tells a delayed effect acts now."""
    return {"player": entry.player, "change": "acts", "effect": entry.effect.effects_text(), "when": when}
