"""The files a check reads: finding card-language files, and noting what was read.

`expand` turns files and folders into the `.atout` files to read. While a
`recording()` is open, every file read (`note_read`, called by the loader)
and every folder listed (`expand`) is noted, so that the cache of whole runs
(`runs.py`) can later tell, without reading anything again, whether any of
them changed. This module imports only the standard library.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

#: The extension of card-language files, for folders given to `validate`.
EXTENSION = ".atout"


@dataclass
class Inputs:
    """What a run read: each file's digest, and each folder's listing, by path."""

    files: dict[str, str] = field(default_factory=dict)
    listings: dict[str, list[str]] = field(default_factory=dict)


_recording: list[Inputs] = []


@contextmanager
def recording() -> Iterator[Inputs]:
    """Note what is read until the block ends."""
    inputs = Inputs()
    _recording.append(inputs)
    try:
        yield inputs
    finally:
        _recording.remove(inputs)


def digest(data: bytes | None) -> str:
    """A file's bytes, as the run cache compares them; "" for a file that cannot be read."""
    return "" if data is None else hashlib.sha256(data).hexdigest()


def current_digest(path: str) -> str:
    """The digest of the file at `path` now ("" if it cannot be read)."""
    try:
        return digest(Path(path).read_bytes())
    except OSError:
        return ""


def note_read(path: str | Path, data: bytes | None) -> None:
    """A file was read (its bytes as read; None: it could not be)."""
    for inputs in _recording:
        inputs.files[str(path)] = digest(data)


def listing(folder: Path) -> list[Path]:
    """A folder's `.atout` files, recursively, sorted."""
    return sorted(p for p in folder.rglob(f"*{EXTENSION}") if p.is_file())


def expand(paths: Iterable[str | Path]) -> list[Path]:
    """Files and folders to files: a folder gives its `.atout` files, recursively, sorted."""
    files: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            found = listing(path)
            for inputs in _recording:
                inputs.listings[str(path)] = [str(p) for p in found]
            files.extend(found)
        else:
            files.append(path)
    return list(dict.fromkeys(files))
