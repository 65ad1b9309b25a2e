"""Whole games of BattleFight: snapshots, records that replay, tampering, invariants."""

from __future__ import annotations

import io
import json

import pytest

from atout.interpreter.engine.play import play_game, seeded
from atout.interpreter.engine.record import RecordWriter, parse_record
from atout.interpreter.engine.replay import Divergence, replay

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


def test_the_same_seed_gives_the_same_record(bf_engine, bf_files):
    game = game_of(bf_engine, bf_files, CONSTRUCTED)
    assert record_of(bf_engine, game, 5)[0] == record_of(bf_engine, game, 5)[0]
    assert record_of(bf_engine, game, 5)[0] != record_of(bf_engine, game, 6)[0]


@pytest.fixture
def recorded(bf_engine, bf_files):
    game = game_of(bf_engine, bf_files, CONSTRUCTED)
    text, _ = record_of(bf_engine, game, 4, ("heuristic", "random"))
    return text.splitlines()


def test_a_changed_label_is_a_divergence_at_that_action(recorded, bf_engine, bf_files, replay_lines):
    number = next(i for i, line in enumerate(recorded) if '"kind":"play"' in line)
    action = json.loads(recorded[number])
    action["label"] = "Célérité" if action["label"] != "Célérité" else "Décharge"
    recorded[number] = json.dumps(action, ensure_ascii=False)
    with pytest.raises(Divergence) as error:
        replay_lines(recorded, bf_engine, bf_files)
    assert f"line {number + 1}, action {action['n']}" in str(error.value)
    assert f'but the record says "{action["label"]}"' in str(error.value)


def test_a_changed_event_is_a_divergence_naming_the_step(recorded, bf_engine, bf_files, replay_lines):
    number = next(i for i, line in enumerate(recorded) if '"e":"damage"' in line)
    action = json.loads(recorded[number])
    step = next(i for i, e in enumerate(action["events"]) if e["e"] == "damage")
    action["events"][step]["amount"] += 1
    recorded[number] = json.dumps(action, ensure_ascii=False)
    with pytest.raises(Divergence) as error:
        replay_lines(recorded, bf_engine, bf_files)
    assert f"action {action['n']}" in str(error.value) and f"event {step + 1}" in str(error.value)
    assert "expected «" in str(error.value) and "found «" in str(error.value)


def test_a_truncated_record_says_the_game_goes_on(recorded, bf_engine, bf_files, replay_lines):
    lines = recorded[: len(recorded) // 2] + [recorded[-1]]
    with pytest.raises(Divergence) as error:
        replay_lines(lines, bf_engine, bf_files)
    assert "but the game goes on" in str(error.value)


def test_a_record_made_with_other_cards_says_so_by_the_digest(recorded, bf_engine, bf_files, replay_lines):
    header = json.loads(recorded[0])
    header["digest"] = "0000000000000000"
    recorded[0] = json.dumps(header)
    with pytest.raises(Divergence) as error:
        replay_lines(recorded, bf_engine, bf_files)
    assert "made with other card or rules files (digest 0000000000000000" in str(error.value)


def test_a_transcribed_record_with_labels_only_replays(recorded, bf_engine, bf_files, replay_lines):
    transcribed = [recorded[0]]
    for line in recorded[1:]:
        data = json.loads(line)
        if "label" in data:
            data = {"player": data["player"], "label": data["label"]}
        transcribed.append(json.dumps(data, ensure_ascii=False))
    replay_lines(transcribed, bf_engine, bf_files)


def test_an_illegal_transcribed_choice_lists_the_legal_ones(recorded, bf_engine, bf_files, replay_lines):
    number = next(i for i, line in enumerate(recorded) if '"kind":"play"' in line)
    recorded[number] = json.dumps({"player": json.loads(recorded[number])["player"], "label": "Coup de Tête"})
    with pytest.raises(Divergence) as error:
        replay_lines(recorded, bf_engine, bf_files)
    assert '"Coup de Tête" is not a legal choice; the choices are: ' in str(error.value)
