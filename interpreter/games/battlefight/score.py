"""What a position of BattleFight is worth to a seat: the heuristic bot's position score.

It reads what the seat sees (the figures of its view, `view.py`): life counts most, then the permanents
in play (Force and Protection more than Vitesse and Charme) and the cards in
hand, each as the seat's amount less the opponent's; then the board: a pawn
on the edge may be pushed off, a pawn far from the centre is close to it,
and pawns apart cannot fight. This scores a position, never a card: what a
technique does is seen by trying it on a copy (`bots.py`, `engine/trial.py`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

#: What a point of life, a card in hand, a point of Force or Protection, of Vitesse or Charme are worth.
LIFE, CARD, STRONG, WEAK = 3.0, 1.5, 3.0, 1.0
#: The opponent's life counts a little more than one's own: an attack is worth more than a heal (the bot presses).
PRESS = 1.2
#: What the first card in hand is worth.
FIRST_CARD = 4.0
#: Cards in hand beyond this many are worth `MORE_CARDS` each (a full hand needs fewer).
HAND, MORE_CARDS = 3, 0.3
#: What a pawn on the edge costs its player; per cell from the centre; per cell apart beyond melee.
EDGE, OUT, APART = 3.0, 0.2, 1.5


def hand_value(cards: int) -> float:
    """What a hand of `cards` cards is worth: the first card most (an empty hand has only the basics), then less."""
    return FIRST_CARD * min(cards, 1) + CARD * min(max(cards - 1, 0), HAND - 1) + MORE_CARDS * max(0, cards - HAND)


#: `hand_value` of the hand sizes met in play (a larger hand is computed).
_HAND_VALUES = tuple(hand_value(cards) for cards in range(64))


def _place(board: Any, cell: Any) -> float:
    """What standing on `cell` is worth: the edge's cost and the distance from the centre's."""
    return -(EDGE if board.is_edge(cell) else 0.0) - OUT * board.distance(cell, (0, 0))


@lru_cache(maxsize=16)
def _places(board: Any) -> dict[Any, float]:
    """`_place` of each cell of a board (a game makes its board once)."""
    return {cell: _place(board, cell) for cell in board.cells}


def position_score(state: Any, seat: int) -> float:
    """Life, permanents and cards ahead, the pawns' places, weighed (see the module's docstring).

    It reads only what the seat sees (its `BattleFightView` holds the same
    figures), from the state itself: it is asked at every step of every
    trial, so both seats' figures are read in one place.
    """
    them = 1 - seat
    mine, theirs = state.seats[seat], state.seats[them]
    bonuses = state.bonuses  # each seat's Force, Protection, Vitesse, Charme (`state.BONUSES`), P1's first
    at = 4 * seat
    cards = len(mine.hand)
    hand = _HAND_VALUES[cards] if cards < 64 else hand_value(cards)
    side = LIFE * mine.life + hand + STRONG * (bonuses[at] + bonuses[at + 1]) + WEAK * (bonuses[at + 2] + bonuses[at + 3])
    at = 4 * them
    cards = len(theirs.hand)
    hand = _HAND_VALUES[cards] if cards < 64 else hand_value(cards)
    other_side = LIFE * theirs.life + hand + STRONG * (bonuses[at] + bonuses[at + 1]) + WEAK * (bonuses[at + 2] + bonuses[at + 3])
    here, there = mine.position, theirs.position
    places = _places(state.board)
    score = side - other_side + (0.0 if here is None else places[here]) - (0.0 if there is None else places[there])
    score -= (PRESS - 1) * LIFE * theirs.life
    distance = state.board.distance(here, there) if here and there else 0
    return score - APART * max(0, distance - 1)
