"""Haut la carte, a tiny fifth game that lives outside atout: it only registers itself.

Each player is dealt a hand from a deck; for a few rounds, each plays a card
(the first player alternates), the higher value takes the round (with
`--lowest`, the lower), and the player with more rounds wins. Importing
`tiny_game.plugin` registers it (for `ATOUT_GAMES=tiny_game.plugin`);
`register()` / `unregister()` do it by hand.
"""

from __future__ import annotations


def register() -> None:
    """Add the game to atout's games."""
    from atout.interpreter.games import register as register_game

    from .engine import ENGINE

    register_game(ENGINE)


def unregister() -> None:
    """Remove the game from atout's games."""
    from atout.interpreter.games import unregister as unregister_game

    unregister_game("tiny")
