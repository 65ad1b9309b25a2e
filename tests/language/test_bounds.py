"""Bad input costs little: huge numbers, huge counts, deep nesting, long lines, columns."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from atout.cards import CARDS_DIR
from atout.cli.main import main
from atout.interpreter.language.loader import MAX_DIGITS, MAX_NESTING, read_document

HUGE = "9" * 4_301


_NUMBER = re.compile(r"(?<![\w])[+\-−]?\d+")


def _first_number_made_huge(text: str) -> tuple[str, int, int] | None:
    """The text with its first number outside comments (after the header) made
    4,301 digits long, and that number's line and column; None if it has none."""
    lines = text.split("\n")
    for index, line in enumerate(lines[1:], start=1):
        match = _NUMBER.search(line.split("#", 1)[0])
        if match:
            lines[index] = line[: match.start()] + HUGE + line[match.end() :]
            return "\n".join(lines), index + 1, match.start() + 1
    return None


SHIPPED_WITH_NUMBERS = [path for path in sorted(CARDS_DIR.rglob("*.atout")) if _first_number_made_huge(path.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("path", SHIPPED_WITH_NUMBERS, ids=lambda p: str(p.relative_to(CARDS_DIR)))
def test_a_huge_number_in_any_file_is_a_diagnostic_at_its_place(languages, path):
    text, line, column = _first_number_made_huge(path.read_text(encoding="utf-8"))
    document = read_document("huge.atout", text, languages)
    problems = [d for d in document.diagnostics if d.line == line]
    assert [(d.code, d.column) for d in problems] == [("E200", column)], [d.render() for d in document.diagnostics]
    assert problems[0].message == f"a number of 4,301 digits; numbers have at most {MAX_DIGITS} digits here"
    assert len(problems[0].render()) < 1_000  # the line is shown as a window around the place


def test_every_game_has_a_file_with_a_number_here():
    assert {p.relative_to(CARDS_DIR).parts[0] for p in SHIPPED_WITH_NUMBERS} == {"battlefight", "cardia", "cordes", "dragons"}


def test_the_longest_number_allowed_still_gets_its_range_message(read):
    document = read(f"BattleFight : cartes\n== A ==\nAttaque\nBlesser {'9' * MAX_DIGITS}\n")
    (diagnostic,) = document.diagnostics
    assert diagnostic.code == "E200" and diagnostic.message.endswith("must be 20 or less")


@pytest.mark.parametrize("output", ["text", "json"])
def test_validate_reports_a_huge_number_without_a_traceback(tmp_path, output):
    path = tmp_path / "huge.atout"
    path.write_text(f"BattleFight : cartes\n== A ==\nAttaque\nBlesser {HUGE}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "--format", output, str(path)])
    assert result.exit_code == 1 and result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    if output == "json":
        (diagnostic,) = json.loads(result.stdout)["diagnostics"]
        assert (diagnostic["code"], diagnostic["line"], diagnostic["column"]) == ("E200", 4, 9)
    else:
        assert "huge.atout:4:9: E200 a number of 4,301 digits" in result.output


def test_a_huge_count_in_a_deck_is_reported_and_never_expanded(validate_tree, languages, monkeypatch):
    from atout.interpreter.games.battlefight import checks

    expanded = []
    monkeypatch.setattr(checks, "check_list", lambda *args: expanded.append(args))
    result = validate_tree({"deck.atout": "BattleFight : deck\n999999999 Esquive\n"})
    assert [(d.code, d.line, d.column, d.message) for d in result.diagnostics] == [("E200", 2, 1, "count 999999999: must be 99 or less")]
    # the composition check, which expands each entry into its copies, waits for the count to be mended
    assert expanded == []


def test_a_deck_with_counts_in_range_is_still_checked(validate_tree):
    result = validate_tree({"deck.atout": "BattleFight : deck\n3 Esquive\n"})
    assert {d.code for d in result.diagnostics} == {"E401"}


def _nested(depth: int) -> str:
    clauses = "Si tu as au plus 1 sceau, Piocher 1 carte, sinon " * depth  # each "sinon" holds the next "Si"
    return f"Duel pour Cardia : cartes\n== Assassin ==\nPaquet I · Rébellion · influence 1\nCapacité instantanée : {clauses}Piocher 2 cartes\n"


def test_nesting_within_the_bound_is_read(read):
    assert read(_nested(MAX_NESTING - 8)).diagnostics == []


@pytest.mark.parametrize("depth", [MAX_NESTING + 1, 400])
def test_nesting_beyond_the_bound_is_e114(read, depth):
    document = read(_nested(depth))
    (diagnostic,) = document.diagnostics
    assert (diagnostic.code, diagnostic.line) == ("E114", 4)
    assert diagnostic.message == f"clauses are nested more than {MAX_NESTING} deep here: write this text as simpler clauses"
    assert document.unread_cards == ["Assassin"]


def test_e100_columns_count_characters_not_bytes(languages):
    data = "BattleFight : cartes\n== Éclair ==\nAttaqué à Été ".encode() + b"\xff\n"
    (diagnostic,) = read_document("x.atout", data, languages).diagnostics
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("E100", 3, len("Attaqué à Été ") + 1)


def test_e100_column_after_a_byte_order_mark_and_accents(languages):
    data = "\ufeffÉé".encode() + b"\x00"
    (diagnostic,) = read_document("x.atout", data, languages).diagnostics
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("E100", 1, 3)


def test_a_long_line_is_shown_as_a_window_with_the_caret_under_the_place(read):
    line = "Blesser 1 ; " * 20 + "Blessr 2 ; " + "Blesser 1 ; " * 20
    (diagnostic,) = read(f"BattleFight : cartes\n== A ==\nAttaque\n{line}\n").diagnostics
    _, shown, caret, _ = diagnostic.render().split("\n")
    assert shown.startswith("    …") and shown.endswith("…") and len(shown) < 140
    start = caret.index("^")
    assert shown[start : start + len("Blessr")] == "Blessr" and caret.count("^") == len("Blessr")
