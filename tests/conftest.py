"""Fixtures shared by every test: the games, reading a file from a string.

The test games of `extra_games.MODULES` are registered for the whole session,
before the tests are collected: every suite that goes over the registered
games plays them beside atout's four.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import extra_games  # noqa: E402

from atout.cards import CARDS_DIR
from atout.interpreter.games import LANGUAGES
from atout.interpreter.language.loader import Document, read_document


def pytest_configure(config):
    """Register the test games before collection: the suites build their cases from the registry."""
    extra_games.register()


def pytest_collection_modifyitems(config, items):
    """The slow tests first: spread over the processes while the quick ones fill the gaps (longest first).

    With one process per core, a test of minutes started last keeps the
    others waiting; started first, it runs beside all the rest. The order is
    otherwise the one collected (a stable sort).
    """
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_unconfigure(config):
    """Remove the test games at the end of the session."""
    extra_games.unregister()


@pytest.fixture(scope="session", autouse=True)
def _own_cache(tmp_path_factory):
    """The tests keep checked files in a cache of their own, not the user's."""
    import os

    previous = os.environ.get("ATOUT_CACHE_DIR")
    os.environ["ATOUT_CACHE_DIR"] = str(tmp_path_factory.mktemp("atout-cache"))
    yield
    if previous is None:
        os.environ.pop("ATOUT_CACHE_DIR", None)
    else:
        os.environ["ATOUT_CACHE_DIR"] = previous


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
def complete_set(tmp_path, cards_dir):
    """A game's shipped folder copied, with files replaced or added (name → text), validated as a whole."""
    import shutil

    from atout.interpreter.language.project import validate

    def run(game: str, files: dict[str, str]):
        folder = tmp_path / f"{game}-set"
        shutil.copytree(cards_dir / game, folder)
        for name, text in files.items():
            (folder / name).write_text(text, encoding="utf-8")
        return validate([folder], LANGUAGES)

    return run


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


# ---------------------------------------------------------------------------
# Snapshots of games as text: one readable .log file per game
# ---------------------------------------------------------------------------

from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode  # noqa: E402


class GameLogSnapshot(SingleFileSnapshotExtension):
    """A game's commentary as a plain text file, reviewed like code."""

    file_extension = "log"
    _write_mode = WriteMode.TEXT


@pytest.fixture
def game_log(snapshot):
    """A snapshot that stores a game's commentary in its own .log file."""
    return snapshot.use_extension(GameLogSnapshot)


def commentary(game, seed: int, bots: list[str], engine_name: str):
    """Play `game` between named bots and return (played, the whole commentary)."""
    from atout.interpreter.engine.play import play_game, seeded
    from atout.interpreter.engine.registry import find_engine

    engine = find_engine(engine_name)
    lines: list[str] = []
    players = [engine.bots[kind](seeded(seed, f"P{i + 1}")) for i, kind in enumerate(bots)]
    played = play_game(game, players, seed, on_event=lambda event: lines.append(game.render(event)))
    return played, "\n".join(lines) + "\n"


@pytest.fixture(scope="session")
def play_commentary():
    """`commentary(game, seed, bots, engine_name)`: play and render a whole game."""
    return commentary


@pytest.fixture(scope="session")
def replay_lines():
    """`replay_lines(lines, engine, files)`: replay a record given as lines, to its end."""
    from atout.interpreter.engine.record import parse_record
    from atout.interpreter.engine.replay import replay

    def run(lines, engine, files) -> None:
        for _ in replay(parse_record("\n".join(lines), "game.jsonl"), engine, files):
            pass

    return run
