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

from typing import Annotated, Literal

from pydantic import Field, SerializeAsAny

from atout.interpreter.language.nodes import Node

# The words of the cards (`vocabulary.py`), the targets (`targets.py`: `Cible`, the cards an effect acts on;
# `Ensemble`, the sets a persistent effect acts on), the effects, persistent effects and the Lieu's rules
# are declared in their modules, each construct in one place; their names are kept here.
from .effects import (  # noqa: F401
    Defausser,
    DefausserMain,
    GagnerLaPartie,
    ModifierInfluence,
    Piocher,
    ReprendreEnMain,
    RetirerPersistant,
)
from .persistent import CapacitesAdversesBloquees, InfluenceContinue, JoueFaceVisible, PiocheEnPlus  # noqa: F401
from .rule_changes import DefausseRemelangee, EnCasDEgalite, InfluenceDesCartes, NombreDeLaRegle, Parametre, VictoireAussi  # noqa: F401
from .targets import (  # noqa: F401
    CarteAdverse,
    CarteAuChoix,
    CartesAdverses,
    CartesJouees,
    CetteCarte,
    ChacuneDeTesCartes,
    ChacuneDesCartesAdverses,
    Cible,
    Ensemble,
    TaCarte,
    TesCartes,
)
from .vocabulary import MAX_DIFFICULTY, MAX_INFLUENCE, Amount, Camp, Count, Difficulty, Faction, Influence, Joueur, Paquet  # noqa: F401

# ---------------------------------------------------------------------------
# Instantaneous effects: they act once, in the order written (`effects.py`)
# ---------------------------------------------------------------------------


#: An instantaneous effect: a construct of the game's language (`effects.py`: the rulebook's,
#: `Piocher`, `Défausser`…; `conditions.py`: `Si`; `moves.py`: `Prendre`…), see `language.py`.
Effet = SerializeAsAny[Node]

# ---------------------------------------------------------------------------
# Persistent effects: they act while the card carries its Persistant token
# ---------------------------------------------------------------------------


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

__all__ = [name for name in dir() if not name.startswith("_")]
