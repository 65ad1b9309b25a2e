"""Every file written back reads as the same AST: `read(write(node)) == node`, for every shipped file.

The files every game shares (decks, collections, rules, extensions) are
written by the core; a game's cards by the game's own writer, once it has
one (`GameLanguage.write_card`).
"""

from __future__ import annotations

import pytest

from atout.interpreter.games import LANGUAGES
from atout.interpreter.language.loader import read_document, read_file
from atout.interpreter.language.nodes import CardFile
from atout.interpreter.language.project import expand, shipped_files
from atout.interpreter.language.writing import write_file

SHIPPED = [(name, path) for name, language in sorted(LANGUAGES.items()) for path in shipped_files(language)]


def _id(case) -> str:
    return f"{case[0]}:{case[1].name}"


@pytest.mark.parametrize("case", SHIPPED, ids=_id)
def test_every_shipped_file_written_back_reads_the_same(case):
    name, path = case
    language = LANGUAGES[name]
    document = read_file(path, LANGUAGES)
    if isinstance(document.node, CardFile) and language.write_card is None:
        pytest.skip(f"{language.title} cards are not written back yet")
    text = write_file(document.node, language)
    again = read_document(str(path), text, LANGUAGES)
    assert [d for d in again.diagnostics if not d.is_note] == [], text
    assert again.node == document.node
    # canonical: writing it again changes nothing
    assert write_file(again.node, language) == text


def test_a_starter_extension_is_written_back(tmp_path):
    from atout.cli.init import STARTERS

    for path in expand([STARTERS]):
        document = read_file(path, LANGUAGES)
        if isinstance(document.node, CardFile) and document.game.write_card is None:
            continue
        text = write_file(document.node, document.game)
        assert read_document(str(path), text, LANGUAGES).node == document.node
