"""`atout fmt`: a file rewritten in canonical form, its comments kept.

Each unit of a file (a card, a deck or collection line, a rules or extension
line) is written again from its AST by the language's writers
(`writing.py` and each game's `write_card`): the same meaning, written as the
shipped cards are printed. What has no meaning is kept:

- comments and blank lines before the header and between units stay where
  they are (runs of blank lines become one; a card is preceded by one blank
  line);
- inside a card, when its canonical text has as many lines as the card as
  written, each comment stays with its line (a whole-line comment before
  it, a trailing comment after it); otherwise (the formatter split or joined
  lines) the card's comments follow its canonical text, in their order, as
  whole-line comments: nothing the designer wrote is lost.

A "#" starts a comment, as for the reader, except inside a card's title or a
name between quotation marks (`== Pie # Voleuse ==`), where it is part of
the name. Formatting is idempotent: a file in canonical form is left as it
is. A file with problems is not rewritten (its problems are reported instead).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .diagnostics import Diagnostic
from .game import GameLanguage
from .loader import Document, unit_bounds
from .nodes import CardFile, CardList, Extension, Node, Param, RulesFile
from .text import fold
from .writing import write_entry


@dataclass
class Formatted:
    """A file's canonical text, or the problems that keep it from being formatted."""

    path: str
    original: str
    text: str | None = None
    problems: list[Diagnostic] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        """True when the canonical text differs from the file."""
        return self.text is not None and self.text != self.original


#: In a card, what may hold a "#" that starts no comment: its title, at the start of its line
#: (CARD_TITLE), and a card's name between quotation marks (QUOTED_NAME); matched on the folded
#: line, as the lexer reads it (« » and “ ” are quotation marks there).
_CARD_TOKENS = re.compile(r'^[ ]*==[^=\n]+==|"[^"\n]+"|#')


def _comment_start(line: str, in_card: bool) -> int:
    """Where a line's trailing comment starts, or -1: its first "#", but in a card not one in its title or a quoted name.

    Outside cards (the header, deck, collection and rules lines) no text may
    hold a "#", so the first one starts the comment.
    """
    if not in_card:
        return line.find("#")
    for match in _CARD_TOKENS.finditer(fold(line)):
        if match.group() == "#":
            return match.start()
    return -1


def _split_comment(line: str, in_card: bool = False) -> tuple[str, str]:
    """A line's text and its trailing comment ("" if none)."""
    at = _comment_start(line, in_card)
    return (line, "") if at < 0 else (line[:at].rstrip(), line[at:].rstrip())


def _is_blank(line: str) -> bool:
    return not line.strip()


def _is_comment(line: str) -> bool:
    return line.strip().startswith("#")


def _unit_texts(node: Node, game: GameLanguage[Any, Any]) -> list[str]:
    """The canonical text of each unit of a file's node, in the order of the file."""
    if isinstance(node, CardFile):
        assert game.write_card is not None
        return [game.write_card(card) for card in node.cards]
    if isinstance(node, CardList):
        return [write_entry(entry, node.kind) + "\n" for entry in node.entries]
    if isinstance(node, RulesFile):
        params = node.params
    elif isinstance(node, Extension):
        params = [p for p in [node.base_param, *node.without] if p is not None]
        params.sort(key=lambda p: p.span.line if p.span is not None else 0)
    else:
        raise TypeError(f"no file is written from a {type(node).__name__}")
    return [f"{_param_text(param)}\n" for param in params]


def _with_comment(text: str, written: str, in_card: bool = False) -> str:
    """A canonical line with the trailing comment of the line as written, at its column if there is room."""
    column = _comment_start(written, in_card)
    if column < 0:
        return text
    return text + " " * max(2, column - len(text)) + written[column:].rstrip()


def _param_text(param: Param) -> str:
    return f"{param.name.strip()} : {param.value.strip()}"


def format_document(document: Document) -> Formatted:
    """The canonical text of a read file (its problems instead, if it has any)."""
    result = Formatted(document.path, document.text)
    problems = [d for d in document.diagnostics if not d.is_note]
    if problems or document.node is None or document.game is None or document.kind is None:
        result.problems = problems
        return result
    game, kind = document.game, document.kind
    if kind.unit == "card" and game.write_card is None:
        return result
    lines = document.lines
    if lines and lines[-1] == "":
        lines = lines[:-1]
    header, units = unit_bounds(document)
    texts = _unit_texts(document.node, game)
    if len(texts) != len(units):  # pragma: no cover - a unit without a node has a problem
        return result
    out: list[str] = []
    _keep_between(out, lines[:header])
    while out and out[-1] == "":
        out.pop()
    if out:
        out.append("")
    out.append(_with_comment(f"{game.title} : {kind.words[0]}", lines[header]))
    position = header + 1
    pending: list[str] = []  # the comments after a card's last line: they go before the next card
    for number, ((start, end), canonical) in enumerate(zip(units, texts)):
        gap = pending + lines[position:start]
        if kind.unit == "card":
            _keep_between(out, gap, blank_before=True)
            card, pending = _card(lines[start:end], canonical)
            out.extend(card)
        else:
            if number > 0 and gap and _is_blank(gap[0]) and out[-1] != "":
                out.append("")  # a blank line between groups of lines stays
            _keep_between(out, gap, blank_before=number == 0)
            out.append(_with_comment(canonical.rstrip("\n"), lines[start]))
        position = end
    tail = pending + lines[position:]
    if any(not _is_blank(line) for line in tail):
        out.append("")
        _keep_between(out, tail)
    result.text = "\n".join(out).rstrip("\n") + "\n"
    return result


def _keep_between(out: list[str], lines: list[str], blank_before: bool = False) -> None:
    """Comments and blank lines between units, kept: a run of blank lines becomes one, none leads.

    With `blank_before`, one blank line separates them from what is above
    (a card is preceded by one blank line).
    """
    kept: list[str] = []
    for line in lines:
        if _is_blank(line):
            if kept and kept[-1] != "":
                kept.append("")
        else:
            kept.append(line.rstrip())
    if blank_before and out and out[-1] != "":
        out.append("")
    out.extend(kept)


def _card(written: list[str], canonical: str) -> tuple[list[str], list[str]]:
    """A card in canonical form with the comments it was written with; and the lines after its last one."""
    last = max(i for i, line in enumerate(written) if not _is_blank(line) and not _is_comment(line))
    body, after = written[: last + 1], written[last + 1 :]
    meaningful: list[tuple[list[str], str]] = []  # (whole-line comments before it, the line as written)
    before: list[str] = []
    for line in body:
        if _is_comment(line):
            before.append(line.strip())
        elif not _is_blank(line):
            meaningful.append((before, line))
            before = []
    target = canonical.rstrip("\n").split("\n")
    out: list[str] = []
    if len(target) == len(meaningful):
        for line, (comments, as_written) in zip(target, meaningful):
            out.extend(comments)
            out.append(_with_comment(line, as_written, in_card=True))
    else:
        out.extend(target)
        for comments, as_written in meaningful:
            out.extend(comments)
            trailing = _split_comment(as_written, in_card=True)[1]
            if trailing:
                out.append(trailing)
    return out, after
