"""Haut la carte's transformer: `card` trees to `Card` nodes (decks and rules use the core's rules)."""

from __future__ import annotations

from lark import Token, v_args
from lark.tree import Meta

from atout.interpreter.language.transform import UnitTransformer

from .ast import Card


class TinyTransformer(UnitTransformer):
    """Builds `Card` nodes from `card` trees."""

    @v_args(inline=True, meta=True)
    def card(self, meta: Meta, title: Token, value: Token) -> Card:
        """`== Seven ==`, `Value 7`."""
        name = self.original(title).strip().strip("=").strip()
        return self.build(Card, meta, {"name": title, "value": value}, name=name, value=int(value))
