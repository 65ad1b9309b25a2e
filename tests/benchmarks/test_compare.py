"""`benchmarks/compare.py`: two versions of atout timed in turns, after checking that they play the same games."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "compare.py"


def compare(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, cwd=cwd, timeout=600)


def test_a_version_compared_with_itself_plays_the_same_games(tmp_path):
    done = compare(str(ROOT), "--game", "dragons", "--games", "4", "--heuristic", "0", "--rounds", "2", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    (line,) = done.stdout.splitlines()
    assert line.startswith("dragons random: 4 games (") and "2 rounds" in line and "after/before time" in line
    assert line.endswith("same games: yes")


def test_a_version_whose_cards_differ_plays_other_games_and_fails(tmp_path):
    """The other version: this interpreter, with one dragon's Puissance changed."""
    tree = tmp_path / "other"
    links = tree / "typecheck" / "atout"
    links.mkdir(parents=True)
    for package in ("interpreter", "cli", "grammar"):
        (links / package).symlink_to(ROOT / package, target_is_directory=True)
    shutil.copytree(ROOT / "cards", tree / "cards", ignore=shutil.ignore_patterns("__pycache__"))
    (links / "cards").symlink_to(tree / "cards", target_is_directory=True)
    dragons = tree / "cards" / "dragons" / "dragons.atout"
    text = dragons.read_text(encoding="utf-8")
    assert "Puissance 48 ·" in text
    dragons.write_text(text.replace("Puissance 48 ·", "Puissance 49 ·", 1), encoding="utf-8")

    done = compare(str(tree), "--game", "dragons", "--games", "4", "--heuristic", "0", "--rounds", "1", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stdout.strip().endswith("same games: NO")
    assert "do not play the same games" in done.stderr and "Traceback" not in done.stderr


def test_what_is_not_a_version_is_refused_with_a_message(tmp_path):
    for given, message in [("no-such-revision", "neither a folder nor a git revision"), (str(tmp_path), "has no typecheck/atout/interpreter")]:
        done = compare(given, "--game", "dragons", cwd=tmp_path)
        assert done.returncode != 0
        assert message in done.stderr and "Traceback" not in done.stderr


def test_instructions_without_valgrind_is_refused_with_a_message(tmp_path):
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(ROOT), "--instructions"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=600,
        env={**os.environ, "PATH": str(tmp_path)},
    )
    assert done.returncode == 2
    assert "apt-get install valgrind" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.slow
@pytest.mark.benchmark
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="--instructions counts with valgrind (apt-get install valgrind)")
def test_instructions_do_not_depend_on_the_folder_a_version_is_in(tmp_path):
    """`--instructions`: callgrind's count of the games, a process without them subtracted, the
    hashing seeded alike: the same code counted from this checkout and from a copy in a folder of
    another name and depth executes as many instructions, to a hundredth.

    Run from their own folders, the two counted up to 5% apart in BattleFight (0.7% in Duel de
    dragons); each is now counted from a copy at the same place. What is left to chance is where
    objects land in memory, and with it how often the collector runs: on a busy machine two
    counts of one game were 0.46% apart, so a thousandth is no tolerance; a real change to the
    code of the games is several hundredths. (This is also the test that a version counted twice
    gives the same count: the code is the same.)"""
    copy = tmp_path / "a" / "much" / "longer" / "path" / "to" / "another-checkout"
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], capture_output=True, check=True).stdout.decode()
    for relative in filter(None, listed.split("\0")):
        source, target = ROOT / relative, copy / relative
        if source.is_symlink() or source.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            if source.is_symlink():
                target.symlink_to(os.readlink(source))
            else:
                shutil.copy2(source, target)
    done = compare(str(copy), "--game", "battlefight", "--games", "2", "--heuristic", "0", "--instructions", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    (line,) = done.stdout.splitlines()
    found = re.fullmatch(
        r"battlefight random: 2 games, processor instructions: before ([\d,]+) a game, after ([\d,]+) a game; "
        r"after/before ([\d.]+); same games: yes",
        line,
    )
    assert found, line
    before, after = (int(found.group(index).replace(",", "")) for index in (1, 2))
    assert before > 100_000 and abs(after / before - 1) < 0.01 and abs(float(found.group(3)) - 1) < 0.01, line
