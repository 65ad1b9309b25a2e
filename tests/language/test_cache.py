"""The cache of checked files: the same result, never a stale one."""

from __future__ import annotations

from atout.interpreter.language import cache
from atout.interpreter.language.loader import read_file

CARD = "BattleFight : cartes\n== Éclair ==\nAttaque\nBlesser {n}\n"


def test_a_second_read_gives_the_same_document_from_the_cache(languages, tmp_path, monkeypatch):
    monkeypatch.setenv("ATOUT_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "eclair.atout"
    path.write_text(CARD.format(n=25), encoding="utf-8")
    first = read_file(path, languages)
    assert list((tmp_path / "cache").rglob("*.pickle"))
    second = read_file(path, languages)
    assert second is not first
    assert second.node == first.node and second.diagnostics == first.diagnostics
    assert second.game is first.game and second.kind == first.kind
    assert [d.render() for d in second.diagnostics] == [d.render() for d in first.diagnostics]


def test_a_changed_file_is_read_again(languages, tmp_path, monkeypatch):
    monkeypatch.setenv("ATOUT_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "eclair.atout"
    path.write_text(CARD.format(n=25), encoding="utf-8")
    assert [d.code for d in read_file(path, languages).diagnostics] == ["E200"]
    path.write_text(CARD.format(n=2), encoding="utf-8")
    document = read_file(path, languages)
    assert document.diagnostics == [] and document.node.cards[0].steps[0].keyword.n == 2


def test_a_broken_entry_is_ignored(languages, tmp_path, monkeypatch):
    monkeypatch.setenv("ATOUT_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "eclair.atout"
    path.write_text(CARD.format(n=2), encoding="utf-8")
    read_file(path, languages)
    for entry in (tmp_path / "cache").rglob("*.pickle"):
        entry.write_bytes(b"not a pickle")
    assert read_file(path, languages).node.cards[0].name == "Éclair"


def test_the_cache_can_be_turned_off(languages, tmp_path, monkeypatch):
    monkeypatch.setenv("ATOUT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("ATOUT_NO_CACHE", "1")
    path = tmp_path / "eclair.atout"
    path.write_text(CARD.format(n=2), encoding="utf-8")
    read_file(path, languages)
    assert cache.folder() is None and not (tmp_path / "cache").exists()
