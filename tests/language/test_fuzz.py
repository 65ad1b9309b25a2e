"""Bad input of every kind gets diagnostics, never an exception.

Hypothesis mutates the shipped card files — characters replaced, inserted,
deleted, lines duplicated or dropped, the text truncated, bytes flipped — and
feeds them to the reader and to the cross-file validator.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from atout.cards import CARDS_DIR
from atout.interpreter.games import LANGUAGES
from atout.interpreter.language.diagnostics import CODES
from atout.interpreter.language.loader import read_document
from atout.interpreter.language.project import check_game
from atout.interpreter.language.checks import Reporter

SHIPPED = sorted(CARDS_DIR.rglob("*.atout"))
TEXTS = [path.read_bytes() for path in SHIPPED]
NOISE = st.sampled_from(list("=;:#[]'’\"×·-+0123456789 \n\téÀaZ") + ["\x00", "\r\n", "==", "Stable", "Blesser", "\ufeff"])


@st.composite
def mutated(draw) -> bytes:
    data = bytearray(draw(st.sampled_from(TEXTS)))
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["replace", "insert", "delete", "truncate", "duplicate", "flip"]))
        at = draw(st.integers(0, max(0, len(data) - 1)))
        if kind == "replace" and data:
            data[at : at + 1] = draw(NOISE).encode()
        elif kind == "insert":
            data[at:at] = draw(NOISE).encode()
        elif kind == "delete":
            del data[at : at + draw(st.integers(1, 40))]
        elif kind == "truncate":
            del data[at:]
        elif kind == "duplicate":
            lines = bytes(data).split(b"\n")
            index = draw(st.integers(0, len(lines) - 1))
            lines.insert(index, lines[index])
            data = bytearray(b"\n".join(lines))
        elif kind == "flip" and data:
            data[at] ^= draw(st.integers(1, 255))
    return bytes(data)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_files_give_diagnostics_never_exceptions(data):
    document = read_document("fuzz.atout", data, LANGUAGES)
    lines = max(1, data.count(b"\n") + 1)
    for diagnostic in document.diagnostics:
        assert diagnostic.code in CODES
        assert 1 <= diagnostic.line <= lines + 1
        assert diagnostic.column >= 1
        diagnostic.render()
    if document.game is not None and document.node is not None:
        reporter = Reporter()
        reporter.add_source(document.path, document.lines)
        check_game(document.game, [document], reporter)
        for diagnostic in reporter.diagnostics:
            assert diagnostic.code in CODES


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=2000))
def test_random_bytes_give_diagnostics_never_exceptions(data):
    document = read_document("noise.atout", data, LANGUAGES)
    assert all(d.code in CODES for d in document.diagnostics)


def test_deeply_nested_brackets_are_refused_cleanly():
    text = "BattleFight : cartes\n== A ==\nAttaque\n" + "[" * 50_000 + "\n"
    document = read_document("deep.atout", text, LANGUAGES)
    assert [d.code for d in document.diagnostics] == ["E110"]


def test_a_huge_single_card_is_refused_with_its_size():
    text = "BattleFight : cartes\n== A ==\nAttaque\n" + "Blesser 1 ; " * 5_000 + "\n"
    document = read_document("huge.atout", text, LANGUAGES)
    (diagnostic,) = document.diagnostics
    assert diagnostic.code == "E110" and "characters long" in diagnostic.message


def test_a_truncated_file_reports_where_it_stops():
    text = Path(CARDS_DIR / "battlefight" / "attaque.atout").read_text(encoding="utf-8")
    cut = text[: text.index("Blesser 4") + 3]  # "… ; Défausser 1 ; Ble"
    document = read_document("cut.atout", cut, LANGUAGES)
    (diagnostic,) = document.diagnostics
    assert diagnostic.code == "E111" and diagnostic.line == cut.count("\n") + 1
    assert diagnostic.suggestion in ("Blesser", "Bloquer")
