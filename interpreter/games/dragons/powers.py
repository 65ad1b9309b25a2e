"""A Duel de dragons card's properties: its own fatigue and its powers, with their triggers and limits.

Each class is a construct (`language/constructs.py`): grammar, reading,
handler and text in one place. A card prints them under its statistics, one
per line::

    Fatigue 5
    Pouvoir : +10 en Puissance contre un Personnage.
    Pouvoir : quand cette carte gagne une manche, une fois par duel : marque 1 point.
    Pouvoir : si tes points valent moins que les points de l'adversaire : +20 au total ; sinon : +5 au total.

A power without a trigger works when its card is revealed, before the
totals are compared: its bonuses count in this round's total. A trigger
names another moment: `quand cette carte gagne une manche`, `quand cette
carte perd une manche` (after the winner is decided, before the fatigue),
`au début de la manche` (for every card of the hand, once the round's
statistics are drawn), `quand cette carte est échangée` (swapped for a
card of the reserve). A limit (`une fois par duel`, `2 fois par manche`)
bounds how often it works, counted only when the power did something (a
`si` false with no `sinon` does not count). What a power does is in `effects.py` (bonuses,
points, statistics, exchanges, `si`) and `moves.py` (cards moved between
zones, cards looked at); `steps.py` runs them.

Every power ends: effects fire no trigger, each trigger fires once per card
at its moment, amounts are at most 99, and a move takes at most the cards
its zone holds (see docs/dragons.md, "Every power ends").
"""

from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from lark.tree import Meta
from pydantic import Field, SerializeAsAny

from atout.interpreter.language.constructs import Construct
from atout.interpreter.language.nodes import Node

from .conditions import Context, nodes, tokens
from .effects import effects_text

if TYPE_CHECKING:
    from atout.interpreter.language.transform import UnitTransformer


class Moment(str, Enum):
    """When powers are read: at the reveal, when a card wins or loses, at the start of a round."""

    REVELEE = "revelee"
    GAGNE = "gagne"
    PERD = "perd"
    DEBUT = "debut"
    ECHANGEE = "echangee"


# ---------------------------------------------------------------------------
# Card properties
# ---------------------------------------------------------------------------


class FatiguePropre(Construct):
    """`Fatigue 5`: after a round, this card loses 5 (not the rules' `Fatigue`) on each statistic asked."""

    grammar: ClassVar[str] = 'fatigue_propre: "Fatigue" INT _NL?'
    slot: ClassVar[str | None] = "propriete"
    handler: ClassVar[str] = "fatigue"
    kind: Literal["fatigue_propre"] = "fatigue_propre"
    points: int = Field(ge=0, le=100)

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        (number,) = tokens(children, "INT")
        return t.build(cls, meta, {"points": number}, label=f"Fatigue {number}", points=int(number))

    def fatigue(self, rules_fatigue: int) -> int:
        """The fatigue this card takes, whatever the rules'."""
        return self.points

    def write(self) -> str:
        return f"Fatigue {self.points}"


class Pouvoir(Construct):
    """`Pouvoir : [déclencheur] [limite :] effets`: what the card does, and when."""

    grammar: ClassVar[str] = r"""
pouvoir: "Pouvoir" ":" (_declencheur _limite? ":" | _limite ":")? _bloc "."? _NL?
_bloc: _effet+ | _effet* si
"""
    slot: ClassVar[str | None] = "propriete"
    kind: Literal["pouvoir"] = "pouvoir"
    declencheur: SerializeAsAny[Node] | None = None
    limite: SerializeAsAny[Node] | None = None
    effets: tuple[SerializeAsAny[Node], ...] = Field(min_length=1)

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        parts = nodes(children)
        declencheur = next((p for p in parts if isinstance(p, Trigger)), None)
        limite = next((p for p in parts if isinstance(p, Limit)), None)
        effets = tuple(p for p in parts if p is not declencheur and p is not limite)
        return t.build(cls, meta, declencheur=declencheur, limite=limite, effets=effets)

    @property
    def moment(self) -> Moment:
        """When the power works: its trigger's moment, or at the reveal."""
        return self.declencheur.moment if isinstance(self.declencheur, Trigger) else Moment.REVELEE

    def run(self, ctx: Context) -> None:
        """Its effects, in order (the engine has checked the moment and the limit)."""
        ctx.state.run_effects(ctx, self.effets)

    def write(self) -> str:
        head = []
        if self.declencheur is not None:
            head.append(self.declencheur.write())  # type: ignore[attr-defined]
        if self.limite is not None:
            head.append(self.limite.write())  # type: ignore[attr-defined]
        when = (", ".join(head) + " : ") if head else ""
        return f"Pouvoir : {when}{effects_text(self.effets)}."


# ---------------------------------------------------------------------------
# Triggers and limits
# ---------------------------------------------------------------------------


class Trigger(Construct):
    """A moment a power waits for (abstract: no kind)."""

    slot: ClassVar[str | None] = "declencheur"
    handler: ClassVar[str] = "fires"
    moment: ClassVar[Moment]

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta)

    def fires(self, moment: Moment) -> bool:
        """True at the trigger's moment."""
        return moment is self.moment


class QuandGagne(Trigger):
    """`quand cette carte gagne une manche`: after its total beat the other's, before the fatigue."""

    grammar: ClassVar[str] = 'quand_gagne: "quand" CETTE_CARTE "gagne" "une" "manche"'
    moment: ClassVar[Moment] = Moment.GAGNE
    kind: Literal["quand_gagne"] = "quand_gagne"

    def write(self) -> str:
        return "quand cette carte gagne une manche"


class QuandPerd(Trigger):
    """`quand cette carte perd une manche`: after the other's total beat its own, before the fatigue."""

    grammar: ClassVar[str] = 'quand_perd: "quand" CETTE_CARTE "perd" "une" "manche"'
    moment: ClassVar[Moment] = Moment.PERD
    kind: Literal["quand_perd"] = "quand_perd"

    def write(self) -> str:
        return "quand cette carte perd une manche"


class AuDebut(Trigger):
    """`au début de la manche`: once the round's statistics are drawn, for the card in its player's hand."""

    grammar: ClassVar[str] = 'au_debut: "au" "début" "de" "la" "manche"'
    moment: ClassVar[Moment] = Moment.DEBUT
    kind: Literal["au_debut"] = "au_debut"

    def write(self) -> str:
        return "au début de la manche"


class QuandEchangee(Trigger):
    """`quand cette carte est échangée`: its player has just swapped it for a card of the reserve.

    It works from the reserve, where the card has just gone, once the card
    drawn has entered the hand, before the next swap and the choice of the
    cards. No card is played yet.
    """

    grammar: ClassVar[str] = 'quand_echangee: "quand" CETTE_CARTE "est" "échangée"'
    moment: ClassVar[Moment] = Moment.ECHANGEE
    kind: Literal["quand_echangee"] = "quand_echangee"

    def write(self) -> str:
        return "quand cette carte est échangée"


class Limit(Construct):
    """How often a power may work (abstract: no kind)."""

    slot: ClassVar[str | None] = "limite"
    handler: ClassVar[str] = "allows"
    #: "duel" or "manche": what the count is kept over.
    per: ClassVar[str]
    fois: int = Field(ge=1, le=99)

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        number = tokens(children, "INT")
        if not number:
            return t.build(cls, meta, fois=1)
        return t.build(cls, meta, {"fois": number[0]}, label=f"{number[0]} fois", fois=int(number[0]))

    def allows(self, used: int) -> bool:
        """True while the power has worked fewer times than allowed (over the duel or the round)."""
        return used < self.fois

    def write(self) -> str:
        return f"{'une' if self.fois == 1 else self.fois} fois par {self.per}"


class FoisParDuel(Limit):
    """`une fois par duel`, `2 fois par duel`."""

    grammar: ClassVar[str] = 'fois_par_duel: ("une" | INT) "fois" "par" "duel"'
    per: ClassVar[str] = "duel"
    kind: Literal["fois_par_duel"] = "fois_par_duel"


class FoisParManche(Limit):
    """`une fois par manche`, `2 fois par manche` (a round played again counts anew)."""

    grammar: ClassVar[str] = 'fois_par_manche: ("une" | INT) "fois" "par" "manche"'
    per: ClassVar[str] = "manche"
    kind: Literal["fois_par_manche"] = "fois_par_manche"


CONSTRUCTS: tuple[type[Construct], ...] = (
    FatiguePropre,
    Pouvoir,
    QuandGagne,
    QuandPerd,
    AuDebut,
    QuandEchangee,
    FoisParDuel,
    FoisParManche,
)
