"""The base of every game's hand-written Lark transformer.

A game's transformer turns the parse tree of one unit (a card, a deck line,
a rules line) into pydantic nodes. Its methods are named after the grammar
rules and build the AST class of the same name, so a reader goes from a line
of a card file to the rule, the model and its handler by one name.

This base class gives them what every game needs: the span of a tree or a
token in the *file* (a unit is parsed on its own, so its lines are shifted),
the original spelling of a token (the parser sees folded text), and `build`,
which validates a node and turns a pydantic error into a diagnostic at the
place of the offending value instead of an exception.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, TypeVar

from lark import Token, Transformer, v_args
from lark.tree import Meta
from pydantic import BaseModel, ValidationError

from .constructs import Construct, bind
from .diagnostics import Diagnostic, explain, shorten
from .nodes import ListEntry, Param, Span

M = TypeVar("M", bound=BaseModel)


def position(where: Meta | Token) -> tuple[int, int, int, int]:
    """Where a parse-tree node or token is in its unit: line, column, end line, end column.

    Lark types a token's positions as optional (a token made by hand has
    none); the parser's tokens always have them.
    """
    line, column, end_line, end_column = where.line, where.column, where.end_line, where.end_column
    if line is None or column is None or end_line is None or end_column is None:
        raise ValueError(f"{where!r} has no position in its text")
    return line, column, end_line, end_column


class UnitTransformer(Transformer[Any, Any]):
    """Transforms one unit's tree; collects diagnostics instead of raising."""

    #: Grammar rules that have no method on purpose, each with the reason: the
    #: method of the rule above reads their trees as Lark builds them. Every
    #: other rule the parser builds has a method of its name.
    PASS_THROUGH: ClassVar[dict[str, str]] = {}
    #: Tokens are left as they are (no method per terminal), unless a game's transformer says otherwise.
    __visit_tokens__ = False

    def __init__(self, file: str = "") -> None:
        # Lark's own default visits every token (a lookup per token for a method of its name)
        super().__init__(visit_tokens=type(self).__visit_tokens__)
        self.file = file
        self.diagnostics: list[Diagnostic] = []
        self._original = ""
        self._line_offset = 0
        self._lines: list[str] = []
        # Lark wraps each `v_args` method anew at every attribute access; one
        # transformer serves a whole run, so its handlers are bound once here.
        for name in dir(type(self)):
            if not name.startswith("_") and callable(getattr(type(self), name, None)):
                handler = getattr(self, name)
                if getattr(handler, "visit_wrapper", None) is not None or hasattr(handler, "base_func"):
                    setattr(self, name, handler)

    def declare(self, constructs: Iterable[type[Construct]]) -> None:
        """Read each construct's rule with the construct's own `read` (`language/constructs.py`)."""
        bind(self, constructs)

    def begin_file(self, file: str) -> None:
        """Start a new file: its name for the spans, no diagnostics yet."""
        self.file = file
        self.diagnostics = []

    def begin_unit(self, original: str, line_offset: int, lines: list[str]) -> None:
        """Prepare for a unit whose text starts after `line_offset` lines of the file."""
        self._original = original
        self._line_offset = line_offset
        self._lines = lines

    # -- places ------------------------------------------------------------

    def span(self, where: Meta | Token) -> Span:
        """The span, in the file, of a parse-tree node's meta or a token."""
        line, column, end_line, end_column = where.line, where.column, where.end_line, where.end_column
        if line is None or column is None or end_line is None or end_column is None:
            position(where)  # raises: a token made by hand has no place
        offset = self._line_offset
        return Span(self.file, line + offset, column, end_line + offset, end_column)  # type: ignore[operator,arg-type]

    def original(self, token: Token) -> str:
        """The token as the designer wrote it (accents and capitals kept)."""
        return self._original[token.start_pos : token.end_pos]

    def source_line(self, line: int) -> str | None:
        """The text of the file's line `line` (from 1)."""
        return self._lines[line - 1] if 0 < line <= len(self._lines) else None

    # -- reporting ---------------------------------------------------------

    def report(self, code: str, message: str, where: Span, suggestion: str | None = None) -> None:
        """Record a diagnostic at `where`."""
        self.diagnostics.append(
            Diagnostic(
                code,
                message,
                where.file,
                where.line,
                where.column,
                where.width,
                suggestion,
                self.source_line(where.line),
            )
        )

    def text_of(self, meta: Meta) -> str:
        """The unit's original text under a parse-tree node, on one line."""
        return " ".join(self._original[meta.start_pos : meta.end_pos].split())

    def build(
        self,
        model: type[M],
        where: Meta | Token,
        places: dict[str, Token] | None = None,
        label: str | None = None,
        **fields: Any,
    ) -> M:
        """Validate and return `model(**fields)` with its span.

        A value out of range becomes a diagnostic at the token it came from
        (`places` maps a field name to its token; `label` names the construct
        in the message, "Blesser 25" rather than the field); the node is then built
        unvalidated so that the rest of the unit can still be checked.
        """
        span = self.span(where)
        try:
            # `model(span=span, **fields)`, without the call of pydantic's `__init__`: the same validation
            return model.__pydantic_validator__.validate_python({"span": span, **fields})  # type: ignore[no-any-return]
        except ValidationError as error:
            for problem in error.errors():
                field = str(problem["loc"][0]) if problem["loc"] else ""
                token = (places or {}).get(field)
                place = self.span(token) if token is not None else span
                code = "E200" if problem["type"] in _RANGE_ERRORS else "E201"
                shown = self.original(token) if token is not None else fields.get(field)
                if label is None and field == "name" and isinstance(shown, str) and shown.lstrip().startswith("=="):
                    what = f'the title "{shorten(str(fields[field]))}"'  # a card's title line, told as its title
                else:
                    what = shorten(label if label is not None else f"{field} {shown}")
                self.report(code, f"{what}: {explain(problem)}", place)
            return model.model_construct(span=span, **fields)

    # -- the core's rules: deck and collection lines, rules lines ----------

    @v_args(inline=True, meta=True)
    def list_entry(self, meta: Meta, *parts: Token) -> ListEntry:
        """`4 Décharge` (core.lark, rule list_entry)."""
        count_token = parts[0] if len(parts) == 2 else None
        name_token = parts[-1]
        count = int(count_token) if count_token is not None else 1
        places = {"count": count_token} if count_token is not None else {}
        # the entry's place is its name's: an unknown or repeated name is shown there
        return self.build(ListEntry, name_token, places, count=count, name=self.original(name_token).strip())

    @v_args(inline=True, meta=True)
    def param(self, meta: Meta, name: Token, value: Token) -> Param:
        """`Points de vie : 20` (core.lark, rule param)."""
        return self.build(Param, meta, name=self.original(name).strip(), value=self.original(value).strip())


_RANGE_ERRORS = {
    "greater_than_equal",
    "less_than_equal",
    "greater_than",
    "less_than",
    "string_too_short",
    "string_too_long",
}
