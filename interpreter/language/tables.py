"""Parser tables kept on disk as JSON, so that a new process need not build its grammars.

Building the LALR tables of the four games' grammars takes about half a
second, paid by every process that parses a file not in the cache of
checked files (`cache.py`). Lark can save a built parser, but as a pickle,
which runs code when it is read; atout's caches never do. A parser is made
of plain data (Lark's `memo_serialize`: rules, terminals, the parse
table), so it is kept here as JSON in atout's private store (`store.py`),
under a digest of everything it is built from (the grammar's text, the
grammar files it imports, the start rules, Lark's and Python's versions),
and rebuilt by Lark's own loader of such data. An entry that cannot be read
(missing, not private, damaged, of another shape) is ignored: the parser is
built, and kept for the next process.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Callable
from typing import Any

import lark
from lark import Lark
from lark.grammar import Rule
from lark.lexer import TerminalDef

from atout.grammar import GRAMMAR_DIR

from .store import LAYOUT, private_folder, read_private, write_private

#: The largest parser table read back (the largest grammar's is about 0.4 MB).
MAX_TABLE_BYTES = 8 * 1024 * 1024


def cached_parser(source: str, starts: tuple[str, ...], build: Callable[[], Lark]) -> Lark:
    """The parser of a grammar's text (`source`), from the store, else `build()` and kept."""
    place = private_folder()
    if place is None:
        return build()
    path = place / "parsers" / f"{_digest(source, starts)}.json"
    data = read_private(path, MAX_TABLE_BYTES)
    if data is not None:
        try:
            kept = _decode(json.loads(data))
            return Lark._load_from_dict(kept["data"], kept["memo"])
        except Exception:  # noqa: BLE001 - a damaged entry is rebuilt, never fatal
            pass
    parser = build()
    try:
        (place / "parsers").mkdir(mode=0o700, exist_ok=True)
        write_private(path, json.dumps(_encode(_tables(parser)), separators=(",", ":")).encode())
    except (OSError, TypeError, ValueError):
        pass
    return parser


def _tables(parser: Lark) -> dict[str, Any]:
    """A parser as plain data, as Lark saves it (without the import loader, used only to build it)."""
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    data["options"] = {name: value for name, value in data["options"].items() if name != "import_paths"}
    return {"data": data, "memo": memo}


def _digest(source: str, starts: tuple[str, ...]) -> str:
    """What a parser is built from: its text, the grammar files it may import, its starts, the versions."""
    hasher = hashlib.sha256(f"atout-tables-{LAYOUT}|{lark.__version__}|{sys.version_info[:2]}|{starts}".encode())
    hasher.update(source.encode())
    for path in sorted(GRAMMAR_DIR.glob("*.lark")):
        hasher.update(path.name.encode() + b"\0" + path.read_bytes())
    return hasher.hexdigest()


# JSON has no tuples and only string keys; Lark's data has both. They are tagged.


def _encode(value: Any) -> Any:
    if isinstance(value, dict):
        if all(isinstance(key, str) and not key.startswith("$") for key in value):
            return {key: _encode(item) for key, item in value.items()}
        return {"$dict": [[_encode(key), _encode(item)] for key, item in value.items()]}
    if isinstance(value, tuple):
        return {"$tuple": [_encode(item) for item in value]}
    if isinstance(value, list):
        return [_encode(item) for item in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise TypeError(f"a parser table holds a {type(value).__name__}")


def _decode(value: Any) -> Any:
    if isinstance(value, dict):
        if "$dict" in value:
            return {_decode(key): _decode(item) for key, item in value["$dict"]}
        if "$tuple" in value:
            return tuple(_decode(item) for item in value["$tuple"])
        return {key: _decode(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_decode(item) for item in value]
    return value
