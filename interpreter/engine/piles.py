"""Face-down piles made of shuffled segments, drawn by chance.

A shuffled pile has no known order: drawing from it is a chance decision
among the cards it holds, each as likely as its number of copies. When cards
are put *under* a pile (the coach's advice in Dans les Cordes, a reshuffled
discard), they form a new segment below the others: the top segment is
always drawn from first. A card put at a known place (the GONG near the
middle of the pile) is a segment of its own.

So a pile is a list of segments, top first, each a list of card ids, and no
random generator is involved: chance decisions pick which card comes out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from .decision import CHANCE, Decision, Option


class Pile:
    """A face-down pile: shuffled segments of card ids, the top segment first."""

    __slots__ = ("segments",)

    def __init__(self, segments: Iterable[list[int]] = ()) -> None:
        self.segments: list[list[int]] = [list(s) for s in segments if s]

    def __len__(self) -> int:
        return sum(len(segment) for segment in self.segments)

    def __bool__(self) -> bool:
        return bool(self.segments)

    def cards(self) -> list[int]:
        """Every card id in the pile, top segment first."""
        return [card for segment in self.segments for card in segment]

    def put_under(self, cards: Iterable[int]) -> None:
        """Put cards under the pile, shuffled together as a new bottom segment."""
        segment = list(cards)
        if segment:
            self.segments.append(segment)

    def put_on_top(self, cards: Iterable[int]) -> None:
        """Put cards on the pile, shuffled together as a new top segment."""
        segment = list(cards)
        if segment:
            self.segments.insert(0, segment)

    def draw_decision(self, name: Callable[[int], str], kind: str = "draw", prompt: str = "") -> Decision:
        """The chance decision of drawing the top card: one option per distinct name."""
        top = self.segments[0]
        counts = Counter(name(card) for card in top)
        options = [Option(label, label, count) for label, count in sorted(counts.items())]
        return Decision(CHANCE, kind, options, prompt)

    def take(self, label: str, name: Callable[[int], str]) -> int:
        """Remove and return the first card of the top segment with this name."""
        top = self.segments[0]
        for index, card in enumerate(top):
            if name(card) == label:
                del top[index]
                if not top:
                    del self.segments[0]
                return card
        raise KeyError(label)

    def signature(self, name: Callable[[int], str]) -> tuple:
        """What is known of the pile, for comparing states: each segment's names."""
        return tuple(tuple(sorted(name(card) for card in segment)) for segment in self.segments)

    def copy(self) -> "Pile":
        """An independent copy."""
        return Pile(self.segments)
