"""Haut la carte's card language: cards with a value, decks, rules."""

from __future__ import annotations

from pathlib import Path

from pydantic import ConfigDict, Field

from atout.interpreter.engine.limits import ActionLimits_en
from atout.interpreter.language.game import FileKind, GameLanguage, deck_kind, rules_kind

from .ast import Card
from .transformer import TinyTransformer
from .writing import write_card

__all__ = ["LANGUAGE", "Card", "TinyRules", "TinyTransformer"]

HERE = Path(__file__).parent


class TinyRules(ActionLimits_en):
    """How many cards each hand holds, how many rounds are played."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    hand: int = Field(alias="Cards in hand", ge=1, le=10)
    rounds: int = Field(alias="Rounds", ge=1, le=10)


LANGUAGE = GameLanguage(
    name="tiny",
    title="Haut la carte",
    header_names=("Haut la carte",),
    grammar=str(HERE / "tiny.lark"),
    kinds=(FileKind("cards", ("cards",), "card", "card"), deck_kind("deck"), rules_kind("rules")),
    transformer=TinyTransformer,
    rules_model=TinyRules,
    shipped=HERE / "cards",
    write_card=write_card,
)
