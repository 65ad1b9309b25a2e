"""`atout simulate` and `atout tournament`: outputs a script can read, workers, records, Ray."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from atout.cli.main import main
from atout.interpreter import load_game, simulate

SCHEMA = json.loads((Path(__file__).parents[2] / "docs" / "lab-schema.json").read_text(encoding="utf-8"))


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_json_follows_the_published_schema_and_one_worker_gives_what_two_give():
    one = run("simulate", "cordes", "--games", "24", "--seed", "5", "--workers", "1", "--format", "json")
    two = run("simulate", "cordes", "--games", "24", "--seed", "5", "--workers", "2", "--format", "json")
    assert one.exit_code == 0 and two.exit_code == 0
    assert json.loads(one.stdout) == json.loads(two.stdout)
    document = json.loads(one.stdout)
    jsonschema.validate(document, SCHEMA)
    (study,) = document["studies"]
    assert study["games"] == 24 and study["swap"] is True
    wins = [side["wins"]["k"] for side in study["sides"]]
    assert sum(wins) + study["draws"]["k"] == 24
    assert study["cards"] and all(card["played"] <= card["held"] for card in study["cards"])


def test_csv_has_a_row_per_game_and_the_sides_change_seats():
    result = run("simulate", "battlefight", "--games", "6", "--seed", "1", "--p1", "heuristic", "--p2", "random", "--csv", "-")
    assert result.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [row["p1"] for row in rows] == ["heuristic", "random"] * 3
    assert [row["seed"] for row in rows] == ["1", "1", "2", "2", "3", "3"]
    for row in rows:
        assert (row["winner"] == "") == (row["winning_side"] == "")
        if row["winner"]:
            seat = int(row["winner"][1]) - 1
            assert row["winning_side"] == "AB"[seat ^ int(row["swapped"])]


def test_no_swap_keeps_the_seats():
    summary = simulate(load_game("dragons"), ["heuristic", "random"], games=6, seed=2, swap=False)
    assert [r.swapped for r in summary.results] == [False] * 6 and [r.seed for r in summary.results] == list(range(2, 8))


def test_the_text_summary_shows_intervals_seats_lengths_and_cards():
    result = run("simulate", "cordes", "--games", "10", "--seed", "3")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "games: 10"
    assert any(line.startswith("  heuristic (side A) wins") and "(" in line and "–" in line for line in lines)  # a mirror by default
    for start in ("seats: P1 wins", "first player wins", "length:", "endings:", "quality: fairness", "cards, the seats of heuristic, on both sides"):
        assert any(line.startswith(start) for line in lines), start


def test_saved_records_replay_as_the_games_were_played(tmp_path):
    folder = tmp_path / "records"
    result = run("simulate", "battlefight", "--games", "8", "--seed", "4", "--save-records", str(folder), "--save", "all", "--csv", str(tmp_path / "games.csv"))
    assert result.exit_code == 0
    records = sorted(folder.glob("*.jsonl"))
    assert len(records) == 8
    rows = list(csv.DictReader((tmp_path / "games.csv").open(encoding="utf-8")))
    for path, row in zip(records, rows):
        replayed = run("replay", str(path))
        assert replayed.exit_code == 0, replayed.output
        header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
        assert header["players"] == [row["p1"], row["p2"]] and str(header["seed"]) == row["seed"]
        assert path.name.endswith(f"-{row['code']}.jsonl")


def test_a_sample_keeps_at_most_three_games_per_ending(tmp_path):
    result = run("simulate", "cordes", "--games", "12", "--save-records", str(tmp_path))
    assert result.exit_code == 0
    endings = [path.stem.rsplit("-", 1)[1] for path in tmp_path.glob("*.jsonl")]
    assert endings and all(endings.count(code) <= 3 for code in endings)


def test_a_tournament_plays_every_pair_with_seats_swapped():
    result = run("tournament", "battlefight", "le-renard", "la-forteresse", "le-lutteur", "--games", "4", "--format", "json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    jsonschema.validate(document, SCHEMA)
    board = document["tournament"]
    assert len(document["studies"]) == 3
    for a in board["entrants"]:
        assert board["matrix"][a][a] is None
        for b in board["entrants"]:
            if a != b:
                assert board["matrix"][a][b]["k"] + board["matrix"][b][a]["k"] == 4
    assert sum(entry["score"]["n"] for entry in board["standings"]) == 3 * 4 * 2


def test_a_tournament_of_bots_and_its_usage_errors():
    result = run("tournament", "cardia", "random", "heuristic", "--games", "4")
    assert result.exit_code == 0 and result.stdout.startswith("tournament: cardia")
    refused = run("tournament", "cardia", "Arène des Braves", "random", "--games", "4")
    assert refused.exit_code == 2 and "entrants are bots" in refused.output
    alone = run("tournament", "cordes", "Lewis", "Lewis")
    assert alone.exit_code == 2 and "at least two different entrants" in alone.output
    unknown = run("tournament", "cordes", "Lewis", "Karpantier", "--games", "2")
    assert unknown.exit_code == 2 and "Karpentier" in unknown.output


# Ctrl-C, SIGTERM and SIGHUP, in a real process: test_signals.py.


def test_without_ray_the_backend_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)
    result = run("simulate", "dragons", "--games", "2", "--backend", "ray")
    assert result.exit_code == 2 and "pip install 'atout[ray]'" in result.output


def test_ray_gives_the_same_figures_as_local_processes():
    pytest.importorskip("ray", reason="the Ray extra is not installed: pip install 'atout[ray]'")
    local = run("simulate", "dragons", "--games", "30", "--seed", "7", "--format", "json")
    ray = run("simulate", "dragons", "--games", "30", "--seed", "7", "--format", "json", "--backend", "ray", "--workers", "2")
    assert ray.exit_code == 0, ray.output
    assert json.loads(ray.stdout) == json.loads(local.stdout)


def test_each_compares_the_values_of_a_setup_option_on_the_same_seeds():
    result = run("simulate", "dragons", "--games", "4", "--each", "rules=default,duel-strict", "--format", "json")
    assert result.exit_code == 0, result.output
    studies = json.loads(result.stdout)["studies"]
    assert [study["label"] for study in studies] == ["rules: default", "rules: duel-strict"]
    text = run("simulate", "dragons", "--games", "4", "--each", "rules=default,duel-strict")
    lines = text.stdout.splitlines()
    assert lines[0] == "games: 4 per rules"
    assert lines[2].lstrip().startswith("default ") and lines[3].lstrip().startswith("duel-strict ")
    lieux = run("simulate", "cardia", "--games", "2", "--each", "lieu=all", "--format", "json")
    labels = [study["label"] for study in json.loads(lieux.stdout)["studies"]]
    assert labels[0] == "lieu: default" and "lieu: Arène des Braves" in labels and len(labels) > 3


@pytest.mark.parametrize(
    ("each", "message"),
    [
        ("boxer=Lewis,Karpentier", "atout tournament cordes"),
        ("colour=red,blue", "one of cordes's options"),
        ("rules=default", "at least two values"),
        ("rules=default,nope", 'no rules file "nope"'),
    ],
)
def test_each_refuses_what_it_cannot_compare(each, message):
    result = run("simulate", "cordes", "--games", "2", "--each", each)
    assert result.exit_code == 2 and message in result.output, result.output


def test_on_a_terminal_the_progress_bar_shows_the_rate_and_the_time_left(tmp_path):
    import pty

    leader, follower = pty.openpty()
    command = [sys.executable, "-m", "atout.cli.main", "simulate", "cordes", "--games", "3000", "--p1", "random", "--workers", "1"]
    env = {**os.environ, "COLUMNS": "120", "TERM": "xterm"}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=follower, cwd=tmp_path, env=env, text=True)
    os.close(follower)
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the terminal is closed: the command is done
            break
        if not chunk:
            break
        seen += chunk
    stdout, _ = process.communicate(timeout=120)
    os.close(leader)
    assert process.returncode == 0
    shown = seen.decode("utf-8", "replace")
    assert re.search(r"\d+%\s+\d\d:\d\d:\d\d\s+[\d,]+ games/s", shown), shown[-400:]  # percent, time left, rate
    assert "100%" in shown
    assert stdout.startswith("games: 3000")
