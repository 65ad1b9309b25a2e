"""Face-down piles made of shuffled segments, drawn by chance.

A shuffled pile has no known order: drawing from it is a chance decision
among the cards it holds, each name as likely as its number of copies. When
cards are put *under* a pile (the coach's advice in Dans les Cordes, a
reshuffled discard), they form a new segment below the others: the top
segment is always drawn from first. A card put at a known place (the GONG
near the middle of the pile) is a segment of its own.

So a pile is a list of `Segment`s, top first, and no random generator is
involved: chance decisions pick which card comes out. Each segment keeps the
count of its cards by name from one draw to the next, so drawing costs the
same whatever the size of the pile (a game draws at nearly every action).
Once asked for a pile's tally (comparing positions for a draw by
repetition, see `repetition.py`), a segment keeps it up to date the same way.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Sequence

from .decision import CHANCE, Decision, Option

Name = Callable[[int], str]

_DRAW_OPTIONS: dict[tuple[str, int], Option] = {}


def draw_option(label: str, copies: int) -> Option:
    """The (shared, immutable) chance option of drawing a card named `label` among `copies`."""
    option = _DRAW_OPTIONS.get((label, copies))
    if option is None:
        option = _DRAW_OPTIONS[(label, copies)] = Option(label, label, copies)
    return option


class Segment:
    """Cards shuffled together: their ids and, once asked for, their ids by name.

    The ids by name, the names in order and the chance options are made at
    the first draw, then kept up to date card by card; so is its tally
    (`tally`), once asked for. The ids of a name are a tuple,
    replaced when a card comes or goes: a copy of the segment copies the
    dictionary alone (search bots copy a position at every try).
    """

    __slots__ = ("cards", "_by_name", "_labels", "_options", "_weights", "_table", "_tally")

    def __init__(self, cards: Iterable[int] = ()) -> None:
        self.cards: list[int] = list(cards)
        self._by_name: dict[str, tuple[int, ...]] | None = None
        self._labels: list[str] = []
        self._options: list[Option] = []
        #: The options' weights (each name's copies), in the same order.
        self._weights: list[int] = []
        #: The table `tally` was last asked with, and the tally it gave (None: not asked).
        self._table: Sequence[int] | None = None
        self._tally: int | None = None

    def __len__(self) -> int:
        return len(self.cards)

    def __bool__(self) -> bool:
        return bool(self.cards)

    def __iter__(self) -> Iterator[int]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def _index(self, name: Name) -> dict[str, tuple[int, ...]]:
        by_name = self._by_name
        if by_name is None:
            lists: dict[str, list[int]] = {}
            for card in self.cards:
                lists.setdefault(name(card), []).append(card)
            by_name = self._by_name = {label: tuple(ids) for label, ids in lists.items()}
            self._labels = sorted(by_name)
            self._weights = [len(by_name[label]) for label in self._labels]
            self._options = [draw_option(label, copies) for label, copies in zip(self._labels, self._weights)]
        return by_name

    def copy(self) -> Segment:
        """An independent copy, with its counts by name if they are made."""
        segment = Segment.__new__(Segment)
        segment.cards = self.cards[:]
        by_name = self._by_name
        segment._by_name = None if by_name is None else by_name.copy()  # its tuples are shared: replaced, never changed
        segment._labels = self._labels[:]
        segment._options = self._options[:]
        segment._weights = self._weights[:]
        segment._table = self._table
        segment._tally = self._tally
        return segment

    def tally(self, table: Sequence[int]) -> int:
        """The sum of `table[card]` over the segment's cards: made at the first call, then kept up to date card by card.

        Kept for the last table asked (the same object: a table is never
        changed once asked with). With a card's weight in the table as
        `repetition.tally_weight` makes it, the tally is the segment's
        cards by name, exactly: what a position holds of the segment.
        """
        if table is not self._table or self._tally is None:
            self._tally = sum(map(table.__getitem__, self.cards))
            self._table = table
        return self._tally

    def counts(self, name: Name) -> dict[str, int]:
        """How many cards of each name the segment holds."""
        return {label: len(ids) for label, ids in self._index(name).items()}

    def options(self, name: Name) -> list[Option]:
        """One chance option per name, in name order, weighted by its copies."""
        self._index(name)
        return self._options

    def weights(self, name: Name) -> list[int]:
        """The weights of `options`, in the same order (each name's copies), kept up to date with them."""
        self._index(name)
        return self._weights

    def add(self, card: int, name: Name | None = None) -> None:
        """Shuffle a card into the segment."""
        self.cards.append(card)
        if self._tally is not None:
            self._tally += self._table[card]  # type: ignore[index]
        if self._by_name is None:
            return
        if name is None:
            self._by_name = None
            return
        label = name(card)
        ids = self._by_name.get(label)
        index = bisect_left(self._labels, label)
        if ids is None:
            self._by_name[label] = (card,)
            self._labels.insert(index, label)
            self._options.insert(index, draw_option(label, 1))
            self._weights.insert(index, 1)
        else:
            ids = self._by_name[label] = ids + (card,)
            self._options[index] = draw_option(label, len(ids))
            self._weights[index] = len(ids)

    def remove(self, card: int, name: Name | None = None) -> None:
        """Take a given card out of the segment."""
        self.cards.remove(card)
        if self._tally is not None:
            self._tally -= self._table[card]  # type: ignore[index]
        by_name = self._by_name
        if by_name is not None:
            if name is None:
                self._by_name = None
            else:
                label = name(card)
                self._forget(by_name, card, label, by_name[label])

    def take(self, label: str, name: Name) -> int:
        """Take out a card of this name (copies are alike while face down)."""
        by_name = self._by_name
        if by_name is None:
            by_name = self._index(name)
        ids = by_name.get(label)
        if not ids:
            raise KeyError(label)
        card = ids[0]
        self.cards.remove(card)
        if self._tally is not None:
            self._tally -= self._table[card]  # type: ignore[index]
        index = bisect_left(self._labels, label)
        if len(ids) > 1:
            by_name[label] = ids[1:]
            copies = len(ids) - 1
            self._options[index] = draw_option(label, copies)
            self._weights[index] = copies
        else:
            del by_name[label], self._labels[index], self._options[index], self._weights[index]
        return card

    def _forget(self, by_name: dict[str, tuple[int, ...]], card: int, label: str, ids: tuple[int, ...]) -> None:
        """`card`, one of the `ids` named `label`, is no longer in the segment."""
        index = bisect_left(self._labels, label)
        if len(ids) > 1:
            at = ids.index(card)
            ids = by_name[label] = ids[:at] + ids[at + 1 :]
            self._options[index] = draw_option(label, len(ids))
            self._weights[index] = len(ids)
        else:
            del by_name[label], self._labels[index], self._options[index], self._weights[index]


class Pile:
    """A face-down pile: shuffled segments of card ids, the top segment first.

    `name` gives a card's name from its id; it may also be passed to each
    call that needs it.
    """

    __slots__ = ("_segments", "name")

    def __init__(self, segments: Iterable[Iterable[int]] = (), name: Name | None = None) -> None:
        self.segments = segments
        self.name = name

    @property
    def segments(self) -> list[Segment]:
        """The segments, top first."""
        return self._segments

    @segments.setter
    def segments(self, segments: Iterable[Iterable[int]]) -> None:
        """Lay the pile anew, from segments or plain lists of card ids (top first)."""
        self._segments = [s if isinstance(s, Segment) else Segment(s) for s in segments if s]

    def __len__(self) -> int:
        return sum(len(segment.cards) for segment in self._segments)

    def __bool__(self) -> bool:
        for segment in self._segments:  # a loop: `any` over a generator costs twice as much (a game asks at every draw)
            if segment.cards:
                return True
        return False

    def cards(self) -> list[int]:
        """Every card id in the pile, top segment first."""
        return [card for segment in self._segments for card in segment.cards]

    def _name(self, name: Name | None) -> Name:
        chosen = name or self.name
        if chosen is None:
            raise TypeError("this pile needs the cards' names")
        return chosen

    def put_under(self, cards: Iterable[int]) -> None:
        """Put cards under the pile, shuffled together as a new bottom segment."""
        segment = Segment(cards)
        if segment:
            self.segments.append(segment)

    def put_on_top(self, cards: Iterable[int]) -> None:
        """Put cards on the pile, shuffled together as a new top segment."""
        segment = Segment(cards)
        if segment:
            self.segments.insert(0, segment)

    def shuffle_in(self, card: int, name: Name | None = None) -> None:
        """Shuffle a card into a pile of one segment (a reserve, a pool)."""
        if len(self.segments) > 1:
            raise ValueError("shuffling a card into a pile of several segments would lose their order")
        if not self.segments:
            self.segments.append(Segment())
        self.segments[0].add(card, name or self.name)

    def draw_decision(self, name: Name | None = None, kind: str = "draw", prompt: str = "") -> Decision:
        """The chance decision of drawing the top card: one option per distinct name."""
        top = self._top()
        name = self._name(name)
        return Decision(CHANCE, kind, top.options(name)[:], prompt, weights=top.weights(name)[:])

    def count(self, name: Name | None = None) -> Pile:
        """Count the top segment's cards by name now, as its first draw would; the pile itself.

        A position dealt anew for a bot (`State.resample`) may count its
        piles so: the copies tried from it copy the counts, where each would
        count them again at its first draw. It pays where nearly every copy
        draws (Duel pour Cardia's tries, played up to the next turn's draws:
        5% fewer instructions for its heuristic games); where most copies
        never draw, copying the counts costs more than counting them in the
        few that do (Dans les Cordes' 3% more, Duel de dragons' 2%,
        BattleFight's 0.7%).
        """
        if self:
            self._top()._index(self._name(name))
        return self

    def top_choices(self, name: Name | None = None) -> tuple[list[Option], list[int] | int]:
        """`draw_decision`'s options and their chances: the weights, not copied (read them before the pile changes).

        When each name of the top segment has a single copy, the chances are
        the number of options, each as likely (`ChanceSampler.pick` then
        draws without summing weights). (A game draws at nearly every
        action: the top segment and its counts are read here without the
        calls `draw_decision` makes.)
        """
        top = self._segments[0]
        if not top.cards:
            top = self._top()
        if top._by_name is None:
            top._index(self._name(name))
        weights = top._weights
        count = len(weights)
        return top._options, (count if count == len(top.cards) else weights)

    def take(self, label: str, name: Name | None = None) -> int:
        """Remove and return a card of this name from the top segment."""
        top = self._segments[0]
        if not top.cards:
            top = self._top()
        card = top.take(label, self._name(name))
        if not top.cards:
            self._segments.remove(top)
        return card

    def _top(self) -> Segment:
        segments = self._segments
        while not segments[0].cards:
            del segments[0]
        return segments[0]

    def take_all(self) -> list[int]:
        """Empty the pile (every card is taken: chance has no say); its cards."""
        cards = self.cards()
        self._segments = []
        return cards

    def tally(self, table: Sequence[int]) -> tuple[int, ...]:
        """What is known of the pile, for comparing positions: each segment's `Segment.tally`, top first."""
        segments = self._segments
        if len(segments) == 1:  # most piles: read without a list
            only = segments[0]
            return (only.tally(table),) if only.cards else ()
        return tuple([segment.tally(table) for segment in segments if segment.cards])

    def copy(self) -> Pile:
        """An independent copy (each segment's counts by name are copied, not made again)."""
        pile = Pile.__new__(Pile)
        pile.name = self.name
        pile._segments = [segment.copy() for segment in self._segments]
        return pile
