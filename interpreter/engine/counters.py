"""Counters and tokens on a player or on a card: one mechanic, shared by every game that wants it.

A designer puts tokens on a boxer ("put 1 bleed token on the opponent"), on
a player ("Poser 2 jetons Charge"), or on a card in play ("Poser 3 jetons
Durée sur cette technique"), reads how many
there are ("for each bleed token on the opponent", "Blesser 1 pour chaque
jeton Charge"), tests them ("if you have at least 2 charge tokens") and
removes them (some, up to some, or all). Each game says these in its own
words: its constructs subclass the four bases of this module, giving their
grammar rule, `read`, `write`, and the handler their game's interpreter
calls (`run(state, player)`, `run(state, frame, me, them)`, …), which
calls the meaning defined here once.

**The store.** `Counters` is plain, immutable data: named counts keyed by
their owner, a player (`on_player(seat)`) or a card (`on_card(card)`).
Every change gives a new store, so a state keeps it in one field that a
copy of the state shares (`clone` copies nothing for it), and two states
that share a store never see each other's changes. A state that never
holds a counter keeps the empty store as a class attribute (`NO_COUNTERS`):
it pays nothing for the mechanic (no field, nothing copied; where a game
reads them on a path it takes often, one test of an empty store). A counter's name is compared folded (case and accents
left out: "Charge" and "charge" are one counter); the store keeps each
count between 0 and `MAX_COUNT`, and forgets a count that falls to 0.

**The events.** Each change is told by one event, `counters` (the game's
handler emits it, from the facts the shared meaning gives), with the
seat (`player`: the player, or the holder of the card), the card's name
(`card`, for a card's counters), the counter's name as the card writes it
(`name`), the change (`change`, signed; 0 when a removal of exactly N found
fewer: `needed` says how many it wanted) and the count after it (`total`).
"""

from collections.abc import Callable, Iterator
from typing import Any, ClassVar, NamedTuple

from pydantic import Field

from atout.interpreter.engine.decision import seat_name
from atout.interpreter.language import logic
from atout.interpreter.language.constructs import Construct
from atout.interpreter.language.text import fold

#: The most tokens of one name one owner may hold (a card's text stays a card's; a game stays finite).
MAX_COUNT = logic.MAX_AMOUNT

#: How many tokens one effect may put or remove, as printed.
MAX_PRINTED = 20


class Owner(NamedTuple):
    """Who holds counters: a player (`kind` "player", `id` their seat) or a card (`kind` "card", `id` the game's card id)."""

    kind: str
    id: int


def on_player(seat: int) -> Owner:
    """The owner that is a player, by seat."""
    return Owner("player", seat)


def on_card(card: int) -> Owner:
    """The owner that is a card, by the game's id for it."""
    return Owner("card", card)


def key(name: str) -> str:
    """A counter's name as the store compares it: folded, spaces squeezed ("Saignement" is "saignement")."""
    return " ".join(fold(name).split())


class Counters:
    """Named counts of tokens, keyed by owner: immutable, every change gives a new store."""

    __slots__ = ("_counts",)

    def __init__(self, counts: dict[tuple[Owner, str], int] | None = None) -> None:
        #: (owner, folded name) → count, every count ≥ 1. Never changed once made.
        self._counts: dict[tuple[Owner, str], int] = counts or {}

    def __bool__(self) -> bool:
        return bool(self._counts)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Counters) and self._counts == other._counts

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"Counters({dict(sorted(self._counts.items()))!r})"

    def count(self, owner: Owner, name: str) -> int:
        """How many tokens named `name` `owner` holds (0 if none)."""
        return self._counts.get((owner, key(name)), 0)

    def _with(self, owner: Owner, name: str, count: int) -> "Counters":
        """A new store where `owner` holds `count` tokens named `name` (none: forgotten)."""
        counts = dict(self._counts)
        if count > 0:
            counts[(owner, key(name))] = min(count, MAX_COUNT)
        else:
            counts.pop((owner, key(name)), None)
        return _store(counts)

    def put(self, owner: Owner, name: str, n: int) -> "Counters":
        """`n` more tokens named `name` on `owner` (at most `MAX_COUNT` in all)."""
        return self._with(owner, name, self.count(owner, name) + max(0, n))

    def remove(self, owner: Owner, name: str, n: int, up_to: bool = True) -> "tuple[Counters, int]":
        """Take `n` tokens off `owner`: the new store and how many were taken.

        `up_to`: as many as there are, up to `n`; else exactly `n`, or none
        at all when there are fewer (the caller tells a failed cost).
        """
        held = self.count(owner, name)
        taken = min(held, max(0, n))
        if not up_to and held < n:
            taken = 0
        return (self._with(owner, name, held - taken), taken) if taken else (self, 0)

    def clear(self, owner: Owner, name: str) -> "tuple[Counters, int]":
        """Take every token named `name` off `owner`: the new store and how many were taken."""
        held = self.count(owner, name)
        return (self._with(owner, name, 0), held) if held else (self, 0)

    def drop(self, owner: Owner) -> "Counters":
        """A new store without any of `owner`'s tokens (a card that leaves play loses its own)."""
        if not any(o == owner for o, _ in self._counts):
            return self
        return _store({(o, name): n for (o, name), n in self._counts.items() if o != owner})

    def items(self) -> Iterator[tuple[Owner, str, int]]:
        """Every (owner, folded name, count), players first, then cards, each by id and name."""
        for (owner, name), n in sorted(self._counts.items()):
            yield owner, name, n

    def on(self, owner: Owner) -> dict[str, int]:
        """`owner`'s tokens: folded name → count, by name."""
        return {name: n for (o, name), n in sorted(self._counts.items()) if o == owner}

    def key(self) -> tuple[tuple[str, int, str, int], ...]:
        """The store as plain sorted tuples: for a position's signature, a view, a JSON document."""
        return tuple((owner.kind, owner.id, name, n) for (owner, name), n in sorted(self._counts.items()))


def change_text(event: dict[str, Any]) -> str:
    """An event `counters` in the commentary: `+1 bleed token (2 in all)`, `-2 bleed tokens (none left)`,
    `has 1 bleed token: 2 cannot be removed` (a removal of exactly 2)."""
    name, change, total = event["name"], event["change"], event["total"]
    on = f" on {event['card']}" if "card" in event else ""
    if change == 0:
        return f"has {total} {name} {_tokens(total)}{on}: {event['needed']} cannot be removed"
    left = f"{total} in all" if total else "none left"
    return f"{change:+d} {name} {_tokens(change)}{on} ({left})"


def held_text(store: "Counters", card_name: Callable[[int], str] | None = None) -> str:
    """The tokens held, for a description of the position: `P1: 2 bleed; P2: 1 charge, 3 rage; Jab: 1 charge`.

    A card is named by `card_name(card)` (by default, `card 12`).
    """
    held: dict[Owner, list[str]] = {}
    for owner, name, n in store.items():
        held.setdefault(owner, []).append(f"{n} {name}")
    return "; ".join(f"{_owner_text(owner, card_name)}: {', '.join(parts)}" for owner, parts in held.items())


def _owner_text(owner: Owner, card_name: Callable[[int], str] | None) -> str:
    if owner.kind == "player":
        return seat_name(owner.id)
    return card_name(owner.id) if card_name is not None else f"card {owner.id}"


def _tokens(n: int) -> str:
    return "token" if abs(n) == 1 else "tokens"


#: The store of a state that holds no counter (a state class's default: `counters = NO_COUNTERS`).
#: Every empty store is this one: a game's path taken often tests `state.counters is not NO_COUNTERS`
#: (no call, where a test of the store's truth calls `__bool__`).
NO_COUNTERS = Counters()


def _store(counts: dict[tuple[Owner, str], int]) -> "Counters":
    """A store of these counts; `NO_COUNTERS` when there are none."""
    return Counters(counts) if counts else NO_COUNTERS


# ---------------------------------------------------------------------------
# The constructs' shared meaning: each game subclasses these with its words
# ---------------------------------------------------------------------------


class CounterConstruct(Construct):
    """A construct about tokens named `name` (as the card writes it) held by the owner its game's words name.

    A game's subclass gives `owner(state, *context)`: which player or card
    its words name, from its handler's context (the player of the card…);
    and, for a card, `card_name(state, card)` for the commentary.
    """

    #: The counter's name, as written on the card ("bleed", "Charge").
    name: str = Field(min_length=1, max_length=30)

    def owner(self, state: Any, *context: Any) -> Owner:
        """The player or card whose tokens these are; every game's subclass defines it."""
        raise NotImplementedError(f"{type(self).__name__}.owner")

    def card_name(self, state: Any, card: int) -> str:
        """A card's name, for the commentary of a card's tokens (a game with card owners defines it)."""
        raise NotImplementedError(f"{type(self).__name__}.card_name")

    def held_by(self, state: Any, owner: Owner) -> int:
        """The seat an owner stands for in an event: the player, or the holder of the card (a game with card owners defines it)."""
        if owner.kind != "player":
            raise NotImplementedError(f"{type(self).__name__}.held_by for a card")
        return owner.id

    def facts(self, state: Any, owner: Owner, change: int, **more: Any) -> dict[str, Any]:
        """The facts of the event `counters` that tells a change of `owner`'s tokens (see the module's docstring)."""
        facts: dict[str, Any] = {"player": self.held_by(state, owner)}
        if owner.kind == "card":
            facts["card"] = self.card_name(state, owner.id)
        return {**facts, "name": self.name, "change": change, "total": state.counters.count(owner, self.name), **more}


class PutCounters(CounterConstruct):
    """Put `n` tokens named `name` on the owner (at most `MAX_COUNT` in all)."""

    n: int = Field(default=1, ge=1, le=MAX_PRINTED)

    def put(self, state: Any, *context: Any) -> dict[str, Any]:
        """Put the tokens now; the facts of the event that tells it (the game emits it)."""
        owner = self.owner(state, *context)
        before = state.counters.count(owner, self.name)
        state.counters = state.counters.put(owner, self.name, self.n)
        return self.facts(state, owner, state.counters.count(owner, self.name) - before)


class RemoveCounters(CounterConstruct):
    """Remove tokens named `name` from the owner: `n` exactly, up to `n` (`up_to`), or all (`n` None)."""

    #: How many to remove; None: all of them.
    n: int | None = Field(default=None, ge=1, le=MAX_PRINTED)
    #: True: as many as there are, up to `n`; False: exactly `n`, or none when there are fewer.
    up_to: bool = False

    def remove(self, state: Any, *context: Any) -> dict[str, Any] | None:
        """Remove the tokens now; the facts of the event that tells it (the game emits it), None when there were none.

        When exactly `n` were wanted and there were fewer, none is removed
        and the facts say so: `change` 0, `needed` `n` (see `failed`).
        """
        owner = self.owner(state, *context)
        if self.n is None:
            state.counters, taken = state.counters.clear(owner, self.name)
        else:
            state.counters, taken = state.counters.remove(owner, self.name, self.n, self.up_to)
        if self.n is not None and not self.up_to and taken == 0:
            return self.facts(state, owner, 0, needed=self.n)
        return self.facts(state, owner, -taken) if taken else None


def failed(facts: dict[str, Any] | None) -> bool:
    """Whether a removal of exactly N found fewer (and removed none): its facts say `needed`."""
    return facts is not None and "needed" in facts


class CountersOn(CounterConstruct):
    """A quantity: how many tokens named `name` the owner holds now."""

    handler: ClassVar[str] = "value"

    def value(self, state: Any, *context: Any) -> int:
        """The count now."""
        return int(state.counters.count(self.owner(state, *context), self.name))


class HasCounters(CounterConstruct):
    """A condition: the owner holds at least (at most, exactly) `n` tokens named `name`."""

    handler: ClassVar[str] = "holds"
    comparison: logic.Comparison = logic.Comparison.AT_LEAST
    n: int = Field(default=1, ge=0, le=MAX_COUNT)

    def holds(self, state: Any, *context: Any) -> bool:
        """Whether the count compares to `n` as written, now."""
        return self.comparison.test(state.counters.count(self.owner(state, *context), self.name), self.n)
