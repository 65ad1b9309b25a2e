"""Counting the positions a game comes back to, for a draw by repetition or a search for progress.

A game keeps, from turn to turn, how many turns started from each
position (its *signature*: a tuple of what the position is). Keyed by the
signature itself, a dictionary hashes a signature twice at every turn, once
to look up its count and once to store the new one; a signature is a tuple
of tuples, whose hash Python does not keep. `count_position` keeps each
position under its hash instead, hashing it once: a position that comes
back is compared exactly with the one kept, and a different position of
the same hash is kept under itself.

A zone of cards (a hand, a discard, a pile's segment) is part of a
position as the number of its cards of each name, whatever their order.
Counted as a *tally*, the sum of each card's `tally_weight` (its name's
number, given as many bits as a zone may hold cards of one name), a zone
is a single integer, exact (two zones have the same tally exactly when
they hold as many cards of each name), made without sorting and kept up to
date by adding or subtracting a card's weight as it comes or goes
(`Pile.tally`).
"""

from __future__ import annotations

from typing import Any


def tally_weight(key: int, most: int) -> int:
    """A card's weight in a tally, from its name's number (0, 1, 2… one per name), where a zone holds at most `most` cards."""
    return 1 << (most.bit_length() * key)


#: Positions seen, as `count_position` keeps them: a hash → (a position, its count); a position → its count.
Seen = dict[Any, Any]


def count_position(seen: Seen, key: tuple[Any, ...]) -> int:
    """Count one more turn started from position `key` in `seen`; how many have started from it."""
    code = hash(key)
    kept = seen.get(code)
    if kept is None:
        seen[code] = (key, 1)
        return 1
    if kept[0] == key:
        count: int = kept[1] + 1
        seen[code] = (key, count)
        return count
    count = seen[key] = int(seen.get(key, 0)) + 1  # the same hash, another position
    return count
