"""A cache of checked files: re-checking a file that has not changed costs nothing.

A designer runs `atout validate` on every save and in CI, where most files
have not changed since the last run. Each file, once read, is kept on disk
(its AST, its diagnostics, its text) under a key made of its name, its bytes
and a digest of atout's own grammars and code: any change to the file, to a
grammar or to atout gives another key, so a result is never reused when it
could differ. Only the reading of single files is cached; the checks that
span files (decks against cards, duplicate names) always run.

The cache lives in `$ATOUT_CACHE_DIR`, else `$XDG_CACHE_HOME/atout`, else
`~/.cache/atout`; `ATOUT_NO_CACHE=1` turns it off. It is private to the user:

- the folder is created with mode 0700, and used only if it is a real folder
  (not a symbolic link) owned by the user and writable by no one else;
  otherwise atout runs without a cache;
- an entry is JSON, the AST as the pydantic models dump it (spans included),
  so reading one can run no code; it is opened without following symbolic
  links and used only if it is a regular file owned by the user and writable
  by no one else; it is written to a new private file (0600) renamed into
  place, never through an existing file or link;
- an entry that cannot be used (another shape, bad JSON, wrong types, nested
  too deeply, from another layout, or one that does not give back the very
  entry once read: checked at each read) is ignored and written anew: the
  cache only ever saves time, it is never a reason to fail.
"""

from __future__ import annotations

import hashlib
import json
import typing
from enum import Enum
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from .constructs import Construct
from .diagnostics import Diagnostic
from .nodes import CardFile, CardList, Extension, Node, RulesFile, Span
from .store import LAYOUT, MAX_ENTRY_BYTES, code_digest, folder, is_private, private_folder, read_private, write_private  # noqa: F401 - part of this module's interface

if TYPE_CHECKING:
    from .game import GameLanguage
    from .loader import Document

#: The deepest an entry's data may go; the loader refuses deeper text (E114).
MAX_DEPTH = 200

#: The problems of a value out of range or not allowed: the node that holds it is built
#: unvalidated (`UnitTransformer.build`), and no entry could give it back. Not kept.
UNVALIDATED = frozenset({"E200", "E201"})


# ---------------------------------------------------------------------------
# Entries
# ---------------------------------------------------------------------------


def _entry(place: Path, name: str, data: bytes) -> Path:
    key = hashlib.sha256(code_digest().encode() + b"\0" + name.encode() + b"\0" + data).hexdigest()
    return place / f"{key}.json"


def load(name: str, data: bytes, games: dict[str, GameLanguage[Any, Any]]) -> Document | None:
    """The document read earlier from these very bytes under this name, if kept and usable."""
    place = private_folder()
    if place is None:
        return None
    raw = read_private(_entry(place, name, data))
    if raw is None:
        return None
    try:
        kept = json.loads(raw)
        document = from_json(kept, name, games)
        # used only if it gives back the very entry it was read from: then it is the document the
        # entry was made from, as far as JSON tells documents apart (`store` does not check it)
        return document if to_json(document) == kept else None
    except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError, ValidationError, _Unusable):
        return None


def store(document: Document, data: bytes) -> None:
    """Keep a document read from `data`, for the next run (when it can be kept faithfully)."""
    place = private_folder()
    if place is None or any(diagnostic.code in UNVALIDATED for diagnostic in document.diagnostics):
        return
    try:
        # whether the entry reads back to this very document is checked when it is read (`load`),
        # where reading it makes the document anyway: a first run does not read each entry back
        encoded = json.dumps(to_json(document), ensure_ascii=False, separators=(",", ":")).encode()
    except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError, ValidationError, _Unusable):
        return
    write_private(_entry(place, document.path, data), encoded)


# ---------------------------------------------------------------------------
# A document as JSON and back
# ---------------------------------------------------------------------------


class _Unusable(Exception):
    """An entry (or a document) that cannot be turned into JSON or back."""


def to_json(document: Document) -> dict[str, Any]:
    """A document as JSON-ready data: its text, game, kind, AST (spans kept) and diagnostics."""
    node = document.node
    if document.rules is not (node.rules if isinstance(node, RulesFile) else None):
        raise _Unusable("rules apart from the file's node")
    return {
        "layout": LAYOUT,
        "path": document.path,
        "text": document.text,
        "game": document.game.name if document.game else None,
        "kind": document.kind.name if document.kind else None,
        "node": _dump(node, document.path, 0),
        "diagnostics": [_dump_diagnostic(d) for d in document.diagnostics],
        "unread": list(document.unread_cards),
    }


def from_json(kept: Any, name: str, games: dict[str, GameLanguage[Any, Any]]) -> Document:
    """The document `to_json` gave, checked field by field; raises on anything else."""
    from .loader import Document

    _expect(isinstance(kept, dict) and kept.get("layout") == LAYOUT and kept.get("path") == name)
    text, game_name, kind_name = kept["text"], kept["game"], kept["kind"]
    _expect(isinstance(text, str) and (game_name is None or isinstance(game_name, str)))
    game = games.get(game_name) if game_name is not None else None
    _expect(game_name is None or game is not None)
    kind = next((k for k in game.kinds if k.name == kind_name), None) if game else None
    _expect((kind is None) == (kind_name is None))
    node = _revive(kept["node"], name, 0)
    _expect(node is None or isinstance(node, (CardFile, CardList, Extension, RulesFile)))
    diagnostics = kept["diagnostics"]
    unread = kept["unread"]
    _expect(isinstance(diagnostics, list) and isinstance(unread, list) and all(isinstance(t, str) for t in unread))
    rules = node.rules if isinstance(node, RulesFile) else None
    return Document(name, text, game, kind, node, [_revive_diagnostic(d) for d in diagnostics], rules, unread)


def _expect(condition: bool) -> None:
    if not condition:
        raise _Unusable("unexpected shape")


#: The models an entry may name, by `_class_name`: atout's own (AST nodes, rules models and their parts), as imported so far.
_CLASSES: dict[str, type[BaseModel]] = {}


def _model(name: str) -> type[BaseModel] | None:
    """The model class an entry names, among those imported (the games whose files are read have theirs); None: none such.

    No game is imported to find one: an entry naming a class of a game not
    loaded is of no use here (its file is parsed anew).
    """
    cls = _CLASSES.get(name)
    if cls is None:  # not seen yet: the models imported since the last look are looked at
        pending: list[type[BaseModel]] = list(BaseModel.__subclasses__())
        while pending:
            model = pending.pop()
            pending.extend(model.__subclasses__())
            if model.__module__.startswith("atout.interpreter.") and "<" not in model.__qualname__:
                _CLASSES[_class_name(model)] = model
        cls = _CLASSES.get(name)
    return cls


def _class_name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


#: The types whose values JSON holds as they are.
_SCALARS = frozenset({str, int, float, bool, type(None)})


def _dump(value: Any, file: str, depth: int) -> Any:
    """A value of the AST as JSON data; a model names its class, a node keeps its span."""
    if depth > MAX_DEPTH:
        raise _Unusable("nested too deeply")
    if type(value) in _SCALARS:  # most values: a name, a number (their subclasses are told apart below)
        return value
    if value is None or isinstance(value, (bool, int, float, str)) and not isinstance(value, Enum):
        return value
    if isinstance(value, Enum):
        return _dump(value.value, file, depth + 1)
    if isinstance(value, (list, tuple)):
        return [_dump(item, file, depth + 1) for item in value]
    if isinstance(value, BaseModel):
        name, fields, is_node = _plan(type(value))
        data: dict[str, Any] = {"$": name}
        for field in fields:
            data[field] = _dump(getattr(value, field), file, depth + 1)
        span = value.span if is_node else None  # type: ignore[attr-defined]
        if span is not None:
            if span.file != file:
                raise _Unusable("a span in another file")
            data["span"] = [span.line, span.column, span.end_line, span.end_column]
        return data
    raise _Unusable(f"a value that JSON does not hold: {type(value).__name__}")


@cache
def _plan(cls: type[BaseModel]) -> tuple[str, tuple[str, ...], bool]:
    """How `_dump` writes a model of a class: the name it is known by, its fields but the span, whether it is a node."""
    name = _class_name(cls)
    if _model(name) is not cls:
        raise _Unusable(f"a model of no known class: {cls}")
    return name, tuple(field for field in cls.model_fields if field != "span"), issubclass(cls, Node)


#: The fields that hold nodes of any class (a file's cards, its typed rules):
#: each of their values is validated as the class it names. Everywhere else a
#: node is validated as part of its parent, by the parent's field types
#: (discriminated unions), which builds one validator per card class instead
#: of one per node class.
_ANY_CLASS_FIELDS = {(CardFile, "cards"), (RulesFile, "rules")}


def _revive(data: Any, file: str, depth: int, whole: bool = False) -> Any:
    """The model `_dump` gave, validated anew, with its spans (`whole`: its nodes too, each as its class)."""
    _expect(isinstance(data, dict))
    name = data.get("$")
    cls = _model(name) if isinstance(name, str) else None
    if cls is None:
        raise _Unusable("a model of no known class")
    fields: dict[str, Any] = {}
    for key, item in data.items():
        if key in ("$", "span"):
            continue
        if (cls, key) in _ANY_CLASS_FIELDS or _holds_any_node(cls, key):
            fields[key] = _revive_any(item, file, depth + 1)
        else:
            fields[key] = _plain(item, file, depth + 1, whole)
    if "span" in data:
        fields["span"] = _span(cls, data["span"], file)
    return cls.model_validate(fields)


def _revive_any(data: Any, file: str, depth: int) -> Any:
    """A field that may hold a node of any class: each model revived as the class it names."""
    if depth > MAX_DEPTH:
        raise _Unusable("nested too deeply")
    if isinstance(data, list):
        return [_revive_any(item, file, depth + 1) for item in data]
    return _revive(data, file, depth) if isinstance(data, dict) else data


@cache
def _holds_any_node(cls: type, field: str) -> bool:
    """Whether a field is typed as any node (`SerializeAsAny[Node]`, as constructs' fields are): its type cannot say the class."""
    info = cls.model_fields.get(field) if issubclass(cls, BaseModel) else None
    todo = [info.annotation] if info is not None else []
    while todo:
        annotation = todo.pop()
        if annotation is Node:
            return True
        todo.extend(typing.get_args(annotation))
    return False


def _plain(data: Any, file: str, depth: int, whole: bool = False) -> Any:
    """A value for a parent's validation: class names dropped, spans made `Span`s.

    A construct (`constructs.py`) and every node within it are revived as the
    class they name: their parents type them as any node.
    """
    if depth > MAX_DEPTH:
        raise _Unusable("nested too deeply")
    if isinstance(data, list):
        return [_plain(item, file, depth + 1, whole) for item in data]
    if not isinstance(data, dict):
        return data
    name = data.get("$")
    cls = _model(name) if isinstance(name, str) else None
    if cls is None:
        raise _Unusable("a model of no known class")
    if whole or issubclass(cls, Construct) or any(_holds_any_node(cls, key) for key in data if key not in ("$", "span")):
        return _revive(data, file, depth, whole=True)
    fields = {key: _plain(item, file, depth + 1) for key, item in data.items() if key not in ("$", "span")}
    if "span" in data:
        fields["span"] = _span(cls, data["span"], file)
    return fields


def _span(cls: type, span: Any, file: str) -> Span:
    _expect(issubclass(cls, Node) and isinstance(span, list) and len(span) == 4 and all(type(n) is int for n in span))
    return Span(file, *span)


_DIAGNOSTIC_FIELDS: dict[str, type | tuple[type, ...]] = {
    "code": str,
    "message": str,
    "file": str,
    "line": int,
    "column": int,
    "width": int,
    "suggestion": (str, type(None)),
    "source_line": (str, type(None)),
    "hint": (str, type(None)),
}


def _dump_diagnostic(diagnostic: Diagnostic) -> dict[str, Any]:
    return {name: getattr(diagnostic, name) for name in _DIAGNOSTIC_FIELDS}


def _revive_diagnostic(data: Any) -> Diagnostic:
    _expect(isinstance(data, dict) and set(data) == set(_DIAGNOSTIC_FIELDS))
    _expect(all(isinstance(data[name], kind) and type(data[name]) is not bool for name, kind in _DIAGNOSTIC_FIELDS.items()))
    return Diagnostic(**data)  # an unknown code raises ValueError
