"""What the balance lab reads of a BattleFight game: cards drawn and played, life, decks."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from atout.interpreter.lab.traits import Fields, LabTraits, Use


def card_events(event: dict[str, Any], state: Any) -> Iterable[tuple[int, str, Use]]:
    """A card drawn is held (before the first turn: in the opening hand); a technique played from the hand (not a basic one) is played."""
    kind = event["e"]
    if kind == "draw":
        return ((event["player"], event["card"], "opening" if state.turn == 0 else "held"),)
    if kind == "play" and not event.get("basic"):
        return ((event["player"], event["technique"], "played"),)
    return ()


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


#: The kinds `card_events` reads, read from their facts by the lab (see `LabTraits.fields`): the same cards.
FIELDS = {"draw": Fields("player", "card", "drawn"), "play": Fields("player", "technique", "played", unless="basic")}

LAB = LabTraits(card_events, lead, sides, swap, conditions, side_word="deck", heard=frozenset({"draw", "play"}), pool=pool, fields=FIELDS)
