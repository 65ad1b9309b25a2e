"""Help for a file being written in an editor: its problems, what may come next, what a word means, where a card is.

The language server (`cli/lsp.py`) answers an editor with these functions;
they read a file's text as the editor has it (unsaved changes included) and
the rest of its set from disk:

- `check`: the file's diagnostics, exactly as `atout validate` gives them
  for its set (the same codes, places and suggestions);
- `complete`: the words that may come at a place — the keywords the grammar
  accepts there (asked of Lark's interactive parser, so only what fits), or,
  in a deck or a collection, the names of the set's cards;
- `describe`: what the construct under a place means (its AST class's
  docstring: one name per construct, from grammar rule to class), and for a
  card named in a deck, the card's text;
- `definition`: where the card a deck or collection line names is written.

A file's *set* is the folder `atout validate` would be given: the file's
folder, or the nearest folder above it whose own files are card files too
(a `decks/` folder belongs to its game's folder).
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lark.exceptions import LarkError

from .diagnostics import Diagnostic
from .game import GameLanguage
from .inputs import EXTENSION, expand
from .loader import Document, read_document, read_file
from .nodes import CardList, ListEntry, Node, Span
from .parser import build_parser, printed_words
from .project import validate_documents
from .text import fold


def _languages() -> dict[str, GameLanguage]:
    from atout.interpreter.games import LANGUAGES

    return LANGUAGES


def set_root(path: Path) -> Path:
    """The folder of the file's set: its folder, or the nearest above whose own files are card files too."""
    root = path.resolve().parent
    while any(p.suffix == EXTENSION for p in root.parent.glob(f"*{EXTENSION}")) and root.parent != root:
        root = root.parent
    return root


def _documents(path: Path, text: str) -> tuple[Document, list[Document]]:
    """The file as the editor has it, and the other files of its set from disk."""
    path = path.resolve()
    languages = _languages()
    mine = read_document(str(path), text, languages)
    others = [read_file(p, languages) for p in expand([set_root(path)]) if p.resolve() != path]
    return mine, others


def check(path: Path, text: str) -> list[Diagnostic]:
    """The file's problems and notes, as `atout validate` finds them in its set."""
    mine, others = _documents(path, text)
    validation = validate_documents([*others, mine], _languages())
    return [d for d in validation.diagnostics if d.file == mine.path]


# ---------------------------------------------------------------------------
# Completion
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Completion:
    """A word that may be written at a place: a keyword, or a card's name."""

    label: str
    kind: str  # "keyword" or "card"
    detail: str = ""


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _word_start(line: str, column: int) -> int:
    """Where the word the cursor is in starts (0-based)."""
    start = column
    while start > 0 and (line[start - 1].isalnum() or line[start - 1] in "'’-_"):
        start -= 1
    return start


def complete(path: Path, text: str, line: int, column: int) -> list[Completion]:
    """What may be written at `line`, `column` (both from 0, as editors count), starting with the word begun there."""
    lines = _lines(text)
    if not 0 <= line < len(lines):
        return []
    current = lines[line]
    column = min(column, len(current))
    start = _word_start(current, column)
    typed = fold(current[start:column])
    document = read_document(str(path), text, _languages())
    game, kind = document.game, document.kind
    if game is None or kind is None:
        return []
    if kind.name in ("deck", "collection"):
        found = [Completion(name, "card", detail) for name, detail in _card_names(path, text, game)]
    else:
        found = [Completion(word, "keyword") for word in _expected_words(game, kind.start, kind.unit, lines, line, start)]
    return [c for c in found if fold(c.label).startswith(typed)]


def _card_names(path: Path, text: str, game: GameLanguage) -> list[tuple[str, str]]:
    """The names of the cards of the file's set, with their first line of text."""
    mine, others = _documents(path, text)
    names: dict[str, str] = {}
    for document in others:
        if document.game is game and document.node is not None and document.kind is not None and document.kind.unit == "card":
            for card in getattr(document.node, "cards", []):
                name = game.card_name(card)
                names.setdefault(name, Path(document.path).name)
    return sorted(names.items(), key=lambda item: fold(item[0]))


def _expected_words(game: GameLanguage, start_rule: str, unit: str, lines: list[str], line: int, column: int) -> list[str]:
    """The keywords the grammar accepts after the text of the unit up to `line`, `column`."""
    first = line
    if unit == "card":
        while first > 0 and not lines[first].lstrip().startswith("=="):
            first -= 1
        if not lines[first].lstrip().startswith("=="):
            return []
    prefix = "\n".join([*lines[first:line], lines[line][:column]])
    additions = game.construct_grammar
    parser = build_parser(game.grammar, game.starts, additions)
    try:
        interactive = parser.parse_interactive(fold(prefix), start=start_rule)
        interactive.exhaust_lexer()
        accepted = interactive.accepts()
    except LarkError:
        return []
    words = printed_words(game.grammar, additions)
    found: set[str] = set()
    for name in accepted:
        try:
            pattern = parser.get_terminal(name).pattern
        except KeyError:
            continue
        if pattern.type == "str":
            found.add(words.get(pattern.value, pattern.value))
    return sorted(found, key=fold)


# ---------------------------------------------------------------------------
# What a place means, and where a card is
# ---------------------------------------------------------------------------


def _contains(span: Span, line: int, column: int) -> bool:
    """Whether a span holds the place (`line`, `column` from 1)."""
    if (line, column) < (span.line, span.column):
        return False
    return (line, column) <= (span.end_line, span.end_column)


def _nodes(value: Any) -> Iterator[Node]:
    if isinstance(value, Node):
        yield value
        for name in type(value).model_fields:
            yield from _nodes(getattr(value, name))
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _nodes(item)


def _innermost(document: Document, line: int, column: int) -> Node | None:
    """The smallest node written around the place (from 1), if any."""
    best: Node | None = None
    for node in _nodes(document.node):
        span = node.span
        if span is not None and _contains(span, line, column):
            if best is None or best.span is None or (span.line, span.column) >= (best.span.line, best.span.column):
                best = node
    return best


def _entry_at(document: Document, line: int) -> ListEntry | None:
    if isinstance(document.node, CardList):
        for entry in document.node.entries:
            if entry.span is not None and entry.span.line == line:
                return entry
    return None


def _card(path: Path, text: str, game: GameLanguage, name: str) -> tuple[Any, Document] | None:
    """The card of the set with this name (case- and accent-blind), and its file."""
    _, others = _documents(path, text)
    for document in others:
        if document.game is game and document.node is not None:
            for card in getattr(document.node, "cards", []):
                if fold(game.card_name(card)) == fold(name):
                    return card, document
    return None


def describe(path: Path, text: str, line: int, column: int) -> str | None:
    """What is written at `line`, `column` (from 0): a card's text for a deck line, else the meaning of the construct there."""
    document = read_document(str(path.resolve()), text, _languages())
    game = document.game
    if game is None:
        return None
    entry = _entry_at(document, line + 1)
    if entry is not None:
        found = _card(path, text, game, entry.name)
        if found is None:
            return None
        card, where = found
        body = game.write_card(card) if game.write_card is not None else entry.name
        return f"{body.rstrip()}\n\n({Path(where.path).name})"
    node = _innermost(document, line + 1, column + 1)
    if node is None:
        return None
    doc = inspect.getdoc(type(node)) or ""
    meaning = doc.split("\n\n")[0].replace("\n", " ")
    return f"{type(node).__name__}: {meaning}" if meaning else type(node).__name__


def definition(path: Path, text: str, line: int, column: int) -> Span | None:
    """Where the card named on a deck or collection line (`line` from 0) is written."""
    document = read_document(str(path.resolve()), text, _languages())
    entry = _entry_at(document, line + 1)
    if entry is None or document.game is None:
        return None
    found = _card(path, text, document.game, entry.name)
    return found[0].span if found is not None else None
