"""The games atout knows, found where they are installed: their card languages.

A game is a plug-in. Its distribution declares an entry point in the group
`atout.games`: its name is the game's command-line name, its value a module
(atout's own four games are declared so in `pyproject.toml`, exactly as a
game installed as its own package is):

    [project.entry-points."atout.games"]
    mygame = "mygame"

The module gives the game's `LANGUAGE` (a `GameLanguage`) and its `ENGINE`
(a `GameEngine`, from `atout.interpreter.engine.registry`); it may give
`ENGINE` through a module-level `__getattr__`, so that checking the game's
files does not import its engine. It may give `RANK`, a number: the games
are listed by it (atout's four: 1 to 4), then by name.

The games are looked up once, on the first call of `languages()`. After
them come the modules the environment variable `ATOUT_GAMES` names
(comma-separated, importable from `PYTHONPATH`): a game that is not
installed, each module calling `register` (`engine/registry.py`) on import.
Nothing of the core imports a game: every game reaches it through here.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType
from typing import Any

from atout.interpreter.errors import AtoutError

from .game import GameLanguage

#: The entry-point group a game's distribution declares it in.
GROUP = "atout.games"
#: The environment variable naming modules to import, each registering a game that is not installed.
VARIABLE = "ATOUT_GAMES"
#: Where a game with no `RANK` comes in the lists of games: after atout's own.
DEFAULT_RANK = 1_000

#: Every game's language, by its command-line name, in the order the CLI lists them (filled by `languages()`).
LANGUAGES: dict[str, GameLanguage[Any, Any]] = {}
#: The modules of the games found through entry points, by name, in the same order (None: not looked up yet).
_modules: dict[str, ModuleType] | None = None


class GameNotLoaded(AtoutError, ImportError):
    """An installed game (or a module `ATOUT_GAMES` names) that cannot be loaded; the message says which, and what to do."""

    def __str__(self) -> str:
        return str(self.args[0])


def _entry_points() -> list[Any]:
    """The entry points of the group `atout.games`, from every installed distribution."""
    from importlib.metadata import entry_points

    return list(entry_points(group=GROUP))


def _load(point: Any) -> ModuleType:
    """The module an entry point names, with its `LANGUAGE` checked; `GameNotLoaded` if it cannot serve."""
    where = f'the game "{point.name}" (entry point "{point.name} = {point.value}" of the group {GROUP}'
    owner = getattr(getattr(point, "dist", None), "name", None)
    where += f", installed by {owner})" if owner else ")"
    try:
        module = point.load()
    except Exception as error:  # any failure of a third party's import is its own
        raise GameNotLoaded(f"{where} cannot be loaded: {type(error).__name__}: {error}; reinstall it or uninstall it") from None
    if not isinstance(module, ModuleType):
        raise GameNotLoaded(f"{where} names {type(module).__name__}, not a module: name the module that gives LANGUAGE and ENGINE")
    try:
        language = module.LANGUAGE
    except Exception as error:
        raise GameNotLoaded(f"{where}: its module gives no LANGUAGE ({type(error).__name__}: {error})") from None
    if not isinstance(language, GameLanguage) or language.name != point.name:
        raise GameNotLoaded(f'{where}: its LANGUAGE is not the GameLanguage of a game named "{point.name}"')
    return module


def _rank(module: ModuleType) -> tuple[float, str]:
    """Where a game comes in the lists: its `RANK`, then its name."""
    rank = getattr(module, "RANK", DEFAULT_RANK)
    return (rank if isinstance(rank, (int, float)) else DEFAULT_RANK, module.LANGUAGE.name)


def game_modules() -> dict[str, ModuleType]:
    """The modules of the installed games, by name, in list order (looked up on the first call).

    Raises `GameNotLoaded` when one cannot be loaded, or two distributions declare the same name.
    """
    global _modules
    if _modules is None:
        found: dict[str, ModuleType] = {}
        for point in _entry_points():
            module = _load(point)
            if point.name in found and found[point.name] is not module:
                raise GameNotLoaded(f'two installed games are named "{point.name}" (group {GROUP}): uninstall one')
            found[point.name] = module
        _modules = dict(sorted(found.items(), key=lambda item: _rank(item[1])))
    return _modules


def game_module(name: str) -> ModuleType | None:
    """The module of the installed game `name`, loading that game alone (None when no entry point has that name).

    For a command that plays one game (`atout play dragons`): the other
    games are not imported. Once every game is loaded (`game_modules`), it
    is looked up there. `GameNotLoaded` as `game_modules` raises it.
    """
    if _modules is not None:
        return _modules.get(name)
    found = _single.get(name)
    if found is None:
        points = [point for point in _entry_points() if point.name == name]
        if not points:
            return None
        modules = {id(module): module for module in map(_load, points)}
        if len(modules) > 1:
            raise GameNotLoaded(f'two installed games are named "{name}" (group {GROUP}): uninstall one')
        found = _single[name] = next(iter(modules.values()))
    return found


def game_names() -> list[str] | None:
    """The names of the installed games, from their entry points, without loading any; None when `ATOUT_GAMES` may add others."""
    if os.environ.get(VARIABLE, "").strip():
        return None
    if _modules is not None:
        return list(_modules)
    return sorted({point.name for point in _entry_points()})


#: The games loaded alone (`game_module`), by name.
_single: dict[str, ModuleType] = {}


def _import_variable() -> None:
    """Import the modules `ATOUT_GAMES` names; each registers its game."""
    for name in filter(None, (part.strip() for part in os.environ.get(VARIABLE, "").split(","))):
        try:
            importlib.import_module(name)
        except ImportError as error:
            raise GameNotLoaded(f'{VARIABLE} names "{name}", which cannot be imported: {error}') from None


#: Whether `languages()` has filled `LANGUAGES` (the installed games, then those of `ATOUT_GAMES`).
_filled = False


def languages() -> dict[str, GameLanguage[Any, Any]]:
    """Every game's language, by its command-line name: the installed games, then those `ATOUT_GAMES` adds.

    The same dictionary at every call (a game registered later joins it).
    Raises `GameNotLoaded` when a game cannot be loaded.
    """
    global _filled
    if not _filled:
        LANGUAGES.update({name: module.LANGUAGE for name, module in game_modules().items()})
        _filled = True  # before the imports: each module registers its game, which reads LANGUAGES
        try:
            _import_variable()
        except GameNotLoaded:
            _filled = False
            raise
    return LANGUAGES


def add_language(language: GameLanguage[Any, Any]) -> None:
    """Add a game's language (`register` does it with its engine); `ValueError` if the name is taken."""
    if language.name in languages():
        raise ValueError(f'a game named "{language.name}" is already registered')
    LANGUAGES[language.name] = language


def remove_language(name: str) -> None:
    """Remove a game's language that `add_language` added; the installed games stay."""
    if name in game_modules():
        raise ValueError(f'the game "{name}" is installed: it cannot be removed')
    LANGUAGES.pop(name, None)
