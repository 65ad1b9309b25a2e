"""Copies of a game of Duel pour Cardia: `clone` through every setup, and `resample` for a seat.

`resample(player, rng)` deals anew what `player` cannot see: the other's hand
and pile (together, the cards of their deck neither in play nor discarded),
and a card the other chose in secret this turn, drawn from their new hand.
What is face up stays where it is.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from random_play import random_answers

from atout.interpreter.engine.repetition import tally_weight
from atout.interpreter.games.cardia.game import CardiaGame

#: Every Lieu, with and without the Protecteurs, both decks.
SETUPS = [
    {"deck": "I"},
    {"deck": "II", "protecteurs": True},
    {"deck": "I", "lieu": "Arène des Braves"},
    {"deck": "II", "lieu": "Puits sans Fond", "protecteurs": True},
    {"deck": "I", "lieu": "Tribunal d'Équité"},
    {"deck": "II", "lieu": "Col des Tempêtes"},
    {"deck": "I", "lieu": "Carrefour des Quatre Vents", "protecteurs": True},
    {"deck": "II", "lieu": "Bibliothèque d'Ossa"},
    {"deck": "I", "lieu": "Marché de Lumen"},
    {"deck": "II", "lieu": "Forteresse d'Arven"},
]


@pytest.mark.parametrize("setup", SETUPS, ids=lambda setup: "-".join(str(v) for v in setup.values()))
def test_a_copy_plays_on_alike_in_every_setup(cardia_files, setup):
    game = CardiaGame.from_files(cardia_files, {"lieu": None, "protecteurs": False, **setup})
    for seed in (1, 2):
        answers = random_answers(game, seed)
        for cut in (len(answers) // 3, 2 * len(answers) // 3):
            state = game.new_state()
            for index in answers[:cut]:
                state.apply(index)
            copy = state.clone()
            original = [state.apply(index) for index in answers[cut:]]
            assert state.outcome() is not None
            assert [copy.apply(index) for index in answers[cut:]] == original
            assert copy.outcome() == state.outcome() and copy.describe() == state.describe()
            # the other way round: the copy played to the end first leaves the original as it was
            state = game.new_state()
            for index in answers[:cut]:
                state.apply(index)
            copy = state.clone()
            assert [copy.apply(index) for index in answers[cut:]] == original
            assert [state.apply(index) for index in answers[cut:]] == original


def hidden_cards(state, seat: int) -> Counter:
    """A seat's hand and pile together, by name: what the other seat knows of them."""
    zones = state.seats[seat]
    return Counter(state.names[c] for c in zones.hand + zones.pile.cards())


def test_the_card_chosen_in_secret_is_drawn_anew_from_the_other_hand(scenario):
    s = scenario().hand(0, "Oracle", "Djinn").hand(1, "Duelliste", "Marchande").start()
    s.choose("Djinn")
    state = s.state
    drawn = set()
    for seed in range(30):
        sample = state.resample(1, random.Random(seed))
        mine = sample.chosen[0]
        assert mine in sample.seats[0].hand  # P1's card is one of P1's (new) hand
        drawn.add(sample.names[mine])
        assert sample.describe(1) == state.describe(1) and sample.decision().labels() == state.decision().labels()
        assert hidden_cards(sample, 0) == hidden_cards(state, 0)
        assert sample.seats[1].hand == state.seats[1].hand and sample.seats[1].pile.cards() == state.seats[1].pile.cards()
        assert sample.check_invariants() == []
        events = sample.apply(sample.decision().index_of("Marchande"))
        reveal = next(e for e in events if e["e"] == "reveal")
        assert reveal["cards"] == [sample.names[mine], "Marchande"]
    assert len(drawn) > 3  # never read: drawn from the cards P1 may hold
    assert state.chosen[0] == s.card(0, "Djinn")  # the original is untouched


def test_a_card_shown_face_up_stays_in_the_other_hand(scenario):
    s = scenario().past("Stratège", "Djinn").persistent(0, "Stratège")
    s.hand(0, "Oracle", "Assassin").hand(1, "Messagère", "Chevalier").start()
    s.choose("Chevalier")  # P2 chooses first, face up
    chevalier = s.card(1, "Chevalier")
    for seed in range(10):
        sample = s.state.resample(0, random.Random(seed))
        assert sample.chosen[1] == sample.shown[1] == chevalier
        assert chevalier in sample.seats[1].hand and len(sample.seats[1].hand) == 2
        assert sample.line[0].cards == s.state.line[0].cards and sample.persistent == s.state.persistent
        assert sample.describe(0) == s.state.describe(0)


def test_a_decision_over_the_other_hidden_cards_is_posed_anew(scenario):
    s = scenario().hand(0, "Oracle", "Djinn").hand(1, "Duelliste", "Marchande").start()
    # P1 is to choose; P2 resamples: P1's choice is posed over P1's new hand
    for seed in range(10):
        sample = s.state.resample(1, random.Random(seed))
        decision = sample.decision()
        assert (decision.player, decision.kind) == (0, "play")
        assert sorted(decision.labels()) == sorted(sample.names[c] for c in sample.seats[0].hand)
        sample.apply(len(decision.options) - 1)
        sample.apply(0)
        assert sample.check_invariants() == []
    # chance draws from P2's pile; P1 resamples: the draw is posed over P2's new pile
    s.choose("Djinn")
    s.choose("Marchande")
    while (decision := s.decision).player != -1 or "P2" not in decision.prompt:
        s.choose(decision.labels()[0])
    for seed in range(10):
        sample = s.state.resample(0, random.Random(seed))
        assert sorted(sample.decision().labels()) == sorted({sample.names[c] for c in sample.seats[1].pile.cards()})
        label = sample.decision().labels()[0]
        assert sample.apply(0)[0] == {"e": "draw", "player": 1, "card": label}
        assert sample.check_invariants() == []


def test_resampling_forgets_the_positions_seen(scenario):
    # The positions that came back hold the real hands of the past: a resampled copy counts from its own.
    s = scenario().hand(0, "Oracle", "Djinn").hand(1, "Duelliste", "Marchande").start()
    assert s.state._seen
    assert s.state.resample(0, random.Random(1))._seen == {}
    assert s.state.clone()._seen == s.state._seen and s.state.clone()._seen is not s.state._seen


@pytest.mark.parametrize("setup", SETUPS, ids=lambda setup: "-".join(str(v) for v in setup.values()))
def test_a_resampled_copy_keeps_the_view_and_plays_to_its_end_in_every_setup(cardia_files, setup):
    game = CardiaGame.from_files(cardia_files, {"lieu": None, "protecteurs": False, **setup})
    answers = random_answers(game, 3)
    state = game.new_state()
    checked = 0
    for number, index in enumerate(answers):
        decision = state.decision()
        if decision.player >= 0 and number % 4 == 0:
            seat = decision.player
            sample = state.resample(seat, random.Random(number))
            again = state.resample(seat, random.Random(f"other:{number}")).resample(seat, random.Random(number))
            assert sample.describe(seat) == state.describe(seat) and sample.describe() == again.describe()
            assert sample.decision().labels() == decision.labels()
            assert hidden_cards(sample, 1 - seat) == hidden_cards(state, 1 - seat)
            rng = random.Random(number)
            while (posed := sample.decision()) is not None:
                sample.apply(rng.randrange(len(posed.options)))
                assert sample.check_invariants() == []
            checked += 1
        state.apply(index)
    assert checked >= 3


def influence_anew(state, card: int) -> int:
    """A card's influence worked out from scratch: printed, tokens, each continuous bonus, the Lieu's."""
    from atout.interpreter.games.cardia import ast

    value = state.printed[card] + sum(state.tokens.get(card, ()))
    for owner, source, effect in state.active.get(ast.InfluenceContinue, ()):
        value += effect.bonus(state, owner, source, card)
    for faction, n in state.game.lieu_bonuses:
        if faction is None or faction is state.cards[card].faction:
            value += n
    return value


@pytest.mark.parametrize("setup", SETUPS[:4], ids=lambda setup: "-".join(str(v) for v in setup.values()))
def test_each_influence_kept_is_the_one_worked_out_anew_in_a_game_and_its_copies(cardia_files, setup):
    """A card's bonus is worked out once and shared with copies (`Active`): it stays right as each plays on its own way."""
    game = CardiaGame.from_files(cardia_files, {"lieu": None, "protecteurs": False, **setup})
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        states = [game.new_state()]
        while states:
            for state in list(states):
                decision = state.decision()
                if decision is None:
                    states.remove(state)
                    continue
                if len(states) < 3 and rng.random() < 0.1:
                    states.append(state.clone())  # plays on with other answers, sharing what was worked out
                state.apply(rng.randrange(len(decision.options)))
                for card in state.in_play():
                    assert state.influence(card) == influence_anew(state, card)
                    checked += 1
    assert checked > 1000


def test_a_bonus_worked_out_follows_a_card_that_changes_hands(scenario):
    """`Tes cartes de l'Académie ont +1`: a card worked out as the other's gets the bonus once it is the owner's."""
    s = scenario().past("Archiviste", "Alchimiste").persistent(0, "Archiviste")
    state = s.state
    archiviste, alchimiste = s.card(0, "Archiviste"), s.card(1, "Alchimiste")
    assert (state.influence(archiviste), state.influence(alchimiste)) == (6, 8)
    copy = state.clone()
    state.owners = state.owners[:]  # as a card changing hands does: the list is replaced, never changed in place
    state.owners[alchimiste] = 0
    assert state.influence(alchimiste) == 9
    assert copy.influence(alchimiste) == 8  # the copy's cards did not change hands
    assert state.influence(alchimiste) == 9


@pytest.mark.parametrize("setup", SETUPS[:4], ids=lambda setup: "-".join(str(v) for v in setup.values()))
def test_a_position_s_signature_holds_its_zones_as_sets_whatever_their_order(cardia_files, setup):
    # the check of a position that comes back compares signatures: a hand or discard in another order is
    # the same position, an empty discard or no token alike (a signature skips sorting what is empty)
    game = CardiaGame.from_files(cardia_files, {"lieu": None, "protecteurs": False, **setup})
    seen = set()
    for seed in range(4):
        state = game.new_state()
        for index in random_answers(game, seed):
            if state.decision().kind == "play" and state.decision().player == 0:

                def tally(cards: list[int]) -> int:
                    return sum(tally_weight(card, 1) for card in cards)

                zones: list[object] = []
                for s in state.seats:
                    zones += [tally(s.hand), tuple(tally(g.cards) for g in s.pile.segments if g.cards), tally(s.discard)]
                signature = state.signature()
                assert signature[0] == tuple(zones)
                assert signature[2] == tuple(sorted((card, tuple(values)) for card, values in state.tokens.items()))
                shuffled = state.clone()
                rng = random.Random(seed)
                for zones_ in shuffled.seats:
                    rng.shuffle(zones_.hand)
                    rng.shuffle(zones_.discard)
                assert shuffled.signature() == signature
                moved = state.clone()  # a card from the hand to the discard: another position
                moved.seats[0].discard.append(moved.seats[0].hand.pop())
                assert moved.signature() != signature
                seen.add((bool(state.seats[0].discard), bool(state.tokens)))
            state.apply(index)
    assert {discard for discard, _ in seen} == {False, True}  # empty and not: both ways of reading a discard
