"""The interpreter of Duel pour Cardia's abilities: effects run in order, one resolver per target.

Every instantaneous effect is a construct with its own handler, `run(state,
act)` (`effects.py`, `conditions.py`, `moves.py`): it gets the state and the
acting ability (`Act`: who it acts for, its card, its encounter's place in
the line). A handler that asks somebody poses the decision (`state.ask`) with
the function that goes on with the answer; what it schedules runs before the
next effect (see `engine/agenda.py`). `TARGETS` maps each target (`cette
carte`, `la carte adverse`…) to the function that returns the cards in play
it designates; `resolve` asks for the chosen ones (`une carte au choix`).

Persistent effects have no handler: they are read where they act
(`CardiaState.influence`, `winner_of`, `activate`, `_choose_cards`,
`_end_turn`), for as long as their card carries its Persistant token.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from atout.interpreter.engine.decision import Decision, Option

from . import ast
from .effects import _discarded, discard_one, tokens_for  # noqa: F401 (tokens_for: the rulebook's tokens, for readers)
from .state import POSERS, Act, CardiaState
from .writing import printed


def run_effects(state: CardiaState, act: Act, effets: list) -> None:
    """Run instantaneous effects in the order written: the first at once, each other once the one before is over."""
    first, *others = effets
    run_effect(state, act, first)
    for effet in others:
        state.then(run_effect, act, effet)


def run_effect(state: CardiaState, act: Act, effet) -> None:
    """Run one instantaneous effect."""
    state.emit("effect", player=act.me, text=printed(effet))
    dispatch(state, act, effet)


def dispatch(state: CardiaState, act: Act, effet) -> None:
    """Run an effect: every effect is a construct, with its own `run` (`language.py` lists them)."""
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


def _mine(state: CardiaState, act: Act, seat: int) -> list[int]:
    card = state.line[act.at].cards[seat]
    return [card] if card is not None else []


def cette_carte(state: CardiaState, act: Act, cible) -> list[int]:
    """The ability's own card, if still in play."""
    return [act.this] if act.this is not None and act.this in state.place else []


def ta_carte(state: CardiaState, act: Act, cible) -> list[int]:
    """Your card of the current encounter, if still in play."""
    return _mine(state, act, act.me)


def carte_adverse(state: CardiaState, act: Act, cible) -> list[int]:
    """The opponent's card of the current encounter, if still in play."""
    return _mine(state, act, 1 - act.me)


def cartes_jouees(state: CardiaState, act: Act, cible) -> list[int]:
    """Both cards of the current encounter still in play, yours first."""
    return _mine(state, act, act.me) + _mine(state, act, 1 - act.me)


def chacune_de_tes_cartes(state: CardiaState, act: Act, cible: ast.ChacuneDeTesCartes) -> list[int]:
    """Each of your cards in play (of the faction), in line order."""
    return [c for c in state.in_play() if state.owners[c] == act.me and (cible.faction is None or state.cards[c].faction is cible.faction)]


def chacune_des_cartes_adverses(state: CardiaState, act: Act, cible: ast.ChacuneDesCartesAdverses) -> list[int]:
    """Each of the opponent's cards in play (of the faction), in line order."""
    return [c for c in state.in_play() if state.owners[c] != act.me and (cible.faction is None or state.cards[c].faction is cible.faction)]


def eligible(state: CardiaState, act: Act, cible: ast.CarteAuChoix) -> list[int]:
    """The cards `une … carte … au choix` may take, in line order."""
    current = state.line[act.at].number
    cards = []
    for enc in state.line:
        if cible.passee and enc.number == current:
            continue
        for card in enc.cards:
            if card is None:
                continue
            owner = state.owners[card]
            if cible.camp is ast.Camp.TIENNES and owner != act.me:
                continue
            if cible.camp is ast.Camp.ADVERSES and owner == act.me:
                continue
            if cible.autre and card == act.this:
                continue
            if cible.faction is not None and state.cards[card].faction is not cible.faction:
                continue
            cards.append(card)
    return cards


#: What goes on once the targets are known: (state, cards, *args).
Then = Callable[..., None]


def carte_au_choix(state: CardiaState, act: Act, cible: ast.CarteAuChoix, effect: dict, then: Then, *args: Any) -> None:
    """One eligible card, chosen by you (or by the opponent); none eligible: no card. Then `then(state, cards, *args)`."""
    cards = eligible(state, act, cible)
    if not cards:
        then(state, (), *args)
        return
    chooser = act.me if cible.choisie_par is ast.Joueur.TOI else 1 - act.me
    options = [state.play_options[c] for c in cards]
    context = {"for": act.me, **effect}
    decision = Decision(chooser, "target", options, f"Choose the card for {act.source}'s effect", context=context)
    state.ask(decision, _target_chosen, chooser, then, *args)


def _target_chosen(state: CardiaState, option: Option, chooser: int, then: Then, *args: Any) -> None:
    state.emit("target", player=chooser, card=state.names[option.value], owner=state.owners[option.value])
    then(state, (option.value,), *args)


TARGETS: dict[type, Callable] = {
    ast.CetteCarte: cette_carte,
    ast.TaCarte: ta_carte,
    ast.CarteAdverse: carte_adverse,
    ast.CartesJouees: cartes_jouees,
    ast.ChacuneDeTesCartes: chacune_de_tes_cartes,
    ast.ChacuneDesCartesAdverses: chacune_des_cartes_adverses,
}


def resolve(state: CardiaState, act: Act, cible, effect: dict, then: Then, *args: Any) -> None:
    """Find the target cards of an effect (asking when the target is a choice), then `then(state, cards, *args)`."""
    if isinstance(cible, ast.CarteAuChoix):
        carte_au_choix(state, act, cible, effect, then, *args)
        return
    then(state, tuple(TARGETS[type(cible)](state, act, cible)), *args)


# ---------------------------------------------------------------------------
# Instantaneous effects: constructs, each runs itself (`effects.py` and the others)
# ---------------------------------------------------------------------------

#: A discard from a hand waits for its answer over the seat's hand: `resample` poses it anew.
POSERS[_discarded] = discard_one

#: The AST classes with no handler in the tables above, and the code that
#: reads them: the cards and their abilities, the Lieu's rules (read once,
#: when the game is made), the chosen target (a decision, asked by
#: `resolve`) and the persistent effects (read where they act).
READ_BY: dict[type, str] = {
    ast.Personnage: "CardiaGame.from_files",
    ast.Lieu: "CardiaGame.from_files",
    ast.Protecteur: "CardiaGame.from_files",
    ast.CapaciteInstantanee: "CardiaState.activate_one",
    ast.CapacitePersistante: "CardiaState.refresh_active",
    ast.CapaciteProtecteur: "CardiaState._protector_acts",
    ast.CarteAuChoix: "resolve",
    ast.TesCartes: "includes",
    ast.CartesAdverses: "includes",
}
