"""The AST of BattleFight techniques.

One class per keyword of the rules (`../shared` rules note, "Keywords"), each
named after its grammar rule in `grammar/battlefight.lark` and after its
handler in the interpreter. `N` defaults to 1 where the card omits it, except
`Distance` (2) and `Stable` (0), as the rules say.
"""

from __future__ import annotations

from enum import Enum
from typing import Annotated, Literal, Union

from pydantic import Field

from atout.interpreter.language.nodes import Node

#: A count written on a card: how many cards, damage points, cells.
Count = Annotated[int, Field(ge=0, le=20)]
#: A permanent's bonus, which may be negative: "Vitesse +1", "Force −1".
Bonus = Annotated[int, Field(ge=-10, le=10)]


class TechniqueType(str, Enum):
    """The five types of technique; a deck holds 4 cards of each."""

    ATTAQUE = "Attaque"
    DEFENSE = "Défense"
    DEPLACEMENT = "Déplacement"
    CONCENTRATION = "Concentration"
    RHETORIQUE = "Rhétorique"


# ---------------------------------------------------------------------------
# Modifiers: whose point of view a step is run from
# ---------------------------------------------------------------------------


class LAdversaireA(Node):
    """`L'adversaire a X`: X is run as if the technique were the opponent's."""

    kind: Literal["l_adversaire_a"] = "l_adversaire_a"


class ToutLeMondeA(Node):
    """`Tout le monde a X`: X is run for each player, the owner first."""

    kind: Literal["tout_le_monde_a"] = "tout_le_monde_a"


Modifier = Annotated[Union[LAdversaireA, ToutLeMondeA], Field(discriminator="kind")]

# ---------------------------------------------------------------------------
# Conditions: when one fails, the technique is deactivated
# ---------------------------------------------------------------------------


class CorpsACorps(Node):
    """Fails if the distance to the opponent is more than 1."""

    kind: Literal["corps_a_corps"] = "corps_a_corps"


class Distance(Node):
    """Fails if the distance to the opponent is less than `n` (default 2)."""

    kind: Literal["distance"] = "distance"
    n: Count = 2


class Defausser(Node):
    """With fewer than `n` cards in hand, discard the hand and fail; else discard `n` chosen cards."""

    kind: Literal["defausser"] = "defausser"
    n: Count = 1


# ---------------------------------------------------------------------------
# Effects
# ---------------------------------------------------------------------------


class SiPossibleDefausser(Node):
    """Discard `n` chosen cards, or the whole hand if it has fewer; never fails."""

    kind: Literal["si_possible_defausser"] = "si_possible_defausser"
    n: Count = 1


class Blesser(Node):
    """Deal `n` + own Force − opponent's Protection damage to the opponent."""

    kind: Literal["blesser"] = "blesser"
    n: Count = 1


class SeBlesser(Node):
    """Deal `n` + own Force − own Protection damage to oneself."""

    kind: Literal["se_blesser"] = "se_blesser"
    n: Count = 1


class Bloquer(Node):
    """Heal min(`n`, own damage points): add to life, remove from damage points."""

    kind: Literal["bloquer"] = "bloquer"
    n: Count = 1


class Piocher(Node):
    """Draw `n` cards, one at a time (an empty pile halves life and reshuffles the discard)."""

    kind: Literal["piocher"] = "piocher"
    n: Count = 1


class Pousser(Node):
    """`n` times: push the opponent one cell away from the player, or off the board from an edge."""

    kind: Literal["pousser"] = "pousser"
    n: Count = 1


class SeDeplacer(Node):
    """`n` + own Vitesse times: stay, or move to an adjacent empty cell."""

    kind: Literal["se_deplacer"] = "se_deplacer"
    n: Count = 1


class Rejouer(Node):
    """The player plays another whole technique within this turn."""

    kind: Literal["rejouer"] = "rejouer"


class Destabiliser(Node):
    """The player may pay to make a Stable technique in play resume its steps."""

    kind: Literal["destabiliser"] = "destabiliser"


# ---------------------------------------------------------------------------
# Stable
# ---------------------------------------------------------------------------


class Stable(Node):
    """Execution pauses here and the technique stays active; `n` is the cost to destabilise it."""

    kind: Literal["stable"] = "stable"
    n: Count = 0


# ---------------------------------------------------------------------------
# Permanents: they count while their technique is active
# ---------------------------------------------------------------------------


class Force(Node):
    """Adds `n` to the damage of the player's Blesser and Se Blesser."""

    kind: Literal["force"] = "force"
    n: Bonus = 1


class Protection(Node):
    """Takes `n` off the damage the player receives."""

    kind: Literal["protection"] = "protection"
    n: Bonus = 1


class Vitesse(Node):
    """Adds `n` to the moves of the player's Se Déplacer."""

    kind: Literal["vitesse"] = "vitesse"
    n: Bonus = 1


class Charme(Node):
    """Takes `n` off the cards the player discards to destabilise."""

    kind: Literal["charme"] = "charme"
    n: Bonus = 1


class SEmpecher(Node):
    """The player cannot play a technique (card or basic) of type `of`."""

    kind: Literal["s_empecher"] = "s_empecher"
    of: TechniqueType


class SEmpecherCarte(Node):
    """The player cannot play cards (of type `of`, if given); basic techniques stay allowed."""

    kind: Literal["s_empecher_carte"] = "s_empecher_carte"
    of: TechniqueType | None = None


Keyword = Annotated[
    Union[
        CorpsACorps, Distance, Defausser,
        SiPossibleDefausser, Blesser, SeBlesser, Bloquer, Piocher, Pousser, SeDeplacer, Rejouer, Destabiliser,
        Stable,
        Force, Protection, Vitesse, Charme, SEmpecher, SEmpecherCarte,
    ],
    Field(discriminator="kind"),
]

#: The keywords that are conditions, effects, the stable step and permanents.
CONDITIONS = (CorpsACorps, Distance, Defausser)
PERMANENTS = (Force, Protection, Vitesse, Charme, SEmpecher, SEmpecherCarte)


class Step(Node):
    """One step of a technique: a keyword, run from the point of view its modifier says."""

    kind: Literal["step"] = "step"
    modifier: Modifier | None = None
    keyword: Keyword


class Technique(Node):
    """A technique: a card of a deck, or one of the five basic techniques."""

    kind: Literal["technique"] = "technique"
    name: str = Field(min_length=1, max_length=60)
    type: TechniqueType
    steps: list[Step]
