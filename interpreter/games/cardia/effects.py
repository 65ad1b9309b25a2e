"""The instantaneous effects of Duel pour Cardia's rulebook, each declared in one place.

Each class is a construct (`language/constructs.py`): its grammar rule, its
model (the fields), how it is read, what it does (`run(state, act)`: the
state and the acting ability, `Act`) and its card text (`write`). They act
once, in the order written; one that asks somebody poses the decision
(`state.ask`) with the function that goes on with the answer.

- `+3 sur cette carte` (`ModifierInfluence`), `Défausser <cible>`,
  `Reprendre <cible> en main`, `Défausser 1 carte de ta main` /
  `L'adversaire défausse 1 carte de sa main au hasard`, `Piocher 2 cartes` /
  `L'adversaire pioche 1 carte`, `Gagner la partie`, `Retirer un jeton
  Persistant [adverse] au choix`.

The AST module keeps their names (`ast.Piocher`…), for the readers of a card.
"""

from typing import Any, ClassVar, Literal

from lark import Token
from lark.tree import Meta
from pydantic import SerializeAsAny

from atout.interpreter.engine.agenda import GameOver
from atout.interpreter.engine.decision import CHANCE, Decision, Option, seat_name
from atout.interpreter.language.constructs import Construct
from atout.interpreter.language.nodes import Node
from atout.interpreter.language.transform import UnitTransformer

from .conditions import amount
from .steps import resolve
from .targets import Cible
from .vocabulary import Amount, Count, Joueur, cartes, printed, signed


#: Modifier tokens, largest first.
TOKEN_VALUES = (5, 3, 1)


def _joueur(children: list[Any]) -> Joueur:
    return Joueur.ADVERSAIRE if any(str(c) == "l'adversaire" for c in children if isinstance(c, str)) else Joueur.TOI


def _seat(joueur: Joueur, act: Any) -> int:
    return act.me if joueur is Joueur.TOI else 1 - act.me


# ---------------------------------------------------------------------------
# Changes of influence
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


def token_supply(state: Any) -> dict[int, int]:
    """The modifier tokens left in the supply, by value."""
    rules = state.rules
    supply = {1: rules.modifiers_of_1, 3: rules.modifiers_of_3, 5: rules.modifiers_of_5}
    for tokens in state.tokens.values():
        for token in tokens:
            supply[abs(token)] -= 1
    return supply


class ModifierInfluence(Construct):
    """`+3 sur cette carte`: place modifier tokens worth `n` on each target card.

    Tokens are worth 1, 3 and 5 and are placed on their + or − face; a value
    that is not a token's is made of the fewest tokens, largest first (+2 is
    two tokens of 1; −7 is 5, 1 and 1). With "Modificateurs limités : oui",
    only tokens left in the supply are used, largest first without going past
    `n`: the card may get less than `n`, or nothing. After the tokens are
    placed, every encounter is re-evaluated. With `pour chaque …`
    (`conditions.PourChaque`), `n` is placed once per thing counted when the
    effect acts, as one change.
    """

    grammar: ClassVar[str] = 'modifier_influence: SIGNED_INT "sur" _cible pour_chaque?'
    slot: ClassVar[str | None] = "effet_simple"
    kind: Literal["modifier_influence"] = "modifier_influence"
    n: Amount
    cible: Cible
    pour_chaque: SerializeAsAny[Node] | None = None

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        n, cible, *pour_chaque = children
        return t.build(cls, meta, {"n": n}, label=t.text_of(meta), n=int(n), cible=cible, pour_chaque=(pour_chaque or [None])[0])

    def run(self, state: Any, act: Any) -> None:
        """Place the tokens on each target, then re-evaluate."""
        n = amount(self.n, self.pour_chaque, state, act)
        resolve(state, act, self.cible, {"effect": "modify", "n": n}, _modify, n)

    def write(self) -> str:
        return f"{signed(self.n)} sur {printed(self.cible)}" + (f" {printed(self.pour_chaque)}" if self.pour_chaque is not None else "")


def _modify(state: Any, cards: tuple[int, ...], n: int) -> None:
    if not cards:
        state.emit("no_target")
        return
    supply = token_supply(state) if state.rules.limited_modifiers else None
    for card in cards:
        tokens = tokens_for(n, supply)
        if tokens:
            state.tokens.setdefault(card, []).extend(tokens)
        state.emit(
            "modify",
            player=state.owners[card],
            card=state.names[card],
            n=sum(tokens),
            tokens=tokens,
            influence=state.influence(card),
            encounter=state.line[state.place[card]].number,
        )
    state.evaluate()


# ---------------------------------------------------------------------------
# Cards leaving play
# ---------------------------------------------------------------------------


def _leave(state: Any, act: Any, cible: Node, to: str) -> None:
    resolve(state, act, cible, {"effect": to}, _leave_targets, to)


def _leave_targets(state: Any, cards: tuple[int, ...], to: str) -> None:
    if not cards:
        state.emit("no_target")
        return
    for card in cards:
        state.leave_play(card, to)
    state.evaluate()


class Defausser(Construct):
    """`Défausser <cible>`: each target card leaves play for its owner's discard."""

    grammar: ClassVar[str] = 'defausser: "Défausser" _cible'
    slot: ClassVar[str | None] = "effet_simple"
    kind: Literal["defausser"] = "defausser"
    cible: Cible

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        (cible,) = children
        return t.build(cls, meta, cible=cible)

    def run(self, state: Any, act: Any) -> None:
        """Each target leaves play for its owner's discard."""
        _leave(state, act, self.cible, "discard")

    def write(self) -> str:
        return f"Défausser {printed(self.cible)}"


class ReprendreEnMain(Construct):
    """`Reprendre <cible> en main`: each target card leaves play to its owner's hand."""

    grammar: ClassVar[str] = 'reprendre_en_main: "Reprendre" _cible "en" "main"'
    slot: ClassVar[str | None] = "effet_simple"
    kind: Literal["reprendre_en_main"] = "reprendre_en_main"
    cible: Cible

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        (cible,) = children
        return t.build(cls, meta, cible=cible)

    def run(self, state: Any, act: Any) -> None:
        """Each target leaves play for its owner's hand."""
        _leave(state, act, self.cible, "hand")

    def write(self) -> str:
        return f"Reprendre {printed(self.cible)} en main"


# ---------------------------------------------------------------------------
# Hands and piles
# ---------------------------------------------------------------------------


class DefausserMain(Construct):
    """`Défausser 1 carte de ta main` / `L'adversaire défausse 1 carte de sa main [au hasard]`.

    `joueur` discards `n` cards from their hand, chosen by themselves, or at
    random (a chance draw) if `au_hasard`; with fewer cards, the whole hand.
    """

    grammar: ClassVar[str] = """
defausser_main: "Défausser" INT _cartes "de" "ta" "main" au_hasard?
              | l_adversaire "défausse" INT _cartes "de" "sa" "main" au_hasard?
"""
    slot: ClassVar[str | None] = "effet_simple"
    kind: Literal["defausser_main"] = "defausser_main"
    joueur: Joueur = Joueur.TOI
    n: Count
    au_hasard: bool = False

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        (n,) = [c for c in children if isinstance(c, Token)]
        hasard = any(str(c) == "au hasard" for c in children if isinstance(c, str) and not isinstance(c, Token))
        return t.build(cls, meta, {"n": n}, label=t.text_of(meta), joueur=_joueur(children), n=int(n), au_hasard=hasard)

    def run(self, state: Any, act: Any) -> None:
        """The player discards n cards of their hand: chosen by them, or at random (chance); fewer: the whole hand."""
        seat = _seat(self.joueur, act)
        hand = state.seats[seat].hand
        if len(hand) <= self.n:
            for card in sorted(hand, key=state.names.__getitem__):
                _discard_from_hand(state, seat, card, self.au_hasard)
            return
        discard_one(state, seat, self.n, self.au_hasard)

    def write(self) -> str:
        hasard = " au hasard" if self.au_hasard else ""
        if self.joueur is Joueur.TOI:
            return f"Défausser {cartes(self.n)} de ta main{hasard}"
        return f"L'adversaire défausse {cartes(self.n)} de sa main{hasard}"


def discard_one(state: Any, seat: int, left: int, at_random: bool) -> None:
    """`seat` discards one card of their hand (chosen by them, or by chance), `left` still to discard with it."""
    ordered = sorted(state.seats[seat].hand, key=state.printed.__getitem__)
    options = [state.hand_options[c] for c in ordered]
    if at_random:
        decision = Decision(CHANCE, "random_discard", options, f"{seat_name(seat)} discards a card at random")
    else:
        decision = Decision(seat, "discard", options, f"Discard a card of your hand ({left} to go)")
    state.ask(decision, _discarded, seat, left, at_random)


def _discarded(state: Any, option: Option, seat: int, left: int, at_random: bool) -> None:
    _discard_from_hand(state, seat, option.value, at_random)
    if left > 1:
        state.then(discard_one, seat, left - 1, at_random)


def _discard_from_hand(state: Any, seat: int, card: int, at_random: bool) -> None:
    state.seats[seat].hand.remove(card)
    state.seats[seat].discard.append(card)
    if state.quiet is not True:
        state.emit("discard", player=seat, card=state.names[card], random=at_random)


class Piocher(Construct):
    """`Piocher 2 cartes` / `L'adversaire pioche 1 carte`: `joueur` draws `n`, fewer if the pile runs out.

    `par` computes the number: `Piocher 1 carte pour chaque sceau de
    l'adversaire` (`n` per thing counted), `Piocher autant de cartes que
    l'adversaire a de sceaux` (the count itself; `n` is then 1 and unused).
    """

    grammar: ClassVar[str] = 'piocher: ("Piocher" | l_adversaire "pioche") (INT _cartes pour_chaque? | autant_de_cartes)'
    slot: ClassVar[str | None] = "effet_simple"
    kind: Literal["piocher"] = "piocher"
    joueur: Joueur = Joueur.TOI
    n: Count
    par: SerializeAsAny[Node] | None = None

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        numbers = [c for c in children if isinstance(c, Token)]
        par = next((c for c in children if isinstance(c, Node)), None)
        if not numbers:  # autant de cartes que …: the count is the amount
            return t.build(cls, meta, joueur=_joueur(children), n=1, par=par)
        (n,) = numbers
        return t.build(cls, meta, {"n": n}, label=t.text_of(meta), joueur=_joueur(children), n=int(n), par=par)

    def run(self, state: Any, act: Any) -> None:
        """The player draws n cards (or the amount computed), fewer if the pile runs out."""
        state.draw(_seat(self.joueur, act), amount(self.n, self.par, state, act))

    def write(self) -> str:
        par = self.par
        if par is not None and getattr(par, "kind", None) == "autant_de_cartes":
            how_many = printed(par)
        else:
            how_many = cartes(self.n) + (f" {printed(par)}" if par is not None else "")
        return f"Piocher {how_many}" if self.joueur is Joueur.TOI else f"L'adversaire pioche {how_many}"


# ---------------------------------------------------------------------------
# The game and the Persistant tokens
# ---------------------------------------------------------------------------


class GagnerLaPartie(Construct):
    """`Gagner la partie`: you win the game at once, whatever the seals."""

    grammar: ClassVar[str] = 'gagner_la_partie: "Gagner" "la" "partie"'
    slot: ClassVar[str | None] = "effet_simple"
    kind: Literal["gagner_la_partie"] = "gagner_la_partie"

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta)

    def run(self, state: Any, act: Any) -> None:
        """You win at once."""
        state.finish_by(act.me, "ability", card=act.source)
        raise GameOver

    def write(self) -> str:
        return "Gagner la partie"


class RetirerPersistant(Construct):
    """`Retirer un jeton Persistant [adverse] au choix`: you take a Persistant token off a card.

    The card is chosen by you among the cards in play that carry one (the
    opponent's only, if `adverse`); its persistent ability stops acting and
    the token returns to the supply. With no such card, nothing happens.
    """

    grammar: ClassVar[str] = 'retirer_persistant: "Retirer" "un" "jeton" "Persistant" adverse? "au" "choix"'
    slot: ClassVar[str | None] = "effet_simple"
    kind: Literal["retirer_persistant"] = "retirer_persistant"
    adverse: bool = False

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, adverse=any(str(c) == "adverse" for c in children))

    def run(self, state: Any, act: Any) -> None:
        """You take a Persistant token off a card of your choice (the opponent's if `adverse`)."""
        cards = [c for c in state.in_play() if c in state.persistent and (not self.adverse or state.owners[c] != act.me)]
        if not cards:
            state.emit("no_target")
            return
        options = [state.play_options[c] for c in cards]
        decision = Decision(act.me, "persistent", options, "Take a Persistant token off a card", context={"for": act.me})
        state.ask(decision, _token_removed)

    def write(self) -> str:
        return "Retirer un jeton Persistant" + (" adverse" if self.adverse else "") + " au choix"


def _token_removed(state: Any, option: Option) -> None:
    card = option.value
    state.persistent.remove(card)
    state.refresh_active()
    state.emit("token_removed", player=state.owners[card], card=state.names[card])
    state.evaluate()


CONSTRUCTS: tuple[type[Construct], ...] = (
    ModifierInfluence,
    Defausser,
    ReprendreEnMain,
    DefausserMain,
    Piocher,
    GagnerLaPartie,
    RetirerPersistant,
)
