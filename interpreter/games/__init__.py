"""The games atout knows: their card languages, and later their engines.

`LANGUAGES` maps each game's command-line name to its `GameLanguage`; the
loader, the validator and the CLI take their choices from it.
"""

from atout.interpreter.language.game import GameLanguage

from .battlefight.language import LANGUAGE as BATTLEFIGHT

#: Every game, by its command-line name, in the order the CLI lists them.
LANGUAGES: dict[str, GameLanguage] = {language.name: language for language in (BATTLEFIGHT,)}

from atout.interpreter.engine.registry import GameEngine  # noqa: E402

from .battlefight.engine import ENGINE as BATTLEFIGHT_ENGINE  # noqa: E402

#: Every playable game, by its command-line name.
ENGINES: dict[str, GameEngine] = {engine.name: engine for engine in (BATTLEFIGHT_ENGINE,)}
