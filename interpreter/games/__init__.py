"""The games atout knows: their card languages and their engines.

`LANGUAGES` maps each game's command-line name to its `GameLanguage`; the
loader, the validator and the CLI take their choices from it. `ENGINES` maps
the names of the games that can be played to their `GameEngine`; it is built
on first use, so that checking card files does not load the engines.

A game from elsewhere joins both with `register(engine)` (and leaves with
`unregister(name)`): nothing in the CLI, the API or the core names a game.
For the `atout` command, the environment variable `ATOUT_GAMES` names
modules (comma-separated, importable from `PYTHONPATH`) that are imported
when this package is, each calling `register`.
"""

from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING, Any

from atout.interpreter.language.game import GameLanguage

from .battlefight.language import LANGUAGE as BATTLEFIGHT
from .cardia.language import LANGUAGE as CARDIA
from .cordes.language import LANGUAGE as CORDES
from .dragons.language import LANGUAGE as DRAGONS

if TYPE_CHECKING:
    from atout.interpreter.engine.registry import GameEngine

#: Every game, by its command-line name, in the order the CLI lists them.
LANGUAGES: dict[str, GameLanguage] = {language.name: language for language in (BATTLEFIGHT, CORDES, CARDIA, DRAGONS)}

#: The engines of the games registered with `register`, by name.
_REGISTERED: dict[str, GameEngine] = {}


def _engines() -> dict[str, GameEngine]:
    """Every playable game's engine, by its command-line name."""
    from .battlefight.engine import ENGINE as BATTLEFIGHT_ENGINE
    from .cardia.engine import ENGINE as CARDIA_ENGINE
    from .cordes.engine import ENGINE as CORDES_ENGINE
    from .dragons.engine import ENGINE as DRAGONS_ENGINE

    engines = {engine.name: engine for engine in (BATTLEFIGHT_ENGINE, CORDES_ENGINE, CARDIA_ENGINE, DRAGONS_ENGINE)}
    engines.update(_REGISTERED)
    return engines


def register(engine: GameEngine) -> None:
    """Add a game: its language (for validating its files) and its engine (for playing them).

    Raises `ValueError` if a game of that name is already there.
    """
    name = engine.name
    if name in LANGUAGES or name in _REGISTERED:
        raise ValueError(f'a game named "{name}" is already registered')
    if engine.language.name != name:
        raise ValueError(f'the engine "{name}" has the language of "{engine.language.name}"')
    LANGUAGES[name] = engine.language
    _REGISTERED[name] = engine
    if "ENGINES" in globals():
        globals()["ENGINES"][name] = engine


def unregister(name: str) -> None:
    """Remove a game `register` added (the four games of atout stay)."""
    from atout.interpreter.language.project import _shipped_cache

    if name not in _REGISTERED:
        raise ValueError(f'no game named "{name}" was registered')
    del _REGISTERED[name], LANGUAGES[name]
    if "ENGINES" in globals():
        globals()["ENGINES"].pop(name, None)
    _shipped_cache.pop(name, None)


def __getattr__(name: str) -> Any:
    if name == "ENGINES":
        engines = _engines()
        globals()["ENGINES"] = engines
        return engines
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _import_plugins() -> None:
    """Import the modules `ATOUT_GAMES` names; each registers its game."""
    for module in filter(None, (part.strip() for part in os.environ.get("ATOUT_GAMES", "").split(","))):
        try:
            importlib.import_module(module)
        except ImportError as error:
            raise ImportError(f'ATOUT_GAMES names "{module}", which cannot be imported: {error}') from None


_import_plugins()
