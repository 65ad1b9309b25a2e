"""What the balance lab reads of a BattleFight game: cards drawn and played (from the state's ledger), life, decks."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from atout.interpreter.lab.traits import LabTraits


def pool(state: Any) -> list[Iterable[str]]:
    """Each seat's deck: its pile, hand and discard (a technique in play was held, so the lab knows it)."""
    cards = state.cards
    return [[cards[card].name for card in (*seat.pile.cards(), *seat.hand, *seat.discard)] for seat in state.seats]


def lead(state: Any) -> float:
    """P1's life minus P2's."""
    return float(state.seats[0].life - state.seats[1].life)


def sides(setup: dict[str, Any]) -> list[str] | None:
    """Each seat's deck: a constructed deck's name, else its kind (random, sealed)."""
    return [deck.get("name") or deck["kind"] for deck in setup["decks"]]


def swap(setup: dict[str, Any]) -> dict[str, Any]:
    """The decks exchanged; a first player given by seat follows its deck."""
    first = setup.get("first_player")
    return {**setup, "decks": setup["decks"][::-1], "first_player": None if first is None else 1 - first}


def conditions(setup: dict[str, Any]) -> dict[str, str]:
    """The rules file, when not the main one."""
    return {"rules": setup["rules"]} if setup.get("rules") else {}


#: The cards are read from the state's ledger (`State.ledger`): a card drawn is held (before the first
#: turn: in the opening hand); a technique played from the hand (not a basic one) is played.
LAB = LabTraits(lead=lead, sides=sides, swap=swap, conditions=conditions, side_word="deck", pool=pool)
