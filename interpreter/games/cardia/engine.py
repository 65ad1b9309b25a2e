"""Duel pour Cardia in the registry: making games from files and options, its bots, matches."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from atout.interpreter.engine.endings import Ending
from atout.interpreter.engine.loading import GameFiles
from atout.interpreter.engine.options import RULES, GameOption
from atout.interpreter.engine.players import RandomBot
from atout.interpreter.engine.registry import GameEngine, SetupModel
from atout.interpreter.engine.state import Outcome
from atout.interpreter.language.diagnostics import Diagnostic, DiagnosticError, shorten

from .ast import Lieu
from .bots import HeuristicBot
from .commentary import zones
from .game import CardiaGame, deck_key
from .lab import LAB
from .language import LANGUAGE


class CardiaSetup(SetupModel):
    """Duel pour Cardia's setup: the deck both players use, the Lieu, the Protecteurs, the rules file."""

    deck: Annotated[str, Field(min_length=1)] = "I"
    lieu: Annotated[str, Field(min_length=1)] | None = None
    protecteurs: bool = False
    rules: Annotated[str, Field(min_length=1)] | None = None


def build(files: GameFiles, setup: dict[str, Any]) -> CardiaGame:
    """A game from its files and a setup: {"deck": "I", "lieu": …, "protecteurs": …, "rules": …}.

    Raises `DiagnosticError` for a setup that is not legal (a field of the
    wrong type, an unknown deck, Lieu or rules file).
    """
    return CardiaGame.from_files(files, CardiaSetup.read(setup).model_dump())


def setup_from_options(files: GameFiles, options: dict[str, Any]) -> dict[str, Any]:
    """The setup for `atout play/simulate cardia`: `--deck I|II` (both players), `--lieu NAME`, `--protecteurs`."""
    given = options.get("deck") or ()
    values = [v for v in ([given] if isinstance(given, str) else given) if v]
    keys = [deck_key(v) for v in values]
    for value, key in zip(values, keys):
        if key is None:
            raise DiagnosticError([Diagnostic("E400", f'no deck "{shorten(value)}": the decks are I and II', "--deck")])
    if len(set(keys)) > 1:
        raise DiagnosticError([Diagnostic("E401", "both players play the same deck: give --deck once (I or II)", "--deck")])
    setup: dict[str, Any] = {
        "deck": keys[0] if keys else "I",
        "lieu": options.get("lieu") or None,
        "protecteurs": bool(options.get("protecteurs")),
        "rules": options.get("rules") or None,
    }
    game = build(files, setup)  # checks the Lieu's name, and gives it its printed spelling
    return game.setup()


def next_setup(setup: dict[str, Any], outcome: Outcome) -> dict[str, Any]:
    """The next game of a match: the same deck, Lieu and Protecteurs (there is no first player)."""
    return dict(setup)


def option_examples(files: GameFiles) -> list[dict[str, Any]]:
    """Deck II, the Protecteurs, and each Lieu."""
    examples: list[dict[str, Any]] = [{"deck": ("II",)}, {"protecteurs": True}]
    return examples + [{"lieu": lieu} for lieu in lieu_names(files)]


def lieu_names(files: GameFiles) -> list[str]:
    """The Lieu cards by name."""
    return sorted(card.name for file in files.card_files for card in file.cards if isinstance(card, Lieu))


OPTIONS = (
    GameOption(
        "deck",
        "The deck both players use: I or II.",
        choices=lambda files: ["I", "II", "1", "2", "Paquet I", "Paquet II"],
        default="I",
        metavar="DECK",
    ),
    GameOption(
        "lieu",
        "The Lieu card that changes a rule for the whole game (its name, or its name's start).",
        choices=lieu_names,
        prefixes=True,
        noun="Lieu",
        default="none",
        metavar="LIEU",
    ),
    GameOption("protecteurs", "Play with the Protecteurs de la Nature.", kind="flag", default="without"),
    RULES,
)


#: How a game may end (the core adds the bound on actions).
ENDINGS = (
    Ending("seals", "a player has the seals to win"),
    Ending("ability", "a card's ability wins the game"),
    Ending("factions", "seals on enough factions (a Lieu's rule)"),
    Ending("streak", "enough encounters won in a row (a Lieu's rule)"),
    Ending("no_card", "a player has no card to play"),
    Ending("no_card_both", "neither player has a card to play: on seals"),
    Ending("no_progress", "play can never leave a loop of positions: on seals"),
    Ending("turn_limit", "stopped at the turn limit", draw=True),
)


ENGINE = GameEngine(
    name="cardia",
    language=LANGUAGE,
    build=build,
    setup_from_options=setup_from_options,
    options=OPTIONS,
    bots={"random": RandomBot, "heuristic": HeuristicBot},
    next_setup=next_setup,
    games_to_win=lambda game: game.rules.games_to_win_match,  # type: ignore[attr-defined]
    option_examples=option_examples,
    lab=LAB,
    zones=zones,
    endings=ENDINGS,
)
