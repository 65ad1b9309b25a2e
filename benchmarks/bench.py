"""atout's benchmark: how fast it reads cards and plays games, on one core.

Run it with `python benchmarks/bench.py` (add `--quick` for a short run). It
prints:

- cards per second: a generated set of 10,000 cards (the shipped cards of
  the four games, renamed and repeated) parsed and validated in one process;
- the wall time of `atout validate cards/` as a whole process, cold start
  included: when the files are unchanged since the last run (the usual case
  on every save and in CI), the first run of all, and with the cache of
  checked files turned off (Python's compiled modules kept, as an install
  keeps them);
- for each playable game: random-against-random games per second and actions
  (answered decisions) per second; the same with the heuristic bots; and the
  replay speed (records re-derived and checked) compared with both, per
  action; the mean cost of copying a position (`clone()`, at every
  decision of random games) in actions of random play; and the balance
  lab's random-against-random games per second (`atout simulate` with one
  worker: each game read as the lab reads it), and what the lab's reading
  costs over plain play of the very same games (the same seeds and seats,
  nobody listening), in percent: the two interleaved in rounds, in CPU
  time, the best round of each;
- for BattleFight and Duel de dragons, the same random games played by
  atout and by the hand-written engines of `reference/`, interleaved in this
  process, with the ratio atout/reference (`reference_bench.py`, run here).

Where a measure is repeated (best of 3 for the cards, best of 2 for random
play and replay), the best run is printed: on a shared machine, other work
only ever slows a run down.

Figures vary with the machine and its load: compare runs made on the same
machine. `--lab-instructions` (with `--game`, `--games`, default 100)
measures only the lab's bookkeeping, in processor instructions counted by
Valgrind's callgrind (`apt-get install valgrind`), which the machine's load
does not change: the same games of a study played plainly and by the lab,
each in a process of its own, the count taken only while the games are
played (the loading of the game and the first games left out), and printed
per game with the lab's share over plain play. docs/benchmarks.md quotes a run of this script. To measure one
change, compare the two versions in turns with `benchmarks/compare.py`,
which also checks that they play the same games.
"""

from __future__ import annotations

import argparse
import io
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable


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


def bench_cards(count: int) -> None:
    """Parse and validate a generated set; print cards per second."""
    from atout.interpreter.games import LANGUAGES
    from atout.interpreter.language.loader import read_document
    from atout.interpreter.language.parser import build_parser

    files = generated_card_set(count)
    for language in LANGUAGES.values():
        build_parser(language.grammar, language.starts, language.construct_grammar)  # built once per process, not measured
    timings = []
    for _ in range(3):  # the best of three: a shared machine only ever slows a run down
        start = time.perf_counter()
        cards = 0
        problems = 0
        for name, text in files.items():
            document = read_document(name, text, LANGUAGES)
            cards += len(document.node.cards)
            problems += len(document.diagnostics)
        timings.append(time.perf_counter() - start)
    elapsed = min(timings)
    print(f"cards: {cards:,} cards in {len(files)} files read and validated in {elapsed:.2f} s (best of 3): {cards / elapsed:,.0f} cards/s ({problems} problems)")


def bench_validate_process(runs: int) -> None:
    """Time `atout validate cards/` as a whole process, with an empty cache, then unchanged files."""
    from atout.cards import CARDS_DIR

    command = [sys.executable, "-c", "from atout.cli.main import main; main()", "validate", "-q", str(CARDS_DIR)]

    def timed(environment: dict) -> float:
        start = time.perf_counter()
        result = subprocess.run(command, capture_output=True, text=True, env=environment)
        elapsed = time.perf_counter() - start
        if result.returncode != 0:
            print(result.stdout, result.stderr)
            raise SystemExit("atout validate failed on the shipped cards")
        return elapsed

    # As on a user's machine, Python keeps the compiled modules (pip compiles them on install): a first,
    # untimed run compiles them, where the environment does not forbid it (PYTHONDONTWRITEBYTECODE).
    base = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    timed(dict(base, ATOUT_NO_CACHE="1"))
    with tempfile.TemporaryDirectory() as cache:
        environment = dict(base, ATOUT_CACHE_DIR=cache)
        first = timed(environment)
        again = min(timed(environment) for _ in range(runs))
    fresh = min(timed(dict(base, ATOUT_NO_CACHE="1")) for _ in range(runs))
    print(
        f"atout validate cards/ as a whole process, cold start included: {again:.2f} s when the files are "
        f"unchanged since the last run (best of {runs}); {first:.2f} s for the first run; "
        f"{fresh:.2f} s with the cache turned off (best of {runs})"
    )


def bench_games(name: str, games: int) -> None:
    """Random-against-random games, heuristic games, then the replay of the random games' records."""
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

    def play_many(bot: str, count: int) -> tuple[float, int]:
        make = engine.bots[bot]
        start = time.perf_counter()
        actions = 0
        for seed in range(count):
            actions += play_game(game, [make(seeded(seed, "P1")), make(seeded(seed, "P2"))], seed).actions
        return time.perf_counter() - start, actions

    random_time, random_actions = min(play_many("random", games) for _ in range(2))
    heuristic_games = max(10, games // 10)
    heuristic_time, heuristic_actions = play_many("heuristic", heuristic_games)

    records = []
    bots = engine.bots["random"]
    for seed in range(games):
        stream = io.StringIO()
        play_game(game, [bots(seeded(seed, "P1")), bots(seeded(seed, "P2"))], seed, writer=RecordWriter(stream))
        records.append(parse_record(stream.getvalue()))

    def replay_all() -> tuple[float, int]:
        start = time.perf_counter()
        replayed = 0
        for record in records:
            for _ in replay(record, engine, files):
                replayed += 1
        return time.perf_counter() - start, replayed

    replay_time, replayed = min(replay_all() for _ in range(2))

    clone_line = bench_clone(game, engine, min(games, 200), random_time / random_actions)
    lab_time, plain_time = bench_lab_overhead(name, games)

    random_rate = random_actions / random_time
    heuristic_rate = heuristic_actions / heuristic_time
    replay_rate = replayed / replay_time
    print(
        f"{name}: play {games / random_time:,.0f} games/s, {random_rate:,.0f} actions/s random vs random "
        f"({random_actions / games:.0f} actions a game); {heuristic_games / heuristic_time:,.0f} games/s, "
        f"{heuristic_rate:,.0f} actions/s heuristic vs heuristic; replay {games / replay_time:,.0f} games/s, "
        f"{replay_rate:,.0f} actions/s ({replay_rate / random_rate:.1f}× random play, "
        f"{replay_rate / heuristic_rate:.1f}× heuristic play, per action); {clone_line}; "
        f"lab bookkeeping {100 * (lab_time / plain_time - 1):+.1f}% over plain play of the same games; "
        f"lab {games / lab_time:,.0f} games/s random vs random"
    )


def bench_lab_overhead(name: str, games: int, rounds: int = 3) -> tuple[float, float]:
    """The CPU seconds of a study's `games` random games played by the lab (one worker), and played plainly.

    The same games both ways: each game of the study (its seed, and side A
    as P1 or P2) is played by `play_one`, which reads it as the lab does
    (its cards, its lead at each turn, its result), and by `play_game` with
    nobody listening, the same players made from the same seeds. The two
    alternate for `rounds` rounds (the first of each round swapped), each
    timed in this process's CPU time; the best of each is returned (other
    work on a shared machine only ever slows a round down).
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
    return min(lab_times), min(plain_times)


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer cards and games")
    parser.add_argument("--games", type=int, default=None, help="games per game (default 1000, 100 quick)")
    parser.add_argument("--game", action="append", help="only this game's play figures (repeatable); no card figures")
    parser.add_argument("--lab-instructions", action="store_true", help="only the lab's bookkeeping over plain play, in instructions (callgrind)")
    parser.add_argument("--lab-worker", nargs=3, metavar=("MODE", "GAME", "GAMES"), help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.lab_worker:
        mode, name, count = arguments.lab_worker
        lab_worker(mode, name, int(count))
        return
    if arguments.lab_instructions:
        from atout.interpreter.games import ENGINES

        for name in arguments.game or ENGINES:
            lab_instructions(name, arguments.games or 100)
        return
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    from atout.interpreter.games import ENGINES

    if not arguments.game:
        bench_cards(2_000 if arguments.quick else 10_000)
        bench_validate_process(3 if arguments.quick else 5)
    games = arguments.games or (100 if arguments.quick else 1000)
    for name in arguments.game or ENGINES:
        bench_games(name, games)
    from reference_bench import REFERENCES, bench as bench_reference  # beside this script

    for name in REFERENCES:
        if name in (arguments.game or ENGINES):
            bench_reference(name, games, 3 if arguments.quick else 5)


def run(main: Callable[[], None]) -> None:
    """Run a benchmark script's `main`: Ctrl-C stops it with a word and exit code 130, not a traceback (what was printed stands)."""
    try:
        main()
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)


if __name__ == "__main__":
    run(main)
