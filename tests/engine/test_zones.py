"""The shared card-conservation check, alone and as each game uses it; the shuffle that deals hidden cards anew."""

from __future__ import annotations

import pytest

from atout.interpreter.engine.loading import load_files
from atout.interpreter.engine.play import play_game, seeded
from atout.interpreter.engine.zones import conservation
from atout.interpreter.games import ENGINES

NAMES = ["Éclair", "Tonnerre", "Garde", "Garde"]


def name(card: int) -> str:
    return NAMES[card]


def test_sound_zones_have_no_problem():
    assert conservation({"pile": [3, 1], "hand": [0], "discard": [2]}, range(4), name) == []


def test_a_card_in_two_zones_is_named_with_both():
    problems = conservation({"pile": [1, 2, 3], "hand": [0], "discard": [0]}, range(4), name, "P1")
    assert problems == ["P1: cards twice ['Éclair' (hand, discard)], cards lost []"]


def test_a_card_twice_in_one_zone_and_a_lost_card():
    problems = conservation({"pile": [1, 1, 3], "hand": [0]}, range(4), name)
    assert problems == ["cards twice ['Tonnerre' (pile, pile)], cards lost ['Garde']"]


def test_a_card_that_is_not_expected_is_reported_with_its_zone():
    problems = conservation({"hand": [0, 1, 2]}, [0, 1], name, "P2")
    assert problems == ["P2: cards twice [], cards lost [], cards not expected ['Garde' (hand)]"]


def _hand(state, game: str) -> list[int]:
    return state.hands[0] if game == "dragons" else state.seats[0].hand


@pytest.mark.parametrize("game", ["battlefight", "cardia", "cordes", "dragons"])
def test_each_game_reports_a_duplicated_then_a_lost_card_of_a_hand(game):
    engine = ENGINES[game]
    built = engine.build(load_files(engine.language), {})
    players = [engine.bots["heuristic"](seeded(1, f"P{i + 1}")) for i in range(2)]
    seen: list[list[str]] = []

    def tamper(state, decision, index):
        hand = _hand(state, game)
        if seen or not hand:
            return
        card = hand[0]
        label = repr(state.names[card] if hasattr(state, "names") else state.name_of(card))
        seen.append(state.check_invariants())
        hand.append(card)
        seen.append(state.check_invariants())
        hand.remove(card)
        hand.remove(card)
        seen.append(state.check_invariants())
        hand.insert(0, card)
        seen.append([label])

    play_game(built, players, 1, on_decision=tamper)
    sound, doubled, lost, (label,) = seen
    assert sound == []
    assert len(doubled) == 1 and f"cards twice [{label} (hand" in doubled[0] and doubled[0].endswith("cards lost []")
    assert len(lost) == 1 and "cards twice []" in lost[0] and label in lost[0].split("cards lost")[1]


def test_shuffle_deals_as_random_shuffle_from_the_same_draws():
    import random

    from atout.interpreter.engine.trial import Seeded
    from atout.interpreter.engine.zones import shuffle

    for seed in range(300):
        for size in (0, 1, 2, 3, 5, 17, 30, 64, 65, 200):
            mine, theirs = list(range(size)), list(range(size))
            rng, reference = random.Random(seed), random.Random(seed)
            shuffle(mine, rng)
            reference.shuffle(theirs)
            assert mine == theirs, (seed, size)
            assert rng.random() == reference.random()  # the same draws used, no more
            if size == 30:
                tried = list(range(size))
                shuffle(tried, Seeded(seed))  # a trial's reader draws as its seed's generator
                assert tried == theirs
    dealt = list(range(30))
    shuffle(dealt, random.Random(1))
    assert sorted(dealt) == list(range(30)) and dealt != list(range(30))
