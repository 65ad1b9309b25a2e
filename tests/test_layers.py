"""The layers of atout's code hold: import-linter's contracts (`[tool.importlinter]` in pyproject.toml) are kept.

The command and the games sit on top; below them the API and the balance
lab, the pages, the engine, the language, the files. The core finds the
games through their entry points and never imports one, and no game imports
another. import-linter reads the code through `typecheck/atout/` (the
folders laid out as the package `atout`, as mypy reads them).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LINT = "from importlinter.cli import lint_imports_command; lint_imports_command()"


def contracts() -> list[dict]:
    with open(ROOT / "pyproject.toml", "rb") as file:
        return tomllib.load(file)["tool"]["importlinter"]["contracts"]


def test_the_import_contracts_are_kept():
    environment = dict(os.environ, PYTHONPATH=str(ROOT / "typecheck"))
    result = subprocess.run([sys.executable, "-c", LINT, "--no-cache"], cwd=ROOT, env=environment, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    for contract in contracts():
        assert f"{contract['name']} KEPT" in " ".join(result.stdout.split()), contract["name"]
    assert "Analyzed" in result.stdout and int(result.stdout.split("Analyzed ")[1].split()[0]) > 150  # the whole code, not a stub


def test_every_package_of_the_code_is_in_a_layer():
    """A new package of the interpreter joins a layer, or the contract would not see it."""
    layers = next(contract for contract in contracts() if contract["type"] == "layers")["layers"]
    named = {module.strip() for layer in layers for module in layer.replace(":", "|").split("|")}
    packages = {f"atout.interpreter.{path.parent.name}" for path in (ROOT / "interpreter").glob("*/__init__.py")}
    packages |= {f"atout.{name}" for name in ("cli", "grammar", "cards")}
    assert packages <= named, sorted(packages - named)
    modules = {f"atout.interpreter.{path.stem}" for path in (ROOT / "interpreter").glob("*.py") if path.stem != "__init__"}
    assert modules <= named, sorted(modules - named)  # the interpreter's own modules (api.py, files.py…) too


def test_every_game_is_independent_of_the_others():
    independence = next(contract for contract in contracts() if contract["type"] == "independence")
    games = {f"atout.interpreter.games.{path.parent.name}" for path in (ROOT / "interpreter" / "games").glob("*/__init__.py")}
    assert set(independence["modules"]) == games and len(games) >= 4
