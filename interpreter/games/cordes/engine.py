"""Dans les Cordes in the registry: making games from files and options, its bots."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from atout.interpreter.engine.endings import Ending
from atout.interpreter.engine.loading import GameFiles
from atout.interpreter.engine.options import RULES, GameOption
from atout.interpreter.engine.players import RandomBot
from atout.interpreter.engine.registry import GameEngine, SetupModel

from .bots import HeuristicBot
from .commentary import zones
from .game import CordesGame
from .lab import LAB
from .language import LANGUAGE


class CordesSetup(SetupModel):
    """Dans les Cordes' setup: the boxers (None: chosen at setup), who starts (None: as the rules say), the rules file."""

    boxers: Annotated[list[Annotated[str, Field(min_length=1)]], Field(min_length=2, max_length=2)] | None = None
    first_player: Annotated[int, Field(ge=0, le=1)] | None = None
    rules: Annotated[str, Field(min_length=1)] | None = None


def build(files: GameFiles, setup: dict[str, Any]) -> CordesGame:
    """A game from its files and a setup: {"boxers": [P1's, P2's] or None, "first_player": …, "rules": …}.

    Raises `DiagnosticError` for a setup that is not legal (a field of the
    wrong type, an unknown boxer or rules file).
    """
    read = CordesSetup.read(setup)
    return CordesGame.from_files(
        files,
        tuple(read.boxers) if read.boxers is not None else None,  # type: ignore[arg-type]
        read.first_player,
        read.rules,
    )


def boxer_names(files: GameFiles) -> list[str]:
    """The boxers (CHARACTER cards) by name."""
    return sorted(card.name for file in files.card_files for card in file.cards if card.TYPE.value == "CHARACTER")  # type: ignore[attr-defined]


def setup_from_options(files: GameFiles, options: dict[str, Any]) -> dict[str, Any]:
    """The setup for `atout play/simulate cordes`.

    `--boxer NAME` names a boxer, once per player (P1 first); one name gives
    P1 that boxer and P2 the other; `--boxer choose` lets the players choose
    at setup. By default P1 boxes as the first CHARACTER card by name and P2
    as the second. `--rules` picks a variant rules file.
    """
    characters = boxer_names(files)
    values = list(options.get("boxer") or ())
    boxers: list[str] | None
    if values and all(v == "choose" for v in values):
        boxers = None
    elif len(values) >= 2:
        boxers = values[:2]
    elif len(values) == 1:
        from atout.interpreter.language.text import fold

        other = next((n for n in characters if fold(n) != fold(values[0])), characters[-1])
        boxers = [values[0], other]
    else:
        boxers = characters[:2]
    setup: dict[str, Any] = {"boxers": boxers, "first_player": None}
    if options.get("rules"):
        setup["rules"] = options["rules"]
    # resolve the names now (case and accents), so a record holds them as printed
    game = build(files, setup)
    setup["boxers"] = list(game.boxers) if game.boxers else None
    return setup


def option_examples(files: GameFiles) -> list[dict[str, Any]]:
    """Boxers chosen at setup, and the default boxers the other way round."""
    characters = boxer_names(files)
    return [{"boxer": ("choose",)}, {"boxer": tuple(reversed(characters[:2]))}]


OPTIONS = (
    GameOption(
        "boxer",
        "A boxer's name, once per player (P1 first; once: P2 boxes as another), or choose: the players choose at setup.",
        per_player=True,
        choices=lambda files: ["choose", *boxer_names(files)],
        default="the first two boxers by name",
        metavar="BOXER",
    ),
    RULES,
)


#: How a game may end (the core adds the bound on actions).
ENDINGS = (
    Ending("ko", "a boxer is KO"),
    Ending("double_ko", "both boxers are down at once (the rules say who wins)"),
    Ending("last_gong", "on life, then energy, at the last GONG"),
    Ending("nothing_left", "nothing left to draw or play: on life, then energy"),
)


ENGINE = GameEngine(
    name="cordes",
    language=LANGUAGE,
    build=build,
    setup_from_options=setup_from_options,
    options=OPTIONS,
    bots={"random": RandomBot, "heuristic": HeuristicBot},
    option_examples=option_examples,
    lab=LAB,
    zones=zones,
    endings=ENDINGS,
)
