"""atout's own code is clean for ruff, its lint and its format, as configured in pyproject.toml ([tool.ruff])."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]


def ruff(*arguments: str) -> subprocess.CompletedProcess[str]:
    """Run ruff (the test extra's) on the checkout."""
    command = [sys.executable, "-m", "ruff"] if shutil.which("ruff") is None else ["ruff"]
    return subprocess.run([*command, *arguments], cwd=ROOT, capture_output=True, text=True)


@pytest.fixture(scope="module", autouse=True)
def have_ruff():
    pytest.importorskip("ruff", reason="ruff is in the test extra")


def test_the_code_has_no_lint():
    done = ruff("check", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_code_is_formatted():
    done = ruff("format", "--check", ".")
    assert done.returncode == 0, done.stdout + done.stderr
