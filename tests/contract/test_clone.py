"""Copies of a position, for every registered game: `clone()` and `resample(player, rng)`.

- **clone**: over many seeds and random cut points, a copy made in the middle
  of a game and the original, given the same answers, produce the same
  events and outcome. The original is played to its end *before* the copy
  goes on, so a copy that shared anything that changes in play with its
  original would show it.
- **resample**: the copy a search bot plays on shows the seat the same view
  (what a bot reads, and what a person reads at the prompt),
  keeps the game playable to its end with sound invariants, and depends only
  on that view and the generator: resampling two positions that differ only
  in what the seat cannot see gives the same position. Since resampling does
  change the hidden cards, this is also a check, for every registered game,
  that a seat's view shows nothing of them (`tests/test_views.py` checks each
  game's view against its rulebook).
"""

from __future__ import annotations

import random
import sys
from functools import cache
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1]))

import extra_games  # noqa: E402,F401

from random_play import random_answers  # noqa: E402
from tampering import setup_for  # noqa: E402

from atout.interpreter.engine.loading import load_files  # noqa: E402
from atout.interpreter.games import ENGINES  # noqa: E402

GAMES = sorted(ENGINES)
SEEDS = range(1, 13)


@cache
def game_of(name: str):
    engine = ENGINES[name]
    files = load_files(engine.language)
    return engine.build(files, setup_for(engine, files, None))


def play_on(state, answers: list[int]) -> list:
    """Apply `answers` in turn; every action's events, then the outcome and the final description."""
    trace = []
    for index in answers:
        trace.append(state.apply(index))
    return [trace, state.outcome(), state.describe()]


@pytest.mark.parametrize("name", GAMES)
def test_a_copy_and_its_original_play_on_alike(name):
    cuts = 0
    for seed in SEEDS:
        answers = random_answers(game_of(name), seed)
        rng = random.Random(f"cut:{seed}")
        for cut in sorted({0, len(answers) - 1, *(rng.randrange(len(answers)) for _ in range(3))}):
            state = game_of(name).new_state()
            for index in answers[:cut]:
                state.apply(index)
            before = state.describe()
            copy = state.clone()
            assert copy.describe() == before
            assert copy.decision().labels() == state.decision().labels()
            assert copy.check_invariants() == []
            original = play_on(state, answers[cut:])
            assert original[1] is not None, "the recorded answers end the game"
            assert copy.describe() == before, f"{name} seed {seed}: playing the original changed its copy"
            assert play_on(copy, answers[cut:]) == original, f"{name} seed {seed}: the copy at action {cut} plays otherwise"
            cuts += 1
    assert cuts >= 3 * len(SEEDS)


def _seats_decisions(name: str, seed: int):
    """Positions of one random game where a seat is to decide, with that seat, every few actions."""
    answers = random_answers(game_of(name), seed)
    state = game_of(name).new_state()
    for number, index in enumerate(answers):
        decision = state.decision()
        if decision.player >= 0 and number % 3 == 0:
            yield state, decision.player
        state.apply(index)


@pytest.mark.parametrize("name", GAMES)
def test_a_resampled_copy_shows_the_seat_the_same_view_and_plays_to_its_end(name):
    checked = 0
    for seed in SEEDS[:6]:
        for state, seat in _seats_decisions(name, seed):
            sample = state.resample(seat, random.Random(checked))
            assert sample.view(seat) == state.view(seat)
            assert sample.describe(seat) == state.describe(seat)
            assert sample.decision().labels() == state.decision().labels()
            assert sample.check_invariants() == []
            rng = random.Random(seed)
            while (decision := sample.decision()) is not None:
                sample.apply(rng.randrange(len(decision.options)))
                assert sample.check_invariants() == []
            assert sample.outcome() is not None
            checked += 1
    assert checked >= 10


@pytest.mark.parametrize("name", GAMES)
def test_a_resampled_copy_depends_only_on_what_the_seat_sees(name):
    checked = differ = 0
    for seed in SEEDS[:6]:
        for state, seat in _seats_decisions(name, seed):
            # Another position with the same view: the hidden cards dealt otherwise.
            other = state.resample(seat, random.Random(f"other:{checked}"))
            differ += other.describe() != state.describe()
            first = state.resample(seat, random.Random(checked))
            second = other.resample(seat, random.Random(checked))
            assert first.describe() == second.describe(), f"{name} seed {seed}: the resampled copy read hidden cards"
            assert first.decision().labels() == second.decision().labels()
            checked += 1
    assert checked >= 10
    if name != "tiny":
        assert differ, "resampling changes what the seat cannot see"
