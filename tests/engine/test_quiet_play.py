"""A game nobody watches plays exactly as a watched one: quiet states, chance drawn inside the state.

`play_game` with no record, listener or person makes the state quiet (no
events gathered) and lets chance's decisions be answered inside the state
(`AgendaState.draw_inside`), with the same sampler, in the same order. The
game must not tell: the same answers, the same end, the same counts of
actions and turns as the same game played with a listener.
"""

from __future__ import annotations

import random

import pytest

from atout.interpreter.engine.loading import load_files
from atout.interpreter.engine.options import check_options
from atout.interpreter.engine.play import play_game, seeded
from atout.interpreter.games import ENGINES


def _game(name: str):
    engine = ENGINES[name]
    files = load_files(engine.language)
    return engine, engine.build(files, engine.setup_from_options(files, check_options(engine.options, files, {}, name)))


class Recording:
    """A random bot that writes down each answer it gives (the seats' answers; chance's are the sampler's)."""

    def __init__(self, bot, answers: list) -> None:
        self.bot, self.answers, self.name = bot, answers, bot.name

    def choose(self, decision, view) -> int:
        index = self.bot.choose(decision, view)
        self.answers.append((decision.player, decision.kind, index))
        return index


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_a_game_nobody_watches_is_the_watched_game(name):
    engine, game = _game(name)
    make = engine.bots["random"]
    drawn_inside = 0
    for seed in range(40):
        quiet_answers: list = []
        watched_answers: list = []
        quiet = play_game(game, [Recording(make(seeded(seed, f"P{n}")), quiet_answers) for n in (1, 2)], seed)
        events: list = []
        watched = play_game(game, [Recording(make(seeded(seed, f"P{n}")), watched_answers) for n in (1, 2)], seed, on_event=events.append)
        assert quiet_answers == watched_answers, seed
        assert (quiet.actions, quiet.turns, quiet.outcome) == (watched.actions, watched.turns, watched.outcome), seed
        assert quiet.actions >= len(quiet_answers) and events
        if quiet.state._actions is not None:
            drawn_inside += quiet.state._actions.drawn
            assert watched.state._actions is None or watched.state._actions.drawn == 0  # a watched game's chance goes out
    assert drawn_inside > 0, "chance was never drawn inside the state: the quiet game took the watched game's way"


def test_a_copy_of_a_quiet_game_leaves_chance_to_whoever_plays_it():
    engine, game = _game("cordes")
    make = engine.bots["random"]
    copies = []

    class Copying:
        name = "copying"

        def __init__(self, seed: int) -> None:
            self.bot = make(seed)

        def choose(self, decision, view) -> int:
            if len(copies) < 5:
                copies.append(view.sample(random.Random(len(copies))))  # as a bot's trial copies it
            return self.bot.choose(decision, view)

    played = play_game(game, [Copying(seeded(3, "P1")), Copying(seeded(3, "P2"))], 3)
    assert played.state._actions.chance is not None
    for copy in copies:
        assert copy._actions.chance is None and copy._actions.drawn == 0
        while (decision := copy.decision()) is not None and not decision.is_chance:
            copy.apply(0)
        assert decision is None or decision.is_chance  # chance's decision waits for whoever plays the copy


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_each_turn_is_seen_at_its_first_decision_whoever_answers_it(name):
    """`on_turn` sees the state at the first decision of each turn, chance's drawn inside the state included."""
    engine, game = _game(name)
    make = engine.bots["random"]
    inside = 0
    for seed in range(25):
        told: list = []  # what `on_decision` tells of each turn's first decision: the turn and a look at the state
        last = [-1]

        def first_of_turn(state, decision, index):
            if state.turn != last[0]:
                last[0] = state.turn
                told.append((state.turn, state.describe()))

        play_game(game, [make(seeded(seed, "P1")), make(seeded(seed, "P2"))], seed, on_decision=first_of_turn)
        for hear in (None, frozenset({"end"})):
            seen: list = []
            played = play_game(
                game, [make(seeded(seed, "P1")), make(seeded(seed, "P2"))], seed,
                on_turn=lambda state: seen.append((state.turn, state.describe())),
                on_event=None if hear is None else (lambda event: None), hear=hear,
            )
            assert seen == told, (seed, hear)
            if hear is None and played.state._actions is not None:
                inside += played.state._actions.drawn
    assert inside > 0  # chance was drawn inside the quiet games
