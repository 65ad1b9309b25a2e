"""Each game declares how it may end (`GameEngine.endings`): it ends only so, and the lab shows what each code means."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from click.testing import CliRunner

from atout.cli.main import main
from atout.interpreter.engine.endings import ACTION_LIMIT, Ending, with_core
from atout.interpreter.engine.loading import load_files
from atout.interpreter.engine.options import check_options
from atout.interpreter.engine.play import play_game, seeded
from atout.interpreter.games import ENGINES

GAMES = ["battlefight", "cordes", "cardia", "dragons"]
ROOT = Path(__file__).resolve().parents[2]


def test_a_code_is_declared_once_with_its_meaning():
    with pytest.raises(ValueError, match='"ko" is declared twice'):
        with_core((Ending("ko", "a boxer is KO"), Ending("ko", "again")))
    with pytest.raises(ValueError, match="lower-case words"):
        Ending("Last GONG", "at the last GONG")
    with pytest.raises(ValueError, match="needs its meaning"):
        Ending("ko", " ")
    assert with_core((Ending("ko", "a boxer is KO"),))[-1] is ACTION_LIMIT


@pytest.mark.parametrize("game", GAMES)
def test_every_game_declares_its_endings_and_the_cores(game):
    engine = ENGINES[game]
    codes = [ending.code for ending in engine.endings]
    assert len(codes) == len(set(codes)) >= 3
    assert engine.ending("action_limit") is ACTION_LIMIT and engine.ending("nowhere") is None


def _literal_codes(package: Path) -> set[str]:
    """The codes a game's sources finish with, written as they are: `finish(winner, "ko", …)`, `finish_by(None, "turn_limit")`, a code chosen among literals."""
    found: set[str] = set()
    for path in package.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("finish", "finish_by") and len(node.args) >= 2:
                code = node.args[1]
                for part in ast.walk(code):
                    if isinstance(part, ast.Constant) and isinstance(part.value, str):
                        found.add(part.value)
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "code" for t in node.targets):
                for part in ast.walk(node.value):  # `code = "nothing_left" if … else "last_gong"`
                    if isinstance(part, ast.Constant) and isinstance(part.value, str):
                        found.add(part.value)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_code_a_games_sources_finish_with_is_declared(game):
    codes = _literal_codes(ROOT / "interpreter" / "games" / game)
    assert codes, "the scan found no code: it reads nothing"
    assert codes <= {ending.code for ending in ENGINES[game].endings}, codes - {ending.code for ending in ENGINES[game].endings}


@pytest.mark.parametrize("game", GAMES)
def test_played_games_end_only_with_declared_codes(game):
    engine = ENGINES[game]
    files = load_files(engine.language)
    declared = {ending.code: ending for ending in engine.endings}
    seen: set[str] = set()
    for example in [{}, *engine.option_examples(files)][:4]:
        setup = engine.setup_from_options(files, check_options(engine.options, files, example, game))
        built = engine.build(files, setup)
        for seed in range(25):
            bots = ("random", "random") if seed % 5 else ("heuristic", "random")
            outcome = play_game(built, [engine.bots[bot](seeded(seed, f"P{seat}")) for seat, bot in enumerate(bots)], seed).outcome
            assert outcome.code in declared, f"{game} ended with {outcome.code!r}, which it does not declare"
            if declared[outcome.code].draw:
                assert outcome.winner is None, f"{outcome.code} is declared a draw"
            seen.add(outcome.code)
    assert seen


def test_the_lab_shows_each_endings_meaning():
    result = CliRunner().invoke(main, ["simulate", "cordes", "--games", "6", "--p1", "random", "--p2", "random", "--workers", "1"])
    assert result.exit_code == 0, result.output
    line = next(line for line in result.stdout.splitlines() if line.startswith("endings:"))
    meanings = {ending.code: ending.meaning for ending in ENGINES["cordes"].endings}
    assert any(f"{code} ({meaning})" in line for code, meaning in meanings.items()), line
