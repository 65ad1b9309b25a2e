"""What the balance lab reads of a Dans les Cordes game: cards drawn and played, life, boxers."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from atout.interpreter.lab.traits import Fields, LabTraits, Use


def card_events(event: dict[str, Any], state: Any) -> Iterable[tuple[int, str, Use]]:
    """A card drawn or taken is held (drawn before the first turn: in the opening hand); a card played (as an attack, a defense, a recovery) is played."""
    kind = event["e"]
    if kind == "draw":
        return ((event["player"], event["card"], "opening" if state.turn == 0 else "held"),)
    if kind == "take":
        return ((event["player"], event["card"], "held"),)
    if kind == "play":
        return ((event["player"], event["card"], "played"),)
    return ()


def lead(state: Any) -> float:
    """P1's life minus P2's."""
    return float(state.seats[0].life - state.seats[1].life)


def sides(setup: dict[str, Any]) -> list[str] | None:
    """Each seat's boxer (None when the players choose them)."""
    boxers = setup.get("boxers")
    return list(boxers) if boxers else None


def swap(setup: dict[str, Any]) -> dict[str, Any]:
    """The boxers exchanged; a first player given by seat follows its boxer."""
    first = setup.get("first_player")
    boxers = setup.get("boxers")
    return {**setup, "boxers": boxers[::-1] if boxers else boxers, "first_player": None if first is None else 1 - first}


def conditions(setup: dict[str, Any]) -> dict[str, str]:
    """The rules file, when not the main one."""
    return {"rules": setup["rules"]} if setup.get("rules") else {}


#: The kinds `card_events` reads, read from their facts by the lab (see `LabTraits.fields`): the same cards.
FIELDS = {"draw": Fields("player", "card", "drawn"), "take": Fields("player", "card", "held"), "play": Fields("player", "card", "played")}

LAB = LabTraits(card_events, lead, sides, swap, conditions, side_word="boxer", heard=frozenset({"draw", "take", "play"}), fields=FIELDS)
