"""The AST of Duel de dragons cards.

One class per grammar rule of `grammar/dragons.lark`, named after it; the
enums `Categorie`, `Rarete` and `NomDeStatistique` have one member per
keyword terminal of the grammar, with the terminal's name (`EPIQUE`). A card
is a name, its categories, a rarity and four statistics (rulebook, "Les
cartes"); the engine adds the statistics the round asks for and compares the
totals (rulebook, "La manche"). Version 2 of the language adds what a
designer may print under the statistics: the card's own fatigue and its
powers (`Fatigue 5`, `Pouvoir : …`), constructs declared in `pouvoirs.py`
and `conditions.py`.
"""

from __future__ import annotations

from enum import Enum
from typing import Annotated, Literal

from pydantic import Field, SerializeAsAny

from atout.interpreter.language.nodes import Node

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


class Statistique(Node):
    """One statistic as written, `Puissance 62`.

    Only the transformer sees these: it gathers the four of a card into
    `Statistiques`, checking each is given once.
    """

    kind: Literal["statistique"] = "statistique"
    nom: NomDeStatistique
    valeur: Valeur


class Statistiques(Node):
    """A card's four statistics, each from 0 to 100, at full strength.

    Fatigue ("La fatigue") lowers them during a duel only; the engine keeps
    the fatigued values in its state, never here.
    """

    kind: Literal["statistiques"] = "statistiques"
    puissance: Valeur
    ruse: Valeur
    savoir: Valeur
    charisme: Valeur

    def of(self, nom: NomDeStatistique) -> int:
        """The value of one statistic."""
        return getattr(self, nom.name.lower())

    def total(self, noms: tuple[NomDeStatistique, ...] = tuple(NomDeStatistique)) -> int:
        """The sum of the given statistics (all four by default): a round's total."""
        return sum(self.of(nom) for nom in noms)

    def is_complete(self) -> bool:
        """True when all four are given and in range (False for a card with errors)."""
        return all(isinstance(v, int) and 0 <= v <= 100 for v in (self.puissance, self.ruse, self.savoir, self.charisme))


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
