"""The cards an effect acts on (targets) and the sets a persistent effect speaks of, each in one place.

A target's handler, `designate(state, act, effect, then, *args)`, finds the
cards it names when the effect acts — asking for them when they are chosen
(`une carte au choix`) — and goes on with `then(state, cards, *args)`. The
targets that need no choice also give them at once: `cards(state, act)`.
A set of cards (`tes cartes [de la F]`, `les cartes adverses [de la F]`,
and `cette carte`, the effect's own card) names cards now or later:
`includes(state, owner, source, card)`.

The AST module keeps their names (`ast.CetteCarte`…).
"""

from collections.abc import Callable
from typing import Annotated, Any, ClassVar, Literal

from lark.tree import Meta
from pydantic import Field

from atout.interpreter.engine.decision import Decision, Option
from atout.interpreter.language.constructs import Construct
from atout.interpreter.language.transform import UnitTransformer

from .vocabulary import Camp, Faction, Joueur, de

#: What goes on once the targets are known: (state, cards, *args).
Then = Callable[..., None]


def _faction(children: list[Any]) -> Faction | None:
    return next((c for c in children if isinstance(c, Faction)), None)


def _mine(state: Any, act: Any, seat: int) -> list[int]:
    card = state.line[act.at].cards[seat]
    return [card] if card is not None else []


class _Fixed(Construct):
    """A target that needs no choice: its cards are given at once."""

    handler: ClassVar[str] = "designate"

    def cards(self, state: Any, act: Any) -> list[int]:
        """The cards in play it names now."""
        raise NotImplementedError

    def designate(self, state: Any, act: Any, effect: dict, then: Then, *args: Any) -> None:
        """Its cards, then `then(state, cards, *args)`."""
        then(state, tuple(self.cards(state, act)), *args)


class CetteCarte(_Fixed):
    """`cette carte`: the card whose ability acts (in a Protecteur's, your card of its faction), if still in play.

    In a persistent effect, the card itself (`Cette carte a +4 d'influence`).
    """

    grammar: ClassVar[str] = 'cette_carte: "cette" "carte"'
    slot: ClassVar[str | None] = "cible"
    kind: Literal["cette_carte"] = "cette_carte"

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta)

    def cards(self, state: Any, act: Any) -> list[int]:
        return [act.this] if act.this is not None and act.this in state.place else []

    def includes(self, state: Any, owner: int, source: int, card: int) -> bool:
        """In a persistent effect: the card is the effect's source itself."""
        return card == source

    def write(self) -> str:
        return "cette carte"


class TaCarte(_Fixed):
    """`ta carte`: the card you played in the current encounter, if still in play."""

    grammar: ClassVar[str] = 'ta_carte: "ta" "carte"'
    slot: ClassVar[str | None] = "cible"
    kind: Literal["ta_carte"] = "ta_carte"

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta)

    def cards(self, state: Any, act: Any) -> list[int]:
        return _mine(state, act, act.me)

    def write(self) -> str:
        return "ta carte"


class CarteAdverse(_Fixed):
    """`la carte adverse`: the card the opponent played in the current encounter, if still in play."""

    grammar: ClassVar[str] = 'carte_adverse: "la" "carte" "adverse"'
    slot: ClassVar[str | None] = "cible"
    kind: Literal["carte_adverse"] = "carte_adverse"

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta)

    def cards(self, state: Any, act: Any) -> list[int]:
        return _mine(state, act, 1 - act.me)

    def write(self) -> str:
        return "la carte adverse"


class CartesJouees(_Fixed):
    """`les deux cartes jouées`: both cards of the current encounter still in play, yours first."""

    grammar: ClassVar[str] = 'cartes_jouees: "les" "deux" "cartes" "jouées"'
    slot: ClassVar[str | None] = "cible"
    kind: Literal["cartes_jouees"] = "cartes_jouees"

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta)

    def cards(self, state: Any, act: Any) -> list[int]:
        return _mine(state, act, act.me) + _mine(state, act, 1 - act.me)

    def write(self) -> str:
        return "les deux cartes jouées"


class ChacuneDeTesCartes(_Fixed):
    """`chacune de tes cartes [de la F]`: each of your cards in play (of faction F), in line order."""

    grammar: ClassVar[str] = 'chacune_de_tes_cartes: "chacune" "de" "tes" "cartes" _de_faction?'
    slot: ClassVar[str | None] = "cible"
    kind: Literal["chacune_de_tes_cartes"] = "chacune_de_tes_cartes"
    faction: Faction | None = None

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, faction=_faction(children))

    def cards(self, state: Any, act: Any) -> list[int]:
        return [c for c in state.in_play() if state.owners[c] == act.me and (self.faction is None or state.cards[c].faction is self.faction)]

    def write(self) -> str:
        return "chacune de tes cartes" + de(self.faction)


class ChacuneDesCartesAdverses(_Fixed):
    """`chacune des cartes adverses [de la F]`: each of the opponent's cards in play (of faction F)."""

    grammar: ClassVar[str] = 'chacune_des_cartes_adverses: "chacune" "des" "cartes" "adverses" _de_faction?'
    slot: ClassVar[str | None] = "cible"
    kind: Literal["chacune_des_cartes_adverses"] = "chacune_des_cartes_adverses"
    faction: Faction | None = None

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, faction=_faction(children))

    def cards(self, state: Any, act: Any) -> list[int]:
        return [c for c in state.in_play() if state.owners[c] != act.me and (self.faction is None or state.cards[c].faction is self.faction)]

    def write(self) -> str:
        return "chacune des cartes adverses" + de(self.faction)


class CarteAuChoix(Construct):
    """`une [autre] carte [adverse] [de la F] [d'une rencontre passée] au choix [de l'adversaire]`.

    One card in the line, chosen when the effect acts by `choisie_par` (you by
    default; the opponent with "au choix de l'adversaire"). Eligible cards:
    any card in play, of the current and past encounters (`camp`: anyone's,
    yours with "une de tes cartes", the opponent's with "adverse"), not this
    card if `autre`, of faction `faction` if given, of a past encounter only
    if `passee`. With no eligible card, the effect does nothing.
    """

    grammar: ClassVar[str] = """
carte_au_choix: "une" autre? "carte" adverse? _de_faction? passee? "au" "choix" par_l_adversaire?
              | "une" de_tes autre? "cartes" _de_faction? passee? "au" "choix" par_l_adversaire?
"""
    slot: ClassVar[str | None] = "cible"
    handler: ClassVar[str] = "designate"
    kind: Literal["carte_au_choix"] = "carte_au_choix"
    camp: Camp = Camp.TOUTES
    autre: bool = False
    faction: Faction | None = None
    passee: bool = False
    choisie_par: Joueur = Joueur.TOI

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        words = {str(c) for c in children if isinstance(c, str) and not isinstance(c, Faction)}
        if "de tes" in words:
            camp = Camp.TIENNES
        elif "adverse" in words:
            camp = Camp.ADVERSES
        else:
            camp = Camp.TOUTES
        return t.build(
            cls,
            meta,
            camp=camp,
            autre="autre" in words,
            faction=_faction(children),
            passee="passée" in words,
            choisie_par=Joueur.ADVERSAIRE if "au choix de l'adversaire" in words else Joueur.TOI,
        )

    def eligible(self, state: Any, act: Any) -> list[int]:
        """The cards it may take, in line order."""
        current = state.line[act.at].number
        cards = []
        for enc in state.line:
            if self.passee and enc.number == current:
                continue
            for card in enc.cards:
                if card is None:
                    continue
                owner = state.owners[card]
                if self.camp is Camp.TIENNES and owner != act.me:
                    continue
                if self.camp is Camp.ADVERSES and owner == act.me:
                    continue
                if self.autre and card == act.this:
                    continue
                if self.faction is not None and state.cards[card].faction is not self.faction:
                    continue
                cards.append(card)
        return cards

    def designate(self, state: Any, act: Any, effect: dict, then: Then, *args: Any) -> None:
        """One eligible card, chosen by you (or by the opponent); none eligible: no card. Then `then(state, cards, *args)`."""
        cards = self.eligible(state, act)
        if not cards:
            then(state, (), *args)
            return
        chooser = act.me if self.choisie_par is Joueur.TOI else 1 - act.me
        options = [state.play_options[c] for c in cards]
        context = {"for": act.me, **effect}
        decision = Decision(chooser, "target", options, f"Choose the card for {act.source}'s effect", context=context)
        state.ask(decision, _target_chosen, chooser, then, *args)

    def write(self) -> str:
        if self.camp is Camp.TIENNES:
            text = "une de tes " + ("autres " if self.autre else "") + "cartes"
        else:
            text = "une " + ("autre " if self.autre else "") + "carte" + (" adverse" if self.camp is Camp.ADVERSES else "")
        text += de(self.faction)
        if self.passee:
            text += " d'une rencontre passée"
        text += " au choix"
        if self.choisie_par is Joueur.ADVERSAIRE:
            text += " de l'adversaire"
        return text


def _target_chosen(state: Any, option: Option, chooser: int, then: Then, *args: Any) -> None:
    state.emit("target", player=chooser, card=state.names[option.value], owner=state.owners[option.value])
    then(state, (option.value,), *args)


class _Ensemble(Construct):
    """A set of cards a persistent effect speaks of, now or later."""

    handler: ClassVar[str] = "includes"
    faction: Faction | None = None
    mine: ClassVar[bool] = True

    def includes(self, state: Any, owner: int, source: int, card: int) -> bool:
        """Whether `card` is in the set, for an effect of `source` active for `owner`."""
        if (state.owners[card] == owner) != self.mine:
            return False
        return self.faction is None or state.cards[card].faction is self.faction


class TesCartes(_Ensemble):
    """`tes cartes [de la F]`: every card of yours in play (of faction F), now or later."""

    grammar: ClassVar[str] = 'tes_cartes: "tes" "cartes" _de_faction?'
    kind: Literal["tes_cartes"] = "tes_cartes"

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, faction=_faction(children))

    def write(self) -> str:
        return "tes cartes" + de(self.faction)


class CartesAdverses(_Ensemble):
    """`les cartes adverses [de la F]`: every card of the opponent in play (of faction F), now or later."""

    grammar: ClassVar[str] = 'cartes_adverses: "les" "cartes" "adverses" _de_faction?'
    kind: Literal["cartes_adverses"] = "cartes_adverses"
    mine: ClassVar[bool] = False

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, faction=_faction(children))

    def write(self) -> str:
        return "les cartes adverses" + de(self.faction)


#: The cards an effect acts on (grammar: `_cible`).
Cible = Annotated[
    CetteCarte | TaCarte | CarteAdverse | CartesJouees | CarteAuChoix | ChacuneDeTesCartes | ChacuneDesCartesAdverses,
    Field(discriminator="kind"),
]

#: The cards a persistent effect acts on, now or later (grammar: `_ensemble`).
Ensemble = Annotated[CetteCarte | TesCartes | CartesAdverses, Field(discriminator="kind")]

CONSTRUCTS: tuple[type[Construct], ...] = (
    CetteCarte,
    TaCarte,
    CarteAdverse,
    CartesJouees,
    CarteAuChoix,
    ChacuneDeTesCartes,
    ChacuneDesCartesAdverses,
    TesCartes,
    CartesAdverses,
)
