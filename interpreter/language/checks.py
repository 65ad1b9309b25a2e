"""Reporting problems found after parsing: by the checks of a game, across files."""

from __future__ import annotations

from .diagnostics import Diagnostic
from .nodes import Span


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
        self.diagnostics.append(
            Diagnostic(code, message, where.file, where.line, where.column, where.width, suggestion, source)
        )
