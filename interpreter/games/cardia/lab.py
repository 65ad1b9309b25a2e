"""What the balance lab reads of a Duel pour Cardia game: cards drawn and played, seals, Lieu and deck."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from atout.interpreter.lab.traits import Fields, LabTraits, Use


def card_events(event: dict[str, Any], state: Any) -> Iterable[tuple[int, str, Use]]:
    """A card drawn is held (before the first turn: in the opening hand); the two cards of an encounter, revealed, are played."""
    kind = event["e"]
    if kind == "draw":
        return ((event["player"], event["card"], "opening" if state.turn == 0 else "held"),)
    if kind == "reveal":
        first, second = event["cards"]
        return ((0, first, "played"), (1, second, "played"))
    return ()


def lead(state: Any) -> float:
    """P1's seals minus P2's."""
    seals = state.seals()
    return float(seals[0] - seals[1])


def conditions(setup: dict[str, Any]) -> dict[str, str]:
    """The deck both play with, the Lieu, the Protecteurs and the rules file."""
    found = {"deck": str(setup.get("deck"))}
    if setup.get("lieu"):
        found["lieu"] = str(setup["lieu"])
    if setup.get("protecteurs"):
        found["protecteurs"] = "yes"
    if setup.get("rules"):
        found["rules"] = str(setup["rules"])
    return found


#: The kinds `card_events` reads, read from their facts by the lab (see `LabTraits.fields`): the same cards.
FIELDS = {"draw": Fields("player", "card", "drawn"), "reveal": Fields(None, "cards", "played")}

LAB = LabTraits(card_events, lead, conditions=conditions, heard=frozenset({"draw", "reveal"}), fields=FIELDS)
