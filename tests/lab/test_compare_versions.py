"""Versions of a set compared on the same seeds (`atout simulate G --vs FOLDER`): paired intervals, cards marked, verdicts."""

from __future__ import annotations

import json
import math
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from atout.cards import CARDS_DIR
from atout.cli.main import main
from atout.interpreter.api import load_game
from atout.interpreter.lab.compare import Difference, SeedTally, _correct, benjamini_hochberg, card_changes, card_texts, paired, paired_interval, paired_p, t_quantile
from atout.interpreter.lab.run import GameResult


def _version(folder, card_text: str, game: str = "Dans les Cordes", kind: str = "cards", extension: str = "expansion"):
    """A designer's folder laid over the shipped game, with one card file."""
    folder.mkdir()
    (folder / "extension.atout").write_text(f"{game} : {extension}\n", encoding="utf-8")
    (folder / "mine.atout").write_text(f"{game} : {kind}\n\n{card_text}", encoding="utf-8")
    return folder


SCHEMA = json.loads((Path(__file__).parents[2] / "docs" / "lab-schema.json").read_text(encoding="utf-8"))

JAB_HARD = "== Jab ==\nATTACK · cost 1 · 6 copies\n-3 life to the opponent\n"


# -- statistics ---------------------------------------------------------------


@pytest.mark.parametrize("df, expected", [(1, 12.7062), (2, 4.3027), (3, 3.1824), (4, 2.7764), (5, 2.5706), (10, 2.2281), (29, 2.0452), (30, 2.0423), (31, 2.0395), (100, 1.9840), (1000, 1.9623)])
def test_t_quantiles_match_the_tables(df, expected):
    assert t_quantile(0.975, df) == pytest.approx(expected, abs=0.0002)


def test_a_paired_interval_is_the_t_interval_of_the_differences():
    mean, low, high = paired_interval([1.0, 2.0, 3.0, 4.0])
    half = 3.182446 * math.sqrt((2.25 + 0.25 + 0.25 + 2.25) / 3 / 4)
    assert mean == 2.5
    assert (low, high) == pytest.approx((2.5 - half, 2.5 + half), abs=1e-3)
    assert paired_interval([1.0]) is None


def test_the_paired_t_test_gives_the_tables_p_values():
    assert paired_p([1.0, 2.0, 3.0, 4.0]) == pytest.approx(0.0305, abs=1e-4)  # t = 3.873, 3 degrees of freedom
    assert paired_p([0.5, -0.2, 0.3, 0.1, 0.4, -0.1]) == pytest.approx(0.2053, abs=1e-4)
    assert paired_p([0.0, 0.0, 0.0]) == 1.0 and paired_p([1.0]) is None


def test_benjamini_hochberg_keeps_the_p_values_under_their_rank_s_line():
    # m = 5: the lines are 1%, 2%, 3%, 4%, 5%; 0.04 is under the 4th, so the four smallest are kept
    assert benjamini_hochberg([0.01, 0.04, 0.03, 0.005, None, 0.5]) == [True, True, True, True, False, False]
    assert benjamini_hochberg([0.02, 0.03, 0.04]) == [True, True, True]  # 0.04 is under the 3rd line, 5%: all kept
    assert benjamini_hochberg([0.02, 0.6, 0.7]) == [False, False, False]  # 0.02 > 1/3 · 5%


def test_among_many_differences_one_clear_by_chance_is_not_called_clear():
    lucky = Difference("played:X", "score when played", "rate", 0.4, 0.5, 100, 0.1, 0.01, 0.19, p=0.03)
    others = [Difference(f"played:{n}", "score when played", "rate", 0.5, 0.5, 100, 0.0, -0.1, 0.1, p=0.9) for n in range(9)]
    assert lucky.clear  # alone, its interval excludes zero
    _correct([lucky, *others])
    assert lucky.kept is False and not lucky.clear


def _result(seed: int, index: int, winner: int | None, turns: int = 10, code: str = "ko", cards=None) -> GameResult:
    return GameResult(0, index, seed, index % 2 == 1, ["a", "b"], winner, 0, turns, 20, code, cards=cards or [{}, {}])


def _tally(results) -> SeedTally:
    tally = SeedTally()
    for result in results:
        tally.add(result)
    return tally


def test_differences_are_paired_by_seed():
    # the base: P2 wins each game; the version: P1 wins the first game of each seed
    base = _tally(_result(seed, 2 * seed + k, 1) for seed in range(6) for k in (0, 1))
    version = _tally(_result(seed, 2 * seed + k, 0 if k == 0 else 1) for seed in range(6) for k in (0, 1))
    p1 = paired("p1", "P1's score", "rate", base, version)
    assert (p1.base, p1.version, p1.pairs) == (0.0, 0.5, 6)
    assert p1.mean == 0.5 and p1.low == p1.high == 0.5 and p1.clear
    assert p1.text() == "+50.0 points (+50.0 to +50.0)"
    same = paired("p1", "P1's score", "rate", base, base)
    assert same.mean == 0 and not same.clear


def test_a_seed_missing_from_one_version_is_left_out():
    base = _tally(_result(seed, seed, 0, turns=10) for seed in range(5))
    version = _tally(_result(seed, seed, 0, turns=12 + seed % 2) for seed in range(3))
    turns = paired("turns", "length", "turns", base, version)
    assert turns.pairs == 3 and turns.base == 10 and turns.version == pytest.approx(37 / 3)
    assert turns.clear and turns.text().startswith("+2.3 turns (")


def test_a_pair_played_in_part_is_left_out():
    base = _tally(_result(seed, 2 * seed + k, 0) for seed in range(3) for k in (0, 1))
    version = _tally(_result(seed, 2 * seed + k, 1) for seed in range(3) for k in (0, 1) if (seed, k) != (2, 1))
    assert paired("p1", "P1's score", "rate", base, version).pairs == 2


def test_card_figures_are_paired_over_the_seeds_where_the_card_was_played():
    played = [{"Jab": [1, 1, 2]}, {"Jab": [1, 0, None]}]
    base = _tally(_result(seed, seed, 1, cards=played) for seed in range(4))
    version = _tally(_result(seed, seed, 0, cards=played) for seed in range(4))
    score = paired("played:Jab", "score when played", "rate", base, version)
    share = paired("share:Jab", "share", "rate", base, version)
    assert (score.base, score.version, score.mean) == (0.0, 1.0, 1.0)
    assert (share.base, share.version, share.mean) == (0.5, 0.5, 0.0)


def test_cards_are_marked_by_their_written_form():
    base = {"A": "== A ==\nx", "B": "== B ==\ny", "C": "== C ==\nz"}
    version = {"A": "== A ==\nx", "B": "== B ==\nY", "D": "== D ==\nw"}
    assert card_changes(base, version) == {"B": "changed", "C": "removed", "D": "new"}


def test_a_card_written_differently_but_meaning_the_same_is_not_changed(tmp_path):
    folder = _version(tmp_path / "same", "== Jab ==\nattack · COST 1 · 6 copies\n-1 life to the opponent\n")
    shipped, mine = card_texts(load_game("cordes").files), card_texts(load_game("cordes", folder).files)
    assert card_changes(shipped, mine) == {}


# -- the command ----------------------------------------------------------------


def _compare(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["simulate", *args])
    return result.exit_code, result.output


def test_a_stronger_card_shortens_the_games_clearly(tmp_path):
    mine = _version(tmp_path / "mine", JAB_HARD)
    code, output = _compare("cordes", "--vs", str(mine), "--games", "30", "--p1", "random", "--workers", "1")
    assert code == 0, output
    assert "base: shipped" in output
    assert "cards: Jab (changed)" in output
    verdicts = output.split("verdict:")[1]
    assert "mine: length (turns) -" in verdicts and ": changed" in verdicts
    assert "no clear difference" not in verdicts


def test_the_same_set_twice_differs_by_nothing(tmp_path):
    code, output = _compare("dragons", "--vs", str(CARDS_DIR / "dragons"), "--games", "12", "--workers", "1", "--format", "json")
    assert code == 0, output
    document = json.loads(output[output.index("{") :])
    version = document["comparison"]["versions"][0]
    assert version["changes"] == {}
    assert all(d["difference"] == 0 and not d["clear"] for d in version["overall"])
    assert version["verdicts"] == [f"{version['label']}: no clear difference (every interval includes zero)"]
    assert "first_player" not in {d["measure"] for d in version["overall"]}  # dragons: both choose at once
    assert document["studies"][0]["sides"] == document["studies"][1]["sides"]


def test_several_versions_each_against_the_base(tmp_path):
    hard = _version(tmp_path / "hard", JAB_HARD)
    new = _version(tmp_path / "new", "== Piqûre ==\nATTACK · cost 1 · 1 copy\n-1 life to the opponent\n")
    rules = new / "rules.atout"
    rules.write_text("Dans les Cordes : rules\n\nATTACK cards : 18\n", encoding="utf-8")
    code, output = _compare("cordes", "--vs", str(hard), "--vs", str(new), "--games", "6", "--p1", "random", "--workers", "1", "--format", "json")
    assert code == 0, output
    document = json.loads(output[output.index("{") :])
    jsonschema.validate(document, SCHEMA)
    versions = document["comparison"]["versions"]
    assert [v["label"] for v in versions] == ["hard", "new"]
    assert versions[0]["changes"] == {"Jab": "changed"} and versions[1]["changes"] == {"Piqûre": "new"}
    assert versions[1]["cards"][0]["name"] == "Piqûre" and versions[1]["cards"][0]["change"] == "new"


def test_the_figures_do_not_depend_on_the_workers(tmp_path):
    mine = _version(tmp_path / "mine", JAB_HARD)
    outputs = [_compare("cordes", "--vs", str(mine), "--games", "24", "--p1", "random", "--workers", workers, "--format", "json") for workers in ("1", "2")]
    documents = [json.loads(output[output.index("{") :])["comparison"] for _, output in outputs]
    assert documents[0] == documents[1]


def test_a_report_puts_the_differences_first(tmp_path):
    mine = _version(tmp_path / "mine", JAB_HARD)
    page = tmp_path / "compare.html"
    code, output = _compare("cordes", "--vs", str(mine), "--games", "6", "--p1", "random", "--workers", "1", "--report", str(page))
    assert code == 0, output
    html = page.read_text(encoding="utf-8")
    assert html.index('id="verdicts"') < html.index('class="differences"') < html.index('id="versions"')
    assert html.count('class="version"') == 2 and "Jab (changed)" in html


def test_each_and_vs_together_are_refused(tmp_path):
    mine = _version(tmp_path / "mine", JAB_HARD)
    code, output = _compare("cordes", "--vs", str(mine), "--each", "rules=default,short", "--games", "2")
    assert code == 2 and "--each and --vs both compare" in output


def test_a_version_with_an_error_is_told_at_its_file(tmp_path):
    mine = _version(tmp_path / "mine", "== Jab ==\nATTACK · cost 1 · 6 copies\n-3 lives to nobody\n")
    code, output = _compare("cordes", "--vs", str(mine), "--games", "2")
    assert code == 1 and "mine.atout:5" in output and "Traceback" not in output


@pytest.mark.slow
def test_a_comparison_report_in_a_browser_shows_the_verdicts_first_and_both_versions(tmp_path):
    from browser import browser, console_errors, file_url, need_browser

    need_browser()
    mine = _version(tmp_path / "mine", JAB_HARD)
    page = tmp_path / "compare.html"
    code, output = _compare("cordes", "--vs", str(mine), "--games", "30", "--p1", "random", "--workers", "1", "--report", str(page))
    assert code == 0, output
    with browser() as driver:
        driver.get(file_url(page))
        assert console_errors(driver) == []
        assert driver.title == "Dans les Cordes: versions compared"
        verdicts = driver.find_element("css selector", "#verdicts")
        differences = driver.find_element("css selector", "section.differences")
        assert verdicts.location["y"] < differences.location["y"]
        assert "mine: length (turns)" in verdicts.text
        plot = driver.find_element("css selector", "section.differences svg.difference-plot")
        assert plot.is_displayed() and len(plot.find_elements("css selector", "circle")) >= 4
        versions = driver.find_elements("css selector", "#versions .version")
        assert len(versions) == 2 and all(v.is_displayed() and v.size["width"] > 200 for v in versions)
        assert versions[0].location["y"] == versions[1].location["y"]  # side by side
