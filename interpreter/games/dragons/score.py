"""What a position of Duel de dragons is worth to a seat: the heuristic bot's position score.

Points count first. Then the hands: each card's chance to beat a card of the
other's hand on statistics drawn as a round draws them (a tie counts half),
summed over the hand, for the rounds still to play. This is a score of the
position (the statistics each card has now, fatigue included), not a model
of any card: what a card does in a round is seen by trying it (`bots.py`).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any

#: What a point of the score is worth; the hands' strength is weighed against it.
POINT = 1.0
#: How much the hands count, per round still to play (capped at `FUTURE_CAP` rounds).
FUTURE_WEIGHT = 0.6
FUTURE_CAP = 3


@lru_cache(maxsize=None)
def stat_draws(low: int, high: int) -> tuple[tuple[float, tuple[int, ...]], ...]:
    """Every set of statistics a round may ask, with its chance: how many, then which."""
    draws = []
    for k in range(low, high + 1):
        combos = list(combinations(range(4), k))
        for combo in combos:
            draws.append((1 / (high - low + 1) / len(combos), combo))
    return tuple(draws)


@lru_cache(maxsize=200_000)
def chance(mine: tuple[int, ...], theirs: tuple[int, ...], low: int, high: int) -> float:
    """The chance that a card of statistics `mine` beats one of `theirs` in a round (a tie counts half)."""
    total = 0.0
    ahead_by = [a - b for a, b in zip(mine, theirs)].__getitem__  # a statistic's lead: the sums compare as the leads' sum
    for weight, combo in stat_draws(low, high):
        ahead = sum(map(ahead_by, combo))
        total += weight if ahead > 0 else weight / 2 if ahead == 0 else 0.0
    return total


def strength(state: Any, seat: int) -> float:
    """The sum over `seat`'s hand of each card's chance against the other's hand, each card as likely."""
    rules = state.rules
    now = state.now
    theirs = tuple([now[card] for card in state.hands[1 - seat]])
    if not theirs:
        return 0.0
    mine = tuple([now[card] for card in state.hands[seat]])
    return hands_strength(mine, theirs, rules.stats_min, rules.stats_max)


@lru_cache(maxsize=100_000)
def hands_strength(mine: tuple[tuple[int, ...], ...], theirs: tuple[tuple[int, ...], ...], low: int, high: int) -> float:
    """`strength` of a hand of statistics `mine` against `theirs` (the same hands recur in every trial)."""
    total = 0.0
    for card in mine:
        total += card_strength(card, theirs, low, high)
    return total


@lru_cache(maxsize=100_000)
def card_strength(card: tuple[int, ...], theirs: tuple[tuple[int, ...], ...], low: int, high: int) -> float:
    """A card's mean chance against a hand of statistics `theirs`.

    Kept apart from `hands_strength`: the tries of a decision play each
    card of the hand against the same hands of the other, so each card's
    value comes back in many of the hands tried.
    """
    return sum([chance(card, other, low, high) for other in theirs]) / len(theirs)


def rounds_to_play(state: Any) -> int:
    """The rounds still to play, the current one included (1 in a decisive round)."""
    if state.decisive:
        return 1
    return max(1, state.rules.rounds - state.round + 1)


def position_score(state: Any, seat: int) -> float:
    """Points ahead, plus the hands' strength ahead (weighed by the rounds still to play).

    Each of `seat`'s cards beats the other's hand with some chance and
    loses with the rest: what `seat`'s hand is ahead is twice its strength
    less its size (hands are the same size).
    """
    score = state.score
    future = min(rounds_to_play(state), FUTURE_CAP) * FUTURE_WEIGHT
    ahead = 2 * strength(state, seat) - len(state.hands[seat])
    return POINT * (score[seat] - score[1 - seat]) + future * ahead
