"""Two versions of atout, interleaved: how much faster one plays the same games.

Run it with `python benchmarks/compare.py REV` (a git revision of this
repository: a commit, a branch, `HEAD~3`) or `python benchmarks/compare.py
FOLDER` (another checkout). It compares that version ("before") with this
checkout ("after"), game by game:

- first, that both play the same games: each plays the same seeded games,
  recorded, and the records must be byte for byte the same (a change that
  makes the same moves faster is what this script measures; exit code 1
  when they differ);
- then the time of the same games with nobody listening, as the benchmark
  plays them: random against random, and between the heuristic bots. Each
  batch runs in a process of its own, pinned to one core, in CPU time
  (`time.process_time`) after a first game; the two versions alternate,
  the first of each round swapped every round; the best batch of each is
  kept (other work only ever slows a batch down), and the median is
  printed too.

On a shared machine, a whole run of `benchmarks/bench.py` varies by a tenth
or more from one run to the next: it cannot see a change of a few percent.
Batches of both versions taken in turns, a minute apart at most, can, on
a machine that is quiet enough.

Where none is (a virtual machine whose host takes its processor away at
times), `--instructions` counts instead the processor instructions each
version executes for the games, with Valgrind's callgrind (`apt-get install
valgrind`): the same count on every run, to about a thousandth (what is
left to chance is where objects land in memory), whatever else the machine
does.
Each version plays the games once under it, and once without them (the
start of a process, the first game), and the difference is theirs. The two
versions run in turn from a copy of their files in the same folder: from
two folders, the very same code counts up to 5% apart (the paths are in
its strings, and where its objects land in memory follows). Python's
string hashing is seeded alike in both (`PYTHONHASHSEED=0`), or the count
moves by a few percent from run to run. Under callgrind, Python runs about
fifty times slower: give it a hundred random games and two heuristic ones
(`--games 100 --heuristic 2`). An instruction is not a second (a cache miss,
a slow division cost more), but a change that executes fewer of them for
the same games does less work. Two versions whose code for the games is
the same can differ by a few thousandths (their objects land elsewhere):
a smaller difference is not a measurement.

A revision is read with `git archive` into a temporary folder; a version is
imported from the `typecheck/` folder of its tree (one link per package of
`atout`), which every version of atout since the speed work holds.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

#: This checkout.
ROOT = Path(__file__).resolve().parent.parent
#: The games compared by default: the four.
GAMES = ("battlefight", "cordes", "cardia", "dragons")


def import_atout_from(folder: str) -> None:
    """Make `atout` the package of `folder`/atout, whatever atout is installed beside it.

    A tree older than `atout/__init__.py` holds a namespace package, which a
    regular `atout` installed in site-packages would win over, however early
    the tree stands on the path.
    """
    import importlib.machinery
    import importlib.util

    spec = importlib.machinery.ModuleSpec("atout", None, is_package=True)
    spec.submodule_search_locations = [os.path.join(folder, "atout")]
    sys.modules["atout"] = importlib.util.module_from_spec(spec)


def worker(name: str, bot: str, games: int, record: bool, any_core: bool = False) -> None:
    """Play `games` seeded games of `name` (in the process `main` started); print what was measured as JSON."""
    if hasattr(os, "sched_setaffinity") and not any_core:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    import_atout_from(os.environ["PYTHONPATH"])
    import atout.interpreter
    from atout.interpreter.engine.loading import load_files
    from atout.interpreter.engine.options import check_options
    from atout.interpreter.engine.play import play_game, seeded
    from atout.interpreter.engine.record import RecordWriter
    from atout.interpreter.engine.registry import find_engine

    engine = find_engine(name)
    files = load_files(engine.language)
    setup = engine.setup_from_options(files, check_options(engine.options, files, {}, name))  # the defaults
    game = engine.build(files, setup)
    make = engine.bots[bot]
    where = os.path.dirname(os.path.abspath(atout.interpreter.__file__))  # links not followed: the tree's typecheck/
    if record:
        digest = hashlib.sha256()
        for seed in range(games):
            stream = io.StringIO()
            play_game(game, [make(seeded(seed, "P1")), make(seeded(seed, "P2"))], seed, writer=RecordWriter(stream))
            digest.update(stream.getvalue().encode())
        print(json.dumps({"digest": digest.hexdigest(), "from": where}))
        return
    play_game(game, [make(seeded(0, "P1")), make(seeded(0, "P2"))], 0)  # the first game pays for what is made once
    actions = 0
    start = time.process_time()
    for seed in range(games):
        actions += play_game(game, [make(seeded(seed, "P1")), make(seeded(seed, "P2"))], seed).actions
    print(json.dumps({"seconds": time.process_time() - start, "actions": actions, "from": where}))


class Version:
    """A version of atout to run: the folder its `atout` package is imported from."""

    def __init__(self, label: str, tree: Path) -> None:
        self.label = label
        self.tree = tree
        self.path = Path(os.path.abspath(tree / "typecheck"))
        if not (self.path / "atout" / "interpreter").is_dir():
            raise SystemExit(f"compare.py: {tree} has no typecheck/atout/interpreter: not a checkout of atout, or one too old to compare")

    def run(self, name: str, bot: str, games: int, record: bool = False, counted: bool = False) -> dict:
        """One batch in a new process: what `worker` printed (with `counted`, under callgrind: its `instructions` too)."""
        command = [sys.executable, str(Path(__file__).resolve()), "--worker", name, bot, str(games)] + (["--record"] if record else [])
        environment = {**os.environ, "PYTHONPATH": str(self.path)}
        if counted:  # on any core: the count is the same
            command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command, "--any-core"]
            environment["PYTHONHASHSEED"] = "0"
        done = subprocess.run(command, env=environment, capture_output=True, text=True, cwd=tempfile.gettempdir())
        if done.returncode != 0:
            raise SystemExit(f"compare.py: the {self.label} version failed on {name} ({bot}):\n{done.stderr.strip()}")
        result = json.loads(done.stdout.strip().splitlines()[-1])
        if not Path(result["from"]).is_relative_to(self.path):
            raise SystemExit(f"compare.py: the {self.label} version was imported from {result['from']}, not from {self.tree}")
        if counted:
            collected = re.search(r"Collected : (\d+)", done.stderr)
            if collected is None:
                raise SystemExit(f"compare.py: callgrind gave no count of instructions:\n{done.stderr.strip()[-2000:]}")
            result["instructions"] = int(collected.group(1))
        return result

    def instructions(self, name: str, bot: str, games: int) -> int:
        """The instructions `games` games take, counted by callgrind (a process without them subtracted).

        A first run, not counted, leaves what a process keeps for the next
        (its cards read, compiled modules): both counted runs then find it.
        """
        self.run(name, bot, 0)
        with ThreadPoolExecutor(2) as pool:  # the two runs at once: a count does not depend on what else runs
            runs = list(pool.map(lambda count: self.run(name, bot, count, counted=True), (games, 0)))
        return runs[0]["instructions"] - runs[1]["instructions"]


def extract(revision: str, into: Path) -> Path:
    """The tree of a git revision of this repository, written under `into`."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", revision], capture_output=True)
    if archive.returncode != 0:
        raise SystemExit(f"compare.py: {revision!r} is neither a folder nor a git revision of {ROOT}: {archive.stderr.decode().strip()}")
    tree = into / "tree"
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(tree, filter="data")
    return tree


def stage(tree: Path, place: Path) -> Path:
    """A copy of a version's files at `place` (emptied first): where `count` runs each version in turn.

    Run from two folders, the same code executes a different number of
    instructions (by up to 5% in BattleFight's games): the paths of its files
    are in its strings, and where its objects land in memory follows. From
    the same folder, it counts the same to a thousandth. The files copied
    are those git knows in a checkout (its changes included), else all but
    caches and environments; links are copied as links.
    """
    if place.exists():
        shutil.rmtree(place)
    for relative in _files(tree):
        source, target = tree / relative, place / relative
        if not source.is_symlink() and not source.is_file():
            continue  # a file git still knows but the checkout deleted
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_symlink():
            target.symlink_to(os.readlink(source))
        else:
            shutil.copy2(source, target)
    return place


#: What `stage` leaves out of a folder that is not a git checkout.
_NOT_COPIED = {".git", ".venv", "venv", "__pycache__", "node_modules", ".mypy_cache", ".pytest_cache"}


def _files(tree: Path) -> list[str]:
    """The files of a version's tree, relative to it."""
    if (tree / ".git").exists():
        listed = subprocess.run(["git", "-C", str(tree), "ls-files", "-z", "--cached", "--others", "--exclude-standard"], capture_output=True)
        if listed.returncode == 0:
            return sorted(set(filter(None, listed.stdout.decode().split("\0"))))
    found = []
    for folder, folders, names in os.walk(tree):
        links = [f for f in folders if os.path.islink(os.path.join(folder, f))]  # copied as links, not entered
        folders[:] = [f for f in folders if f not in _NOT_COPIED and not f.endswith(".egg-info") and f not in links]
        found += [os.path.relpath(os.path.join(folder, name), tree) for name in names + links]
    return sorted(found)


def same_games(before: Version, after: Version, name: str, bot: str, games: int) -> bool:
    """Whether both versions record the same `games` seeded games of `name`, byte for byte."""
    return before.run(name, bot, games, record=True)["digest"] == after.run(name, bot, games, record=True)["digest"]


def compare(before: Version, after: Version, name: str, bot: str, games: int, rounds: int) -> bool:
    """Print one line comparing the two versions on `games` games of `name` between `bot` bots; whether they are the same games."""
    same = same_games(before, after, name, bot, games)
    times: dict[str, list[float]] = {before.label: [], after.label: []}
    actions = 0
    for index in range(rounds):
        order = (before, after) if index % 2 == 0 else (after, before)
        for version in order:
            result = version.run(name, bot, games)
            times[version.label].append(result["seconds"])
            actions = result["actions"]
    best = {label: min(values) for label, values in times.items()}
    median = {label: statistics.median(values) for label, values in times.items()}

    def rates(label: str) -> str:
        slowest = max(times[label])
        return f"{games / best[label]:,.0f} games/s" + (f" (slowest batch {games / slowest:,.0f})" if rounds > 1 else "")

    print(
        f"{name} {bot}: {games:,} games ({actions:,} actions), {rounds} rounds: before {rates(before.label)}, "
        f"after {rates(after.label)}; after/before time {best[after.label] / best[before.label]:.3f} best, "
        f"{median[after.label] / median[before.label]:.3f} median; same games: {'yes' if same else 'NO'}",
        flush=True,
    )
    return same


def count(before: Version, after: Version, name: str, bot: str, games: int, place: Path) -> bool:
    """Print one line comparing the instructions the two versions execute for the same games; whether they are the same games.

    Each version is counted in turn from a copy at the same `place` (see `stage`).
    """
    same = same_games(before, after, name, bot, games)
    counts = {version.label: Version(version.label, stage(version.tree, place)).instructions(name, bot, games) for version in (before, after)}
    print(
        f"{name} {bot}: {games:,} games, processor instructions: before {counts['before'] / games:,.0f} a game, "
        f"after {counts['after'] / games:,.0f} a game; after/before {counts['after'] / counts['before']:.4f}; "
        f"same games: {'yes' if same else 'NO'}",
        flush=True,
    )
    return same


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("before", nargs="?", help="a git revision of this repository, or the folder of another checkout")
    parser.add_argument("--game", action="append", choices=GAMES, help="only this game (repeatable)")
    parser.add_argument("--games", type=int, default=1000, help="random games per batch (default 1000)")
    parser.add_argument("--heuristic", type=int, default=10, help="heuristic games per batch (default 10; 0: none)")
    parser.add_argument("--rounds", type=int, default=5, help="batches of each version (default 5)")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count the processor instructions of the games with valgrind's callgrind, instead of timing them (the same count on every run; about fifty times slower: try --games 100 --heuristic 2)",
    )
    parser.add_argument("--worker", nargs=3, metavar=("GAME", "BOT", "GAMES"), help=argparse.SUPPRESS)
    parser.add_argument("--record", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--any-core", action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.worker:
        name, bot, games = arguments.worker
        worker(name, bot, int(games), arguments.record, arguments.any_core)
        return
    if arguments.before is None:
        parser.error("say which version to compare with: a git revision or a folder")
    if min(arguments.games, arguments.rounds) < 1 or arguments.heuristic < 0:
        parser.error("--games and --rounds must be at least 1, --heuristic at least 0")
    if arguments.instructions and shutil.which("valgrind") is None:
        parser.error("--instructions counts with valgrind, which this machine does not have (apt-get install valgrind)")
    with tempfile.TemporaryDirectory(prefix="atout-compare-") as scratch:
        given = Path(arguments.before)
        tree = given.resolve() if given.is_dir() else extract(arguments.before, Path(scratch))
        before, after = Version("before", tree), Version("after", ROOT)
        same = True
        for name in arguments.game or GAMES:
            for bot, games in (("random", arguments.games), ("heuristic", arguments.heuristic)):
                if not games:
                    continue
                if arguments.instructions:
                    same &= count(before, after, name, bot, games, Path(scratch) / "counted")
                else:
                    same &= compare(before, after, name, bot, games, arguments.rounds)
    if not same:
        print("the two versions do not play the same games: their times compare different work", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    from bench import run  # beside this script

    run(main)
