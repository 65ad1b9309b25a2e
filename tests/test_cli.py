"""The `atout` command, through click's CliRunner."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from atout.cli.main import main


@pytest.fixture
def run():
    runner = CliRunner()

    def invoke(*args, input=None):
        return runner.invoke(main, list(args), input=input, catch_exceptions=False)

    return invoke


def test_validate_the_shipped_cards(run, cards_dir):
    result = run("validate", str(cards_dir))
    assert result.exit_code == 0
    assert result.output.strip().endswith("all valid")


def test_validate_without_a_path_checks_the_shipped_cards(run):
    result = run("validate")
    assert result.exit_code == 0 and "all valid" in result.output


def test_validate_prints_every_problem_with_its_place(run, tmp_path):
    bad = tmp_path / "bad.atout"
    bad.write_text("BattleFight : cartes\n== A ==\nAttak\n\n== B ==\nAttaque\nBlesser 99\n", encoding="utf-8")
    result = run("validate", str(bad))
    assert result.exit_code == 1
    assert f"{bad}:3:1: E111 unexpected word \"Attak\"" in result.output
    assert 'did you mean "Attaque"?' in result.output
    assert f"{bad}:7:9: E200 Blesser 99: must be 20 or less" in result.output
    assert "2 problems in 1 file" in result.output


def test_validate_json_for_ci(run, tmp_path):
    bad = tmp_path / "bad.atout"
    bad.write_text("BattleFight : cartes\n== A ==\nAttak\n", encoding="utf-8")
    result = run("validate", "--format", "json", str(bad))
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["valid"] is False and data["files"] == 1
    assert data["diagnostics"][0] | {"file": "?"} == {
        "file": "?", "line": 3, "column": 1, "code": "E111",
        "message": data["diagnostics"][0]["message"], "suggestion": "Attaque",
    }


def test_validate_a_missing_path_is_a_usage_error(run):
    result = run("validate", "no/such/file.atout")
    assert result.exit_code == 2


def test_ast_prints_the_validated_ast(run, cards_dir):
    result = run("ast", str(cards_dir / "battlefight" / "techniques-de-base.atout"))
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["kind"] == "basics" and data["cards"][0]["name"] == "Attaque de base"


def test_ast_of_an_invalid_file_exits_1_with_the_problems(run, tmp_path):
    bad = tmp_path / "bad.atout"
    bad.write_text("BattleFight : cartes\n== A ==\n", encoding="utf-8")
    result = run("ast", str(bad))
    assert result.exit_code == 1 and "E112" in result.output


def test_play_between_bots_writes_a_record_that_replays(run, tmp_path):
    record = tmp_path / "game.jsonl"
    result = run("play", "battlefight", "--p1", "heuristic", "--p2", "random", "--seed", "3", "--record", str(record), "-q")
    assert result.exit_code == 0, result.output
    assert "(seed 3" in result.output
    replayed = run("replay", str(record))
    assert replayed.exit_code == 0, replayed.output
    assert "actions replayed, all legal and identical" in replayed.output


def test_replay_show_prints_the_commentary(run, tmp_path):
    record = tmp_path / "game.jsonl"
    run("play", "battlefight", "--p1", "random", "--p2", "random", "--seed", "8", "--record", str(record), "-q")
    result = run("replay", "--show", str(record))
    assert result.exit_code == 0 and "Turn 1 — " in result.output and "Game over" in result.output


def test_replay_step_shows_the_state_before_each_step(run, tmp_path):
    record = tmp_path / "game.jsonl"
    run("play", "battlefight", "--p1", "random", "--p2", "random", "--seed", "8", "--record", str(record), "-q")
    result = run("replay", "--step", str(record))
    assert result.exit_code == 0
    lines = result.output.splitlines()
    first_step = next(i for i, line in enumerate(lines) if line.startswith("    1. "))
    assert lines[first_step - 11].startswith("Turn 1, P")  # the state, then the step it starts
    assert lines[first_step - 10].startswith("  P1: life 20, damage points 0, on ")
    assert lines[first_step - 8].startswith("  in play: ") and lines[first_step - 8].endswith("(running, at step 1)")


def test_replay_of_a_tampered_record_exits_1_naming_the_divergence(run, tmp_path):
    record = tmp_path / "game.jsonl"
    run("play", "battlefight", "--p1", "random", "--p2", "random", "--seed", "8", "--record", str(record), "-q")
    lines = record.read_text(encoding="utf-8").splitlines()
    lines = lines[: len(lines) // 2] + [lines[-1]]
    record.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("replay", str(record))
    assert result.exit_code == 1
    assert result.output.startswith("error: divergence: ")


def test_replay_of_a_broken_file_exits_1(run, tmp_path):
    record = tmp_path / "game.jsonl"
    record.write_text('{"record": "atout", "version": 1, "game": "battlefight", "digest": null, "setup": {}}\n{"n": 1, "label"', encoding="utf-8")
    result = run("replay", str(record))
    assert result.exit_code == 1
    assert "game.jsonl:2: this line is not JSON" in result.output


def test_simulate_is_deterministic_and_summarises(run):
    first = run("simulate", "battlefight", "--games", "6", "--seed", "2", "--p1", "heuristic", "--p2", "random")
    second = run("simulate", "battlefight", "--games", "6", "--seed", "2", "--p1", "heuristic", "--p2", "random")
    assert first.exit_code == 0
    assert first.output == second.output
    for word in ("games: 6", "P1 (heuristic) wins:", "draws:", "average length:", "first player wins:"):
        assert word in first.output


def test_an_unknown_game_lists_the_games(run):
    result = run("simulate", "batlefight")
    assert result.exit_code == 2
    assert 'unknown game "batlefight" (did you mean "battlefight"?)' in result.output


def test_an_unknown_deck_is_a_clear_error(run):
    result = run("simulate", "battlefight", "--deck", "le-rnard", "--games", "1")
    assert result.exit_code == 1
    assert 'no deck "le-rnard"' in result.output


def test_a_person_is_refused_an_illegal_choice_and_sees_the_choices(run):
    result = run("play", "battlefight", "--p1", "human", "--p2", "heuristic", "--seed", "1", input="banana\n99\nConcentration de base\nq\n")
    assert 'is not a legal choice. Type a number from 1 to 5 or one of: Attaque de base' in result.output
    assert '"banana" is not a legal choice' in result.output and '"99" is not a legal choice' in result.output
    assert "P1 plays Concentration de base" in result.output
    assert "left the game; the game is abandoned." in result.output
    assert result.exit_code == 1


def test_a_person_sees_their_hand_but_never_the_bots(run):
    result = run("play", "battlefight", "--p1", "human", "--p2", "heuristic", "--seed", "1", input="5\n5\n5\n5\nq\n")
    lines = [line for line in result.output.splitlines() if line.startswith("  P2: ")]
    assert lines and all("hand" in line and "(" not in line.split("hand")[1].split(",")[0] for line in lines)
    assert "P2 draws a card" in result.output


def test_validate_a_folder_without_card_files_says_so(run, tmp_path):
    result = run("validate", str(tmp_path))
    assert result.exit_code == 1
    assert result.output.strip() == f"no .atout file in {tmp_path}"
