"""Haut la carte's AST: a card is a name and a value."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from atout.interpreter.language.nodes import Node


class Card(Node):
    """A card: its name and its value (grammar rule `card`)."""

    kind: Literal["card"] = "card"
    name: str
    value: int = Field(ge=1, le=99)
