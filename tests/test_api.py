"""The Python API, as a notebook would use it."""

from __future__ import annotations

import json

import pytest

from atout.interpreter import load_game, play, replay, simulate, validate
from atout.interpreter.language.diagnostics import DiagnosticError


def test_load_play_record_and_replay(tmp_path):
    game = load_game("battlefight", deck=["le-renard", "la-forteresse"])
    record = tmp_path / "game.jsonl"
    played = play(game, ["heuristic", "random"], seed=3, record=record)
    assert played.outcome is not None and played.turns > 0
    assert played.commentary.startswith("P")
    steps = list(replay(record))
    assert len(steps) == played.actions
    assert steps[-1].state.outcome() == played.outcome


def test_simulate_sums_up(tmp_path):
    summary = simulate(load_game("battlefight"), ["heuristic", "random"], games=6, seed=1)
    assert summary.games == 6 and summary.side_wins(0).k + summary.side_wins(1).k + summary.draws.k == 6
    assert [result.swapped for result in summary.results] == [False, True] * 3


def test_validate_returns_the_diagnostics(tmp_path):
    bad = tmp_path / "bad.atout"
    bad.write_text("BattleFight : cartes\n== A ==\nAttak\n", encoding="utf-8")
    assert [d.code for d in validate([bad]).diagnostics] == ["E111"]


def test_loading_invalid_cards_raises_with_the_diagnostics(tmp_path):
    (tmp_path / "bad.atout").write_text("BattleFight : cartes\n== A ==\nAttak\n", encoding="utf-8")
    with pytest.raises(DiagnosticError) as error:
        load_game("battlefight", cards=tmp_path)
    assert error.value.diagnostics[0].code == "E111"


def test_a_player_object_needs_only_choose_and_records_under_its_class_name(tmp_path):
    class First:
        def choose(self, decision, view):
            return 0

    record = tmp_path / "game.jsonl"
    played = play(load_game("cordes"), [First(), "random"], seed=2, record=record)
    header = json.loads(record.read_text(encoding="utf-8").splitlines()[0])
    assert header["players"] == ["First", "random"]
    assert len(list(replay(record))) == played.actions


def test_a_variant_plays_records_and_replays(tmp_path):
    record = tmp_path / "game.jsonl"
    played = play(load_game("battlefight", rules="grand-plateau"), ["random", "random"], seed=3, record=record)
    assert len(list(replay(record))) == played.actions


def test_a_record_that_cannot_be_written_raises_and_keeps_what_was_there(tmp_path):
    from atout.interpreter.engine.record import RecordWriteError

    with pytest.raises(RecordWriteError, match="cannot write the record to"):
        play(load_game("cordes"), seed=1, record=tmp_path / "missing" / "game.jsonl")


def test_an_unfinished_record_is_refused_unless_asked_for(tmp_path):
    from atout.interpreter.engine.replay import Unfinished

    record = tmp_path / "game.jsonl"
    play(load_game("dragons"), seed=1, record=record)
    lines = record.read_text(encoding="utf-8").splitlines()
    record.write_text("\n".join(lines[:10]) + "\n", encoding="utf-8")
    with pytest.raises(Unfinished, match="line 10: the record stops here, before the game ends"):
        list(replay(record))
    assert len(list(replay(record, unfinished=True))) == 8
