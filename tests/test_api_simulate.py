"""The Python API's `simulate`: a mirror by default, the study's figures with its games, saved as the command saves them, compared."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from atout.cli.main import main
from atout.interpreter import load_game, simulate
from atout.interpreter.api import OptionError, StudyResult, diff
from atout.interpreter.lab.report import CSV_FIELDS
from atout.interpreter.lab.summary import Summary

SCHEMA = json.loads((Path(__file__).parents[1] / "docs" / "lab-schema.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def study() -> StudyResult:
    return simulate(load_game("dragons"), games=12, seed=4)


def test_a_study_is_a_mirror_by_default_as_the_command_plays_it(study):
    assert isinstance(study, StudyResult) and isinstance(study, Summary)
    assert study.study.bots == ("heuristic", "heuristic") and study.games == 12
    assert simulate(load_game("dragons"), ["random"], games=2).study.bots == ("random", "random")
    assert simulate(load_game("dragons"), ["heuristic", "random"], games=2).study.bots == ("heuristic", "random")


def test_its_document_is_what_the_command_prints_for_the_same_study(study, tmp_path):
    printed = CliRunner().invoke(main, ["simulate", "dragons", "--games", "12", "--seed", "4", "--workers", "1", "--format", "json"])
    assert printed.exit_code == 0
    assert study.document() == json.loads(printed.stdout)
    jsonschema.validate(study.document(), SCHEMA)
    path = tmp_path / "study.json"
    study.save(path)
    assert json.loads(path.read_text(encoding="utf-8")) == json.loads(printed.stdout)


def test_its_rows_are_the_games_as_the_csv_gives_them(study):
    rows = study.rows()
    assert len(rows) == 12 and list(rows[0]) == CSV_FIELDS
    assert [row["seed"] for row in rows] == [4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9]
    assert [row["swapped"] for row in rows] == [0, 1] * 6
    wins_a = sum(row["winning_side"] == "A" for row in rows)
    assert wins_a == study.side_wins(0).k
    assert sum(row["turns"] for row in rows) / 12 == pytest.approx(study.lengths()["mean"])


def test_without_the_games_kept_the_figures_are_the_same(study):
    lean = simulate(load_game("dragons"), games=12, seed=4, keep_games=False)
    assert lean.rows() == [] and lean.results == []
    assert lean.as_json() == study.as_json()


def test_a_saved_study_is_compared_by_diff_and_by_diff_report(study, tmp_path):
    other = simulate(load_game("dragons"), ["heuristic", "random"], games=12, seed=4)
    found = study.diff(other)
    side_a = next(d for d in found.overall if d.key == "side_a")
    assert side_a.base == study.side_score(0).value and side_a.version == other.side_score(0).value
    assert any("the bots differ" in note for note in found.notes)
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    study.save(first)
    other.save(second)
    from_files = diff(first, second)
    assert [d.as_json() for d in from_files.overall] == [d.as_json() for d in found.overall]
    printed = CliRunner().invoke(main, ["diff-report", str(first), str(second)])
    assert printed.exit_code == 0
    assert printed.stdout.splitlines()[4:] == from_files.lines()[4:]  # the same, but the files' names


def test_a_bot_the_game_does_not_have_is_refused_before_any_game():
    with pytest.raises(OptionError, match='dragons has no bot "heuristc"; its bots are random, heuristic'):
        simulate(load_game("dragons"), ["heuristc"], games=2)
    with pytest.raises(OptionError, match="one bot .* or two, not 3"):
        simulate(load_game("dragons"), ["random", "random", "random"], games=2)


def test_diff_compares_two_saved_tournaments_and_refuses_a_study_against_one(study, tmp_path):
    paths = []
    for seed in ("1", "2"):
        printed = CliRunner().invoke(main, ["tournament", "dragons", "random", "heuristic", "--games", "4", "--seed", seed, "--workers", "1", "--format", "json"])
        paths.append(tmp_path / f"t{seed}.json")
        paths[-1].write_text(printed.stdout, encoding="utf-8")
    found = diff(*paths)
    assert [(row, column) for row, column, _ in found.matchups] == [("random", "heuristic")]
    from atout.interpreter.api import AtoutError

    with pytest.raises(AtoutError, match="is a study, .* a tournament: diff-report compares two tournaments or two studies"):
        study.diff(paths[0])
