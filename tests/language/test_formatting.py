"""`atout fmt`: canonical form, the same meaning, every comment kept, idempotent; --check for CI."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from atout.cli.main import main
from atout.interpreter.games import LANGUAGES
from atout.interpreter.language.formatting import format_document
from atout.interpreter.language.inputs import expand
from atout.interpreter.language.loader import read_document, read_file


def comments(text: str) -> list[str]:
    """Every comment of a text, in order (whole-line and trailing)."""
    return [line[line.index("#") :].strip() for line in text.splitlines() if "#" in line]


@pytest.mark.parametrize("path", expand(["cards"]), ids=str)
def test_every_shipped_file_formats_to_the_same_meaning_with_its_comments(path):
    document = read_file(path, LANGUAGES)
    formatted = format_document(document)
    assert formatted.problems == [] and formatted.text is not None
    again = read_document(str(path), formatted.text, LANGUAGES)
    assert again.diagnostics == [] or all(d.is_note for d in again.diagnostics)
    assert again.node == document.node
    assert comments(formatted.text) == comments(document.text)
    assert format_document(again).text == formatted.text  # idempotent
    assert formatted.text == document.text, f"{path} is not in canonical form: run atout fmt {path}"


def test_comments_stay_with_their_lines_or_follow_the_card():
    text = (
        "# my set\n\n\n"
        "Duel de dragons : cartes   # the header\n"
        "# the dragon of the forge\n"
        "== Dragon   de la Forge ==\n"
        "dragon · rare   # rare!\n"
        "# its statistics\n"
        "Puissance 60 ·Ruse 50· Savoir 50 · Charisme 40\n\n\n\n"
        "# the end\n"
    )
    formatted = format_document(read_document("forge.atout", text, LANGUAGES))
    assert formatted.text == (
        "# my set\n\n"
        "Duel de dragons : cartes   # the header\n\n"
        "# the dragon of the forge\n"
        "== Dragon   de la Forge ==\n"  # a name is kept as written
        "Dragon · Rare   # rare!\n"
        "# its statistics\n"
        "Puissance 60 · Ruse 50 · Savoir 50 · Charisme 40\n\n"
        "# the end\n"
    )
    battle = "BattleFight : cartes\n\n== Arc ==\nAttaque\nStable   # stays\n# why\nDistance 3\nBlesser 5  # hurts\n"
    joined = format_document(read_document("arc.atout", battle, LANGUAGES)).text
    assert joined == "BattleFight : cartes\n\n== Arc ==\nAttaque\nStable ; Distance 3 ; Blesser 5\n# stays\n# why\n# hurts\n"


def test_check_exits_1_with_a_diff_and_writes_nothing(tmp_path):
    path = tmp_path / "deck.atout"
    path.write_text("BattleFight : deck\n4 ×  Décharge\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["fmt", "--check", str(tmp_path)])
    assert result.exit_code == 1
    assert "-4 ×  Décharge" in result.output and "+4 Décharge" in result.output and "1 file would be reformatted" in result.output
    assert path.read_text(encoding="utf-8") == "BattleFight : deck\n4 ×  Décharge\n"
    assert CliRunner().invoke(main, ["fmt", str(tmp_path)]).exit_code == 0
    assert path.read_text(encoding="utf-8") == "BattleFight : deck\n\n4 Décharge\n"
    clean = CliRunner().invoke(main, ["fmt", "--check", str(tmp_path)])
    assert clean.exit_code == 0 and "0 files would be reformatted, 1 unchanged" in clean.output


def test_a_file_with_problems_is_not_rewritten(tmp_path):
    path = tmp_path / "bad.atout"
    path.write_text("BattleFight : cartes\n== A ==\nAttak\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["fmt", str(tmp_path)])
    assert result.exit_code == 1 and "E111" in result.output and "1 with problems (not formatted)" in result.output
    assert path.read_text(encoding="utf-8") == "BattleFight : cartes\n== A ==\nAttak\n"
