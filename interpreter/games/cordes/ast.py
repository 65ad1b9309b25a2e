"""The AST of Dans les Cordes cards.

One class per rule of `grammar/cordes.lark`, named after it, with a `kind`
tag of the rule's name; the interpreter's handlers carry the same names.
What a card's text is made of (effects, outcomes, conditions, moves,
powers) are constructs, each declared in one place (effects.py, blows.py,
conditions.py, moves.py, powers.py); the printed effects and outcomes are
importable from here too.

Words used in every docstring below:

- **the player**: whoever plays the card (for a DEFENSE or a RIPOSTE played
  as a defense, the defender); **"you"** on a card is the player, and
  **"the opponent"** the other boxer.
- **a blow**: what an ATTACK card, a RIPOSTE played as an attack, or a
  RIPOSTE's counter-blow deals. A blow's effects are applied, in the order
  written, only if the blow **lands**: its target did not counter it with a
  DEFENSE or a RIPOSTE. A countered blow has none of its effects, not even
  those "to you"; what happens instead is what the countering card says.
- **type of a blow**: the name of the card that deals it ("Jab", or
  "Cross-Counter" for a riposte's blow), which is what a restriction such as
  `of type "Jab" or "Cross"` names.
"""

from enum import Enum
from typing import Annotated, ClassVar, Literal, Union

from pydantic import Discriminator, Field, Tag

from atout.interpreter.language.nodes import Node

from .words import Amount as Amount
from .words import Change as Change
from .words import ChosenBy as ChosenBy
from .words import Computed as Computed
from .words import Copies as Copies
from .words import Cost as Cost
from .words import Declared as Declared
from .words import Name as Name
from .words import Placement as Placement
from .words import Who as Who

# The printed effects and outcomes are constructs declared in one place (effects.py, blows.py).
from .blows import Block as Block
from .blows import Dodge as Dodge
from .effects import Discard as Discard
from .effects import Draw as Draw
from .effects import Energy as Energy
from .effects import Life as Life


class CardType(str, Enum):
    """The six types of card in the box, as printed on them."""

    CHARACTER = "CHARACTER"
    GONG = "GONG"
    RECOVERY = "RECOVERY"
    ATTACK = "ATTACK"
    DEFENSE = "DEFENSE"
    RIPOSTE = "RIPOSTE"


# ---------------------------------------------------------------------------
# Effects: what a blow, a defense, a counter-blow or a recovery does
# ---------------------------------------------------------------------------


def _tag(printed: frozenset[str]) -> Discriminator:
    """The tag of a union's member: its `kind` when it is one of `printed`, else "construct" (validated as any node)."""

    def tag(value: object) -> str:
        kind = value.get("kind") if isinstance(value, dict) else getattr(value, "kind", None)
        return kind if kind in printed else "construct"  # type: ignore[return-value]

    return Discriminator(tag)


#: An effect: one of the four printed ones, or a construct (a conditional, a move, a look).
Effect = Annotated[
    Annotated[Life, Tag("life")] | Annotated[Energy, Tag("energy")] | Annotated[Draw, Tag("draw")] | Annotated[Discard, Tag("discard")] | Annotated[Declared, Tag("construct")],
    _tag(frozenset({"life", "energy", "draw", "discard"})),
]

# ---------------------------------------------------------------------------
# Defenses and ripostes: what they counter, and how
# ---------------------------------------------------------------------------


class AttackName(Node):
    """A name in a restriction, `"Crochet"`: the type of blow the card may counter.

    It must be the name of an ATTACK or a RIPOSTE card of the box.
    """

    kind: Literal["attack_name"] = "attack_name"
    name: Name


class Against(Node):
    """`Against an attack [of type "A" or "B"]`: which blows the card may counter.

    A DEFENSE or a RIPOSTE played as a defense answers one blow aimed at its
    player; with `names`, only a blow whose type (its card's name) is one of
    them; with no names, any blow.
    """

    kind: Literal["against"] = "against"
    names: list[AttackName] = []


#: What a DEFENSE does to the blow: one of the two printed outcomes, or a construct (blows.py).
Outcome = Annotated[
    Annotated[Block, Tag("block")] | Annotated[Dodge, Tag("dodge")] | Annotated[Declared, Tag("construct")],
    _tag(frozenset({"block", "dodge"})),
]


class AsAnAttack(Node):
    """`As an attack: -1 life to the opponent`: a riposte played as an attack.

    Played in the player's activity phase, the riposte starts or goes on with
    a combat like an ATTACK card, for the same cost; its blow is these
    effects, and its restriction and counter-blow play no part.
    """

    kind: Literal["as_an_attack"] = "as_an_attack"
    effects: list[Effect] = Field(min_length=1)


# ---------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------


class Attack(Node):
    """An ATTACK card: a blow whose `effects` apply, in order, if it lands.

    Played by the attacker in their activity phase for `cost` energy; it
    starts a combat, or continues the one the attacker is in.
    """

    TYPE: ClassVar[CardType] = CardType.ATTACK
    kind: Literal["attack"] = "attack"
    name: Name
    cost: Cost
    copies: Copies = 1
    #: Lines that change a rule for this card (`Cannot be countered`).
    properties: list[Declared] = Field(default_factory=list)
    effects: list[Effect] = Field(min_length=1)


class Defense(Node):
    """A DEFENSE card: counters one blow aimed at its player.

    Played for `cost` energy in answer to a blow that `against` allows (an
    ATTACK, a riposte played as an attack, or a riposte's counter-blow); the
    blow gets the `outcome` instead of its effects, then `effects` apply
    (they are the defender's: "you" is the defender).
    """

    TYPE: ClassVar[CardType] = CardType.DEFENSE
    kind: Literal["defense"] = "defense"
    name: Name
    cost: Cost
    copies: Copies = 1
    against: Against
    outcome: Outcome
    effects: list[Effect] = []


class Riposte(Node):
    """A RIPOSTE card: a defense that hits back, or an attack.

    As a defense, played for `cost` energy in answer to a blow that `against`
    allows: the blow is countered (none of its effects apply) and the riposte
    deals a counter-blow whose effects are `counter` ("you" is the riposting
    player), which the attacker may in turn defend against. As an attack, it
    deals the blow `as_an_attack` says.
    """

    TYPE: ClassVar[CardType] = CardType.RIPOSTE
    kind: Literal["riposte"] = "riposte"
    name: Name
    cost: Cost
    copies: Copies = 1
    properties: list[Declared] = Field(default_factory=list)
    against: Against
    counter: list[Effect] = Field(min_length=1)
    as_an_attack: AsAnAttack


class Recovery(Node):
    """A RECOVERY card: its `effects` apply, in order, when it is played.

    Played for `cost` energy in the player's activity phase, before or after
    a combat, never during one, and at most as many per turn as the rules say.
    """

    TYPE: ClassVar[CardType] = CardType.RECOVERY
    kind: Literal["recovery"] = "recovery"
    name: Name
    cost: Cost
    copies: Copies = 1
    effects: list[Effect] = Field(min_length=1)


class Character(Node):
    """A CHARACTER card: a boxer a player chooses at setup, with its powers (none in the rulebook's box).

    Each power is a line: a trigger, maybe a limit, effects (powers.py).
    """

    TYPE: ClassVar[CardType] = CardType.CHARACTER
    kind: Literal["character"] = "character"
    name: Name
    copies: Copies = 1
    powers: list[Declared] = Field(default_factory=list)


class Gong(Node):
    """The GONG card: drawn, it is revealed and replaced, and ends the round.

    What a GONG does (the bonus, the removed card, the reshuffle, the end of
    the game at the last GONG) is in the rules file.
    """

    TYPE: ClassVar[CardType] = CardType.GONG
    kind: Literal["gong"] = "gong"
    name: Name
    copies: Copies = 1


Card = Annotated[Attack | Defense | Riposte | Recovery | Character | Gong, Field(discriminator="kind")]
#: The classes of `Card`, for `isinstance`.
CARD_TYPES = (Attack, Defense, Riposte, Recovery, Character, Gong)
#: The cards that go into a hand and are played (not the CHARACTERs, not the GONG).
HandCard = Union[Attack, Defense, Riposte, Recovery]  # noqa: UP007  (a pydantic union of the models, read at run time)
HAND_CARD_TYPES = (Attack, Defense, Riposte, Recovery)
