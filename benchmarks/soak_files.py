"""Soak test of the card language: validate tens of thousands of mutated card files.

Run it with `python benchmarks/soak_files.py` (50,000 files by default; not
run by CI). Each file is one of the shipped card, deck and rules files,
mutated at random the way tests/language/test_fuzz.py does it (characters
replaced, inserted, deleted, bytes flipped, the text cut short, lines
duplicated) and further: keywords of the games inserted anywhere, runs of
random characters, numbers thousands of digits long, clauses and brackets
nested hundreds deep, a line repeated thousands of times. Every file is read
and checked as `atout validate` does (alone, then against its game's other
files), and the script prints:

- files: how many were validated;
- tracebacks: files that raised any exception (a problem in the file must be
  a diagnostic, never an exception), with the first few shown;
- slow files: files that took more than 0.5 s each.

The same --seed gives the same files; `--index N` validates file N of that
seed alone and prints its exception, to reproduce one.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
import traceback
from functools import lru_cache
from multiprocessing import get_context

#: A file that takes longer than this to validate is counted as slow.
SLOW_SECONDS = 0.5

NOISE = list("=;:#[]'’\"×·-+0123456789 \n\téÀaZ") + ["\x00", "\r\n", "==", "Stable", "Blesser", "\ufeff"]
NESTING = [
    "Si tu as moins de sceaux que l'adversaire, ",  # Duel pour Cardia
    "[",
    "Si Possible ",  # BattleFight
    "(",
    "== ",
]


@lru_cache(maxsize=1)
def sources() -> list[bytes]:
    """The shipped files, as bytes."""
    from atout.cards import CARDS_DIR

    return [path.read_bytes() for path in sorted(CARDS_DIR.rglob("*.atout"))]


@lru_cache(maxsize=1)
def keywords() -> list[str]:
    """Every keyword of every game's grammar, as printed."""
    from atout.interpreter.games import LANGUAGES
    from atout.interpreter.language.parser import printed_words

    words = {word for game in LANGUAGES.values() for word in printed_words(game.grammar, game.construct_grammar).values()}
    return sorted(words)


def mutate(rng: random.Random, data: bytes) -> bytes:
    """One to six mutations of a file's bytes."""
    text = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        kind = rng.choice(["replace", "insert", "delete", "truncate", "duplicate", "flip", "keyword", "characters", "number", "nesting", "repeat"])
        at = rng.randint(0, max(0, len(text) - 1))
        if kind == "replace" and text:
            text[at : at + 1] = rng.choice(NOISE).encode()
        elif kind == "insert":
            text[at:at] = rng.choice(NOISE).encode()
        elif kind == "delete":
            del text[at : at + rng.randint(1, 40)]
        elif kind == "truncate":
            del text[at:]
        elif kind == "duplicate":
            lines = bytes(text).split(b"\n")
            index = rng.randrange(len(lines))
            lines.insert(index, lines[index])
            text = bytearray(b"\n".join(lines))
        elif kind == "flip" and text:
            text[at] ^= rng.randint(1, 255)
        elif kind == "keyword":
            text[at:at] = (" " + rng.choice(keywords()) + rng.choice([" ", "", "\n", " ; "])).encode()
        elif kind == "characters":
            text[at:at] = "".join(chr(rng.choice([rng.randint(32, 126), rng.randint(0, 0x2FFF)])) for _ in range(rng.randint(1, 30))).encode("utf-8", "replace")
        elif kind == "number":
            text[at:at] = (rng.choice(["", "-", "+"]) + "9" * rng.choice([10, 400, 4_301, 20_000])).encode()
        elif kind == "nesting":
            text[at:at] = (rng.choice(NESTING) * rng.randint(30, 2_000)).encode()
        elif kind == "repeat":
            lines = bytes(text).split(b"\n")
            index = rng.randrange(len(lines))
            lines[index:index] = [lines[index]] * rng.randint(10, 3_000)
            text = bytearray(b"\n".join(lines))
    return bytes(text)


def mutated_file(seed: int, index: int) -> bytes:
    """File `index` of a soak run with this seed."""
    rng = random.Random(f"{seed}:{index}")
    return mutate(rng, rng.choice(sources()))


def check(data: bytes) -> None:
    """Validate one file as `atout validate` does, alone and with its game's other files; raise on any exception."""
    from atout.interpreter.games import LANGUAGES
    from atout.interpreter.language.checks import Reporter
    from atout.interpreter.language.loader import read_document
    from atout.interpreter.language.project import check_game

    document = read_document("soak.atout", data, LANGUAGES)
    for diagnostic in document.diagnostics:
        diagnostic.render()
    if document.game is not None and document.node is not None:
        reporter = Reporter()
        reporter.add_source(document.path, document.lines)
        check_game(document.game, [document], reporter)
        for diagnostic in reporter.diagnostics:
            diagnostic.render()


def run_one(job: tuple[int, int]) -> tuple[int, float, str | None]:
    """(index, seconds, the traceback or None) for one file."""
    seed, index = job
    data = mutated_file(seed, index)
    start = time.perf_counter()
    try:
        check(data)
        failure = None
    except BaseException:  # noqa: BLE001 - anything at all is what we look for
        failure = traceback.format_exc()
    return index, time.perf_counter() - start, failure


def warm_up() -> None:
    """Build the parsers and read the shipped files once, so that no file's time includes them."""
    for data in sources():
        check(data)


def soak(count: int, seed: int, workers: int, progress: bool = False) -> dict:
    """Validate `count` mutated files; the counts and the first failures (the caches off meanwhile)."""
    before = os.environ.get("ATOUT_NO_CACHE")
    os.environ["ATOUT_NO_CACHE"] = "1"
    try:
        return _soak(count, seed, workers, progress)
    finally:
        if before is None:
            os.environ.pop("ATOUT_NO_CACHE", None)
        else:
            os.environ["ATOUT_NO_CACHE"] = before


def _soak(count: int, seed: int, workers: int, progress: bool) -> dict:
    jobs = [(seed, index) for index in range(count)]
    results = {"files": 0, "tracebacks": 0, "slow": 0, "failures": [], "slowest": (0.0, -1), "slow_files": []}
    if workers > 1:
        pool = get_context("fork" if sys.platform != "win32" else "spawn").Pool(workers, initializer=warm_up)
        outcomes = pool.imap_unordered(run_one, jobs, chunksize=50)
    else:
        pool = None
        warm_up()
        outcomes = map(run_one, jobs)
    try:
        for index, seconds, failure in outcomes:
            results["files"] += 1
            if failure is not None:
                results["tracebacks"] += 1
                results["failures"].append((index, failure))
            if seconds > SLOW_SECONDS:
                results["slow"] += 1
                results["slow_files"].append((index, seconds))
            if seconds > results["slowest"][0]:
                results["slowest"] = (seconds, index)
            if progress and results["files"] % 5_000 == 0:
                print(f"  {results['files']:,} files…", file=sys.stderr)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    results["failures"].sort()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=50_000, help="how many mutated files (default 50,000)")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--index", type=int, default=None, help="validate only file INDEX of the seed and show its exception")
    parser.add_argument("--show", type=int, default=3, help="how many tracebacks to print (default 3)")
    arguments = parser.parse_args()
    if arguments.index is not None:
        warm_up()
        index, seconds, failure = run_one((arguments.seed, arguments.index))
        print(failure or f"file {index} of seed {arguments.seed}: no exception, {seconds:.3f} s")
        sys.exit(1 if failure else 0)
    start = time.perf_counter()
    results = soak(arguments.count, arguments.seed, arguments.workers, progress=True)
    elapsed = time.perf_counter() - start
    for index, failure in results["failures"][: arguments.show]:
        print(f"--- file {index} (seed {arguments.seed}; rerun with --index {index}):\n{failure}")
    if results["slow_files"]:
        shown = ", ".join(f"{index} ({seconds:.2f} s)" for index, seconds in sorted(results["slow_files"])[:10])
        print(f"slow files: {shown}{' …' if len(results['slow_files']) > 10 else ''}")
    slowest, slowest_index = results["slowest"]
    print(
        f"files: {results['files']:,}; tracebacks: {results['tracebacks']:,}; "
        f"slow files (> {SLOW_SECONDS} s): {results['slow']:,}; slowest {slowest:.3f} s (file {slowest_index}); "
        f"{elapsed:.0f} s with {arguments.workers} worker{'s' * (arguments.workers != 1)} (seed {arguments.seed})"
    )
    sys.exit(1 if results["tracebacks"] else 0)


if __name__ == "__main__":
    main()
