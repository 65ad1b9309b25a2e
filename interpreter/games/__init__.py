"""The games atout knows: their card languages and their engines.

`LANGUAGES` maps each game's command-line name to its `GameLanguage`; the
loader, the validator and the CLI take their choices from it. `ENGINES` maps
the names of the games that can be played to their `GameEngine`.
"""

from atout.interpreter.engine.registry import GameEngine
from atout.interpreter.language.game import GameLanguage

from .battlefight.engine import ENGINE as BATTLEFIGHT_ENGINE
from .battlefight.language import LANGUAGE as BATTLEFIGHT
from .cardia.engine import ENGINE as CARDIA_ENGINE
from .cardia.language import LANGUAGE as CARDIA
from .cordes.language import LANGUAGE as CORDES
from .dragons.engine import ENGINE as DRAGONS_ENGINE
from .dragons.language import LANGUAGE as DRAGONS

#: Every game, by its command-line name, in the order the CLI lists them.
LANGUAGES: dict[str, GameLanguage] = {language.name: language for language in (BATTLEFIGHT, CORDES, CARDIA, DRAGONS)}

#: Every playable game, by its command-line name.
ENGINES: dict[str, GameEngine] = {engine.name: engine for engine in (BATTLEFIGHT_ENGINE, CARDIA_ENGINE, DRAGONS_ENGINE)}
