"""Duel de dragons' package in layers: a rules file is checked without the engine, which names the same bots."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from atout.interpreter.games.dragons.engine import BOTS
from atout.interpreter.games.dragons.rules import BOT_NAMES

#: Checks a rules file naming a bot, then prints the modules of the game's engine that were imported.
SCRIPT = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from atout.interpreter.games import LANGUAGES
    from atout.interpreter.language.loader import read_document

    path = Path(sys.argv[1]) / "dragons" / "regles.atout"
    lines = [
        "Adversaire : " + sys.argv[2] if line.startswith("Adversaire") else line
        for line in path.read_text(encoding="utf-8").splitlines()
    ]
    document = read_document("regles.atout", "\\n".join(lines) + "\\n", LANGUAGES)
    print([d.code for d in document.diagnostics])
    game = "atout.interpreter.games.dragons."
    print(sorted(name for name in sys.modules if name in {game + "engine", game + "state", game + "game"}))
    """
)


def test_the_rules_file_names_the_engines_own_bots():
    assert BOT_NAMES == tuple(BOTS)


def checked(cards_dir, opponent: str) -> list[str]:
    """The diagnostics' codes, then the engine's modules imported, of the shipped rules with `Adversaire : opponent`."""
    result = subprocess.run([sys.executable, "-c", SCRIPT, str(cards_dir), opponent], capture_output=True, text=True, timeout=120, check=True)
    return result.stdout.splitlines()


def test_a_rules_file_naming_a_bot_is_checked_without_loading_the_engine(cards_dir):
    assert checked(cards_dir, "bot heuristic") == ["[]", "[]"]
    assert checked(cards_dir, "bot heuristik") == ["['E501']", "[]"]
