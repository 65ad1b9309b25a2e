"""The Python API, as a notebook would use it."""

from __future__ import annotations

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
    summary = simulate(load_game("battlefight"), ["heuristic", "random"], games=5, seed=1)
    assert summary.games == 5 and sum(summary.wins) + summary.draws == 5


def test_validate_returns_the_diagnostics(tmp_path):
    bad = tmp_path / "bad.atout"
    bad.write_text("BattleFight : cartes\n== A ==\nAttak\n", encoding="utf-8")
    assert [d.code for d in validate([bad]).diagnostics] == ["E111"]


def test_loading_invalid_cards_raises_with_the_diagnostics(tmp_path):
    (tmp_path / "bad.atout").write_text("BattleFight : cartes\n== A ==\nAttak\n", encoding="utf-8")
    with pytest.raises(DiagnosticError) as error:
        load_game("battlefight", cards=tmp_path)
    assert error.value.diagnostics[0].code == "E111"
