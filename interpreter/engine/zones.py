"""Zones of cards, and the check that no card is lost or duplicated between them.

A game keeps its cards as ids in zones: piles, hands, discards, the cards in
play. Whatever happens, each card the game started with is in exactly one
zone. `conservation` checks it for any game: given the zones by name and the
cards that must be found in them, it names each card found twice (and where),
each card lost, and each card found that was not expected.

`shuffle` deals hidden cards anew (a copy of a position drawn for a bot,
`State.resample`) as `random.shuffle` would, in fewer calls.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any


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


def shuffle(cards: list[Any], rng: Any) -> None:
    """Shuffle `cards` in place as `rng.shuffle(cards)` would: the same order, from the same draws.

    `random.Random.shuffle`'s own algorithm (Fisher-Yates from the end, each
    place drawn below its bound by `getrandbits` of the bound's length,
    drawn again when past it), written out: its draw of each place is a
    method call of its own, which makes it about 1.7 times slower for the
    30 cards of a position dealt anew (bots deal one per try). `rng` is a
    `random.Random`, or anything whose `getrandbits` draws as one (a trial's
    `Seeded`); a test checks it against `random.Random.shuffle`.
    """
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        bound = i + 1
        length = bound.bit_length()
        j = getrandbits(length)
        while j >= bound:
            j = getrandbits(length)
        cards[i], cards[j] = cards[j], cards[i]
