"""The card sets, decks, collections and rules files shipped with atout."""

from pathlib import Path

#: The folder that holds one sub-folder of `.atout` files per game.
CARDS_DIR = Path(__file__).resolve().parent
