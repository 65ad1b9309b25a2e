"""A game installed as its own package joins atout through its entry point, with no environment variable.

The tiny test game (`tests/tiny_game/`) is laid out here as an installed
distribution would be: its package, and a `*.dist-info` folder whose
`entry_points.txt` declares it in the group `atout.games`, both in a folder
of `sys.path`, where `importlib.metadata` finds installed distributions.
The `atout` command, started with that folder on `PYTHONPATH` and no
`ATOUT_GAMES`, validates, plays, simulates and replays it. The registry's
own refusals (a module that cannot be loaded, gives no language, or a name
two distributions declare) are checked with entry points made up in the test.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

from atout.interpreter.language import registry, runs

TESTS = Path(__file__).parent


def install(site: Path, distribution: str, entry_points: str) -> None:
    """Lay out a distribution's metadata in `site` (a folder put on `sys.path`), as pip would install it."""
    info = site / f"{distribution}-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {distribution}\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(entry_points, encoding="utf-8")


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A folder holding the tiny game as an installed distribution: its package and its entry point."""
    folder = tmp_path / "site"
    shutil.copytree(TESTS / "tiny_game", folder / "tiny_game", ignore=shutil.ignore_patterns("__pycache__"))
    install(folder, "haut_la_carte", "[atout.games]\ntiny = tiny_game.engine\n")
    return folder


def atout(site: Path, *arguments: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run the `atout` command with `site` on the path and no ATOUT_GAMES (nor the tests' folder)."""
    environment = {key: value for key, value in os.environ.items() if key not in ("ATOUT_GAMES", "PYTHONPATH")}
    environment.update(PYTHONPATH=str(site), ATOUT_NO_CACHE="1")
    command = [sys.executable, "-m", "atout", *arguments]
    return subprocess.run(command, env=environment, cwd=cwd, capture_output=True, text=True, timeout=120)


@pytest.mark.slow
def test_an_installed_game_is_validated_played_simulated_and_replayed(site, tmp_path):
    cards = site / "tiny_game" / "cards"
    validated = atout(site, "validate", str(cards), cwd=tmp_path)
    assert validated.returncode == 0 and "5 files, 5 cards: all valid" in validated.stdout, validated.stderr

    listed = atout(site, "play", "--help", cwd=tmp_path)
    assert "[battlefight|cordes|cardia|dragons|tiny]" in listed.stdout, listed.stdout  # after atout's own, which rank first
    assert "--lowest" in listed.stdout  # the game's own option

    record = tmp_path / "game.jsonl"
    played = atout(site, "play", "tiny", "--p1", "random", "--p2", "heuristic", "--seed", "3", "--lowest", "--record", str(record), cwd=tmp_path)
    assert played.returncode == 0 and "Round 1" in played.stdout, played.stderr
    replayed = atout(site, "replay", str(record), cwd=tmp_path)
    assert replayed.returncode == 0, replayed.stderr

    simulated = atout(site, "simulate", "tiny", "--games", "4", "--seed", "0", cwd=tmp_path)
    assert simulated.returncode == 0 and "games: 4" in simulated.stdout, simulated.stderr + simulated.stdout


def test_an_installed_game_that_cannot_be_loaded_is_named_without_a_traceback(tmp_path):
    site = tmp_path / "site"
    install(site, "broken_game", "[atout.games]\nbroken = no_such_module_anywhere\n")
    result = atout(site, "validate", str(TESTS / "tiny_game" / "cards"), cwd=tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert 'the game "broken"' in result.stderr and "broken_game" in result.stderr and "uninstall it" in result.stderr


def point(name: str, module: object) -> SimpleNamespace:
    """A made-up entry point of the group `atout.games`, loading to `module`."""
    return SimpleNamespace(name=name, value=f"made.up.{name}", dist=SimpleNamespace(name=f"dist-{name}"), load=lambda: module)


def game_module(name: str, language: object, **attributes: object) -> ModuleType:
    module = ModuleType(name)
    module.LANGUAGE = language  # type: ignore[attr-defined]
    for key, value in attributes.items():
        setattr(module, key, value)
    return module


@pytest.fixture
def found(monkeypatch: pytest.MonkeyPatch):
    """`game_modules()` over the entry points given, looked up afresh (the session's registry is left as it was)."""

    def look_up(*points: SimpleNamespace) -> dict[str, ModuleType]:
        monkeypatch.setattr(registry, "_modules", None)
        monkeypatch.setattr(registry, "_entry_points", lambda: list(points))
        return registry.game_modules()

    return look_up


def test_the_games_are_listed_by_rank_then_by_name(found):
    languages = registry.languages()
    shipped = {name: languages[name] for name in ("battlefight", "cordes")}
    renamed = {
        "cordes": game_module("cordes", shipped["cordes"], RANK=2),
        "battlefight": game_module("battlefight", shipped["battlefight"], RANK=1),
    }
    assert list(found(point("cordes", renamed["cordes"]), point("battlefight", renamed["battlefight"]))) == ["battlefight", "cordes"]
    unranked = game_module("cordes", shipped["cordes"])
    assert list(found(point("cordes", unranked), point("battlefight", renamed["battlefight"]))) == ["battlefight", "cordes"]
    first = game_module("cordes", shipped["cordes"], RANK=0)
    assert list(found(point("cordes", first), point("battlefight", renamed["battlefight"]))) == ["cordes", "battlefight"]


@pytest.mark.parametrize(
    ("loaded", "message"),
    [
        (RuntimeError("boom"), "cannot be loaded: RuntimeError: boom; reinstall it or uninstall it"),
        ("not a module", "names str, not a module"),
        (ModuleType("empty"), "its module gives no LANGUAGE"),
        ("another game's language", 'its LANGUAGE is not the GameLanguage of a game named "cordes"'),
    ],
)
def test_an_entry_point_that_cannot_serve_is_refused_with_its_name_and_distribution(found, loaded, message):
    if loaded == "another game's language":
        loaded = game_module("cordes", registry.languages()["battlefight"])

    def load() -> object:
        if isinstance(loaded, Exception):
            raise loaded
        return loaded

    entry = point("cordes", None)
    entry.load = load
    with pytest.raises(registry.GameNotLoaded) as refused:
        found(entry)
    assert str(refused.value).startswith('the game "cordes" (entry point "cordes = made.up.cordes" of the group atout.games, installed by dist-cordes)')
    assert message in str(refused.value)


def test_two_distributions_naming_one_game_are_refused(found):
    language = registry.languages()["cardia"]
    with pytest.raises(registry.GameNotLoaded, match='two installed games are named "cardia"'):
        found(point("cardia", game_module("cardia", language)), point("cardia", game_module("cardia", language)))


def test_the_cache_of_runs_knows_the_installed_games_and_their_code(tmp_path, monkeypatch):
    monkeypatch.setenv("ATOUT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("ATOUT_NO_CACHE", raising=False)
    monkeypatch.delenv("ATOUT_GAMES", raising=False)
    before = runs.key("validate", [["cards"]])
    site = tmp_path / "site"
    (site / "plugged_game").mkdir(parents=True)
    code = site / "plugged_game" / "__init__.py"
    code.write_text("LANGUAGE = None\n", encoding="utf-8")
    install(site, "plugged", "[atout.games]\nplugged = plugged_game\n")
    monkeypatch.syspath_prepend(str(site))
    installed = runs.key("validate", [["cards"]])
    assert installed not in (None, before)  # a game installed: no answer kept before holds
    assert runs.key("validate", [["cards"]]) == installed
    code.write_text("LANGUAGE = 1\n", encoding="utf-8")
    assert runs.key("validate", [["cards"]]) not in (installed, None)  # its code changed
    code.unlink()
    assert runs.key("validate", [["cards"]]) is None  # its code cannot be found: nothing is cached


def test_atout_s_own_games_are_found_through_their_entry_points_in_their_order():
    from importlib.metadata import entry_points

    declared = {point.name: point.value for point in entry_points(group=registry.GROUP)}
    assert {"battlefight", "cordes", "cardia", "dragons"} <= set(declared)
    assert declared["cardia"] == "atout.interpreter.games.cardia"
    assert list(registry.game_modules())[:4] == ["battlefight", "cordes", "cardia", "dragons"]  # by RANK, not by name


def test_reading_the_languages_imports_no_engine():
    code = (
        "import sys\n"
        "from atout.interpreter.language.registry import languages\n"
        "names = list(languages())\n"
        # the engine proper: its GameEngine, its state, its bots (a game's step runner may sit below its constructs, as Cardia's does)
        "print({'battlefight', 'cordes', 'cardia', 'dragons'} <= set(names), [m for m in sys.modules if m.startswith('atout.interpreter.games.') and m.endswith(('.engine', '.bots', '.state'))])\n"
        "from atout.interpreter.engine.registry import engines\n"
        "print(sorted(engines()) == sorted(names))\n"
    )
    environment = {key: value for key, value in os.environ.items() if key != "ATOUT_GAMES"}
    done = subprocess.run([sys.executable, "-c", code], env=environment, capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.split("\n")[:2] == ["True []", "True"]
