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
  too deeply, from another layout) is ignored and written anew: the cache
  only ever saves time, it is never a reason to fail.
"""

from __future__ import annotations

import hashlib
import json
from enum import Enum
from functools import lru_cache
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


# ---------------------------------------------------------------------------
# Entries
# ---------------------------------------------------------------------------


def _entry(place: Path, name: str, data: bytes) -> Path:
    key = hashlib.sha256(code_digest().encode() + b"\0" + name.encode() + b"\0" + data).hexdigest()
    return place / f"{key}.json"


def load(name: str, data: bytes, games: dict[str, "GameLanguage"]) -> "Document | None":
    """The document read earlier from these very bytes under this name, if kept and usable."""
    place = private_folder()
    if place is None:
        return None
    raw = read_private(_entry(place, name, data))
    if raw is None:
        return None
    try:
        return from_json(json.loads(raw), name, games)
    except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError, ValidationError, _Unusable):
        return None


def store(document: "Document", data: bytes) -> None:
    """Keep a document read from `data`, for the next run (when it can be kept faithfully)."""
    place = private_folder()
    if place is None:
        return
    try:
        kept = to_json(document)
        # kept only if it reads back to the very same document (an AST built
        # around a value out of range, for one, would not)
        if to_json(from_json(json.loads(json.dumps(kept)), document.path, {document.game.name: document.game} if document.game else {})) != kept:
            return
        encoded = json.dumps(kept, ensure_ascii=False, separators=(",", ":")).encode()
    except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError, ValidationError, _Unusable):
        return
    write_private(_entry(place, document.path, data), encoded)


# ---------------------------------------------------------------------------
# A document as JSON and back
# ---------------------------------------------------------------------------


class _Unusable(Exception):
    """An entry (or a document) that cannot be turned into JSON or back."""


def to_json(document: "Document") -> dict[str, Any]:
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


def from_json(kept: Any, name: str, games: dict[str, "GameLanguage"]) -> "Document":
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


@lru_cache(maxsize=1)
def _classes() -> dict[str, type[BaseModel]]:
    """The models an entry may name: atout's own (AST nodes, rules models and their parts)."""
    import atout.interpreter.games  # noqa: F401  (defines every game's models)

    found: dict[str, type[BaseModel]] = {}
    pending: list[type[BaseModel]] = list(BaseModel.__subclasses__())
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        if cls.__module__.startswith("atout.interpreter.") and "<" not in cls.__qualname__:
            found[_class_name(cls)] = cls
    return found


def _class_name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def _dump(value: Any, file: str, depth: int) -> Any:
    """A value of the AST as JSON data; a model names its class, a node keeps its span."""
    if depth > MAX_DEPTH:
        raise _Unusable("nested too deeply")
    if value is None or isinstance(value, (bool, int, float, str)) and not isinstance(value, Enum):
        return value
    if isinstance(value, Enum):
        return _dump(value.value, file, depth + 1)
    if isinstance(value, (list, tuple)):
        return [_dump(item, file, depth + 1) for item in value]
    if isinstance(value, BaseModel):
        cls = type(value)
        if _classes().get(_class_name(cls)) is not cls:
            raise _Unusable(f"a model of no known class: {cls}")
        data: dict[str, Any] = {"$": _class_name(cls)}
        for field in cls.model_fields:
            if field != "span":
                data[field] = _dump(getattr(value, field), file, depth + 1)
        span = getattr(value, "span", None) if isinstance(value, Node) else None
        if span is not None:
            if span.file != file:
                raise _Unusable("a span in another file")
            data["span"] = [span.line, span.column, span.end_line, span.end_column]
        return data
    raise _Unusable(f"a value that JSON does not hold: {type(value).__name__}")


#: The fields that hold nodes of any class (a file's cards, its typed rules):
#: each of their values is validated as the class it names. Everywhere else a
#: node is validated as part of its parent, by the parent's field types
#: (discriminated unions), which builds one validator per card class instead
#: of one per node class.
_ANY_CLASS_FIELDS = {(CardFile, "cards"), (RulesFile, "rules")}


def _revive(data: Any, file: str, depth: int) -> Any:
    """The model `_dump` gave, validated anew, with its spans."""
    _expect(isinstance(data, dict))
    name = data.get("$")
    cls = _classes().get(name) if isinstance(name, str) else None
    if cls is None:
        raise _Unusable("a model of no known class")
    fields: dict[str, Any] = {}
    for key, item in data.items():
        if key in ("$", "span"):
            continue
        if (cls, key) in _ANY_CLASS_FIELDS:
            if isinstance(item, list):
                fields[key] = [_revive(x, file, depth + 1) for x in item]
            else:
                fields[key] = None if item is None else _revive(item, file, depth + 1)
        else:
            fields[key] = _plain(item, file, depth + 1)
    if "span" in data:
        fields["span"] = _span(cls, data["span"], file)
    return cls.model_validate(fields)


def _plain(data: Any, file: str, depth: int) -> Any:
    """A value for a parent's validation: class names dropped, spans made `Span`s."""
    if depth > MAX_DEPTH:
        raise _Unusable("nested too deeply")
    if isinstance(data, list):
        return [_plain(item, file, depth + 1) for item in data]
    if not isinstance(data, dict):
        return data
    name = data.get("$")
    cls = _classes().get(name) if isinstance(name, str) else None
    if cls is None:
        raise _Unusable("a model of no known class")
    if issubclass(cls, Construct):
        # a construct stands in a field typed by the base `Node` (language/constructs.py): it is
        # validated as the class it names, not by its parent's field type
        return _revive(data, file, depth)
    fields = {key: _plain(item, file, depth + 1) for key, item in data.items() if key not in ("$", "span")}
    if "span" in data:
        fields["span"] = _span(cls, data["span"], file)
    return fields


def _span(cls: type, span: Any, file: str) -> Span:
    _expect(issubclass(cls, Node) and isinstance(span, list) and len(span) == 4 and all(type(n) is int for n in span))
    return Span(file, *span)


_DIAGNOSTIC_FIELDS: dict[str, type | tuple[type, ...]] = {
    "code": str, "message": str, "file": str, "line": int, "column": int, "width": int,
    "suggestion": (str, type(None)), "source_line": (str, type(None)),
}


def _dump_diagnostic(diagnostic: Diagnostic) -> dict[str, Any]:
    return {name: getattr(diagnostic, name) for name in _DIAGNOSTIC_FIELDS}


def _revive_diagnostic(data: Any) -> Diagnostic:
    _expect(isinstance(data, dict) and set(data) == set(_DIAGNOSTIC_FIELDS))
    _expect(all(isinstance(data[name], kind) and type(data[name]) is not bool for name, kind in _DIAGNOSTIC_FIELDS.items()))
    return Diagnostic(**data)  # an unknown code raises ValueError
