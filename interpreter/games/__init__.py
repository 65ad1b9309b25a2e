"""The games atout knows: their card languages and their engines.

`LANGUAGES` maps each game's command-line name to its `GameLanguage`; the
loader, the validator and the CLI take their choices from it. `ENGINES` maps
the names of the games that can be played to their `GameEngine`; it is built
on first use, so that checking card files does not load the engines.
"""

from typing import Any

from atout.interpreter.language.game import GameLanguage

from .battlefight.language import LANGUAGE as BATTLEFIGHT
from .cardia.language import LANGUAGE as CARDIA
from .cordes.language import LANGUAGE as CORDES
from .dragons.language import LANGUAGE as DRAGONS

#: Every game, by its command-line name, in the order the CLI lists them.
LANGUAGES: dict[str, GameLanguage] = {language.name: language for language in (BATTLEFIGHT, CORDES, CARDIA, DRAGONS)}


def _engines() -> dict:
    """Every playable game's engine, by its command-line name."""
    from .battlefight.engine import ENGINE as BATTLEFIGHT_ENGINE
    from .cardia.engine import ENGINE as CARDIA_ENGINE
    from .cordes.engine import ENGINE as CORDES_ENGINE
    from .dragons.engine import ENGINE as DRAGONS_ENGINE

    return {engine.name: engine for engine in (BATTLEFIGHT_ENGINE, CORDES_ENGINE, CARDIA_ENGINE, DRAGONS_ENGINE)}


def __getattr__(name: str) -> Any:
    if name == "ENGINES":
        engines = _engines()
        globals()["ENGINES"] = engines
        return engines
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
