"""The interpreter of Dans les Cordes's cards: one handler per AST class.

`HANDLERS` maps each AST class of `ast.py` to the function that runs it, and
each function is named after its grammar rule (`block` runs `Block`, read by
the rule `block`). A handler is called as `handler(state, node, player, …)`,
where `player` is the card's "you" (the defender for a DEFENSE, the
riposting player for a counter-blow). A handler that needs a decision is a
generator: it yields the decision and receives the chosen option (the state
drives it with `yield from`); the others are plain functions and return
None. Docstrings quote the AST's meaning, which is the rule executed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from atout.interpreter.engine.decision import Decision, Option, seat_name

from . import ast
from .state import Blow, CordesState, Flow

Handler = Callable[..., "Flow | None"]


def run_effects(state: CordesState, effects: Sequence[ast.Effect], player: int) -> Flow:
    """Apply effects in the order written; "you" is `player`."""
    for effect in effects:
        flow = HANDLERS[type(effect)](state, effect, player)
        if flow is not None:
            yield from flow


def _target(effect, player: int) -> int:
    return player if effect.who is ast.Who.YOU else 1 - player


# ---------------------------------------------------------------------------
# Effects
# ---------------------------------------------------------------------------


def life(state: CordesState, effect: ast.Life, player: int) -> None:
    """`who`'s life changes by `change` (a gain stops at the life cap, a loss at 0; 0 is a KO)."""
    state.change_life(_target(effect, player), effect.change)


def energy(state: CordesState, effect: ast.Energy, player: int) -> None:
    """`who`'s energy changes by `change` (a gain stops at the energy cap, a loss at 0)."""
    state.change_energy(_target(effect, player), effect.change)


def draw(state: CordesState, effect: ast.Draw, player: int) -> Flow:
    """`who` draws `n` cards, one at a time (a GONG is revealed and replaced)."""
    return state.draw(_target(effect, player), effect.n)


def discard(state: CordesState, effect: ast.Discard, player: int) -> Flow:
    """`who` loses `n` cards of their hand (all if fewer), picked as `chosen_by` says, into their own spittoon."""
    loser = _target(effect, player)
    seat = state.seats[loser]
    for _ in range(min(effect.n, len(seat.hand))):
        options = [Option(name, name) for name in state.hand_names(loser)]
        if effect.chosen_by is ast.ChosenBy.THEIR_CHOICE:
            decision = Decision(loser, "lose_card", options, "you lose a card from your hand: which one?")
        elif effect.chosen_by is ast.ChosenBy.YOUR_CHOICE:
            decision = Decision(player, "take_card", options, f"pick the card {seat_name(loser)} loses")
        else:
            decision = state.random_card(loser, "lose_random")
        option = yield from state.ask(decision)
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
        -e.change
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


def attack(state: CordesState, card: ast.Attack, player: int) -> Flow:
    """An ATTACK: a blow at the opponent, whose effects apply if it lands."""
    return state.deal_blow(Blow(card.name, player, 1 - player, card.effects))


def as_an_attack(state: CordesState, node: ast.AsAnAttack, player: int, name: str) -> Flow:
    """A riposte played as an attack: only this blow; no restriction, no counter-blow."""
    return state.deal_blow(Blow(name, player, 1 - player, node.effects))


def riposte(state: CordesState, card: ast.Riposte, player: int, blow: Blow | None = None) -> Flow:
    """As an attack (no `blow`), its `As an attack` blow; as a defense, counter `blow` and strike back."""
    if blow is None:
        return as_an_attack(state, card.as_an_attack, player, card.name)
    return _counter(state, card, player, blow)


def _counter(state: CordesState, card: ast.Riposte, player: int, blow: Blow) -> Flow:
    # "a defense that counters the attack and delivers a blow, which can in
    # turn be defended against by the initial attacker."
    state.emit("counter", player=player, card=card.name, countered=blow.card)
    yield from state.deal_blow(Blow(card.name, player, blow.by, card.counter, counter=True))


def defense(state: CordesState, card: ast.Defense, player: int, blow: Blow) -> Flow:
    """A DEFENSE against `blow`: its outcome instead of the blow's effects, then its own effects."""
    HANDLERS[type(card.outcome)](state, card.outcome, player, blow)
    if card.effects:
        yield from run_effects(state, card.effects, player)


def recovery(state: CordesState, card: ast.Recovery, player: int) -> Flow:
    """A RECOVERY: its effects, in order."""
    return run_effects(state, card.effects, player)


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

#: The AST classes with no handler of their own, and the code that reads them:
#: a restriction decides which cards may answer a blow; CHARACTER and GONG
#: cards are set apart when the box is opened and never played.
READ_BY: dict[type, str] = {
    ast.Against: "CordesState.answer_options",
    ast.AttackName: "CordesState.answer_options",
    ast.Character: "CordesGame.__post_init__",
    ast.Gong: "CordesGame.__post_init__",
}
