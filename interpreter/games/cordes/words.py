"""The words Dans les Cordes's cards are made of: numbers' ranges, whose, who picks, how a card lies.

Shared by the AST (`ast.py`) and the constructs of the effects (`effects.py`,
`conditions.py`, `moves.py`…), which `ast.py` lists: this module imports
neither, so they all read it.
"""

from __future__ import annotations

from enum import Enum
from typing import Annotated, Union

from pydantic import Field, SerializeAsAny

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
Computed = Union[SerializeAsAny[Node], None]  # noqa: UP007  (pydantic reads it at run time, SerializeAsAny an alias)
#: A card's name, as printed.
Name = Annotated[str, Field(min_length=1, max_length=60)]


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
