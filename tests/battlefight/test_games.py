"""Whole games of BattleFight: snapshots, records that replay, tampering, invariants."""

from __future__ import annotations

import io

import pytest

from atout.interpreter.engine.play import play_game, seeded
from atout.interpreter.engine.record import RecordWriter, parse_record
from atout.interpreter.engine.replay import replay

CONSTRUCTED = ("le-renard", "la-forteresse")


def game_of(engine, files, decks):
    return engine.build(files, engine.setup_from_options(files, {"deck": decks}))


@pytest.mark.parametrize(
    ("seed", "decks", "bots"),
    [
        (3, CONSTRUCTED, ("heuristic", "heuristic")),
        (7, ("random", "random"), ("heuristic", "random")),
        (12, ("le-lutteur", "sealed"), ("random", "heuristic")),
    ],
    ids=["renard-vs-forteresse-seed3", "random-decks-seed7", "lutteur-vs-sealed-seed12"],
)
def test_full_game_commentary(bf_engine, bf_files, play_commentary, game_log, seed, decks, bots):
    game = game_of(bf_engine, bf_files, decks)
    played, text = play_commentary(game, seed, list(bots), "battlefight")
    assert played.state.outcome() is not None
    assert text == game_log


def record_of(engine, game, seed: int, bots=("random", "random")) -> tuple[str, list]:
    stream = io.StringIO()
    players = [engine.bots[b](seeded(seed, f"P{i + 1}")) for i, b in enumerate(bots)]
    events: list = []
    problems: list = []

    def check(state, decision, index):
        problems.extend(state.check_invariants())

    play_game(game, players, seed, writer=RecordWriter(stream), on_event=events.append, on_decision=check)
    return stream.getvalue(), events


def test_play_record_replay_gives_the_same_log_over_200_seeds(bf_engine, bf_files):
    games = [game_of(bf_engine, bf_files, decks) for decks in (CONSTRUCTED, ("random", "sealed"))]
    for seed in range(200):
        game = games[seed % 2]
        text, played_events = record_of(bf_engine, game, seed)
        record = parse_record(text)
        replayed_events = []
        for step in replay(record, bf_engine, bf_files):
            replayed_events.extend(step.events)
            assert step.state.check_invariants() == []
        assert played_events[: len(record.start)] == record.start
        assert replayed_events == played_events[len(record.start) :]
        assert record.outcome is not None


def test_no_card_is_lost_or_duplicated_after_any_action(bf_engine, bf_files):
    game = game_of(bf_engine, bf_files, ("random", "random"))
    for seed in range(30):
        bots = [bf_engine.bots["random"](seeded(seed, "P1")), bf_engine.bots["heuristic"](seeded(seed, "P2"))]
        problems: list = []
        play_game(game, bots, seed, on_decision=lambda state, d, i: problems.extend(state.check_invariants()))
        assert problems == []
