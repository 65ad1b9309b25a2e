"""The games atout knows: their card languages, and later their engines.

`LANGUAGES` maps each game's command-line name to its `GameLanguage`; the
loader, the validator and the CLI take their choices from it.
"""

from atout.interpreter.language.game import GameLanguage

from .battlefight.language import LANGUAGE as BATTLEFIGHT
from .dragons.language import LANGUAGE as DRAGONS

#: Every game, by its command-line name, in the order the CLI lists them.
LANGUAGES: dict[str, GameLanguage] = {language.name: language for language in (BATTLEFIGHT, DRAGONS)}
