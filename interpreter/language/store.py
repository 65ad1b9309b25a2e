"""atout's private store on disk: where the caches live, and how they are read and written safely.

Two caches use it: the cache of checked files (`cache.py`) and the cache of
whole `atout validate` runs (`runs.py`). This module imports only the
standard library, so that a run answered from its cache starts fast.

The store lives in `$ATOUT_CACHE_DIR`, else `$XDG_CACHE_HOME/atout`, else
`~/.cache/atout`; `ATOUT_NO_CACHE=1` turns it off. It is private to the user
(see `private_folder`, `read_private` and `write_private`).
"""

from __future__ import annotations

import hashlib
import os
import stat
import tempfile
from functools import lru_cache
from pathlib import Path

from ..fastpaths import FAST

#: Bump to drop every entry made by an older layout of the entries.
LAYOUT = 3
#: The largest entry read back (an entry holds its file's text and AST).
MAX_ENTRY_BYTES = 64 * 1024 * 1024


# ---------------------------------------------------------------------------
# The private folder
# ---------------------------------------------------------------------------


def folder() -> Path | None:
    """Where the cache is meant to be, or None when it is turned off."""
    if os.environ.get("ATOUT_NO_CACHE") or not FAST:  # off, or the plain path (`ATOUT_PLAIN`): every file parsed anew
        return None
    chosen = os.environ.get("ATOUT_CACHE_DIR")
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):  # the XDG specification: a relative path is ignored
        base = str(Path.home() / ".cache")
    return Path(base) / "atout"


def private_folder() -> Path | None:
    """The cache folder, created private if missing; None unless it is safe to use.

    Safe: a folder (not a symbolic link to one) owned by the current user,
    that neither its group nor others may write.
    """
    place = folder()
    if place is None:
        return None
    try:
        place.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        try:
            os.mkdir(place, 0o700)
        except FileExistsError:
            pass
        return place if is_private(os.lstat(place), directory=True) else None
    except (OSError, RuntimeError):
        return None


def is_private(info: os.stat_result, directory: bool = False) -> bool:
    """Is this (l)stat of a folder or a regular file the user's own, writable by no one else?"""
    kind_ok = stat.S_ISDIR(info.st_mode) if directory else stat.S_ISREG(info.st_mode)
    return kind_ok and info.st_uid == os.getuid() and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def read_private(path: Path, limit: int = MAX_ENTRY_BYTES) -> bytes | None:
    """A private file's bytes, or None if it is missing, a link, not the user's, or too large."""
    try:
        # without blocking: a named pipe put in its place would otherwise wait for a writer (it is then refused)
        descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    with os.fdopen(descriptor, "rb") as stream:
        info = os.fstat(stream.fileno())
        if not is_private(info) or info.st_size > limit:
            return None
        return stream.read(limit + 1)


def write_private(path: Path, data: bytes) -> bool:
    """Write a private file (0600) atomically: a new file beside it, renamed into place."""
    try:
        descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=".new-", suffix=".tmp")
    except OSError:
        return False
    try:
        with os.fdopen(descriptor, "wb") as stream:
            stream.write(data)
        os.replace(temporary, path)  # replaces a link at `path` itself, never what it points to
        return True
    except OSError:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        return False


# ---------------------------------------------------------------------------
# What a cached result depends on
# ---------------------------------------------------------------------------


def code_roots() -> list[Path]:
    """The folders of atout's code a cached answer depends on: the grammars, the interpreter, the command."""
    import importlib.util

    from atout.grammar import GRAMMAR_DIR

    command = importlib.util.find_spec("atout.cli")  # found, not imported: the command is a layer above
    assert command is not None and command.origin is not None, "atout.cli is part of atout"
    return [Path(GRAMMAR_DIR), Path(__file__).resolve().parent.parent, Path(command.origin).resolve().parent]


@lru_cache(maxsize=1)
def code_digest() -> str:
    """A digest of atout's grammars, interpreter and command code, read once per process."""
    hasher = hashlib.sha256(f"atout-cache-{LAYOUT}".encode())
    for number, root in enumerate(code_roots()):
        for path in sorted(root.rglob("*")):
            if path.suffix in (".py", ".lark"):
                hasher.update(f"{number}:{path.relative_to(root)}".encode())
                hasher.update(path.read_bytes())
    return hasher.hexdigest()
