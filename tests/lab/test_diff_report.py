"""`atout diff-report A.json B.json`: two saved results compared with unpaired intervals; bad files refused clearly."""

from __future__ import annotations

import copy
import json
import math
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from atout.cli.main import main
from atout.interpreter.lab import diff
from atout.interpreter.lab.stats import Rate, difference
from browser import browser, console_errors, file_url, need_browser


def _simulate(*extra: str) -> dict:
    result = CliRunner().invoke(main, ["simulate", "dragons", "--games", "20", "--workers", "1", "--format", "json", *extra])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def saved(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("results")
    files = {
        "a": _simulate("--seed", "1"),
        "b": _simulate("--seed", "900"),
        "cordes": json.loads(CliRunner().invoke(main, ["simulate", "cordes", "--games", "4", "--workers", "1", "--format", "json"]).stdout),
    }
    paths = {}
    for name, document in files.items():
        paths[name] = folder / f"{name}.json"
        paths[name].write_text(json.dumps(document), encoding="utf-8")
    return paths


def _diff(*args: object):
    return CliRunner().invoke(main, ["diff-report", *(str(arg) for arg in args)])


def test_a_rate_difference_is_newcombes_interval_of_b_minus_a():
    a, b = Rate(40, 100), Rate(55.5, 100)
    found = diff.rate_difference("x", "x", a, b)
    assert (found.mean, found.low, found.high) == difference(b, a)
    assert found.mean == pytest.approx(0.155) and found.clear and found.method == "newcombe"
    assert 0.01 < found.p < 0.05  # z ≈ 2.2
    same = diff.rate_difference("x", "x", Rate(30, 60), Rate(30, 60))
    assert same.mean == 0 and same.low < 0 < same.high and not same.clear and same.p == 1.0


def test_welchs_interval_covers_the_true_difference_about_95_times_in_100():
    generator = random.Random(7)
    covered = 0
    for _ in range(400):
        a = [generator.gauss(10, 2) for _ in range(12)]
        b = [generator.gauss(11, 5) for _ in range(30)]

        def summary(values: list[float]) -> tuple[float, float, int]:
            mean = sum(values) / len(values)
            return mean, math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1)), len(values)

        found = diff.welch("t", "t", "turns", summary(a), summary(b))
        covered += found.low <= 1 <= found.high
    assert 0.92 <= covered / 400 <= 0.98


def test_a_mean_without_its_spread_has_no_interval_and_says_why():
    found = diff.welch("turns", "length (turns)", "turns", (5.0, None, 40), (6.0, 1.0, 40))
    assert found.mean == 1.0 and found.low is None and not found.clear
    assert found.text() == "+1.0 turns (no interval: a result saved without the spread)"


def test_two_saved_results_side_by_side(saved):
    result = _diff(saved["a"], saved["b"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "diff-report: dragons, B − A"
    assert lines[1].startswith(f"  A = {saved['a']}: 20 games, heuristic vs heuristic, seed 1")
    a, b = (json.loads(saved[name].read_text())["studies"][0] for name in "ab")
    row = next(line for line in lines if "P1's share of decided games" in line)
    assert f"{100 * a['seat_one']['rate']:.1f}%" in row and f"{100 * b['seat_one']['rate']:.1f}%" in row
    expected = diff.rate_difference("p1", "", Rate(a["seat_one"]["k"], a["seat_one"]["n"]), Rate(b["seat_one"]["k"], b["seat_one"]["n"]))
    assert row.endswith(expected.text())
    assert any(line.strip().startswith(("length (turns)", "* length (turns)")) for line in lines)
    assert "cards (per bot" in result.stdout and "verdict:" in result.stdout
    assert not any("same seeds" in line for line in lines)


def test_the_same_result_twice_differs_nowhere_and_points_to_vs(saved):
    result = _diff(saved["a"], saved["a"], "--format", "json")
    assert result.exit_code == 0
    document = json.loads(result.stdout)
    assert all(d["difference"] == 0 and not d["clear"] for d in document["overall"])
    assert all(card["in_hand"]["difference"] == 0 for card in document["cards"])
    assert document["verdicts"] == ["no clear difference (every interval includes zero)"]
    assert any("--vs" in note for note in document["notes"])


def test_a_real_change_is_told_and_a_card_held_in_one_result_only_is_marked(saved, tmp_path):
    document = json.loads(saved["a"].read_text())
    changed = copy.deepcopy(document)
    study = changed["studies"][0]
    study["games"] = study["planned"] = 400
    k = 40 if study["seat_one"]["rate"] >= 0.5 else 360  # far from A's
    study["seat_one"] = {"k": k, "n": 400, "rate": k / 400, "low": None, "high": None}
    card = study["cards"][-1]  # the lowest win rate in hand, made the highest
    card["in_hand"] = {"k": 190, "n": 200, "rate": 0.95, "low": None, "high": None}
    card["played_rate"] = {"k": 100, "n": 200, "rate": 0.5, "low": None, "high": None}
    study["cards"].append({**card, "name": "Dragon Nouveau"})
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(changed), encoding="utf-8")
    result = _diff(saved["a"], path, "--format", "json")
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    p1 = next(d for d in found["overall"] if d["measure"] == "p1")
    assert p1["clear"] and (p1["low"] > 0 or p1["high"] < 0)
    first = found["cards"][0]
    assert first["name"] == card["name"] and first["in_hand"]["clear"] and first["in_hand"]["corrected"]
    new = next(c for c in found["cards"] if c["name"] == "Dragon Nouveau")
    assert new["only_in"] == "b" and new["in_hand"]["difference"] is None
    assert any(line.startswith("P1's share of decided games ") and line.endswith("changed") for line in found["verdicts"])
    text = _diff(saved["a"], path).stdout
    assert "Dragon Nouveau (heuristic) [only in B]" in text and "  * P1's share" in text


def test_an_older_result_without_the_turns_spread_is_compared_without_that_interval(saved, tmp_path):
    older = json.loads(saved["b"].read_text())
    del older["studies"][0]["lengths"]["sd"]
    path = tmp_path / "older.json"
    path.write_text(json.dumps(older), encoding="utf-8")
    result = _diff(saved["a"], path)
    assert result.exit_code == 0
    assert "(no interval: a result saved without the spread)" in next(line for line in result.stdout.splitlines() if "length (turns)" in line)


def _bad_files(tmp_path: Path, saved: dict[str, Path]) -> dict[str, tuple[Path, str]]:
    good = json.loads(saved["a"].read_text())
    cases: dict[str, tuple[Path, str]] = {}

    def put(name: str, text: str | bytes, says: str) -> None:
        path = tmp_path / f"{name}.json"
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        cases[name] = (path, says)

    cases["missing"] = (tmp_path / "nowhere.json", "no such file")
    cases["folder"] = (tmp_path, "a folder, not a file")
    put("not-json", "games: 20\n", "not JSON (line 1, column 1")
    put("binary", b"\xff\xfe\x00", "not a text file")
    put("other-json", json.dumps({"studies": []}), "not a result of atout's lab")
    broken = copy.deepcopy(good)
    broken["studies"][0]["seat_one"] = {"k": 5, "n": 2}
    put("malformed", json.dumps(broken), "not a result of atout's lab: studies[0].seat_one is missing or malformed")
    each = copy.deepcopy(good)
    each["studies"].append(each["studies"][0])
    put("each", json.dumps(each), "2 studies (--each)")
    board = copy.deepcopy(good)
    board["tournament"] = {}
    put("tournament", json.dumps(board), "not a result of atout's lab: tournament.game is missing or malformed")
    versions = copy.deepcopy(good)
    versions["comparison"] = {}
    put("versions", json.dumps(versions), "a comparison of versions (--vs)")
    return cases


def test_bad_files_are_refused_with_the_file_and_what_to_do(saved, tmp_path):
    for name, (path, says) in _bad_files(tmp_path, saved).items():
        for args in ((path, saved["a"]), (saved["a"], path)):
            result = _diff(*args)
            assert result.exit_code == 2, name
            assert isinstance(result.exception, SystemExit), name  # no traceback
            assert f"Error: {path}: {says}" in result.output, (name, result.output)
            if name == "tournament":
                assert "atout tournament GAME … --format json" in result.output
            elif name != "versions":
                assert "atout simulate GAME --format json" in result.output, name


def test_two_games_are_refused(saved):
    result = _diff(saved["a"], saved["cordes"])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert f"{saved['a']} is a study of dragons, {saved['cordes']} of cordes: diff-report compares two results of the same game" in result.output


def test_the_help_says_what_is_compared_and_how():
    result = CliRunner().invoke(main, ["diff-report", "--help"])
    assert result.exit_code == 0
    assert "unpaired" in result.output and "Newcombe" in result.output and "Welch" in result.output and "--vs" in result.output


@pytest.mark.slow
def test_the_report_in_chromium(saved, tmp_path):
    need_browser()
    page = tmp_path / "diff.html"
    result = _diff(saved["a"], saved["b"], "--report", page)
    assert result.exit_code == 0 and f"written: {page}" in result.output
    with browser() as driver:
        driver.get(file_url(page))
        assert console_errors(driver) == []
        assert driver.title.startswith("Duel de dragons: ")
        verdicts = driver.find_element("css selector", "#verdicts").text
        assert verdicts.startswith("Verdict")
        overall = driver.find_element("css selector", "#overall")
        assert overall.find_element("css selector", "svg.difference-plot").is_displayed()
        rows = overall.find_elements("css selector", "table tbody tr")
        assert any("P1's share of decided games" in row.text for row in rows)
        cards = driver.find_elements("css selector", "#cards table tbody tr")
        assert len(cards) == len(json.loads(_diff(saved["a"], saved["b"], "--format", "json").stdout)["cards"])


def _tournament(tmp_path: Path, name: str, *entrants: str, seed: str = "1") -> Path:
    result = CliRunner().invoke(main, ["tournament", "dragons", *entrants, "--games", "10", "--seed", seed, "--workers", "1", "--format", "json"])
    assert result.exit_code == 0, result.output
    path = tmp_path / f"{name}.json"
    path.write_text(result.stdout, encoding="utf-8")
    return path


def test_two_tournaments_compare_their_matchups_scores_and_ratings(tmp_path):
    a = _tournament(tmp_path, "a", "random", "heuristic", "mcts:10")
    b = _tournament(tmp_path, "b", "random", "heuristic", "mcts:10", seed="77")
    result = _diff(a, b, "--format", "json")
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    first, second = (json.loads(path.read_text())["tournament"] for path in (a, b))
    assert [(m["row"], m["column"]) for m in found["matchups"]] == [("random", "heuristic"), ("random", "mcts:10"), ("heuristic", "mcts:10")]
    for m in found["matchups"]:
        ra, rb = first["matrix"][m["row"]][m["column"]], second["matrix"][m["row"]][m["column"]]
        expected = difference(Rate(rb["k"], rb["n"]), Rate(ra["k"], ra["n"]))
        assert (m["difference"], m["low"], m["high"]) == pytest.approx(expected)
    assert [r["entrant"] for r in found["ratings"]] == [r["entrant"] for r in second["ratings"]["ratings"]]
    for r in found["ratings"]:
        assert r["low"] < r["difference"] < r["high"]
    text = _diff(a, b).stdout
    assert text.startswith("diff-report: tournaments of dragons, B − A") and "matchups (" in text and "ratings (Elo scale" in text
    page = tmp_path / "t.html"
    assert _diff(a, b, "--report", page).exit_code == 0
    assert 'id="matchups"' in page.read_text(encoding="utf-8")


def test_tournaments_of_other_fields_compare_what_they_share_and_a_study_is_no_tournament(tmp_path, saved):
    a = _tournament(tmp_path, "a", "random", "heuristic", "mcts:10")
    b = _tournament(tmp_path, "b", "random", "heuristic")
    found = json.loads(_diff(a, b, "--format", "json").stdout)
    assert [(m["row"], m["column"]) for m in found["matchups"]] == [("random", "heuristic")]
    assert found["ratings"] == [] and "mcts:10 (only in A)" in found["notes"][0]
    mixed = _diff(a, saved["a"])
    assert mixed.exit_code == 2 and f"{a} is a tournament, {saved['a']} a study: diff-report compares two tournaments or two studies" in mixed.output
    lone = _tournament(tmp_path, "c", "random", "mcts:10")
    other = _diff(lone, b)
    assert other.exit_code == 2 and "fewer than two entrants in common" in other.output
