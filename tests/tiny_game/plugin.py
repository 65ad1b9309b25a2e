"""Imported through `ATOUT_GAMES=tiny_game.plugin`: registers Haut la carte."""

from . import register

register()
