"""The cache of checked files: the same result, never a stale one."""

from __future__ import annotations

import dataclasses
import json

import pytest
from pydantic import BaseModel

from atout.cards import CARDS_DIR
from atout.interpreter.language import cache
from atout.interpreter.language.loader import read_file

CARD = "BattleFight : cartes\n== Éclair ==\nAttaque\nBlesser {n}\n"


def _spans(node) -> list:
    """Every span of an AST, in order, for comparing two trees place by place."""
    found = []
    if isinstance(node, BaseModel):
        found.append(getattr(node, "span", None))
        for name in type(node).model_fields:
            if name != "span":
                found.extend(_spans(getattr(node, name)))
    elif isinstance(node, (list, tuple)):
        for item in node:
            found.extend(_spans(item))
    return found


def test_a_second_read_gives_the_same_document_from_the_cache(languages, tmp_path, monkeypatch):
    monkeypatch.setenv("ATOUT_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "eclair.atout"
    path.write_text(CARD.format(n=2) + "== Brume ==\nAttaque\nBlessr 1\n", encoding="utf-8")
    first = read_file(path, languages)
    assert [d.code for d in first.diagnostics] == ["E111"]
    (entry,) = (tmp_path / "cache").glob("*.json")
    assert json.loads(entry.read_bytes())["node"]["cards"][0]["span"] == [2, 1, 5, 1]
    second = read_file(path, languages)
    assert second is not first
    assert second.node == first.node and second.diagnostics == first.diagnostics
    assert second.game is first.game and second.kind == first.kind and second.unread_cards == ["Brume"]
    assert [d.render() for d in second.diagnostics] == [d.render() for d in first.diagnostics]
    assert _spans(second.node) == _spans(first.node) and None not in _spans(first.node)


@pytest.mark.parametrize("path", sorted(CARDS_DIR.rglob("*.atout")), ids=lambda p: str(p.relative_to(CARDS_DIR)))
def test_every_shipped_file_comes_back_from_the_cache_the_same(languages, tmp_path, monkeypatch, path):
    monkeypatch.setenv("ATOUT_CACHE_DIR", str(tmp_path / "cache"))
    first = read_file(path, languages)
    assert len(list((tmp_path / "cache").glob("*.json"))) == 1
    second = read_file(path, languages)
    assert second is not first and second.node is not first.node
    assert cache.to_json(second) == cache.to_json(first)
    assert second.node == first.node and second.rules == first.rules
    assert _spans(second.node) == _spans(first.node)


def test_a_document_built_around_a_value_out_of_range_is_read_again_each_time(languages, tmp_path, monkeypatch):
    monkeypatch.setenv("ATOUT_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "eclair.atout"
    path.write_text(CARD.format(n=25), encoding="utf-8")
    first = read_file(path, languages)
    assert not list((tmp_path / "cache").glob("*.json"))  # its AST holds a value no model accepts
    second = read_file(path, languages)
    assert [d.render() for d in second.diagnostics] == [d.render() for d in first.diagnostics]


def test_an_entry_that_does_not_give_itself_back_once_read_is_not_used(languages, tmp_path, monkeypatch):
    monkeypatch.setenv("ATOUT_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "eclair.atout"
    path.write_text(CARD.format(n=2) + "== Brume ==\nAttaque\nBlessr 1\n", encoding="utf-8")
    first = read_file(path, languages)
    (entry,) = (tmp_path / "cache").glob("*.json")
    kept = entry.read_bytes()
    revive = cache._revive_diagnostic

    def astray(data):  # an entry whose reading makes another diagnostic than the one written in it
        diagnostic = revive(data)
        return dataclasses.replace(diagnostic, message=diagnostic.message + " (astray)")

    monkeypatch.setattr(cache, "_revive_diagnostic", astray)
    assert cache.load(str(path), path.read_bytes(), languages) is None
    second = read_file(path, languages)  # read from the file again, and kept anew
    assert [d.render() for d in second.diagnostics] == [d.render() for d in first.diagnostics]
    assert entry.read_bytes() == kept
    monkeypatch.setattr(cache, "_revive_diagnostic", revive)
    assert cache.load(str(path), path.read_bytes(), languages).diagnostics == first.diagnostics


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
    for entry in (tmp_path / "cache").rglob("*.json"):
        entry.write_bytes(b"not json")
    assert read_file(path, languages).node.cards[0].name == "Éclair"


def test_the_cache_can_be_turned_off(languages, tmp_path, monkeypatch):
    monkeypatch.setenv("ATOUT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("ATOUT_NO_CACHE", "1")
    path = tmp_path / "eclair.atout"
    path.write_text(CARD.format(n=2), encoding="utf-8")
    read_file(path, languages)
    assert cache.folder() is None and not (tmp_path / "cache").exists()
