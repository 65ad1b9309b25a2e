"""The fast paths and the plain path beside them give the same results (`ATOUT_PLAIN=1` takes the plain path).

Each check runs atout twice, in processes of their own, once as installed
and once with `ATOUT_PLAIN=1`, and compares what they print: the same
games (a study's JSON holds every game's winner, length, ending and the
cards held and played), the same cards read. A first test proves the switch
is no dummy: on the plain path, no decision is answered inside the state,
no unit is built while parsed, no parser comes from shipped tables and no
cache is used.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["battlefight", "cordes", "cardia", "dragons"]

PROBE = """
import json
from atout.interpreter import fastpaths
from atout.interpreter.engine.loading import load_files
from atout.interpreter.engine.options import check_options
from atout.interpreter.engine.play import play_game
from atout.interpreter.engine.players import RandomBot
from atout.interpreter.games import ENGINES
from atout.interpreter.language import loader, store, tables

engine = ENGINES["dragons"]
files = load_files(engine.language)
game = engine.build(files, engine.setup_from_options(files, check_options(engine.options, files, {}, "dragons")))
played = play_game(game, [RandomBot(1), RandomBot(2)], 5)
counter = played.state._actions
print(json.dumps({
    "fast": fastpaths.FAST,
    "answered_inside": 0 if counter is None else counter.answered,
    "builders": sum(made[2] is not None for made in loader._BUILDERS.values()),
    "cache": store.folder() is not None,
    "shipped_tables": bool(tables._SHIPPED_LARK),
}))
"""


def _run(args: list[str], plain: bool, cache: Path) -> str:
    """What a process of atout prints, on the fast path or the plain one (its cache in `cache`, so that the fast path uses one)."""
    env = {key: value for key, value in os.environ.items() if key not in ("ATOUT_PLAIN", "ATOUT_NO_CACHE")}
    env["ATOUT_CACHE_DIR"] = str(cache)
    if plain:
        env["ATOUT_PLAIN"] = "1"
    result = subprocess.run(args, capture_output=True, text=True, env=env, cwd=ROOT, timeout=600)
    assert result.returncode == 0, result.stderr
    return result.stdout


def _atout(*args: str) -> list[str]:
    return [sys.executable, "-m", "atout", *args]


@pytest.fixture(scope="module")
def cache(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("cache")
    folder.chmod(0o700)
    return folder


def test_the_switch_turns_every_fast_path_off(cache):
    fast = json.loads(_run([sys.executable, "-c", PROBE], False, cache))
    plain = json.loads(_run([sys.executable, "-c", PROBE], True, cache))
    assert fast == {"fast": True, "answered_inside": fast["answered_inside"], "builders": 1, "cache": True, "shipped_tables": True}
    assert fast["answered_inside"] > 20
    assert plain == {"fast": False, "answered_inside": 0, "builders": 0, "cache": False, "shipped_tables": False}


@pytest.mark.parametrize("game", GAMES)
def test_random_games_are_the_same_on_both_paths(game, cache):
    args = _atout("simulate", game, "--games", "40", "--seed", "11", "--p1", "random", "--p2", "random", "--workers", "1", "--format", "json")
    fast, plain = _run(args, False, cache), _run(args, True, cache)
    assert json.loads(fast)["studies"][0]["games"] == 40
    assert fast == plain


@pytest.mark.parametrize("game", GAMES)
def test_games_of_bots_that_try_their_options_are_the_same_on_both_paths(game, cache):
    """The heuristic bots copy the state at every decision (`clone`), and play the copies through to see."""
    args = _atout("simulate", game, "--games", "4", "--seed", "2", "--p1", "heuristic", "--p2", "random", "--workers", "1", "--format", "json")
    assert _run(args, False, cache) == _run(args, True, cache)


def test_the_shipped_cards_read_the_same_on_both_paths(cache):
    args = _atout("validate", "cards/", "--format", "json")
    fast, plain = _run(args, False, cache), _run(args, True, cache)
    assert json.loads(fast) and fast == plain
