"""The interpreter of Dans les Cordes's effects: they run in the order written, each running itself.

The effects and the outcomes are constructs (effects.py, conditions.py,
moves.py, blows.py, counters.py): each runs itself, `effect.run(state,
player)`, where `player` is the card's "you". An effect does at once what
needs no decision; a decision it poses on the state's agenda (`state.ask`),
with the function the answer runs (a task), and the effects after it wait
for the answer. What each card does when played is in `cards.py`.

This module reads no other module of the game at run time: the state and
the cards' handlers import it to run a card's effects, and so do the
constructs that hold effects (a conditional's branches, a blow turned back
or taken, a boxer's power).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the state runs the effects: this module is below it, and below the constructs it runs
    from . import ast
    from .state import CordesState


def run_effects(state: CordesState, effects: Sequence[ast.Effect], player: int, start: int = 0) -> None:
    """Apply effects in the order written, from `start`; "you" is `player`.

    Each effect is a construct that runs itself (effects.py, conditions.py,
    moves.py). The effects after one that may pose decisions (a draw, a
    discard, a move) wait for them: they are scheduled as a task.
    """
    for index in range(start, len(effects)):
        effect: Any = effects[index]
        effect.run(state, player)
        if effect.may_decide():
            if index + 1 < len(effects):
                state.then(run_effects, effects, player, index + 1)
            return


def may_decide(effects: Sequence[ast.Effect]) -> bool:
    """True when some of these effects may pose a decision (what follows them must wait)."""
    return any(effect.may_decide() for effect in effects)  # type: ignore[union-attr]
