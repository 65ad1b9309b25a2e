"""`atout init`: a designer's starter folder, for every game, valid at once and playable with its new card."""

from __future__ import annotations

import json
import shlex

import pytest
from click.testing import CliRunner

from atout.cli.main import main

GAMES = ["battlefight", "cordes", "cardia", "dragons"]

#: The new card of each game's starter.
NEW_CARD = {"battlefight": "Coup de Vent", "cordes": "Haymaker", "cardia": "Colporteuse", "dragons": "Dragon des Glaces"}


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.mark.parametrize("game", GAMES)
def test_init_makes_a_folder_that_validates_and_plays_its_new_card_as_the_printed_commands_say(tmp_path, game):
    folder = tmp_path / "mon set"
    result = run("init", str(folder), "--game", game)
    assert result.exit_code == 0, result.output
    commands = [line.strip() for line in result.output.splitlines() if line.startswith("  atout ")]
    assert len(commands) == 3
    assert commands[0] == f"atout validate {shlex.quote(str(folder))}"
    # the printed commands run as they are (the play one between bots, to end by itself)
    validate = run(*shlex.split(commands[0])[1:])
    assert validate.exit_code == 0 and "all valid" in validate.output
    play = shlex.split(commands[1])[1:]
    record = tmp_path / "game.jsonl"
    play[play.index("--record") + 1] = str(record)
    played = run(*play, "--p1", "random", "--p2", "heuristic", "--seed", "1", "-q")
    assert played.exit_code == 0, played.output
    header = json.loads(record.read_text(encoding="utf-8").splitlines()[0])
    assert header["game"] == game
    simulate = shlex.split(commands[2])[1:]
    simulate[simulate.index("--games") + 1] = "5"
    simulated = run(*simulate)
    assert simulated.exit_code == 0 and "games: 5" in simulated.output
    # the new card is in the set the game is built from
    from atout.interpreter.engine.loading import load_files
    from atout.interpreter.games import LANGUAGES

    files = load_files(LANGUAGES[game], [folder])
    assert NEW_CARD[game] in {card.name for card_file in files.card_files for card in card_file.cards}


def test_init_never_overwrites_and_names_the_games(tmp_path):
    folder = tmp_path / "set"
    folder.mkdir()
    (folder / "mine.atout").write_text("keep me", encoding="utf-8")
    result = run("init", str(folder), "--game", "dragons")
    assert result.exit_code == 1 and "is not empty" in result.output
    assert (folder / "mine.atout").read_text(encoding="utf-8") == "keep me"
    result = run("init", str(tmp_path / "other"), "--game", "dragon")
    assert result.exit_code == 2 and 'did you mean "dragons"?' in result.output


@pytest.mark.parametrize("name", ["a" * 300, "é" * 200], ids=["300 letters", "400 bytes"])
def test_init_with_a_folder_name_too_long_is_an_error_not_a_traceback(tmp_path, name):
    folder = tmp_path / name
    result = CliRunner().invoke(main, ["init", str(folder), "--game", "dragons"])
    assert result.exit_code == 1 and not isinstance(result.exception, OSError), result.output
    assert result.output == f"error: cannot make {folder}: File name too long; give another folder\n"
    assert list(tmp_path.iterdir()) == []


def test_cards_given_twice_is_refused_saying_how_to_lay_a_folder_over_another(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    assert run("init", str(first), "--game", "dragons").exit_code == 0
    assert run("init", str(second), "--game", "dragons").exit_code == 0
    for command in (["simulate", "dragons", "--games", "1"], ["play", "dragons", "--p1", "random"]):
        result = run(*command, "--cards", str(first), "--cards", str(second))
        assert result.exit_code == 2 and '"Base : ../other"' in result.output
