"""The pre-commit hooks, run by pre-commit itself on a sample repository (`pre-commit try-repo` with this checkout)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRE_COMMIT = shutil.which("pre-commit", path=str(Path(sys.executable).parent)) or shutil.which("pre-commit")

pytestmark = pytest.mark.skipif(PRE_COMMIT is None or not (ROOT / ".git").exists(), reason="pre-commit and a git checkout are needed")

UNFORMATTED = "Duel de dragons : cartes\n== Dragon du Test ==\ndragon · rare\nPuissance 60 ·Ruse 50· Savoir 50 · Charisme 40\n"


def git(folder: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.email=designer@example.org", "-c", "user.name=designer", *args], cwd=folder, check=True, capture_output=True)


def hook(folder: Path, name: str) -> subprocess.CompletedProcess:
    assert PRE_COMMIT is not None
    return subprocess.run([PRE_COMMIT, "try-repo", str(ROOT), name, "--all-files"], cwd=folder, capture_output=True, text=True, timeout=600)


def test_the_hooks_refuse_unformatted_and_invalid_files_and_pass_clean_ones(tmp_path):
    repo = tmp_path / "mes-dragons"
    (repo / "set").mkdir(parents=True)
    (repo / "set" / "extension.atout").write_text("Duel de dragons : extension\n\nBase : dragons\n", encoding="utf-8")
    (repo / "set" / "cartes.atout").write_text(UNFORMATTED, encoding="utf-8")
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "my set")

    formatted = hook(repo, "atout-fmt")
    assert formatted.returncode == 1, formatted.stdout
    assert "+Dragon · Rare" in formatted.stdout and "1 file would be reformatted" in formatted.stdout
    assert hook(repo, "atout-validate").returncode == 0

    subprocess.run([sys.executable, "-m", "atout.cli.main", "fmt", "set"], cwd=repo, check=True, capture_output=True)
    git(repo, "commit", "-qam", "formatted")
    assert hook(repo, "atout-fmt").returncode == 0

    (repo / "set" / "cartes.atout").write_text(UNFORMATTED.replace("Puissance 60", "Puissance 6"), encoding="utf-8")
    git(repo, "commit", "-qam", "a card too weak for its rarity")
    invalid = hook(repo, "atout-validate")
    assert invalid.returncode == 1 and "E301" in invalid.stdout and "set/cartes.atout:" in invalid.stdout
