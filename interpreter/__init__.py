"""atout's interpreter: the card language, the engine core and the games.

The Python API (see `api.py`): `load_game`, `play`, `play_match`, `simulate`,
`replay`, `validate`. It is imported on first use, so that checking card files does not
load the engines.
"""

from typing import Any

__all__ = [
    "AtoutError",
    "LoadedGame",
    "OptionError",
    "PlayedGame",
    "ReplayStep",
    "load_game",
    "play",
    "play_match",
    "replay",
    "simulate",
    "validate",
]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import api

        return getattr(api, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
