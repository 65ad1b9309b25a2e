"""Diagnostics: what is wrong in a card file, where, and what to do about it.

Every problem atout finds in a file is a `Diagnostic` with a code from
`CODES` (an E code; an N code is a note, which leaves the files valid), a place (file, line, column), a message that says what to do, and,
for a misspelt word, the nearest known word; for a refused line, a hint:
what the designer probably meant, in the form the game has for it
(`hints.py`). `render` prints it the way compilers do::

    cards/battlefight/attaque.atout:12:21: E103 unknown keyword "Blessr"
        Corps à Corps ; Blessr 4
                        ^^^^^^
        did you mean "Blesser"?

The codes every game may give are `SHARED_CODES`; a game declares those
only it gives with its language (`GameLanguage.codes`), which registers
them here (`register_codes`). `CODES` is all of them.
"""

from __future__ import annotations

import difflib
import re
from collections import ChainMap
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from atout.interpreter.errors import AtoutError

from .text import fold

#: The codes every game may give, with what each means. The tables of
#: docs/cli.md are these and those of each game (`register_codes`).
SHARED_CODES: dict[str, str] = {
    # The file itself
    "E100": "the file cannot be read as card text (binary, not UTF-8, too large, too many lines, not a regular file, unreadable)",
    "E101": "the file does not start with a header naming its game and kind",
    "E102": "the header names an unknown game or an unknown kind of file",
    # Syntax
    "E110": "a character that has no place here",
    "E111": "an unknown or misplaced word",
    "E112": "the text stops where more was expected",
    "E113": "text outside any card",
    "E114": "clauses nested too deeply",
    # Values
    "E200": "a number out of its range (or longer than numbers may be)",
    "E201": "a word that is not one of the allowed values",
    # A set of cards
    "E300": "two cards with the same name",
    "E301": "a set that does not have the composition the game requires",
    "E302": "an extension whose base cannot be found, or a set with two extension files",
    "E303": "an extension that leaves out a card its base does not have",
    "N300": "a note: a card of an extension replaces the base card of the same name",
    "N301": "a note: a card an extension leaves out is named by a deck or collection of its base",
    # Decks and collections
    "E400": "a card name that is in no card file of the game",
    "E401": "a deck whose composition breaks the rules",
    "E402": "a card listed twice in a deck or collection",
    # Rules files
    "E500": "an unknown rules parameter",
    "E501": "a rules parameter with a wrong value",
    "E502": "a rules parameter given twice",
    "E503": "a rules parameter that is missing",
}


#: The codes only one game gives, by the game's name (`register_codes`).
GAME_CODES: dict[str, dict[str, str]] = {}

#: Every code: the shared ones, then each registered game's.
CODES: ChainMap[str, str] = ChainMap(SHARED_CODES)


def register_codes(game: str, codes: Mapping[str, str]) -> None:
    """Declare the codes only `game` gives, with what each means; its language does it when it is made.

    Raises `ValueError` for a code that the shared table or another game
    already gives another meaning, or that is no E or N code of three digits.
    """
    for code, meaning in codes.items():
        if not re.fullmatch(r"[EN]\d{3}", code):
            raise ValueError(f"{game}: {code!r} is not a diagnostic code (E or N and three digits)")
        for owner, table in (("atout", SHARED_CODES), *GAME_CODES.items()):
            if owner != game and table.get(code, meaning) != meaning:
                raise ValueError(f"{game}: the code {code} is {owner}'s already ({table[code]})")
    GAME_CODES[game] = dict(codes)
    CODES.maps[1:] = list(GAME_CODES.values())


def code_owner(code: str) -> str | None:
    """The name of the game that alone gives `code`; None for a shared code or an unknown one."""
    return next((game for game, table in GAME_CODES.items() if code in table), None)


#: How many problems of a file get a full message: the words that were
#: expected there and the nearest one. Past them a file is plainly broken
#: (the wrong file, a file cut in two): each further problem gets a brief
#: message without a suggestion, so that its cost stays small, and
#: `validate` prints only the first problems of each file anyway.
DETAILED_PER_FILE = 100

#: The most characters of a source line shown under a diagnostic; a longer
#: line is shown as a window around the place, cut with "…".
SHOWN_LINE_CHARS = 120


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem in one file, with its place and what to do."""

    code: str
    message: str
    file: str
    line: int = 1
    column: int = 1
    #: How many characters the caret underlines (at least one).
    width: int = 1
    #: The nearest known word, for a misspelt keyword or name.
    suggestion: str | None = None
    #: The source line the problem is on, shown under the message.
    source_line: str | None = field(default=None, compare=False)
    #: For a refused line: what it probably meant and how the game writes it (`hints.py`).
    hint: str | None = None

    def __post_init__(self) -> None:
        if self.code not in CODES:  # a programming error, caught by the tests
            raise ValueError(f"unknown diagnostic code {self.code}")

    @property
    def is_note(self) -> bool:
        """True for a note (an N code): something to know, not a problem; the files stay valid."""
        return self.code.startswith("N")

    def headline(self) -> str:
        """The `file:line:col: CODE message` line."""
        return f"{self.file}:{self.line}:{self.column}: {self.code} {self.message}"

    def render(self) -> str:
        """The headline, the source line with a caret under the place, the hint."""
        lines = [self.headline()]
        if self.source_line is not None:
            shown = self.source_line.rstrip("\n").expandtabs(1)
            column = self.column
            if len(shown) > SHOWN_LINE_CHARS:  # a window of the line around the place
                start = max(0, min(column - 1 - SHOWN_LINE_CHARS // 3, len(shown) - SHOWN_LINE_CHARS))
                end = start + SHOWN_LINE_CHARS
                column -= start - (1 if start else 0)
                shown = ("…" if start else "") + shown[start:end] + ("…" if end < len(shown) else "")
            lines.append("    " + shown)
            width = max(1, min(self.width, len(shown) - column + 1))
            lines.append("    " + " " * (column - 1) + "^" * width)
        if self.suggestion:
            lines.append(f'    did you mean "{self.suggestion}"?')
        if self.hint:
            lines.append(f"    hint: {self.hint}")
        return "\n".join(lines)

    def as_json(self) -> dict[str, Any]:
        """A plain dict for `--format json`."""
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "code": self.code,
            "message": self.message,
            "suggestion": self.suggestion,
            "hint": self.hint,
        }


class DiagnosticError(AtoutError):
    """Raised by the loaders when a file has problems; carries all of them."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        super().__init__("\n".join(d.render() for d in diagnostics))


def nearest(word: str, known: Iterable[str], cutoff: float = 0.6) -> str | None:
    """The known word closest to `word`, compared case- and accent-blind."""
    by_fold: dict[str, str] = {}
    for candidate in known:
        by_fold.setdefault(fold(candidate), candidate)
    folded = fold(word)
    if len(folded) >= 3:  # a word cut short: the shortest known word it starts
        starts = sorted((k for k in by_fold if k.startswith(folded) and k != folded), key=len)
        if starts:
            return by_fold[starts[0]]
    longest = max(map(len, by_fold), default=0)
    if cutoff > 0 and len(folded) > longest * (2 - cutoff) / cutoff:
        return None  # so much longer than every known word that none can be close enough
    matches = difflib.get_close_matches(folded, list(by_fold), n=1, cutoff=cutoff)
    return by_fold[matches[0]] if matches else None


#: The most characters of a designer's text quoted in a message (a name, a value); a longer one is cut with "…".
QUOTED_CHARS = 80


def shorten(text: str, limit: int = QUOTED_CHARS) -> str:
    """A designer's text as a message quotes it: whole when short, else its start and "…"."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def explain(problem: Mapping[str, Any]) -> str:
    """A pydantic validation error, in the words of a card designer."""
    context = problem.get("ctx") or {}
    kind = problem["type"]
    if kind == "greater_than_equal":
        return f"must be {context['ge']} or more"
    if kind == "less_than_equal":
        return f"must be {context['le']} or less"
    if kind == "greater_than":
        return f"must be more than {context['gt']}"
    if kind == "less_than":
        return f"must be less than {context['lt']}"
    if kind in ("int_parsing", "int_type"):
        return "must be a whole number"
    if kind == "string_too_long":
        given = problem.get("input")
        return f"must be at most {context['max_length']} characters long" + (f"; it has {len(given):,}" if isinstance(given, str) else "")
    if kind == "string_too_short":
        return "must not be empty"
    if kind == "value_error":
        return str(context.get("error", problem["msg"]))
    return str(problem["msg"])
