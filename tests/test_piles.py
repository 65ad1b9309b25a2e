"""The face-down piles every game draws from."""

from __future__ import annotations

from collections import Counter
from itertools import accumulate

import pytest

from atout.interpreter.engine.decision import CHANCE
from atout.interpreter.engine.piles import Pile
from atout.interpreter.engine.repetition import tally_weight

NAMES = ["Jab", "Jab", "Cross", "Crochet", "GONG", "Jab"]
name = NAMES.__getitem__


def weights(decision):
    """The options' labels and weights (the weights the draw carries, and their running totals, checked against them)."""
    assert decision.weights == [option.weight for option in decision.options]
    assert decision.totals() == list(accumulate(decision.weights))
    return [(option.label, option.weight) for option in decision.options]


def test_a_draw_is_a_chance_decision_by_name_weighted_by_copies():
    pile = Pile([[0, 1, 2, 3, 5]], name)
    decision = pile.draw_decision(kind="draw", prompt="P1 draws")
    assert decision.player == CHANCE and decision.kind == "draw"
    assert weights(decision) == [("Crochet", 1), ("Cross", 1), ("Jab", 3)]


def test_taking_a_card_updates_the_next_decision():
    pile = Pile([[0, 1, 2, 3, 5]], name)
    pile.draw_decision()
    assert name(pile.take("Jab")) == "Jab"
    pile.take("Cross")
    assert weights(pile.draw_decision()) == [("Crochet", 1), ("Jab", 2)]
    assert len(pile) == 3


def test_the_top_segment_is_drawn_first_and_cards_put_under_come_last():
    pile = Pile([[0, 1]], name)
    pile.put_under([2, 3])
    pile.put_on_top([4])
    assert weights(pile.draw_decision()) == [("GONG", 1)]
    pile.take("GONG")
    assert weights(pile.draw_decision()) == [("Jab", 2)]
    pile.take("Jab")
    pile.take("Jab")
    assert weights(pile.draw_decision()) == [("Crochet", 1), ("Cross", 1)]


def test_a_card_shuffled_into_a_one_segment_pile_can_be_drawn():
    pile = Pile(name=name)
    pile.shuffle_in(2)
    pile.draw_decision()
    pile.shuffle_in(0)
    assert weights(pile.draw_decision()) == [("Cross", 1), ("Jab", 1)]
    pile.put_under([3])
    with pytest.raises(ValueError):
        pile.shuffle_in(5)


def test_segments_laid_by_hand_are_counted_from_scratch():
    pile = Pile([[0, 1, 2]], name)
    pile.draw_decision()
    pile.segments[0].remove(1)
    pile.segments = [list(pile.segments[0]), [3]]
    assert weights(pile.draw_decision()) == [("Cross", 1), ("Jab", 1)]
    number = {label: key for key, label in enumerate(sorted(set(NAMES)))}
    table = [tally_weight(number[label], len(NAMES)) for label in NAMES]
    weight = {label: tally_weight(key, len(NAMES)) for label, key in number.items()}
    assert pile.tally(table) == (weight["Jab"] + weight["Cross"], weight["Crochet"])
    assert sorted(pile.take_all()) == [0, 2, 3] and not pile


def test_a_tally_kept_up_to_date_is_the_one_made_from_scratch():
    """Each segment keeps its tally card by card once asked: at every step it is the one counted anew, and exact."""
    import random

    names = [f"C{n % 7}" for n in range(60)]
    key = names.__getitem__
    table = [tally_weight(n % 7, 60) for n in range(60)]

    def by_name(segment: list[int]) -> Counter:
        return Counter(map(key, segment))

    rng = random.Random(5)
    pile = Pile([list(range(0, 30)), list(range(30, 40))], key)
    out: list[int] = list(range(40, 60))
    copies = []
    for step in range(400):
        tally = pile.tally(table)
        assert tally == tuple(sum(table[card] for card in s.cards) for s in pile.segments if s.cards), step
        for segment, total in zip([s for s in pile.segments if s.cards], tally):  # the names' counts, read back (6 bits each)
            assert {f"C{k}": total >> (6 * k) & 63 for k in range(7)} == {f"C{k}": 0 for k in range(7)} | by_name(segment.cards)
        action = rng.random()
        if action < 0.4 and len(pile):
            decision = pile.draw_decision()
            out.append(pile.take(decision.options[int(rng.random() * len(decision.options))].label))
        elif action < 0.6 and out and len(pile.segments) == 1:
            pile.shuffle_in(out.pop(int(rng.random() * len(out))))
        elif action < 0.7 and pile.segments and pile.segments[-1].cards:
            segment = pile.segments[-1]
            card = segment.cards[int(rng.random() * len(segment.cards))]
            segment.remove(card, key if rng.random() < 0.5 else None)
            out.append(card)
        elif action < 0.8 and out:
            pile.put_under([out.pop()])
        elif action < 0.9:
            copies.append((pile.tally(table), pile.copy()))
        elif out:
            pile.put_on_top([out.pop()])
    for tally, copy in copies:  # a copy is not changed by what its original did later
        assert copy.tally(table) == tally


def test_the_weights_a_draw_carries_are_the_top_segment_s_counts_after_any_change():
    """A pile keeps its counts by name card by card: at every step, a draw's weights are those counted anew."""
    import random

    names = [f"C{n % 5}" for n in range(40)]
    key = names.__getitem__
    rng = random.Random(11)
    pile = Pile([list(range(0, 25))], key)
    out: list[int] = list(range(25, 40))
    for step in range(500):
        if pile:
            decision = pile.draw_decision()
            top = next(segment for segment in pile.segments if segment.cards)
            counted = sorted(Counter(map(key, top.cards)).items())
            assert weights(decision) == counted, step
            options, chances = pile.top_choices()  # as a draw answered where it is posed reads them
            assert options == decision.options
            assert chances == (len(options) if len(top.cards) == len(options) else [copies for _, copies in counted]), step
        action = rng.random()
        if action < 0.4 and pile:
            out.append(pile.take(decision.options[int(rng.random() * len(decision.options))].label))
        elif action < 0.45 and pile and len(pile.segments) <= 1:  # a given card taken out (not drawn)
            card = pile.segments[0].cards[int(rng.random() * len(pile.segments[0].cards))]
            pile.segments[0].remove(card, key)
            out.append(card)
        elif action < 0.8 and out and len(pile.segments) <= 1:
            pile.shuffle_in(out.pop(int(rng.random() * len(out))))
        elif action < 0.9:
            pile = pile.copy()
        elif out:
            pile.put_under([out.pop()])


def test_a_pile_counted_before_it_is_copied_gives_its_copies_the_counts_and_the_same_draws():
    def counting(card: int) -> str:
        asked.append(card)
        return name(card)

    asked: list[int] = []
    pile = Pile([[0, 1, 2], [3, 5]], counting)
    assert pile.count() is pile and sorted(asked) == [0, 1, 2]  # the top segment, counted once
    copies = [pile.copy() for _ in range(3)]
    for copy in copies:
        assert weights(copy.draw_decision()) == [("Cross", 1), ("Jab", 2)]
        copy.take("Jab")
    assert sorted(asked) == [0, 1, 2]  # no copy counted again
    assert weights(pile.draw_decision()) == [("Cross", 1), ("Jab", 2)]  # the copies' draws left the pile alone
    assert Pile(name=name).count().cards() == []  # an empty pile has nothing to count
    uncounted = Pile([[0, 1, 2]], counting).copy()
    uncounted.draw_decision()
    assert len(asked) == 6  # a copy of a pile never counted counts at its first draw
