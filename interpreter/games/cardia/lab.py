"""What the balance lab reads of a Duel pour Cardia game: cards drawn and played (from the state's ledger), seals, Lieu and deck."""

from __future__ import annotations

from typing import Any

from atout.interpreter.lab.traits import LabTraits


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


#: The cards are read from the state's ledger (`State.ledger`): a card drawn is held (before the first
#: turn: in the opening hand); the two cards of an encounter, revealed, are played.
LAB = LabTraits(lead=lead, conditions=conditions)
