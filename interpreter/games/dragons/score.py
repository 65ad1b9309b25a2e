"""What a position of Duel de dragons is worth to a seat: the heuristic bot's position score.

Points count first. Then the hands: each card's chance to beat a card of the
other's hand on statistics drawn as a round draws them (a tie counts half),
summed over the hand, for the rounds still to play. This is a score of the
position (the statistics each card has now, fatigue included), not a model
of any card: what a card does in a round is seen by trying it (`bots.py`).
"""

from __future__ import annotations

from functools import lru_cache, cache
from itertools import combinations
from operator import sub
from typing import Any

#: What a point of the score is worth; the hands' strength is weighed against it.
POINT = 1.0
#: How much the hands count, per round still to play (capped at `FUTURE_CAP` rounds).
FUTURE_WEIGHT = 0.6
FUTURE_CAP = 3


@cache
def stat_draws(low: int, high: int) -> tuple[tuple[float, tuple[int, ...]], ...]:
    """Every set of statistics a round may ask, with its chance: how many, then which."""
    draws = []
    for k in range(low, high + 1):
        combos = list(combinations(range(4), k))
        for combo in combos:
            draws.append((1 / (high - low + 1) / len(combos), combo))
    return tuple(draws)


def chance(mine: tuple[int, ...], theirs: tuple[int, ...], low: int, high: int) -> float:
    """The chance that a card of statistics `mine` beats one of `theirs` in a round (a tie counts half).

    It depends only on each statistic's lead (the sums compare as the
    leads' sum): kept by the leads (`lead_chance`), which many pairs of
    cards share.
    """
    return lead_chance(tuple(map(sub, mine, theirs)), low, high)


@lru_cache(maxsize=20_000)
def lead_chance(lead: tuple[int, ...], low: int, high: int) -> float:
    """The chance that a card ahead of another by `lead` (statistic by statistic) wins a round (a tie counts half)."""
    total = 0.0
    ahead_by = lead.__getitem__
    for weight, combo in stat_draws(low, high):
        ahead = sum(map(ahead_by, combo))
        total += weight if ahead > 0 else weight / 2 if ahead == 0 else 0.0
    return total


def strength(state: Any, seat: int) -> float:
    """The sum over `seat`'s hand of each card's chance against the other's hand, each card as likely.

    Each card's chance against a hand is kept by that hand (`_against`):
    the tries of a decision play each card against the same hands of the
    other, so the other's hand is hashed once for the whole sum, and each
    card's value comes back in many of the hands tried. The values are
    summed in the hand's order, from 0.0.
    """
    rules = state.rules
    now = state.now
    theirs = tuple([now[card] for card in state.hands[1 - seat]])
    if not theirs:
        return 0.0
    low, high = rules.stats_min, rules.stats_max
    against = _against(low, high, theirs)
    total = 0.0
    for card in state.hands[seat]:
        row = now[card]
        value = against.get(row)
        if value is None:
            value = against[row] = card_strength(row, theirs, low, high)
        total += value
    return total


#: Each card's chance against a hand (`card_strength`), by the rounds' statistics and that hand.
_AGAINST: dict[tuple[int, int], dict[tuple[tuple[int, ...], ...], dict[tuple[int, ...], float]]] = {}

#: The hands kept at most, for one range of statistics: past it, the values kept are dropped (made again when asked).
#: The tries of one decision meet the same few hands again and again; another game's hands seldom come back, so a
#: few decisions' worth is enough, and a worker's memory stops growing within its first games (50,000 hands kept
#: it growing for over a thousand heuristic games, to a hundred megabytes, for no fewer values made again).
AGAINST_HANDS = 2_000


def _against(low: int, high: int, theirs: tuple[tuple[int, ...], ...]) -> dict[tuple[int, ...], float]:
    """The values kept of each card's chance against the hand `theirs` (statistics from `low` to `high` a round)."""
    hands = _kept(_AGAINST, (low, high), AGAINST_HANDS)
    against = hands.get(theirs)
    if against is None:
        against = hands[theirs] = {}
    return against


def _kept(tables: dict[tuple[int, int], dict[Any, Any]], statistics: tuple[int, int], most: int) -> dict[Any, Any]:
    """The values kept for a range of statistics in `tables`: a new table when none is, or when it holds `most`."""
    table = tables.get(statistics)
    if table is None or len(table) >= most:
        table = tables[statistics] = {}
    return table


#: Each pair of cards' `chance`, by the rounds' statistics and the pair's statistics (the same pairs come back
#: at every try: a dictionary read, where the leads were made again and looked up).
_PAIRS: dict[tuple[int, int], dict[tuple[tuple[int, ...], tuple[int, ...]], float]] = {}

#: The pairs kept at most, for one range of statistics (past it, they are made again when asked): kept small for
#: the same reason as `AGAINST_HANDS` (a few megabytes; the pairs made again cost under 1% of a heuristic game).
PAIRS = 20_000


def card_strength(card: tuple[int, ...], theirs: tuple[tuple[int, ...], ...], low: int, high: int) -> float:
    """A card's mean chance against a hand of statistics `theirs`."""
    pairs = _kept(_PAIRS, (low, high), PAIRS)
    values = []
    for other in theirs:
        value = pairs.get((card, other))
        if value is None:
            value = pairs[(card, other)] = chance(card, other, low, high)
        values.append(value)
    return sum(values) / len(theirs)


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
