"""`atout play`'s rough edges: what the prompt shows, the seed, errors naming options, the tutorial, init's commands."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from atout.cli.main import main
from atout.interpreter.api import load_game
from atout.interpreter.engine.human import HumanPlayer
from atout.interpreter.engine.players import View

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


# ---------------------------------------------------------------------------
# A technique that cannot succeed is marked, with why
# ---------------------------------------------------------------------------


def _first_turn_of_p1():
    """A BattleFight game (P1 with la Forteresse, which holds Verdict) at P1's first decision of a turn."""
    loaded = load_game("battlefight", deck=["la-forteresse", "la-forteresse"])
    state = loaded.game.new_state()
    while (decision := state.decision()).player != 0 or decision.kind != "play":
        state.apply(0)
    return state


def _prompt(state) -> str:
    """The options as a person at the terminal sees them."""
    lines: list[str] = []
    player = HumanPlayer(0, lambda seat: "", read=lambda prompt: "q")
    import click

    echo = click.echo
    click.echo = lambda text="", **kwargs: lines.append(str(text))  # type: ignore[assignment]
    try:
        player._options(state.decision(), View(state, 0))
    finally:
        click.echo = echo  # type: ignore[assignment]
    return "\n".join(lines)


def test_verdict_with_no_other_card_in_hand_is_marked_as_failing():
    state = _first_turn_of_p1()
    verdict = next(card for card, technique in enumerate(state.cards) if technique.name == "Verdict")
    state.seats[0].hand[:] = [verdict]
    state.ask_turn(0)  # the question posed anew, for the hand as it is now
    prompt = _prompt(state)
    line = next(line for line in prompt.splitlines() if ". Verdict" in line)
    assert line.endswith("(would fail: Défausser 1, and no card left in hand)")
    # with another card in hand, Verdict can be paid: no mark
    other = next(card for card, technique in enumerate(state.cards) if technique.name != "Verdict")
    state.seats[0].hand[:] = [verdict, other]
    state.ask_turn(0)
    line = next(line for line in _prompt(state).splitlines() if ". Verdict" in line)
    assert "would fail" not in line


def test_an_attack_out_of_reach_is_marked_at_the_real_prompt():
    result = run("play", "battlefight", "--p1", "human", "--p2", "random", "--seed", "3", input="q\n")
    attack = next(line for line in result.output.splitlines() if ". Attaque de base" in line)
    distance = re.search(r"\(would fail: Corps à Corps, and the opponent is (\d+) cells away\)$", attack)
    assert distance and int(distance.group(1)) > 1
    defence = next(line for line in result.output.splitlines() if ". Défense de base" in line)
    assert "would fail" not in defence


# ---------------------------------------------------------------------------
# Cardia shows each card's abilities once per prompt
# ---------------------------------------------------------------------------


def test_cardia_shows_the_hand_once_per_prompt():
    result = run("play", "cardia", "--p1", "human", "--p2", "random", "--seed", "2", input="q\n")
    screen = result.output.split("Turn 1 — ", 1)[1].split("P1 chooses", 1)[0]
    options = re.findall(r"^ +\d+\. (\S+) +Paquet I · \w+ · influence \d+ · Capacité", screen, re.M)
    assert len(options) == 5  # the hand, each card with its text, once
    for name in options:
        abilities = [line for line in screen.splitlines() if "Capacité" in line and re.search(rf"\b{re.escape(name)}\b", line)]
        assert len(abilities) == 1, f"{name}'s abilities are printed {len(abilities)} times"


# ---------------------------------------------------------------------------
# The seed is printed when the game starts
# ---------------------------------------------------------------------------


def test_a_game_without_a_seed_prints_it_when_it_starts_and_when_it_is_abandoned():
    result = run("play", "dragons", "--p1", "human", input="q\n")
    first = result.output.splitlines()[0]
    found = re.fullmatch(r"seed (\d+): add --seed \1 to play this game again", first)
    assert found, first
    assert result.output.count(first) == 2  # once at the start, once as the game is abandoned
    seed = found.group(1)
    again = run("play", "dragons", "--p1", "human", "--seed", seed, input="q\n")
    assert again.output == result.output.split("\n", 1)[1]  # the same game; a seed given is not repeated at its start


def test_quiet_bots_print_only_the_result_with_its_seed():
    result = run("play", "dragons", "--p1", "random", "--p2", "random", "-q")
    lines = result.output.splitlines()
    assert len(lines) == 1 and re.search(r"\(seed \d+\)$", lines[0]), result.output


# ---------------------------------------------------------------------------
# An error in the setup options names the options
# ---------------------------------------------------------------------------


def test_the_same_boxer_twice_names_the_option():
    result = CliRunner().invoke(main, ["play", "cordes", "--boxer", "Lewis", "--boxer", "lewis", "--p1", "random", "-q"])
    assert result.exit_code == 2
    assert '--boxer Lewis --boxer lewis: both players chose the boxer "Lewis"; each boxer card is in the box once' in result.output
    assert "boxer:1:1" not in result.output
    shipped = ROOT / "cards" / "cordes" / "exemples"
    result = CliRunner().invoke(main, ["simulate", "cordes", "--cards", str(shipped), "--boxer", "Tyson", "--boxer", "Tyson", "--games", "1"])
    assert result.exit_code == 2 and "--boxer Tyson --boxer Tyson: both players chose" in result.output


# ---------------------------------------------------------------------------
# The README's tutorial never names a folder it has removed
# ---------------------------------------------------------------------------


def test_the_readme_never_sends_the_reader_to_a_folder_it_removed():
    """Neither a command in the text (`atout …`) nor one of a console block (`$ atout …`) names a folder removed above it."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    removed: list[str] = []
    for line in text.splitlines():
        commands = re.findall(r"`(atout [^`]+)`", line)
        if line.startswith("$ "):
            for part in line[2:].split("&&"):
                words = shlex.split(part)
                if words[:2] == ["rm", "-r"]:
                    removed += [word.rstrip("/") for word in words[2:]]
                elif words[:1] == ["atout"]:
                    commands.append(part.strip())
        for command in commands:
            words = [word.rstrip("/") for word in shlex.split(command)]
            used = {word.split("/")[0] for word in words[1:]}
            assert not used & set(removed), f"{command!r} uses a folder the tutorial removed before"


# ---------------------------------------------------------------------------
# The commands `atout init` prints play the new card
# ---------------------------------------------------------------------------

#: The new card of each game's starter.
NEW_CARD = {"battlefight": "Coup de Vent", "cordes": "Haymaker", "cardia": "Colporteuse", "dragons": "Dragon des Glaces"}


def _plays(record: Path, card: str) -> bool:
    """Whether a player chose the card (played it) in a record's actions."""
    for line in record.read_text(encoding="utf-8").splitlines():
        action = json.loads(line)
        label = str(action.get("label", ""))
        if action.get("player") in ("P1", "P2") and re.sub(r"^Play ", "", label).startswith(card):
            return True
    return False


@pytest.mark.parametrize("game", sorted(NEW_CARD))
def test_the_commands_init_prints_play_the_new_card(tmp_path, game, monkeypatch):
    monkeypatch.chdir(tmp_path)
    printed = run("init", "mon-set", "--game", game)
    commands = [shlex.split(line.strip())[1:] for line in printed.output.splitlines() if line.startswith("  atout ")]
    play, simulate = commands[1], commands[2]
    # fewer games than printed, for time (the seeds are fixed: the figures too); between the
    # heuristic bots of a mirror study, BattleFight's one copy of the new card is played in
    # about one game of twenty: 20 games may not show it, 60 do
    simulate[simulate.index("--games") + 1] = "60"
    simulated = run(*simulate, "--format", "json")
    assert simulated.exit_code == 0, simulated.output
    study = json.loads(simulated.output[simulated.output.index("{") :])["studies"][0]
    played = {card["name"]: card["played"] for card in study["cards"]}
    assert played.get(NEW_CARD[game], 0) > 0, f"{NEW_CARD[game]} is never played by {' '.join(simulate)}"
    for seed in range(1, 41):  # as printed, between bots: a game of forty where the new card is played (one copy of it)
        result = run(*play, "--p1", "heuristic", "--p2", "heuristic", "--seed", str(seed), "-q")
        assert result.exit_code == 0, result.output
        if _plays(tmp_path / "game.jsonl", NEW_CARD[game]):
            break
    else:
        raise AssertionError(f"{NEW_CARD[game]} is played in none of forty games of {' '.join(play)}")
