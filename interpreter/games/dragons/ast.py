"""The AST of Duel de dragons cards.

One class per grammar rule of `grammar/dragons.lark`, named after it; the
enums `Categorie`, `Rarete` and `NomDeStatistique` have one member per
keyword terminal of the grammar, with the terminal's name (`EPIQUE`). A card
is a name, its categories, a rarity and four statistics (rulebook, "Les
cartes"); the engine adds the statistics the round asks for and compares the
totals (rulebook, "La manche"). Version 2 of the language adds what a
designer may print under the statistics: the card's own fatigue and its
powers (`Fatigue 5`, `Pouvoir : …`), constructs declared in `powers.py`,
`effects.py`, `moves.py` and `conditions.py`.
"""

from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

from lark.tree import Meta
from pydantic import Field, SerializeAsAny, ValidationError

from atout.interpreter.language.constructs import Construct
from atout.interpreter.language.nodes import Node, Span, span_of

if TYPE_CHECKING:
    from atout.interpreter.language.transform import UnitTransformer

#: A statistic's value, "notée de 0 à 100" (rulebook, "Les cartes").
Valeur = Annotated[int, Field(ge=0, le=100)]


class Categorie(str, Enum):
    """The two categories of card. The rules treat them alike; collections and bots may not."""

    DRAGON = "Dragon"
    PERSONNAGE = "Personnage"


class Rarete(str, Enum):
    """The five rarities, from the most common to the rarest.

    "Plus une carte est rare, plus ses statistiques sont hautes": the rules
    file gives each rarity a band of stat totals ("Total Rare : 180 à 229"),
    and every card's total must lie in its rarity's band.
    """

    COMMUNE = "Commune"
    RARE = "Rare"
    EPIQUE = "Épique"
    LEGENDAIRE = "Légendaire"
    MYTHIQUE = "Mythique"

    @property
    def rank(self) -> int:
        """0 for Commune up to 4 for Mythique."""
        return list(Rarete).index(self)


class NomDeStatistique(str, Enum):
    """The four statistics, in the rulebook's order."""

    PUISSANCE = "Puissance"
    RUSE = "Ruse"
    SAVOIR = "Savoir"
    CHARISME = "Charisme"


_ALL = ", ".join(n.value for n in NomDeStatistique)


class Statistique(Construct):
    """One statistic as written, `Puissance 62`, on one line or several (a line end may follow).

    Only `Statistiques` reads these: it gathers the four of a card, each
    once. A value above 100 is reported (E200) at the number.
    """

    grammar: ClassVar[str] = "statistique: (PUISSANCE | RUSE | SAVOIR | CHARISME) INT _NL?"
    handler: ClassVar[str] = "value"
    kind: Literal["statistique"] = "statistique"
    nom: NomDeStatistique
    valeur: Valeur

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        """The span is that of the name and the number: the line end that may follow belongs to the rule only."""
        nom, valeur = children
        start, end = t.span(nom), t.span(valeur)
        span = Span(start.file, start.line, start.column, end.end_line, end.end_column)
        try:
            return cls(span=span, nom=NomDeStatistique[nom.type], valeur=int(valeur))
        except ValidationError:
            reported = t.build(
                cls,
                valeur,
                {"valeur": valeur},
                label=f"{t.original(nom)} {valeur}",
                nom=NomDeStatistique[nom.type],
                valeur=int(valeur),
            )
            return reported.model_copy(update={"span": span})

    def value(self) -> int:
        """The statistic's value."""
        return self.valeur

    def write(self) -> str:
        return f"{self.nom.value} {self.valeur}"


class Statistiques(Construct):
    """A card's four statistics, each from 0 to 100, at full strength, in any order, each once.

    Fatigue ("La fatigue") lowers them during a duel only; the engine keeps
    the fatigued values in its state, never here.
    """

    grammar: ClassVar[str] = "statistiques: statistique+"
    handler: ClassVar[str] = "of"
    kind: Literal["statistiques"] = "statistiques"
    puissance: Valeur
    ruse: Valeur
    savoir: Valeur
    charisme: Valeur

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        """The four statistics of a card, each exactly once, in any order.

        A repeated statistic is reported at its second place (E111), a missing
        one just after the last statistic (E112); the node is then built
        unvalidated, with None for a missing value, so that the set checks can
        tell the card is incomplete and say nothing more about it.
        """
        values: dict[str, Any] = {nom.name.lower(): None for nom in NomDeStatistique}
        first: dict[NomDeStatistique, Statistique] = {}
        valid = True
        for stat in children:
            if stat.nom in first:
                where, seen = span_of(stat), span_of(first[stat.nom])
                t.report(
                    "E111",
                    f"{stat.nom.value} is given twice (first at line {seen.line}, column {seen.column}); give each of {_ALL} once",
                    Span(where.file, where.line, where.column, where.line, where.column + len(stat.nom.value)),
                )
                valid = False
                continue
            first[stat.nom] = stat
            values[stat.nom.name.lower()] = stat.valeur
            valid = valid and 0 <= stat.valeur <= 100
        begin, last = span_of(children[0]), span_of(children[-1])
        # The statistics' own span, from the first to the last (not the line end).
        span = Span(begin.file, begin.line, begin.column, last.end_line, last.end_column)
        for nom in NomDeStatistique:
            if nom not in first:
                t.report(
                    "E112",
                    f'{nom.value} is missing: add "{nom.value} N" (N from 0 to 100); a card gives each of {_ALL} once',
                    Span(last.file, last.end_line, last.end_column, last.end_line, last.end_column + 1),
                )
                valid = False
        if not valid:
            return cls.model_construct(span=span, **values)
        return cls(span=span, **values)

    def of(self, nom: NomDeStatistique) -> int:
        """The value of one statistic."""
        return getattr(self, nom.name.lower())

    def total(self, noms: tuple[NomDeStatistique, ...] = tuple(NomDeStatistique)) -> int:
        """The sum of the given statistics (all four by default): a round's total."""
        return sum(self.of(nom) for nom in noms)

    def is_complete(self) -> bool:
        """True when all four are given and in range (False for a card with errors)."""
        return all(isinstance(v, int) and 0 <= v <= 100 for v in (self.puissance, self.ruse, self.savoir, self.charisme))

    def write(self) -> str:
        """The four statistics on one line, in the rulebook's order.

        A statistic missing (a card read with errors) or negative cannot be
        written as a number a card reads: ValueError. One above 100 is written
        as it is, and reading it back reports it again.
        """
        unwritable = [nom.value for nom in NomDeStatistique if not isinstance(self.of(nom), int) or self.of(nom) < 0]
        if unwritable:
            raise ValueError(f"{', '.join(unwritable)}: no value a card can print (a whole number from 0 to 100)")
        return " · ".join(f"{nom.value} {self.of(nom)}" for nom in NomDeStatistique)


class Carte(Node):
    """A card: its categories (a dragon, a personnage, or both), its rarity, its four statistics.

    Then what version 2 lets a designer print: `proprietes`, the card's own
    fatigue (`Fatigue 5`) and its powers (`Pouvoir : …`), in the order
    written; the shipped cards of the rulebook have none.
    """

    kind: Literal["carte"] = "carte"
    name: str = Field(min_length=1, max_length=60)
    categories: tuple[Categorie, ...] = Field(min_length=1, max_length=len(Categorie))
    rarete: Rarete
    statistiques: Statistiques
    proprietes: tuple[SerializeAsAny[Node], ...] = ()

    @property
    def categorie(self) -> Categorie:
        """The card's first category, as printed."""
        return self.categories[0]

    def est(self, categorie: Categorie) -> bool:
        """True when the card is of this category (one of its categories)."""
        return categorie in self.categories
