"""A fifth game joins atout by registering itself: no edit to the CLI, the API or the core.

`tests/tiny_game/` is Haut la carte, a tiny game with its own grammar (which
imports the core's), cards, decks, rules files, an `AgendaState` flow, two bots
and its own options (`--deck`, which other games have too, and `--lowest`,
which none has). The tests register it for the whole session (it is one of
`extra_games.MODULES`), so the suites that go over every registered game
(the contract suite, the extension points) hold it to the same contract as
atout's four games; the tests here check its registration itself.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from click.testing import CliRunner

from atout.cli.main import main
from atout.interpreter import api
from atout.interpreter.engine.options import OptionError
from atout.interpreter.games import ENGINES, LANGUAGES

TESTS = Path(__file__).parent
PACKAGE = TESTS / "tiny_game"


@pytest.fixture
def tiny(monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    """The tiny game's package, registered (as the session has it; registered here if a test removed it)."""
    monkeypatch.syspath_prepend(str(TESTS))
    module = importlib.import_module("tiny_game")
    if "tiny" not in ENGINES:
        module.register()
    yield module
    assert "tiny" in ENGINES, "a test that removes the tiny game puts it back"


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def test_the_tiny_game_is_validated_played_recorded_replayed_and_simulated(tiny, tmp_path):
    assert "tiny" in ENGINES and "tiny" in LANGUAGES
    validated = run("validate", str(PACKAGE / "cards"))
    assert validated.exit_code == 0 and "5 files, 5 cards: all valid" in validated.output

    record = tmp_path / "game.jsonl"
    played = run("play", "tiny", "--p1", "random", "--p2", "heuristic", "--seed", "3", "--deck", "full", "--lowest", "--record", str(record))
    assert played.exit_code == 0, played.output
    assert "Round 1" in played.output and "record written to" in played.output
    header = json.loads(record.read_text(encoding="utf-8").splitlines()[0])
    assert (header["game"], header["setup"]) == ("tiny", {"deck": "full", "lowest": True, "rules": None})
    replayed = run("replay", str(record))
    assert replayed.exit_code == 0 and "all legal and identical" in replayed.output

    tampered = tmp_path / "tampered.jsonl"
    lines = record.read_text(encoding="utf-8").splitlines()
    last_play = max(i for i, line in enumerate(lines) if '"kind":"play"' in line)
    action = json.loads(lines[last_play])
    action["events"][0]["card"] = "Eleven" if action["events"][0]["card"] != "Eleven" else "Two"
    lines[last_play] = json.dumps(action)
    tampered.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert run("replay", str(tampered)).exit_code == 1

    simulated = run("simulate", "tiny", "--games", "30", "--seed", "1", "--p1", "heuristic", "--p2", "random")
    assert simulated.exit_code == 0 and "games: 30" in simulated.output
    assert simulated.output == run("simulate", "tiny", "--games", "30", "--seed", "1", "--p1", "heuristic", "--p2", "random").output

    match = tmp_path / "match.jsonl"
    matched = run("play", "tiny", "--match", "--rules", "quick", "--p1", "random", "--p2", "random", "--seed", "2", "-q", "--record", str(match))
    assert matched.exit_code == 0 and "Match: " in matched.output
    assert "in " in run("replay", str(match)).output


def test_the_tiny_game_s_options_come_from_its_declarations(tiny):
    assert "--lowest" in run("play", "--help").output
    wrong = run("play", "tiny", "--boxer", "Lewis", "--p1", "random")
    assert wrong.exit_code == 2 and "--boxer is an option of cordes, not of tiny; tiny's options are --deck, --lowest, --rules" in wrong.output
    near = run("simulate", "tiny", "--deck", "ful", "--games", "1")
    assert near.exit_code == 2 and '--deck: no deck "ful" in tiny; did you mean "full"? Valid values: full, low.' in near.output
    other = run("simulate", "battlefight", "--lowest", "--games", "1")
    assert other.exit_code == 2 and "--lowest is an option of tiny, not of battlefight" in other.output
    loaded = api.load_game("tiny", deck="low", rules="quick")
    assert loaded.setup == {"deck": "low", "lowest": False, "rules": "quick"}
    with pytest.raises(OptionError, match='tiny has no option "boxer"'):
        api.load_game("tiny", boxer="Lewis")


def test_a_person_plays_the_tiny_game_at_the_terminal(tiny):
    result = run("play", "tiny", "--p2", "random", "--seed", "4", input="1\n" * 10)
    assert result.exit_code == 0, result.output
    assert "P1, play a card:" in result.output and "P2 is dealt a card" in result.output


def test_registration_does_not_leak(tiny):
    tiny.unregister()
    try:
        assert "tiny" not in ENGINES and "tiny" not in LANGUAGES
        assert "--lowest" not in run("play", "--help").output
        assert run("simulate", "tiny", "--games", "1").exit_code == 2
    finally:
        tiny.register()


def test_nothing_outside_its_package_names_the_tiny_game():
    root = TESTS.parent
    for folder in ("cli", "interpreter", "grammar", "cards"):
        for path in (root / folder).rglob("*"):
            if path.is_file() and path.suffix in (".py", ".lark", ".atout"):
                text = path.read_text(encoding="utf-8")
                assert "tiny" not in text.lower() and "haut la carte" not in text.lower(), path


def test_the_atout_command_loads_games_named_by_atout_games(tmp_path):
    env = dict(os.environ, ATOUT_GAMES="tiny_game.plugin", PYTHONPATH=str(TESTS))
    command = [sys.executable, "-m", "atout.cli.main", "simulate", "tiny", "--games", "5", "--seed", "0"]
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "games: 5" in result.stdout
    broken = subprocess.run(command, env=dict(env, ATOUT_GAMES="no_such_game_module"), capture_output=True, text=True, timeout=120)
    assert broken.returncode == 1 and "Traceback" not in broken.stderr and 'ATOUT_GAMES names "no_such_game_module"' in broken.stderr


def test_a_game_with_only_a_random_bot(tiny):
    import dataclasses

    from atout.interpreter.engine.players import RandomBot
    from atout.interpreter.games import register, unregister

    unregister("tiny")
    register(dataclasses.replace(tiny_engine(), bots={"random": RandomBot}))
    try:
        assert run("play", "tiny", "--p1", "random", "-q", "--seed", "1").exit_code == 0  # P2 defaults to random
        refused = run("simulate", "tiny", "--games", "2", "--p2", "random")
        assert refused.exit_code == 2 and '--p1: tiny has no player "heuristic"; the choices are random' in refused.output
    finally:
        unregister("tiny")
        tiny.register()


def tiny_engine():
    """The tiny game's engine (importable once the `tiny` fixture put it on the path)."""
    from tiny_game.engine import ENGINE

    return ENGINE


def test_the_tiny_game_checks_its_cards_and_shows_a_seat_what_it_may_see(tiny):
    from atout.interpreter.engine.play import play_game, seeded

    loaded = api.load_game("tiny", deck="full")
    seen: list[tuple[int, dict, str, list[str]]] = []

    def on_decision(state, decision, index):
        assert state.check_invariants() == []
        if decision.player >= 0:
            other = [state.game.deck[card] for card in state.hands[1 - decision.player]]
            seen.append((decision.player, state.view(decision.player), state.describe(decision.player), other))

    bots = [loaded.engine.bots["random"](seeded(7, f"P{s + 1}")) for s in (0, 1)]
    played = play_game(loaded.game, bots, 7, on_decision=on_decision)
    state = played.state
    # the second to play in a round sees the card the first played, never the other hand
    second = [(seat, view) for seat, view, _, _ in seen if view["table"][1 - seat] is not None]
    assert second and all(view["table"][seat] is None for seat, view in second)
    for seat, view, text, other in seen:
        assert set(view) == {"hand", "table", "rounds"}  # the other hand is in none of them
        assert f"P{2 - seat}: {len(other)} cards;" in text
        assert f"P{seat + 1}: {', '.join(view['hand'])};" in text
    # a card lost, or held twice, is found
    state.hands[0].append(state.played[1][0])
    assert "cards twice" in state.check_invariants()[0]
    state.hands[0].pop()
    state.played[0].pop()
    assert "cards lost" in state.check_invariants()[0]
