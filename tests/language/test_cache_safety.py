"""The caches run no code the user did not write, and no unusable entry is fatal.

Each test plants what another local user, a crash or an older atout could
leave behind — a pickle with a payload, a symbolic link, a folder that is not
the user's, an entry of another shape — and shows it is refused while
`validate` still gives the right answer.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import stat
import subprocess
import sys

import pytest

from atout.interpreter.language import cache
from atout.interpreter.language.loader import MAX_NESTING, read_file

CARD = "BattleFight : cartes\n== Éclair ==\nAttaque\nBlesser 2\n"


class _Payload:
    """Unpickling this creates the file `marker`: proof that code ran."""

    def __init__(self, marker: str):
        self.marker = marker

    def __reduce__(self):
        return (open, (self.marker, "w"))


def _payload(marker) -> bytes:
    return pickle.dumps(_Payload(str(marker)))


@pytest.fixture
def card(tmp_path, monkeypatch):
    """A valid card file, and a cache folder of its own."""
    monkeypatch.setenv("ATOUT_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "eclair.atout"
    path.write_text(CARD, encoding="utf-8")
    return path


def _entry_of(path):
    place = cache.private_folder()
    assert place is not None
    return cache._entry(place, str(path), path.read_bytes())


def _is_eclair(document) -> bool:
    return document.diagnostics == [] and document.node.cards[0].name == "Éclair"


def test_the_folder_is_created_private_and_entries_are_private(languages, card, tmp_path):
    read_file(card, languages)
    assert stat.S_IMODE(os.lstat(tmp_path / "cache").st_mode) == 0o700
    (entry,) = (e for e in (tmp_path / "cache").iterdir() if e.name != "parsers")  # parsers: the grammars' tables
    assert entry.suffix == ".json" and stat.S_IMODE(os.lstat(entry).st_mode) == 0o600


def test_a_pickle_in_the_cache_folder_is_not_run(languages, card, tmp_path):
    marker = tmp_path / "ran"
    entry = _entry_of(card)
    entry.write_bytes(_payload(marker))
    os.chmod(entry, 0o600)
    (tmp_path / "cache" / "ab").mkdir()
    (tmp_path / "cache" / "ab" / "old.pickle").write_bytes(_payload(marker))  # an older layout's entry
    assert _is_eclair(read_file(card, languages))
    assert not marker.exists()
    assert json.loads(entry.read_bytes())["layout"] == cache.LAYOUT  # rebuilt as JSON


def test_pickles_planted_in_the_old_shared_parser_cache_are_not_run(tmp_path):
    """atout used to keep Lark's pickled tables in <temp dir>/atout-lark-cache, whoever made it."""
    marker = tmp_path / "ran"
    shared = tmp_path / "tmp" / "atout-lark-cache"
    shared.mkdir(parents=True)
    os.chmod(shared, 0o777)
    for game in ("battlefight", "cardia", "cordes", "dragons"):
        for digest in ("0" * 16, hashlib.sha256(game.encode()).hexdigest()[:16]):
            (shared / f"{game}-{digest}.lark.cache").write_bytes(b"x" * 64 + b"\n" + _payload(marker))
    # the names the old atout gave them, for the grammars of today
    from atout.grammar import GRAMMAR_DIR
    from atout.interpreter.language.parser import read_grammar

    everything = "".join(read_grammar(p.name) for p in sorted(GRAMMAR_DIR.glob("*.lark")))
    for grammar in GRAMMAR_DIR.glob("*.lark"):
        digest = hashlib.sha256((read_grammar(grammar.name) + everything).encode()).hexdigest()[:16]
        (shared / f"{grammar.stem}-{digest}.lark.cache").write_bytes(_payload(marker))
    environment = dict(os.environ, TMPDIR=str(tmp_path / "tmp"), ATOUT_CACHE_DIR=str(tmp_path / "cache"))
    result = subprocess.run([sys.executable, "-m", "atout.cli.main", "validate"], env=environment, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "all valid" in result.stdout + result.stderr
    assert not marker.exists()


def test_a_symlink_in_place_of_an_entry_is_neither_read_nor_written_through(languages, card, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    entry = _entry_of(card)
    entry.symlink_to(victim)
    assert _is_eclair(read_file(card, languages))
    assert victim.read_text(encoding="utf-8") == "precious"
    assert not entry.is_symlink() and json.loads(entry.read_bytes())["path"] == str(card)


def test_a_symlink_to_a_planted_entry_is_not_followed(languages, card, tmp_path):
    """A link to a well-formed entry that says something else is not believed either."""
    read_file(card, languages)
    entry = _entry_of(card)
    forged = json.loads(entry.read_bytes())
    forged["diagnostics"] = [{"code": "E111", "message": "forged", "file": str(card), "line": 1, "column": 1, "width": 1, "suggestion": None, "source_line": None}]
    elsewhere = tmp_path / "forged.json"
    elsewhere.write_text(json.dumps(forged), encoding="utf-8")
    os.chmod(elsewhere, 0o600)
    entry.unlink()
    entry.symlink_to(elsewhere)
    assert _is_eclair(read_file(card, languages))


@pytest.mark.parametrize("mode", [0o777, 0o770, 0o702])
def test_a_cache_folder_others_may_write_is_not_used(languages, card, tmp_path, mode):
    folder = tmp_path / "cache"
    folder.mkdir()
    os.chmod(folder, mode)
    assert cache.private_folder() is None
    assert _is_eclair(read_file(card, languages))
    assert list(folder.iterdir()) == []


def test_a_cache_folder_that_is_a_symlink_is_not_used(languages, card, tmp_path):
    real = tmp_path / "real"
    real.mkdir(mode=0o700)
    (tmp_path / "cache").symlink_to(real)
    assert cache.private_folder() is None
    assert _is_eclair(read_file(card, languages))
    assert list(real.iterdir()) == []


@pytest.mark.skipif(os.getuid() != 0, reason="giving a folder to another user needs root")
def test_a_cache_folder_owned_by_someone_else_is_not_used(languages, card, tmp_path):
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    os.chown(folder, 4321, 4321)
    assert cache.private_folder() is None
    assert _is_eclair(read_file(card, languages))
    assert list(folder.iterdir()) == []


@pytest.mark.skipif(os.getuid() != 0, reason="giving a file to another user needs root")
def _forged_entry(card, languages):
    """The cache entry of `card`, rewritten to claim an unread card that the file does not have."""
    read_file(card, languages)
    entry = _entry_of(card)
    forged = json.loads(entry.read_bytes())
    forged["unread"] = ["forged"]
    entry.write_text(json.dumps(forged), encoding="utf-8")
    return entry


def test_an_entry_owned_by_someone_else_is_not_read(languages, card):
    entry = _forged_entry(card, languages)
    os.chown(entry, 4321, 4321)
    assert read_file(card, languages).unread_cards == []


def test_an_entry_others_may_write_is_not_read(languages, card):
    entry = _forged_entry(card, languages)
    os.chmod(entry, 0o622)
    assert read_file(card, languages).unread_cards == []
    assert stat.S_IMODE(os.lstat(entry).st_mode) == 0o600 and json.loads(entry.read_bytes())["unread"] == []
    # the control: the same change to a private entry is believed (so the mode alone refused it)
    _tamper(entry, lambda k: k.update(unread=["forged"]))
    assert read_file(card, languages).unread_cards == ["forged"]


def _tamper(entry, change) -> None:
    kept = json.loads(entry.read_bytes())
    change(kept)
    entry.write_text(json.dumps(kept), encoding="utf-8")


UNUSABLE = {
    "not json": lambda entry: entry.write_bytes(b"\x80not json{"),
    "a list": lambda entry: entry.write_text("[1, 2, 3]"),
    "empty": lambda entry: entry.write_bytes(b""),
    "another layout": lambda entry: _tamper(entry, lambda k: k.update(layout=1)),
    "a field missing": lambda entry: _tamper(entry, lambda k: k.pop("node")),
    "a line as text": lambda entry: _tamper(entry, lambda k: k["node"]["cards"][0].update(span=["2", 1, 4, 10])),
    "a span too short": lambda entry: _tamper(entry, lambda k: k["node"]["cards"][0].update(span=[2])),
    "an unknown class": lambda entry: _tamper(entry, lambda k: k["node"].update({"$": "os:system"})),
    "a value out of range": lambda entry: _tamper(entry, lambda k: k["node"]["cards"][0]["steps"][0]["keyword"].update(n=10**9)),
    "a diagnostic of no code": lambda entry: _tamper(
        entry,
        lambda k: k["diagnostics"].append({"code": "E999", "message": "", "file": "", "line": 1, "column": 1, "width": 1, "suggestion": None, "source_line": None}),
    ),
    "a diagnostic line as text": lambda entry: _tamper(
        entry,
        lambda k: k["diagnostics"].append({"code": "E111", "message": "", "file": "", "line": "1", "column": 1, "width": 1, "suggestion": None, "source_line": None}),
    ),
    "the game unknown": lambda entry: _tamper(entry, lambda k: k.update(game="tarot")),
    "the text as a number": lambda entry: _tamper(entry, lambda k: k.update(text=3)),
    "nested too deeply": lambda entry: entry.write_text('{"node": ' + "[" * 100_000 + "]" * 100_000 + "}"),
    "nested models too deeply": lambda entry: _tamper(entry, lambda k: k.update(node=_deep_models(cache.MAX_DEPTH + 5))),
}


def _deep_models(depth: int) -> dict:
    node: dict = {"$": "atout.interpreter.language.nodes:Param", "kind": "param", "name": "x", "value": "y"}
    for _ in range(depth):
        node = {"$": "atout.interpreter.language.nodes:CardFile", "kind": "cards", "game": "battlefight", "cards": [node]}
    return node


@pytest.mark.parametrize("damage", list(UNUSABLE), ids=list(UNUSABLE))
def test_an_unusable_entry_is_ignored_and_rebuilt(languages, card, damage):
    read_file(card, languages)
    entry = _entry_of(card)
    UNUSABLE[damage](entry)
    assert _is_eclair(read_file(card, languages))
    assert json.loads(entry.read_bytes())["layout"] == cache.LAYOUT  # written anew
    assert _is_eclair(read_file(card, languages))


def _nested(depth: int) -> str:
    clauses = "Si tu as au plus 1 sceau, Piocher 1 carte, sinon " * depth  # each "sinon" holds the next "Si"
    return f"Duel pour Cardia : cartes\n== Assassin ==\nPaquet I · Rébellion · influence 1\nCapacité instantanée : {clauses}Piocher 2 cartes\n"


@pytest.mark.parametrize("depth", [MAX_NESTING - 8, MAX_NESTING + 1, 400])
def test_deeply_nested_clauses_are_cached_or_refused_never_a_crash(languages, tmp_path, monkeypatch, depth):
    monkeypatch.setenv("ATOUT_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "deep.atout"
    path.write_text(_nested(depth), encoding="utf-8")
    first = read_file(path, languages)
    second = read_file(path, languages)
    assert [d.code for d in first.diagnostics] == ([] if depth < MAX_NESTING else ["E114"])
    assert cache.to_json(second) == cache.to_json(first)
    assert len(list((tmp_path / "cache").glob("*.json"))) == 1


def test_where_the_cache_is(monkeypatch, tmp_path):
    monkeypatch.delenv("ATOUT_CACHE_DIR", raising=False)
    monkeypatch.delenv("ATOUT_NO_CACHE", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.folder() == tmp_path / "xdg" / "atout"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    assert cache.folder() == tmp_path / "home" / ".cache" / "atout"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache.folder() == tmp_path / "home" / ".cache" / "atout"
    monkeypatch.setenv("ATOUT_CACHE_DIR", str(tmp_path / "mine"))
    assert cache.folder() == tmp_path / "mine"
