"""Help for a file being written in an editor: its problems, what may come next, what a word means, where a card is.

The language server (`cli/lsp.py`) answers an editor with these functions;
they read a file's text as the editor has it (unsaved changes included) and
the rest of its set from disk:

- `check`: the file's diagnostics, exactly as `atout validate` gives them
  for its set (the same codes, places and suggestions, the same bound on a
  file's size);
- `complete`: the words that may come at a place — the keywords the grammar
  accepts there, whole (`Corps à Corps`, `Se Déplacer`; asked of Lark's
  interactive parser, so only what fits), or, in a deck or a collection,
  the names of the set's cards (the shipped ones too, for a set that
  extends or adds to a game);
- `describe`: for a card named in a deck, a collection or an extension's
  `Sans` line, and for a card's title, the card as a designer reads it; elsewhere what the construct under a place means
  (its AST class's docstring: one name per construct);
- `definition`: where the card a deck or collection line, or an extension's
  `Sans` line, names is written (in a shipped file, for a shipped card).

A file's *set* is the folder `atout validate` would be given (`scope`):

- the nearest folder, the file's or one or two above it, that marks a
  set: it holds an extension file (what `atout init` makes) or a game's
  main rules file (`regles.atout`, `rules.atout`);
- else, in a folder the editor opened (a workspace folder), the file's
  folder, or the nearest above it (not above the workspace folder) whose
  own files are card files too (a `decks/` folder belongs to its game's
  folder);
- else the file alone (with the shipped set, and the base an extension
  file names): a file outside any project is never checked with whatever
  happens to lie in its folder (a scratch file in the temporary folder).

Every walk of a folder is bounded (`MAX_SET_FILES`, `MAX_WALK_ENTRIES`); a
set too large to walk is left out and the file is checked alone, with a
notice that says so.
"""

from __future__ import annotations

import inspect
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache, cache
from pathlib import Path
from typing import Any

from atout.grammar import GRAMMAR_DIR
from lark import Token
from lark.exceptions import LarkError

from .checks import Reporter
from .diagnostics import Diagnostic
from .game import GameLanguage
from .inputs import EXTENSION
from .loader import MAX_UNIT_CHARS, Document, _first_meaningful_line, read_document, read_file
from .nodes import CardFile, CardList, Extension, Node, Span
from .parser import build_parser, printed_words
from .project import load_shipped, shipped_files, validate_documents
from .sets import RULES_STEMS, assemble
from .text import MAX_FILE_BYTES, fold


#: The most card files a set found by walking a folder may hold; past them
#: the folder is not a set (a home or temporary folder), and the file is
#: checked alone. The shipped games hold a few dozen files each.
MAX_SET_FILES = 500
#: The most folder entries looked at while walking a folder for its card
#: files, or while looking at a folder for what marks a set.
MAX_WALK_ENTRIES = 20_000
#: How many folders above a file's own a set's mark is looked for (a deck in
#: `decks/` belongs to the set of the folder above).
MARK_CLIMB = 2
#: How many files of a folder are opened to see whether one is an extension file.
MARK_HEADERS = 32
#: How much of a file is read to find its header.
HEADER_BYTES = 4096
#: The longest word before the cursor that completion looks at.
MAX_WORD_CHARS = 100


def _languages() -> dict[str, GameLanguage[Any, Any]]:
    from .registry import languages

    return languages()


# ---------------------------------------------------------------------------
# A file's set
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Scope:
    """The files checked with a file: its set's other files, and why the set is what it is."""

    #: The folder of the set (None: the file alone).
    root: Path | None
    #: The set's other `.atout` files, sorted.
    files: tuple[Path, ...] = ()
    #: Said to the designer when the set could not be walked and the file is checked alone.
    notice: str = ""


def _entries(folder: Path, limit: int = MAX_WALK_ENTRIES) -> list[os.DirEntry[str]]:
    """A folder's first entries (at most `limit`); none if it cannot be read."""
    found: list[os.DirEntry[str]] = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if len(found) >= limit:
                    break
                found.append(entry)
    except OSError:
        return []
    return found


def _is_card_file(entry: os.DirEntry[str]) -> bool:
    """True for an `.atout` file (not a folder, whatever its name)."""
    try:
        return entry.name.endswith(EXTENSION) and entry.is_file()
    except OSError:
        return False


def _header_is_extension(path: str) -> bool:
    """True for an extension file: its header (first line neither blank nor a comment) names the kind `extension`."""
    try:
        with open(path, "rb") as stream:
            head = stream.read(HEADER_BYTES).decode("utf-8", errors="replace")
    except OSError:
        return False
    lines = head.split("\n")
    index = _first_meaningful_line(lines)
    return index is not None and fold(lines[index].split("#")[0]).rstrip().endswith(": extension")


def _marks_a_set(folder: Path) -> bool:
    """True for a folder that holds a game's main rules file or an extension file (what `atout init` makes)."""
    main_rules = {fold(stem) + EXTENSION for stem in RULES_STEMS}
    opened = 0
    for entry in _entries(folder):
        if not _is_card_file(entry):
            continue
        if fold(entry.name) in main_rules:
            return True
        if opened < MARK_HEADERS:
            opened += 1
            if _header_is_extension(entry.path):
                return True
    return False


def _holds_card_files(folder: Path) -> bool:
    """True for a folder whose own entries (the first `MAX_WALK_ENTRIES`) include an `.atout` file."""
    return any(_is_card_file(entry) for entry in _entries(folder))


def _walk(root: Path) -> list[Path] | None:
    """The `.atout` files under `root`, sorted; None when there are too many, or too many entries to look through.

    Folders whose name starts with a dot (`.git`, `.venv`) are not walked, nor links to folders.
    """
    found: list[Path] = []
    seen = 0
    folders = [root]
    while folders:
        folder = folders.pop()
        for entry in _entries(folder):
            seen += 1
            if seen > MAX_WALK_ENTRIES:
                return None
            try:
                is_folder = entry.is_dir(follow_symlinks=False)
            except OSError:
                continue
            if is_folder:
                if not entry.name.startswith("."):
                    folders.append(Path(entry.path))
            elif _is_card_file(entry):
                found.append(Path(entry.path))
                if len(found) > MAX_SET_FILES:
                    return None
    return sorted(found)


def _within(path: Path, folders: Iterable[Path]) -> Path | None:
    """The deepest of `folders` that holds `path`, if any."""
    holding = [folder for folder in folders if path.is_relative_to(folder)]
    return max(holding, key=lambda folder: len(folder.parts), default=None)


def set_root(path: Path, workspace: Sequence[Path] = ()) -> Path | None:
    """The folder of the file's set (see the module's docstring); None: the file is checked alone."""
    path = path.resolve()
    folder = path.parent
    for marked in [folder, *folder.parents][: MARK_CLIMB + 1]:
        if _marks_a_set(marked):
            return marked
    home = _within(path, [Path(root).resolve() for root in workspace])
    if home is None:
        return None
    root = folder
    while root != home and root.parent != root and _holds_card_files(root.parent):
        root = root.parent
    return root


def scope(path: Path, workspace: Sequence[Path] = ()) -> Scope:
    """The files checked with `path`: its set's other files (see the module's docstring)."""
    path = path.resolve()
    root = set_root(path, workspace)
    if root is None:
        return Scope(None)
    files = _walk(root)
    if files is None:
        return Scope(
            None,
            notice=f"the folder {root} holds more than {MAX_SET_FILES:,} card files, or too many files to look "
            "through: this file is checked alone (open its set's own folder, or give the set an extension file)",
        )
    return Scope(root, tuple(p for p in files if p != path))


@lru_cache(maxsize=8)
def _read(path: str, text: str) -> Document:
    """The file as the editor has it, read as `atout validate` reads a file's bytes (the same bound on its size)."""
    data = text.encode("utf-8", errors="surrogatepass")
    return read_document(path, data, _languages())


def _documents(path: Path, text: str, workspace: Sequence[Path] = ()) -> tuple[Document, list[Document], Scope]:
    """The file as the editor has it, the other files of its set from disk, and its scope."""
    path = path.resolve()
    mine = _read(str(path), text)
    if mine.game is None:
        return mine, [], Scope(None)
    found = scope(path, workspace)
    languages = _languages()
    return mine, [read_file(p, languages) for p in found.files], found


@dataclass(frozen=True)
class Checked:
    """A file's diagnostics, and what to tell the designer about how it was checked."""

    diagnostics: list[Diagnostic]
    notice: str = ""


def check(path: Path, text: str, workspace: Sequence[Path] = ()) -> Checked:
    """The file's problems and notes, as `atout validate` finds them in its set."""
    mine, others, found = _documents(path, text, workspace)
    if mine.game is None:
        return Checked(list(mine.diagnostics))
    validation = validate_documents([*others, mine], _languages())
    return Checked([d for d in validation.diagnostics if d.file == mine.path], found.notice)


def _set_documents(path: Path, text: str, workspace: Sequence[Path] = ()) -> tuple[Document, list[Document]]:
    """The file as the editor has it, and the documents of its set as put together: a base's cards
    (the shipped game's, for a set that extends or adds to it) with the set's own laid over them."""
    mine, others, _ = _documents(path, text, workspace)
    game = mine.game
    if game is None:
        return mine, []
    if isinstance(mine.node, Extension):
        # the base as it is, the cards this extension leaves out included: they are what its `Sans` lines name
        mine = replace(mine, node=mine.node.model_copy(update={"without": []}))
    group = [d for d in [*others, mine] if d.game is game and d.node is not None]
    folders = [Path(d.path).parent for d in group if isinstance(d.node, Extension)]
    owner = _within(Path(mine.path), folders)
    members = [d for d in group if _within(Path(d.path), folders) == owner]
    shipped = load_shipped(game, group)
    game_set = assemble(game, members or shipped, Reporter(), shipped)
    return mine, game_set.documents


def _cards(documents: Iterable[Document], game: GameLanguage[Any, Any]) -> Iterator[tuple[Any, Document]]:
    """The cards of a set's card files, with their documents."""
    for document in documents:
        if document.game is game and isinstance(document.node, CardFile) and document.node.kind == "cards":
            for card in document.node.cards:
                yield card, document


@cache
def _shipped_paths(game: GameLanguage[Any, Any]) -> frozenset[Path]:
    """The files shipped with a game, resolved."""
    return frozenset(path.resolve() for path in shipped_files(game))


def _where(game: GameLanguage[Any, Any], document: Document) -> str:
    """The file a card comes from, as a designer names it: its name, and whether it is shipped with the game."""
    name = Path(document.path).name
    return f"{name}, shipped with {game.title}" if Path(document.path).resolve() in _shipped_paths(game) else name


def _card_text(game: GameLanguage[Any, Any], card: Any) -> str:
    """A card as a designer reads it: its title, its type or category, its text or statistics."""
    if game.write_card is not None:
        return game.write_card(card).rstrip()
    return f"== {game.card_name(card)} =="


# ---------------------------------------------------------------------------
# Completion
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Completion:
    """What may be written at a place: a keyword (whole, of one or more words), or a card's name."""

    label: str
    kind: str  # "keyword" or "card"
    detail: str = ""
    #: More about it: for a card, the card as a designer reads it.
    documentation: str = ""


def word_start(line: str, column: int) -> int:
    """Where the word the cursor is in starts (0-based); a word is looked at over `MAX_WORD_CHARS` at most."""
    start = column
    while start > 0 and column - start < MAX_WORD_CHARS and (line[start - 1].isalnum() or line[start - 1] in "'’-_"):
        start -= 1
    return start


def _header(path: Path, lines: list[str]) -> Document:
    """The file's header alone, read: its game and its kind (the rest of the file is not read)."""
    index = _first_meaningful_line(lines)
    if index is None:
        return Document(str(path))
    return read_document(str(path), "\n".join(lines[: index + 1]) + "\n", _languages())


def _too_large(text: str) -> bool:
    """True for a text that `atout validate` would refuse for its size."""
    return len(text) > MAX_FILE_BYTES or len(text.encode("utf-8", errors="surrogatepass")) > MAX_FILE_BYTES


def complete(path: Path, text: str, line: int, column: int, workspace: Sequence[Path] = ()) -> list[Completion]:
    """What may be written at `line`, `column` (both from 0, as editors count), starting with the word begun there."""
    if _too_large(text):
        return []
    lines = text.split("\n")
    if not 0 <= line < len(lines):
        return []
    current = lines[line]
    column = min(column, len(current))
    start = word_start(current, column)
    typed = fold(current[start:column])
    header = _header(path, lines)
    game, kind = header.game, header.kind
    if game is None or kind is None:
        return []
    if kind.name in ("deck", "collection"):
        found = _card_names(path, text, game, workspace)
    else:
        found = [Completion(word, "keyword") for word in _expected_words(game, kind.start, kind.unit, lines, line, start)]
    return [c for c in found if fold(c.label).startswith(typed)]


def _card_names(path: Path, text: str, game: GameLanguage[Any, Any], workspace: Sequence[Path]) -> list[Completion]:
    """The names of the cards of the file's set (shipped ones included), each with its type and its text."""
    _, documents = _set_documents(path, text, workspace)
    names: dict[str, Completion] = {}
    for card, document in _cards(documents, game):
        name = game.card_name(card)
        written = _card_text(game, card)
        kind = written.split("\n")[1] if "\n" in written else ""
        names.setdefault(fold(name), Completion(name, "card", kind, f"{written}\n\n({_where(game, document)})"))
    return sorted(names.values(), key=lambda c: fold(c.label))


_GRAMMAR_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"i?[?*+]?|/(?:[^/\\\n]|\\.)*/[a-z]*|[\w.]+|\S')
_LETTER = re.compile(r"\w")


@cache
def keyword_phrases(grammar: str, additions: str = "") -> dict[str, tuple[tuple[str, ...], ...]]:
    """The whole keywords of a grammar, by their first word (folded): each as its words, as printed.

    A whole keyword is a run of literal words written one after the other in
    a rule (`"Corps" "à" "Corps"`, `"Se" "Déplacer"`); a word in no such run
    is a keyword of its own.
    """
    texts = [(GRAMMAR_DIR / name).read_text(encoding="utf-8") for name in (grammar, "core.lark")] + [additions]
    runs: set[tuple[str, ...]] = set()
    for source in texts:
        text = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith("//"))
        run: list[str] = []
        for token in [*_GRAMMAR_TOKEN.findall(text), ""]:
            word = token.rstrip("?*+").removesuffix("i")[1:-1] if token.startswith('"') else None
            if word is not None and _LETTER.search(word) and not token.endswith(("?", "*", "+")):
                run.append(word)
                continue
            if run:
                runs.add(tuple(run))
                run = []
            if word is not None and _LETTER.search(word):
                runs.add((word,))
    phrases: dict[str, list[tuple[str, ...]]] = {}
    for phrase in sorted(runs):
        phrases.setdefault(fold(phrase[0]), []).append(phrase)
    return {first: tuple(found) for first, found in phrases.items()}


def _fits(interactive: Any, terminals: dict[str, str], name: str, words: tuple[str, ...]) -> bool:
    """Whether the parser, where it stands, takes these words one after the other (the first as terminal `name`)."""
    trial = interactive.copy()
    try:
        trial.feed_token(Token(name, fold(words[0])))
        for word in map(fold, words[1:]):
            terminal = terminals.get(word)
            if terminal is None:
                return False
            trial.feed_token(Token(terminal, word))
    except LarkError:
        return False
    return True


def _expected_words(game: GameLanguage[Any, Any], start_rule: str, unit: str, lines: list[str], line: int, column: int) -> list[str]:
    """The keywords, whole, the grammar accepts after the text of the unit up to `line`, `column`.

    A unit longer than the loader reads (`MAX_UNIT_CHARS`) gets none: its
    text is not parsed.
    """
    first = line
    if unit == "card":
        while first > 0 and not lines[first].lstrip().startswith("=="):
            first -= 1
        if not lines[first].lstrip().startswith("=="):
            return []
    if sum(len(text) + 1 for text in lines[first:line]) + column > MAX_UNIT_CHARS:
        return []
    prefix = "\n".join([*lines[first:line], lines[line][:column]])
    additions = game.construct_grammar
    parser = build_parser(game.grammar, game.starts, additions)
    try:
        interactive = parser.parse_interactive(fold(prefix), start=start_rule)
        interactive.exhaust_lexer()
        accepted = interactive.accepts()  # type: ignore[no-untyped-call]
    except LarkError:
        return []
    words = printed_words(game.grammar, additions)
    phrases = keyword_phrases(game.grammar, additions)
    terminals = {t.pattern.value: t.name for t in parser.terminals if t.pattern.type == "str"}
    found: dict[str, str] = {}  # folded → as printed: one keyword however many spellings the grammar has
    for name in accepted:
        try:
            pattern = parser.get_terminal(name).pattern
        except KeyError:
            continue
        if pattern.type != "str":
            continue
        whole = [p for p in phrases.get(pattern.value, ()) if _fits(interactive, terminals, name, p)]
        for phrase in whole or [(words.get(pattern.value, pattern.value),)]:
            label = " ".join(phrase)
            if fold(label) not in found or label[:1].isupper():
                found[fold(label)] = label
    return sorted(found.values(), key=fold)


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


def _named_at(document: Document, line: int) -> str | None:
    """The card named on `line` (from 1): by a deck's or a collection's line, or by an extension's `Sans` line."""
    if isinstance(document.node, CardList):
        for entry in document.node.entries:
            if entry.span is not None and entry.span.line == line:
                return entry.name
    if isinstance(document.node, Extension):
        for left_out in document.node.without:
            if left_out.span is not None and left_out.span.line == line:
                return left_out.value
    return None


def _titled_at(document: Document, line: int) -> Any | None:
    """The card of the file whose title is on `line` (from 1), if any."""
    if isinstance(document.node, CardFile):
        for card in document.node.cards:
            if card.span is not None and card.span.line == line:
                return card
    return None


def _card(path: Path, text: str, game: GameLanguage[Any, Any], name: str, workspace: Sequence[Path]) -> tuple[Any, Document] | None:
    """The card of the set with this name (case- and accent-blind), and its file (a shipped one too)."""
    _, documents = _set_documents(path, text, workspace)
    for card, document in _cards(documents, game):
        if fold(game.card_name(card)) == fold(name):
            return card, document
    return None


def describe(path: Path, text: str, line: int, column: int, workspace: Sequence[Path] = ()) -> str | None:
    """What is written at `line`, `column` (from 0): a card as a designer reads it, for a deck line or a card's
    title; else the meaning of the construct there."""
    document = _read(str(path.resolve()), text)
    game = document.game
    if game is None:
        return None
    name = _named_at(document, line + 1)
    if name is not None:
        found = _card(path, text, game, name, workspace)
        if found is None:
            return None
        card, where = found
        return f"{_card_text(game, card)}\n\n({_where(game, where)})"
    titled = _titled_at(document, line + 1)
    if titled is not None:
        return _card_text(game, titled)
    node = _innermost(document, line + 1, column + 1)
    if node is None:
        return None
    doc = inspect.getdoc(type(node)) or ""
    meaning = doc.split("\n\n")[0].replace("\n", " ")
    return f"{type(node).__name__}: {meaning}" if meaning else type(node).__name__


def definition(path: Path, text: str, line: int, column: int, workspace: Sequence[Path] = ()) -> Span | None:
    """Where the card named on a deck or collection line, or an extension's `Sans` line (`line` from 0), is
    written (a shipped file too)."""
    document = _read(str(path.resolve()), text)
    name = _named_at(document, line + 1)
    if name is None or document.game is None:
        return None
    found = _card(path, text, document.game, name, workspace)
    return found[0].span if found is not None else None
