"""The interpreter of Dans les Cordes's cards: one handler per AST class.

`HANDLERS` maps each AST class of `ast.py` to the function that runs it, and
each function is named after its grammar rule (`block` runs `Block`, read by
the rule `block`). A handler is called as `handler(state, node, player, …)`,
where `player` is the card's "you" (the defender for a DEFENSE, the
riposting player for a counter-blow). A handler does at once what needs no
decision; a decision it poses on the state's agenda (`state.ask`), with the
function the answer runs (a task), and what follows it waits for the
answer. Docstrings quote the AST's meaning, which is the rule executed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from atout.interpreter.engine.decision import Decision, Option, seat_name

from . import ast
from .conditions import magnitude
from .state import Blow, CordesState

Handler = Callable[..., None]


def run_effects(state: CordesState, effects: Sequence[ast.Effect], player: int, start: int = 0) -> None:
    """Apply effects in the order written, from `start`; "you" is `player`.

    The effects after one that may pose decisions (a draw, a discard) wait
    for them: they are scheduled as a task.
    """
    for index in range(start, len(effects)):
        effect = effects[index]
        handler = HANDLERS.get(type(effect))
        if handler is not None:
            handler(state, effect, player)
        else:  # a construct: its own handler (conditions.py, moves.py)
            effect.run(state, player)  # type: ignore[union-attr]
        if _decides(effect):
            if index + 1 < len(effects):
                state.then(run_effects, effects, player, index + 1)
            return


def _decides(effect: ast.Effect) -> bool:
    """True when the effect may pose a decision."""
    kind = type(effect)
    if kind in _MAY_DECIDE:
        return True
    return kind not in HANDLERS and effect.may_decide()  # type: ignore[union-attr]


def may_decide(effects: Sequence[ast.Effect]) -> bool:
    """True when some of these effects may pose a decision (what follows them must wait)."""
    return any(_decides(effect) for effect in effects)


def change_of(state: CordesState, effect: ast.Life | ast.Energy, player: int) -> int:
    """A life or energy change as it applies now: as printed, or computed (`for each …`, `as much as …`)."""
    if effect.amount is None:
        return effect.change
    size = magnitude(effect.change, effect.amount, state, player)
    return size if effect.change > 0 else -size


def count_of(state: CordesState, effect: ast.Draw | ast.Discard, player: int) -> int:
    """How many cards a draw or a discard moves now: as printed, or computed."""
    if effect.amount is None:
        return effect.n
    return magnitude(effect.n, effect.amount, state, player)


def _target(effect, player: int) -> int:
    return player if effect.who is ast.Who.YOU else 1 - player


# ---------------------------------------------------------------------------
# Effects
# ---------------------------------------------------------------------------


def life(state: CordesState, effect: ast.Life, player: int) -> None:
    """`who`'s life changes by `change` (a gain stops at the life cap, a loss at 0; 0 is a KO)."""
    change = effect.change if effect.amount is None else change_of(state, effect, player)
    if change:
        state.change_life(_target(effect, player), change)


def energy(state: CordesState, effect: ast.Energy, player: int) -> None:
    """`who`'s energy changes by `change` (a gain stops at the energy cap, a loss at 0)."""
    change = effect.change if effect.amount is None else change_of(state, effect, player)
    if change:
        state.change_energy(_target(effect, player), change)


def draw(state: CordesState, effect: ast.Draw, player: int) -> None:
    """`who` draws `n` cards, one at a time (a GONG is revealed and replaced)."""
    state.draw(_target(effect, player), count_of(state, effect, player))


def discard(state: CordesState, effect: ast.Discard, player: int) -> None:
    """`who` loses `n` cards of their hand (all if fewer), picked as `chosen_by` says, into their own spittoon."""
    loser = _target(effect, player)
    for _ in range(min(count_of(state, effect, player), len(state.seats[loser].hand))):
        state.then(_lose_card, effect, player)


def _lose_card(state: CordesState, effect: ast.Discard, player: int) -> None:
    """One card of the discard: its pick (the loser's, the player's or chance)."""
    loser = _target(effect, player)
    options = [Option(name, name) for name in state.hand_names(loser)]
    if effect.chosen_by is ast.ChosenBy.THEIR_CHOICE:
        decision = Decision(loser, "lose_card", options, "you lose a card from your hand: which one?")
    elif effect.chosen_by is ast.ChosenBy.YOUR_CHOICE:
        decision = Decision(player, "take_card", options, f"pick the card {seat_name(loser)} loses")
    else:
        decision = state.random_card(loser, "lose_random")
    state.ask(decision, _card_lost, effect, player)


def _card_lost(state: CordesState, option: Option, effect: ast.Discard, player: int) -> None:
    loser = _target(effect, player)
    seat = state.seats[loser]
    card = state.take_from_hand(loser, option.value)
    seat.spittoon.append(card)
    spat = effect.placement is ast.Placement.SPAT
    if not spat:
        seat.face_down.add(card)
    state.emit("lose_card", player=loser, card=option.value, spat=spat)
    if spat:
        state.change_energy(loser, state.rules.energy_per_spat_card)


# ---------------------------------------------------------------------------
# What a DEFENSE does to the blow
# ---------------------------------------------------------------------------


def block(state: CordesState, outcome: ast.Block, player: int, blow: Blow) -> None:
    """The blow is countered; the player loses min(n, the life the blow would have taken from them)."""
    would = sum(
        -change_of(state, e, blow.by)
        for e in blow.effects
        if isinstance(e, ast.Life) and e.change < 0 and _target(e, blow.by) == player
    )
    lost = min(outcome.n, would)
    state.emit("block", player=player, card=blow.card, lost=lost)
    if lost:
        state.change_life(player, -lost)


def dodge(state: CordesState, outcome: ast.Dodge, player: int, blow: Blow) -> None:
    """The blow is countered; none of its effects apply."""
    state.emit("dodge", player=player, card=blow.card)


# ---------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------


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
    outcome = HANDLERS.get(type(card.outcome))
    if outcome is not None:
        outcome(state, card.outcome, player, blow)
    else:  # a construct (blows.py)
        construct: Any = card.outcome
        construct.run(state, player, blow)
    if card.effects:
        run_effects(state, card.effects, player)


def recovery(state: CordesState, card: ast.Recovery, player: int) -> None:
    """A RECOVERY: its effects, in order."""
    run_effects(state, card.effects, player)


#: The interpreter's dispatch table: AST class → handler. Every class that
#: does something in play has one (CHARACTER and GONG cards are never played).
HANDLERS: dict[type, Handler] = {
    ast.Life: life,
    ast.Energy: energy,
    ast.Draw: draw,
    ast.Discard: discard,
    ast.Block: block,
    ast.Dodge: dodge,
    ast.Attack: attack,
    ast.AsAnAttack: as_an_attack,
    ast.Riposte: riposte,
    ast.Defense: defense,
    ast.Recovery: recovery,
}

#: The effects that may pose decisions: the effects after them wait (`run_effects`).
_MAY_DECIDE: frozenset[type] = frozenset({ast.Draw, ast.Discard})

#: The AST classes with no handler of their own, and the code that reads them:
#: a restriction decides which cards may answer a blow; CHARACTER and GONG
#: cards are set apart when the box is opened and never played.
READ_BY: dict[type, str] = {
    ast.Against: "CordesState.answer_options",
    ast.AttackName: "CordesState.answer_options",
    ast.Character: "CordesGame.__post_init__",
    ast.Gong: "CordesGame.__post_init__",
}
