"""Duel de dragons in the registry: making duels from files and options, its bots.

Who plays: the command line's `--p1` and `--p2` come first. The rules file's
"Adversaire" only gives P2 when `atout play` is not given `--p2`:
"ordinateur" is the heuristic bot, "humain" a second person at the same
terminal, "bot NAME" the bot of that name (random or heuristic). `simulate`
always names both bots, so it never reads the option.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field

from atout.interpreter.engine.endings import Ending
from atout.interpreter.engine.loading import GameFiles, load_files
from atout.interpreter.engine.options import RULES, GameOption, names_a_file
from atout.interpreter.engine.players import Player, RandomBot
from atout.interpreter.engine.registry import GameEngine, SetupModel
from atout.interpreter.language.diagnostics import Diagnostic, DiagnosticError, shorten
from atout.interpreter.language.nodes import CardList

from .bots import HeuristicBot
from .commentary import zones
from .game import CollectionChoice, DragonsGame
from .lab import LAB
from .language import LANGUAGE

#: The collections of P1 and P2 when `--collection` is not given.
DEFAULT_COLLECTIONS = ("debutant", "debutant")

#: The game's own bots, by name: a rules file's "Adversaire : bot NAME" names one (`rules.BOT_NAMES`).
BOTS: dict[str, Callable[[int], Player]] = {"random": RandomBot, "heuristic": HeuristicBot}


class CollectionSetup(SetupModel):
    """One player's collection in a setup: its name and its cards (a name per copy)."""

    name: str
    cards: list[Annotated[str, Field(min_length=1)]]


class DragonsSetup(SetupModel):
    """Duel de dragons' setup: each player's collection (None: the default ones), the rules file."""

    collections: Annotated[list[CollectionSetup], Field(min_length=2, max_length=2)] | None = None
    rules: Annotated[str, Field(min_length=1)] | None = None


def build(files: GameFiles, setup: dict[str, Any]) -> DragonsGame:
    """A duel from its files and a setup: {"collections": [...], "rules": …}.

    Raises `DiagnosticError` for a setup that is not legal (a field of the
    wrong type, an unknown card or rules file, a collection too small).
    """
    read = DragonsSetup.read(setup)
    if read.collections is not None:
        collections = tuple(CollectionChoice(c.name, tuple(c.cards)) for c in read.collections)
    else:
        collections = tuple(collection_choice(files, name) for name in DEFAULT_COLLECTIONS)
    return DragonsGame.from_files(files, collections, read.rules)  # type: ignore[arg-type]


def collection_choice(files: GameFiles, value: str) -> CollectionChoice:
    """A `--collection` value: a shipped collection's name, or a collection file."""
    shipped = files.lists
    if value in shipped:
        return CollectionChoice.from_list(shipped[value])
    path = Path(value)
    if names_a_file(value):
        loaded = load_files(LANGUAGE, [*(Path(d.path) for d in files.documents), path])
        found = next((d.node for d in loaded.documents if Path(d.path) == path and isinstance(d.node, CardList)), None)
        if found is not None:
            return CollectionChoice.from_list(found)
    known = ", ".join(shipped)
    raise DiagnosticError([Diagnostic("E400", f'no collection "{shorten(value)}": give a collection file, or one of {known}', shorten(value))])


def setup_from_options(files: GameFiles, options: dict[str, Any]) -> dict[str, Any]:
    """The setup for `atout play/simulate dragons`: `--collection` once per player (once: both).

    The opponent named by the rules ("Adversaire") is checked here, so that
    an unknown bot's name is a clear error before the duel starts.
    """
    values = list(options.get("collection") or ())
    if len(values) == 1:
        values *= 2
    values += list(DEFAULT_COLLECTIONS[len(values) :])
    setup: dict[str, Any] = {"collections": [collection_choice(files, v).as_json() for v in values[:2]]}
    if options.get("rules"):
        setup["rules"] = options["rules"]
    build(files, setup)  # refuses unknown cards and collections too small for these rules
    default_opponent(files, setup)
    return setup


def default_opponent(files: GameFiles, setup: dict[str, Any]) -> str:
    """Who plays P2 when `atout play` has no `--p2`: from the rules' "Adversaire"."""
    opponent = files.rules(setup.get("rules")).opponent
    if opponent == "ordinateur":
        return "heuristic"
    if opponent == "humain":
        return "human"
    name = opponent.removeprefix("bot ").strip()
    if name not in BOTS:
        raise DiagnosticError([Diagnostic("E400", f'"Adversaire : bot {shorten(name)}": there is no bot "{shorten(name)}"; the bots are {", ".join(BOTS)}', "Adversaire")])
    return name


def option_examples(files: GameFiles) -> list[dict[str, Any]]:
    """Each shipped collection against another."""
    names = sorted(files.lists)
    return [{"collection": (first, second)} for first, second in zip(names, names[1:] + names[:1])]


OPTIONS = (
    GameOption(
        "collection",
        "A collection file or a shipped collection's name; once per player (P1 first), once: both.",
        per_player=True,
        choices=lambda files: list(files.lists),
        files=True,
        default=" and ".join(DEFAULT_COLLECTIONS),
        metavar="COLLECTION",
    ),
    RULES,
)


#: How a game may end (the core adds the bound on actions).
ENDINGS = (
    Ending("score", "the higher score after the rounds (or a decisive round)"),
    Ending("decisive_ties", "the decisive rounds are tied (the rules' draw)", draw=True),
    Ending("worn_out", "every card in play is worn down to 0", draw=True),
    Ending("safety", "stopped after too many tied decisive rounds", draw=True),
)


ENGINE = GameEngine(
    name="dragons",
    language=LANGUAGE,
    build=build,
    setup_from_options=setup_from_options,
    options=OPTIONS,
    bots=BOTS,
    games_to_win=lambda game: 2,
    default_opponent=default_opponent,
    option_examples=option_examples,
    lab=LAB,
    zones=zones,
    endings=ENDINGS,
)
