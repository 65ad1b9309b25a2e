"""What a Duel de dragons power may ask: zones, quantities, computed amounts, conditions.

Each class is a construct (`language/constructs.py`): its grammar rule in the
game's French words, its reading, its handler and its text, in one place.
Their meaning is the shared one of `language/logic.py`; the handlers receive
a `Context`: the duel, the seat whose card has the power, that card and the
card the other player played this round (None when no card is played yet).

- a **zone** of a player: `ta main`, `ta réserve`, `tes cartes écartées`
  (left out of the duel), or the other player's (`la main de l'adversaire`);
- a **quantity** (`value`): `tes points`, `les points de l'adversaire`, `le
  numéro de la manche`, `le nombre de cartes de ta réserve`, `la Ruse de la
  carte adverse`;
- an **amount** computed from a quantity: `pour chaque carte de ta main`
  (after the number it multiplies: `+5 en Ruse pour chaque carte de ta
  main`), `autant … que` (`+autant en Ruse que le Savoir de cette carte`);
- a **condition** (`holds`): `tes points valent moins que les points de
  l'adversaire`, `la manche demande la Ruse`, `la carte adverse est un
  Dragon`, joined by `et`, `ou`, `non` and parentheses;
- what just happened: `tu as perdu la manche précédente` (a condition),
  `l'écart de la manche précédente` and, once this round's cards are
  compared, `l'écart de la manche` (quantities).
"""

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from lark import Token
from lark.tree import Meta
from pydantic import SerializeAsAny

from atout.interpreter.language import logic
from atout.interpreter.language.constructs import Construct
from atout.interpreter.language.nodes import Node

from .ast import Categorie, NomDeStatistique, Rarete

if TYPE_CHECKING:
    from atout.interpreter.language.transform import UnitTransformer

    from .state import DragonsState


@dataclass(frozen=True)
class Context:
    """Where a power is read: the duel, the seat of its card, the card, the other's played card.

    `use`: the power's (card, position) while its limit has not yet been
    counted for this firing: it is counted when its first effect runs (a
    `si` whose condition is false and has no `sinon` runs none).
    """

    state: "DragonsState"
    seat: int
    card: int
    other: int | None
    use: tuple[int, int] | None = None

    def seat_of(self, qui: "Qui") -> int:
        """The seat a word names: yours, or the other player's."""
        return self.seat if qui is Qui.TOI else 1 - self.seat

    def card_of(self, visee: "Visee") -> int | None:
        """The card a word names: this card, or the other's played card (None when none is played)."""
        return self.card if visee is Visee.CETTE_CARTE else self.other


class Qui(str, Enum):
    """Whose: the player of the card with the power, or the other player."""

    TOI = "toi"
    ADVERSAIRE = "adversaire"


class Visee(str, Enum):
    """A played card a power speaks of: its own, or the other player's (terminal names)."""

    CETTE_CARTE = "cette carte"
    CARTE_ADVERSE = "la carte adverse"


class Lieu(str, Enum):
    """A zone of a player: the hand, the reserve, the cards left out of the duel."""

    MAIN = "main"
    RESERVE = "réserve"
    ECARTEES = "cartes écartées"


#: The statistic's article, as a sentence prints it: "la Ruse", "le Savoir".
ARTICLE = {
    NomDeStatistique.PUISSANCE: "la",
    NomDeStatistique.RUSE: "la",
    NomDeStatistique.SAVOIR: "le",
    NomDeStatistique.CHARISME: "le",
}

_STATS = {stat.name for stat in NomDeStatistique}
_CATEGORIES = {categorie.name for categorie in Categorie}
_RARETES = {rarete.name for rarete in Rarete}


def tokens(children: list[Any], *types: str) -> list[Token]:
    """The children that are tokens of these terminal types (all tokens without types)."""
    return [c for c in children if isinstance(c, Token) and (not types or c.type in types)]


def nodes(children: list[Any]) -> list[Node]:
    """The children that are nodes."""
    return [c for c in children if isinstance(c, Node)]


def statistique_of(children: list[Any]) -> NomDeStatistique | None:
    """The statistic named among the children, if any."""
    found = tokens(children, *_STATS)
    return NomDeStatistique[found[0].type] if found else None


def genre_of(children: list[Any]) -> Categorie | Rarete | None:
    """A kind of card named among the children: a category or a rarity."""
    for token in tokens(children):
        if token.type in _CATEGORIES:
            return Categorie[token.type]
        if token.type in _RARETES:
            return Rarete[token.type]
    return None


def genre_text(genre: Categorie | Rarete) -> str:
    """`un Dragon`, `un Personnage`, `une carte Mythique`."""
    if isinstance(genre, Categorie):
        return f"un {genre.value}"
    return f"une carte {genre.value}"


def is_of(card: Any, genre: Categorie | Rarete) -> bool:
    """True when a card (its AST) is of this kind."""
    return card.est(genre) if isinstance(genre, Categorie) else card.rarete is genre


def visee_of(children: list[Any]) -> Visee:
    """`cette carte` or `la carte adverse`, among the children."""
    return Visee.CARTE_ADVERSE if tokens(children, "CARTE_ADVERSE") else Visee.CETTE_CARTE


# ---------------------------------------------------------------------------
# Zones
# ---------------------------------------------------------------------------


class Zone(Construct):
    """`ta réserve`, `la main de l'adversaire`, `tes cartes écartées`: a zone of a player."""

    grammar: ClassVar[str] = r"""
zone: ("ta" | "tes") _lieu | ("la" | "les") _lieu "de" ADVERSAIRE
_lieu: MAIN | RESERVE | ECARTEES
MAIN: "main"
RESERVE: "réserve"
ECARTEES: /cartes +ecartees/
"""
    handler: ClassVar[str] = "cards"
    kind: Literal["zone"] = "zone"
    lieu: Lieu
    qui: Qui = Qui.TOI

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        lieu = {"MAIN": Lieu.MAIN, "RESERVE": Lieu.RESERVE, "ECARTEES": Lieu.ECARTEES}[tokens(children, "MAIN", "RESERVE", "ECARTEES")[0].type]
        qui = Qui.ADVERSAIRE if tokens(children, "ADVERSAIRE") else Qui.TOI
        return t.build(cls, meta, lieu=lieu, qui=qui)

    def cards(self, ctx: Context) -> list[int]:
        """The cards in the zone now."""
        return ctx.state.zone_cards(ctx.seat_of(self.qui), self.lieu)

    def write(self) -> str:
        if self.qui is Qui.TOI:
            return ("tes " if self.lieu is Lieu.ECARTEES else "ta ") + self.lieu.value
        return ("les " if self.lieu is Lieu.ECARTEES else "la ") + self.lieu.value + " de l'adversaire"


# ---------------------------------------------------------------------------
# Quantities
# ---------------------------------------------------------------------------


class Quantity(Construct):
    """A number of the duel a condition compares or an amount counts (abstract: no kind)."""

    slot: ClassVar[str | None] = "quantite"
    handler: ClassVar[str] = "value"
    #: True when the words are plural ("tes points valent"), for the verb's agreement.
    pluriel: ClassVar[bool] = False


class Points(Quantity):
    """`tes points`, `les points de l'adversaire`: the points scored so far."""

    grammar: ClassVar[str] = 'points: "tes" "points" | "les" "points" "de" ADVERSAIRE'
    pluriel: ClassVar[bool] = True
    kind: Literal["points"] = "points"
    qui: Qui = Qui.TOI

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, qui=Qui.ADVERSAIRE if tokens(children, "ADVERSAIRE") else Qui.TOI)

    def value(self, ctx: Context) -> int:
        """The seat's score."""
        return ctx.state.score[ctx.seat_of(self.qui)]

    def write(self) -> str:
        return "tes points" if self.qui is Qui.TOI else "les points de l'adversaire"


class NumeroDeManche(Quantity):
    """`le numéro de la manche`: 1 to 5, then 6, 7… for the decisive rounds."""

    grammar: ClassVar[str] = 'numero_de_manche: "le" "numéro" "de" "la" "manche"'
    kind: Literal["numero_de_manche"] = "numero_de_manche"

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta)

    def value(self, ctx: Context) -> int:
        """The round being played."""
        return ctx.state.round

    def write(self) -> str:
        return "le numéro de la manche"


class NombreDeCartes(Quantity):
    """`le nombre de cartes de ta réserve`: how many cards a zone holds."""

    grammar: ClassVar[str] = 'nombre_de_cartes: "le" "nombre" "de" "cartes" "de" zone'
    kind: Literal["nombre_de_cartes"] = "nombre_de_cartes"
    zone: Zone

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, zone=nodes(children)[0])

    def value(self, ctx: Context) -> int:
        """The number of cards in the zone."""
        return len(self.zone.cards(ctx))

    def write(self) -> str:
        return f"le nombre de cartes de {self.zone.write()}"


class StatistiqueDeCarte(Quantity):
    """`la Ruse de la carte adverse`, `le Savoir de cette carte`: a statistic now (fatigue included)."""

    grammar: ClassVar[str] = 'statistique_de_carte: ("la" | "le") _statistique "de" _carte_visee'
    kind: Literal["statistique_de_carte"] = "statistique_de_carte"
    statistique: NomDeStatistique
    carte: Visee

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, statistique=statistique_of(children), carte=visee_of(children))

    def value(self, ctx: Context) -> int:
        """The statistic's value now; 0 when the card is not played."""
        card = ctx.card_of(self.carte)
        return 0 if card is None else ctx.state.stat_now(card, self.statistique)

    def write(self) -> str:
        return f"{ARTICLE[self.statistique]} {self.statistique.value} de {self.carte.value}"


class Ecart(Quantity):
    """`l'écart de la manche`, `l'écart de la manche précédente`: how much the winning total beat the other.

    The totals as compared, the powers' bonuses included; 0 for a tie, and
    before the round's cards are compared (for `l'écart de la manche`: the
    checks keep it to a power `quand cette carte gagne/perd une manche`) or
    in the first round (`précédente`). The previous round is the last one
    played, a tied round played again included.
    """

    grammar: ClassVar[str] = r"""
ecart: "l'écart" "de" "la" "manche" PRECEDENTE?
PRECEDENTE: "précédente"
"""
    kind: Literal["ecart"] = "ecart"
    #: True: the previous round's; False: this round's.
    precedente: bool = False

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, precedente=bool(tokens(children, "PRECEDENTE")))

    def value(self, ctx: Context) -> int:
        """The margin of that round (0: a tie, not compared yet, or no round before)."""
        result = ctx.state.round_result(self.precedente)
        return 0 if result is None else result[1]

    def write(self) -> str:
        return "l'écart de la manche précédente" if self.precedente else "l'écart de la manche"


# ---------------------------------------------------------------------------
# Computed amounts
# ---------------------------------------------------------------------------


class PourChaque(logic.ForEach):
    """`pour chaque carte de ta main`, after the number it multiplies: `+5 en Ruse pour chaque carte de ta main`.

    It counts cards of a zone (`carte de ta réserve`) or points (`point de
    l'adversaire`, `point que tu as`). The number before it is `per`, which
    the effect holding it reads (`with_per`).
    """

    grammar: ClassVar[str] = r"""
pour_chaque: "pour" "chaque" _unite
_unite: "carte" "de" zone | "point" "de" ADVERSAIRE | "point" "que" "tu" "as"
"""
    kind: Literal["pour_chaque"] = "pour_chaque"

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        zones = [n for n in nodes(children) if isinstance(n, Zone)]
        if zones:
            quantity: Node = NombreDeCartes(zone=zones[0], span=zones[0].span)
        else:
            quantity = Points(qui=Qui.ADVERSAIRE if tokens(children, "ADVERSAIRE") else Qui.TOI)
        return cls.model_construct(span=t.span(meta), per=1, quantity=quantity)

    @classmethod
    def with_per(cls, t: "UnitTransformer", meta: Meta, read: "PourChaque", per: Token) -> "PourChaque":
        """The amount with the number printed before it (`+5 … pour chaque …`), checked (1 to 99)."""
        return t.build(cls, per, {"per": per}, label=f"{per} pour chaque", per=int(per), quantity=read.quantity)

    def write(self) -> str:
        quantity = self.quantity
        if isinstance(quantity, NombreDeCartes):
            return f"pour chaque carte de {quantity.zone.write()}"
        assert isinstance(quantity, Points)
        return "pour chaque point de l'adversaire" if quantity.qui is Qui.ADVERSAIRE else "pour chaque point que tu as"


class AutantQue(logic.AsManyAs):
    """`autant … que <quantité>`: `+autant en Ruse que le Savoir de cette carte`, `marque autant de points que …`."""

    grammar: ClassVar[str] = 'autant_que: "que" _quantite'
    kind: Literal["autant_que"] = "autant_que"

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, quantity=nodes(children)[0])

    def write(self) -> str:
        return f"que {self.quantity.write()}"  # type: ignore[attr-defined]


#: An amount as an effect holds it: a number as printed (0 to 99, see `read_amount`), or computed (at most 99).
Montant = int | PourChaque | AutantQue


def amount_parts(children: list[Any]) -> tuple[Token | None, Node | None]:
    """The number printed (INT) and the computed part (`pour chaque`, `autant que`) among an effect's children."""
    ints = tokens(children, "INT")
    computed = [c for c in children if isinstance(c, (PourChaque, AutantQue))]
    return (ints[0] if ints else None), (computed[0] if computed else None)


def read_amount(t: "UnitTransformer", meta: Meta, children: list[Any]) -> Montant:
    """An effect's amount: `5`, `5 … pour chaque …` or `autant … que …`."""
    number, computed = amount_parts(children)
    if isinstance(computed, PourChaque):
        assert number is not None
        return PourChaque.with_per(t, meta, computed, number)
    if isinstance(computed, AutantQue):
        return computed
    assert number is not None
    if int(number) > logic.MAX_AMOUNT:
        t.report("E200", f"{t.text_of(meta)}: {number} must be {logic.MAX_AMOUNT} or less", t.span(number))
    return int(number)


def amount_head(montant: Montant) -> str:
    """What an effect prints where its number goes: `5`, or `autant`."""
    if isinstance(montant, int):
        return str(montant)
    if isinstance(montant, PourChaque):
        return str(montant.per)
    return "autant"


def amount_tail(montant: Montant) -> str:
    """What an effect prints after its words: ` pour chaque …`, ` que …`, or nothing."""
    return "" if isinstance(montant, int) else " " + montant.write()


# ---------------------------------------------------------------------------
# Conditions
# ---------------------------------------------------------------------------

_COMPARATEURS = {
    "AU_MOINS": logic.Comparison.AT_LEAST,
    "AU_PLUS": logic.Comparison.AT_MOST,
    "PLUS_QUE": logic.Comparison.MORE_THAN,
    "MOINS_QUE": logic.Comparison.LESS_THAN,
    "EXACTEMENT": logic.Comparison.EQUAL,
}
_COMPARATEUR_TEXTE = {
    logic.Comparison.AT_LEAST: "au moins",
    logic.Comparison.AT_MOST: "au plus",
    logic.Comparison.MORE_THAN: "plus que",
    logic.Comparison.LESS_THAN: "moins que",
    logic.Comparison.EQUAL: "exactement",
}


class Comparaison(logic.Compare):
    """`tes points valent moins que les points de l'adversaire`, `le numéro de la manche vaut au moins 4`.

    `vaut` or `valent` (either reads), then `au moins`, `au plus`, `plus
    que`, `moins que`, `exactement`, or `ne vaut pas` for "is not"; `est
    d'au moins 20` reads as `vaut au moins 20` (and is written so).
    """

    grammar: ClassVar[str] = r"""
comparaison: _quantite (VAUT | "est" "d'") _comparateur _terme | _quantite "ne" VAUT "pas" _terme
_comparateur: AU_MOINS | AU_PLUS | PLUS_QUE | MOINS_QUE | EXACTEMENT
_terme: INT | _quantite
VAUT: /vaut|valent/
AU_MOINS: /au +moins/
AU_PLUS: /au +plus/
PLUS_QUE: /plus +que/
MOINS_QUE: /moins +que/
EXACTEMENT: "exactement"
"""
    slot: ClassVar[str | None] = "atome"
    kind: Literal["comparaison"] = "comparaison"

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        left, *rest = nodes(children)
        found = tokens(children, *_COMPARATEURS)
        comparison = _COMPARATEURS[found[0].type] if found else logic.Comparison.NOT_EQUAL
        number = tokens(children, "INT")
        right: Any = rest[0] if rest else int(number[0])
        places = {"right": number[0]} if number else {}
        return t.build(cls, meta, places, left=left, comparison=comparison, right=right)

    def write(self) -> str:
        left = self.left.write()  # type: ignore[attr-defined]
        verb = "valent" if getattr(type(self.left), "pluriel", False) else "vaut"
        right = str(self.right) if isinstance(self.right, int) else self.right.write()  # type: ignore[attr-defined]
        if self.comparison is logic.Comparison.NOT_EQUAL:
            return f"{left} ne {verb} pas {right}"
        return f"{left} {verb} {_COMPARATEUR_TEXTE[self.comparison]} {right}"


class Demande(Construct):
    """`la manche demande la Ruse`: the statistic is among those the round asks."""

    grammar: ClassVar[str] = 'demande: "la" "manche" "demande" ("la" | "le") _statistique'
    slot: ClassVar[str | None] = "atome"
    handler: ClassVar[str] = "holds"
    kind: Literal["demande"] = "demande"
    statistique: NomDeStatistique

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, statistique=statistique_of(children))

    def holds(self, ctx: Context) -> bool:
        """True when the round asks this statistic."""
        return ctx.state.is_asked(self.statistique)

    def write(self) -> str:
        return f"la manche demande {ARTICLE[self.statistique]} {self.statistique.value}"


class EstUn(Construct):
    """`la carte adverse est un Dragon`, `cette carte est une carte Légendaire`: a card's kind."""

    grammar: ClassVar[str] = 'est_un: _carte_visee "est" _genre'
    slot: ClassVar[str | None] = "atome"
    handler: ClassVar[str] = "holds"
    kind: Literal["est_un"] = "est_un"
    carte: Visee
    genre: Categorie | Rarete

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, carte=visee_of(children), genre=genre_of(children))

    def holds(self, ctx: Context) -> bool:
        """True when the card is played and of this kind."""
        card = ctx.card_of(self.carte)
        return card is not None and is_of(ctx.state.card_ast(card), self.genre)

    def write(self) -> str:
        return f"{self.carte.value} est {genre_text(self.genre)}"


class MancheGagnee(Construct):
    """`tu as perdu la manche précédente`, `l'adversaire a gagné la manche précédente`: who won the last round played.

    False in the first round and after a tie (nobody won nor lost it).
    (`gagné` is spelt `gagne` in the rule: keywords are accent-blind, and the
    word is the trigger's `gagne`, which the hints print.)
    """

    grammar: ClassVar[str] = r"""
manche_gagnee: ("tu" "as" | ADVERSAIRE "a") ("gagne" | PERDU) "la" "manche" PRECEDENTE
PERDU: "perdu"
"""
    slot: ClassVar[str | None] = "atome"
    handler: ClassVar[str] = "holds"
    kind: Literal["manche_gagnee"] = "manche_gagnee"
    qui: Qui = Qui.TOI
    gagnee: bool

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        qui = Qui.ADVERSAIRE if tokens(children, "ADVERSAIRE") else Qui.TOI
        return t.build(cls, meta, qui=qui, gagnee=not tokens(children, "PERDU"))

    def holds(self, ctx: Context) -> bool:
        """True when that player won (or lost) the previous round."""
        result = ctx.state.round_result(True)
        if result is None or result[0] is None:
            return False
        winner = result[0] == ctx.seat_of(self.qui)
        return winner if self.gagnee else not winner

    def write(self) -> str:
        verb = "gagné" if self.gagnee else "perdu"
        who = "tu as" if self.qui is Qui.TOI else "l'adversaire a"
        return f"{who} {verb} la manche précédente"


def condition_text(condition: Node, inside: type | None = None) -> str:
    """A condition's text, in parentheses where the words would group otherwise."""
    text = condition.write()  # type: ignore[attr-defined]
    grouped = isinstance(condition, (Et, Ou)) and (inside is Non or (inside is Et and isinstance(condition, Ou)))
    grouped = grouped or (isinstance(condition, (Et, Ou)) and inside is type(condition))
    return f"({text})" if grouped else text


class Et(logic.AllOf):
    """`… et …`: every condition holds."""

    grammar: ClassVar[str] = 'et: _negation ("et" _negation)+'
    kind: Literal["et"] = "et"

    def write(self) -> str:
        return " et ".join(condition_text(c, Et) for c in self.conditions)


class Ou(logic.AnyOf):
    """`… ou …`: at least one condition holds ("et" binds closer)."""

    grammar: ClassVar[str] = 'ou: _conjonction ("ou" _conjonction)+'
    kind: Literal["ou"] = "ou"

    def write(self) -> str:
        return " ou ".join(condition_text(c, Ou) for c in self.conditions)


class Non(logic.Not):
    """`non …`: the condition that follows (one atom, or parentheses) does not hold."""

    grammar: ClassVar[str] = 'non: "non" _atome'
    kind: Literal["non"] = "non"

    def write(self) -> str:
        inner = self.condition
        text = condition_text(inner, Non)
        return f"non ({text})" if isinstance(inner, Non) else f"non {text}"


#: A condition as a power holds it.
Condition = SerializeAsAny[Node]

CONSTRUCTS: tuple[type[Construct], ...] = (
    Zone,
    Points,
    NumeroDeManche,
    NombreDeCartes,
    StatistiqueDeCarte,
    Ecart,
    PourChaque,
    AutantQue,
    Comparaison,
    Demande,
    EstUn,
    MancheGagnee,
    Et,
    Ou,
    Non,
)
