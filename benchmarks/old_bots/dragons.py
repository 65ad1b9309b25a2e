"""Duel de dragons' heuristic bot.

It sees the game through the `DragonsView` of `view.py`.

The heuristic bot (`heuristic`):

- models the other player's card as one of their hand at random: the cards
  it has seen them play, as last seen, and for the hand slots it has not
  seen, a card like its own drawn cards at full strength (its only idea of
  what a collection holds);
- scores each card by its chance to win this round on the statistics asked
  (a tie counts half), minus what the fatigue would cost it in later rounds:
  the drop of the card's chance to win a round on random statistics, times
  the weight of the rounds left. So it plays the card that wins at the lowest
  cost, throws a weak card into a round it cannot win, and keeps its best
  cards for later; in the last round and in decisive rounds only this round
  counts;
- swaps its weakest card (by its chance on random statistics) when a card of
  its reserve is worth clearly more on average, sooner when the gap is wide,
  at the last chance when there is any gain.
"""

from __future__ import annotations

import random
from itertools import combinations

from atout.interpreter.engine.decision import Decision

from atout.interpreter.games.dragons.view import DragonsView, Stats


def stat_draws(low: int, high: int) -> list[tuple[float, tuple[int, ...]]]:
    """Every set of statistics a round may ask, with its chance: how many, then which."""
    draws = []
    for k in range(low, high + 1):
        combos = list(combinations(range(4), k))
        for combo in combos:
            draws.append((1 / (high - low + 1) / len(combos), combo))
    return draws


class Opponent:
    """The other player's card, as a weighted list of statistics."""

    def __init__(self, view: DragonsView) -> None:
        seen = list(view.seen)[-view.hand_size :]
        unseen = max(0, view.hand_size - len(seen))
        cards: list[tuple[float, Stats]] = [(1 / view.hand_size, stats) for stats in seen]
        # An unseen card is never played yet, so at full strength: like one of my own drawn cards.
        pool = [*view.drawn]
        if unseen and pool:
            weight = unseen / view.hand_size / len(pool)
            cards += [(weight, stats) for stats in pool]
        self.cards = cards

    def win_chance(self, mine: Stats, stats: tuple[int, ...]) -> float:
        """The chance that `mine` beats the other's card on `stats` (a tie counts half)."""
        total = sum(mine[i] for i in stats)
        chance = 0.0
        for weight, theirs in self.cards:
            other = sum(theirs[i] for i in stats)
            if total > other:
                chance += weight
            elif total == other:
                chance += weight / 2
        return chance


class HeuristicBot:
    """Wins rounds at the lowest cost, keeps its best cards for later, swaps its weakest card."""

    name = "heuristic"

    #: How much a card's later chances count, per round left (capped at `FUTURE_CAP` rounds).
    FUTURE_WEIGHT = 0.6
    FUTURE_CAP = 3
    #: The gain in average chance that makes a swap worth it now.
    SWAP_GAIN = 0.12

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self._draws: dict[tuple[int, int], list] = {}

    def choose(self, decision: Decision, view) -> int:
        """The best-scoring option; ties are broken at random."""
        score = getattr(self, f"_score_{decision.kind}", None)
        if score is None:
            return int(self.rng.random() * len(decision.options))
        scores = score(decision, view())
        best = max(scores)
        choices = [i for i, s in enumerate(scores) if s >= best - 1e-9]
        return choices[int(self.rng.random() * len(choices))]

    def _average(self, card: Stats, opponent: Opponent, view: DragonsView) -> float:
        """A card's chance to win a round on random statistics."""
        draws = self._draws.get(view.stats_counts)
        if draws is None:
            draws = self._draws[view.stats_counts] = stat_draws(*view.stats_counts)
        return sum(weight * opponent.win_chance(card, combo) for weight, combo in draws)

    def _tired(self, card: Stats, view: DragonsView) -> Stats:
        f = view.fatigue
        return tuple(max(0, v - f) if i in view.asked else v for i, v in enumerate(card))

    def _score_play(self, decision: Decision, view: DragonsView) -> list[float]:
        opponent = Opponent(view)
        future = min(view.rounds_left, self.FUTURE_CAP) * self.FUTURE_WEIGHT
        scores = []
        for option in decision.options:
            card = view.hand[option.value]
            now = opponent.win_chance(card, view.asked)
            if future:
                cost = self._average(card, opponent, view) - self._average(self._tired(card, view), opponent, view)
                now -= future * cost
            scores.append(now)
        return scores

    def _score_swap(self, decision: Decision, view: DragonsView) -> list[float]:
        opponent = Opponent(view)
        if not view.reserve:
            return [1.0] + [0.0] * (len(decision.options) - 1)
        incoming = sum(self._average(card, opponent, view) for card in view.reserve) / len(view.reserve)
        last_chance = view.rounds_left == 0
        scores = []
        for option in decision.options:
            if option.value is None:
                scores.append(0.0)
                continue
            gain = incoming - self._average(view.hand[option.value], opponent, view)
            threshold = 0.0 if last_chance else self.SWAP_GAIN
            scores.append(gain - threshold if gain > threshold else -1.0)
        return scores
