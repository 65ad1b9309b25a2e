"""The AST of BattleFight techniques.

One class per keyword of the rules (`../shared` rules note, "Keywords"), each
named after its grammar rule in `grammar/battlefight.lark` and after its
handler in the interpreter. `N` defaults to 1 where the card omits it, except
`Distance` (2) and `Stable` (0), as the rules say.

The forms of version 2 are constructs, each declared in one place with its
rule, reading, handler and text: the amounts and quantities in
`quantities.py`, the conditions and "Si" in `conditions.py`, "Prendre" in
`moves.py`, the powers "Quand …" in `powers.py`. A step's keyword may be any
of them; they are resolved here once the step's class exists.
"""

from __future__ import annotations

from enum import Enum
from typing import Annotated, Literal, Union

from pydantic import Discriminator, Field, Tag

from atout.interpreter.language.nodes import Node

from .quantities import AutantQue, PourChaque

#: A count written on a card: how many cards, damage points, cells.
Count = Annotated[int, Field(ge=0, le=20)]
#: A permanent's bonus, which may be negative: "Vitesse +1", "Force −1".
Bonus = Annotated[int, Field(ge=-10, le=10)]


def _amount_kind(value: object) -> str:
    """Which form of amount a value is: "count" for a number, else its `kind`."""
    if isinstance(value, int):
        return "count"
    return str(value.get("kind") if isinstance(value, dict) else getattr(value, "kind", ""))


#: An amount an effect prints: a count, or computed ("1 pour chaque carte de ta main", "autant que …").
#: (Told apart by a function, so that a number out of range gets its range's message alone.)
Amount = Annotated[
    Union[Annotated[Count, Tag("count")], Annotated[PourChaque, Tag("pour_chaque")], Annotated[AutantQue, Tag("autant_que")]],
    Discriminator(_amount_kind),
]


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
    n: Amount = 1


class Blesser(Node):
    """Deal `n` + own Force − opponent's Protection damage to the opponent."""

    kind: Literal["blesser"] = "blesser"
    n: Amount = 1


class SeBlesser(Node):
    """Deal `n` + own Force − own Protection damage to oneself."""

    kind: Literal["se_blesser"] = "se_blesser"
    n: Amount = 1


class Bloquer(Node):
    """Heal min(`n`, own damage points): add to life, remove from damage points."""

    kind: Literal["bloquer"] = "bloquer"
    n: Amount = 1


class Piocher(Node):
    """Draw `n` cards, one at a time (an empty pile halves life and reshuffles the discard)."""

    kind: Literal["piocher"] = "piocher"
    n: Amount = 1


class Pousser(Node):
    """`n` times: push the opponent one cell away from the player, or off the board from an edge."""

    kind: Literal["pousser"] = "pousser"
    n: Amount = 1


class SeDeplacer(Node):
    """`n` + own Vitesse times: stay, or move to an adjacent empty cell."""

    kind: Literal["se_deplacer"] = "se_deplacer"
    n: Amount = 1


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
    """The player cannot play a technique (card or basic) of the types `of`: `S'Empêcher Attaque ou Défense`."""

    kind: Literal["s_empecher"] = "s_empecher"
    of: list[TechniqueType] = Field(min_length=1, max_length=5)


class SEmpecherCarte(Node):
    """The player cannot play cards (of the types `of`, if any are given); basic techniques stay allowed."""

    kind: Literal["s_empecher_carte"] = "s_empecher_carte"
    of: list[TechniqueType] = Field(default=[], max_length=5)


from .conditions import Si  # noqa: E402  (constructs: they hold steps, resolved below)
from .moves import Prendre  # noqa: E402
from .powers import Quand  # noqa: E402

Keyword = Annotated[
    Union[
        CorpsACorps, Distance, Defausser,
        SiPossibleDefausser, Blesser, SeBlesser, Bloquer, Piocher, Pousser, SeDeplacer, Rejouer, Destabiliser,
        Stable,
        Force, Protection, Vitesse, Charme, SEmpecher, SEmpecherCarte,
        Si, Prendre, Quand,
    ],
    Field(discriminator="kind"),
]

#: The keywords that are conditions, effects, the stable step and permanents.
CONDITIONS = (CorpsACorps, Distance, Defausser)
PERMANENTS = (Force, Protection, Vitesse, Charme, SEmpecher, SEmpecherCarte, Quand)

#: Modifiers one step may have, at most ("Tout le monde a" doubles the runs of a step: 2^3 at most).
MAX_MODIFIERS = 3


class Step(Node):
    """One step of a technique: a keyword, run from the points of view its modifiers say, read left to right."""

    kind: Literal["step"] = "step"
    modifiers: list[Modifier] = Field(default=[], max_length=MAX_MODIFIERS)
    keyword: Keyword

    @property
    def modifier(self) -> LAdversaireA | ToutLeMondeA | None:
        """The first modifier, or None: what a reader that knows a single modifier per step sees."""
        return self.modifiers[0] if self.modifiers else None


class Technique(Node):
    """A technique: a card of a deck, or one of the five basic techniques."""

    kind: Literal["technique"] = "technique"
    name: str = Field(min_length=1, max_length=60)
    type: TechniqueType
    steps: list[Step]


# The constructs that hold steps (a block of "Si", a power's effects) know `Step` now.
for _holder in (Si, Quand):
    _holder.model_rebuild(_types_namespace={"Step": Step})
