"""atout's interpreter: the card language, the engine core and the games.

The Python API (see `api.py`): `load_game`, `play`, `simulate`, `replay`,
`validate`.
"""

from .api import LoadedGame, PlayedGame, ReplayStep, load_game, play, replay, simulate, validate

__all__ = ["LoadedGame", "PlayedGame", "ReplayStep", "load_game", "play", "replay", "simulate", "validate"]
