"""A tournament's ratings (Bradley–Terry, Elo scale) and its matrix as a heatmap: the fit, its intervals, the outputs."""

from __future__ import annotations

import json
import math
import random
import re
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from atout.cli.main import main
from atout.interpreter.lab.rating import ELO, VIRTUAL_DRAW, chi2_survival, expected_score, fit, log_likelihood, signed_points
from atout.interpreter.lab.report import html_page, score_colour, tournament_text
from atout.interpreter.lab.stats import Rate
from atout.interpreter.lab.tournament import Tournament
from browser import browser, console_errors, file_url, need_browser

SCHEMA = json.loads((Path(__file__).parents[2] / "docs" / "lab-schema.json").read_text(encoding="utf-8"))


def test_two_entrants_are_rated_by_their_score_with_half_a_game_added_each_way():
    ratings = fit(["a", "b"], {("a", "b"): (70.0, 100)}).ratings
    assert [r.entrant for r in ratings] == ["a", "b"]
    gap = ratings[0].rating - ratings[1].rating
    assert gap == pytest.approx(ELO * math.log((70 + VIRTUAL_DRAW) / (30 + VIRTUAL_DRAW)))
    assert ratings[0].rating == pytest.approx(-ratings[1].rating)  # the field's mean is 0
    # the interval of a logit over n games: ±1.96 / sqrt(n p (1-p)), shared half and half by the two entrants
    p = 70.5 / 101
    half = 1.959963984540054 * ELO / math.sqrt(101 * p * (1 - p)) / 2
    assert ratings[0].high - ratings[0].rating == pytest.approx(half)
    assert ratings[0].score.k == 70 and ratings[0].score.n == 100


def test_the_fit_gives_each_entrant_its_observed_score_and_keeps_the_order():
    scores = {("a", "b"): (55.0, 100), ("a", "c"): (72.5, 100), ("b", "c"): (61.0, 100), ("a", "d"): (90.0, 100), ("b", "d"): (80.0, 100), ("c", "d"): (66.0, 100)}
    found = fit(["d", "c", "b", "a"], scores)
    assert [r.entrant for r in found.ratings] == ["a", "b", "c", "d"]
    assert sum(r.rating for r in found.ratings) == pytest.approx(0, abs=1e-9)
    rating = {r.entrant: r.rating for r in found.ratings}
    for name in "abcd":  # the likelihood's equations: expected points equal the points scored (virtual draws included)
        observed = expected = 0.0
        for (x, y), (won, n) in scores.items():
            if name in (x, y):
                other = y if name == x else x
                observed += (won if name == x else n - won) + VIRTUAL_DRAW
                expected += (n + 2 * VIRTUAL_DRAW) * expected_score(rating[name] - rating[other])
        assert observed == pytest.approx(expected, abs=1e-6)
    # the maximum: any small move lowers the likelihood
    names = ["a", "b", "c", "d"]
    pairs = [(names.index(x), names.index(y), won + VIRTUAL_DRAW, n + 2 * VIRTUAL_DRAW) for (x, y), (won, n) in scores.items()]
    theta = [rating[name] / ELO for name in names]
    best = log_likelihood(theta, pairs)
    for i in range(4):
        for step in (-1e-3, 1e-3):
            moved = list(theta)
            moved[i] += step
            assert log_likelihood(moved, pairs) < best


def test_a_clean_sweep_gives_a_finite_rating():
    found = fit(["x", "y", "z"], {("x", "y"): (100.0, 100), ("x", "z"): (100.0, 100), ("y", "z"): (50.0, 100)})
    best = found.ratings[0]
    assert best.entrant == "x" and math.isfinite(best.rating) and best.rating > 400 and best.low > 0


def test_the_intervals_cover_the_true_ratings_about_95_times_in_100():
    generator = random.Random(43)
    truth = {"a": 150.0, "b": 40.0, "c": -60.0, "d": -130.0}
    mean = sum(truth.values()) / 4
    names = list(truth)
    covered = total = 0
    for _ in range(150):
        scores = {}
        for i, x in enumerate(names):
            for y in names[i + 1 :]:
                p = expected_score(truth[x] - truth[y])
                scores[(x, y)] = (float(sum(generator.random() < p for _ in range(60))), 60)
        for r in fit(names, scores).ratings:
            total += 1
            covered += r.low <= truth[r.entrant] - mean <= r.high
    assert 0.9 <= covered / total <= 0.99


def test_entrants_without_games_or_not_linked_are_left_out_with_the_reason():
    found = fit(["a", "b", "c", "d", "e"], {("a", "b"): (6.0, 10), ("c", "d"): (5.0, 10), ("a", "c"): (0.0, 0)})
    assert [r.entrant for r in found.ratings] == ["a", "b"]
    assert found.unrated == {"e": "no game played", "c": "its games do not link it to the other entrants", "d": "its games do not link it to the other entrants"}
    nothing = fit(["a", "b"], {("a", "b"): (0.0, 0)})
    assert nothing.ratings == [] and set(nothing.unrated) == {"a", "b"}


def test_the_chi_square_survival_matches_its_tables():
    assert chi2_survival(3.841458820694124, 1) == pytest.approx(0.05, abs=1e-9)
    assert chi2_survival(9.487729036781154, 4) == pytest.approx(0.05, abs=1e-9)
    assert chi2_survival(7.3, 2) == pytest.approx(math.exp(-7.3 / 2), rel=1e-9)  # two degrees of freedom: exactly e^(−x/2)
    assert chi2_survival(0.5, 3) == pytest.approx(0.918891411654676, rel=1e-9)
    assert chi2_survival(40.0, 10) == pytest.approx(1.694474e-05, rel=1e-5)
    assert chi2_survival(0.0, 3) == 1.0


def test_a_ranking_explains_a_transitive_matrix_and_a_cycle_is_told():
    generator = random.Random(5)
    truth = {"a": 120.0, "b": 0.0, "c": -120.0, "d": 40.0}
    names = list(truth)
    explained = 0
    for _ in range(100):
        scores = {}
        for i, x in enumerate(names):
            for y in names[i + 1 :]:
                scores[(x, y)] = (float(sum(generator.random() < expected_score(truth[x] - truth[y]) for _ in range(80))), 80)
        found = fit(names, scores).fit
        assert found is not None and found.df == 3
        explained += found.explained
    assert 88 <= explained <= 99  # about 95 of 100 matrices drawn from a ranking are explained by it
    cycle = fit(["a", "b", "c"], {("a", "b"): (60.0, 80), ("b", "c"): (60.0, 80), ("c", "a"): (60.0, 80)}).fit
    assert cycle is not None and not cycle.explained and cycle.p < 1e-4
    assert {(d.first, d.second) for d in cycle.furthest()} == {("a", "b"), ("b", "c"), ("c", "a")}
    assert all(d.expected == pytest.approx(0.5) and d.score == 0.75 for d in cycle.pairings)
    assert fit(["a", "b"], {("a", "b"): (60.0, 80)}).fit is None  # two entrants: nothing to test


class _Pairing:
    """A pairing's study as a tournament reads it: side A's score."""

    def __init__(self, points: float, games: int) -> None:
        self.rate = Rate(points, games)

    def side_score(self, side: int) -> Rate:
        return self.rate if side == 0 else Rate(self.rate.n - self.rate.k, self.rate.n)


def test_a_cycle_is_named_in_the_text_and_outlined_in_the_heatmap():
    pairs = [("rock", "scissors"), ("scissors", "paper"), ("paper", "rock"), ("rock", "well")]
    board = Tournament("cordes", ["rock", "paper", "scissors", "well"], 80, pairs, [_Pairing(64, 80), _Pairing(64, 80), _Pairing(64, 80), _Pairing(40, 80)])  # type: ignore[list-item]
    lines = tournament_text(board)
    assert lines[-1].startswith("  the matrix departs from the ratings beyond chance (χ² ")
    assert "rock against scissors 80.0%, the ratings expect" in lines[-1]
    page = html_page([], board, "Dans les Cordes: tournament")
    assert page.count(' unexpected"') == 6  # the cycle's three pairings, each from both sides
    assert "outlined: far from what the ratings expect" in page
    assert 'class="fit">The matrix departs from the ratings' in page


def test_the_heatmap_colours_a_score_orange_below_half_and_blue_above():
    def rgb(score: float) -> tuple[int, int, int]:
        code = score_colour(score)
        return int(code[1:3], 16), int(code[3:5], 16), int(code[5:7], 16)

    middle = rgb(0.5)
    assert min(middle) > 230  # near white
    low, high = rgb(0.1), rgb(0.9)
    assert low[0] > low[2] and high[2] > high[0]
    # further from a half, further from white
    assert sum(rgb(0.95)) < sum(rgb(0.7)) < sum(middle) and sum(rgb(0.05)) < sum(rgb(0.3)) < sum(middle)


def _tournament(tmp_path: Path, *extra: str):
    return CliRunner().invoke(main, ["tournament", "dragons", "random", "heuristic", "mcts:20", "--games", "6", "--seed", "3", "--workers", "1", *extra])


def test_a_tournament_prints_its_ratings_in_text_json_and_the_report(tmp_path):
    text = _tournament(tmp_path)
    assert text.exit_code == 0, text.output
    lines = text.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("ratings (Bradley–Terry, Elo scale"))
    rows = lines[start + 1 : start + 4]
    ratings = [int(re.search(r"\s([+-]?\d+) \(", row).group(1)) for row in rows]
    assert ratings == sorted(ratings, reverse=True) and [row.split()[0] for row in rows] == ["1.", "2.", "3."]

    document = json.loads(_tournament(tmp_path, "--format", "json").stdout)
    jsonschema.validate(document, SCHEMA)
    board = document["tournament"]["ratings"]
    assert board["model"] == "bradley-terry" and [r["rating"] for r in board["ratings"]] == sorted((r["rating"] for r in board["ratings"]), reverse=True)
    assert all(r["low"] < r["rating"] < r["high"] and r["games"] == 12 for r in board["ratings"])
    assert [signed_points(r["rating"]) for r in board["ratings"]] == [signed_points(v) for v in ratings]

    page = tmp_path / "t.html"
    assert _tournament(tmp_path, "--report", str(page)).exit_code == 0
    html = page.read_text(encoding="utf-8")
    assert html.count('class="score') == 6 and html.count('class="self"') == 3
    assert 'class="ratings"' in html and "Bradley–Terry" in html


@pytest.mark.slow
def test_the_heatmap_and_the_ratings_in_chromium(tmp_path):
    need_browser()
    page = tmp_path / "tournament.html"
    result = CliRunner().invoke(main, ["tournament", "battlefight", "le-renard", "la-forteresse", "le-lutteur", "--games", "6", "--workers", "1", "--report", str(page)])
    assert result.exit_code == 0
    with browser() as driver:
        driver.get(file_url(page))
        assert console_errors(driver) == []
        heatmap = driver.find_element("css selector", "#tournament table.heatmap")
        assert heatmap.is_displayed()
        cells = heatmap.find_elements("css selector", "td.score")
        assert len(cells) == 6
        for cell in cells:
            score = float(cell.get_attribute("data-score"))
            colour = cell.value_of_css_property("background-color")
            red, green, blue = (int(v) for v in re.findall(r"\d+", colour)[:3])
            assert (red, green, blue) != (255, 255, 255) and cell.size["width"] > 40
            if score > 0.55:
                assert blue > red
            elif score < 0.45:
                assert red > blue
            assert re.fullmatch(r"\d+\.\d%\n\d+\.\d–\d+\.\d", cell.text), cell.text
        # a cell and its mirror sum to 100%
        rows = heatmap.find_elements("css selector", "tbody tr")
        matrix = [[c.get_attribute("data-score") for c in row.find_elements("css selector", "td.score, td.self")] for row in rows]
        assert float(matrix[0][1]) + float(matrix[1][0]) == pytest.approx(1.0)
        table = driver.find_element("css selector", "section.ratings table")
        ranked = [row.find_elements("css selector", "td") for row in table.find_elements("css selector", "tbody tr")]
        assert [cells[0].text for cells in ranked] == ["1", "2", "3"]
        values = [int(cells[2].text.replace("−", "-")) if cells[2].text != "0" else 0 for cells in ranked]
        assert values == sorted(values, reverse=True)
        assert driver.find_element("css selector", "svg.rating-plot").is_displayed()
