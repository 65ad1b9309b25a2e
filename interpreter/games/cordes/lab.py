"""What the balance lab reads of a Dans les Cordes game: cards drawn and played (from the state's ledger), life, boxers."""

from __future__ import annotations

from typing import Any

from atout.interpreter.lab.traits import LabTraits


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


#: The cards are read from the state's ledger (`State.ledger`): a card drawn (before the first turn: in the
#: opening hand, the coach's advice included), taken into a hand or kept after a look is held; a card played
#: (as an attack, a defense, a recovery) is played. A blow taken is no card held.
LAB = LabTraits(lead=lead, sides=sides, swap=swap, conditions=conditions, side_word="boxer")
