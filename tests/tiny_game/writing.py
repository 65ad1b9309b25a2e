"""Haut la carte's cards written back: a title and a value, as the cards are printed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .ast import Card


def _card(card: Card) -> str:
    return f"== {card.name} ==\nValue {card.value}\n"


#: One writer per AST class, as a game's handlers are.
WRITERS: dict[type, Callable[[Any], str]] = {Card: _card}


def write_card(card: Card) -> str:
    """A card as card text, from its title line on."""
    return WRITERS[type(card)](card)
