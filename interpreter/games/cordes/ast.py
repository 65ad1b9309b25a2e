"""The AST of Dans les Cordes cards.

One class per rule of `grammar/cordes.lark`, named after it, with a `kind`
tag of the rule's name; the interpreter's handlers carry the same names.

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

from __future__ import annotations

from enum import Enum
from typing import Annotated, ClassVar, Literal, Union

from pydantic import Discriminator, Field, SerializeAsAny, Tag

from atout.interpreter.language.nodes import Node

#: An energy cost, printed at the top right of the card.
Cost = Annotated[int, Field(ge=0, le=10)]
#: How many copies of a card the box holds.
Copies = Annotated[int, Field(ge=1, le=20)]
#: A change of life or energy: "+1 life" is 1, "-2 life" is -2.
Change = Annotated[int, Field(ge=-10, le=10)]
#: A number of cards drawn or lost, a number of life points.
Amount = Annotated[int, Field(ge=1, le=10)]
#: A node of a construct declared in one place (conditions.py, moves.py, powers.py, blows.py).
Declared = SerializeAsAny[Node]
#: A computed amount printed after an effect (`for each …`, `as much as …`), or None: the number printed.
Computed = Union[SerializeAsAny[Node], None]
#: A card's name, as printed.
Name = Annotated[str, Field(min_length=1, max_length=60)]


class CardType(str, Enum):
    """The six types of card in the box, as printed on them."""

    CHARACTER = "CHARACTER"
    GONG = "GONG"
    RECOVERY = "RECOVERY"
    ATTACK = "ATTACK"
    DEFENSE = "DEFENSE"
    RIPOSTE = "RIPOSTE"


class Who(str, Enum):
    """Whose life, energy or cards an effect changes. Unwritten, it is "you"."""

    #: `to you`: the player of the card.
    YOU = "you"
    #: `to the opponent`: the other boxer.
    OPPONENT = "the opponent"


class ChosenBy(str, Enum):
    """Who picks the cards a `Discard` takes from a hand."""

    #: `their choice`: the boxer who loses the cards (the default).
    THEIR_CHOICE = "their choice"
    #: `your choice`: the player of the card, who sees the hand to pick from it.
    YOUR_CHOICE = "your choice"
    #: `at random`: drawn blindly from the hand.
    AT_RANDOM = "at random"


class Placement(str, Enum):
    """How the cards a `Discard` takes go into their owner's spittoon."""

    #: `face down`: into the spittoon face down, no energy for them (the default).
    FACE_DOWN = "face down"
    #: `spat`: spat as the rulebook says, 1 energy to their owner for each.
    SPAT = "spat"


# ---------------------------------------------------------------------------
# Effects: what a blow, a defense, a counter-blow or a recovery does
# ---------------------------------------------------------------------------


class Life(Node):
    """`+1 life`, `-2 life to the opponent`.

    `who`'s life changes by `change`: a gain stops at the rules' life cap, if
    there is one; a loss stops at 0. A boxer at 0 life is KO (when the KO is
    checked is a rules parameter).
    """

    kind: Literal["life"] = "life"
    change: Change
    who: Who = Who.YOU
    amount: Computed = None


class Energy(Node):
    """`+2 energy`, `-1 energy to the opponent`.

    `who`'s energy changes by `change`: a gain stops at the rules' energy cap,
    if there is one; a loss stops at 0.
    """

    kind: Literal["energy"] = "energy"
    change: Change
    who: Who = Who.YOU
    amount: Computed = None


class Draw(Node):
    """`+2 cards`: `who` draws `n` cards from the draw pile, one at a time.

    A GONG drawn this way is revealed and replaced as when drawn at the start
    of a turn; an empty draw pile is handled as the rules file says.
    """

    kind: Literal["draw"] = "draw"
    n: Amount
    who: Who = Who.YOU
    amount: Computed = None


class Discard(Node):
    """`-1 card to the opponent, their choice, face down`.

    `who` loses `n` cards from their hand (the whole hand if it holds fewer),
    picked as `chosen_by` says, put into `who`'s own spittoon as `placement`
    says. A lost card is never played: its text does nothing.
    """

    kind: Literal["discard"] = "discard"
    n: Amount
    who: Who = Who.YOU
    chosen_by: ChosenBy = ChosenBy.THEIR_CHOICE
    placement: Placement = Placement.FACE_DOWN
    amount: Computed = None


def _tag(printed: frozenset[str]):
    """The tag of a union's member: its `kind` when it is one of `printed`, else "construct" (validated as any node)."""

    def tag(value: object) -> str:
        kind = value.get("kind") if isinstance(value, dict) else getattr(value, "kind", None)
        return kind if kind in printed else "construct"  # type: ignore[return-value]

    return Discriminator(tag)


#: An effect: one of the four printed ones, or a construct (a conditional, a move, a look).
Effect = Annotated[
    Union[
        Annotated[Life, Tag("life")],
        Annotated[Energy, Tag("energy")],
        Annotated[Draw, Tag("draw")],
        Annotated[Discard, Tag("discard")],
        Annotated[Declared, Tag("construct")],
    ],
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


class Block(Node):
    """`you lose 1 life`: the blow is countered, but hurts a little.

    None of the blow's effects apply; instead the player loses
    min(`n`, L) life, where L is the life the blow would have taken from the
    player had it landed (so a blow that takes no life costs nothing).
    """

    kind: Literal["block"] = "block"
    n: Amount


class Dodge(Node):
    """`you dodge the blow`: the blow is countered; none of its effects apply."""

    kind: Literal["dodge"] = "dodge"


#: What a DEFENSE does to the blow: one of the two printed outcomes, or a construct (blows.py).
Outcome = Annotated[
    Union[Annotated[Block, Tag("block")], Annotated[Dodge, Tag("dodge")], Annotated[Declared, Tag("construct")]],
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


Card = Annotated[Union[Attack, Defense, Riposte, Recovery, Character, Gong], Field(discriminator="kind")]
#: The classes of `Card`, for `isinstance`.
CARD_TYPES = (Attack, Defense, Riposte, Recovery, Character, Gong)
#: The cards that go into a hand and are played (not the CHARACTERs, not the GONG).
HandCard = Union[Attack, Defense, Riposte, Recovery]
HAND_CARD_TYPES = (Attack, Defense, Riposte, Recovery)
