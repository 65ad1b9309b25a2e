"""What the balance lab reads of a Duel de dragons game: cards in hand and played (from the state's ledger), rounds won, collections."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from atout.interpreter.lab.traits import LabTraits


#: Each duel's collections, named (`pool`), by the id of its game (with the game, to tell a new game under an old id).
_POOLS: dict[int, tuple[Any, list[Iterable[str]]]] = {}


def pool(state: Any) -> list[Iterable[str]]:
    """Each seat's collection: the cards dealt to it, each name once.

    They are what is left of its collection, its reserve and its hand, at
    any time (the conservation of cards its states check), so they are read
    once per duel's game, from the cards it dealt each seat.
    """
    game = state.game
    kept = _POOLS.get(id(game))
    if kept is None or kept[0] is not game:
        if len(_POOLS) >= 16:
            _POOLS.clear()
        names = game.card_names
        kept = _POOLS[id(game)] = (game, [tuple(dict.fromkeys(names[card] for card in owned)) for owned in game.owned])
    return kept[1]


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


#: The cards are read from the state's ledger (`State.ledger`): the hand drawn before the first round is the
#: opening hand; a card swapped in, or brought into the hand by a power, is held; the two revealed are played.
LAB = LabTraits(lead=lead, sides=sides, swap=swap, conditions=conditions, side_word="collection", pool=pool)
