"""The games the tests add to atout's four, listed in one place.

`MODULES` names modules under `tests/` that register a game when imported,
as the `atout` command imports those `ATOUT_GAMES` names. The root
`conftest.py` imports them before the tests are collected (`register`) and
removes their games at the end (`unregister`), so the suites that go over
every registered game (the contract suite, the extension points) play them
too, and a process the tests start gets them from `environment()`.
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

#: Modules that register a test game on import (importable from `TESTS`).
MODULES = ("tiny_game.plugin",)

#: The tests folder, which holds the test games' packages.
TESTS = Path(__file__).parent

#: The names of the games `register` added.
ADDED: list[str] = []


def register() -> list[str]:
    """Import `MODULES` (each registers its game); the names of the games they added."""
    from atout.interpreter.games import ENGINES

    if str(TESTS) not in sys.path:
        sys.path.insert(0, str(TESTS))
    before = list(ENGINES)
    for name in MODULES:
        importlib.import_module(name)
    ADDED[:] = [game for game in ENGINES if game not in before]
    return list(ADDED)


def unregister() -> None:
    """Remove the games `register` added (any a test removed itself is skipped)."""
    from atout.interpreter.games import ENGINES, unregister as unregister_game

    for name in ADDED:
        if name in ENGINES:
            unregister_game(name)
    ADDED.clear()


def environment() -> dict[str, str]:
    """The environment for a process that should know the test games too."""
    path = os.pathsep.join(filter(None, (str(TESTS), os.environ.get("PYTHONPATH"))))
    return {**os.environ, "ATOUT_GAMES": ",".join(MODULES), "PYTHONPATH": path}
