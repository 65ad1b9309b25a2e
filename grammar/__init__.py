"""The Lark grammars of the card language: a shared core and one file per game."""

from pathlib import Path

#: The folder that holds the `.lark` files.
GRAMMAR_DIR = Path(__file__).resolve().parent
