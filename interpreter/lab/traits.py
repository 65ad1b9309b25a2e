"""What the balance lab needs to know of one game, beyond the core contract.

Each game declares a `LabTraits` in its `lab.py`, read by the lab only:

- the cards: not a trait but the game's own bookkeeping. Where a game
  shows a card coming into a seat's hand (drawn, taken into it, swapped
  in: "drawn" when it may be the opening hand, dealt before the first
  turn) or played, it appends `(seat, name, use, turn)` to the state's
  ledger (`State.ledger`), which the lab gives each game it plays. The lab
  makes no event: its games are as quiet as games nobody watches, and
  it reads the ledger once, at the end. A copy of the state (a bot's
  trial) keeps none. `tests/lab/test_ledger.py` holds each game's
  ledger to the cards its events show, as they are made;
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

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any


def _no_sides(setup: dict[str, Any]) -> list[str] | None:
    return None


def _same(setup: dict[str, Any]) -> dict[str, Any]:
    return setup


def _no_conditions(setup: dict[str, Any]) -> dict[str, str]:
    return {}


@dataclass(frozen=True)
class LabTraits:
    """A game's answers to the lab's questions (see the module's docstring)."""

    lead: Callable[[Any], float] | None = None
    sides: Callable[[dict[str, Any]], list[str] | None] = _no_sides
    swap: Callable[[dict[str, Any]], dict[str, Any]] = _same
    conditions: Callable[[dict[str, Any]], dict[str, str]] = _no_conditions
    #: What `sides` names, for headings: "deck", "boxer", "collection".
    side_word: str = "side"
    pool: Callable[[Any], list[Iterable[str]]] | None = None
