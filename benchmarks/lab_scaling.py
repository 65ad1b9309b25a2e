"""How the balance lab scales: one worker against several, and what the parallel machinery costs.

Run it with `python benchmarks/lab_scaling.py` (`--games N`, default 10,000;
`--game NAME`, default dragons, the fastest game, where the machinery's share
is largest). It plays the same study (heuristic against random, seats
swapped) four ways, interleaved and best of `--repeat` runs (other work on
a shared machine only ever slows a run down):

- **in process**: `run(workers=1)`, the games played in this process;
- **pool of 1**: the same games sent to one worker process, in pieces, as
  the parallel path does; the difference with the line above, per game, is
  the cost of the machinery (pickling the pieces and results, the queue);
- **pool of 2, …**: the speed-up over the in-process run;
- **start-up**: the time a pool of N takes to start and answer an empty
  piece (process start, imports, building the game).

From the measured start-up and per-game costs it extrapolates the time of
the same study on 64 cores: start-up + games × per-game time / 64, with the
machinery's per-game cost added to each game. CPU time is not used: a
parallel run is judged by its wall time. Figures vary with the machine and
its load: compare runs made on the same machine.
"""

from __future__ import annotations

import argparse
import os
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--game", default="dragons")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--workers", type=int, nargs="*", default=[2])
    args = parser.parse_args()

    from atout.interpreter import load_game
    from atout.interpreter.lab.run import _run_pool, run, study_of

    loaded = load_game(args.game)
    study = study_of(loaded, ("heuristic", "random"), args.games, seed=1)
    cores = len(os.sched_getaffinity(0))
    print(f"{args.game}: {args.games:,} games, heuristic against random, seats swapped; {cores} cores here")

    def timed(workers: int, pooled: bool) -> tuple[float, list]:
        if pooled:
            from atout.interpreter.lab import run as lab_run

            started = time.perf_counter()
            pieces = lab_run.chunks(lab_run.all_work([study]), workers)
            results = [r for piece in lab_run._run_pool([study], pieces, workers) for r in piece]
            results.sort(key=lambda r: (r.study, r.index))
            return time.perf_counter() - started, results
        started = time.perf_counter()
        finished = run([study], 1)
        return time.perf_counter() - started, finished.results

    best: dict[str, float] = {}
    reference = None
    for _ in range(args.repeat):
        for name, workers, pooled in [("in process", 1, False), ("pool of 1", 1, True), *[(f"pool of {w}", w, True) for w in args.workers]]:
            seconds, results = timed(workers, pooled)
            digest = [r.as_json() for r in results]
            if reference is None:
                reference = digest
            assert digest == reference, f"{name} gave other results"
            best[name] = min(best.get(name, float("inf")), seconds)

    def start_up(workers: int) -> float:
        started = time.perf_counter()
        list(_run_pool([study], [[(0, 0)]] * workers, workers))
        return time.perf_counter() - started

    starts = {w: min(start_up(w) for _ in range(args.repeat)) for w in [1, *args.workers]}

    base = best["in process"]
    per_game = base / args.games
    machinery = (best["pool of 1"] - base) / args.games
    print(f"{'in process':<12} {base:8.2f} s  {args.games / base:8,.0f} games/s  {1e6 * per_game:7.1f} µs per game")
    for name in best:
        if name == "in process":
            continue
        seconds = best[name]
        print(f"{name:<12} {seconds:8.2f} s  {args.games / seconds:8,.0f} games/s  ×{base / seconds:4.2f} over in process")
    print(f"machinery: {1e6 * machinery:+.1f} µs per game ({100 * machinery / per_game:+.1f}% of a game)")
    for workers, seconds in starts.items():
        print(f"start-up of a pool of {workers}: {seconds:.2f} s (processes, imports, the game built, one game played)")
    extrapolated = starts[max(starts)] + args.games * (per_game + max(0.0, machinery)) / 64
    print(
        f"64 cores, extrapolated: {extrapolated:.2f} s for {args.games:,} games "
        f"(start-up {starts[max(starts)]:.2f} s + {args.games:,} × {1e6 * (per_game + max(0.0, machinery)):.0f} µs / 64), "
        f"×{base / extrapolated:.1f} over one core; 1,000,000 games: {starts[max(starts)] + 1_000_000 * (per_game + max(0.0, machinery)) / 64:.0f} s"
    )


if __name__ == "__main__":
    main()
