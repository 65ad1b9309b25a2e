"""Haut la carte's card language: cards with a value, decks, rules."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from lark import Token, v_args
from lark.tree import Meta
from pydantic import ConfigDict, Field

from atout.interpreter.engine.limits import ActionLimits_en
from atout.interpreter.language.game import FileKind, GameLanguage, deck_kind, rules_kind
from atout.interpreter.language.nodes import Node
from atout.interpreter.language.transform import UnitTransformer

HERE = Path(__file__).parent


class Card(Node):
    """A card: its name and its value (grammar rule `card`)."""

    kind: Literal["card"] = "card"
    name: str
    value: int = Field(ge=1, le=99)


class TinyRules(ActionLimits_en):
    """How many cards each hand holds, how many rounds are played."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    hand: int = Field(alias="Cards in hand", ge=1, le=10)
    rounds: int = Field(alias="Rounds", ge=1, le=10)


class TinyTransformer(UnitTransformer):
    """Builds `Card` nodes from `card` trees."""

    @v_args(inline=True, meta=True)
    def card(self, meta: Meta, title: Token, value: Token) -> Card:
        """`== Seven ==`, `Value 7`."""
        name = self.original(title).strip().strip("=").strip()
        return self.build(Card, meta, {"name": title, "value": value}, name=name, value=int(value))


LANGUAGE = GameLanguage(
    name="tiny",
    title="Haut la carte",
    header_names=("Haut la carte",),
    grammar=str(HERE / "tiny.lark"),
    kinds=(FileKind("cards", ("cards",), "card", "card"), deck_kind("deck"), rules_kind("rules")),
    transformer=TinyTransformer,
    rules_model=TinyRules,
    shipped=HERE / "cards",
)
