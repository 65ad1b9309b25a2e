"""Duel pour Cardia's heuristic bot: it values a card by trying it on copies of the game.

It sees the game through the `CardiaView` of `view.py`, and keeps no model of
what an ability does. For the card to play, it draws a few positions it
cannot tell from the real one (the opponent's hand dealt anew from their
unseen cards, `View.sample`), and on copies of each it plays each card of
its hand against every card the opponent may play (each as likely: the
choice is secret), through the interpreter: the reveal, the seal, the
loser's ability (its targets chosen by whoever chooses them, as suits them
best one step ahead), the Protecteur, the draws, up to the next turn. Each
card is worth the position reached, as `score.py` scores it: seals, cards
and influence in hand, Persistant tokens. So it loses on purpose when an
ability gains more than the seal (the Assassin that cancels a strong card,
the Saboteur that wins the seal back, the Djinn), because trying it shows so.

Targets, discards, the blocks an opponent chooses between and the Persistant tokens to take off are tried the same
way, up to the next turn. A position it has already played from makes it
play any card half the time (`WANDER`): play that comes back to a position
(a reshuffled discard, cards back to the hand) is going round in circles.
"""

from __future__ import annotations

import random
from typing import Any

from atout.interpreter.engine.decision import Decision
from atout.interpreter.engine.trial import Trial, best

from .score import position_score
from .view import CardiaView


def _next_turn(state: Any, decision: Decision, seat: int, start_turn: int) -> bool:
    """A try stops when the next turn begins: the card's encounter and its abilities are over."""
    return state.turn != start_turn


#: Playing a card, choosing a target or a card to discard: tried up to the next turn, on one position
#: drawn (each of the opponent's cards tried against each of ours: the position matters less than their
#: choice). Two positions, as before, were no stronger: the bot that draws one against the one that drew
#: two (and eight below) won 51.9% of the 995 games decided between them (95% interval 48.8–55.0%,
#: seats swapped), in 0.53 times the bot's time (`benchmarks/bots_match.py`).
TRY = Trial(position_score, until=_next_turn, samples=1, turns=1)

#: Playing a card after the opponent chose theirs in secret: each drawn position deals their choice anew,
#: so more of them. Two instead of four were weaker (46.9%, 43.8–50.0%, over 989 decided games).
SECOND = Trial(position_score, until=_next_turn, samples=4, turns=1)


def position_key(view: CardiaView) -> tuple:
    """A position as a player sees it when choosing a card, to know it again."""
    line = tuple(tuple((slot.id, slot.influence, slot.persistent) if slot is not None else None for slot in enc.slots) + (enc.winner, enc.sealed) for enc in view.line if any(enc.slots))
    return (view.hand_ids, view.hand_sizes, view.pile_sizes, line, view.shown)


class HeuristicBot:
    """Plays the card whose trials lead to the best position: a seal, or an ability worth more than a seal."""

    name = "heuristic"

    #: How often it plays any card at random in a position it has already played from.
    WANDER = 0.5

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        #: How often each position (`position_key`) was met when choosing a card: play that
        #: comes back to a position (a reshuffled discard, cards back to the hand) is going
        #: round in circles, and the bot then often tries any card, to find a way out.
        self.seen: dict[tuple, int] = {}

    def choose(self, decision: Decision, view: Any) -> int:
        """The option whose trials score best; ties are broken at random."""
        if len(decision.options) == 1:
            return 0
        if decision.kind == "play":
            times = self.seen.get(key := position_key(view()), 0)
            self.seen[key] = times + 1
            if times and self.rng.random() < self.WANDER:
                return int(self.rng.random() * len(decision.options))
        if decision.kind == "play" and decision.secret and decision.player == 1:
            return best(SECOND.values(decision, view, self.rng), self.rng)
        if decision.kind in ("play", "target", "discard", "persistent", "choice"):
            return best(TRY.values(decision, view, self.rng), self.rng)
        return int(self.rng.random() * len(decision.options))
