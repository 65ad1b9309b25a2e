"""How games of Duel pour Cardia end, per Lieu: a table of end reasons.

Run it with `python benchmarks/cardia_endings.py` (`--games N` per cell,
`--jobs N` processes, `--protecteurs` to play with the Protecteurs de la
Nature). For each Lieu (and no Lieu), each deck and each pairing of bots
(random against random, heuristic against heuristic) it plays N games on the
shipped cards, seeds 0 to N-1, and prints how many ended each way (the
result sheet's `how`; the safety nets `no_progress` and `turn_limit` always
have a column). It is not run by the test suite.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

REASONS = ["seals", "ability", "no_card", "no_card_both", "factions", "streak", "no_progress", "turn_limit", "action_limit"]
#: The ends of a game that did not end by the rules: always shown, 0 included.
SAFETY_NETS = ["no_progress", "turn_limit"]


def play_cell(args: tuple[str | None, str, str, int, bool]) -> tuple[tuple, Counter]:
    """Play the games of one cell of the table and count their end reasons."""
    from atout.interpreter import load_game, play

    lieu, deck, bot, games, protecteurs = args
    loaded = load_game("cardia", deck=[deck], lieu=lieu, protecteurs=protecteurs)
    counts: Counter = Counter()
    for seed in range(games):
        played = play(loaded, [bot, bot], seed=seed)
        end = played.events[-1]
        counts[str(end.get("how"))] += 1
    return (lieu, deck, bot), counts


def main(argv: list[str] | None = None) -> int:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--protecteurs", action="store_true")
    options = parser.parse_args(argv)
    from atout.interpreter import load_game

    loaded = load_game("cardia")
    lieux: list[str | None] = [None] + sorted(card.name for file in loaded.files.card_files for card in file.cards if type(card).__name__ == "Lieu")
    cells = [(lieu, deck, bot, options.games, options.protecteurs) for lieu in lieux for deck in ("I", "II") for bot in ("random", "heuristic")]
    with ProcessPoolExecutor(options.jobs) as pool:
        results = list(pool.map(play_cell, cells))
    seen = [r for r in REASONS if r in SAFETY_NETS or any(counts[r] for _, counts in results)]
    seen += sorted({k for _, counts in results for k in counts} - set(seen), key=str)
    print(f"{options.games} games per row{' with the Protecteurs' if options.protecteurs else ''}; counts of each end (how)")
    header = f"{'Lieu':28} {'deck':4} {'bots':9} " + " ".join(f"{r:>12}" for r in seen)
    print(header)
    for (lieu, deck, bot), counts in results:
        row = f"{lieu or '(none)':28} {deck:4} {bot:9} " + " ".join(f"{counts[r]:>12}" for r in seen)
        print(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
