"""Positions counted by their hash: the same counts as keyed by the positions themselves."""

from __future__ import annotations

import random

from atout.interpreter.engine.repetition import count_position


class _SameHash:
    """A part of a position whose hash is always the same: two positions that differ only by it share a hash."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __hash__(self) -> int:
        return 7

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _SameHash) and other.value == self.value


def test_positions_of_the_same_hash_are_counted_apart():
    seen: dict = {}
    a, b = (_SameHash(1),), (_SameHash(2),)
    assert hash(a) == hash(b) and a != b
    counts = [count_position(seen, key) for key in (a, b, a, b, (_SameHash(1),), ("other",), b)]
    assert counts == [1, 1, 2, 2, 3, 1, 3]


def test_counts_are_those_of_a_dictionary_keyed_by_the_positions():
    rng = random.Random(5)
    positions = [((rng.randrange(3), (rng.randrange(2),)), tuple(sorted(rng.sample(range(6), 2)))) for _ in range(500)]
    seen: dict = {}
    plain: dict = {}
    for key in positions:
        plain[key] = plain.get(key, 0) + 1
        assert count_position(seen, key) == plain[key]
    copy = seen.copy()  # a copied state's counts go on apart (what is kept is never changed in place)
    count_position(copy, positions[0])
    assert count_position(seen, positions[0]) == plain[positions[0]] + 1
