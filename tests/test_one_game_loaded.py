"""A command that plays one game loads that game alone: the others' languages and engines are not imported.

`atout play dragons` reads its options from Duel de dragons only, reads the
shipped cards with that game's language only, and revives cached files with
the models imported; an option of another game is still told whose it is.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from atout.cli.main import main

GAMES = ["battlefight", "cordes", "cardia", "dragons"]
ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import json, sys
from atout.cli.main import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted({m.split(".")[3] for m in sys.modules if m.startswith("atout.interpreter.games.") and m.count(".") >= 3})))
"""


def _games_imported(*args: str) -> list[str]:
    environment = {key: value for key, value in os.environ.items() if key != "ATOUT_GAMES"}
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, env=environment, timeout=300, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("game", GAMES)
def test_playing_a_game_imports_that_game_alone(game):
    assert _games_imported("play", game, "--p1", "random", "--p2", "random", "--seed", "1", "-q") == [game]


def test_a_study_of_a_game_imports_that_game_alone():
    assert _games_imported("simulate", "cordes", "--games", "2", "--p1", "random", "--p2", "random", "--workers", "1", "--format", "json") == ["cordes"]


def test_help_still_lists_every_games_options():
    shown = CliRunner().invoke(main, ["play", "--help"]).output
    for option in ("--deck", "--boxer", "--lieu", "--collection"):
        assert option in shown


def test_another_games_option_is_still_told_whose_it_is():
    refused = CliRunner().invoke(main, ["play", "dragons", "--deck", "le-renard", "--seed", "1", "-q"])
    assert refused.exit_code == 2 and "--deck is an option of battlefight, cardia" in refused.output and "not of dragons" in refused.output
    # a folder named like a game before the game: the option is still checked against the game played
    refused = CliRunner().invoke(main, ["play", "--cards", str(ROOT / "cards" / "dragons"), "cordes", "--collection", "x"])
    assert refused.exit_code == 2 and "--collection is an option of dragons" in refused.output and "not of cordes" in refused.output
