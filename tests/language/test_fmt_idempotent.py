"""`atout fmt` is idempotent on any valid file: formatting its output changes nothing.

Hypothesis draws card titles, names in running text and in decks and
collections, and trailing comments, from characters that mean something to
the reader ("#", quotation marks « » “ ”, "·", ":", ";"), puts them in cards
of every game (the first card of each shipped card file) and in deck and
collection lines, and checks on every valid file: the output reads to the
same cards, keeps every comment, and is its own canonical form.
"""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from atout.cards import CARDS_DIR
from atout.cli.main import main
from atout.interpreter.games import LANGUAGES
from atout.interpreter.language.formatting import format_document
from atout.interpreter.language.inputs import expand
from atout.interpreter.language.loader import Document, read_document, read_file, unit_bounds

#: Characters that mean something to the reader, with plain ones.
MEANINGFUL = "#\"«»“”'’·:;,-×!?() \u00a0\t"
PLAIN = "aZéÈçœ0123456789"

#: A card's title: anything but "=" and a line end, which end a title.
TITLES = st.text(alphabet=PLAIN + MEANINGFUL, min_size=1, max_size=24)
#: A name between quotation marks: anything but a quotation mark and a line end.
QUOTED = st.text(alphabet=PLAIN + MEANINGFUL.replace('"', "").replace("«", "").replace("»", "").replace("“", "").replace("”", ""), min_size=1, max_size=16)
#: A name in a deck or collection: it has no "#", ":" or ";" and does not start with a digit or a space.
LISTED = st.text(alphabet=PLAIN + "\"«»“”'’·,-×!?() ", min_size=1, max_size=24).filter(lambda name: not name[0].isdigit() and not name[0].isspace())
#: A trailing comment's text (anything on one line, "#" and "==" too), or none.
COMMENTS = st.none() | st.text(alphabet=PLAIN + MEANINGFUL + "=", max_size=16)

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def first_cards() -> list[tuple[str, str]]:
    """(header, first card's text) of every shipped file of cards, of every game."""
    found = []
    for path in expand([CARDS_DIR]):
        document = read_file(path, LANGUAGES)
        if document.kind is None or document.kind.unit != "card" or not document.node:
            continue
        header, units = unit_bounds(document)
        if units:
            start, end = units[0]
            found.append((document.lines[header], "\n".join(document.lines[start:end]).strip("\n") + "\n"))
    return found


CARDS = first_cards()
GAMES = sorted({header.split(":")[0].strip() for header, _ in CARDS})
QUOTING = [(header, card) for header, card in CARDS if re.search(r'"[^"\n]+"', card)]


def commented(line: str, comment: str | None) -> str:
    """A line with a trailing comment, if any."""
    return line if comment is None else f"{line}  # {comment}"


def valid(text: str) -> Document:
    """The file read from `text`, which must be valid (the example is dropped otherwise)."""
    document = read_document("drawn.atout", text, LANGUAGES)
    assume(document.node is not None and not [d for d in document.diagnostics if not d.is_note])
    return document


def check_idempotent(document: Document, kept: list[str]) -> None:
    """Formatting keeps the meaning and the comments `kept`, and its output is already canonical."""
    once = format_document(document)
    assert once.problems == [] and once.text is not None
    again = read_document("drawn.atout", once.text, LANGUAGES)
    assert [d for d in again.diagnostics if not d.is_note] == []
    assert again.node == document.node
    for comment in kept:
        assert comment in once.text
    twice = format_document(again)
    assert twice.text == once.text, f"not idempotent:\n{once.text}\n---\n{twice.text}"


def test_every_game_has_cards_to_draw_from():
    assert len(GAMES) == 4 and QUOTING


@pytest.mark.parametrize("game", GAMES)
@SETTINGS
@given(data=st.data(), title=TITLES, on_title=COMMENTS, on_body=COMMENTS)
def test_fmt_is_idempotent_on_any_title(game, data, title, on_title, on_body):
    header, card = data.draw(st.sampled_from([c for c in CARDS if c[0].startswith(game)]))
    lines = card.rstrip("\n").split("\n")
    lines[0] = commented(f"== {title} ==", on_title)
    body = [i for i, line in enumerate(lines) if i and line.strip() and not line.lstrip().startswith("#")]
    at = data.draw(st.sampled_from(body))
    lines[at] = commented(lines[at], on_body)
    document = valid(f"{header}\n\n" + "\n".join(lines) + "\n")
    check_idempotent(document, [f"# {c}".rstrip() for c in (on_title, on_body) if c is not None])


@SETTINGS
@given(data=st.data(), name=QUOTED, comment=COMMENTS)
def test_fmt_is_idempotent_on_any_name_between_quotation_marks(data, name, comment):
    header, card = data.draw(st.sampled_from(QUOTING))
    quote = data.draw(st.sampled_from(['"{}"', "«{}»", "“{}”", "« {} »"]))
    changed = re.sub(r'"[^"\n]+"', lambda _: quote.format(name), card, count=1)
    lines = changed.rstrip("\n").split("\n")
    at = next(i for i, line in enumerate(lines) if quote.format(name) in line)
    lines[at] = commented(lines[at], comment)
    document = valid(f"{header}\n\n" + "\n".join(lines) + "\n")
    check_idempotent(document, [f"# {comment}".rstrip()] if comment is not None else [])


@pytest.mark.parametrize("header", ["BattleFight : deck", "Duel de dragons : collection"])
@SETTINGS
@given(names=st.lists(st.tuples(st.integers(0, 4), LISTED, COMMENTS), min_size=1, max_size=4))
def test_fmt_is_idempotent_on_any_name_in_a_list(header, names):
    lines = [commented(f"{count} {name}" if count else name, comment) for count, name, comment in names]
    document = valid(f"{header}\n\n" + "\n".join(lines) + "\n")
    check_idempotent(document, [f"# {c}".rstrip() for _, _, c in names if c is not None])


@pytest.mark.parametrize("header", ["BattleFight : deck", "Duel de dragons : collection"])
@pytest.mark.parametrize("line", ["× 0", "x Rayons", "2 × × Rayons", "X 4", "×", "2 x"])
def test_a_name_that_starts_with_a_times_sign_keeps_it(header, line):
    """Found by the property above: `× 0` (one card named "× 0") was written `1 × 0`, and `×` as `1 ×`, read back as "times" and no name."""
    document = read_document("drawn.atout", f"{header}\n\n{line}\n", LANGUAGES)
    assert document.node is not None and [d for d in document.diagnostics if not d.is_note] == []
    check_idempotent(document, [])


def test_a_title_holding_a_hash_is_formatted_once(tmp_path):
    path = tmp_path / "pie.atout"
    path.write_text(
        "Duel de dragons : cartes\n== Pie # Voleuse ==   # la # pie\nPersonnage · Commune\nPuissance 10 · Ruse 40 · Savoir 20 · Charisme 30\n",
        encoding="utf-8",
    )
    first = CliRunner().invoke(main, ["fmt", str(path)])
    assert first.exit_code == 0 and "1 file reformatted" in first.output
    formatted = path.read_bytes()
    assert b"== Pie # Voleuse ==   # la # pie\n" in formatted and formatted.count(b"Voleuse") == 1
    second = CliRunner().invoke(main, ["fmt", str(path)])
    assert second.exit_code == 0 and "0 files reformatted, 1 unchanged" in second.output
    assert path.read_bytes() == formatted
    assert CliRunner().invoke(main, ["fmt", "--check", str(path)]).exit_code == 0


def test_fmt_of_fmt_output_is_unchanged_for_every_shipped_file(tmp_path):
    """Every shipped file, cramped (no blank lines, no spaces around "·"), formatted twice: the second changes nothing."""
    for number, path in enumerate(expand([CARDS_DIR])):
        text = path.read_text(encoding="utf-8")
        cramped = re.sub(r"\n\n+", "\n", text).replace(" · ", "·")
        copy = tmp_path / f"{number}.atout"
        copy.write_text(cramped, encoding="utf-8")
        once = format_document(read_file(copy, LANGUAGES))
        if once.problems:
            continue  # cramping made it invalid (a blank line that means something): nothing to format
        assert once.text is not None
        twice = format_document(read_document(str(copy), once.text, LANGUAGES))
        assert twice.text == once.text, path


@pytest.mark.parametrize("header", ["Duel de dragons : extension", "BattleFight : extension"])
@SETTINGS
@given(names=st.lists(st.tuples(LISTED, COMMENTS), min_size=1, max_size=3))
def test_fmt_is_idempotent_on_any_name_an_extension_leaves_out(header, names):
    lines = [commented(f"Sans :  {name}", comment) for name, comment in names]
    document = valid(f"{header}\n" + "\n".join(lines) + "\n")
    check_idempotent(document, [f"# {c}".rstrip() for _, c in names if c is not None])
