"""What each card of Dans les Cordes does when played: one handler per card class of `ast.py`.

`HANDLERS` maps each card class to the function that runs it, and each
function is named after its grammar rule (`defense` runs `Defense`, read by
the rule `defense`). A handler is called as `handler(state, node, player,
…)`, where `player` is the card's "you" (the defender for a DEFENSE, the
riposting player for a counter-blow). The effects and the outcomes a card
holds are constructs that run themselves (`steps.run_effects`). Docstrings
quote the AST's meaning, which is the rule executed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import ast
from .blows import Blow
from .steps import run_effects

if TYPE_CHECKING:  # the state runs the cards: this module is below it
    from .state import CordesState

Handler = Callable[..., None]


def attack(state: CordesState, card: ast.Attack, player: int) -> None:
    """An ATTACK: a blow at the opponent, whose effects apply if it lands."""
    state.deal_blow(Blow(card.name, player, 1 - player, card.effects, unstoppable=_unstoppable(card)))


def _unstoppable(card: ast.Attack | ast.Riposte) -> bool:
    """True when a property of the card says its blows cannot be countered."""
    return any(prop.applies(card) for prop in card.properties)  # type: ignore[attr-defined]


def as_an_attack(state: CordesState, node: ast.AsAnAttack, player: int, name: str) -> None:
    """A riposte played as an attack: only this blow; no restriction, no counter-blow."""
    card = state.game.hand_cards[name]
    state.deal_blow(Blow(name, player, 1 - player, node.effects, unstoppable=_unstoppable(card)))  # type: ignore[arg-type]


def riposte(state: CordesState, card: ast.Riposte, player: int, blow: Blow | None = None) -> None:
    """As an attack (no `blow`), its `As an attack` blow; as a defense, counter `blow` and strike back."""
    if blow is None:
        as_an_attack(state, card.as_an_attack, player, card.name)
    else:
        _counter(state, card, player, blow)


def _counter(state: CordesState, card: ast.Riposte, player: int, blow: Blow) -> None:
    # "a defense that counters the attack and delivers a blow, which can in
    # turn be defended against by the initial attacker."
    state.emit("counter", player=player, card=card.name, countered=blow.card)
    state.deal_blow(Blow(card.name, player, blow.by, card.counter, counter=True, unstoppable=_unstoppable(card)))


def defense(state: CordesState, card: ast.Defense, player: int, blow: Blow) -> None:
    """A DEFENSE against `blow`: its outcome instead of the blow's effects, then its own effects."""
    outcome: Any = card.outcome  # a construct (blows.py)
    outcome.run(state, player, blow)
    if card.effects:
        run_effects(state, card.effects, player)


def recovery(state: CordesState, card: ast.Recovery, player: int) -> None:
    """A RECOVERY: its effects, in order."""
    run_effects(state, card.effects, player)


#: The interpreter's dispatch table: AST class → handler. Every class that
#: does something in play has one (CHARACTER and GONG cards are never played).
HANDLERS: dict[type, Handler] = {
    ast.Attack: attack,
    ast.AsAnAttack: as_an_attack,
    ast.Riposte: riposte,
    ast.Defense: defense,
    ast.Recovery: recovery,
}

#: The AST classes with no handler of their own, and the code that reads them:
#: a restriction decides which cards may answer a blow; CHARACTER and GONG
#: cards are set apart when the box is opened and never played.
READ_BY: dict[type, str] = {
    ast.Against: "CordesState.answer_options",
    ast.AttackName: "CordesState.answer_options",
    ast.Character: "CordesGame.__post_init__",
    ast.Gong: "CordesGame.__post_init__",
}
