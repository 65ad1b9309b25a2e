"""The lab hears only the events it reads: the games it plays make no others, and it reads the same.

Each game's `LabTraits.heard` names the kinds of events its `card_events`
reads; the lab plays with `play_game(..., hear=heard)`, and the state makes
no event of another kind (`State.quiet` as a set of kinds).
"""

from __future__ import annotations

import pytest

from atout.interpreter.engine.loading import load_files
from atout.interpreter.engine.options import check_options
from atout.interpreter.engine.play import play_game, seeded
from atout.interpreter.games import ENGINES

GAMES = sorted(name for name, engine in ENGINES.items() if engine.lab is not None and engine.lab.heard is not None)


def _game(name: str):
    engine = ENGINES[name]
    files = load_files(engine.language)
    return engine, engine.build(files, engine.setup_from_options(files, check_options(engine.options, files, {}, name)))


def test_the_four_games_say_what_the_lab_hears_or_keep_a_ledger():
    """A game's cards reach the lab by the events it hears, or by the state's ledger (tests/lab/test_ledger.py)."""
    ledgers = {name for name, engine in ENGINES.items() if engine.lab is not None and engine.lab.ledger}
    assert {"battlefight", "cordes", "cardia", "dragons"} <= set(GAMES) | ledgers
    assert not set(GAMES) & ledgers  # one way or the other, not both


@pytest.mark.parametrize("name", GAMES)
def test_the_lab_reads_no_event_of_a_kind_it_does_not_hear(name):
    """Every event of another kind, in whole watched games, shows no card to `card_events`."""
    engine, game = _game(name)
    traits = engine.lab
    make = engine.bots["random"]
    kinds: set[str] = set()
    for seed in range(30):
        played = []
        state_of = []
        result = play_game(
            game,
            [make(seeded(seed, "P1")), make(seeded(seed, "P2"))],
            seed,
            on_event=played.append,
            on_start=state_of.append,
        )
        for event in played:
            kinds.add(event["e"])
            if event["e"] not in traits.heard:
                assert tuple(traits.card_events(event, result.state)) == (), event
    assert traits.heard <= kinds  # each kind heard is one the game makes


@pytest.mark.parametrize("name", GAMES)
def test_a_game_that_hears_a_few_kinds_is_the_whole_game_with_only_those(name):
    engine, game = _game(name)
    heard = engine.lab.heard
    make = engine.bots["random"]
    for seed in range(30):
        every: list[dict] = []
        some: list[dict] = []
        whole = play_game(game, [make(seeded(seed, "P1")), make(seeded(seed, "P2"))], seed, on_event=every.append)
        part = play_game(game, [make(seeded(seed, "P1")), make(seeded(seed, "P2"))], seed, on_event=some.append, hear=heard)
        assert [event for event in some if event["e"] in heard] == [event for event in every if event["e"] in heard], seed
        start = len(part.state.start_events())  # the setup's events are made before the game is handed over
        assert all(event["e"] in heard for event in some[start:]) and len(some) < len(every)
        assert (part.actions, part.turns, part.outcome) == (whole.actions, whole.turns, whole.outcome)
        assert part.state.quiet == heard
