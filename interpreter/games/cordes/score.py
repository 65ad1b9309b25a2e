"""What a position of Dans les Cordes is worth to a boxer: the heuristic bot's position score.

Life counts most, then the cards in hand, then energy, each as the boxer's
amount less the opponent's. This scores a position, never a card: what a
card does is seen by trying it on a copy (`bots.py`, `engine/trial.py`).
`with_energy` makes the copy where a card the boxer cannot pay for yet can
be tried (as after spitting cards for it).
"""

from __future__ import annotations

from typing import Any

from atout.interpreter.engine.decision import Decision

#: What a point of life, a card in hand and a point of energy are worth.
LIFE, CARD, ENERGY = 3.0, 1.2, 1.0


def position_score(state: Any, seat: int) -> float:
    """Life, cards in hand and energy ahead of the opponent, weighed."""
    mine, theirs = state.seats[seat], state.seats[1 - seat]
    return LIFE * (mine.life - theirs.life) + CARD * (len(mine.hand) - len(theirs.hand)) + ENERGY * (mine.energy - theirs.energy)


def with_energy(state: Any, seat: int, energy: int, own: bool = False) -> Any:
    """A copy of `state` where `seat` has `energy`, its pending choice (play, or attack again) posed anew.

    With `own`, the caller gives `state` up: it is changed itself, not copied.
    """
    copy = state if own else state.clone()
    boxer = copy.seats[seat]
    if boxer.energy == energy:
        return copy  # the choice pending was posed with this very energy: its options stand
    boxer.energy = energy
    decision = copy.decision()
    if decision is not None and decision.player == seat:
        if decision.kind == "act":
            copy.repose(Decision(seat, "act", copy.activity_options(seat), decision.prompt))
        elif decision.kind == "attack":
            copy.repose(Decision(seat, "attack", copy.combat_options(seat), decision.prompt))
    return copy


def life(state: Any, seat: int) -> int:
    """`seat`'s life now."""
    return int(state.seats[seat].life)


def energy(state: Any, seat: int) -> int:
    """`seat`'s energy now."""
    return int(state.seats[seat].energy)
