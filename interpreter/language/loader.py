"""Reading one file of the card language: header, units, AST, diagnostics.

`read_document` never raises on bad input: whatever the bytes are, it returns
a `Document` whose `diagnostics` say what is wrong and where. A file is:

1. decoded (UTF-8, no binary, bounded size): E100;
2. its first line, the header, names the game and the kind of file
   (`BattleFight : cartes`): E101, E102;
3. the rest is cut into units (one card per title, or one line), each parsed
   on its own with the game's grammar and transformed into nodes: E11x, E2xx
   (built while it is parsed, `building.py`; a unit that has a problem is
   read again as a parse tree, then transformed, which says what it is);
4. the units make the file's node: `CardFile`, `CardList`, `Extension`
   or, for a rules file, `RulesFile` with its parameters as written and,
   when it gives them all, typed by the game's rules model.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lark import Lark, Token, Tree, UnexpectedInput
from pydantic import BaseModel

from ..fastpaths import FAST
from . import cache
from .building import FAILED, UnitBuilder
from .diagnostics import DETAILED_PER_FILE, Diagnostic, nearest, shorten
from .game import FileKind, GameLanguage
from .nodes import CardFile, CardList, Extension, ListEntry, Node, Param, RulesFile, Span
from .inputs import MAX_FILE_LINES, InputError, note_read, read_bounded
from .models import build_bottom_up, models_of, package_of
from .parser import build_parser, syntax_diagnostic
from .tables import lark_as_shipped
from .rules import type_rules
from .text import UnreadableFile, decode, fold
from .transform import UnitTransformer, position

#: The longest unit (a card, a line) that is parsed; a longer one is refused.
MAX_UNIT_CHARS = 20_000

#: The most digits a number may have. Every number of the games is small
#: (a count, a bonus, a statistic); a longer one is refused before it is
#: turned into an integer, so that its size costs nothing.
MAX_DIGITS = 9
#: The deepest a unit's parse tree may be: clauses nested in clauses ("Si …,
#: Si …, …"). The shipped cards go 6 deep.
MAX_NESTING = 32

_TITLE_LINE = re.compile(r"^[ \t]*==", re.MULTILINE)


@dataclass
class Document:
    """One file, read: its game, its kind, its AST node and its diagnostics."""

    path: str
    text: str = ""
    game: GameLanguage[Any, Any] | None = None
    kind: FileKind | None = None
    node: Node | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    #: For a rules file, the typed rules (an instance of the game's rules model).
    rules: BaseModel | None = None
    #: The titles of the cards whose text has an error: they are in the file,
    #: so a deck that names them is not told they do not exist.
    unread_cards: list[str] = field(default_factory=list)

    @property
    def lines(self) -> list[str]:
        """The file's lines, without their line ends."""
        return self.text.split("\n")

    @property
    def is_valid(self) -> bool:
        """True when the file has no diagnostic."""
        return not self.diagnostics


def read_file(path: str | Path, games: dict[str, GameLanguage[Any, Any]], shown_as: str | None = None) -> Document:
    """Read a file from disk; an unreadable file gives an E100 diagnostic."""
    name = shown_as or str(path)
    try:
        data = read_bounded(path)
    except InputError as error:  # a named pipe, a device, a file too large: refused before it is read
        note_read(path, None)
        return Document(name, diagnostics=[Diagnostic("E100", error.reason, name)])
    except (OSError, ValueError) as error:
        note_read(path, None)
        reason = getattr(error, "strerror", None) or str(error)
        return Document(name, diagnostics=[Diagnostic("E100", f"cannot read the file: {reason}", name)])
    note_read(path, data)
    document = cache.load(name, data, games)
    if document is None:
        document = read_document(name, data, games)
        cache.store(document, data)
    return document


def read_document(path: str, data: bytes | str, games: dict[str, GameLanguage[Any, Any]]) -> Document:
    """Read a file's bytes (or text) into a `Document`."""
    document = Document(path)
    try:
        document.text = data if isinstance(data, str) else decode(data)
    except UnreadableFile as error:
        document.diagnostics.append(Diagnostic("E100", error.reason, path, error.line, error.column))
        return document
    if document.text.count("\n") >= MAX_FILE_LINES:
        count = document.text.count("\n") + 1
        document.diagnostics.append(Diagnostic("E100", f"the file has {count:,} lines; atout reads card files of at most {MAX_FILE_LINES:,} lines: split it", path))
        return document

    lines = document.lines
    header_index = _first_meaningful_line(lines)
    if header_index is None:
        document.diagnostics.append(Diagnostic("E101", f'the file is empty: start it with a header such as "{_any_header(games)}"', path))
        return document
    if not _read_header(document, lines, header_index, games):
        return document

    assert document.game is not None and document.kind is not None
    game, kind = document.game, document.kind
    transformer = _transformer(game)
    transformer.begin_file(path)
    additions = game.construct_grammar
    parser = build_parser(game.grammar, game.starts, additions)
    builder = _builder(game, parser, transformer)
    folded = fold(document.text)
    offsets = _line_offsets(lines)
    nodes: list[Node] = []
    for start, end in _units(document, lines, header_index + 1, kind):
        original = "\n".join(lines[start:end]) + "\n"
        if len(original) > MAX_UNIT_CHARS:
            document.diagnostics.append(
                Diagnostic(
                    "E110",
                    f"this {'card' if kind.unit == 'card' else 'line'} is {len(original):,} characters long; a unit of at most {MAX_UNIT_CHARS:,} is read: split it",
                    path,
                    start + 1,
                    1,
                    1,
                    None,
                    lines[start],
                )
            )
            continue
        unit_folded = folded[offsets[start] : offsets[end] - 1] + "\n"
        if builder is not None:
            mark = len(transformer.diagnostics)
            transformer.begin_unit(original, start, lines)
            node = builder.build(unit_folded, kind.start)
            if node is not FAILED:
                nodes.append(node)
                continue
            del transformer.diagnostics[mark:]  # given up: read the plain way below, which reports anew
        try:
            tree = parser.parse(unit_folded, start=kind.start)
        except UnexpectedInput as error:
            brief = len(document.diagnostics) + len(transformer.diagnostics) >= DETAILED_PER_FILE
            document.diagnostics.append(
                syntax_diagnostic(
                    error,
                    parser,
                    game.grammar,
                    path,
                    unit_folded,
                    start,
                    lines,
                    brief=brief,
                    additions=additions,
                    hints=game.hints if kind.unit == "card" else None,  # a card's line, not a rules or a deck line
                )
            )
            if kind.unit == "card":
                document.unread_cards.append(lines[start].strip().strip("=").strip())
            continue
        except RecursionError:
            document.diagnostics.append(Diagnostic("E114", "this text is nested too deeply to be read", path, start + 1, 1, 1, None, lines[start]))
            continue
        problem = _unit_bounds(tree, path, start, lines)
        if problem is not None:
            document.diagnostics.append(problem)
            if kind.unit == "card":
                document.unread_cards.append(lines[start].strip().strip("=").strip())
            continue
        transformer.begin_unit(original, start, lines)
        nodes.append(transformer.transform(tree))
    document.diagnostics.extend(transformer.diagnostics)
    document.node = _file_node(document, nodes)
    return document


def _unit_bounds(tree: Tree[Any], path: str, start: int, lines: list[str]) -> Diagnostic | None:
    """A number too long (E200) or clauses nested too deeply (E114) in a unit's tree.

    Checked on the parse tree, before any number becomes an integer and
    before the (recursive) transformer runs; one walk, without recursion.
    """
    stack = [(tree, 1)]
    deepest: tuple[int, Tree[Any]] | None = None
    while stack:
        node, depth = stack.pop()
        if depth > MAX_NESTING and deepest is None:
            deepest = (depth, node)
        for child in node.children:
            if isinstance(child, Tree):
                stack.append((child, depth + 1))
            elif isinstance(child, Token) and len(child) > MAX_DIGITS and _digits(child) > MAX_DIGITS:
                line, column = position(child)[:2]
                line += start
                digits = _digits(child)
                return Diagnostic(
                    "E200",
                    f"a number of {digits:,} digits; numbers have at most {MAX_DIGITS} digits here",
                    path,
                    line,
                    column,
                    min(digits, 40),
                    None,
                    lines[line - 1] if line <= len(lines) else None,
                )
    if deepest is not None:
        node = deepest[1]
        line = (getattr(node.meta, "line", 1) if not node.meta.empty else 1) + start
        return Diagnostic(
            "E114",
            f"clauses are nested more than {MAX_NESTING} deep here: write this text as simpler clauses",
            path,
            line,
            getattr(node.meta, "column", 1) if not node.meta.empty else 1,
            1,
            None,
            lines[line - 1] if line <= len(lines) else None,
        )
    return None


def _digits(token: Token) -> int:
    """How many digits a token that is a number has (a sign and spaces aside); 0 if it is not one."""
    digits = token.strip().lstrip("+-")
    return len(digits) if digits.isascii() and digits.isdigit() else 0


_TRANSFORMERS: dict[str, UnitTransformer] = {}


def _transformer(game: GameLanguage[Any, Any]) -> UnitTransformer:
    """The game's transformer, made once per process (see `UnitTransformer.__init__`)."""
    transformer = _TRANSFORMERS.get(game.name)
    if transformer is None:
        transformer = _TRANSFORMERS[game.name] = game.transformer()
        transformer.declare(game.constructs)
        build_bottom_up([*game.constructs, *models_of(package_of(game.transformer))])
    return transformer


_BUILDERS: dict[str, tuple[Lark, UnitTransformer, UnitBuilder | None]] = {}


def _builder(game: GameLanguage[Any, Any], parser: Lark, transformer: UnitTransformer) -> UnitBuilder | None:
    """What builds the game's units while parsing them (`building.py`), made once per process; None: the plain two passes."""
    made = _BUILDERS.get(game.name)
    if made is None or made[0] is not parser or made[1] is not transformer:
        try:
            usable = FAST and lark_as_shipped() and UnitBuilder.supports(transformer)  # the Lark atout is tested with; not on the plain path
            builder = UnitBuilder(parser, transformer, MAX_DIGITS, MAX_NESTING) if usable else None
        except AttributeError:  # a Lark whose insides are laid out otherwise (a test says so): the plain way
            builder = None
        made = _BUILDERS[game.name] = (parser, transformer, builder)
    return made[2]


def _line_offsets(lines: list[str]) -> list[int]:
    """The offset in the text of each line's start, and one past the last line."""
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    return offsets


def _first_meaningful_line(lines: list[str]) -> int | None:
    """The index of the first line that is neither blank nor a comment."""
    for index, line in enumerate(lines):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            return index
    return None


def _any_header(games: dict[str, GameLanguage[Any, Any]]) -> str:
    return next(iter(games.values())).header_example() if games else "Game : cards"


#: The games by their folded header names, for the games last asked about (`_header_names`).
_HEADER_NAMES: list[tuple[tuple[tuple[Any, tuple[str, ...]], ...], dict[str, GameLanguage[Any, Any]]]] = []


def _header_names(games: dict[str, GameLanguage[Any, Any]]) -> dict[str, GameLanguage[Any, Any]]:
    """The games by the folded names a header may give them; folded again only when the games or their names change."""
    key = tuple((game, tuple(game.header_names)) for game in games.values())
    if _HEADER_NAMES and len(_HEADER_NAMES[0][0]) == len(key) and all(a is b and m == n for (a, m), (b, n) in zip(_HEADER_NAMES[0][0], key)):
        return _HEADER_NAMES[0][1]
    by_name = {fold(" ".join(n.split())): g for g, names in key for n in names}
    _HEADER_NAMES[:] = [(key, by_name)]
    return by_name


def _read_header(document: Document, lines: list[str], index: int, games: dict[str, GameLanguage[Any, Any]]) -> bool:
    """Read the header line into `document.game` and `.kind`; False on a problem."""
    line = lines[index]
    path = document.path
    body = line.split("#", 1)[0]
    if ":" not in body:
        document.diagnostics.append(
            Diagnostic(
                "E101",
                f'the first line must name the game and the kind of file, such as "{_any_header(games)}"',
                path,
                index + 1,
                1,
                len(line.rstrip()) or 1,
                None,
                line,
            )
        )
        return False
    game_words, kind_words = body.split(":", 1)
    by_name = _header_names(games)
    game = by_name.get(" ".join(fold(game_words).split()))
    game_column = len(game_words) - len(game_words.lstrip()) + 1
    if game is None:
        names = [g.title for g in games.values()]
        document.diagnostics.append(
            Diagnostic(
                "E102",
                f'unknown game "{shorten(game_words.strip())}"; the games are {", ".join(names)}',
                path,
                index + 1,
                game_column,
                max(1, len(game_words.strip())),
                nearest(game_words.strip(), [n for g in games.values() for n in g.header_names]),
                line,
            )
        )
        return False
    kind = game.kind_named(kind_words)
    kind_column = len(game_words) + 1 + (len(kind_words) - len(kind_words.lstrip())) + 1
    if kind is None:
        document.diagnostics.append(
            Diagnostic(
                "E102",
                f'unknown kind of file "{shorten(kind_words.strip())}" for {game.title}; the kinds are {", ".join(k.words[0] for k in game.kinds)}',
                path,
                index + 1,
                kind_column,
                max(1, len(kind_words.strip())),
                nearest(kind_words.strip(), game.kind_words()),
                line,
            )
        )
        return False
    document.game, document.kind = game, kind
    return True


def unit_bounds(document: Document) -> tuple[int, list[tuple[int, int]]]:
    """A read file's header line and its units, as (first line, end line) indices: what the formatter rewrites."""
    lines = document.lines
    header = _first_meaningful_line(lines)
    if header is None or document.kind is None:
        return -1, []
    return header, _units(Document(document.path), lines, header + 1, document.kind)


def _units(document: Document, lines: list[str], first: int, kind: FileKind) -> list[tuple[int, int]]:
    """The units after the header, as (first line, end line) indices.

    In a card file, each unit runs from a title line to the next one; any
    text before the first title is reported (E113), never dropped.
    """
    meaningful: list[int] = []
    titles: list[int] = []
    for i in range(first, len(lines)):  # one pass: each line stripped once
        stripped = lines[i].strip()
        if stripped and stripped[0] != "#":
            meaningful.append(i)
            if stripped.startswith("=="):
                titles.append(i)
    if kind.unit == "line":
        return [(i, i + 1) for i in meaningful]
    before = meaningful[:1] if meaningful and (not titles or meaningful[0] < titles[0]) else []
    for i in before:
        line = lines[i]
        document.diagnostics.append(
            Diagnostic(
                "E113",
                'text outside any card: a card starts with its title, such as "== Name =="',
                document.path,
                i + 1,
                len(line) - len(line.lstrip()) + 1,
                len(line.strip()),
                None,
                line,
            )
        )
        break
    bounds = titles + [len(lines)]
    return [(bounds[k], bounds[k + 1]) for k in range(len(titles))]


def _file_node(document: Document, nodes: list[Node]) -> Node | None:
    """The file's AST node, built from its units."""
    game, kind = document.game, document.kind
    assert game is not None and kind is not None
    top = Span(document.path, 1, 1, 1, 1)
    if kind.name in ("cards", "basics"):
        return CardFile(span=top, kind=kind.name, game=game.name, cards=nodes)
    if kind.name in ("deck", "collection"):
        return CardList(span=top, kind=kind.name, game=game.name, name=Path(document.path).stem, entries=[node for node in nodes if isinstance(node, ListEntry)])
    params = [node for node in nodes if isinstance(node, Param)]
    if kind.name == "extension":
        return _extension(document, params, top)
    # A rules file may give only some parameters (a variant, a designer's
    # set): the others come from the set's main rules (`sets.py`), which
    # says when one is missing everywhere. Here, each value is checked.
    rules, problems = type_rules(params, game.rules_model, document.path, document.lines)
    document.diagnostics.extend(problem for problem in problems if problem.code != "E503")
    document.rules = rules
    return RulesFile(span=top, game=game.name, rules=rules, params=params)


#: The lines of an extension file, by their folded names.
EXTENSION_LINES = {"base": "base", "sans": "without", "without": "without"}


def _extension(document: Document, params: list[Param], top: Span) -> Extension:
    """An extension file's node: its base (at most one `Base` line) and the cards it leaves out."""
    assert document.game is not None
    base: Param | None = None
    without: list[Param] = []
    lines = document.lines
    for param in params:
        span = param.span
        source = lines[span.line - 1] if span and 0 < span.line <= len(lines) else None
        place = (document.path, span.line if span else 1, span.column if span else 1, max(1, len(param.name)))
        word = EXTENSION_LINES.get(" ".join(fold(param.name).split()))
        if word == "without":
            without.append(param)
        elif word == "base" and base is None:
            base = param
        elif word == "base" and base is not None:
            first = base.span.line if base.span else "?"
            document.diagnostics.append(Diagnostic("E502", f'"Base" is given twice (first on line {first}); an extension has one base', *place, None, source))
        else:
            document.diagnostics.append(
                Diagnostic(
                    "E500",
                    f'unknown line "{shorten(param.name)}" in an extension: write "Base : …" (the game or a folder) or "Sans : card" / "Without : card"',
                    *place,
                    nearest(param.name, ["Base", "Sans", "Without"]),
                    source,
                )
            )
    return Extension(span=top, game=document.game.name, base=base.value.strip() if base else None, base_param=base, without=without)
