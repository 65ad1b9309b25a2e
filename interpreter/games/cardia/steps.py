"""The interpreter of Duel pour Cardia's abilities: one handler per effect, one resolver per target.

`HANDLERS` maps each instantaneous effect's AST class to the function that
runs it, named after its grammar rule (`modifier_influence` runs
`ModifierInfluence`). A handler gets the state, the acting ability (`Act`:
who it acts for, its card, its encounter's place in the line) and the effect.
A handler that asks somebody poses the decision (`state.ask`) with the
function that goes on with the answer; what it schedules runs before the next
effect (see `engine/agenda.py`). `TARGETS` does the same for the targets
(`cette carte`, `une carte au choix`…): each returns the cards in play it
designates. The meanings executed are the AST docstrings'.

Persistent effects have no handler: they are read where they act
(`CardiaState.influence`, `winner_of`, `activate`, `_choose_cards`,
`_end_turn`), for as long as their card carries its Persistant token.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from atout.interpreter.engine.agenda import GameOver
from atout.interpreter.engine.decision import CHANCE, Decision, Option, seat_name

from . import ast
from .conditions import amount
from .state import POSERS, Act, CardiaState
from .writing import printed

#: Modifier tokens, largest first.
TOKEN_VALUES = (5, 3, 1)


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
    """Run an effect's handler: its function in `HANDLERS`, or a construct's own `run`."""
    handler = HANDLERS.get(type(effet))
    if handler is None:
        effet.run(state, act)
    else:
        handler(state, act, effet)


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
# Instantaneous effects
# ---------------------------------------------------------------------------


def tokens_for(n: int, supply: dict[int, int] | None) -> list[int]:
    """The modifier tokens that make `n`: fewest, largest first; from `supply` when limited."""
    sign = 1 if n > 0 else -1
    left = abs(n)
    tokens = []
    for value in TOKEN_VALUES:
        while left >= value and (supply is None or supply[value] > 0):
            tokens.append(sign * value)
            left -= value
            if supply is not None:
                supply[value] -= 1
    return tokens


def token_supply(state: CardiaState) -> dict[int, int]:
    """The modifier tokens left in the supply, by value."""
    rules = state.rules
    supply = {1: rules.modifiers_of_1, 3: rules.modifiers_of_3, 5: rules.modifiers_of_5}
    for tokens in state.tokens.values():
        for token in tokens:
            supply[abs(token)] -= 1
    return supply


def modifier_influence(state: CardiaState, act: Act, effet: ast.ModifierInfluence) -> None:
    """Place tokens worth n (n for each thing counted, with `pour chaque`) on each target, then re-evaluate."""
    n = amount(effet.n, effet.pour_chaque, state, act)
    resolve(state, act, effet.cible, {"effect": "modify", "n": n}, _modify, n)


def _modify(state: CardiaState, cards: tuple[int, ...], n: int) -> None:
    if not cards:
        state.emit("no_target")
        return
    supply = token_supply(state) if state.rules.limited_modifiers else None
    for card in cards:
        tokens = tokens_for(n, supply)
        if tokens:
            state.tokens.setdefault(card, []).extend(tokens)
        state.emit(
            "modify", player=state.owners[card], card=state.names[card], n=sum(tokens), tokens=tokens,
            influence=state.influence(card), encounter=state.line[state.place[card]].number,
        )
    state.evaluate()


def _leave(state: CardiaState, act: Act, cible, to: str) -> None:
    resolve(state, act, cible, {"effect": to}, _leave_targets, to)


def _leave_targets(state: CardiaState, cards: tuple[int, ...], to: str) -> None:
    if not cards:
        state.emit("no_target")
        return
    for card in cards:
        state.leave_play(card, to)
    state.evaluate()


def defausser(state: CardiaState, act: Act, effet: ast.Defausser) -> None:
    """Each target leaves play for its owner's discard."""
    _leave(state, act, effet.cible, "discard")


def reprendre_en_main(state: CardiaState, act: Act, effet: ast.ReprendreEnMain) -> None:
    """Each target leaves play for its owner's hand."""
    _leave(state, act, effet.cible, "hand")


def defausser_main(state: CardiaState, act: Act, effet: ast.DefausserMain) -> None:
    """The player discards n cards of their hand: chosen by them, or at random (chance); fewer: the whole hand."""
    seat = act.me if effet.joueur is ast.Joueur.TOI else 1 - act.me
    hand = state.seats[seat].hand
    names = state.names
    if len(hand) <= effet.n:
        for card in sorted(hand, key=names.__getitem__):
            _discard_from_hand(state, seat, card, effet.au_hasard)
        return
    discard_one(state, seat, effet.n, effet.au_hasard)


def discard_one(state: CardiaState, seat: int, left: int, at_random: bool) -> None:
    """`seat` discards one card of their hand (chosen by them, or by chance), `left` still to discard with it."""
    ordered = sorted(state.seats[seat].hand, key=state.printed.__getitem__)
    options = [state.hand_options[c] for c in ordered]
    if at_random:
        decision = Decision(CHANCE, "random_discard", options, f"{seat_name(seat)} discards a card at random")
    else:
        decision = Decision(seat, "discard", options, f"Discard a card of your hand ({left} to go)")
    state.ask(decision, _discarded, seat, left, at_random)


def _discarded(state: CardiaState, option: Option, seat: int, left: int, at_random: bool) -> None:
    _discard_from_hand(state, seat, option.value, at_random)
    if left > 1:
        state.then(discard_one, seat, left - 1, at_random)


def _discard_from_hand(state: CardiaState, seat: int, card: int, at_random: bool) -> None:
    state.seats[seat].hand.remove(card)
    state.seats[seat].discard.append(card)
    state.emit("discard", player=seat, card=state.names[card], random=at_random)


def piocher(state: CardiaState, act: Act, effet: ast.Piocher) -> None:
    """The player draws n cards, fewer if the pile runs out."""
    seat = act.me if effet.joueur is ast.Joueur.TOI else 1 - act.me
    state.draw(seat, amount(effet.n, effet.par, state, act))


def gagner_la_partie(state: CardiaState, act: Act, effet: ast.GagnerLaPartie) -> None:
    """You win at once, whatever the seals."""
    state.finish_by(act.me, "ability", card=act.source)
    raise GameOver


def retirer_persistant(state: CardiaState, act: Act, effet: ast.RetirerPersistant) -> None:
    """You take a Persistant token off a card of your choice (the opponent's if `adverse`)."""
    cards = [c for c in state.in_play() if c in state.persistent and (not effet.adverse or state.owners[c] != act.me)]
    if not cards:
        state.emit("no_target")
        return
    options = [state.play_options[c] for c in cards]
    decision = Decision(act.me, "persistent", options, "Take a Persistant token off a card", context={"for": act.me})
    state.ask(decision, _token_removed)


def _token_removed(state: CardiaState, option: Option) -> None:
    card = option.value
    state.persistent.remove(card)
    state.refresh_active()
    state.emit("token_removed", player=state.owners[card], card=state.names[card])
    state.evaluate()


HANDLERS: dict[type, Callable] = {
    ast.ModifierInfluence: modifier_influence,
    ast.Defausser: defausser,
    ast.DefausserMain: defausser_main,
    ast.Piocher: piocher,
    ast.GagnerLaPartie: gagner_la_partie,
    ast.ReprendreEnMain: reprendre_en_main,
    ast.RetirerPersistant: retirer_persistant,
}

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
    ast.InfluenceContinue: "CardiaState.influence",
    ast.TesCartes: "CardiaState.influence",
    ast.CartesAdverses: "CardiaState.influence",
    ast.CapacitesAdversesBloquees: "CardiaState.activate_one",
    ast.JoueFaceVisible: "CardiaState._choose_cards",
    ast.PiocheEnPlus: "CardiaState._end_turn",
    ast.SceauxPourGagner: "CardiaGame.__post_init__",
    ast.MainDeDepart: "CardiaGame.__post_init__",
    ast.PiocheParTour: "CardiaGame.__post_init__",
    ast.EgaliteAuMoinsDeSceaux: "CardiaGame.__post_init__",
    ast.EgaliteCapacites: "CardiaGame.__post_init__",
    ast.VictoireFactions: "CardiaGame.__post_init__",
    ast.VictoireDAffilee: "CardiaGame.__post_init__",
    ast.DefausseRemelangee: "CardiaGame.__post_init__",
    ast.InfluenceDesCartes: "CardiaGame.__post_init__",
}
