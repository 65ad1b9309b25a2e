"""Fixtures shared by every test: the games, reading a file from a string."""

from __future__ import annotations

import textwrap

import pytest

from atout.cards import CARDS_DIR
from atout.interpreter.games import LANGUAGES
from atout.interpreter.language.loader import Document, read_document


@pytest.fixture(scope="session")
def languages():
    """Every game's card language, by command-line name."""
    return LANGUAGES


@pytest.fixture(scope="session")
def cards_dir():
    """The folder of the shipped card files."""
    return CARDS_DIR


@pytest.fixture
def read():
    """Read a file given as (dedented) text; returns the `Document`."""

    def read_text(text: str, name: str = "test.atout") -> Document:
        return read_document(name, textwrap.dedent(text).lstrip("\n"), LANGUAGES)

    return read_text


@pytest.fixture
def validate_tree(tmp_path):
    """Write files into a temporary folder and validate them together."""
    from atout.interpreter.language.project import validate

    def run(files: dict[str, str]):
        for name, text in files.items():
            path = tmp_path / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return validate([tmp_path], LANGUAGES)

    return run
