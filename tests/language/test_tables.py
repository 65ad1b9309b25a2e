"""Parser tables as JSON, shipped or kept on disk: the same parser, no code run, a damaged entry rebuilt, the shipped ones fresh."""

from __future__ import annotations

import json
import os
import pickle

import pytest
import lark
from lark import Lark

from atout.interpreter.games import LANGUAGES
from atout.interpreter.language.inputs import expand
from atout.cards import CARDS_DIR
from atout.interpreter.language import parser as parser_module
from atout.interpreter.language import tables as tables_module
from atout.interpreter.language.loader import read_document
from atout.interpreter.language.parser import LARK_OPTIONS, _import_loader, build_parser, fold_literals, grammar_source, read_grammar
from atout.interpreter.language.tables import cached_parser, digest, shipped_digest, shipped_path

GAMES = ["battlefight", "cardia", "cordes", "dragons"]


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
            source,
            parser="lalr",
            lexer="contextual",
            start=list(starts),
            propagate_positions=True,
            maybe_placeholders=False,
            import_paths=[_import_loader],
        )

    return source, starts, build


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("ATOUT_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / "parsers"


@pytest.fixture
def unshipped(tmp_path, monkeypatch):
    """No tables shipped: every parser is read from the store or built."""
    monkeypatch.setattr(tables_module, "SHIPPED_DIR", tmp_path / "none")
    build_parser.cache_clear()
    yield
    build_parser.cache_clear()


@pytest.mark.parametrize("name", GAMES)
def test_the_shipped_tables_are_those_of_the_grammars(name):
    """Stale tables (a grammar, a construct's rule or Lark changed) are not used: make them again."""
    game = LANGUAGES[name]
    made_for = shipped_digest(game.grammar)
    wanted = digest(grammar_source(game.grammar, game.construct_grammar), game.starts, LARK_OPTIONS, python=False)
    assert made_for == wanted, f"the parser tables shipped for {game.grammar} are missing or stale ({shipped_path(game.grammar)}): make them again with `python -m atout.interpreter.language.tables`"


def _texts(name: str) -> dict[str, str]:
    """Every shipped file of a game (examples included), and each with a misspelt word."""
    texts = {str(path): path.read_text(encoding="utf-8") for path in expand([CARDS_DIR / name])}
    for path, text in list(texts.items()):
        texts[path + "~"] = text.replace("\n== ", "\n== Carte\n@@ ", 1) if "\n== " in text else text + "\n@@\n"
    return texts


def _read_all(texts: dict[str, str]):
    return [(d.node, [(x.code, x.line, x.column, x.message) for x in d.diagnostics]) for d in (read_document(path, text, LANGUAGES) for path, text in texts.items())]


@pytest.mark.parametrize("name", GAMES)
def test_a_parser_read_back_reads_every_shipped_file_as_the_one_built(name, store, unshipped, monkeypatch):
    """Every shipped file (examples included), and each with a misspelt word: the same nodes, places and messages."""
    texts = _texts(name)
    build_parser.cache_clear()
    built = _read_all(texts)  # the parser built, and kept
    entries = list(store.iterdir())
    assert entries and all(e.suffix == ".json" and e.stat().st_mode & 0o777 == 0o600 for e in entries)
    build_parser.cache_clear()
    monkeypatch.setattr(parser_module, "Lark", lambda *a, **k: pytest.fail("a parser was built, not read back"))
    try:
        assert _read_all(texts) == built
        assert any(problems for _, problems in built)  # the misspelt copies were refused, the same way
    finally:
        monkeypatch.undo()
        build_parser.cache_clear()


@pytest.mark.parametrize("name", GAMES)
def test_the_shipped_tables_read_every_shipped_file_as_the_parser_built(name, tmp_path, monkeypatch):
    """With no store, the shipped tables give the nodes, places and messages of a parser built anew."""
    texts = _texts(name)
    shipped_dir = tables_module.SHIPPED_DIR
    monkeypatch.setenv("ATOUT_NO_CACHE", "1")
    monkeypatch.setattr(tables_module, "SHIPPED_DIR", tmp_path / "none")
    build_parser.cache_clear()
    made_by = json.loads((shipped_dir / f"{name}.json").read_text())["lark"]
    try:
        built = _read_all(texts)
        monkeypatch.setattr(tables_module, "SHIPPED_DIR", shipped_dir)
        build_parser.cache_clear()
        if made_by == lark.__version__:
            monkeypatch.setattr(parser_module, "Lark", lambda *a, **k: pytest.fail("a parser was built, not read from its shipped tables"))
        else:  # tables made by another Lark are not used: the parser is built
            monkeypatch.setattr(tables_module.Lark, "_load_from_dict", lambda *a, **k: pytest.fail("tables of another Lark were used"))
        assert _read_all(texts) == built
        assert any(problems for _, problems in built)
    finally:
        monkeypatch.undo()
        build_parser.cache_clear()


def test_stale_or_damaged_shipped_tables_are_not_used_and_run_no_code(tmp_path, monkeypatch):
    monkeypatch.setenv("ATOUT_NO_CACHE", "1")
    game = LANGUAGES["dragons"]
    source, starts, build = _build(game)
    shipped = shipped_path(game.grammar)
    assert shipped is not None
    built: list[int] = []
    cached_parser(source, starts, lambda: built.append(1) or build(), game.grammar, LARK_OPTIONS)
    assert built == []  # the shipped tables
    cached_parser(source, starts, lambda: built.append(1) or build(), game.grammar, {**LARK_OPTIONS, "propagate_positions": False})
    assert built == [1]  # other options: other tables
    monkeypatch.setattr(tables_module, "SHIPPED_DIR", tmp_path)
    copy = tmp_path / shipped.name
    entry = json.loads(shipped.read_bytes())
    marker = tmp_path / "ran"
    stale = json.dumps({**entry, "digest": "0" * 64}).encode()
    other_lark = json.dumps({**entry, "lark": "0.1"}).encode()  # tables made by another Lark
    for planted in (stale, other_lark, b"{not json", json.dumps({"digest": entry["digest"]}).encode(), pickle.dumps(_Payload(str(marker)))):
        copy.write_bytes(planted)
        built = []
        parser = cached_parser(source, starts, lambda: built.append(1) or build(), game.grammar, LARK_OPTIONS)
        assert built == [1] and isinstance(parser, Lark)
    assert not marker.exists()


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
