"""The nodes every game's AST shares: source spans, card lists, rules files.

Each game defines its own card nodes (in `games/<game>/ast.py`) on the base
`Node`: a frozen pydantic model that forbids unknown fields and keeps the
place of its text in `span`. The span is left out of dumps, so that a
snapshot of an AST does not change when a designer re-indents a file.

A module that defines nodes does not postpone its annotations (no `from
__future__ import annotations`): pydantic would evaluate each string
annotation again for every class and subclass that holds it, and a cold
`atout validate` spent about a tenth of its instructions doing so
(`tests/test_imports.py` keeps it so).
"""

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, GetCoreSchemaHandler, SerializeAsAny, SkipValidation
from pydantic_core import core_schema


@dataclass(frozen=True, slots=True)
class Span:
    """Where a node's text is: a file, and a line and column range (from 1)."""

    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    @property
    def width(self) -> int:
        """How many characters a caret under this span covers on its first line."""
        return self.end_column - self.column if self.end_line == self.line else 1

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        """A span is never validated nor dumped (see `Node.span`): pydantic need not look into its fields."""
        return core_schema.is_instance_schema(cls)


class Node(BaseModel):
    """Base of every AST node: frozen, strict about its fields, with a span."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    span: Annotated[Span | None, SkipValidation] = Field(default=None, exclude=True, repr=False)

    def _meaning(self) -> tuple[Any, ...]:
        return tuple(value for name, value in self.__dict__.items() if name != "span")

    def __eq__(self, other: object) -> bool:
        """Two nodes are equal when they say the same, wherever they are written."""
        if not isinstance(other, Node) or type(other) is not type(self):
            return NotImplemented
        return self._meaning() == other._meaning()

    def __hash__(self) -> int:
        return hash((type(self), tuple(_hashable(v) for v in self._meaning())))


def span_of(node: Node) -> Span:
    """Where `node` is written; a node read from a file always has a span (only one made by hand has none)."""
    if node.span is None:
        raise ValueError(f"{type(node).__name__} has no span: it was not read from a file")
    return node.span


def _hashable(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


# ---------------------------------------------------------------------------
# Card files
# ---------------------------------------------------------------------------


class CardFile(Node):
    """A file of cards of one game: `<Game> : cartes` (or `cards`)."""

    kind: Literal["cards", "basics"] = "cards"
    game: str
    cards: list[SerializeAsAny[Node]]


# ---------------------------------------------------------------------------
# Decks and collections: "4 Décharge", one entry per line
# ---------------------------------------------------------------------------


class ListEntry(Node):
    """One line of a deck or a collection: how many copies of which card.

    Grammar rule `list_entry` (core.lark): `4 Décharge`, `4 × Décharge`, or
    just `Décharge` for one copy.
    """

    kind: Literal["list_entry"] = "list_entry"
    count: int = Field(ge=1, le=99)
    name: str


class CardList(Node):
    """A deck (BattleFight) or a collection (Duel de dragons): card names and counts."""

    kind: Literal["deck", "collection"]
    game: str
    #: The list's name: the file's name without its extension.
    name: str
    entries: list[ListEntry]

    def total(self) -> int:
        """How many cards the list holds, copies included."""
        return sum(entry.count for entry in self.entries)


# ---------------------------------------------------------------------------
# Rules files: "Points de vie : 20", one parameter per line
# ---------------------------------------------------------------------------


class Param(Node):
    """One line of a rules file: a parameter's name and its value as written.

    Grammar rule `param` (core.lark). The value is typed by the game's rules
    model (`games/<game>/rules.py`), which knows each parameter's range.
    """

    kind: Literal["param"] = "param"
    name: str
    value: str


class Extension(Node):
    """A designer's set that extends a base set: its file says which base, and which cards it leaves out.

    The file's header names its game and the kind `extension` (`Duel de
    dragons : extension`); its lines, read by the grammar rule `param`
    (core.lark), are `Base : …` (a game's name, the default: the cards
    shipped with it; or a folder, relative to this file) and `Sans : …` /
    `Without : …`, one card of the base left out per line. See
    `language/sets.py` for how the layers are put together.
    """

    kind: Literal["extension"] = "extension"
    game: str
    #: The base as written: a game's name, or a folder; None: the game's shipped set.
    base: str | None = None
    #: The `Base` line, for messages about the base.
    base_param: Param | None = None
    #: The cards of the base left out, each as its line.
    without: list[Param] = Field(default_factory=list)


class RulesFile(Node):
    """A game's rules file, once its parameters are typed and checked."""

    kind: Literal["rules"] = "rules"
    game: str
    #: The typed parameters, as the game's rules model dumps them; None when
    #: the file gives only some of them (they are typed with the set's main
    #: rules, see `language/sets.py`).
    rules: SerializeAsAny[BaseModel] | None = None
    #: The parameters as written, each with its place.
    params: list[Param] = Field(default_factory=list, exclude=True)


def dump(node: BaseModel) -> dict[str, Any]:
    """A node as plain JSON-ready data (spans left out)."""
    return node.model_dump(mode="json", by_alias=False)
