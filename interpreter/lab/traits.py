"""What the balance lab needs to know of one game, beyond the core contract.

Each game declares a `LabTraits` in its `lab.py`, read by the lab only:

- `card_events(event, state)`: the cards an event shows a seat holding (a
  card drawn, taken, swapped in), holding in its opening hand (dealt before
  the first turn), or playing, as `(seat, name, "held" | "opening" |
  "played")`; the state is the one after the event's action, for games
  whose hands are dealt without an event; the lab reads the turn a card is
  played in from that state (`state.turn`); `heard`, the kinds of events it
  reads (the lab's games emit no others: most of their events, never read,
  are not made);
- `fields`: the same reading as `card_events`, for the kinds of events
  that show their cards in their facts alone, declared instead of
  computed (the lab's fast path: a lookup per event, no call): the kind →
  `Fields(seat, card, use, unless)`, the event's fact naming the seat and
  the one naming the card (`seat` None: the card fact lists one card per
  seat, in seat order), what the card does (`"drawn"`: in the opening hand
  before the first turn, else held), and a fact that, when true, shows no
  card (a basic technique); the kinds not listed are read by
  `card_events`, which reads them all the same (the plain path,
  `ATOUT_PLAIN=1`);
- `ledger`: True for a game that appends each card a seat comes to hold
  or plays to the state's ledger (`State.ledger`), where it makes the
  event `card_events` reads: the lab then hears no event at all (the
  game is as quiet as one nobody watches) and reads the ledger once, at
  the game's end; `card_events` stays the plain path's reading, and
  `tests/lab/test_lab_fields.py` checks both count the same cards;
- `pool(state)`: for games whose seats bring cards of their own (a deck,
  a collection), the names of the cards each seat has among its own, read
  from the state as the game ends (with the cards the seat held, which may
  have left every zone): a card's "not seen" figures then count only the
  seats that had it and never held it; None when the seats share their
  cards (or the game does not say);
- `lead(state)`: how far P1 is ahead, in the game's own unit (life, seals,
  rounds won), negative when P2 is; the quality measures (drama,
  decisiveness) read it once per turn;
- `sides(setup)`: what each seat brings of its own (a deck, a boxer, a
  collection), for the per-deck figures and the tournament; None when the
  seats share everything;
- `swap(setup)`: the setup with the seats' own parts exchanged, so that a
  side (a bot with its deck) can play from either seat;
- `conditions(setup)`: what the whole game is played with (a Lieu, a deck
  shared by both), for figures per variant.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

#: "opening": held in the opening hand; "held": came into the hand later; "played": played.
Use = Literal["held", "opening", "played"]


class Fields(NamedTuple):
    """Where an event of one kind shows its card (see `LabTraits.fields`)."""

    #: The fact naming the seat; None: the card fact is a list of one card per seat, in seat order.
    seat: str | None
    #: The fact naming the card (or the cards).
    card: str
    #: What the card does (a `Use`), or "drawn": "opening" before the first turn (turn 0), else "held".
    use: Literal["held", "opening", "played", "drawn"]
    #: A fact that, when true, means the event shows no card (None: there is none).
    unless: str | None = None


def _no_cards(event: dict[str, Any], state: Any) -> Iterable[tuple[int, str, Use]]:
    return ()


def _no_sides(setup: dict[str, Any]) -> list[str] | None:
    return None


def _same(setup: dict[str, Any]) -> dict[str, Any]:
    return setup


def _no_conditions(setup: dict[str, Any]) -> dict[str, str]:
    return {}


@dataclass(frozen=True)
class LabTraits:
    """A game's answers to the lab's questions (see the module's docstring)."""

    card_events: Callable[[dict[str, Any], Any], Iterable[tuple[int, str, Use]]] = _no_cards
    lead: Callable[[Any], float] | None = None
    sides: Callable[[dict[str, Any]], list[str] | None] = _no_sides
    swap: Callable[[dict[str, Any]], dict[str, Any]] = _same
    conditions: Callable[[dict[str, Any]], dict[str, str]] = _no_conditions
    #: What `sides` names, for headings: "deck", "boxer", "collection".
    side_word: str = "side"
    #: The kinds of events `card_events` reads: the lab's games make no others (None: it reads any).
    heard: frozenset[str] | None = None
    pool: Callable[[Any], list[Iterable[str]]] | None = None
    #: The kinds of events whose cards are read from their facts (see the module's docstring).
    fields: Mapping[str, Fields] = field(default_factory=dict)
    #: True for a game that writes its cards in the state's ledger (see the module's docstring).
    ledger: bool = False
