"""`benchmarks/bench.py`: medians of interleaved rounds, the cold start as whole processes, instruction counts.

What is tested is the shape of what is printed and that the figures agree
with each other, never a speed: a test that timed the code would fail on a
busy machine.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bench.py"


def load_bench():
    """The script as a module (it lives outside the package)."""
    spec = importlib.util.spec_from_file_location("atout_bench_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def bench(*args: str, tmp_path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=600, cwd=tmp_path)


def test_a_figure_is_the_median_with_the_lowest_and_the_highest():
    spread = load_bench().spread
    assert spread([3.0, 1.0, 2.0, 10.0, 2.5]) == "2 (1–10)"
    assert spread([0.41, 0.39, 0.5], ".2f", " s") == "0.41 s (0.39–0.50)"
    assert spread([1000.0, 2500.0]) == "1,750 (1,000–2,500)"  # an even count: the mean of the two middle rounds


def test_rounds_are_interleaved_the_order_reversed_every_other_round():
    module = load_bench()
    calls: list[str] = []

    def measure(name: str):
        def run() -> float:
            calls.append(name)
            return float(len(calls))

        return run

    found = module.interleaved({"a": measure("a"), "b": measure("b"), "c": measure("c")}, 3)
    assert calls == ["a", "b", "c", "c", "b", "a", "a", "b", "c"]
    assert found == {"a": [1.0, 6.0, 7.0], "b": [2.0, 5.0, 8.0], "c": [3.0, 4.0, 9.0]}


def test_the_closing_table_lists_every_figure_measured(capsys):
    module = load_bench()
    module.SUMMARY[:] = [("dragons: random play", "5,000 (4,000–6,000) games/s"), ("cards", "7 (6–8) cards/s")]
    module.print_summary()
    lines = capsys.readouterr().out.splitlines()
    assert lines == ["", "| figure | median (min–max) |", "|---|---|", "| dragons: random play | 5,000 (4,000–6,000) games/s |", "| cards | 7 (6–8) cards/s |"]
    module.SUMMARY.clear()
    module.print_summary()
    assert capsys.readouterr().out == ""


def test_the_game_figures_are_medians_of_rounds(tmp_path):
    done = bench("--game", "dragons", "--games", "3", "--rounds", "2", tmp_path=tmp_path)
    assert done.returncode == 0, done.stderr
    line = done.stdout.splitlines()[0]
    median = r"[\d,.]+ ?(?:µs|%|×)? \([\d,.+-]+ ?(?:µs|%|×)?–[\d,.+-]+ ?(?:µs|%|×)?\)"
    assert re.match(rf"dragons: play {median} games/s random vs random \(\d+ actions a game, {median} an action\); writing its record {median} an action; replay {median} an action", line), line
    assert "atout/reference: " in done.stdout and "x per decision (" in done.stdout
    table = done.stdout.split("\n\n")[-1].splitlines()
    assert table[:2] == ["| figure | median (min–max) |", "|---|---|"]
    assert [row.split(" | ")[0] for row in table[2:]] == [
        "| dragons: random play",
        "| dragons: replay, per action",
        "| dragons: atout/reference, per decision",
        "| dragons: seeding a game's generators (both engines)",
    ]


@pytest.mark.slow
def test_the_cold_start_is_timed_as_whole_processes(tmp_path):
    done = bench("--cold-start", "--rounds", "1", tmp_path=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "cold start, whole processes, median of 1 interleaved rounds (wall time, then the process's CPU time):"
    names = [
        "atout validate cards/, cold (cache off)",
        "atout validate cards/, first run (empty cache)",
        "atout validate cards/, warm (files unchanged)",
        "atout play, one random dragons game",
    ]
    for name, line in zip(names, lines[1:5], strict=True):
        found = re.fullmatch(rf"  {re.escape(name)}: (\d+\.\d+) s \(\1–\1\), CPU (\d+\.\d+) s \(\2–\2\)", line)
        assert found, line
        assert float(found.group(1)) > 0 and float(found.group(2)) > 0
    assert [row.split(" | ")[0].lstrip("| ") for row in lines[-4:]] == names


def test_the_workers_play_and_replay_the_same_actions(tmp_path):
    """What `--instructions` counts: the same games played plainly, with their record, and replayed."""
    taken = set()
    for mode in ("plain", "record", "replay"):
        done = bench("--game-worker", mode, "dragons", "3", tmp_path=tmp_path)
        assert done.returncode == 0, done.stderr
        taken.add(done.stdout.strip())
    (only,) = taken
    assert re.fullmatch(r'\{"actions": \d+\}', only) and only != '{"actions": 0}'


def test_an_unknown_game_is_a_usage_error(tmp_path):
    done = bench("--game", "dragon", tmp_path=tmp_path)
    assert done.returncode == 2
    assert "unknown game dragon; the games are battlefight, cordes, cardia, dragons" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.slow
@pytest.mark.benchmark
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="--instructions counts with valgrind (apt-get install valgrind)")
def test_instructions_are_counted_per_action(tmp_path):
    done = bench("--instructions", "--game", "dragons", "--games", "2", tmp_path=tmp_path)
    assert done.returncode == 0, done.stderr
    found = re.fullmatch(
        r"dragons: 2 random games, (\d+) actions; instructions an action: random play ([\d,]+), writing its record ([\d,]+), "
        r"replay ([\d,]+) \(([\d.]+)× recorded play\) \(callgrind\)\n",
        done.stdout,
    )
    assert found, done.stdout
    plain, record, replayed = (int(found.group(i).replace(",", "")) for i in (2, 3, 4))
    assert int(found.group(1)) > 10 and 0 < plain < record
    assert abs(float(found.group(5)) - replayed / record) < 0.006
