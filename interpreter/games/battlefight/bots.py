"""BattleFight's heuristic bot: it values a technique by trying it on copies of the game.

It sees the game through the `BattleFightView` of `view.py`, and keeps no
model of what a step does. For the technique of its turn, it draws a
position it cannot tell from the real one (`View.sample`: the opponent's
hand and the piles dealt anew) and, on copies of it, plays each technique
it may play through the interpreter, to the end of the opponent's next turn:
its own later choices (where to move, where to push, what to discard, a
technique played by Rejouer) and the opponent's (their technique too) made
as suits whoever chooses best one step ahead. Each technique is worth
the position reached, as `score.py` scores it: life, permanents, cards in
hand, the pawns' places. A move, a push, a technique to destabilise are
tried the same way.

What a technique of its hand was found worth (over the best alternative) is
remembered by its name: it discards, or pays with, the cards found worth
least. In a position it has already played from, it prefers a technique it
has not played there yet when one is nearly as good (`FRESH`): the same
position three times is a draw.
"""

from __future__ import annotations

import random
from typing import Any

from atout.interpreter.engine.decision import Decision
from atout.interpreter.engine.trial import Trial, best

from .score import position_score


def _end_of_turn(state: Any, decision: Decision, seat: int, start_turn: int) -> bool:
    """A try stops when the turn is over: the opponent's turn begins."""
    return state.turn != start_turn


def _after_the_answer(state: Any, decision: Decision, seat: int, start_turn: int) -> bool:
    """A try of the turn's technique stops when the opponent's next turn is over."""
    return state.turn > start_turn + 1


#: Trying a move, a push: up to the end of the turn.
TRY = Trial(position_score, until=_end_of_turn, samples=2)

#: Trying the technique of the turn: up to the end of the opponent's answer (their best technique one step ahead).
TURN = Trial(position_score, until=_after_the_answer, samples=1)


def position_key(view: Any) -> tuple:
    """A position as the bot sees it when choosing its technique, to know it again."""
    return (
        view.positions,
        view.life,
        view.damage,
        tuple(sorted(t.name for t in view.hand)),
        view.hand_sizes,
        tuple((t.name, owner, stable, left) for t, owner, stable, _, left in view.in_play),
    )


class HeuristicBot:
    """Plays the technique whose trials lead to the best position; pays with the cards found worth least."""

    name = "heuristic"

    #: How much worse (in score points) an option not yet played from a position may be, to be preferred there.
    FRESH = 3.0

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        #: What each technique of the hand (by name) was last found worth, over the best other option.
        self.worth: dict[str, float] = {}
        #: The techniques played from each position met (`position_key`): a position that comes back
        #: (a draw by repetition near) is left by another technique, if one is nearly as good.
        self.played: dict[tuple, set[str]] = {}

    def choose(self, decision: Decision, view: Any) -> int:
        """The option whose trials score best; ties are broken at random."""
        if len(decision.options) == 1:
            return 0
        kind = decision.kind
        if kind in ("play", "replay"):
            return self._play(decision, view)
        if kind in ("move", "push", "destabilise"):
            return best(TRY.values(decision, view, self.rng), self.rng)
        if kind in ("discard", "pay"):
            return min(range(len(decision.options)), key=lambda i: (self.worth.get(decision.options[i].value, 0.0), i))
        return int(self.rng.random() * len(decision.options))

    def _play(self, decision: Decision, view: Any) -> int:
        """The technique whose trials score best; each card's margin over the best other is remembered."""
        values = (TURN if decision.kind == "play" else TRY).values(decision, view, self.rng)
        seen = view()
        hand = {technique.name for technique in seen.hand}
        for index, option in enumerate(decision.options):
            if option.label in hand:
                others = max((v for i, v in enumerate(values) if i != index), default=values[index])
                self.worth[option.label] = values[index] - others
        chosen = best(values, self.rng)
        played = self.played.setdefault(position_key(seen), set())
        if decision.options[chosen].label in played:
            fresh = [i for i, option in enumerate(decision.options) if option.label not in played and values[i] >= values[chosen] - self.FRESH]
            if fresh:
                chosen = max(fresh, key=lambda i: (values[i], -i))
        played.add(decision.options[chosen].label)
        return chosen
