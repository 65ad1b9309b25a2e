"""A study's default is a mirror: the same bot on both sides; two bots' card figures are kept apart."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
from click.testing import CliRunner

from atout.cli.main import main

SCHEMA = json.loads((Path(__file__).parents[2] / "docs" / "lab-schema.json").read_text(encoding="utf-8"))


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def study_of(*args: str) -> dict:
    result = run("simulate", "dragons", "--games", "12", "--seed", "4", "--workers", "1", "--format", "json", *args)
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    jsonschema.validate(document, SCHEMA)
    (study,) = document["studies"]
    return study


def test_the_default_is_the_heuristic_bot_on_both_sides():
    study = study_of()
    assert study["bots"] == ["heuristic", "heuristic"]
    assert {card["bot"] for card in study["cards"]} == {"heuristic"}
    # one table over both sides' seats: a card's seats are the 24 seats of the 12 games
    assert all(card["in_hand"]["n"] + card["not_seen"]["n"] == 24 for card in study["cards"])


def test_p1_alone_sets_both_sides():
    assert study_of("--p1", "random")["bots"] == ["random", "random"]


def test_heuristic_against_random_stays_available_with_its_cards_per_bot():
    study = study_of("--p2", "random")
    assert study["bots"] == ["heuristic", "random"]
    bots = [card["bot"] for card in study["cards"]]
    assert set(bots) == {"heuristic", "random"}
    assert bots == sorted(bots, key=["heuristic", "random"].index)  # side A's bot's cards first
    for card in study["cards"]:  # each over its own bot's 12 seats, never the 24 of both
        assert card["in_hand"]["n"] + card["not_seen"]["n"] == 12


def test_the_text_gives_one_table_per_bot_and_one_for_a_mirror():
    mirror = run("simulate", "dragons", "--games", "4", "--seed", "1").stdout.splitlines()
    assert [line for line in mirror if line.startswith("cards, ")] == [next(line for line in mirror if line.startswith("cards, the seats of heuristic, on both sides"))]
    both = run("simulate", "dragons", "--games", "4", "--seed", "1", "--p2", "random").stdout.splitlines()
    tables = [line for line in both if line.startswith("cards, ")]
    assert [line.split(" (")[0] for line in tables] == ["cards, heuristic's seats", "cards, random's seats"]


def test_the_help_says_the_default_is_side_a_s_bot():
    shown = run("simulate", "--help").stdout
    assert "--p2" in shown and "side A's" in shown


def test_the_report_gives_one_card_table_per_bot_when_the_bots_differ(tmp_path):
    for extra, tables in (((), 0), (("--p2", "random"), 2)):
        page = tmp_path / "report.html"
        result = run("simulate", "dragons", "--games", "4", "--seed", "1", "--report", str(page), *extra)
        assert result.exit_code == 0, result.output
        cards = page.read_text(encoding="utf-8").split('<section class="cards">')[1].split("</section>")[0]
        assert cards.count("<h4>Played by ") == tables and cards.count("<table>") == max(1, tables)
