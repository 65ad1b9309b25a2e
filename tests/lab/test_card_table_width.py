"""The card table fits a terminal: bounds in whole points, then columns left out, and it says which."""

from __future__ import annotations

import re

import pytest

from atout.interpreter import simulate
from atout.interpreter.api import load_game
from atout.interpreter.lab import report


@pytest.fixture(scope="module")
def study():
    return simulate(load_game("dragons"), games=40, seed=1, workers=1)


def table(lines: list[str]) -> tuple[list[str], list[str]]:
    """The card table's note (if any), its heading and its rows."""
    start = next(i for i, line in enumerate(lines) if line.startswith("cards,"))
    head = next(i for i in range(start, len(lines)) if lines[i].lstrip().startswith("card "))
    rows = []
    for line in lines[head + 1 :]:
        if not re.match(r"^  [* ] \S", line):
            break
        rows.append(line)
    return lines[start:head], [lines[head], *rows]


def test_piped_or_saved_the_table_is_in_full(study):
    notes, rows = table(report.text(study))
    assert not any("terminal's width" in note for note in notes)
    for head in report._CARD_COLUMNS:
        assert head in rows[0]
    assert re.search(r"\d+\.\d–\d+\.\d \[\d+\]", rows[1])  # bounds with their decimal


@pytest.mark.parametrize("width", [80, 100, 120, 140])
def test_on_a_terminal_every_row_fits_and_the_table_says_what_it_left_out(study, width):
    notes, rows = table(report.text(study, terminal=width))
    full = table(report.text(study))[1]
    assert all(len(row) <= width for row in rows), max(len(row) for row in rows)
    (note,) = [note for note in notes if "terminal's width" in note]
    assert "bounds in whole points" in note
    found = re.search(r"whole points, (.*) left out;", note)
    dropped = found.group(1).split(", ") if found else []
    for head in report._CARD_COLUMNS:
        assert (head in rows[0]) == (head not in dropped), (head, note)
    assert len(rows) == len(full)  # every card still has its row
    assert re.search(r" \d+–\d+ \[\d+\]", rows[1])


def test_a_terminal_wide_enough_gets_the_table_in_full(study):
    full = table(report.text(study))[1]
    assert table(report.text(study, terminal=max(len(row) for row in full)))[1] == full
