"""A file with thousands of problems: a few printed, all counted, little work for each."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from atout.cli.main import main
from atout.interpreter.language import diagnostics, parser, project
from atout.interpreter.language.loader import DETAILED_PER_FILE


def _bad_cards(count: int) -> str:
    return "BattleFight : cartes\n" + "".join(f"== Carte {i} ==\nAttaque\nBlessr 4\n" for i in range(count))


def _bad_deck(count: int) -> str:
    return "BattleFight : deck\n" + "".join(f"1 Inconnue {i}\n" for i in range(count))


@pytest.fixture
def files(tmp_path):
    (tmp_path / "cartes.atout").write_text(_bad_cards(150), encoding="utf-8")
    (tmp_path / "peu.atout").write_text(_bad_cards(3), encoding="utf-8")
    return tmp_path


def _run(*args):
    return CliRunner().invoke(main, ["validate", *map(str, args)])


def test_text_prints_the_first_problems_of_each_file_then_how_many_more(files):
    result = _run(files)
    assert result.exit_code == 1
    big, small = str(files / "cartes.atout"), str(files / "peu.atout")
    headlines = [line for line in result.output.splitlines() if ": E111 " in line]
    assert [h.split(":")[0] for h in headlines] == [big] * 20 + [small] * 3
    assert [int(h.split(":")[1]) for h in headlines[:20]] == [4 + 3 * i for i in range(20)]  # the first ones, in order
    assert f"… and 130 more problems in {big}" in result.output
    assert "more problems in " + small not in result.output
    assert "2 files: 153 problems in 2 files" in result.output


def test_max_per_file_changes_the_cap_and_zero_prints_all(files):
    assert _run("--max-per-file", "5", files).output.count(": E111 ") == 5 + 3
    everything = _run("--max-per-file", "0", files).output
    assert everything.count(": E111 ") == 153 and "more problem" not in everything


def test_json_counts_every_problem_and_says_how_many_each_file_left_out(files):
    result = _run("--format", "json", files)
    data = json.loads(result.stdout)
    assert data["problems"] == 153 and data["valid"] is False
    assert len(data["diagnostics"]) == 23
    assert data["truncated"] == {str(files / "cartes.atout"): 130}
    assert json.loads(_run("--format", "json", "--max-per-file", "0", files).stdout)["truncated"] == {}


def test_past_the_first_problems_of_a_file_messages_are_brief_and_cheap(languages, tmp_path, monkeypatch):
    calls = {"expected": 0, "nearest": 0}
    expected, nearest = parser._expected, diagnostics.nearest

    def counting_expected(error):
        calls["expected"] += 1
        return expected(error)

    def counting_nearest(*args, **kwargs):
        calls["nearest"] += 1
        return nearest(*args, **kwargs)

    monkeypatch.setattr(parser, "_expected", counting_expected)
    monkeypatch.setattr(parser, "nearest", counting_nearest)
    monkeypatch.setattr(project, "nearest", counting_nearest)
    (tmp_path / "cartes.atout").write_text(_bad_cards(DETAILED_PER_FILE + 400), encoding="utf-8")
    (tmp_path / "deck.atout").write_text(_bad_deck(DETAILED_PER_FILE + 400), encoding="utf-8")
    result = project.validate([tmp_path], languages)
    cards = [d for d in result.diagnostics if d.file.endswith("cartes.atout")]
    deck = [d for d in result.diagnostics if d.file.endswith("deck.atout")]
    assert len(cards) == len(deck) == DETAILED_PER_FILE + 400  # every problem is counted, with its place
    assert cards[0].message.startswith('unexpected word "Blessr"; expected "Blesser"') and cards[0].suggestion == "Blesser"
    assert cards[-1].message == 'unexpected word "Blessr"' and cards[-1].suggestion is None
    assert cards[-1].line == 3 * (DETAILED_PER_FILE + 400) + 1
    assert {d.code for d in deck} == {"E400"}
    assert all(d.suggestion is None for d in deck[DETAILED_PER_FILE:])
    # the costly part is done for the first problems of each file only
    assert calls["expected"] == DETAILED_PER_FILE
    assert calls["nearest"] == 2 * DETAILED_PER_FILE


def test_ast_prints_the_first_problems_of_an_invalid_file_then_how_many_more(files):
    result = CliRunner().invoke(main, ["ast", str(files / "cartes.atout")])
    assert result.exit_code == 1
    assert result.output.count(": E111 ") == 20
    assert f"… and 130 more problems in {files / 'cartes.atout'}" in result.output
