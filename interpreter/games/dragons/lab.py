"""What the balance lab reads of a Duel de dragons game: cards in hand and played, rounds won, collections."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from atout.interpreter.lab.traits import LabTraits, Use


def card_events(event: dict[str, Any], state: Any) -> Iterable[tuple[int, str, Use]]:
    """The hands, at each round's start, are held (the first round's: the opening hand), and a card swapped in; the two revealed cards are played."""
    kind = event["e"]
    if kind == "round":
        use: Use = "opening" if event["round"] == 1 and not event.get("replay") else "held"
        return tuple((seat, state.names[card], use) for seat in (0, 1) for card in state.hands[seat])
    if kind == "swap":
        return ((event["player"], event["card"], "held"),)
    if kind == "reveal":
        return tuple((seat, name, "played") for seat, name in enumerate(event["cards"]))
    return ()


def pool(state: Any) -> list[Iterable[str]]:
    """Each seat's collection: what is left of it, its reserve and its hand."""
    return [[state.names[card] for card in (*state.left[seat].cards(), *state.reserve[seat].cards(), *state.hands[seat])] for seat in (0, 1)]


def lead(state: Any) -> float:
    """P1's rounds won minus P2's."""
    return float(state.score[0] - state.score[1])


def sides(setup: dict[str, Any]) -> list[str] | None:
    """Each seat's collection."""
    return [collection.get("name") or "collection" for collection in setup["collections"]]


def swap(setup: dict[str, Any]) -> dict[str, Any]:
    """The collections exchanged."""
    return {**setup, "collections": setup["collections"][::-1]}


def conditions(setup: dict[str, Any]) -> dict[str, str]:
    """The rules file, when not the main one."""
    return {"rules": setup["rules"]} if setup.get("rules") else {}


LAB = LabTraits(card_events, lead, sides, swap, conditions, side_word="collection", heard=frozenset({"round", "swap", "reveal"}), pool=pool)
