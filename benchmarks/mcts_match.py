"""Matches of the search bot against each game's heuristic bot, on every core.

Run it with `python benchmarks/mcts_match.py` (every game that can be
searched), or `--game dragons` (repeatable); `--games 200` games per game,
the search bot in P1 in the even games and in P2 in the odd ones (seats
swapped half the time). Game i is played with seed `--seed` + i, so a run
is the same on any machine when the budget is in iterations (the default:
`--budget 400`, or per game the iterations that take about 0.2 s per
decision here, see `BUDGETS`); a budget in seconds (`--budget 0.2s`) is not.

It prints, per game: the search bot's wins, the heuristic's wins, the draws,
the search bot's share of the decided games with its 95% Wilson interval,
the budget, and the mean processor seconds per searched decision (each
worker runs on one core; the processor time leaves out the other work of a
shared machine). Games are shared out between `--jobs` processes (all
cores by default).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import sys
import time
from functools import cache
from typing import Any

#: Per game, the default iterations per decision: what takes about 0.2 s on one core (Dans les Cordes: a guess, not measured).
BUDGETS: dict[str, str] = {"dragons": "900", "cardia": "300", "cordes": "250", "battlefight": "50"}

#: The default budget of a game not in `BUDGETS`.
DEFAULT_BUDGET = "400"


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (0, 1 when nothing was tried)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@cache
def _loaded(name: str) -> Any:
    from atout.interpreter.api import load_game

    return load_game(name)


def play_one(task: tuple[str, str, int]) -> tuple[str, int, int | None, int, float, int]:
    """One game: (game, the search bot's seat, 1 if it won / 0 if it lost / None, searched decisions, their seconds, iterations)."""
    from atout.interpreter.api import make_players
    from atout.interpreter.engine.mcts import MctsBot
    from atout.interpreter.engine.play import play_game

    name, budget, seed = task
    loaded = _loaded(name)
    seat = seed % 2
    names = [f"mcts:{budget}", "heuristic"] if seat == 0 else ["heuristic", f"mcts:{budget}"]
    players = make_players(loaded, names, seed)
    bot = players[seat]
    assert isinstance(bot, MctsBot)
    spent = [0.0]

    class Timed:
        """The search bot, its processor time counted (other processes on the machine do not count)."""

        name = bot.name

        def choose(self, decision: Any, view: Any) -> int:
            started = time.process_time()
            index = bot.choose(decision, view)
            spent[0] += time.process_time() - started
            return index

    players[seat] = Timed()
    winner = play_game(loaded.game, players, seed).outcome.winner
    result = None if winner is None else int(winner == seat)
    return name, seat, result, bot.decisions, spent[0], bot.iterations


def main(argv: list[str] | None = None) -> int:
    from atout.interpreter.engine.mcts import BudgetError, can_search, parse_budget
    from atout.interpreter.games import ENGINES

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game to play (repeatable); every game that can be searched by default")
    parser.add_argument("--games", type=int, default=200, help="games per game (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    parser.add_argument("--budget", help=f"the search bot's budget: N iterations or Xs seconds (default: per game, else {DEFAULT_BUDGET})")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: every core)")
    args = parser.parse_args(argv)
    names = args.game or [name for name in ENGINES if can_search(_loaded(name).game)]
    for name in names:
        if name not in ENGINES:
            parser.error(f'unknown game "{name}"; the games are {", ".join(ENGINES)}')
        if not can_search(_loaded(name).game):
            parser.error(f"{name} cannot be searched: its states cannot be copied")
    if args.games < 1:
        parser.error("--games must be at least 1")
    budgets = {name: args.budget or BUDGETS.get(name, DEFAULT_BUDGET) for name in names}
    try:
        for budget in budgets.values():
            parse_budget(budget)
    except BudgetError as error:
        parser.error(str(error))
    tasks = [(name, budgets[name], seed) for name in names for seed in range(args.seed, args.seed + args.games)]
    totals = {name: [0, 0, 0, 0, 0.0, 0] for name in names}  # mcts, heuristic, draws, decisions, seconds, iterations
    seats = {name: [[0, 0], [0, 0]] for name in names}  # per seat of the search bot: its wins, its games
    started = time.perf_counter()
    with multiprocessing.Pool(args.jobs) as pool:
        for name, seat, result, decisions, seconds, iterations in pool.imap_unordered(play_one, tasks, chunksize=1):
            row = totals[name]
            row[0 if result == 1 else 1 if result == 0 else 2] += 1
            row[3] += decisions
            row[4] += seconds
            row[5] += iterations
            seats[name][seat][0] += result == 1
            seats[name][seat][1] += 1
    print(f"{args.games} games per game, seats swapped every other game, seeds {args.seed}..{args.seed + args.games - 1}, {args.jobs} processes")
    for name in names:
        won, lost, draws, decisions, seconds, iterations = totals[name]
        low, high = wilson(int(won), int(won + lost))
        share = won / (won + lost) if won + lost else float("nan")
        per = seconds / decisions if decisions else float("nan")
        print(
            f"{name}: mcts {won}, heuristic {lost}, draws {draws}; mcts share of decided games {100 * share:.1f}% "
            f"(95% interval {100 * low:.1f}–{100 * high:.1f}%); budget {budgets[name]}; "
            f"{per:.3f} s and {iterations / max(1, decisions):.0f} iterations per mcts decision; "
            f"mcts won {seats[name][0][0]} of {seats[name][0][1]} games as P1, {seats[name][1][0]} of {seats[name][1][1]} as P2"
        )
        sys.stdout.flush()
    print(f"wall time {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
