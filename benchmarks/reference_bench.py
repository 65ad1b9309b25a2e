"""atout against hand-written engines of the same games: BattleFight, Duel pour Cardia, Dans les Cordes and Duel de dragons.

Run it with `python benchmarks/reference_bench.py` (add `--quick` for a
short run). For each game it plays the same seeded random-against-random
games with atout (`play_game` and its random bots, the default setup, as
`atout simulate` and `benchmarks/bench.py` play them) and with the
reference engine of `benchmarks/reference/` (plain Python written for
speed, the same cards, rules and random players: the same games, decision
for decision, as `tests/benchmarks/` checks). Both are timed in one process
on one core, in CPU time (`time.process_time`), in alternating batches (the
order swapped each round). The figures are the medians of the batches; the
ratio is each round's (its batches a few seconds apart), printed as the
median with the lowest and the highest: on a shared machine, other work
slows some batches down.

It prints, for each engine, games, turns (rounds, for dragons) and
decisions per second, and the ratio atout/reference of the time per turn
(BattleFight) and per decision (Duel pour Cardia, Dans les Cordes, dragons;
in Cardia both players choose at once: each choice is a decision, as atout
counts them). The games being the same, the
ratio per turn, per decision and per game are one number. Both engines
seed three generators per game, as `atout play` does (P1, P2 and chance,
from the game's seed): this costs the same in both, and is timed on its own
too, so that the ratio is also given for the engines' own work.

Figures vary with the machine and its load: compare runs made on the same
machine. docs/benchmarks.md quotes a run of this script.

On a machine too noisy for times (a virtual machine whose host takes its
processor away at times: there, two runs of this script on the same
code gave Duel de dragons' ratio as 5.5x and 4.5x), `--instructions` counts instead the
processor instructions each engine executes for the same games, with
Valgrind's callgrind (`apt-get install valgrind`), as `compare.py
--instructions` counts two versions of atout: each engine plays the games
in a process of its own under callgrind, and again without them (the
process's start, the cards read, a first game), Python's string hashing
seeded alike (`PYTHONHASHSEED=0`), and the difference is the games'. The
count is the same from one run to the next, to about a thousandth, whatever
else the machine does. An instruction is not a second (a cache miss costs
more), but the ratio of the counts says how much more work one engine does
than the other for the same games.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # `benchmarks.reference`, run from anywhere

from benchmarks.reference import generators  # noqa: E402
from benchmarks.reference.battlefight import BattleFightReference  # noqa: E402
from benchmarks.reference.cardia import CardiaReference  # noqa: E402
from benchmarks.reference.cordes import CordesReference  # noqa: E402
from benchmarks.reference.dragons import DragonsReference  # noqa: E402

#: The reference engine of each game, and what its ratio is given per.
REFERENCES = {"battlefight": (BattleFightReference, "turn"), "cardia": (CardiaReference, "decision"), "cordes": (CordesReference, "decision"), "dragons": (DragonsReference, "decision")}


def default_game(name: str):
    """atout's game with the shipped files and the default setup (random decks; the default collections)."""
    from atout.interpreter.engine.loading import load_files
    from atout.interpreter.engine.options import check_options
    from atout.interpreter.engine.registry import find_engine

    engine = find_engine(name)
    files = load_files(engine.language)
    return engine, engine.build(files, engine.setup_from_options(files, check_options(engine.options, files, {}, name)))


def bench(name: str, games: int, rounds: int) -> list[tuple[str, str]]:
    """Time both engines on the same `games` seeded games, interleaved, `rounds` rounds; print the figures by the median.

    Returns the rows of `bench.py`'s closing table: (figure, median and spread).
    """
    from atout.interpreter.engine.play import play_game, seeded

    engine, game = default_game(name)
    make = engine.bots["random"]
    reference_class, per = REFERENCES[name]
    reference = reference_class(game)
    seeds = range(games)
    clock = time.process_time

    # Each batch keeps only what is compared of each game, as it goes: a game's final state kept alive
    # until the batch ends would make the collector go through a thousand of them, again and again.

    def atout_batch() -> tuple[float, list]:
        start = clock()
        found = []
        for seed in seeds:
            p = play_game(game, [make(seeded(seed, "P1")), make(seeded(seed, "P2"))], seed)
            found.append((p.outcome.winner, p.outcome.code, p.actions, p.turns))
        return clock() - start, found

    def reference_batch() -> tuple[float, list]:
        start = clock()
        found = []
        for seed in seeds:
            r = reference.play(seed)
            found.append((r.winner, r.code, r.decisions, r.turns))
        return clock() - start, found

    def seeding_batch() -> tuple[float, None]:
        start = clock()
        for seed in seeds:
            generators(seed)
        return clock() - start, None

    batches = {"atout": atout_batch, "reference": reference_batch, "seeding": seeding_batch}
    times: dict[str, list[float]] = {which: [] for which in batches}
    outcomes: dict[str, list] = {}
    for number in range(rounds):
        order = list(batches) if number % 2 == 0 else list(reversed(batches))
        for which in order:
            gc.collect()
            elapsed, found = batches[which]()
            times[which].append(elapsed)
            if found is not None:
                outcomes[which] = found

    theirs, ours = outcomes["atout"], outcomes["reference"]
    if theirs != ours:
        different = next(seed for seed, (a, b) in enumerate(zip(theirs, ours, strict=True)) if a != b)
        raise SystemExit(f"{name}: the reference engine did not play atout's game of seed {different}: {theirs[different]} != {ours[different]}")
    decisions = sum(game[2] for game in theirs)
    turns = sum(game[3] for game in theirs)
    unit = "rounds" if name == "dragons" else "turns"

    print(
        f"{name}: {games:,} random-against-random games (seeds 0-{games - 1}), the same games in both engines: "
        f"{turns:,} {unit}, {decisions:,} decisions; CPU time, one core, median of {rounds} interleaved batches"
    )
    for which in ("atout", "reference"):
        elapsed = statistics.median(times[which])
        print(f"  {which:<9} {games / elapsed:>9,.0f} games/s {turns / elapsed:>11,.0f} {unit}/s {decisions / elapsed:>11,.0f} decisions/s")
    # The ratio of each round (its batches a few seconds apart), then their median, lowest and highest.
    rounds_of = list(zip(times["atout"], times["reference"], times["seeding"], strict=True))
    whole = [atout / reference for atout, reference, _ in rounds_of]
    own = [(atout - seeding) / (reference - seeding) for atout, reference, seeding in rounds_of if reference > seeding]
    seeding = statistics.median(times["seeding"])
    own_text = f"{statistics.median(own):.1f}x ({_range(own)}) without the seeding of each game's three generators" if own else "the seeding of the generators costs more than the reference's games"
    print(f"  atout/reference: {statistics.median(whole):.1f}x per {per} ({_range(whole)}, whole games); {own_text} ({seeding / games * 1e6:.0f} us a game in both, timed on its own)")
    rows = [(f"{name}: atout/reference, per {per}", f"{_spread(whole)} whole games; {_spread(own) if own else 'n/a'} without seeding")]
    rows.append((f"{name}: seeding a game's generators (both engines)", f"{seeding / games * 1e6:.0f} µs a game"))
    return rows


def _spread(ratios: list[float]) -> str:
    """The median ratio, then the lowest and the highest: `3.3x (3.1x–3.6x)`."""
    return f"{statistics.median(ratios):.1f}x ({_range(ratios)})"


def _range(ratios: list[float]) -> str:
    """The lowest ratio and the highest: `3.1x–3.6x`."""
    return f"{min(ratios):.1f}x–{max(ratios):.1f}x"


def _player(which: str, name: str):
    """What plays one seeded game of `name`: atout, the reference engine, or only the seeding of both."""
    from atout.interpreter.engine.play import play_game, seeded

    engine, game = default_game(name)
    if which == "atout":
        make = engine.bots["random"]
        return lambda seed: play_game(game, [make(seeded(seed, "P1")), make(seeded(seed, "P2"))], seed).actions
    if which == "reference":
        reference = REFERENCES[name][0](game)
        return lambda seed: reference.play(seed).decisions
    return generators


def worker(which: str, name: str, games: int) -> None:
    """Play `games` seeded games (after a first, which pays for what is made once); print the decisions taken."""
    play = _player(which, name)
    play(0)
    decisions = 0
    for seed in range(games):
        found = play(seed)
        decisions += found if isinstance(found, int) else 0
    print(json.dumps({"decisions": decisions}))


def _counted(which: str, name: str, games: int, counted: bool = True) -> tuple[int, int]:
    """callgrind's count of instructions of a worker playing `games` games, and the decisions it took.

    (Not `counted`: the worker alone, without callgrind, and 0 for its count.)
    """
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", which, name, str(games)]
    if counted:
        command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command]
    done = subprocess.run(command, env={**os.environ, "PYTHONHASHSEED": "0"}, capture_output=True, text=True, cwd=tempfile.gettempdir())
    collected = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or (counted and collected is None):
        raise SystemExit(f"reference_bench.py: the {which} worker failed on {name}:\n{done.stderr.strip()[-2000:]}")
    instructions = int(collected.group(1)) if counted and collected is not None else 0
    return instructions, json.loads(done.stdout.strip().splitlines()[-1])["decisions"]


def count(name: str, games: int) -> None:
    """Count the instructions of both engines (and of the seeding alone) for the same `games` games; print the ratio."""
    counts: dict[str, int] = {}
    decisions: dict[str, int] = {}
    for which in ("atout", "reference", "seeding"):
        # A first run, not counted, leaves what a process keeps for the next (the cards read and cached,
        # compiled modules): both counted runs then find it, whichever starts first.
        _counted(which, name, 0, counted=False)
        with ThreadPoolExecutor(2) as pool:  # both at once: a count does not depend on what else runs
            (played, taken), (bare, _) = pool.map(lambda n: _counted(which, name, n), (games, 0))
        counts[which], decisions[which] = played - bare, taken
    if decisions["atout"] != decisions["reference"]:
        raise SystemExit(f"{name}: the engines took {decisions['atout']:,} and {decisions['reference']:,} decisions: not the same games")
    per = REFERENCES[name][1]
    atout, reference, seeding = counts["atout"], counts["reference"], counts["seeding"]
    own = f"{(atout - seeding) / (reference - seeding):.1f}x" if reference > seeding else "n/a"
    print(
        f"{name}: {games:,} random-against-random games (seeds 0-{games - 1}), {decisions['atout']:,} decisions; "
        f"processor instructions a game: atout {atout / games:,.0f}, reference {reference / games:,.0f}, "
        f"seeding alone {seeding / games:,.0f}\n"
        f"  atout/reference: {atout / reference:.2f}x per {per} (whole games); {own} without the seeding of each "
        f"game's three generators (instructions)",
        flush=True,
    )


def positive(text: str) -> int:
    """A count given on the command line: a whole number, at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"give at least 1, not {value}")
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer games and rounds")
    parser.add_argument("--games", type=positive, default=None, help="games per batch (default 1000, 200 quick)")
    parser.add_argument("--rounds", type=positive, default=None, help="batches of each engine (default 5, 3 quick)")
    parser.add_argument("--game", action="append", choices=list(REFERENCES), help="only this game (repeatable)")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count the processor instructions of both engines with valgrind's callgrind, instead of timing them (the same count on every run; about fifty times slower: 200 games by default)",
    )
    parser.add_argument("--worker", nargs=3, metavar=("ENGINE", "GAME", "GAMES"), help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.worker:
        which, name, games = arguments.worker
        worker(which, name, int(games))
        return
    if arguments.instructions:
        if shutil.which("valgrind") is None:
            parser.error("--instructions counts with valgrind, which this machine does not have (apt-get install valgrind)")
        for name in arguments.game or REFERENCES:
            count(name, arguments.games or 200)
        return
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    games = arguments.games or (200 if arguments.quick else 1000)
    rounds = arguments.rounds or (3 if arguments.quick else 5)
    for name in arguments.game or REFERENCES:
        bench(name, games, rounds)


if __name__ == "__main__":
    main()
