"""Copies of a duel: `clone` and `resample`, beyond the contract every game passes."""

from __future__ import annotations

import random

import pytest

from atout.interpreter.engine.decision import CHANCE


@pytest.fixture(scope="module")
def game(dr_engine, dr_files):
    """A duel of the shipped rules and default collections."""
    return dr_engine.build(dr_files, dr_engine.setup_from_options(dr_files, {}))


def advance(state, rng, until):
    """Answer at random until `until(state, decision)` holds; the decision then pending (None: the duel ended)."""
    while (decision := state.decision()) is not None and not until(state, decision):
        state.apply(rng.randrange(len(decision.options)))
    return state.decision()


def at_p2_play(game, seed):
    """A duel where P2 is to choose a card, after P1 chose theirs in secret, past the first round."""
    state = game.new_state()
    decision = advance(state, random.Random(seed), lambda s, d: d.kind == "play" and d.player == 1 and s.round > 1)
    assert decision is not None
    return state


def seat_names(state, cards):
    return sorted(state.names[card] for card in cards)


def test_a_copy_taken_during_the_preparation_plays_other_answers_without_touching_the_original(game):
    for seed in range(8):
        rng = random.Random(seed)
        state = game.new_state()
        for _ in range(rng.randrange(1, 25)):
            state.apply(rng.randrange(len(state.decision().options)))
        before = state.describe()
        copy = state.clone()
        while (decision := copy.decision()) is not None:
            copy.apply(rng.randrange(len(decision.options)))
            assert copy.check_invariants() == []
        assert state.describe() == before
        while (decision := state.decision()) is not None:
            state.apply(rng.randrange(len(decision.options)))
        assert state.check_invariants() == [] and state.outcome() is not None


def test_resample_keeps_what_p2_knows_and_redraws_what_p1_hides(game):
    redrawn = set()
    for seed in range(6):
        state = at_p2_play(game, seed)
        for draw in range(6):
            sample = state.resample(1, random.Random(draw))
            assert sample.view(1) == state.view(1)
            assert sample.decision().labels() == state.decision().labels()
            assert sample.check_invariants() == []
            # P2's own cards stay where they are.
            assert sample.hands[1] == state.hands[1]
            assert sample.reserve[1].cards() == state.reserve[1].cards()
            # P1's zones keep their sizes; cards P2 saw played are never left out of the duel.
            for zone in ("hands", "reserve", "left"):
                assert len(getattr(sample, zone)[0]) == len(getattr(state, zone)[0])
            assert not set(sample.seen[1]) & set(sample.left[0].cards())
            # Seen since P1's last swap: still in P1's hand, as last seen; a card never seen is at full strength.
            swaps = state.rules.exchanges - state.exchanges[0]
            since = {card for card, made in state.shown[1].items() if made == swaps}
            assert since <= set(sample.hands[0])
            for card in sample.owned[0]:
                if card in since:
                    assert tuple(sample.now[card]) == sample.seen[1][card]
                elif card not in sample.seen[1]:
                    assert tuple(sample.now[card]) == sample.full[card]
            # P1's secret card is one of P1's hand.
            assert sample.picks[0] in sample.hands[0]
            redrawn.add((tuple(seat_names(sample, sample.hands[0])), sample.names[sample.picks[0]]))
    assert len(redrawn) > 20, "P1's hand and chosen card are dealt anew"


def test_a_card_seen_before_a_swap_is_taken_out_by_it_as_often_as_any_card_of_the_hand(game):
    # Find a duel where P1 swapped after P2 saw some of P1's cards, then count how often each leaves the hand.
    for seed in range(200):
        state = game.new_state()
        rng = random.Random(seed)
        decision = advance(state, rng, lambda s, d: d.kind == "play" and d.player == 1 and s.exchanges[0] == 0 and any(made == 0 for made in s.shown[1].values()))
        if decision is not None:
            break
    assert decision is not None, "no duel where P1 swapped after P2 saw their cards"
    before = [card for card, made in state.shown[1].items() if made == 0]
    draws = 400
    out = sum(card not in state.resample(1, random.Random(draw)).hands[0] for draw in range(draws) for card in before[:1])
    # One swap takes out each card of a hand of 5 with a chance of 1/5 (it may come back: rarely).
    assert 0.12 < out / draws < 0.28


def test_resample_redraws_p1s_secret_swap_choice_when_p2_decides_to_swap(game):
    wanted = set()
    for seed in range(10):
        state = game.new_state()
        decision = advance(state, random.Random(seed), lambda s, d: d.kind == "swap" and d.player == 1)
        if decision is None or not state._can_swap(0):
            continue
        for draw in range(8):
            sample = state.resample(1, random.Random(draw))
            assert sample.view(1) == state.view(1)
            wanted.add(sample.wanted[0])
            # The swaps are made from the redrawn choice: the duel plays on soundly.
            rng = random.Random(draw)
            while (decision := sample.decision()) is not None:
                sample.apply(rng.randrange(len(decision.options)))
                assert sample.check_invariants() == []
    assert None in wanted and len(wanted) >= 4


def test_resample_for_p1_leaves_p2s_choice_to_come(game):
    state = game.new_state()
    decision = advance(state, random.Random(3), lambda s, d: d.kind == "play" and d.player == 0)
    sample = state.resample(0, random.Random(1))
    assert sample.view(0) == state.view(0) and sample.picks == state.picks
    assert sample.hands[0] == state.hands[0]
    assert decision.player != CHANCE


def test_a_duel_without_powers_never_changes_its_marks_so_its_copies_share_them(game):
    assert not game.with_powers
    for seed in range(5):
        state = game.new_state()
        marks = state.marks
        copy = state.clone()
        advance(copy, random.Random(seed), lambda s, d: False)
        assert copy.outcome() is not None and copy.marks is marks
        assert (marks.uses, marks.round_uses, marks.bonus, marks.firings, marks.looking, marks.in_hand_powers) == ({}, {}, [0, 0], 0, [], False)


def test_a_seats_card_ids_follow_its_cards_names_so_a_hand_sorted_by_id_is_in_name_order(game, scenario):
    # Hands, and the cards a copy deals anew, are sorted by id alone: that is name order (copies of a name by id)
    # only while each seat's ids are given in the order of its cards' names. Copies of a name and names out of
    # order in the collection (with accents: "Usé" after "Réserviste") included.
    duel = scenario(["Usé", "Modeste", "Usé", "Dragon d'Exemple", "Réserviste"], ["Faible", "Faible", "Modeste", "Usé", "Faible"])
    for names, owned in ((game.card_names, game.owned), (duel.game.card_names, duel.game.owned)):
        for cards in owned:
            assert cards == sorted(cards, key=lambda card: (names[card], card))
    assert duel.hand(0) == ["Dragon d'Exemple", "Modeste", "Réserviste", "Usé", "Usé"]
    state = game.new_state()
    rng = random.Random(3)
    while (decision := state.decision()) is not None and state.round < 3:
        state.apply(rng.randrange(len(decision.options)))
        for seat in (0, 1) if state.round else ():  # (during the preparation, a hand is sorted once drawn)
            hand = [state.names[card] for card in state.hands[seat]]
            assert hand == sorted(hand)
