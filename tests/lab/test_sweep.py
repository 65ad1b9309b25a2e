"""`atout sweep`: one number of one card at several values, each rewritten by the language's writer and played on the same seeds."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from atout.cli.main import main
from atout.interpreter.api import load_game
from atout.interpreter.games import LANGUAGES
from atout.interpreter.language.loader import read_document
from atout.interpreter.lab.sweep import SweepError, find_number, locate, numbers, parse_values, with_value

from browser import browser, console_errors, file_url, need_browser


def _card(text: str):
    document = read_document("x.atout", "BattleFight : cartes\n\n" + text, LANGUAGES)
    assert document.diagnostics == []
    return document.node.cards[0]


def test_a_cards_numbers_are_addressed_by_their_keyword():
    javelot = locate(load_game("battlefight").files, "javelot").card
    assert [(n.address, n.value) for n in numbers(javelot)] == [("Distance", 2), ("Défausser", 1), ("Blesser", 3)]
    assert find_number(javelot, "blesser").value == 3
    assert find_number(javelot, "DEFAUSSER").address == "Défausser"


def test_a_repeated_keyword_is_addressed_by_its_occurrence():
    card = _card("== Double ==\nAttaque\nBlesser 1 ; Blesser 2\n")
    assert [n.address for n in numbers(card)] == ["Blesser#1", "Blesser#2"]
    assert find_number(card, "Blesser#2").value == 2
    assert find_number(card, "Blesser").value == 1  # the first, as #1
    rewritten = with_value(card, find_number(card, "Blesser#2"), 7)
    assert LANGUAGES["battlefight"].write_card(rewritten).splitlines()[-1] == "Blesser 1 ; Blesser 7"


def test_statistics_and_fields_are_addressed_by_their_name():
    dragon = locate(load_game("dragons").files, "Dragonnet des Cendres").card
    assert find_number(dragon, "puissance").value == 48
    assert find_number(dragon, "Statistiques.Puissance").value == 48
    jab = locate(load_game("cordes").files, "Jab").card
    assert [n.address for n in numbers(jab)] == ["cost", "copies", "Life.change"]
    assert find_number(jab, "change").value == -1


def test_an_unknown_number_lists_the_cards_numbers():
    javelot = locate(load_game("battlefight").files, "Javelot").card
    with pytest.raises(SweepError, match=r"Javelot has no number 'Soigner'; its numbers: Distance \(2\), Défausser \(1\), Blesser \(3\)"):
        find_number(javelot, "Soigner")


def test_an_unknown_card_names_the_nearest():
    with pytest.raises(SweepError, match="did you mean 'Javelot'"):
        locate(load_game("battlefight").files, "Javelo")


@pytest.mark.parametrize("text, values", [("3,4,5", [3, 4, 5]), ("2..4", [2, 3, 4]), ("-1, -3, -1", [-1, -3]), ("1..2,5", [1, 2, 5])])
def test_values(text, values):
    assert parse_values(text) == values


@pytest.mark.parametrize("text", ["3", "3,x", "5..2", ""])
def test_bad_values_are_refused(text):
    with pytest.raises(SweepError):
        parse_values(text)


def _sweep(*args: str):
    return CliRunner().invoke(main, ["sweep", *args])


def _json(output: str):
    return json.loads(output[output.index("{") :])


def test_a_sweep_plays_each_value_on_the_same_seeds():
    result = _sweep("cordes", "--card", "Jab", "--number", "change", "--values", "-1,-4", "--games", "12", "--p1", "random", "--workers", "1", "--format", "json")
    assert result.exit_code == 0, result.output
    document = _json(result.output)
    jsonschema.validate(document, json.loads((Path(__file__).parents[2] / "docs" / "lab-schema.json").read_text(encoding="utf-8")))
    curve = document["sweep"]
    assert (curve["card"], curve["number"], curve["current"]) == ("Jab", "Life.change", -1)
    assert [point["value"] for point in curve["values"]] == [-1, -4]
    assert [study["label"] for study in document["studies"]] == ["Jab Life.change -1", "Jab Life.change -4"]
    assert curve["values"][1]["turns"] < curve["values"][0]["turns"]  # a harder Jab ends the games sooner
    assert curve["values"][0]["side_a_difference"] is None  # the set's own value: the reference
    assert curve["values"][1]["side_a_difference"]["pairs"] == 6  # 12 games, seats swapped: 6 seeds


def test_the_sets_own_value_plays_as_the_set_itself():
    swept = _sweep("dragons", "--card", "Dragonnet des Cendres", "--number", "puissance", "--values", "48,60", "--games", "12", "--workers", "1", "--format", "json")
    plain = CliRunner().invoke(main, ["simulate", "dragons", "--games", "12", "--p1", "heuristic", "--p2", "heuristic", "--workers", "1", "--format", "json"])
    assert swept.exit_code == 0 and plain.exit_code == 0, swept.output + plain.output
    mine, theirs = _json(swept.output)["studies"][0], _json(plain.output)["studies"][0]
    for key in ("sides", "draws", "seat_one", "endings", "lengths"):
        assert mine[key] == theirs[key], key


def test_the_text_shows_one_line_per_value():
    result = _sweep("battlefight", "--card", "Javelot", "--number", "Blesser", "--values", "2,3", "--games", "4", "--p1", "random", "--deck", "le-renard", "--deck", "la-forteresse", "--workers", "1")
    assert result.exit_code == 0, result.output
    assert "Javelot, Blesser at 2, 3 (the set has 3)" in result.output
    table = result.output.split("side A's score against")[0]
    rows = [line.split()[0] for line in table.splitlines() if line.startswith("  ") and line.split()[0] in ("2", "3")]
    assert rows == ["2", "3"] and "3 (the set)" in result.output
    assert "side A's score against 3 (95% interval paired by seed" in result.output


def test_a_value_that_makes_an_invalid_card_is_told_with_its_problem():
    result = _sweep("battlefight", "--card", "Javelot", "--number", "Blesser", "--values", "3,300", "--games", "2")
    assert result.exit_code == 1
    assert "Javelot Blesser 300: the card at this value is not valid" in result.output
    assert "E200 Blesser 300: must be 20 or less" in result.output and "Traceback" not in result.output


def test_unknown_numbers_and_cards_are_usage_errors():
    result = _sweep("battlefight", "--card", "Javelot", "--number", "Soigner", "--values", "3,4")
    assert result.exit_code == 2 and "its numbers: Distance (2), Défausser (1), Blesser (3)" in result.output
    result = _sweep("battlefight", "--card", "Javelo", "--number", "Blesser", "--values", "3,4")
    assert result.exit_code == 2 and "did you mean 'Javelot'" in result.output


def test_a_card_of_the_designers_own_files_is_rewritten_in_its_file(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "extension.atout").write_text("BattleFight : extension\n", encoding="utf-8")
    (folder / "mes-cartes.atout").write_text("BattleFight : cartes\n\n# my card\n== Lance ==\nAttaque\nDistance ; Blesser 2\n\n== Autre ==\nAttaque\nBlesser 1\n", encoding="utf-8")
    result = _sweep("battlefight", "--cards", str(folder), "--card", "Lance", "--number", "Blesser", "--values", "2,4", "--games", "2", "--p1", "random", "--format", "json")
    assert result.exit_code == 0, result.output
    assert _json(result.output)["sweep"]["current"] == 2


@pytest.mark.slow
def test_a_sweep_report_draws_the_curve_with_interval_bars(tmp_path):
    need_browser()
    page = tmp_path / "sweep.html"
    result = _sweep(
        "dragons",
        "--card",
        "Dragonnet des Cendres",
        "--number",
        "puissance",
        "--values",
        "40,48,60",
        "--games",
        "10",
        "--collection",
        "debutant",
        "--collection",
        "veterane",
        "--workers",
        "1",
        "--report",
        str(page),
    )
    assert result.exit_code == 0, result.output
    with browser() as driver:
        driver.get(file_url(page))
        assert console_errors(driver) == []
        curve = driver.find_element("css selector", "#curve svg.sweep-curve")
        assert curve.is_displayed() and curve.size["height"] > 200
        points = driver.find_elements("css selector", "#curve svg circle")
        bars = driver.find_elements("css selector", "#curve svg line.interval")
        assert len(points) == len(bars) >= 3
        assert "40" in driver.find_element("css selector", "#curve table").text
