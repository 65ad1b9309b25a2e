"""The registry of playable games, for the CLI and the Python API.

Each game package declares a `GameEngine`: how to make its `Game` from its
validated files and a setup (the same data a record's header keeps), the
setup options it declares and the setup they give, and which bots it has. `find_engine(name)`
gives a clear error listing the valid names.

The games are plug-ins: `engines()` gives those installed (entry points
`atout.games`, found by `language/registry.py`, which also holds their
languages), then those added with `register(engine)` (a test's game, a
notebook's); `unregister(name)` removes one of the latter.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Self

from pydantic import BaseModel, ConfigDict, ValidationError

from atout.interpreter.errors import AtoutError
from atout.interpreter.language.diagnostics import Diagnostic, DiagnosticError, shorten
from atout.interpreter.language.game import GameLanguage
from atout.interpreter.language.registry import GameNotLoaded, add_language, game_module, game_modules, game_names, languages, remove_language

from .endings import Ending, with_core
from .loading import GameFiles
from .options import RULES, GameOption
from .players import Player, RandomBot
from .state import Game, Outcome

if TYPE_CHECKING:
    from atout.interpreter.lab.traits import LabTraits


@dataclass(frozen=True)
class GameEngine:
    """What the core needs to play one game."""

    name: str
    language: GameLanguage[Any, Any]
    #: Make the game from its files and a setup (as stored in a record's header).
    build: Callable[[GameFiles, dict[str, Any]], Game]
    #: The setup that the options give: {"deck": ("le-renard",), ...} → setup.
    #: It reads the values `check_options` gives for `options` (an option
    #: not given is absent).
    setup_from_options: Callable[[GameFiles, dict[str, Any]], dict[str, Any]]
    #: The setup options the game declares (`--rules` and the game's own):
    #: the CLI's options and the API's keyword arguments are built from them.
    options: tuple[GameOption, ...] = (RULES,)
    #: Bots by name; each is made with a seed.
    bots: dict[str, Callable[[int], Player]] = field(default_factory=lambda: {"random": RandomBot})
    #: For a match: the setup of the next game, from the last game's setup and
    #: outcome (BattleFight: the loser starts). None: the same setup again.
    next_setup: Callable[[dict[str, Any], Outcome], dict[str, Any]] | None = None
    #: For a match: how many won games win it, from the game's rules.
    games_to_win: Callable[[Game], int] = lambda game: 2
    #: For `atout play` without `--p2`: who plays P2 ("human", or a bot's
    #: name), from the files and the setup (Duel de dragons: its rules'
    #: "Adversaire"). None: the heuristic bot.
    default_opponent: Callable[[GameFiles, dict[str, Any]], str] | None = None
    #: Command-line options that show the game's other setups (decks, Lieux,
    #: boxers…), from its files: the contract suite and the soak play them too.
    option_examples: Callable[[GameFiles], list[dict[str, Any]]] = lambda files: []
    #: What the balance lab reads of the game (cards held and played, who
    #: leads, each seat's deck); None: the lab gives only the core's figures.
    lab: LabTraits | None = None
    #: A picture of a state, as SVG (BattleFight's board with its pawns), for
    #: the replay viewer; None: the viewer shows the state as text only.
    picture: Callable[[Any], str] | None = None
    #: The cards a seat sees, by zone, for the replay viewer's card faces:
    #: `zones(state, seat)` (seat None: everything) → [(zone's label, [card names])],
    #: the other seat's hidden cards left out. None: the viewer shows no faces.
    zones: Callable[[Any, int | None], list[tuple[str, list[str]]]] | None = None
    #: How the game may end: each code it finishes with and its meaning (`endings.py`);
    #: the core's own (the bound on actions) are added to those declared.
    endings: tuple[Ending, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "endings", with_core(tuple(self.endings)))

    def ending(self, code: str) -> Ending | None:
        """The ending of this code, or None when the game declares none such."""
        return next((ending for ending in self.endings if ending.code == code), None)


class SetupModel(BaseModel):
    """A game's setup as a record's header keeps it: strict types, no unknown field.

    Each game describes its setup with a subclass; `read` turns a setup that
    does not fit into a diagnostic naming the field.
    """

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    @classmethod
    def read(cls, data: Any) -> Self:
        """The setup, or `DiagnosticError` (E400) naming the field that is wrong."""
        if not isinstance(data, dict):
            raise DiagnosticError([Diagnostic("E400", f"a setup is an object of options, not {type(data).__name__}", "setup")])
        try:
            return cls.model_validate(data)
        except ValidationError as error:
            first = error.errors()[0]
            where = ".".join(str(part) for part in first["loc"]) or "setup"
            if first["type"] == "extra_forbidden":
                message = f'unknown setup option "{where}"; the options are {", ".join(cls.model_fields)}'
            else:
                message = f'setup option "{where}": {first["msg"][0].lower()}{first["msg"][1:]}'
            raise DiagnosticError([Diagnostic("E400", message, "setup")]) from None


class UnknownGame(AtoutError, KeyError):
    """A game name that is not registered; the message lists the valid ones."""

    def __str__(self) -> str:
        return str(self.args[0])


#: The engines of the games, by name, in the order the CLI lists them (filled by `engines()`).
ENGINES: dict[str, GameEngine] = {}
#: The engines `register` added, by name.
_REGISTERED: dict[str, GameEngine] = {}


def engines() -> dict[str, GameEngine]:
    """Every playable game's engine, by its command-line name: the installed games, then those registered.

    The same dictionary at every call. The installed games are those of the
    entry points `atout.games` (see `language/registry.py`); their engines
    are imported on the first call, not before.
    """
    if not ENGINES:
        languages()  # the installed games, and the modules ATOUT_GAMES names (which register theirs)
        for name, module in game_modules().items():
            engine = module.ENGINE
            if not isinstance(engine, GameEngine) or engine.name != name or engine.language is not module.LANGUAGE:
                raise GameNotLoaded(f'the game "{name}" (group atout.games): its module\'s ENGINE is not the GameEngine of its LANGUAGE')
            ENGINES[name] = engine
        ENGINES.update(_REGISTERED)
    return ENGINES


def register(engine: GameEngine) -> None:
    """Add a game that is not installed (a test's, a notebook's): its language, for validating its files, and its engine, for playing them.

    Raises `ValueError` if a game of that name is already there.
    """
    name = engine.name
    if engine.language.name != name:
        raise ValueError(f'the engine "{name}" has the language of "{engine.language.name}"')
    add_language(engine.language)
    _REGISTERED[name] = engine
    if ENGINES:
        ENGINES[name] = engine


def unregister(name: str) -> None:
    """Remove a game `register` added (the installed games stay)."""
    from atout.interpreter.language.project import _shipped_cache

    if name not in _REGISTERED:
        raise ValueError(f'no game named "{name}" was registered')
    del _REGISTERED[name]
    remove_language(name)
    ENGINES.pop(name, None)
    _shipped_cache.pop(name, None)


class Games:
    """The registry as one object, for the command: each mapping looked up on first use."""

    @property
    def LANGUAGES(self) -> dict[str, GameLanguage[Any, Any]]:  # noqa: N802 - the mapping's name, as elsewhere
        """Every game's language (no engine imported)."""
        return languages()

    @property
    def ENGINES(self) -> dict[str, GameEngine]:  # noqa: N802 - the mapping's name, as elsewhere
        """Every playable game's engine."""
        return engines()


#: The registry, for the command (`atout.cli.main.games()`).
GAMES = Games()


def find_engine(name: str) -> GameEngine:
    """The engine of a game by its command-line name (an installed game is loaded alone: the others are not imported)."""
    engine = ENGINES.get(name) or _REGISTERED.get(name) or _installed_engine(name)
    if engine is None:
        known = engines()
        engine = known.get(name)
        if engine is None:
            raise UnknownGame(f'unknown game "{shorten(name)}"; the games are {", ".join(known)}')
    return engine


def _installed_engine(name: str) -> GameEngine | None:
    """The engine of the installed game `name`, loaded alone; None when it is no installed game (or `ATOUT_GAMES` is set: then all are loaded)."""
    if game_names() is None:
        return None
    module = game_module(name)
    if module is None:
        return None
    engine = module.ENGINE
    if not isinstance(engine, GameEngine) or engine.name != name or engine.language is not module.LANGUAGE:
        raise GameNotLoaded(f'the game "{name}" (group atout.games): its module\'s ENGINE is not the GameEngine of its LANGUAGE')
    return engine
