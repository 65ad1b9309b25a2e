"""Parser tables kept on disk as JSON: the same parser, no code run, a damaged entry rebuilt."""

from __future__ import annotations

import json
import os
import pickle

import pytest
from lark import Lark

from atout.interpreter.games import LANGUAGES
from atout.interpreter.language.inputs import expand
from atout.cards import CARDS_DIR
from atout.interpreter.language import parser as parser_module
from atout.interpreter.language.loader import read_document
from atout.interpreter.language.parser import _import_loader, build_parser, fold_literals, read_grammar
from atout.interpreter.language.tables import cached_parser


class _Payload:
    """Unpickling this creates the file `marker`: proof that code ran."""

    def __init__(self, marker: str):
        self.marker = marker

    def __reduce__(self):
        return (open, (self.marker, "w"))


def _build(game):
    source = read_grammar(game.grammar) + "\n" + fold_literals(game.construct_grammar)
    starts = game.starts

    def build() -> Lark:
        return Lark(
            source, parser="lalr", lexer="contextual", start=list(starts),
            propagate_positions=True, maybe_placeholders=False, import_paths=[_import_loader],
        )

    return source, starts, build


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("ATOUT_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / "parsers"


@pytest.mark.parametrize("name", ["battlefight", "cardia", "cordes", "dragons"])
def test_a_parser_read_back_reads_every_shipped_file_as_the_one_built(name, store, monkeypatch):
    """Every shipped file (examples included), and each with a misspelt word: the same nodes, places and messages."""
    game = LANGUAGES[name]
    texts = {str(path): path.read_text(encoding="utf-8") for path in expand([CARDS_DIR / name])}
    for path, text in list(texts.items()):
        texts[path + "~"] = text.replace("\n== ", "\n== Carte\n@@ ", 1) if "\n== " in text else text + "\n@@\n"

    def read_all():
        return [(d.node, [(x.code, x.line, x.column, x.message) for x in d.diagnostics]) for d in
                (read_document(path, text, LANGUAGES) for path, text in texts.items())]

    build_parser.cache_clear()
    built = read_all()  # the parser built, and kept
    entries = list(store.iterdir())
    assert entries and all(e.suffix == ".json" and e.stat().st_mode & 0o777 == 0o600 for e in entries)
    build_parser.cache_clear()
    monkeypatch.setattr(parser_module, "Lark", lambda *a, **k: pytest.fail("a parser was built, not read back"))
    try:
        assert read_all() == built
        assert any(problems for _, problems in built)  # the misspelt copies were refused, the same way
    finally:
        monkeypatch.undo()
        build_parser.cache_clear()


def test_a_damaged_or_planted_entry_is_rebuilt_and_runs_no_code(store, tmp_path):
    source, starts, build = _build(LANGUAGES["dragons"])
    cached_parser(source, starts, build)
    (entry,) = store.iterdir()
    marker = tmp_path / "ran"
    for planted in (b"{not json", json.dumps({"data": 1}).encode(), pickle.dumps(_Payload(str(marker)))):
        entry.write_bytes(planted)
        os.chmod(entry, 0o600)
        built = []
        parser = cached_parser(source, starts, lambda: built.append(1) or build())
        assert built == [1] and isinstance(parser, Lark)
        assert json.loads(entry.read_bytes())["data"]  # rebuilt, as JSON
    assert not marker.exists()


def test_without_a_store_the_parser_is_built(monkeypatch):
    monkeypatch.setenv("ATOUT_NO_CACHE", "1")
    source, starts, build = _build(LANGUAGES["cordes"])
    built = []
    cached_parser(source, starts, lambda: built.append(1) or build())
    assert built == [1]
