"""Duel de dragons's heuristic bot: it values a card by trying it on copies of the duel.

It keeps no model of what a card does. For the card to play, it draws a few
duels it cannot tell from the real one (the other's hand dealt anew from
what it may know, `View.sample`), and on copies of each, plays each card of
its hand against every card the other may play (each as likely: the
choice is secret), through the interpreter: the round is revealed, won or
lost, the cards tire. Each card is then worth the position it leads to, as
`score.py` scores it: the points, and what the hands are still worth for the
rounds left (so a strong card kept for later is worth keeping, and a weak
one is thrown into a round it cannot win). See `engine/trial.py`.

A power's choice of the round's statistics (`choisis les statistiques de la
manche`) is tried the same way, each set played out to the round's end,
its own card the strongest of its hand on them (`STATS`), and so is the
choice the other player's power leaves it between two effects
(`l'adversaire choisit : … ou …`); a power's choice
of another card of its hand (`power_target`) as a card is played. Other
choices a power poses are made at random.

The swaps keep the bot's strategy: it tries each swap the same way (the
reserve card drawn by chance), and swaps when the best one gains clearly
more than keeping its hand (`SWAP_GAIN` of a card's chance), sooner at the
last chance, when any gain counts.
"""

from __future__ import annotations

import random
from typing import Any

from atout.interpreter.engine.decision import Decision
from atout.interpreter.engine.trial import Trial, best, first

from .score import FUTURE_CAP, FUTURE_WEIGHT, position_score


def _this_round(state: Any, decision: Decision, seat: int, start_turn: int) -> bool:
    """A try stops at the seat's next decision, or when the next round begins."""
    return decision.player == seat or state.turn != start_turn


def _other_plays(decision: Decision, seat: int) -> bool:
    """The other's card, chosen in secret, is tried every way."""
    return decision.kind == "play" and decision.player != seat


#: Playing a card: a round played out against each of the other's cards.
PLAY = Trial(position_score, policy=first, spread=_other_plays, until=_this_round, samples=2)


def _round_over(state: Any, decision: Decision, seat: int, start_turn: int) -> bool:
    """A try of the round's statistics stops when the next round begins."""
    return state.turn != start_turn


def _strongest(state: Any, decision: Decision, rng: Any) -> int:
    """In a try of the round's statistics: its own card the strongest on them; no swap; any other choice the first."""
    if decision.kind != "play":
        return 0
    totals = state.totals(state.hands[decision.player])
    return totals.index(max(totals))


#: Choosing the round's statistics (a power): each set, the round played out, its card the strongest on it.
STATS = Trial(position_score, policy=_strongest, spread=_other_plays, until=_round_over, samples=2)

#: Swapping: the reserve card drawn, up to the choice of a card. Three positions drawn (six before) are as
#: strong: the bot that draws three won 50.9% of 1,000 games decided against the one that drew six (95%
#: interval 47.8–54.0%, seats swapped) in 0.8 times the bot's time (`benchmarks/bots_match.py`).
SWAP = Trial(position_score, policy=first, spread=_other_plays, until=_this_round, samples=3)


class HeuristicBot:
    """Plays the card whose trials lead to the best position; swaps when a swap's trials gain clearly."""

    name = "heuristic"

    #: The gain in a card's chance to win a round that makes a swap worth it before the last chance.
    SWAP_GAIN = 0.12

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision: Decision, view: Any) -> int:
        """The option whose trials score best; ties are broken at random."""
        if len(decision.options) == 1:
            return 0
        if decision.kind == "play":
            return best(PLAY.values(decision, view, self.rng), self.rng)
        if decision.kind == "swap":
            return self._swap(decision, view)
        if decision.kind in ("power_stats", "power_choice"):
            return best(STATS.values(decision, view, self.rng), self.rng)
        if decision.kind == "power_target":
            return best(PLAY.values(decision, view, self.rng), self.rng)
        return int(self.rng.random() * len(decision.options))

    def _swap(self, decision: Decision, view: Any) -> int:
        """The best swap when it gains more than `SWAP_GAIN` (any gain at the last chance); else no swap."""
        values = SWAP.values(decision, view, self.rng)
        keep = next(index for index, option in enumerate(decision.options) if option.value is None)
        seen = view()
        future = 0.0 if seen.rounds_left == 0 else min(seen.rounds_left + 1, FUTURE_CAP) * FUTURE_WEIGHT
        threshold = 2 * future * self.SWAP_GAIN  # a card's chance counts twice in the hands' difference
        gains = [value - values[keep] for value in values]
        chosen = best(gains, self.rng)
        return chosen if gains[chosen] > threshold else keep
