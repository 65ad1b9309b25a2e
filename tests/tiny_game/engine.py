"""Haut la carte in the registry: its setup, the options it declares, its bots."""

from __future__ import annotations

from typing import Any

from atout.interpreter.engine.decision import Decision
from atout.interpreter.engine.loading import GameFiles
from atout.interpreter.engine.options import RULES, GameOption
from atout.interpreter.engine.players import RandomBot
from atout.interpreter.engine.registry import GameEngine, SetupModel

from .game import TinyGame
from .language import LANGUAGE


class TinySetup(SetupModel):
    """The deck both hands are dealt from (None: two of each card), the variant, the rules file."""

    deck: str | None = None
    lowest: bool = False
    rules: str | None = None


def build(files: GameFiles, setup: dict[str, Any]) -> TinyGame:
    read = TinySetup.read(setup)
    return TinyGame(files, read.deck, read.lowest, read.rules)


def setup_from_options(files: GameFiles, options: dict[str, Any]) -> dict[str, Any]:
    setup = {"deck": options.get("deck"), "lowest": bool(options.get("lowest")), "rules": options.get("rules")}
    return build(files, setup).setup()


def option_examples(files: GameFiles) -> list[dict[str, Any]]:
    """Each deck, and the lower card taking the round: the setups a game is checked with."""
    return [{"deck": name} for name in sorted(files.lists)] + [{"lowest": True}]


class HighestBot:
    """Plays its best card: the highest (the lowest with --lowest)."""

    name = "heuristic"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, decision: Decision, view: Any) -> int:
        values = [option.value.value for option in decision.options]
        return values.index(max(values))


OPTIONS = (
    GameOption("deck", "The deck both hands are dealt from.", choices=lambda files: list(files.lists), default="two of each card", metavar="DECK"),
    GameOption("lowest", "The lower card takes the round.", kind="flag", default="the higher"),
    RULES,
)

ENGINE = GameEngine(
    name="tiny",
    language=LANGUAGE,
    build=build,
    setup_from_options=setup_from_options,
    options=OPTIONS,
    option_examples=option_examples,
    bots={"random": RandomBot, "heuristic": HighestBot},
)
