"""Zones of cards, and the check that no card is lost or duplicated between them.

A game keeps its cards as ids in zones: piles, hands, discards, the cards in
play. Whatever happens, each card the game started with is in exactly one
zone. `conservation` checks it for any game: given the zones by name and the
cards that must be found in them, it names each card found twice (and where),
each card lost, and each card found that was not expected.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping


def conservation(
    zones: Mapping[str, Iterable[int]],
    expected: Iterable[int],
    name: Callable[[int], str],
    whose: str = "",
) -> list[str]:
    """Problems with the cards of `zones` against the cards `expected` in them; empty when sound.

    `name` gives a card's name from its id; `whose` ("P1") starts the message
    when the zones are one player's. The result is one message, e.g.
    ``P1: cards twice ['Éclair' (hand, discard)], cards lost ['Tonnerre']``.
    """
    zones = {zone: list(cards) for zone, cards in zones.items()}
    wanted = sorted(expected)
    if sorted(card for cards in zones.values() for card in cards) == wanted:
        return []
    places: dict[int, list[str]] = {}
    for zone, cards in zones.items():
        for card in cards:
            places.setdefault(card, []).append(zone)
    wanted_set = set(wanted)
    twice = [f"{name(card)!r} ({', '.join(zones_of)})" for card, zones_of in sorted(places.items()) if len(zones_of) > 1]
    lost = [repr(name(card)) for card in sorted(wanted_set) if card not in places]
    strays = [f"{name(card)!r} ({', '.join(places[card])})" for card in sorted(places) if card not in wanted_set]
    parts = [f"cards twice [{', '.join(twice)}]", f"cards lost [{', '.join(lost)}]"]
    if strays:
        parts.append(f"cards not expected [{', '.join(strays)}]")
    message = ", ".join(parts)
    return [f"{whose}: {message}" if whose else message]
