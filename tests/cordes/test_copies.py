"""Copies of a Dans les Cordes position: what `resample` deals anew and what it keeps.

The contract suite checks every game's copies in general (same view, sound,
playable, independent of the hidden cards); these scenarios check the places
peculiar to Dans les Cordes: the pile's segments and the cards a boxer knows
in them, the GONG's depth, a hand shown by a "your choice" discard, and a
chance draw pending while the pile is dealt anew.
"""

from __future__ import annotations

import random
from collections import Counter

from atout.interpreter.engine.decision import CHANCE
from atout.interpreter.games.cordes.game import CordesGame

from .test_rules import CUSTOM, start


def _names(state, cards) -> Counter:
    return Counter(state.names[c] for c in cards)


def _after_the_coach(cordes_files):
    """P1 starts and swaps two cards at the coach's advice, P2 keeps their hand; P1 is to act.

    Chance always takes its first option.
    """
    game = CordesGame(cordes_files.rules(), {c.name: c for f in cordes_files.card_files for c in f.cards}, ("Karpentier", "Lewis"), 0, cordes_files.digest())
    state = game.new_state()
    swaps = 0
    while (decision := state.decision()).kind != "act":
        if decision.player == CHANCE:
            state.apply(0)
        elif decision.player == 0 and swaps < 2:
            state.apply(1)
            swaps += 1
        else:
            state.apply(decision.index_of("Done"))
    return state


def test_the_cards_a_boxer_swapped_stay_under_the_pile_and_the_rest_is_dealt_anew(cordes_files):
    state = _after_the_coach(cordes_files)
    main, swapped = (segment.cards[:] for segment in state.pile.segments)
    assert len(swapped) == 2 and state.known_in_pile[0] == set(swapped)
    hidden = _names(state, state.seats[1].hand + main)
    dealt_otherwise = 0
    for seed in range(8):
        sample = state.resample(0, random.Random(seed))
        assert sample.check_invariants() == []
        assert sample.describe(0) == state.describe(0)
        assert [len(s) for s in sample.pile.segments] == [len(main), 2]
        assert sample.pile.segments[1].cards == swapped, "P1 knows the cards they put under the pile"
        assert sample.seats[0].hand == state.seats[0].hand and sample.gong_depth == state.gong_depth
        assert _names(sample, sample.seats[1].hand + sample.pile.segments[0].cards) == hidden
        dealt_otherwise += sample.seats[1].hand != state.seats[1].hand
    assert dealt_otherwise >= 6
    # P2 never saw P1's swapped cards: from P2's seat, they are dealt anew too.
    moved = sum(state.resample(1, random.Random(seed)).pile.segments[1].cards != swapped for seed in range(8))
    assert moved >= 6


def test_a_boxer_no_longer_knows_what_is_left_of_a_segment_the_other_drew_from(cordes_files):
    for drawer in (0, 1):
        state = _after_the_coach(cordes_files)
        swapped = state.pile.segments[1].cards[:]
        state.pile.segments = state.pile.segments[1:]  # P1's swapped cards on top
        state.take_top(state.names[swapped[0]], drawer)
        # P1 sees their own draw and still knows the other card is there; P2's draw is blind to P1.
        assert state.known_in_pile[0] == (set(swapped[1:]) if drawer == 0 else set()), drawer


def test_a_hand_shown_by_a_your_choice_discard_is_kept(scenario):
    s = start(scenario(CUSTOM), "Coup Bas", p2=("Jab", "Crochet", "Cross"))
    s.choose("Play Coup Bas")
    assert s.decision.kind == "take_card" and s.decision.player == 0
    for seed in range(4):
        sample = s.state.resample(0, random.Random(seed))
        assert sample.seats[1].hand == s.state.seats[1].hand
        assert sample.decision().labels() == ["Crochet", "Cross", "Jab"]


def test_a_pending_draw_is_posed_anew_from_the_dealt_pile(cordes_files):
    state = _after_the_coach(cordes_files)
    state.apply(state.decision().index_of("End the turn"))
    while state.decision().player != CHANCE:
        state.apply(0)
    assert state.decision().kind == "draw"
    for seed in range(6):
        sample = state.resample(0, random.Random(seed))
        top = sample.pile.segments[0]
        assert sample.decision().labels() == sorted(set(sample.names[c] for c in top))
        rng = random.Random(seed)
        while (decision := sample.decision()) is not None:
            sample.apply(rng.randrange(len(decision.options)))
            assert sample.check_invariants() == []


def test_a_resample_never_moves_the_gong():
    # it lies at a known depth: dealt into a hand, it would be played as a card (a crash in a playout)
    import random

    from atout.interpreter import load_game

    game = load_game("cordes").game

    def place(state):
        for s, segment in enumerate(state.pile.segments):
            if game.gong in segment.cards:
                return ("pile", s, segment.cards.index(game.gong))
        return ("not in the pile",)

    checked = 0
    for seed in range(1, 25):
        rng = random.Random(seed)
        state = game.new_state()
        while (decision := state.decision()) is not None:
            if decision.player >= 0 and place(state)[0] == "pile":
                sample = state.resample(decision.player, random.Random(checked))
                assert place(sample) == place(state)
                checked += 1
            state.apply(rng.randrange(len(decision.options)))
    assert checked > 100


def test_the_ids_of_the_cards_follow_their_names_as_a_position_drawn_anew_sorts_them(cordes_files):
    """`resample` deals the unseen cards from their ids sorted, as sorting them by name and id would."""
    game = CordesGame(cordes_files.rules(), {c.name: c for f in cordes_files.card_files for c in f.cards}, ("Karpentier", "Lewis"), 0, cordes_files.digest())
    ids = list(range(len(game.box)))
    assert game.names == sorted(game.names)
    assert sorted(reversed(ids), key=lambda c: (game.names[c], c)) == ids


def test_a_boxer_s_copy_has_every_field_of_the_original_and_zones_of_its_own():
    from dataclasses import fields

    from atout.interpreter.games.cordes.state import Seat

    seat = Seat(9, 2, [1, 2], [3], {3}, 0, [4], [5], {0: 1})
    copy = seat.copy()
    assert copy == seat
    assert all(getattr(copy, f.name) is not getattr(seat, f.name) for f in fields(seat) if not isinstance(getattr(seat, f.name), int | None))


def test_a_copy_with_the_energy_to_pay_poses_the_choices_that_energy_gives(cordes_files):
    """`score.with_energy`, which the heuristic bot tries cards on: the boxer's energy set, the pending choice posed
    as that energy gives it (the same choice, as posed, when the energy is the boxer's own); the original untouched."""
    from atout.interpreter.games.cordes.score import with_energy

    game = CordesGame(cordes_files.rules(), {c.name: c for f in cordes_files.card_files for c in f.cards}, ("Karpentier", "Lewis"), 0, cordes_files.digest())
    rng = random.Random(4)
    checked = 0
    for _ in range(12):
        state = game.new_state()
        while (decision := state.decision()) is not None and checked < 60:
            if decision.kind in ("act", "attack") and decision.player >= 0:
                seat = decision.player
                energy = state.seats[seat].energy
                posed = state.activity_options(seat) if decision.kind == "act" else state.combat_options(seat)
                assert decision.options == posed  # the choice pending is as its energy gives it
                same = with_energy(state, seat, energy)
                assert same is not state and same.decision().options == posed
                more = with_energy(state, seat, energy + 3)
                richer = more.activity_options(seat) if decision.kind == "act" else more.combat_options(seat)
                assert more.seats[seat].energy == energy + 3 and more.decision().options == richer
                assert state.seats[seat].energy == energy and state.decision() is decision  # the original untouched
                checked += 1
            state.apply(int(rng.random() * len(decision.options)))
    assert checked == 60


def test_the_options_a_game_keeps_for_a_hand_are_those_the_hand_gives(cordes_files):
    """The options of an activity, of a combat and of answering a blow, kept by the game for the hands of the same
    names, are the options worked out anew for that position; a decision's options are never changed after."""
    from atout.interpreter.games.cordes.state import END_COMBAT, END_TURN, TAKE

    def options(state, seat, kind):
        if kind == "answer":
            return state.answer_options(state.blow)
        return state.activity_options(seat) if kind == "act" else state.combat_options(seat)

    def fresh(state, seat, kind):
        """The options worked out again, the game keeping nothing yet (a game of its own)."""
        alone = CordesGame(cordes_files.rules(), game.cards, ("Karpentier", "Lewis"), 0, cordes_files.digest())
        state.game, kept = alone, state.game
        try:
            return options(state, seat, kind)
        finally:
            state.game = kept

    game = CordesGame(cordes_files.rules(), {c.name: c for f in cordes_files.card_files for c in f.cards}, ("Karpentier", "Lewis"), 0, cordes_files.digest())
    rng = random.Random(11)
    checked, shared, posed = Counter(), 0, []
    for _ in range(20):
        state = game.new_state()
        while (decision := state.decision()) is not None:
            if decision.kind in ("act", "attack", "answer") and decision.player >= 0:
                seat = decision.player
                kept = options(state, seat, decision.kind)
                assert kept == fresh(state, seat, decision.kind)
                assert kept[-1] in (END_TURN, END_COMBAT) if decision.kind != "answer" else kept[0] is TAKE
                shared += kept is decision.options
                posed.append((decision.options, list(decision.options)))
                checked[decision.kind] += 1
            state.apply(int(rng.random() * len(decision.options)))
    assert min(checked.values()) > 30 and sum(checked.values()) > 300
    assert shared == sum(checked.values())  # each decision posed with the options kept
    assert all(options == copy for options, copy in posed)  # none changed by the games played since
    assert len(game.names_kept) < len(game.hands_kept)  # hands of the same names share what is kept
