"""Building the Lark parsers and turning Lark's errors into diagnostics.

Each grammar is made once per process (`functools.lru_cache`), as LALR with
the contextual lexer, from its tables as JSON: shipped with atout for its
own grammars, else kept on disk from the process that built them
(`tables.py`; Lark's own disk cache is not used: it is a pickle, which runs
code when it is read). String
literals in the grammar files are folded as they
are loaded (see `text.fold`), so a grammar writes "Défausser" and matches
"defausser".
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from lark import Lark, Token, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.lexer import TerminalDef

from atout.grammar import GRAMMAR_DIR

from .diagnostics import Diagnostic, nearest, shorten
from .hints import Hints
from .tables import cached_parser
from .text import fold

# ---------------------------------------------------------------------------
# Loading grammar files
# ---------------------------------------------------------------------------

_LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"')


def fold_literals(grammar: str) -> str:
    """Fold the string literals of a grammar's text, leaving regexps and comments.

    A small scanner: `//` starts a comment to the end of the line, `/.../` is a
    regexp, `"..."` a string literal; only the last are folded.
    """
    out: list[str] = []
    i, n = 0, len(grammar)
    while i < n:
        c = grammar[i]
        if grammar.startswith("//", i):
            end = grammar.find("\n", i)
            end = n if end < 0 else end
            out.append(grammar[i:end])
            i = end
        elif c == "/":
            end = i + 1
            while end < n and grammar[end] != "/":
                end += 2 if grammar[end] == "\\" else 1
            out.append(grammar[i : end + 1])
            i = end + 1
        elif c == '"':
            match = _LITERAL.match(grammar, i)
            if match is None:
                out.append(c)
                i += 1
            else:
                out.append(fold(match.group()))
                i = match.end()
        else:
            out.append(c)
            i += 1
    return "".join(out)


def read_grammar(name: str) -> str:
    """A grammar file's text, with its literals folded."""
    return fold_literals((GRAMMAR_DIR / name).read_text(encoding="utf-8"))


class _FoldedLoader:
    """Lark import loader: `%import core (...)` reads `core.lark`, folded.

    The name it returns is not a path on disk, so that Lark does not compare
    the folded text with the file's own.
    """

    def __repr__(self) -> str:
        return "atout-folded-loader"

    def __call__(self, base_path: str | None, grammar_path: str) -> tuple[str, str]:
        path = GRAMMAR_DIR / grammar_path
        if not path.is_file():
            raise OSError(grammar_path)
        return f"atout-folded:{grammar_path}", read_grammar(grammar_path)


_import_loader = _FoldedLoader()


@cache
def grammar_file_text(name: str) -> str:
    """A grammar file's text as written (for the rules it defines)."""
    return (GRAMMAR_DIR / name).read_text(encoding="utf-8")


#: How every grammar is built: LALR with the contextual lexer, the positions of rules kept.
LARK_OPTIONS: dict[str, Any] = {"parser": "lalr", "lexer": "contextual", "propagate_positions": True, "maybe_placeholders": False}


def grammar_source(grammar: str, additions: str = "") -> str:
    """The text a grammar file's parser is built from: the file and the rules its game's constructs add, folded."""
    return read_grammar(grammar) + "\n" + fold_literals(additions)


def new_parser(source: str, starts: tuple[str, ...]) -> Lark:
    """Build the LALR parser of a grammar's text, for the given start rules."""
    return Lark(source, start=list(starts), import_paths=[_import_loader], **LARK_OPTIONS)


@cache
def build_parser(grammar: str, starts: tuple[str, ...], additions: str = "") -> Lark:
    """The LALR parser of a grammar file and the rules its game's constructs add, for the given start rules."""
    source = grammar_source(grammar, additions)
    return cached_parser(source, starts, lambda: new_parser(source, starts), grammar, LARK_OPTIONS)


@cache
def printed_words(grammar: str, additions: str = "") -> dict[str, str]:
    """Folded keyword → the keyword as printed, from a grammar's literals (and its constructs')."""
    words: dict[str, str] = {}
    texts = [(GRAMMAR_DIR / path).read_text(encoding="utf-8") for path in (grammar, "core.lark")] + [additions]
    for source in texts:
        text = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith("//"))
        for literal in _LITERAL.findall(text):
            printed = literal[1:-1]
            words.setdefault(fold(printed), printed)
    return words


# ---------------------------------------------------------------------------
# Syntax errors
# ---------------------------------------------------------------------------

#: What a terminal that is not a keyword is called in a message, by its name
#: or by the part of its name after "__" (after an %import's prefix, or in a
#: name such as `GAIN__SIGNED_INT` that says what a message calls it).
#: Otherwise a terminal whose pattern is a plain string ("Attaque", ":") is
#: called by that string and needs no entry; nor does one whose pattern is
#: only words (`/au +total/`, `/vaut|valent/`), called by those words. Every other terminal of every game's grammar must be
#: here or in `TERMINAL_KEYWORDS`: `tests/language/test_no_token_names.py`
#: goes over them all, so that no grammar token name reaches a message.
TERMINAL_NAMES: dict[str, str] = {
    "_NL": "the end of the line",
    "$END": "the end of the card",
    "INT": "a number",
    "SIGNED_INT": "a number",
    "CARD_TITLE": 'a card title such as "== Name =="',
    "QUOTED_NAME": "a card name between quotation marks",
    "LINE_TEXT": "a name",
    "PARAM_NAME": "a parameter name",
    "PARAM_VALUE": "a value",
    "SPACES": "a space",
    "TIMES": '"×"',
    "SIGNE": "a sign (+ or -)",
    "ETOILES": "stars (★)",
    "TOKEN_NAME": 'a token\'s name, then "token" or "tokens"',
}

#: The keywords a terminal matches, as printed, where its pattern is a regular
#: expression whose words cannot be read back as printed from it (its accents
#: are folded, or its word follows a line end or a ";").
TERMINAL_KEYWORDS: dict[str, tuple[str, ...]] = {
    "OTHERWISE": ("otherwise",),
    "ECARTEES": ("cartes écartées",),
    "FACE_CACHEE": ("face cachée",),
}

#: One choice of a regular expression that is only words: `au +total`, `\+`.
_WORDS_CHOICE = re.compile(r"(?:\\.|[^\\()|?*+\[\]{}.^$ ]| \+)+")


def terminal_text(parser: Lark, name: str, words: dict[str, str]) -> tuple[tuple[str, ...], bool] | None:
    """How a message names what a terminal matches: its keywords, or else one description.

    `(keywords, True)` gives the keywords as printed, bare (the message quotes
    them); `((text,), False)` the text a message prints as it is: a
    punctuation mark between quotation marks, a description ("a number").
    None for a terminal with no name for people: the caller never shows the
    terminal's own name.
    """
    plain = _plain(name)
    if name in TERMINAL_KEYWORDS or plain in TERMINAL_KEYWORDS:
        return TERMINAL_KEYWORDS.get(name) or TERMINAL_KEYWORDS[plain], True
    if name in TERMINAL_NAMES or plain in TERMINAL_NAMES:
        return (TERMINAL_NAMES.get(name) or TERMINAL_NAMES[plain],), False
    try:
        terminal = _terminal(parser, name)
    except KeyError:
        terminal = None
    if terminal is not None and terminal.pattern.type == "str":
        value = terminal.pattern.value
        if any(ch.isalpha() for ch in value):
            return (words.get(value, value),), True
        return (f'"{value}"',), False
    if terminal is None:
        return None
    pattern = terminal.pattern.value
    if pattern.startswith("(?:") and pattern.endswith(")"):
        pattern = pattern[3:-1]
    choices = pattern.split("|")
    if not all(_WORDS_CHOICE.fullmatch(choice) for choice in choices):
        return None
    texts = [re.sub(r" \+", " ", re.sub(r"\\(.)", r"\1", choice)) for choice in choices]
    if all(any(ch.isalpha() for ch in text) for text in texts):
        return tuple(words.get(text, text) for text in texts), True
    others = ", ".join(f'"{text}"' for text in texts[1:])
    rest = f" (or {others})" if others else ""
    return (f'"{texts[0]}"{rest}',), False


def _expected_words(parser: Lark, expected: set[str], words: dict[str, str]) -> tuple[list[str], list[str]]:
    """The keywords and the other things a message says were expected, each sorted, with no token name."""
    keywords: set[str] = set()
    others: set[str] = set()
    for name in expected:
        shown = terminal_text(parser, name, words)
        if shown is None:
            others.add("another word")
        elif shown[1]:
            keywords.update(shown[0])
        else:
            others.update(shown[0])
    return sorted(keywords), sorted(others)


_WORD = re.compile(r"[\w'’-]+|[^\s\w]")


def syntax_diagnostic(
    error: UnexpectedInput,
    parser: Lark,
    grammar: str,
    file: str,
    unit_text: str,
    line_offset: int,
    lines: list[str],
    brief: bool = False,
    additions: str = "",
    hints: Hints | None = None,
) -> Diagnostic:
    """A Lark error in one unit as a diagnostic, with the nearest known word and a hint.

    `brief` leaves out what was expected, the nearest word and the hint (the
    costly part), for the problems of a file past its first ones. `hints`
    (the game's) tell what the refused line probably meant, if anything is
    near enough (`hints.py`).
    """
    line = getattr(error, "line", None) or 1
    column = getattr(error, "column", None) or 1
    if isinstance(error, UnexpectedToken) and error.token.type == "$END":
        line, column = _end_place(unit_text)
    file_line = line + line_offset
    source = lines[file_line - 1] if 0 < file_line <= len(lines) else None
    if brief:
        return _brief(error, file, file_line, column, source)
    expected = _expected(error)
    words = printed_words(grammar, additions)
    keywords, others = _expected_words(parser, expected, words)
    found = _found_word(error, source, column)
    column, found, read_as = _whole_word(source, column, found)

    if isinstance(error, UnexpectedEOF) or (isinstance(error, UnexpectedToken) and error.token.type == "$END"):
        code, message = "E112", f"the card stops here; expected {_choices(keywords, others)}"
        width = 1
    elif isinstance(error, UnexpectedToken) and error.token.type == "_NL":
        code, message = "E112", f"the line stops here; expected {_choices(keywords, others)}"
        width = 1
    elif found and not found[0].isalnum():
        code, message = "E110", f'"{shorten(found)}" has no place here; expected {_choices(keywords, others)}'
        width = len(found)
    else:
        shown = found or (str(error.token) if isinstance(error, UnexpectedToken) else "?")
        code = "E111"
        known = "unknown word" if isinstance(error, UnexpectedCharacters) else "unexpected word"
        message = f'{known} "{shorten(shown)}"; expected {_choices(keywords, others)}' + (f' after "{read_as}"' if read_as else "")
        width = len(shown)
    suggestion = nearest(found, keywords) if found and keywords else None
    hint = hints.hint(source, suggestion, column) if hints is not None and source is not None and not _is_title(source) else None
    return Diagnostic(code, message, file, file_line, column, max(1, width), suggestion, source, hint)


def _is_title(line: str) -> bool:
    """Whether a line is a card's title (`== Name ==`), which no construct's example resembles."""
    return line.lstrip().startswith("==")


def _brief(error: UnexpectedInput, file: str, line: int, column: int, source: str | None) -> Diagnostic:
    """The diagnostic of `syntax_diagnostic` without its list of expected words."""
    if isinstance(error, UnexpectedEOF) or (isinstance(error, UnexpectedToken) and error.token.type == "$END"):
        return Diagnostic("E112", "the card stops here", file, line, column, 1, None, source)
    if isinstance(error, UnexpectedToken) and error.token.type == "_NL":
        return Diagnostic("E112", "the line stops here", file, line, column, 1, None, source)
    column, found, _ = _whole_word(source, column, _found_word(error, source, column))
    found = found or "?"
    if not found[0].isalnum():
        return Diagnostic("E110", f'"{shorten(found)}" has no place here', file, line, column, len(found), None, source)
    known = "unknown word" if isinstance(error, UnexpectedCharacters) else "unexpected word"
    return Diagnostic("E111", f'{known} "{shorten(found)}"', file, line, column, len(found), None, source)


def _expected(error: UnexpectedInput) -> set[str]:
    if isinstance(error, UnexpectedToken):
        return set(error.accepts or error.expected)
    if isinstance(error, (UnexpectedCharacters, UnexpectedEOF)):
        return set(error.allowed or ()) if isinstance(error, UnexpectedCharacters) else set(error.expected)
    return set()


def _plain(name: str) -> str:
    """A terminal's name without the prefix an %import gives it."""
    return name.rsplit("__", 1)[-1]


def _terminal(parser: Lark, name: str) -> TerminalDef | None:
    return parser.get_terminal(name) if name != "$END" else None


def _choices(keywords: list[str], others: list[str]) -> str:
    shown = [f'"{k}"' for k in keywords[:12]] + others
    if len(keywords) > 12:
        shown.insert(12, "…")
    if not shown:
        return "something else"
    return ", ".join(shown[:-1]) + (" or " if len(shown) > 1 else "") + shown[-1]


def _found_word(error: UnexpectedInput, source: str | None, column: int) -> str:
    """The word (or character) at the error's place, as the designer wrote it."""
    if isinstance(error, UnexpectedToken) and error.token.type not in ("$END", "_NL"):
        if source is not None:
            match = _WORD.match(source, column - 1)
            if match:
                return match.group()
        return str(error.token)
    if source is None or column - 1 >= len(source):
        return ""
    match = _WORD.match(source, column - 1)
    return match.group() if match else source[column - 1]


def _whole_word(source: str | None, column: int, found: str) -> tuple[int, str, str]:
    """The place and the whole word the designer wrote, when the error falls inside a word.

    A keyword of one letter (`À`, matched whatever the accent) may be read
    from the start of a longer word: in `Au prochain tour` the error falls
    on the `u`. The word is then told whole (`Au`), at its start, with the
    part that was read as a keyword (`A`). Elsewhere, `(column, found, "")`.
    """
    if source is None or not found or not found[0].isalnum() or column < 2 or column - 1 > len(source):
        return column, found, ""
    start = column - 1
    while start > 0 and (source[start - 1].isalnum() or source[start - 1] in "_"):
        start -= 1
    if start == column - 1:
        return column, found, ""
    match = _WORD.match(source, start)
    return start + 1, match.group() if match else found, source[start : column - 1]


def _end_place(text: str) -> tuple[int, int]:
    """The line and column just after the last character that is not a line end."""
    stripped = text.rstrip("\n ")
    line = stripped.count("\n") + 1
    column = len(stripped) - (stripped.rfind("\n") + 1) + 1
    return line, column


__all__ = ["TERMINAL_KEYWORDS", "TERMINAL_NAMES", "build_parser", "fold_literals", "syntax_diagnostic", "terminal_text", "Token"]
