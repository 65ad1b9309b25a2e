"""A Duel de dragons card's properties: its own fatigue and its powers, with triggers, limits and effects.

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
statistics are drawn). A limit (`une fois par duel`, `2 fois par manche`)
bounds how often it works.

Every power ends: effects fire no trigger, each trigger fires once per card
at its moment, amounts are at most 99, and a move takes at most the cards
its zone holds (see docs/dragons.md, "Every power ends").
"""

from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from lark.tree import Meta
from pydantic import Field, SerializeAsAny

from atout.interpreter.language.constructs import Construct
from atout.interpreter.language.logic import value_of
from atout.interpreter.language.nodes import Node

from .ast import Categorie, NomDeStatistique, Rarete
from .conditions import (
    AutantQue,
    Contexte,
    Lieu,
    Montant,
    PourChaque,
    Qui,
    Visee,
    Zone,
    amount_head,
    amount_tail,
    genre_of,
    genre_text,
    is_of,
    nodes,
    read_amount,
    statistique_of,
    tokens,
    visee_of,
)

if TYPE_CHECKING:
    from atout.interpreter.language.transform import UnitTransformer


class Moment(str, Enum):
    """When powers are read: at the reveal, when a card wins or loses, at the start of a round."""

    REVELEE = "revelee"
    GAGNE = "gagne"
    PERD = "perd"
    DEBUT = "debut"


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
        declencheur = next((p for p in parts if isinstance(p, Declencheur)), None)
        limite = next((p for p in parts if isinstance(p, Limite)), None)
        effets = tuple(p for p in parts if p is not declencheur and p is not limite)
        return t.build(cls, meta, declencheur=declencheur, limite=limite, effets=effets)

    @property
    def moment(self) -> Moment:
        """When the power works: its trigger's moment, or at the reveal."""
        return self.declencheur.moment if isinstance(self.declencheur, Declencheur) else Moment.REVELEE

    def run(self, ctx: Contexte) -> None:
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


def effects_text(effets: tuple[Node, ...]) -> str:
    """Effects as a power prints them: `+10 en Ruse, marque 1 point`."""
    return ", ".join(effet.write() for effet in effets)  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------
# Triggers and limits
# ---------------------------------------------------------------------------


class Declencheur(Construct):
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


class QuandGagne(Declencheur):
    """`quand cette carte gagne une manche`: after its total beat the other's, before the fatigue."""

    grammar: ClassVar[str] = 'quand_gagne: "quand" CETTE_CARTE "gagne" "une" "manche"'
    moment: ClassVar[Moment] = Moment.GAGNE
    kind: Literal["quand_gagne"] = "quand_gagne"

    def write(self) -> str:
        return "quand cette carte gagne une manche"


class QuandPerd(Declencheur):
    """`quand cette carte perd une manche`: after the other's total beat its own, before the fatigue."""

    grammar: ClassVar[str] = 'quand_perd: "quand" CETTE_CARTE "perd" "une" "manche"'
    moment: ClassVar[Moment] = Moment.PERD
    kind: Literal["quand_perd"] = "quand_perd"

    def write(self) -> str:
        return "quand cette carte perd une manche"


class AuDebut(Declencheur):
    """`au début de la manche`: once the round's statistics are drawn, for the card in its player's hand."""

    grammar: ClassVar[str] = 'au_debut: "au" "début" "de" "la" "manche"'
    moment: ClassVar[Moment] = Moment.DEBUT
    kind: Literal["au_debut"] = "au_debut"

    def write(self) -> str:
        return "au début de la manche"


class Limite(Construct):
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


class FoisParDuel(Limite):
    """`une fois par duel`, `2 fois par duel`."""

    grammar: ClassVar[str] = 'fois_par_duel: ("une" | INT) "fois" "par" "duel"'
    per: ClassVar[str] = "duel"
    kind: Literal["fois_par_duel"] = "fois_par_duel"


class FoisParManche(Limite):
    """`une fois par manche`, `2 fois par manche` (a round played again counts anew)."""

    grammar: ClassVar[str] = 'fois_par_manche: ("une" | INT) "fois" "par" "manche"'
    per: ClassVar[str] = "manche"
    kind: Literal["fois_par_manche"] = "fois_par_manche"


# ---------------------------------------------------------------------------
# Effects
# ---------------------------------------------------------------------------


class Effet(Construct):
    """Something a power does (abstract: no kind)."""

    slot: ClassVar[str | None] = "effet"


class Si(Construct):
    """`si <condition> : effets ; sinon : effets`: one condition over a block of effects, and an otherwise.

    It comes last in its power; a condition is written with `et`, `ou`,
    `non` rather than a `si` inside a `si`.
    """

    grammar: ClassVar[str] = r"""
si: "si" _condition ":" _effet+ (";"? SINON ":" _effet+)?
SINON: "sinon"
"""
    kind: Literal["si"] = "si"
    condition: SerializeAsAny[Node]
    alors: tuple[SerializeAsAny[Node], ...] = Field(min_length=1)
    sinon: tuple[SerializeAsAny[Node], ...] = ()

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        condition, *rest = nodes(children)
        otherwise = tokens(children, "SINON")
        split = children.index(otherwise[0]) - 1 if otherwise else len(rest)  # effects before "sinon"
        return t.build(cls, meta, condition=condition, alors=tuple(rest[:split]), sinon=tuple(rest[split:]))

    def run(self, ctx: Contexte) -> None:
        """The effects of the branch the condition chooses (none: "sinon" not written and false)."""
        holds = self.condition.holds(ctx)  # type: ignore[attr-defined]
        ctx.state.condition_read(ctx, self, holds)
        ctx.state.run_effects(ctx, self.alors if holds else self.sinon)

    def write(self) -> str:
        text = f"si {self.condition.write()} : {effects_text(self.alors)}"  # type: ignore[attr-defined]
        return text + (f" ; sinon : {effects_text(self.sinon)}" if self.sinon else "")


class Bonus(Effet):
    """`+10 en Puissance`, `-5 au total`, `+10 en Ruse contre un Dragon`, `+5 en Ruse pour chaque carte de ta main`.

    At the reveal only (a power without a trigger): it adds to this card's
    total this round; a bonus on a statistic counts only when the round asks
    it, one `contre …` only against that kind of card.
    """

    grammar: ClassVar[str] = r"""
bonus: SIGNE INT _cible pour_chaque? _contre? | SIGNE "autant" _cible autant_que _contre?
_cible: "en" _statistique | AU_TOTAL
_contre: "contre" _genre
AU_TOTAL: /au +total/
"""
    kind: Literal["bonus"] = "bonus"
    signe: Literal["+", "-"] = "+"
    montant: Montant
    statistique: NomDeStatistique | None = None
    contre: Categorie | Rarete | None = None

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        (signe,) = tokens(children, "SIGNE")
        montant = read_amount(t, meta, children)
        places = {"montant": tokens(children, "INT")[0]} if isinstance(montant, int) else {}
        return t.build(
            cls, meta, places, label=t.text_of(meta), signe=str(signe), montant=montant,
            statistique=statistique_of(children), contre=genre_of(children),
        )

    def run(self, ctx: Contexte) -> None:
        """Adds to the card's total this round, when its statistic is asked and against its kind of card."""
        state = ctx.state
        if self.statistique is not None and not state.is_asked(self.statistique):
            return
        if self.contre is not None and (ctx.other is None or not is_of(state.card_ast(ctx.other), self.contre)):
            return
        amount = value_of(self.montant, ctx)
        state.add_bonus(ctx, amount if self.signe == "+" else -amount, self)

    def write(self) -> str:
        target = f"en {self.statistique.value}" if self.statistique is not None else "au total"
        contre = f" contre {genre_text(self.contre)}" if self.contre is not None else ""
        return f"{self.signe}{amount_head(self.montant)} {target}{amount_tail(self.montant)}{contre}"


class Marque(Effet):
    """`marque 1 point`, `l'adversaire perd 1 point`, `marque 1 point pour chaque …`, `marque autant de points que …`."""

    grammar: ClassVar[str] = r"""
marque: "marque" _points_gagnes | ADVERSAIRE "perd" _points_gagnes
_points_gagnes: INT ("point" | "points") pour_chaque? | "autant" "de" "points" autant_que
"""
    kind: Literal["marque"] = "marque"
    qui: Qui = Qui.TOI
    montant: Montant

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        montant = read_amount(t, meta, children)
        qui = Qui.ADVERSAIRE if tokens(children, "ADVERSAIRE") else Qui.TOI
        places = {"montant": tokens(children, "INT")[0]} if isinstance(montant, int) else {}
        return t.build(cls, meta, places, label=t.text_of(meta), qui=qui, montant=montant)

    def run(self, ctx: Contexte) -> None:
        """You score the amount, or the other player loses it (never below 0)."""
        amount = value_of(self.montant, ctx)
        ctx.state.add_points(ctx, ctx.seat_of(self.qui), amount if self.qui is Qui.TOI else -amount)

    def write(self) -> str:
        verb = "marque" if self.qui is Qui.TOI else "l'adversaire perd"
        if isinstance(self.montant, AutantQue):
            return f"{verb} autant de points {self.montant.write()}"
        head = amount_head(self.montant)
        return f"{verb} {head} point{'s' if head != '1' else ''}{amount_tail(self.montant)}"


class ChangeStatistique(Effet):
    """`cette carte récupère 10 en Ruse`, `la carte adverse perd 5 sur chaque statistique`: for the rest of the duel.

    `récupère` takes back fatigue (never above the printed value), `perd`
    tires the card (never below 0).
    """

    grammar: ClassVar[str] = r"""
change_statistique: _carte_visee (RECUPERE | "perd") (INT _cible_stat pour_chaque? | "autant" _cible_stat autant_que)
_cible_stat: "en" _statistique | SUR_CHAQUE
RECUPERE: "récupère"
SUR_CHAQUE: /sur +chaque +statistique/
"""
    kind: Literal["change_statistique"] = "change_statistique"
    carte: Visee
    recupere: bool
    montant: Montant
    statistique: NomDeStatistique | None = None

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        montant = read_amount(t, meta, children)
        places = {"montant": tokens(children, "INT")[0]} if isinstance(montant, int) else {}
        return t.build(
            cls, meta, places, label=t.text_of(meta), carte=visee_of(children),
            recupere=bool(tokens(children, "RECUPERE")), montant=montant, statistique=statistique_of(children),
        )

    def run(self, ctx: Contexte) -> None:
        """The card's statistics now change (a card not played: nothing)."""
        card = ctx.card_of(self.carte)
        if card is None:
            return
        amount = value_of(self.montant, ctx)
        stats = (self.statistique,) if self.statistique is not None else tuple(NomDeStatistique)
        ctx.state.change_stats(ctx, card, stats, amount if self.recupere else -amount)

    def write(self) -> str:
        verb = "récupère" if self.recupere else "perd"
        target = f"en {self.statistique.value}" if self.statistique is not None else "sur chaque statistique"
        return f"{self.carte.value} {verb} {amount_head(self.montant)} {target}{amount_tail(self.montant)}"


class Echanges(Effet):
    """`+1 échange avec la réserve`: exchanges with the reserve gained (or lost, `-1`, never below 0)."""

    grammar: ClassVar[str] = r"""
echanges: SIGNE INT ("échange" | "échanges") "avec" "la" "réserve"
"""
    kind: Literal["echanges"] = "echanges"
    nombre: int = Field(ge=-9, le=9)

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        (signe,) = tokens(children, "SIGNE")
        (number,) = tokens(children, "INT")
        value = int(number) * (-1 if str(signe) == "-" else 1)
        return t.build(cls, meta, {"nombre": number}, label=t.text_of(meta), nombre=value)

    def run(self, ctx: Contexte) -> None:
        """The player's exchanges left change."""
        ctx.state.add_exchanges(ctx, self.nombre)

    def write(self) -> str:
        sign = "-" if self.nombre < 0 else "+"
        n = abs(self.nombre)
        return f"{sign}{n} échange{'s' if n > 1 else ''} avec la réserve"


class Choix(str, Enum):
    """Who picks the cards a move takes: chance, the card's player, or the other."""

    HASARD = "au hasard"
    TOI = "toi"
    ADVERSAIRE = "adversaire"


_DESTINATIONS = {"MAIN": Lieu.MAIN, "RESERVE": Lieu.RESERVE, "HORS_DU_DUEL": Lieu.ECARTEES}


def destination_of(children: list[Any]) -> Lieu:
    """`dans la main`, `dans la réserve`, `hors du duel` (among the cards left out)."""
    return _DESTINATIONS[tokens(children, *_DESTINATIONS)[-1].type]


def destination_text(lieu: Lieu) -> str:
    """How a move names where the cards go."""
    return "hors du duel" if lieu is Lieu.ECARTEES else f"dans la {lieu.value}"


class Mets(Effet):
    """Moves cards between zones; each card goes to a zone of its own player.

    - `mets 2 cartes au hasard de ta réserve dans la main`;
    - `mets 1 carte choisie par l'adversaire de la main de l'adversaire dans la réserve face visible`;
    - `mets cette carte dans la réserve`, `mets la carte adverse hors du duel`.

    The cards are drawn by chance (`au hasard`), or chosen by you (`choisie
    par toi`) or the other player (`choisie par l'adversaire`), who then see
    the zone. `face visible`: both players see which cards move (otherwise
    only their player). A hand keeps at least one card; a card entering a
    hand comes without fatigue, as from the reserve in a swap.
    """

    grammar: ClassVar[str] = r"""
mets: "mets" (INT ("carte" | "cartes") _choix "de" zone | _carte_visee) _destination _face?
_choix: AU_HASARD | ("choisie" | "choisies") "par" ("toi" | ADVERSAIRE)
_destination: "dans" "la" (MAIN | RESERVE) | HORS_DU_DUEL
_face: FACE_VISIBLE | FACE_CACHEE
AU_HASARD: /au +hasard/
HORS_DU_DUEL: /hors +du +duel/
FACE_VISIBLE: /face +visible/
FACE_CACHEE: /face +cachee/
"""
    kind: Literal["mets"] = "mets"
    nombre: int | None = Field(default=None, ge=1, le=20)
    choix: Choix = Choix.HASARD
    source: Zone | None = None
    carte: Visee | None = None
    destination: Lieu
    visible: bool = False

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        zones = [n for n in nodes(children) if isinstance(n, Zone)]
        visible = bool(tokens(children, "FACE_VISIBLE"))
        destination = destination_of(children)
        if not zones:
            return t.build(cls, meta, carte=visee_of(children), destination=destination, visible=visible)
        (number,) = tokens(children, "INT")
        if tokens(children, "AU_HASARD"):
            choix = Choix.HASARD
        else:
            choix = Choix.ADVERSAIRE if tokens(children, "ADVERSAIRE") else Choix.TOI
        return t.build(
            cls, meta, {"nombre": number}, label=f"mets {number} cartes", nombre=int(number), choix=choix,
            source=zones[0], destination=destination, visible=visible,
        )

    def run(self, ctx: Contexte) -> None:
        """The cards move (the choices and draws are decisions of the duel)."""
        ctx.state.move(ctx, self)

    def write(self) -> str:
        face = " face visible" if self.visible else ""
        if self.source is None:
            assert self.carte is not None
            return f"mets {self.carte.value} {destination_text(self.destination)}{face}"
        n = self.nombre or 1
        plural = "s" if n > 1 else ""
        choix = "au hasard" if self.choix is Choix.HASARD else f"choisie{plural} par " + (
            "toi" if self.choix is Choix.TOI else "l'adversaire"
        )
        return f"mets {n} carte{plural} {choix} de {self.source.write()} {destination_text(self.destination)}{face}"


class Regarde(Effet):
    """`regarde les 3 premières cartes de ta réserve`, `… et mets-en 1 dans la main`.

    The reserve and the cards left out are shuffled piles: their first cards
    are drawn by chance and shown to the card's player, who may put some of
    them in a zone (chosen); the others go back and the pile is shuffled.
    """

    grammar: ClassVar[str] = r"""
regarde: "regarde" "les" INT ("premières" | "première") ("cartes" | "carte") "de" zone ("et" "mets-en" INT _destination)?
"""
    kind: Literal["regarde"] = "regarde"
    nombre: int = Field(ge=1, le=10)
    source: Zone
    prises: int = Field(default=0, ge=0, le=10)
    destination: Lieu | None = None

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        numbers = tokens(children, "INT")
        (zone,) = nodes(children)
        places = {"nombre": numbers[0]} | ({"prises": numbers[1]} if len(numbers) > 1 else {})
        if len(numbers) > 1:
            return t.build(
                cls, meta, places, label=t.text_of(meta), nombre=int(numbers[0]), source=zone,
                prises=int(numbers[1]), destination=destination_of(children),
            )
        return t.build(cls, meta, places, label=t.text_of(meta), nombre=int(numbers[0]), source=zone)

    def run(self, ctx: Contexte) -> None:
        """Draws the first cards, shows them, puts the chosen ones where written."""
        ctx.state.look(ctx, self)

    def write(self) -> str:
        plural = "s" if self.nombre > 1 else ""
        text = f"regarde les {self.nombre} première{plural} carte{plural} de {self.source.write()}"
        if self.prises:
            text += f" et mets-en {self.prises} {destination_text(self.destination or Lieu.MAIN)}"
        return text


CONSTRUCTS: tuple[type[Construct], ...] = (
    FatiguePropre,
    Pouvoir,
    QuandGagne,
    QuandPerd,
    AuDebut,
    FoisParDuel,
    FoisParManche,
    Si,
    Bonus,
    Marque,
    ChangeStatistique,
    Echanges,
    Mets,
    Regarde,
)
