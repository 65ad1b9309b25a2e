"""What a position of Duel pour Cardia is worth to a seat: the heuristic bot's position score.

Seals count most; then the cards in hand (how many, and their printed
influence: a strong card kept is a seal to come) and the Persistant tokens
each player has in play; each as the seat's amount less the other's. This
scores a position, never a card: what a card does is seen by trying it on
a copy (`bots.py`, `engine/trial.py`).
"""

from __future__ import annotations

from typing import Any

#: What a seal, a card in hand, a point of printed influence in hand and an active Persistant token are worth.
SEAL, CARD, INFLUENCE, PERSISTENT = 1.5, 0.3, 0.6 / 16, 1.8


def _side(state: Any, seat: int) -> float:
    hand = state.seats[seat].hand
    printed = state.printed
    owners = state.owners
    tokens = sum(1 for card in state.persistent if owners[card] == seat)
    return CARD * len(hand) + INFLUENCE * sum(printed[card] for card in hand) + PERSISTENT * tokens


def position_score(state: Any, seat: int) -> float:
    """Seals ahead, then cards in hand, their influence and Persistant tokens ahead, weighed."""
    seals = state.seals()
    return SEAL * (seals[seat] - seals[1 - seat]) + _side(state, seat) - _side(state, 1 - seat)
