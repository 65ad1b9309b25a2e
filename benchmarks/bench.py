"""atout's benchmark: how fast it reads cards and plays games, on one core.

Run it with `python benchmarks/bench.py` (`--quick` for a short run,
`--rounds N` for more or fewer rounds, `--game NAME` for one game's play
figures, `--cold-start` for the cold start alone). Every figure is the
**median** of rounds taken in turns (interleaved: each measure once a
round, the order reversed every other round), printed with the lowest and
the highest round: `median (min–max)`. On a shared machine other work
slows some rounds down; the median is a round as the machine usually is,
the spread says how busy it was. It prints:

- cards per second: a generated set of 10,000 cards (the shipped cards of
  the four games, renamed and repeated) parsed and validated in one
  process (CPU time);
- the cold start, as whole processes (wall time, and the CPU time of the
  process): `atout validate cards/` with the cache of checked files turned
  off (cold), on its first run (an empty cache) and when the files are
  unchanged since the last run (warm); then one `atout play` process, a
  game of Duel de dragons between random bots. Python keeps its compiled
  modules, as an install keeps them;
- for each playable game (CPU time): random-against-random games per
  second; the time of an action in random play, in play that writes the
  game's record, and in the replay of those records (re-derived and
  checked); games between the heuristic bots (one round); the mean cost of
  copying a position (`clone()`) in actions of random play; the balance
  lab's random games per second (`atout simulate`, one worker) and what its
  reading costs over plain play of the very same games;
- for the games with a hand-written engine in `reference/`, the same
  random games played by atout and by it, interleaved in this process: the
  ratio atout/reference per turn (BattleFight) or per decision (Duel de
  dragons), and without the seeding of each game's generators, timed on
  its own (`reference_bench.py`, run here);
- then these figures as one table, the one docs/benchmarks.md shows.

Figures vary with the machine and its load: compare runs made on the same
machine. Where times are too noisy, count processor instructions instead,
with Valgrind's callgrind (`apt-get install valgrind`), which the load of
the machine does not move:

- `--instructions`: the cold-start processes, from start to exit, and for
  each game (`--game`, `--games`, default 100) the instructions of an
  action in random play, in recorded play and in replay, counted only
  while the games are played (the loading of the game and a first game
  left out);
- `--lab-instructions`: the lab's bookkeeping alone, the same games of a
  study played plainly and by the lab, each in a process of its own;
- `reference_bench.py --instructions`: the ratios atout/reference, counted.

To measure one change, compare the two versions in turns with
`benchmarks/compare.py`, which also checks that they play the same games.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field

#: The figures of this run, for the closing table: (figure, median and spread), in the order measured.
SUMMARY: list[tuple[str, str]] = []

#: One `atout play` process: a game of Duel de dragons between random bots, with a seed, printing only the result.
PLAY_COMMAND = ("play", "dragons", "--p1", "random", "--p2", "random", "--seed", "1", "-q")


def spread(values: list[float], form: str = ",.0f", unit: str = "") -> str:
    """The median of `values`, then the lowest and the highest: `7,154 cards/s (6,980–7,310)` for unit " cards/s"."""
    middle = statistics.median(values)
    return f"{middle:{form}}{unit} ({min(values):{form}}–{max(values):{form}})"


def interleaved(measures: dict[str, Callable[[], float]], rounds: int) -> dict[str, list[float]]:
    """Run each measure once a round, the order reversed every other round; each measure's results, round by round."""
    found: dict[str, list[float]] = {name: [] for name in measures}
    for number in range(rounds):
        order = list(measures) if number % 2 == 0 else list(reversed(measures))
        for name in order:
            found[name].append(measures[name]())
    return found


def generated_card_set(count: int) -> dict[str, str]:
    """Card files of the four games with `count` cards in all, names made unique."""
    from atout.cards import CARDS_DIR
    from atout.interpreter.games import LANGUAGES
    from atout.interpreter.language.loader import read_file

    sources: list[tuple[str, str, list[str]]] = []  # (game, header, card blocks)
    for path in sorted(CARDS_DIR.rglob("*.atout")):
        document = read_file(path, LANGUAGES)
        if document.kind is None or document.kind.name != "cards":
            continue
        lines = document.text.split("\n")
        header = next(line for line in lines if line.strip() and not line.strip().startswith("#"))
        blocks = re.split(r"\n(?=[ \t]*==)", document.text)[1:]
        sources.append((document.game.name, header, blocks))
    files: dict[str, str] = {}
    made = 0
    round_number = 0
    while made < count:
        round_number += 1
        for game, header, blocks in sources:
            renamed = [re.sub(r"==\s*(.+?)\s*==", rf"== \1 {round_number} ==", block, count=1) for block in blocks]
            files[f"{game}-{len(files):04d}.atout"] = header + "\n\n" + "\n".join(renamed)
            made += len(blocks)
    return files


def bench_cards(count: int, rounds: int) -> None:
    """Parse and validate a generated set once a round; print the median cards per second (CPU time)."""
    from atout.interpreter.games import LANGUAGES
    from atout.interpreter.language.loader import read_document
    from atout.interpreter.language.parser import build_parser

    files = generated_card_set(count)
    for language in LANGUAGES.values():
        build_parser(language.grammar, language.starts, language.construct_grammar)  # built once per process, not measured
    counted = {"cards": 0, "problems": 0}

    def read_all() -> float:
        start = time.process_time()
        cards = problems = 0
        for name, text in files.items():
            document = read_document(name, text, LANGUAGES)
            cards += len(document.node.cards)
            problems += len(document.diagnostics)
        elapsed = time.process_time() - start
        counted.update(cards=cards, problems=problems)
        return cards / elapsed

    rates = interleaved({"cards": read_all}, rounds)["cards"]
    print(f"cards: {counted['cards']:,} cards in {len(files)} files read and validated: {spread(rates)} cards/s, median of {rounds} rounds, CPU time ({counted['problems']} problems)")
    SUMMARY.append(("parse and validate, generated set", f"{spread(rates)} cards/s"))


@dataclass
class Timed:
    """A whole process's wall time and CPU time (user and system, its children's included), in seconds, one a round."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def text(self) -> str:
        """`0.41 s (0.39–0.50), CPU 0.38 s (0.37–0.44)`."""
        return f"{spread(self.wall, '.3f', ' s')}, CPU {spread(self.cpu, '.3f', ' s')}"


def atout_command(*arguments: str) -> list[str]:
    """The `atout` command as the installed script runs it, in this interpreter."""
    return [sys.executable, "-c", "import sys; from atout.cli.main import main; sys.exit(main())", *arguments]


def run_timed(command: list[str], environment: dict[str, str], into: Timed | None = None) -> float:
    """Run a whole process; add its wall and CPU time to `into`; return its wall time. A failure ends the benchmark."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, env=environment, cwd=tempfile.gettempdir())
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        raise SystemExit(f"bench.py: `atout {' '.join(command[3:])}` failed (exit {result.returncode}):\n{result.stdout}{result.stderr}")
    if into is not None:
        into.wall.append(wall)
        into.cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return wall


def cold_start_commands(root: str) -> dict[str, tuple[list[str], Callable[[], dict[str, str]]]]:
    """The whole processes of the cold start, by name: (command, a function giving its environment at each run).

    Python keeps its compiled modules, as pip compiles them on install (a
    first, untimed run compiles them). The warm runs and the game share a
    cache of checked files under `root` (as a user's machine has one after
    a first run); each first run gets an empty one of its own.
    """
    from atout.cards import CARDS_DIR

    base = {key: value for key, value in os.environ.items() if key not in ("PYTHONDONTWRITEBYTECODE", "ATOUT_NO_CACHE", "ATOUT_CACHE_DIR")}
    validate = atout_command("validate", "-q", str(CARDS_DIR))
    play = atout_command(*PLAY_COMMAND)
    shared = os.path.join(root, "cache")
    fresh = iter(range(1_000_000))
    return {
        "atout validate cards/, cold (cache off)": (validate, lambda: dict(base, ATOUT_NO_CACHE="1")),
        "atout validate cards/, first run (empty cache)": (validate, lambda: dict(base, ATOUT_CACHE_DIR=os.path.join(root, f"empty-{next(fresh)}"))),
        "atout validate cards/, warm (files unchanged)": (validate, lambda: dict(base, ATOUT_CACHE_DIR=shared)),
        "atout play, one random dragons game": (play, lambda: dict(base, ATOUT_CACHE_DIR=shared)),
    }


def bench_cold_start(rounds: int) -> None:
    """Time the cold-start processes, interleaved, `rounds` rounds; print each one's median wall and CPU time."""
    with tempfile.TemporaryDirectory() as root:
        commands = cold_start_commands(root)
        for command, environment in commands.values():  # untimed: the compiled modules written, the shared cache filled
            run_timed(command, environment())
        timed = {name: Timed() for name in commands}

        def measure(name: str) -> Callable[[], float]:
            command, environment = commands[name]
            return lambda: run_timed(command, environment(), timed[name])

        interleaved({name: measure(name) for name in commands}, rounds)
    print(f"cold start, whole processes, median of {rounds} interleaved rounds (wall time, then the process's CPU time):")
    for name, found in timed.items():
        print(f"  {name}: {found.text()}")
        SUMMARY.append((name, f"{spread(found.wall, '.3f', ' s')} wall, {spread(found.cpu, '.3f', ' s')} CPU"))


def bench_games(name: str, games: int, rounds: int) -> None:
    """Random play, recorded play and replay in interleaved rounds; heuristic games; clone; the lab. One line of figures."""
    from atout.interpreter.engine.loading import load_files
    from atout.interpreter.engine.options import check_options
    from atout.interpreter.engine.play import play_game, seeded
    from atout.interpreter.engine.record import RecordWriter, parse_record
    from atout.interpreter.engine.registry import find_engine
    from atout.interpreter.engine.replay import replay

    engine = find_engine(name)
    files = load_files(engine.language)
    setup = engine.setup_from_options(files, check_options(engine.options, files, {}, name))  # the defaults
    game = engine.build(files, setup)
    make = engine.bots["random"]

    def players(seed: int, bot: str = "random") -> list:
        return [engine.bots[bot](seeded(seed, "P1")), engine.bots[bot](seeded(seed, "P2"))]

    records = []
    actions = 0
    for seed in range(games):
        stream = io.StringIO()
        actions += play_game(game, players(seed), seed, writer=RecordWriter(stream)).actions
        records.append(parse_record(stream.getvalue()))

    def random_play() -> float:
        start = time.process_time()
        for seed in range(games):
            play_game(game, [make(seeded(seed, "P1")), make(seeded(seed, "P2"))], seed)
        return time.process_time() - start

    def recorded_play() -> float:
        start = time.process_time()
        for seed in range(games):
            play_game(game, [make(seeded(seed, "P1")), make(seeded(seed, "P2"))], seed, writer=RecordWriter(io.StringIO()))
        return time.process_time() - start

    def replay_all() -> float:
        start = time.process_time()
        for record in records:
            for _ in replay(record, engine, files):
                pass
        return time.process_time() - start

    found = interleaved({"random": random_play, "recorded": recorded_play, "replay": replay_all}, rounds)
    per_action = {kind: [1e6 * elapsed / actions for elapsed in times] for kind, times in found.items()}
    rates = [games / elapsed for elapsed in found["random"]]
    replay_over_recorded = [again / recorded for again, recorded in zip(found["replay"], found["recorded"], strict=True)]

    heuristic_games = max(10, games // 10)
    start = time.process_time()
    heuristic_actions = sum(play_game(game, players(seed, "heuristic"), seed).actions for seed in range(heuristic_games))
    heuristic_time = time.process_time() - start

    clone_line = bench_clone(game, engine, min(games, 200), statistics.median(found["random"]) / actions)
    lab_times, plain_times = bench_lab_overhead(name, games, rounds)
    lab_share = [100 * (lab / plain - 1) for lab, plain in zip(lab_times, plain_times, strict=True)]
    print(
        f"{name}: play {spread(rates)} games/s random vs random ({actions / games:.0f} actions a game, "
        f"{spread(per_action['random'], '.2f', ' µs')} an action); writing its record {spread(per_action['recorded'], '.2f', ' µs')} an action; "
        f"replay {spread(per_action['replay'], '.2f', ' µs')} an action ({spread(replay_over_recorded, '.2f', '×')} the time of recorded play, per action); "
        f"{heuristic_games / heuristic_time:,.0f} games/s, {heuristic_actions / heuristic_time:,.0f} actions/s heuristic vs heuristic (one round); "
        f"{clone_line}; lab bookkeeping {spread(lab_share, '+.1f', '%')} over plain play of the same games; "
        f"lab {spread([games / elapsed for elapsed in lab_times])} games/s random vs random"
    )
    SUMMARY.append((f"{name}: random play", f"{spread(rates)} games/s"))
    SUMMARY.append((f"{name}: replay, per action", f"{spread(per_action['replay'], '.2f', ' µs')}; recorded play {spread(per_action['recorded'], '.2f', ' µs')}"))


def bench_lab_overhead(name: str, games: int, rounds: int = 3) -> tuple[list[float], list[float]]:
    """The CPU seconds of a study's `games` random games played by the lab (one worker), and played plainly, round by round.

    The same games both ways: each game of the study (its seed, and side A
    as P1 or P2) is played by `play_one`, which reads it as the lab does
    (its cards, its lead at each turn, its result), and by `play_game` with
    nobody listening, the same players made from the same seeds. The two
    alternate for `rounds` rounds (the first of each round swapped), each
    timed in this process's CPU time; each round's times are returned.
    """
    from atout.interpreter.api import load_game
    from atout.interpreter.engine.play import play_game, seeded
    from atout.interpreter.lab.run import _built, play_one, study_of

    study = study_of(load_game(name), ("random", "random"), games)
    play_one(study, 0, 0)  # the study's games built once, as a worker does
    built = _built(study)
    make = built.engine.bots["random"]

    def lab() -> float:
        start = time.process_time()
        for index in range(games):
            play_one(study, 0, index)
        return time.process_time() - start

    def plain() -> float:
        start = time.process_time()
        for index in range(games):
            seed, swapped = study.game_plan(index)
            play_game(built.games[int(swapped)], [make(seeded(seed, "P1")), make(seeded(seed, "P2"))], seed)
        return time.process_time() - start

    lab_times: list[float] = []
    plain_times: list[float] = []
    for round_number in range(rounds):
        for measure in (lab, plain) if round_number % 2 == 0 else (plain, lab):
            (lab_times if measure is lab else plain_times).append(measure())
    return lab_times, plain_times


def lab_instructions(name: str, games: int) -> None:
    """Print the instructions a game takes, played plainly and by the lab, and the lab's bookkeeping over plain play."""
    import shutil

    if shutil.which("valgrind") is None:
        raise SystemExit("bench.py: --lab-instructions counts with valgrind, which this machine does not have (apt-get install valgrind)")
    counts = {}
    for mode in ("plain", "lab"):
        command = [
            "valgrind",
            "--tool=callgrind",
            "--collect-atstart=no",
            "--toggle-collect=functools_reduce",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            os.path.abspath(__file__),
            "--lab-worker",
            mode,
            name,
            str(games),
        ]
        done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
        found = re.search(r"Collected : (\d+)", done.stderr)
        if done.returncode != 0 or found is None:
            raise SystemExit(f"bench.py: the {mode} games of {name} failed under callgrind:\n{done.stderr.strip()[-2000:]}")
        counts[mode] = int(found.group(1)) / games
    plain, lab = counts["plain"], counts["lab"]
    print(
        f"{name}: {games} random games, plain play {plain / 1e6:.3f} M instructions a game, the lab {lab / 1e6:.3f} M: "
        f"lab bookkeeping {100 * (lab / plain - 1):+.1f}% over plain play of the same games (callgrind)"
    )


def lab_worker(mode: str, name: str, games: int) -> None:
    """Play a study's `games` random games plainly or by the lab, inside `functools.reduce`: what callgrind counts."""
    from functools import reduce

    from atout.interpreter.api import load_game
    from atout.interpreter.engine.play import play_game, seeded
    from atout.interpreter.lab.run import _built, play_one, study_of

    study = study_of(load_game(name), ("random", "random"), games + 2)
    built = _built(study)
    make = built.engine.bots["random"]

    def plain(_: None, index: int) -> None:
        seed, swapped = study.game_plan(index)
        play_game(built.games[int(swapped)], [make(seeded(seed, "P1")), make(seeded(seed, "P2"))], seed)

    def lab(_: None, index: int) -> None:
        play_one(study, 0, index)

    play = plain if mode == "plain" else lab
    for index in (games, games + 1):  # not counted: what a first game makes once (both seatings)
        play(None, index)
    reduce(play, range(games), None)  # counted: callgrind collects only inside `reduce`


def bench_clone(game, engine, count: int, per_action: float) -> str:
    """The mean time of `clone()` at every decision of `count` random games, in actions of random play."""
    from atout.interpreter.engine.play import seeded

    clones, elapsed = 0, 0.0
    clock = time.perf_counter
    for seed in range(count):
        state = game.new_state()
        rng = engine.bots["random"](seeded(seed, "clone"))
        while (decision := state.decision()) is not None:
            start = clock()
            try:
                state.clone()
            except NotImplementedError:
                return "clone: not supported"
            elapsed += clock() - start
            clones += 1
            state.apply(rng.choose(decision, None))
    mean = elapsed / clones
    return f"clone {mean * 1e6:.1f} µs = {mean / per_action:.2f} actions ({clones:,} clones)"


def callgrind(command: list[str], environment: dict[str, str] | None = None, collect: str | None = None) -> tuple[int, str]:
    """The instructions `command` executes under callgrind (all, or only inside the function `collect`), and its output."""
    counting = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    if collect is not None:
        counting += ["--collect-atstart=no", f"--toggle-collect={collect}"]
    done = subprocess.run([*counting, *command], capture_output=True, text=True, env={**(environment or os.environ), "PYTHONHASHSEED": "0"}, cwd=tempfile.gettempdir())
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"bench.py: {' '.join(command[3:])} failed under callgrind:\n{done.stderr.strip()[-2000:]}")
    return int(found.group(1)), done.stdout


def need_valgrind() -> None:
    """End with a message when valgrind is not installed."""
    if shutil.which("valgrind") is None:
        raise SystemExit("bench.py: the instruction counts are valgrind's (callgrind), which this machine does not have (apt-get install valgrind)")


def cold_start_instructions() -> None:
    """Print the instructions of each cold-start process, from its start to its exit (callgrind)."""
    print("cold start, whole processes, processor instructions (callgrind, from start to exit):")
    with tempfile.TemporaryDirectory() as root:
        for name, (command, environment) in cold_start_commands(root).items():
            before = environment()
            run_timed(command, before)  # the compiled modules written, the cache as the timed runs find it
            count, _ = callgrind(command, before if "first run" not in name else environment())
            print(f"  {name}: {count / 1e6:,.0f} M instructions")


def game_instructions(name: str, games: int) -> None:
    """Print the instructions of a random game, of a recorded one, and of a replay, per action (callgrind)."""
    counts: dict[str, float] = {}
    actions = 0
    for mode in ("plain", "record", "replay"):
        command = [sys.executable, os.path.abspath(__file__), "--game-worker", mode, name, str(games)]
        count, output = callgrind(command, collect="functools_reduce")
        actions = json.loads(output.strip().splitlines()[-1])["actions"]
        counts[mode] = count / actions
    plain, record, again = counts["plain"], counts["record"], counts["replay"]
    print(
        f"{name}: {games} random games, {actions:,} actions; instructions an action: random play {plain:,.0f}, "
        f"writing its record {record:,.0f}, replay {again:,.0f} ({again / record:.2f}× recorded play) (callgrind)"
    )


def game_worker(mode: str, name: str, games: int) -> None:
    """Play (`plain`, `record`) or replay (`replay`) `games` random games inside `functools.reduce`: what callgrind counts.

    Prints the actions taken, as JSON. The first games are played (and
    replayed) before, not counted: what a first game makes once.
    """
    from functools import reduce

    from atout.interpreter.engine.loading import load_files
    from atout.interpreter.engine.options import check_options
    from atout.interpreter.engine.play import play_game, seeded
    from atout.interpreter.engine.record import RecordWriter, parse_record
    from atout.interpreter.engine.registry import find_engine
    from atout.interpreter.engine.replay import replay

    engine = find_engine(name)
    files = load_files(engine.language)
    game = engine.build(files, engine.setup_from_options(files, check_options(engine.options, files, {}, name)))
    make = engine.bots["random"]

    def played(seed: int, writer: RecordWriter | None = None) -> int:
        return play_game(game, [make(seeded(seed, "P1")), make(seeded(seed, "P2"))], seed, writer=writer).actions

    def plain(taken: int, seed: int) -> int:
        return taken + played(seed)

    def record(taken: int, seed: int) -> int:
        return taken + played(seed, RecordWriter(io.StringIO()))

    records = {}
    for seed in [*range(games), games]:
        stream = io.StringIO()
        played(seed, RecordWriter(stream))
        records[seed] = parse_record(stream.getvalue())

    def again(taken: int, seed: int) -> int:
        return taken + sum(1 for _ in replay(records[seed], engine, files))

    step = {"plain": plain, "record": record, "replay": again}[mode]
    step(0, games)  # not counted: what a first game makes once
    print(json.dumps({"actions": reduce(step, range(games), 0)}))  # counted: callgrind collects only inside `reduce`


def print_summary() -> None:
    """The figures of this run as one table (Markdown), as docs/benchmarks.md shows them."""
    if not SUMMARY:
        return
    print()
    print("| figure | median (min–max) |")
    print("|---|---|")
    for what, value in SUMMARY:
        print(f"| {what} | {value} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer cards, games and rounds")
    parser.add_argument("--games", type=positive, default=None, help="games per game (default 1000, 100 quick and with --instructions)")
    parser.add_argument("--rounds", type=positive, default=None, help="interleaved rounds of each measure (default 5, 3 quick)")
    parser.add_argument("--game", action="append", help="only this game's play figures (repeatable); no card or cold-start figures")
    parser.add_argument("--cold-start", action="store_true", help="only the cold start: atout validate cards/ and one atout play, as whole processes")
    parser.add_argument("--instructions", action="store_true", help="count processor instructions (callgrind) of the cold start and of each game's play and replay, instead of timing them")
    parser.add_argument("--lab-instructions", action="store_true", help="only the lab's bookkeeping over plain play, in instructions (callgrind)")
    parser.add_argument("--lab-worker", nargs=3, metavar=("MODE", "GAME", "GAMES"), help=argparse.SUPPRESS)
    parser.add_argument("--game-worker", nargs=3, metavar=("MODE", "GAME", "GAMES"), help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.lab_worker or arguments.game_worker:
        mode, name, count = arguments.lab_worker or arguments.game_worker
        (lab_worker if arguments.lab_worker else game_worker)(mode, name, int(count))
        return
    from atout.interpreter.games import ENGINES

    unknown = [name for name in arguments.game or () if name not in ENGINES]
    if unknown:
        parser.error(f"unknown game {', '.join(unknown)}; the games are {', '.join(ENGINES)}")
    if arguments.lab_instructions or arguments.instructions:
        need_valgrind()
        if arguments.instructions and not arguments.game:
            cold_start_instructions()
        if not arguments.cold_start:
            for name in arguments.game or ENGINES:
                (game_instructions if arguments.instructions else lab_instructions)(name, arguments.games or 100)
        return
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core (the processes of the cold start too)
    rounds = arguments.rounds or (3 if arguments.quick else 5)
    if not arguments.game:
        if not arguments.cold_start:
            bench_cards(2_000 if arguments.quick else 10_000, rounds)
        bench_cold_start(rounds)
    if not arguments.cold_start:
        games = arguments.games or (100 if arguments.quick else 1000)
        for name in arguments.game or ENGINES:
            bench_games(name, games, rounds)
        from reference_bench import REFERENCES, bench as bench_reference  # beside this script

        for name in REFERENCES:
            if name in (arguments.game or ENGINES):
                SUMMARY.extend(bench_reference(name, games, rounds))
    print_summary()


def positive(text: str) -> int:
    """A count given on the command line: a whole number, at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"give at least 1, not {value}")
    return value


def run(main: Callable[[], None]) -> None:
    """Run a benchmark script's `main`: Ctrl-C stops it with a word and exit code 130, not a traceback (what was printed stands)."""
    try:
        main()
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)


if __name__ == "__main__":
    run(main)
