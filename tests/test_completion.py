"""Shell completion: game names, bots, and the names of decks, collections, boxers, Lieux and rules files.

Each test asks as bash does (`_ATOUT_COMPLETE=bash_complete`, the words typed
in `COMP_WORDS`), through click, as the script of docs/cli.md makes the
shell ask.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from atout.cli.main import main

ROOT = Path(__file__).resolve().parent.parent


def complete(line: str) -> list[tuple[str, str]]:
    """What bash is offered for the last word of `line` (empty after a final space): (type, value) pairs."""
    words = line.split()
    current = len(words) if line.endswith(" ") else len(words) - 1
    result = CliRunner().invoke(
        main,
        [],
        prog_name="atout",
        env={"_ATOUT_COMPLETE": "bash_complete", "COMP_WORDS": line, "COMP_CWORD": str(current)},
    )
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output
    return [tuple(item.split(",", 1)) for item in result.output.splitlines() if item]  # type: ignore[misc]


def values(line: str) -> list[str]:
    """The plain values offered (not the file completion the shell does itself)."""
    return [value for kind, value in complete(line) if kind == "plain"]


def test_games_complete_after_every_command_that_takes_one():
    from atout.interpreter.games import ENGINES  # the shipped games, and any other registered (ATOUT_GAMES)

    assert values("atout play ") == list(ENGINES) and {"battlefight", "cordes", "cardia", "dragons"} <= set(ENGINES)
    assert values("atout play c") == ["cordes", "cardia"]
    assert values("atout simulate d") == ["dragons"]
    assert values("atout init mon-set --game b") == ["battlefight"]


def test_bots_complete_for_the_game_typed():
    assert values("atout play cordes --p1 ") == ["human", "random", "heuristic", "mcts"]
    assert values("atout play cordes --p2 h") == ["human", "heuristic"]
    assert values("atout simulate cordes --p1 ") == ["random", "heuristic", "mcts"]  # bots only: nobody sits there
    assert values("atout tournament dragons --bot r") == ["random"]


def test_a_tournament_s_entrants_complete_as_the_game_s_sides_and_bots():
    assert values("atout tournament battlefight le-") == ["le-lutteur", "le-renard"]
    assert values("atout tournament cordes ") == ["Karpentier", "Lewis", "random", "heuristic", "mcts"]
    assert values("atout tournament dragons le-renard v") == ["veterane"]
    assert values("atout tournament cardia ") == ["random", "heuristic", "mcts"]  # no sides of their own: bots only


def test_print_and_forms_complete_their_game():
    assert values("atout print ba") == ["battlefight"]
    assert values("atout forms c") == ["cordes", "cardia"]
    assert values("atout forms cordes on") == []  # then the idea, in free words


def test_setup_names_come_from_the_game_typed():
    assert values("atout play cordes --boxer ") == ["choose", "Karpentier", "Lewis"]
    assert values("atout play cordes --boxer k") == ["Karpentier"]  # case does not matter
    assert values("atout play cordes --rules ") == ["rules"]  # Dans les Cordes' own, while the value is typed
    assert "grand-plateau" in values("atout play battlefight --rules ")
    assert values("atout play cardia --lieu tri") == ["Tribunal d'Équité"]
    assert values("atout simulate dragons --collection d") == ["debutant"]


def test_a_deck_or_a_collection_may_also_be_a_file():
    offered = complete("atout play battlefight --deck le-")
    assert ("plain", "le-lutteur") in offered and ("plain", "le-renard") in offered
    assert ("file", "le-") in offered
    assert ("file", "") not in complete("atout play cordes --boxer ")


def test_the_names_come_from_the_folder_given_with_cards():
    shipped = ROOT / "cards" / "cordes" / "exemples"
    assert "Tyson" in values(f"atout play cordes --cards {shipped} --boxer ")
    assert "Tyson" not in values("atout play cordes --boxer ")


def test_a_folder_that_cannot_be_read_completes_nothing_and_says_nothing(tmp_path):
    (tmp_path / "broken.atout").write_text("Dans les Cordes : cards\n\n== Oops\n", encoding="utf-8")
    assert values(f"atout play cordes --cards {tmp_path} --boxer ") == []


def test_the_script_docs_cli_gives_is_made():
    script = subprocess.run(
        [sys.executable, "-c", "from atout.cli.main import main; main(prog_name='atout')"],
        env={**__import__("os").environ, "_ATOUT_COMPLETE": "bash_source"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert script.returncode == 0 and "_ATOUT_COMPLETE=bash_complete" in script.stdout
    docs = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    for shell in ("bash", "zsh", "fish"):
        assert f"_ATOUT_COMPLETE={shell}_source atout" in docs
