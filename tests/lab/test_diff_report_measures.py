"""`atout diff-report`: the decisions' interval, each card's opening hand, when drawn and IWD, shared seeds told, and its JSON schema."""

from __future__ import annotations

import copy
import json
import math
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from atout.cli.main import main
from atout.interpreter.lab import diff

SCHEMA = json.loads((Path(__file__).parents[2] / "docs" / "diff-report-schema.json").read_text(encoding="utf-8"))


def _simulate(*extra: str) -> dict:
    result = CliRunner().invoke(main, ["simulate", "cordes", "--games", "24", "--workers", "1", "--format", "json", *extra])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def saved(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("results")
    paths = {}
    for name, seed in (("a", "1"), ("b", "5000"), ("near", "3")):
        paths[name] = folder / f"{name}.json"
        paths[name].write_text(json.dumps(_simulate("--seed", seed)), encoding="utf-8")
    return paths


def _compared(a: Path, b: Path) -> dict:
    result = CliRunner().invoke(main, ["diff-report", str(a), str(b), "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_a_study_saves_the_decisions_spread_from_its_games(saved):
    lengths = json.loads(saved["a"].read_text())["studies"][0]["lengths"]
    assert lengths["actions_sd"] is not None and lengths["actions_sd"] > 0
    # a different sum of squares gives a different spread: the figure is computed, not copied
    assert lengths["actions_sd"] != lengths["sd"]


def test_the_decisions_now_get_welchs_interval(saved):
    found = {d["measure"]: d for d in _compared(saved["a"], saved["b"])["overall"]}
    decisions = found["decisions"]
    assert decisions["method"] == "welch" and decisions["low"] < decisions["difference"] < decisions["high"]
    a, b = (json.loads(saved[k].read_text())["studies"][0]["lengths"] for k in ("a", "b"))
    expected = diff.welch("decisions", "decisions", "decisions", (a["actions"], a["actions_sd"], 24), (b["actions"], b["actions_sd"], 24))
    assert (decisions["low"], decisions["high"]) == pytest.approx((expected.low, expected.high))


def test_an_older_result_without_the_decisions_spread_gives_no_interval_and_says_why(saved, tmp_path):
    document = json.loads(saved["a"].read_text())
    del document["studies"][0]["lengths"]["actions_sd"]
    old = tmp_path / "old.json"
    old.write_text(json.dumps(document), encoding="utf-8")
    decisions = {d["measure"]: d for d in _compared(old, saved["b"])["overall"]}["decisions"]
    assert decisions["low"] is None and decisions["method"] == ""
    text = CliRunner().invoke(main, ["diff-report", str(old), str(saved["b"])]).stdout
    assert "decisions (no interval: a result saved without the spread)" in text


def test_each_card_compares_its_opening_hand_when_drawn_and_iwd(saved):
    found = _compared(saved["a"], saved["b"])
    a, b = ({c["name"]: c for c in json.loads(saved[k].read_text())["studies"][0]["cards"]} for k in ("a", "b"))
    checked = 0
    for card in found["cards"]:
        ca, cb = a.get(card["name"]), b.get(card["name"])
        if ca is None or cb is None:
            continue
        for key in ("in_opening_hand", "when_drawn"):
            assert card[key]["base"] == ca[key]["rate"] and card[key]["version"] == cb[key]["rate"]
        iwd = card["improvement_when_drawn"]
        if ca["not_seen"]["n"] and cb["not_seen"]["n"]:
            expected = (cb["in_hand"]["rate"] - cb["not_seen"]["rate"]) - (ca["in_hand"]["rate"] - ca["not_seen"]["rate"])
            assert iwd["difference"] == pytest.approx(expected) and iwd["method"] == "normal"
            assert iwd["low"] < iwd["difference"] < iwd["high"]
            checked += 1
    assert checked >= 3


def test_an_iwd_difference_counts_the_uncertainty_of_all_four_rates():
    card = lambda held, unseen: {"in_hand": {"k": held[0], "n": held[1]}, "not_seen": {"k": unseen[0], "n": unseen[1]}}  # noqa: E731
    narrow = diff.iwd_difference(card((500, 1000), (400, 1000)), card((550, 1000), (400, 1000)))
    wide = diff.iwd_difference(card((50, 100), (40, 100)), card((55, 100), (40, 100)))
    assert narrow.mean == pytest.approx(0.05) and wide.mean == pytest.approx(0.05)
    assert (wide.high - wide.low) == pytest.approx(math.sqrt(10) * (narrow.high - narrow.low), rel=0.05)
    # a rate at 0% keeps an uncertainty: the interval is not a point
    sure = diff.iwd_difference(card((0, 10), (0, 10)), card((0, 10), (0, 10)))
    assert sure.mean == 0 and sure.low < 0 < sure.high and not sure.clear
    # a card never unseen has no IWD: no difference, no interval
    assert diff.iwd_difference(card((5, 10), (0, 0)), card((5, 10), (1, 2))).mean is None


def test_a_clear_iwd_change_is_a_verdict(saved, tmp_path):
    document = json.loads(saved["b"].read_text())
    for card in document["studies"][0]["cards"]:
        n = card["in_hand"]["n"]
        card["in_hand"] = {**card["in_hand"], "k": float(n)}  # every seat that held it won
        card["not_seen"] = {**card["not_seen"], "k": 0.0}
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(document), encoding="utf-8")
    found = _compared(saved["a"], changed)
    assert any(c["improvement_when_drawn"]["clear"] for c in found["cards"])
    assert any("improvement when drawn" in line and line.endswith(": changed") for line in found["verdicts"])


def test_studies_sharing_seeds_are_told_they_are_not_independent(saved):
    near = _compared(saved["a"], saved["near"])["notes"]
    assert any("share 10 game seeds" in note for note in near), near  # seeds 1–12 and 3–14: 12 pairs of games each
    assert not any("game seeds" in note for note in _compared(saved["a"], saved["b"])["notes"])


def test_the_json_follows_its_schema_and_the_schema_can_fail(saved):
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    found = _compared(saved["a"], saved["b"])
    jsonschema.validate(found, SCHEMA)
    broken = copy.deepcopy(found)
    broken["cards"][0]["in_hand"]["method"] = "guess"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, SCHEMA)
    extra = copy.deepcopy(found)
    extra["overall"][0]["surprise"] = 1
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(extra, SCHEMA)


def test_two_tournaments_compared_follow_the_schema(tmp_path):
    paths = []
    for name, seed in (("a", "1"), ("b", "77")):
        result = CliRunner().invoke(main, ["tournament", "dragons", "random", "heuristic", "--games", "8", "--seed", seed, "--workers", "1", "--format", "json"])
        assert result.exit_code == 0, result.output
        paths.append(tmp_path / f"{name}.json")
        paths[-1].write_text(result.stdout, encoding="utf-8")
    found = _compared(*paths)
    jsonschema.validate(found, SCHEMA)
    assert found["matchups"] and "row" in found["matchups"][0]


def test_the_text_shows_each_cards_iwd_row(saved):
    text = CliRunner().invoke(main, ["diff-report", str(saved["a"]), str(saved["b"])]).stdout
    assert ": improvement when drawn" in text and " pts [" in text
