"""The interpreter of Duel pour Cardia's abilities: effects run in order, one resolver per target.

Every instantaneous effect is a construct with its own handler, `run(state,
act)` (`effects.py`, `conditions.py`, `moves.py`): it gets the state and the
acting ability (`Act`: who it acts for, its card, its encounter's place in
the line). A handler that asks somebody poses the decision (`state.ask`) with
the function that goes on with the answer; what it schedules runs before the
next effect (see `engine/agenda.py`). A target (`targets.py`) is a construct
too: `resolve` asks it for its cards (`designate`), a decision when they are
chosen (`une carte au choix`).

Persistent effects have no handler: they are read where they act
(`CardiaState.influence`, `winner_of`, `activate`, `_choose_cards`,
`_end_turn`), for as long as their card carries its Persistant token.

This module reads no other module of the game at run time: the state
imports it to run an ability, the constructs to run the effects they hold
(`Si`'s blocks, a copied ability) and to find their targets.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the state runs the effects: this module is below it, and below the constructs it runs
    from .state import Act, CardiaState


def run_effects(state: CardiaState, act: Act, effets: list) -> None:
    """Run instantaneous effects in the order written: the first at once, each other once the one before is over."""
    first, *others = effets
    run_effect(state, act, first)
    for effet in others:
        state.then(run_effect, act, effet)


def run_effect(state: CardiaState, act: Act, effet) -> None:
    """Run one instantaneous effect."""
    if not state.quiet:  # the effect's text, for the trace: only when someone reads it
        state.emit("effect", player=act.me, text=effet.write())
    dispatch(state, act, effet)


def dispatch(state: CardiaState, act: Act, effet) -> None:
    """Run an effect: every effect is a construct, with its own `run` (`language.py` lists them).

    An effect that acts spends its limited ability (`une fois par duel`); a
    `Si` does not by itself: only the effects of the case it chooses do.
    """
    if act.limited is not None and effet.kind != "si":
        state.count_use(act)
    effet.run(state, act)


def run_block(state: CardiaState, act: Act, effets: list) -> None:
    """Run the effects of a `Si` block in order (each once the one before is over), shown as the `Si`'s text."""
    first, *others = effets
    dispatch(state, act, first)
    for effet in others:
        state.then(dispatch, act, effet)


# ---------------------------------------------------------------------------
# Targets (grammar: _cible)
# ---------------------------------------------------------------------------


#: What goes on once the targets are known: (state, cards, *args).
Then = Callable[..., None]


def resolve(state: CardiaState, act: Act, cible, effect: dict, then: Then, *args: Any) -> None:
    """Find the target cards of an effect (its handler asks when the target is a choice), then `then(state, cards, *args)`."""
    cible.designate(state, act, effect, then, *args)
