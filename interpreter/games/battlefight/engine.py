"""BattleFight in the registry: making games from files and options, its bots."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from atout.interpreter.engine.endings import Ending
from atout.interpreter.engine.loading import GameFiles, load_files
from atout.interpreter.engine.options import RULES, GameOption, names_a_file
from atout.interpreter.engine.players import RandomBot
from atout.interpreter.engine.registry import GameEngine, SetupModel
from atout.interpreter.engine.state import Outcome
from atout.interpreter.language.diagnostics import Diagnostic, DiagnosticError, shorten
from atout.interpreter.language.nodes import CardList

from .bots import HeuristicBot
from .commentary import zones
from .game import BattleFightGame, DeckChoice
from .lab import LAB
from .language import LANGUAGE
from .picture import board_svg


class DeckSetup(SetupModel):
    """One player's deck in a setup: constructed (its name and cards), random or sealed."""

    kind: Literal["constructed", "random", "sealed"]
    name: str = ""
    cards: list[str] = []

    @model_validator(mode="after")
    def _cards_for_constructed(self) -> DeckSetup:
        if self.kind == "constructed" and not self.name:
            raise ValueError("a constructed deck has a name")
        if self.kind != "constructed" and (self.cards or self.name):
            raise ValueError(f"a {self.kind} deck is drawn during the game: it has no name nor cards")
        return self


class BattleFightSetup(SetupModel):
    """BattleFight's setup: each player's deck, who starts (None: chance), the rules file (None: the main one)."""

    decks: Annotated[list[DeckSetup], Field(min_length=2, max_length=2)] = [DeckSetup(kind="random")] * 2
    first_player: Annotated[int, Field(ge=0, le=1)] | None = None
    rules: Annotated[str, Field(min_length=1)] | None = None


def build(files: GameFiles, setup: dict[str, Any]) -> BattleFightGame:
    """A game from its files and a setup: {"decks": [...], "first_player": …, "rules": …}.

    Raises `DiagnosticError` for a setup that is not legal: a field of the
    wrong type, an unknown rules file or card, a deck of the wrong size.
    """
    read = BattleFightSetup.read(setup)
    decks = tuple(DeckChoice(d.kind, d.name, tuple(d.cards)) for d in read.decks)
    return BattleFightGame.from_files(files, decks, read.first_player, read.rules)  # type: ignore[arg-type]


def deck_choice(files: GameFiles, value: str) -> DeckChoice:
    """A `--deck` value: "random", "sealed", a shipped deck's name, or a deck file."""
    if value == "random":
        return DeckChoice("random")
    if value == "sealed":
        return DeckChoice("sealed")
    shipped = files.lists
    if value in shipped:
        return DeckChoice.from_list(shipped[value])
    path = Path(value)
    if names_a_file(value):
        deck_files = load_files(LANGUAGE, [*(Path(d.path) for d in files.documents), path])
        deck = next((d.node for d in deck_files.documents if Path(d.path) == path and isinstance(d.node, CardList)), None)
        if deck is not None:
            return DeckChoice.from_list(deck)
    known = ", ".join(["random", "sealed", *shipped])
    raise DiagnosticError([Diagnostic("E400", f'no deck "{shorten(value)}": give a deck file, or one of {known}', shorten(value))])


def setup_from_options(files: GameFiles, options: dict[str, Any]) -> dict[str, Any]:
    """The setup for `atout play/simulate battlefight`: `--deck` once per player (random by default)."""
    values = list(options.get("deck") or ())
    if len(values) == 1:
        values *= 2
    values += ["random"] * (2 - len(values))
    decks = [deck_choice(files, value).as_json() for value in values[:2]]
    setup: dict[str, Any] = {"decks": decks, "first_player": None}
    if options.get("rules"):
        setup["rules"] = options["rules"]
    return build(files, setup).setup()  # refuses unknown rules files and illegal decks now


def next_setup(setup: dict[str, Any], outcome: Outcome) -> dict[str, Any]:
    """The next game of a match: the loser of the last game starts; after a draw, chance decides."""
    following = dict(setup)
    following["first_player"] = None if outcome.winner is None else 1 - outcome.winner
    return following


def option_examples(files: GameFiles) -> list[dict[str, Any]]:
    """Each shipped deck against another, and sealed decks."""
    decks = sorted(files.lists)
    examples: list[dict[str, Any]] = [{"deck": ("sealed", "random")}]
    for first, second in zip(decks, decks[1:] + decks[:1]):
        examples.append({"deck": (first, second)})
    return examples


def deck_names(files: GameFiles) -> list[str]:
    """The values `--deck` allows besides a deck file: random, sealed and the shipped decks."""
    return ["random", "sealed", *files.lists]


OPTIONS = (
    GameOption(
        "deck",
        "A deck file, a shipped deck's name, random or sealed; once per player (P1 first), once: both.",
        per_player=True,
        choices=deck_names,
        files=True,
        default="random",
        metavar="DECK",
    ),
    RULES,
)


#: How a game may end (the core adds the bound on actions).
ENDINGS = (
    Ending("no_life", "a player has no life left"),
    Ending("off_board", "a player is pushed off the board"),
    Ending("both_fell", "both players fall at once", draw=True),
    Ending("turn_limit", "the rules' turn limit is reached", draw=True),
    Ending("repetition", "the same position starts a turn once too often", draw=True),
)


ENGINE = GameEngine(
    name="battlefight",
    language=LANGUAGE,
    build=build,
    setup_from_options=setup_from_options,
    options=OPTIONS,
    bots={"random": RandomBot, "heuristic": HeuristicBot},
    next_setup=next_setup,
    games_to_win=lambda game: game.rules.games_to_win_match,  # type: ignore[attr-defined]
    option_examples=option_examples,
    lab=LAB,
    picture=board_svg,
    zones=zones,
    endings=ENDINGS,
)
