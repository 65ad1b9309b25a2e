"""The AST of Duel pour Cardia: characters, Lieu cards and Protecteurs.

Here are the cards, their abilities and the words they use (factions, decks,
players); each class is named after its grammar rule, with `kind` equal to
the rule's name. Everything a card says is a construct, declared in one
place with its grammar rule, reading, handler and text (see `language.py`
for the list): the effects (`effects.py`, `moves.py`), conditions and
amounts (`conditions.py`), targets and sets (`targets.py`), persistent
effects (`persistent.py`, `abilities.py`), triggers and limits
(`abilities.py`), the Lieu's rules (`rule_changes.py`); their names are kept here.
Each docstring gives the meaning the engine executes.

Words used throughout:

- an *encounter* (rencontre) is the pair of cards the two players played in
  one turn; encounters stay in play, in a line, in the order played. The
  *current encounter* is this turn's; the others are *past encounters*.
- the *line* is every card in play: the cards of all encounters.
- a card's *influence* is its printed influence, plus the values of the
  modifier tokens on it, plus the continuous bonuses of the persistent
  abilities and Lieu that are active. It may be negative.
- an encounter's *winner* is its card of higher influence; it carries a seal.
  Equal influences: no winner, no seal. Whenever an influence changes, every
  encounter is re-evaluated: a seal moves to the new winner or returns to the
  reserve, and a card that becomes a loser this way never activates.
- an encounter missing a card (one was discarded or taken back) has no
  winner: its seal, if any, returns to the reserve.
- *you* (the player, "tu", "ta", "tes") is the player whose ability acts: the
  owner of the character, or the player who activates a Protecteur. *The
  opponent* (l'adversaire) is the other player.
- *this card* (cette carte) is the character whose ability acts; in a
  Protecteur's ability, the card of its faction that you played in the
  current encounter.
- a card that leaves play (discarded, taken back) loses its seal (to the
  reserve), its modifier tokens and its Persistant token (to the supply).
"""

from enum import Enum
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, SerializeAsAny

from atout.interpreter.language.nodes import Node

#: A number of cards to draw or discard.
Count = Annotated[int, Field(ge=1, le=10)]


def _not_zero(value: int) -> int:
    if value == 0:
        raise ValueError("a change of 0 does nothing: write a number other than 0")
    return value


#: A change of influence: never zero; placed as modifier tokens (see ModifierInfluence).
Amount = Annotated[int, Field(ge=-15, le=15), AfterValidator(_not_zero)]
#: The highest printed influence.
MAX_INFLUENCE = 16
#: A printed influence.
Influence = Annotated[int, Field(ge=1, le=MAX_INFLUENCE)]
#: The most difficulty symbols a Lieu may have.
MAX_DIFFICULTY = 5
#: The difficulty symbols of a Lieu.
Difficulty = Annotated[int, Field(ge=0, le=MAX_DIFFICULTY)]


class Faction(str, Enum):
    """The four factions; each deck has cards of all four."""

    REBELLION = "Rébellion"
    ACADEMIE = "Académie"
    GUILDE = "Guilde"
    DYNASTIE = "Dynastie"


class Paquet(str, Enum):
    """The two decks of the box; each player uses the same one."""

    PAQUET_I = "Paquet I"
    PAQUET_II = "Paquet II"


class Joueur(str, Enum):
    """Who does something: you (the player whose ability acts) or the opponent."""

    TOI = "toi"
    ADVERSAIRE = "adversaire"


class Camp(str, Enum):
    """Whose cards a choice may take: anyone's, yours, the opponent's."""

    TOUTES = "toutes"
    TIENNES = "tiennes"
    ADVERSES = "adverses"


# ---------------------------------------------------------------------------
# Targets: the cards an effect acts on (grammar: _cible)
# ---------------------------------------------------------------------------


# The targets are constructs, declared in one place each (`targets.py`); their names are kept here.
from .targets import (  # noqa: E402
    CarteAdverse,
    CarteAuChoix,
    CartesAdverses,
    CartesJouees,
    CetteCarte,
    ChacuneDeTesCartes,
    ChacuneDesCartesAdverses,
    TaCarte,
    TesCartes,
)

Cible = Annotated[
    CetteCarte | TaCarte | CarteAdverse | CartesJouees | CarteAuChoix | ChacuneDeTesCartes | ChacuneDesCartesAdverses,
    Field(discriminator="kind"),
]

# ---------------------------------------------------------------------------
# Instantaneous effects: they act once, in the order written (`effects.py`)
# ---------------------------------------------------------------------------


#: An instantaneous effect: a construct of the game's language (`effects.py`: the rulebook's,
#: `Piocher`, `Défausser`…; `conditions.py`: `Si`; `moves.py`: `Prendre`…), see `language.py`.
Effet = SerializeAsAny[Node]

# ---------------------------------------------------------------------------
# Persistent effects: they act while the card carries its Persistant token
# ---------------------------------------------------------------------------


Ensemble = Annotated[CetteCarte | TesCartes | CartesAdverses, Field(discriminator="kind")]


#: A persistent effect: a construct (`persistent.py`: the rulebook's; `abilities.py`: `gagnent les
#: égalités`, `se jouent face visible`).
EffetContinu = SerializeAsAny[Node]

# ---------------------------------------------------------------------------
# Abilities and characters
# ---------------------------------------------------------------------------


class CapaciteInstantanee(Node):
    """`Capacité instantanée [, quand cette carte gagne] [, une fois par duel] : …`.

    When this card loses the current encounter (or wins it, with `quand cette
    carte gagne`), its effects act once, in order. `limite` (`une fois par
    duel`) counts how often each copy of the card may act in a game.
    """

    kind: Literal["capacite_instantanee"] = "capacite_instantanee"
    quand: SerializeAsAny[Node] | None = None
    limite: SerializeAsAny[Node] | None = None
    effets: list[Effet] = Field(min_length=1)


class CapacitePersistante(Node):
    """`Capacité persistante : …`: when this card loses the current encounter it gets a
    Persistant token (with "Jetons Persistant limités : oui", only if one is left in the
    supply; otherwise the ability never acts). Its effects act while the token is on it:
    until the card leaves play or the token is taken off."""

    kind: Literal["capacite_persistante"] = "capacite_persistante"
    quand: SerializeAsAny[Node] | None = None
    limite: SerializeAsAny[Node] | None = None
    effets: list[EffetContinu] = Field(min_length=1)


#: An ability: instantaneous, persistent, or a construct (`Propriété : …`).
Capacite = SerializeAsAny[Node]


class Personnage(Node):
    """A character of deck I or II: `Paquet I · Guilde · influence 15`, then its abilities, one per line.

    Its abilities act each on its own, in the order printed, when their
    moment comes (see each kind of ability).
    """

    kind: Literal["personnage"] = "personnage"
    name: str = Field(min_length=1, max_length=60)
    paquet: Paquet
    faction: Faction
    influence: Influence
    capacites: list[Capacite] = Field(min_length=1)

    @property
    def capacite(self) -> Node:
        """The first ability printed (a card of the rulebook has exactly one)."""
        return self.capacites[0]


# ---------------------------------------------------------------------------
# Lieu cards: rule changes for the whole game
# ---------------------------------------------------------------------------


#: A rule of a Lieu: a construct (`rule_changes.py`), applied once when the game is made.
Regle = SerializeAsAny[Node]


class Lieu(Node):
    """A Lieu card: `Lieu · difficulté ★★`, then `Règle : …` lines.

    Its rules hold all game long. Extra victory conditions are checked at the
    end of each turn together with the seals: if only one player meets any
    condition, that player wins; if both do, the one with more seals wins,
    and with equal seals the game goes on.
    """

    kind: Literal["lieu"] = "lieu"
    name: str = Field(min_length=1, max_length=60)
    difficulte: Difficulty
    regles: list[Regle] = Field(min_length=1)


# ---------------------------------------------------------------------------
# Protecteurs de la Nature
# ---------------------------------------------------------------------------


class CapaciteProtecteur(Node):
    """`Capacité [, seulement si tu es le seul] : …`: instantaneous effects.

    When the current encounter has this Protecteur, after the loser's ability
    (or after the tie), each player who played a card of its faction in that
    encounter activates it, the loser first (on a tie, fewer seals first,
    then a chance draw). If `seulement_si_seul`, it acts only when the other
    player's card is not of that faction.
    """

    kind: Literal["capacite_protecteur"] = "capacite_protecteur"
    seulement_si_seul: bool = False
    effets: list[Effet] = Field(min_length=1)


class Protecteur(Node):
    """A Protecteur de la Nature: `Protecteur · Rébellion`, then its ability."""

    kind: Literal["protecteur"] = "protecteur"
    name: str = Field(min_length=1, max_length=60)
    faction: Faction
    capacite: CapaciteProtecteur


Carte = Annotated[Personnage | Lieu | Protecteur, Field(discriminator="kind")]


# The rulebook's instantaneous and persistent effects and the Lieu's rules are constructs, declared
# in one place each (`effects.py`, `persistent.py`, `rule_changes.py`);
# their names are kept here for the readers of a card's AST.
from .effects import (  # noqa: E402, F401
    Defausser,
    DefausserMain,
    GagnerLaPartie,
    ModifierInfluence,
    Piocher,
    ReprendreEnMain,
    RetirerPersistant,
)
from .persistent import CapacitesAdversesBloquees, InfluenceContinue, JoueFaceVisible, PiocheEnPlus  # noqa: E402, F401
from .rule_changes import DefausseRemelangee, EnCasDEgalite, InfluenceDesCartes, NombreDeLaRegle, Parametre, VictoireAussi  # noqa: E402, F401

__all__ = [name for name in dir() if not name.startswith("_")]
