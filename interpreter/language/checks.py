"""Reporting problems found after parsing: by the checks of a game, across files.

A set's composition (the counts its rules fix, each influence once in a
deck…) is no one card's fault. When a designer lays files over a base, a
problem of the whole is told once, with everything it holds, at the
designer's place (`Reporter.set_place`), never at a file of the base, and
with the fix written out: the `Sans :` lines that leave the base's cards
out (`Reporter.fix_by_leaving_out`), ready to paste.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .diagnostics import Diagnostic, shorten
from .nodes import Span


@dataclass(frozen=True)
class Layer:
    """The designer's files of a set laid over a base, and their extension file."""

    #: The paths of the layer's own files, as diagnostics show them.
    files: frozenset[str]
    #: The place of the layer's extension file where a `Sans :` line goes: its
    #: last `Sans :` line, else its header line (None: the layer has no extension file).
    extension: Span | None = None
    #: The game's title, for the header of an extension file to write.
    title: str = ""
    #: The word that leaves a card out, as the designer's extension file writes it ("Sans", "Without").
    without: str = "Sans"
    #: True when `extension` is the place of the file's last `Sans :` line (not its header).
    after_without: bool = False


class Reporter:
    """Collects diagnostics from checks that may span several files.

    It knows each file's lines so that every diagnostic shows its source line.
    """

    def __init__(self) -> None:
        self.diagnostics: list[Diagnostic] = []
        self._lines: dict[str, list[str]] = {}
        #: Where the set being checked gives each rules parameter (field name → its line), when
        #: a file of the designer's gives it: a count the rules fix is reported there.
        self.parameters: dict[str, Span] = {}
        #: The designer's layer of the set being checked, when it is laid over a base.
        self.layer: Layer | None = None

    def in_base(self, where: Span | None) -> bool:
        """True for a place in the base under the designer's layer (a card the designer did not write)."""
        return self.layer is not None and where is not None and where.file not in self.layer.files

    def set_place(self, involved: Iterable[Span | None], otherwise: Span | None) -> Span | None:
        """Where a problem of the whole set is told: at the designer's files, never at the base's.

        The layer's extension file (where its fix, `Sans :` lines, goes), else
        the first place among `involved` in the designer's files, else
        `otherwise` (a set of the designer's own, with no base).
        """
        if self.layer is not None:
            if self.layer.extension is not None:
                return self.layer.extension
            mine = next((where for where in involved if where is not None and not self.in_base(where)), None)
            if mine is not None:
                return mine
        return otherwise

    def fix_by_leaving_out(self, names: Iterable[str]) -> str:
        """How to leave these cards of the base out: the lines to paste, and where.

        In the layer's extension file, after its place; without one, in an
        extension file to write beside the designer's files.
        """
        word = self.layer.without if self.layer is not None else "Sans"
        lines = [f"{word} : {shorten(name)}" for name in dict.fromkeys(names)]
        if not lines:
            return ""
        block = "".join(f"\n        {line}" for line in lines)
        layer = self.layer
        if layer is not None and layer.extension is not None:
            after = f" (after line {layer.extension.line})" if layer.after_without else ""
            return f"leave out the base's cards with these lines in {layer.extension.file}{after}:{block}"
        header = f"{layer.title} : extension" if layer is not None and layer.title else "<game> : extension"
        return f"leave out the base's cards with an extension file beside your files (extension.atout):\n        {header}{block}"

    def at_parameter(self, field: str, otherwise: Span | None) -> Span | None:
        """The line of the designer's rules that gives `field`, else `otherwise`."""
        return self.parameters.get(field, otherwise)

    def add_source(self, file: str, lines: list[str]) -> None:
        """Make a file's lines known, for the source line under a diagnostic."""
        self._lines[file] = lines

    def report(self, code: str, message: str, where: Span | None, suggestion: str | None = None, file: str = "") -> None:
        """Record a diagnostic at `where` (or at the top of `file`)."""
        if where is None:
            self.diagnostics.append(Diagnostic(code, message, file or "?", 1, 1, 1, suggestion, None))
            return
        lines = self._lines.get(where.file, [])
        source = lines[where.line - 1] if 0 < where.line <= len(lines) else None
        self.diagnostics.append(Diagnostic(code, message, where.file, where.line, where.column, where.width, suggestion, source))
