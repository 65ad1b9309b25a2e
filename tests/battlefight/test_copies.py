"""Copies of a BattleFight position: `clone` and `resample`.

A copy has its own seats, techniques in play and frames (the frames and the
permanents' holders point at the copy's own techniques), so that the copy and
its original, given the same answers, play on alike whatever the other does.
`resample` deals anew only what a seat cannot see: the other player's hand
and pile, from the cards of the other's deck that are not face up (a
constructed deck's list is public; of a random or sealed deck, the seat knows
only the types).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from random_play import random_answers

from atout.interpreter.engine.repetition import tally_weight

CARDS = """
== Muraille ==
Défense
Protection 2 ; Stable 2 ; Blesser 2

== Lecture ==
Concentration
Piocher 2

== Enchaînement ==
Attaque
Rejouer ; Blesser 1
"""


def game_of(engine, files, decks):
    return engine.build(files, engine.setup_from_options(files, {"deck": decks}))


def play_on(state, answers) -> list:
    return [[state.apply(index) for index in answers], state.outcome(), state.describe()]


def owns_its_techniques(copy, original) -> bool:
    """The copy's techniques in play are its own, and its frames and holders point at them."""
    mine = {id(active) for active in copy.actives}
    theirs = {id(active) for active in original.actives}
    return (
        not mine & theirs
        and all(id(frame.active) in mine for frame in copy.frames)
        and all(id(active) in mine for active in copy.holders)
        and all(frame not in original.frames for frame in copy.frames)
    )


def unseen(state, seat: int) -> list[int]:
    """The cards of `seat` no other seat sees: the hand and the pile."""
    return state.seats[seat].hand + state.seats[seat].pile.cards()


def test_a_copy_made_at_destabiliser_resumes_its_own_technique(scenario):
    s = scenario(CARDS)
    s.give(0, "Muraille").give(1, "Lecture", "Enchaînement")
    s.play("Muraille")
    s.choose("Rhétorique de base")
    assert s.decision.kind == "destabilise"
    copy = s.state.clone()
    assert owns_its_techniques(copy, s.state) and copy.holders[0] is copy.actives[0]
    muraille = s.decision.index_of("Muraille #1 (P1, Stable 2)")
    original = s.state.apply(muraille)
    original += s.state.apply(0)  # P2 pays Enchaînement, then Lecture at once; Muraille resumes
    assert s.seat(1).life == 18 and s.in_play() == []
    assert copy.actives[0].stable and copy.seats[1].life == 20, "the original's answer changed its copy"
    assert copy.apply(muraille) + copy.apply(0) == original
    assert copy.describe() == s.state.describe()


def test_a_copy_made_inside_a_rejouer_has_frames_of_its_own(scenario):
    s = scenario(CARDS)
    s.give(0, "Enchaînement", "Lecture")
    s.choose("Enchaînement")
    assert s.decision.kind == "replay"
    copy = s.state.clone()
    assert len(copy.frames) == 1 and owns_its_techniques(copy, s.state)
    events = s.choose("Lecture")
    assert len(s.state.frames) == 2 and len(copy.frames) == 1
    assert copy.apply(copy.decision().index_of("Lecture")) == events
    assert owns_its_techniques(copy, s.state) and len(copy.frames) == 2
    assert copy.describe() == s.state.describe()


def test_a_copy_shares_a_pile_only_until_a_card_is_drawn(scenario):
    s = scenario(CARDS)
    s.give(0, "Lecture")
    s.choose("Lecture")
    assert s.decision.kind == "draw"
    copy = s.state.clone()
    labels = copy.decision().labels()
    size = len(copy.seats[0].pile)
    s.choose(labels[0])
    s.choose(s.decision.labels()[0])
    assert len(copy.seats[0].pile) == size and copy.decision().labels() == labels
    copy.apply(len(labels) - 1)
    assert len(s.state.seats[0].pile) == size - 2 and len(copy.seats[0].pile) == size - 1
    assert copy.check_invariants() == [] and s.state.check_invariants() == []


@pytest.mark.parametrize("decks", [("sealed", "le-renard"), ("la-forteresse", "le-lutteur")], ids=["sealed", "constructed"])
def test_a_copy_and_its_original_play_on_alike_with_every_kind_of_deck(bf_engine, bf_files, decks):
    game = game_of(bf_engine, bf_files, decks)
    for seed in range(3):
        answers = random_answers(game, seed)
        for cut in (0, 25, len(answers) // 2, len(answers) - 1):
            state = game.new_state()
            for index in answers[:cut]:
                state.apply(index)
            copy = state.clone()
            original = play_on(state, answers[cut:])
            assert play_on(copy, answers[cut:]) == original, f"seed {seed}: the copy at action {cut} plays otherwise"


def positions(game, seed: int, every: int = 4):
    """Positions of one random game where a seat decides, with that seat."""
    state = game.new_state()
    for number, index in enumerate(random_answers(game, seed)):
        decision = state.decision()
        if decision.player >= 0 and number % every == 0:
            yield state, decision.player
        state.apply(index)


def test_resample_deals_a_constructed_deck_s_own_cards_anew(bf_engine, bf_files):
    game = game_of(bf_engine, bf_files, ("le-renard", "la-forteresse"))
    checked = moved = 0
    for state, seat in positions(game, 1):
        other = 1 - seat
        sample = state.resample(seat, random.Random(checked))
        assert sample.describe(seat) == state.describe(seat)
        assert Counter(map(sample.name_of, unseen(sample, other))) == Counter(map(state.name_of, unseen(state, other)))
        assert len(sample.seats[other].hand) == len(state.seats[other].hand)
        assert sample.seats[seat].hand == state.seats[seat].hand and sample.seats[seat].pile is state.seats[seat].pile
        assert sample.check_invariants() == []
        moved += sorted(map(sample.name_of, sample.seats[other].hand)) != sorted(map(state.name_of, state.seats[other].hand))
        # another position with the same view gives the same sample
        other_position = state.resample(seat, random.Random(f"other:{checked}"))
        assert other_position.resample(seat, random.Random(checked)).describe() == sample.describe()
        checked += 1
    assert checked >= 5 and moved


def test_resample_draws_a_random_deck_s_hidden_cards_anew_by_type(bf_engine, bf_files):
    game = game_of(bf_engine, bf_files, ("random", "random"))
    checked = renamed = 0
    for state, seat in positions(game, 2):
        other = 1 - seat
        sample = state.resample(seat, random.Random(checked))
        assert sample.describe(seat) == state.describe(seat)
        types = Counter(sample.cards[card].type for card in unseen(sample, other))
        assert types == Counter(state.cards[card].type for card in unseen(state, other))
        renamed += Counter(map(sample.name_of, unseen(sample, other))) != Counter(map(state.name_of, unseen(state, other)))
        seen = [card for card in range(len(state.cards)) if card not in unseen(state, other)]
        assert [sample.name_of(card) for card in seen] == [state.name_of(card) for card in seen]
        assert state.cards is not sample.cards and sample.check_invariants() == []
        checked += 1
    assert checked >= 5 and renamed


def test_resample_while_a_sealed_deck_is_kept(bf_engine, bf_files):
    game = game_of(bf_engine, bf_files, ("sealed", "sealed"))
    state = game.new_state()
    rng = random.Random(4)
    while not (state.decision().kind == "keep" and state.decision().player == 1):
        state.apply(rng.randrange(len(state.decision().options)))
    assert state.decision().prompt.startswith("Keep one ") and state.decision().prompt.endswith(" card for your deck")
    assert "damage points 0, not on the board yet, hand" in state.describe(1)
    sample = state.resample(1, random.Random(0))
    assert sample.describe(1) == state.describe(1) and sample.decision().labels() == state.decision().labels()
    assert sample.opened == state.opened and sample.opened is not state.opened
    assert len(sample.seats[0].pile) == len(state.seats[0].pile) == 20
    while (decision := sample.decision()) is not None:
        sample.apply(rng.randrange(len(decision.options)))
        assert sample.check_invariants() == []
    assert sample.outcome() is not None and state.decision().kind == "keep"


def test_a_position_s_signature_is_its_zones_as_sets_of_names_whatever_their_order(bf_engine, bf_files):
    # the draw by repetition compares signatures: the same cards in another order are the same position,
    # a hand or discard of none, one or several cards alike; a zone is its tally: how many cards of each name
    game = game_of(bf_engine, bf_files, ("random", "random"))
    sizes = set()
    for seed in range(6):
        for state, _ in positions(game, seed, every=1):
            number = {name: key for key, name in enumerate(sorted(game.cards))}  # the names' numbers, in name order

            def tally(cards: list[int]) -> int:
                counts = Counter(state.name_of(card) for card in cards)
                return sum(tally_weight(number[name], len(state.cards)) * copies for name, copies in counts.items())

            seats = []
            for s in state.seats:
                pile = tuple(tally(segment.cards) for segment in s.pile.segments if segment.cards)
                seats += [s.life, s.damage, s.position, tally(s.hand), pile, tally(s.discard)]
            assert state.signature()[1] == tuple(seats)
            shuffled = state.clone()
            rng = random.Random(seed)
            for seat in shuffled.seats:
                rng.shuffle(seat.hand)
                rng.shuffle(seat.discard)
                sizes.add((min(len(seat.hand), 2), min(len(seat.discard), 2)))
            assert shuffled.signature() == state.signature()
            if state.seats[0].hand:
                fewer = state.clone()
                fewer.seats[0].hand.pop()
                assert fewer.signature() != state.signature()
            if state.seats[0].hand:  # a card from the hand to the discard: another position
                moved = state.clone()
                moved.seats[0].discard.append(moved.seats[0].hand.pop())
                assert moved.signature() != state.signature()
    assert sizes == {(h, d) for h in range(3) for d in range(3)}  # none, one and several cards, in both zones


def test_a_seat_s_and_a_technique_s_copies_have_every_field_of_the_original_and_lists_of_their_own():
    from dataclasses import fields

    from atout.interpreter.engine.piles import Pile
    from atout.interpreter.games.battlefight.state import Active, Seat

    seat = Seat(12, Pile([[1, 2]]), (0, 1), 3, [4, 5], [6])
    active = Active(7, object(), 1, 4, 2, True, 1, [(0, object())])  # type: ignore[arg-type]
    for original, copy, own in ((seat, seat.copy(), ("hand", "discard")), (active, active.copy(), ("permanents",))):
        for field in fields(original):
            assert getattr(copy, field.name) == getattr(original, field.name), field.name
        assert all(getattr(copy, name) is not getattr(original, name) for name in own)
    assert seat.pile_shared and seat.copy().pile is seat.pile
