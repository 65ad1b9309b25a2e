"""A shuffled pile of Duel de dragons cards whose chance options are kept up to date.

The engine core's `Pile` recounts the names of its top segment at every
draw. A duel draws some fifty cards before its first round (twenty from each
collection, then each hand from them), and recounting made those draws most
of a duel's time. A `CountedPile` is a pile of one shuffled segment (all a
duel needs: nothing is ever put at a known place) that keeps, for each
distinct name, its cards and the chance option drawing one of them, and
updates only the name drawn or added. The options are the same as `Pile`'s:
one per distinct name, in name order, weighted by the number of copies.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable

from atout.interpreter.engine.decision import CHANCE, Decision, Option

_OPTIONS: dict[tuple[str, int], Option] = {}


def draw_option(label: str, weight: int) -> Option:
    """The (shared, immutable) option of drawing a card named `label` among `weight` copies."""
    key = (label, weight)
    option = _OPTIONS.get(key)
    if option is None:
        option = _OPTIONS[key] = Option(label, label, weight)
    return option


class CountedPile:
    """A face-down shuffled pile of card ids, drawn by chance by name."""

    __slots__ = ("by_name", "names", "options", "size")

    def __init__(self, cards: Iterable[int] = (), name: Callable[[int], str] | None = None) -> None:
        self.by_name: dict[str, list[int]] = {}
        self.names: list[str] = []
        self.options: list[Option] = []
        self.size = 0
        for card in cards:
            self.add(card, name(card))  # type: ignore[misc]

    def __len__(self) -> int:
        return self.size

    def cards(self) -> list[int]:
        """Every card id in the pile, in name order."""
        return [card for label in self.names for card in self.by_name[label]]

    def add(self, card: int, label: str) -> None:
        """Shuffle a card named `label` into the pile."""
        ids = self.by_name.get(label)
        if ids is None:
            index = bisect_left(self.names, label)
            self.by_name[label] = [card]
            self.names.insert(index, label)
            self.options.insert(index, draw_option(label, 1))
        else:
            ids.append(card)
            self.options[bisect_left(self.names, label)] = draw_option(label, len(ids))
        self.size += 1

    def draw_decision(self, kind: str = "draw", prompt: str = "") -> Decision:
        """The chance decision of drawing a card: one option per distinct name."""
        return Decision(CHANCE, kind, self.options[:], prompt)

    def take(self, label: str) -> int:
        """Remove and return a card named `label` (the copies are alike while in the pile)."""
        ids = self.by_name[label]
        card = ids.pop()
        index = bisect_left(self.names, label)
        if ids:
            self.options[index] = draw_option(label, len(ids))
        else:
            del self.by_name[label]
            del self.names[index]
            del self.options[index]
        self.size -= 1
        return card

    def copy(self) -> "CountedPile":
        """An independent copy (cheap: the options are shared, they never change)."""
        pile = CountedPile()
        pile.by_name = {label: ids[:] for label, ids in self.by_name.items()}
        pile.names, pile.options, pile.size = self.names[:], self.options[:], self.size
        return pile

    def take_all(self) -> list[int]:
        """Empty the pile; its cards, in name order."""
        cards = self.cards()
        self.by_name, self.names, self.options, self.size = {}, [], [], 0
        return cards

    def signature(self) -> tuple:
        """What is known of the pile, for comparing states: its names with their counts."""
        return tuple((label, len(self.by_name[label])) for label in self.names)
