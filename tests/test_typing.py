"""The interpreter and the CLI type-check: `mypy`, with the settings of pyproject.toml, finds nothing.

mypy is one of the test tools (`pip install -e '.[test]'`), so the test suite,
and every run of it, keeps the code typed. It checks the folders of this
checkout: `typecheck/atout/` maps the `atout.*` imports onto them.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_finds_no_error_in_the_interpreter_and_the_cli():
    pytest.importorskip("mypy", reason="mypy is installed with the test tools: pip install -e '.[test]'")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml")],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout
    # It checked this checkout's files, all of them (not an installed copy, not nothing).
    checked = int(result.stdout.split(" in ")[1].split()[0])
    assert checked >= len(list((ROOT / "interpreter").rglob("*.py"))) + len(list((ROOT / "cli").rglob("*.py")))


def test_the_core_passes_mypy_strict():
    """The engine and the language, the core every game stands on, pass `mypy --strict` (pyproject.toml holds them to it)."""
    pytest.importorskip("mypy", reason="mypy is installed with the test tools: pip install -e '.[test]'")
    packages = ["atout.interpreter.engine", "atout.interpreter.language"]
    command = [sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", "--ignore-missing-imports", "--no-incremental"]
    command += [part for package in packages for part in ("-p", package)]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env={**os.environ, "MYPYPATH": str(ROOT / "typecheck")})
    assert result.returncode == 0, result.stdout + result.stderr
    checked = int(result.stdout.split(" in ")[1].split()[0])
    assert checked == len(list((ROOT / "interpreter" / "engine").glob("*.py"))) + len(list((ROOT / "interpreter" / "language").glob("*.py")))
