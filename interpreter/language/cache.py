"""A cache of checked files: re-checking a file that has not changed costs nothing.

A designer runs `atout validate` on every save and in CI, where most files
have not changed since the last run. Each file, once read, is kept on disk
(its AST, its diagnostics, its text) under a key made of its name, its bytes
and a digest of atout's own grammars and code: any change to the file, to a
grammar or to atout gives another key, so a result is never reused when it
could differ. Only the reading of single files is cached; the checks that
span files (decks against cards, duplicate names) always run.

The cache lives in `$ATOUT_CACHE_DIR`, else `$XDG_CACHE_HOME/atout`, else
`~/.cache/atout`; `ATOUT_NO_CACHE=1` turns it off. A cache that cannot be
read or written is ignored: it only ever saves time.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import GameLanguage
    from .loader import Document

#: Bump to drop every entry made by an older layout of the entries.
LAYOUT = 2


def folder() -> Path | None:
    """Where entries are kept, or None when the cache is off."""
    if os.environ.get("ATOUT_NO_CACHE"):
        return None
    chosen = os.environ.get("ATOUT_CACHE_DIR")
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or (Path.home() / ".cache")
    return Path(base) / "atout"


@lru_cache(maxsize=1)
def code_digest() -> str:
    """A digest of atout's grammars and interpreter code, read once per process."""
    from atout.grammar import GRAMMAR_DIR

    interpreter = Path(__file__).resolve().parent.parent
    hasher = hashlib.sha256(f"atout-cache-{LAYOUT}".encode())
    for root in (GRAMMAR_DIR, interpreter):
        for path in sorted(root.rglob("*")):
            if path.suffix in (".py", ".lark"):
                hasher.update(str(path.relative_to(root)).encode())
                hasher.update(path.read_bytes())
    return hasher.hexdigest()


def _entry(name: str, data: bytes) -> Path | None:
    place = folder()
    if place is None:
        return None
    key = hashlib.sha256(code_digest().encode() + b"\0" + name.encode() + b"\0" + data).hexdigest()
    return place / key[:2] / f"{key[2:]}.pickle"


def load(name: str, data: bytes, games: dict[str, "GameLanguage"]) -> "Document | None":
    """The document read earlier from these very bytes under this name, if kept."""
    from .loader import Document

    entry = _entry(name, data)
    if entry is None:
        return None
    try:
        with entry.open("rb") as stream:
            kept = pickle.load(stream)
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, ValueError, TypeError):
        return None
    game = games.get(kept["game"]) if kept["game"] else None
    if kept["game"] and game is None:
        return None
    kind = next((k for k in game.kinds if k.name == kept["kind"]), None) if game else None
    return Document(
        kept["path"], kept["text"], game, kind, kept["node"], kept["diagnostics"], kept["rules"], kept["unread"]
    )


def store(document: "Document", data: bytes) -> None:
    """Keep a document read from `data`, for the next run."""
    entry = _entry(document.path, data)
    if entry is None:
        return
    kept = {
        "path": document.path,
        "text": document.text,
        "game": document.game.name if document.game else None,
        "kind": document.kind.name if document.kind else None,
        "node": document.node,
        "diagnostics": document.diagnostics,
        "rules": document.rules,
        "unread": document.unread_cards,
    }
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("wb", dir=entry.parent, delete=False) as stream:
            pickle.dump(kept, stream, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(stream.name, entry)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        return
