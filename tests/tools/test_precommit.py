"""The pre-commit hooks, run by pre-commit itself on a sample repository (`pre-commit try-repo` with this checkout)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRE_COMMIT = shutil.which("pre-commit", path=str(Path(sys.executable).parent)) or shutil.which("pre-commit")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(PRE_COMMIT is None or not (ROOT / ".git").exists(), reason="pre-commit and a git checkout are needed"),
]

UNFORMATTED = "Duel de dragons : cartes\n== Dragon du Test ==\ndragon · rare\nPuissance 60 ·Ruse 50· Savoir 50 · Charisme 40\n"


def git(folder: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.email=designer@example.org", "-c", "user.name=designer", *args], cwd=folder, check=True, capture_output=True)


def hooks(folder: Path) -> tuple[dict[str, str], str]:
    """Both hooks run once on every file: each hook's verdict by its name ("Passed", "Failed"), and what they printed.

    `try-repo` installs atout anew at every call (a store of its own), so
    each call checks one state of the sample repository with both hooks.
    """
    assert PRE_COMMIT is not None
    done = subprocess.run([PRE_COMMIT, "try-repo", str(ROOT), "--all-files"], cwd=folder, capture_output=True, text=True, timeout=600)
    verdicts = dict(re.findall(r"^(atout \w+)\.+(Passed|Failed)$", done.stdout, re.MULTILINE))
    assert set(verdicts) == {"atout validate", "atout fmt"}, done.stdout + done.stderr
    assert done.returncode == (1 if "Failed" in verdicts.values() else 0), done.stdout
    return verdicts, done.stdout


def test_the_hooks_refuse_unformatted_and_invalid_files_and_pass_clean_ones(tmp_path):
    repo = tmp_path / "mes-dragons"
    (repo / "set").mkdir(parents=True)
    (repo / "set" / "extension.atout").write_text("Duel de dragons : extension\n\nBase : dragons\n", encoding="utf-8")
    (repo / "set" / "cartes.atout").write_text(UNFORMATTED, encoding="utf-8")
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "my set")

    verdicts, printed = hooks(repo)  # valid, not in canonical form
    assert verdicts == {"atout fmt": "Failed", "atout validate": "Passed"}, printed
    assert "+Dragon · Rare" in printed and "1 file would be reformatted" in printed

    subprocess.run([sys.executable, "-m", "atout.cli.main", "fmt", "set"], cwd=repo, check=True, capture_output=True)
    cards = repo / "set" / "cartes.atout"
    formatted = cards.read_text(encoding="utf-8")
    assert "Puissance 60" in formatted
    cards.write_text(formatted.replace("Puissance 60", "Puissance 6"), encoding="utf-8")  # still canonical
    git(repo, "commit", "-qam", "formatted, and a card too weak for its rarity")
    verdicts, printed = hooks(repo)
    assert verdicts == {"atout fmt": "Passed", "atout validate": "Failed"}, printed
    assert "E301" in printed and "set/cartes.atout:" in printed
