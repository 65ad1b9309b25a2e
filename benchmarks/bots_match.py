"""The heuristic bots that try cards against the old ones that modelled them, and against the random bot.

Run it with `python benchmarks/bots_match.py` (every game) or `--game cordes`
(repeatable); `--games 200` games per game and pairing, the new bot in P1 in
the even games and in P2 in the odd ones (seats swapped half the time).
Game i is played with seed `--seed` + i: a run is the same on any machine.

Two generations of old bots are kept: `benchmarks/tried_bots/` (`--old
tried`, the default), each game's heuristic bot as it was on 2026-12-07,
trying every option at full depth, before it was made faster; and
`benchmarks/old_bots/` (`--old model`), as it was when it valued cards with
a hand-written model of their effects.
It prints, per game and opponent: the new bot's wins, losses and draws, its
share of the decided games with its 95% Wilson interval, and the mean
processor seconds per decision of each bot. `--speed` prints instead, per
game, the actions per second of heuristic-against-heuristic play (as
`bench.py` measures it, in processor time) for the old bots and the new.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import time
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mcts_match import wilson  # noqa: E402

GAMES = ("dragons", "cordes", "cardia", "battlefight")


class Timed:
    """A bot whose decisions and their processor seconds are counted."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.decisions = 0
        self.seconds = 0.0

    def choose(self, decision: Any, view: Any) -> int:
        started = time.process_time()
        index = self.bot.choose(decision, view)
        self.seconds += time.process_time() - started
        self.decisions += 1
        return index


def old_bot(name: str, old: str) -> Any:
    """The old heuristic bot of a game: `tried` (2026-12-07) or `model` (hand-written models)."""
    return importlib.import_module(f"{'tried_bots' if old == 'tried' else 'old_bots'}.{name}").HeuristicBot


def _one(job: tuple[str, str, int, int, str, str]) -> tuple[int | None, dict[str, tuple[int, float]]]:
    """One game of a match: the new bot's seat's result (1 won, 0 lost, None a draw) and each bot's decisions and seconds."""
    name, opponent, game_seed, seat, side, old = job
    from atout.interpreter.engine.play import play_game, seeded
    from atout.interpreter.engine.players import RandomBot

    loaded = _loaded(name)
    first = loaded.engine.bots["heuristic"] if side == "new" else old_bot(name, old)
    second = RandomBot if opponent == "random" else old_bot(name, old)
    mine, theirs = Timed(first(seeded(game_seed, "new"))), Timed(second(seeded(game_seed, "other")))
    players: list[Any] = [mine, theirs] if seat == 0 else [theirs, mine]
    winner = play_game(loaded.game, players, game_seed).outcome.winner
    result = None if winner is None else int(winner == seat)
    return result, {"new": (mine.decisions, mine.seconds), "other": (theirs.decisions, theirs.seconds)}


_LOADED: dict[str, Any] = {}


def _loaded(name: str) -> Any:
    """The game, loaded once per process."""
    from atout.interpreter.api import load_game

    if name not in _LOADED:
        _LOADED[name] = load_game(name)
    return _LOADED[name]


def match(name: str, opponent: str, games: int, seed: int, side: str = "new", old: str = "tried", workers: int = 1) -> str:
    """`games` games of the `side` heuristic bot ("new", or "old" for a reference) against `opponent` ("old" or "random").

    Game i is played with seed `seed` + i, the new bot in P1 when i is even:
    the same games for any number of `workers` (processes).
    """
    jobs = [(name, opponent, seed + i, i % 2, side, old) for i in range(games)]
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_one, jobs, chunksize=8))
    else:
        results = [_one(job) for job in jobs]
    wins = sum(1 for result, _ in results if result == 1)
    losses = sum(1 for result, _ in results if result == 0)
    draws = games - wins - losses
    spent = {key: [sum(r[1][key][0] for r in results), sum(r[1][key][1] for r in results)] for key in ("new", "other")}
    low, high = wilson(wins, wins + losses)
    share = wins / (wins + losses) if wins + losses else 0.0
    per = {key: (s / d if d else 0.0) for key, (d, s) in spent.items()}
    against = opponent if opponent == "random" else f"{old} {opponent}"
    return (
        f"{name}: {side} heuristic vs {against}: {wins} wins, {losses} losses, {draws} draws in {games} games; "
        f"{side} wins {share:.1%} of the decided games (95% interval {low:.1%}–{high:.1%}); "
        f"seconds per decision: {side} {per['new'] * 1000:.2f} ms, {opponent} {per['other'] * 1000:.2f} ms; "
        f"processor seconds: {side} {spent['new'][1]:.1f}, {opponent} {spent['other'][1]:.1f}"
    )


def speed(name: str, games: int = 10, old: str = "tried", rounds: int = 3) -> list[str]:
    """Heuristic against heuristic (a mirror), old bots then new, in interleaved rounds: games and actions per second of processor time, by the median."""
    from atout.interpreter.engine.loading import load_files
    from atout.interpreter.engine.options import check_options
    from atout.interpreter.engine.play import play_game, seeded
    from atout.interpreter.engine.registry import find_engine

    engine = find_engine(name)
    files = load_files(engine.language)
    game = engine.build(files, engine.setup_from_options(files, check_options(engine.options, files, {}, name)))
    bots = {"old": old_bot(name, old), "new": engine.bots["heuristic"]}
    spent: dict[str, list[float]] = {label: [] for label in bots}
    actions = {label: 0 for label in bots}
    for _ in range(rounds):
        for label, make in bots.items():
            started = time.process_time()
            actions[label] = 0
            for seed in range(games):
                actions[label] += play_game(game, [make(seeded(seed, "P1")), make(seeded(seed, "P2"))], seed).actions
            spent[label].append(time.process_time() - started)
    lines = []
    median = {label: sorted(times)[len(times) // 2] for label, times in spent.items()}
    for label in bots:
        lines.append(
            f"{name}: {label if label == 'new' else old} heuristic mirror: {games / median[label]:,.1f} games/s "
            f"(min–max {games / max(spent[label]):,.1f}–{games / min(spent[label]):,.1f}), "
            f"{actions[label] / median[label]:,.0f} actions/s ({games} games, median of {rounds} rounds)"
        )
    lines.append(f"{name}: new / {old}: {median['old'] / median['new']:.2f}x the games per second")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", action="append", choices=GAMES, help="only this game (repeatable)")
    parser.add_argument("--games", type=int, default=200, help="games per game and opponent (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the first game")
    parser.add_argument("--against", action="append", choices=("old", "random"), help="the opponents (default both)")
    parser.add_argument("--side", choices=("new", "old"), default="new", help="the bot that plays the opponents: the new heuristic bot (default) or the old one, for reference")
    parser.add_argument("--old", choices=("tried", "model"), default="tried", help="the old bots: tried (2026-12-07, default) or model (hand-written models)")
    parser.add_argument("--workers", type=int, default=1, help="processes playing the games of a match (the same games for any number)")
    parser.add_argument("--speed", action="store_true", help="only the speed of heuristic mirrors, old bots and new (--games games each, 3 interleaved rounds)")
    arguments = parser.parse_args()
    if arguments.speed:
        for name in arguments.game or GAMES:
            print("\n".join(speed(name, arguments.games, arguments.old)), flush=True)
        return
    for name in arguments.game or GAMES:
        for opponent in arguments.against or ("old", "random"):
            print(match(name, opponent, arguments.games, arguments.seed, arguments.side, arguments.old, arguments.workers), flush=True)


if __name__ == "__main__":
    main()
