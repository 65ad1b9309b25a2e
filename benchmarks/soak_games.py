"""Soak every registered game: many games, each replayed from its record, some records tampered with.

    python benchmarks/soak_games.py                  # 10,000 games per game, 2 workers
    python benchmarks/soak_games.py --games 500 --seed 7
    python benchmarks/soak_games.py --games 1000 --examples   # with each game's example set

For each game of `atout.interpreter.games.ENGINES`, game i is played with
seed SEED + i, by each bot pairing in turn, over every rules file the game
ships (variants included) with no option and with each of the engine's
`option_examples` (decks, Lieux, boxers, collections), with its record
written; the state's
invariants are checked after every action; the record is then replayed as
`atout replay` does (every field checked). One record in `--tamper-every`
is tampered with every way `tests/contract/tampering.py` knows (fields of
its lines, lines dropped, duplicated, swapped, truncation, a cut line); each
variant must be refused, except the "informational" ones, which do not
change the game.

With `--examples`, each game is played with the example set shipped in its
folder (`cards/<game>/exemples`, an extension laid over the game) instead of
the game as shipped, with that set's decks, boxers and collections.

It prints, per game: games played, exceptions, invariant breaks, replay
failures, games by end reason (the five most common); then tampered records
by kind: how many, refused, accepted. Exit 1 if anything that must not
happen did. Not run by CI (a slice of it is: tests/contract/test_soak_slice.py).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
import traceback
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "contract"))

from tampering import KINDS, play_recorded, sample_lines, setup_for, setups, variants, verdict  # noqa: E402

_files: dict = {}
_games: dict = {}
_setups: dict = {}
#: The folder each game is played with, by name (`--examples`); the shipped files otherwise.
_folders: dict = {}


def _setups_of(engine) -> list:
    """The game's (rules file, options example) pairs, found once per process."""
    if engine.name not in _setups:
        _setups[engine.name] = setups(engine, _files_of(engine))
    return _setups[engine.name]


def _files_of(engine):
    from atout.interpreter.engine.loading import load_files

    if engine.name not in _files:
        folder = _folders.get(engine.name)
        _files[engine.name] = load_files(engine.language, [folder]) if folder else load_files(engine.language)
    return _files[engine.name]


def _shipped_of(engine):
    """The game's shipped files (what a record's shipped files are checked against)."""
    from atout.interpreter.engine.loading import load_files

    key = ("shipped", engine.name)
    if key not in _files:
        _files[key] = load_files(engine.language)
    return _files[key]


def _game(engine, combo: int):
    key = (engine.name, combo)
    if key not in _games:
        files = _files_of(engine)
        rules, example = _setups_of(engine)[combo]
        _games[key] = engine.build(files, setup_for(engine, files, rules, example))
    return _games[key]


def plan(name: str, games: int, seed: int) -> list[tuple[str, int, tuple[str, str], int]]:
    """The games to play for one game: (name, setup number, bots, seed), every pairing in turn,
    then every setup (each rules file, with no option and with each of the engine's examples)."""
    from atout.interpreter.games import ENGINES

    engine = ENGINES[name]
    pairings = list(itertools.product(engine.bots, repeat=2))
    combos = len(_setups_of(engine))
    return [(name, (i // len(pairings)) % combos, pairings[i % len(pairings)], seed + i) for i in range(games)]


def soak_chunk(args) -> dict:
    """Play, replay and (one in `tamper_every`) tamper with the games of a chunk; the counts."""
    chunk, tamper_every, limit, every, sample = args
    from atout.interpreter.games import ENGINES

    counts = {
        "games": Counter(),
        "exceptions": Counter(),
        "invariants": Counter(),
        "replay": Counter(),
        "reasons": Counter(),
        "tampered": Counter(),
        "refused": Counter(),
        "accepted": Counter(),
        "tamper exceptions": Counter(),
        "examples": [],
    }
    for name, combo, bots, seed in chunk:
        engine = ENGINES[name]
        counts["games"][name] += 1
        rules = _setups_of(engine)[combo]
        try:
            text, events, played, problems = play_recorded(engine, _game(engine, combo), bots, seed)
            counts["reasons"][(name, _reason(played.state.outcome().reason))] += 1
            if problems:
                counts["invariants"][name] += 1
                counts["examples"].append(f"{name} {rules} {bots} seed {seed}: invariant: {problems[0]}")
            refusal = verdict(text, _shipped_of)
            if refusal is not None:
                counts["replay"][name] += 1
                counts["examples"].append(f"{name} {rules} {bots} seed {seed}: replay: {refusal.message}")
            outcome = played.state.outcome()
            written = _game(engine, combo).outcome_text(outcome.winner, outcome.code, outcome.facts)
            if written != outcome.reason:  # a record's reader would read another reason
                counts["replay"][name] += 1
                counts["examples"].append(f"{name} {rules} {bots} seed {seed}: the record's code gives «{written}», not «{outcome.reason}»")
        except Exception:  # noqa: BLE001 - counted and shown
            counts["exceptions"][name] += 1
            counts["examples"].append(f"{name} {rules} {bots} seed {seed}:\n{traceback.format_exc()}")
            continue
        if tamper_every and seed % tamper_every == 0:
            lines = text.splitlines()
            numbers = sample_lines(lines)
            if sample is not None and len(numbers) > sample:
                numbers = numbers[:: -(-len(numbers) // sample)]
            for variant in variants(lines, numbers, every=every, limit=limit):
                counts["tampered"][variant.kind] += 1
                try:
                    refused = verdict(variant.text, _shipped_of) is not None
                except Exception:  # noqa: BLE001 - a traceback a user would see
                    counts["tamper exceptions"][variant.kind] += 1
                    counts["examples"].append(f"{name} seed {seed} {variant.kind} line {variant.line} {variant.what}:\n{traceback.format_exc()}")
                    continue
                counts["refused" if refused else "accepted"][variant.kind] += 1
                if not refused and variant.kind != "informational":
                    counts["examples"].append(f"{name} seed {seed}: accepted {variant.kind} line {variant.line}: {variant.what}")
    return counts


def _reason(reason: str) -> str:
    """An end reason without its figures, to count them."""
    return "".join("#" if c.isdigit() else c for c in reason).split(" (")[0]


def soak(
    games: int,
    seed: int,
    workers: int = 2,
    tamper_every: int = 200,
    limit: int | None = 24,
    every: int = 1,
    sample: int | None = None,
    names=None,
) -> dict:
    """Play `games` games of each game; the merged counts.

    One record in `tamper_every` is tampered with: the fields of a sample of
    its lines (at most `sample` lines, `limit` mutations a field), and the
    structure at every `every`-th line.
    """
    from atout.interpreter.games import ENGINES

    tasks = []
    for name in names or ENGINES:
        planned = plan(name, games, seed)
        size = max(1, len(planned) // (8 * max(workers, 1)))
        tasks += [(planned[i : i + size], tamper_every, limit, every, sample) for i in range(0, len(planned), size)]
    if workers > 1:
        with Pool(workers) as pool:
            results = pool.map(soak_chunk, tasks, chunksize=1)
    else:
        results = [soak_chunk(task) for task in tasks]
    total: dict = {}
    for result in results:
        for key, value in result.items():
            if key == "examples":
                total.setdefault(key, []).extend(value)
            else:
                total.setdefault(key, Counter()).update(value)
    return total


def failures(counts: dict) -> int:
    """How many things happened that must not: exceptions, invariant breaks, replay failures, tampering accepted."""
    accepted = sum(n for kind, n in counts["accepted"].items() if kind != "informational")
    return sum(counts["exceptions"].values()) + sum(counts["invariants"].values()) + sum(counts["replay"].values()) + accepted + sum(counts["tamper exceptions"].values())


def report(counts: dict) -> list[str]:
    """The counts as lines of text."""
    lines = []
    for name, played in counts["games"].items():
        lines.append(f"{name}: {played:,} games, {counts['exceptions'][name]} exceptions, {counts['invariants'][name]} invariant breaks, {counts['replay'][name]} replay failures")
        reasons = sorted(((n, r) for (g, r), n in counts["reasons"].items() if g == name), reverse=True)[:5]
        for n, reason in reasons:
            lines.append(f"    {n:>6,} ({100 * n / played:5.1f}%) {reason}")
    lines.append("tampered records, by kind: variants, refused, accepted, exceptions")
    for kind in KINDS:
        made = counts["tampered"][kind]
        if made:
            note = " (does not change the game: may be accepted)" if kind == "informational" else ""
            lines.append(f"    {kind:<14} {made:>8,} {counts['refused'][kind]:>8,} {counts['accepted'][kind]:>6,} {counts['tamper exceptions'][kind]:>4}{note}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per game (default 10,000)")
    parser.add_argument("--seed", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--tamper-every", type=int, default=200, help="tamper with one record in this many (default 200)")
    parser.add_argument("--limit", type=int, default=24, help="mutations per field of a tampered line (default 24)")
    parser.add_argument("--examples", action="store_true", help="play each game with the example set in its folder")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    options = parser.parse_args()
    if options.examples:
        from atout.interpreter.engine.loading import shipped_folder
        from atout.interpreter.games import ENGINES

        for name, engine in ENGINES.items():
            _folders[name] = shipped_folder(engine.language) / "exemples"
    started = time.perf_counter()
    counts = soak(options.games, options.seed, options.workers, options.tamper_every, options.limit, names=options.game)
    for line in report(counts):
        print(line)
    bad = failures(counts)
    print(f"{bad} failures in {time.perf_counter() - started:.0f} s")
    for example in counts["examples"][:10]:
        print("---", example)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
