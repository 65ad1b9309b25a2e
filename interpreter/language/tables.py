"""Parser tables as JSON: shipped with atout for its own grammars, else kept on disk, so that a process need not build them.

Building the LALR tables of the four games' grammars takes about half a
second. Lark can save a built parser, but as a pickle, which runs code
when it is read; atout never reads one. A parser is made of plain data
(Lark's `memo_serialize`: rules, terminals, the parse table), so it is
kept as JSON, each under a digest of everything it is built from (the
grammar's text, the grammar files it may import, the start rules, Lark's
options and version), and rebuilt by Lark's own loader of such data:

- the tables of the grammars shipped with atout are shipped too, beside
  them (`grammar/tables/<grammar>.json`), made by
  `python -m atout.interpreter.language.tables`; a test fails when they are
  stale. They are used only when their digest is that of the grammar as it
  is read now, and the Lark that made them is the one installed;
- any other grammar (or a shipped one whose tables are stale) has its
  tables kept in atout's private store (`store.py`), whose digest adds
  Python's version. An entry that cannot be read (missing, not private,
  damaged, of another shape) is ignored: the parser is built, and kept for
  the next process.

A parse table's states are numbered in the order Lark happens to build
them, which changes from one process to the next; they are renumbered in
an order drawn from the grammar alone (`_canonical`), so that the shipped
files are the same whenever they are made again from the same grammar.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, cast

import lark
from lark import Lark
from lark.grammar import Rule
from lark.lexer import TerminalDef

from atout.grammar import GRAMMAR_DIR

from ..fastpaths import FAST
from ..files import write_bytes
from .store import LAYOUT, private_folder, read_private, write_private

#: The largest parser table read back (the largest grammar's is about 0.4 MB).
MAX_TABLE_BYTES = 8 * 1024 * 1024
#: Where the tables of the grammars shipped with atout are.
SHIPPED_DIR = GRAMMAR_DIR / "tables"
#: Bump when the layout of the shipped files changes.
SHIPPED_LAYOUT = 1


def cached_parser(
    source: str,
    starts: tuple[str, ...],
    build: Callable[[], Lark],
    grammar: str | None = None,
    options: Mapping[str, Any] | None = None,
) -> Lark:
    """The parser of a grammar's text (`source`): shipped, else from the store, else `build()` and kept.

    `grammar` names the grammar file whose tables may be shipped; `options`
    are the Lark options `build` uses (part of the digest).
    """
    if grammar is not None and FAST:  # on the plain path (`ATOUT_PLAIN`), every parser is built by Lark
        shipped = _read_shipped(grammar, source, starts, options)
        if shipped is not None:
            return shipped
    place = private_folder()
    if place is None:
        return build()
    path = place / "parsers" / f"{digest(source, starts, options, python=True)}.json"
    data = read_private(path, MAX_TABLE_BYTES)
    if data is not None:
        try:
            kept = _loads(data)
            return cast(Lark, Lark._load_from_dict(kept["data"], kept["memo"]))  # type: ignore[no-untyped-call]
        except Exception:  # noqa: BLE001 - a damaged entry is rebuilt, never fatal
            pass
    parser = build()
    try:
        (place / "parsers").mkdir(mode=0o700, exist_ok=True)
        write_private(path, _dumps(tables(parser)))
    except (OSError, TypeError, ValueError):
        pass
    return parser


def shipped_path(grammar: str) -> Path | None:
    """Where the tables of a grammar file of atout's are shipped; None for a grammar from elsewhere."""
    if Path(grammar).name != grammar or not (GRAMMAR_DIR / grammar).is_file():
        return None
    return SHIPPED_DIR / f"{Path(grammar).stem}.json"


def _read_shipped(grammar: str, source: str, starts: tuple[str, ...], options: Mapping[str, Any] | None) -> Lark | None:
    """The parser from a grammar's shipped tables, if they are those of `source` as built now."""
    path = shipped_path(grammar)
    if path is None:
        return None
    try:
        shipped = _loads(path.read_bytes())
        _SHIPPED_LARK[:] = [shipped["lark"]]
        if shipped["digest"] != digest(source, starts, options, python=False) or shipped["lark"] != lark.__version__:
            return None  # made for another grammar, or by another Lark (its tables may differ)
        return cast(Lark, Lark._load_from_dict(shipped["data"], shipped["memo"]))  # type: ignore[no-untyped-call]
    except Exception:  # noqa: BLE001 - missing, damaged or stale: the parser is read from the store or built
        return None


#: The Lark the shipped tables were made with, once one of them is read.
_SHIPPED_LARK: list[str] = []


def lark_as_shipped() -> bool:
    """Whether the Lark running is the one atout's shipped tables were made with (and its tests ran on).

    What depends on Lark's insides (`building.py`) is used only then; with
    another Lark, the tables made anew (`python -m
    atout.interpreter.language.tables`) make it so again. The answer is the
    same whatever the process read before: when no shipped table has been
    read yet (a grammar from elsewhere parsed first), one is read to know.
    """
    if not _SHIPPED_LARK:
        _SHIPPED_LARK[:] = [_shipped_lark()]
    return _SHIPPED_LARK == [lark.__version__]


def _shipped_lark() -> str:
    """The Lark that made the shipped tables, read from the first that can be read; "" when none can."""
    for path in sorted(SHIPPED_DIR.glob("*.json")):
        try:
            made_by = _loads(path.read_bytes())["lark"]
        except Exception:  # noqa: BLE001 - missing or damaged: another one may say
            continue
        if isinstance(made_by, str):
            return made_by
    return ""


def write_shipped(grammar: str, source: str, starts: tuple[str, ...], options: Mapping[str, Any] | None, parser: Lark) -> Path:
    """Write the tables of one of atout's grammars beside it, as `_read_shipped` reads them."""
    path = shipped_path(grammar)
    if path is None:
        raise ValueError(f"{grammar} is not a grammar file of atout")
    entry = {"digest": digest(source, starts, options, python=False), "lark": lark.__version__, **tables(parser)}
    path.parent.mkdir(exist_ok=True)
    write_bytes(path, _dumps(entry) + b"\n")  # whole or not at all
    return path


def tables(parser: Lark) -> dict[str, Any]:
    """A parser as plain data, as Lark saves it (without the import loader, used only to build it)."""
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    data["options"] = {name: value for name, value in data["options"].items() if name != "import_paths"}
    data["parser"]["parser"] = _canonical(data["parser"]["parser"])
    return {"data": data, "memo": memo}


def shipped_digest(grammar: str) -> str | None:
    """The digest a grammar's shipped tables were made for (None: none are shipped)."""
    path = shipped_path(grammar)
    if path is None or not path.is_file():
        return None
    digest_: str = _loads(path.read_bytes())["digest"]
    return digest_


def digest(source: str, starts: tuple[str, ...], options: Mapping[str, Any] | None = None, python: bool = True) -> str:
    """What a parser is built from: its text, the grammar files it may import, its starts, options, the versions.

    The shipped tables' digest leaves out the versions (`python=False`): Lark's
    tables are the same on every Python, and the Lark that made them is
    written beside them, and compared on its own (a new Lark does not make
    the grammars stale, it only makes the shipped tables unused until they
    are made again).
    """
    versions = f"{lark.__version__}|{sys.version_info[:2]}" if python else f"shipped-{SHIPPED_LAYOUT}"
    shown = sorted((options or {}).items())
    hasher = hashlib.sha256(f"atout-tables-{LAYOUT}|{versions}|{starts}|{shown}".encode())
    hasher.update(source.encode())
    for path in sorted(GRAMMAR_DIR.glob("*.lark")):
        hasher.update(path.name.encode() + b"\0" + path.read_bytes())
    return hasher.hexdigest()


def _canonical(table: dict[str, Any]) -> dict[str, Any]:
    """Lark's serialized parse table with its tokens in name order and its states in the order they are reached.

    The states are numbered as a walk from the start rules (in name order)
    reaches them, following each state's shifts in the order of their
    tokens' names; Lark's own numbering depends on the process.
    """
    names = sorted(table["tokens"].values())
    token_number = {name: number for number, name in enumerate(names)}
    token_of = {old: token_number[name] for old, name in table["tokens"].items()}
    states = table["states"]
    number: dict[int, int] = {}
    walk = [table["start_states"][start] for start in sorted(table["start_states"])]
    for state in walk:
        if state in number:
            continue
        number[state] = len(number)
        actions = sorted(states[state].items(), key=lambda item: token_of[item[0]])
        walk.extend(arg for _, (action, arg) in actions if action == 0 and arg not in number)
    for state in states:  # none is left out; should one be, it keeps a place after the others
        number.setdefault(state, len(number))
    renumbered = {
        number[state]: {token_of[token]: (action, number[arg]) if action == 0 else (action, arg) for token, (action, arg) in sorted(actions.items(), key=lambda item: token_of[item[0]])}
        for state, actions in sorted(states.items(), key=lambda item: number[item[0]])
    }
    return {
        "tokens": dict(enumerate(names)),
        "states": renumbered,
        "start_states": {start: number[state] for start, state in sorted(table["start_states"].items())},
        "end_states": {start: number[state] for start, state in sorted(table["end_states"].items())},
    }


# JSON has no tuples and only string keys; Lark's data has both. They are tagged.


def _dumps(value: Any) -> bytes:
    return json.dumps(_encode(value), separators=(",", ":")).encode()


def _loads(data: bytes) -> Any:
    return json.loads(data, object_hook=_tagged)


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


def _tagged(value: dict[str, Any]) -> Any:
    """A JSON object read back (innermost first): a tagged dict or tuple becomes one again."""
    if "$dict" in value:
        return {key: item for key, item in value["$dict"]}
    if "$tuple" in value:
        return tuple(value["$tuple"])
    return value


def main() -> None:
    """Write the tables of the grammars shipped with atout: `python -m atout.interpreter.language.tables`."""
    from .parser import LARK_OPTIONS, grammar_source, new_parser

    from .registry import languages

    for language in languages().values():
        if shipped_path(language.grammar) is None:
            continue
        source = grammar_source(language.grammar, language.construct_grammar)
        path = write_shipped(language.grammar, source, language.starts, LARK_OPTIONS, new_parser(source, language.starts))
        print(f"{path.relative_to(GRAMMAR_DIR.parent) if path.is_relative_to(GRAMMAR_DIR.parent) else path}")


if __name__ == "__main__":
    main()
