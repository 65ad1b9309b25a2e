"""Reading a card while it is parsed gives what Lark's two passes give, with the spaces fused too.

A builder reads the spaces before a token with it only once its game has
read `FUSE_AFTER` units (`building._fused`), which a test reading a few
files never reaches: here every builder fuses from its first unit, and
every shipped file, and lines with spaces where they are unusual, are read
both ways; the trees are compared with their spans and their classes.
"""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from atout.cards import CARDS_DIR
from atout.interpreter.games import LANGUAGES
from atout.interpreter.language import building, loader
from atout.interpreter.language.loader import read_document


def _deep(value: Any) -> Any:
    """A node as plain data with its class, its span and the fields it was given."""
    if isinstance(value, BaseModel):
        fields = {name: _deep(item) for name, item in value.__dict__.items()}
        return (type(value).__qualname__, sorted(value.model_fields_set), fields)
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, [_deep(item) for item in value])
    return (type(value).__name__, repr(value))


def _read(name: str, text: str, monkeypatch: pytest.MonkeyPatch, *, fused: bool) -> tuple[Any, list[str], int]:
    """A file read while parsed, every state's regexp fused from the first unit (`fused`), or by Lark's two passes.

    With the tree and the diagnostics, how many units the builder gave up
    (read again by the two passes): a valid unit must be read while parsed.
    """
    given_up = []
    build = building.UnitBuilder.build

    def counted(self: building.UnitBuilder, text: str, start: str) -> Any:
        node = build(self, text, start)
        if node is building.FAILED:
            given_up.append(text)
        return node

    with monkeypatch.context() as patch:
        patch.setattr(loader, "_BUILDERS", {})
        if fused:
            patch.setattr(building, "FUSE_AFTER", 0)
            patch.setattr(building.UnitBuilder, "build", counted)
        else:
            patch.setattr(loader, "_builder", lambda game, parser, transformer: None)
        document = read_document(name, text, LANGUAGES)
    return _deep(document.node), [repr(d) for d in document.diagnostics], len(given_up)


SHIPPED = sorted(CARDS_DIR.rglob("*.atout"))


@pytest.mark.parametrize("path", SHIPPED, ids=[str(p.relative_to(CARDS_DIR)) for p in SHIPPED])
def test_every_shipped_file_reads_the_same_fused_and_in_two_passes(path, monkeypatch):
    text = path.read_text(encoding="utf-8")
    node, diagnostics, given_up = _read(path.name, text, monkeypatch, fused=True)
    assert given_up == 0, "a shipped card is read while it is parsed"
    assert (node, diagnostics) == _read(path.name, text, monkeypatch, fused=False)[:2]


VALID = {
    "spaces before and after every word": "BattleFight : cartes\n\n==   Décharge   ==\n   Attaque   \n   Corps à Corps   ;   Blesser   4   \n",
}
GIVEN_UP = {
    "a separator after spaces (Duel de dragons)": ("Duel de dragons : cartes\n\n== Vouivre ==\nDragon  ·  Rare\nPuissance 10  ·  Défense 20 ,  Savoir 30  •  Vitesse 40\n"),
    "a number out of range after spaces": "BattleFight : cartes\n\n== Trop ==\nAttaque\nCorps à Corps ;     Blesser    9999999999999\n",
    "a misspelt word after spaces": "BattleFight : cartes\n\n== Faute ==\nAttaque\nCorps à Corps ;      Blessr 4\n",
}
VALID["spaces before a comment and the line end"] = "BattleFight : cartes\n\n== Note ==\nAttaque     # a comment\nCorps à Corps ; Blesser 4      \n"


@pytest.mark.parametrize("text", VALID.values(), ids=VALID.keys())
def test_spaces_where_they_are_unusual_read_the_same_fused_and_in_two_passes(text, monkeypatch):
    node, diagnostics, given_up = _read("spaced.atout", text, monkeypatch, fused=True)
    assert given_up == 0 and diagnostics == []
    assert (node, diagnostics) == _read("spaced.atout", text, monkeypatch, fused=False)[:2]


@pytest.mark.parametrize("text", GIVEN_UP.values(), ids=GIVEN_UP.keys())
def test_a_problem_after_spaces_is_told_as_the_two_passes_tell_it(text, monkeypatch):
    """Texts the builder gives up (a number too long, a misspelt word, statistics it leaves to the two passes): told the same."""
    node, diagnostics, _ = _read("spaced.atout", text, monkeypatch, fused=True)
    assert (node, diagnostics) == _read("spaced.atout", text, monkeypatch, fused=False)[:2]


def test_a_fused_regexp_finds_the_token_after_the_spaces_and_its_place():
    """The fused branch is used: a token after spaces is found in one match, at its own place."""
    language = LANGUAGES["battlefight"]
    parser = loader.build_parser(language.grammar, language.starts, language.construct_grammar)
    lexers = parser.parser.lexer.lexers
    made = next(found for lexer in lexers.values() if (found := building._fused(lexer.scanner, lexer)) is not None)
    regexp, names = made
    match = regexp.match("   blesser 4", 0)
    assert match is not None and match.lastgroup in names
    assert match.start(match.lastgroup) == 3
