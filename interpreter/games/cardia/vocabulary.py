"""The words every part of a Duel pour Cardia card uses: numbers, factions, decks, players, and how they are printed.

The constructs (targets, effects, conditions, persistent effects, the
Lieu's rules) and the AST of the cards above them all read these words;
this module reads no other module of the game, so that the constructs and
the AST import each other in one direction only (`ast.py` keeps these names
too, for the readers of a card's AST).
"""

from __future__ import annotations

from enum import Enum
from typing import Annotated, Any

from pydantic import AfterValidator, Field

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
# How the words are printed
# ---------------------------------------------------------------------------


def signed(n: int) -> str:
    """A change of influence as printed: `+3`, `−3` (a minus sign)."""
    return f"+{n}" if n > 0 else f"−{-n}"


def cartes(n: int) -> str:
    """`1 carte`, `2 cartes`."""
    return f"{n} carte" if n == 1 else f"{n} cartes"


def de(faction: Faction | None) -> str:
    """` de la Guilde`, ` de l'Académie`, or nothing."""
    if faction is None:
        return ""
    return f" de l'{faction.value}" if faction is Faction.ACADEMIE else f" de la {faction.value}"


def capital(text: str) -> str:
    """The text starting a sentence: its first letter in capitals."""
    return text[:1].upper() + text[1:]


def printed(node: Any) -> str:
    """A construct of a card (a target, an effect, a condition…) as printed: its own `write`.

    `writing.printed` writes the cards and their abilities too.
    """
    return str(node.write())
