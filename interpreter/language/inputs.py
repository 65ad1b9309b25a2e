"""The files a check reads: finding card-language files, and noting what was read.

`expand` turns files and folders into the `.atout` files to read. While a
`recording()` is open, every file read (`note_read`, called by the loader)
and every folder listed (`expand`) is noted, so that the cache of whole runs
(`runs.py`) can later tell, without reading anything again, whether any of
them changed.

Every read of what a user gives is bounded here: a file is read only if it
is a regular file (a named pipe or a device is refused, never waited on),
and never past a size (`read_bounded`, `read_stdin`); a folder is listed
only up to a number of entries (`listing`). While a `confined()` block is
open (the files a record carries, rebuilt in a temporary folder), no folder
outside it may serve as a base (`outside`). This module imports only the
standard library.
"""

from __future__ import annotations

import hashlib
import os
import stat
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from atout.interpreter.errors import AtoutError

from .text import MAX_FILE_BYTES  # the bound on a card file's size (the language server's on a document too)

#: The extension of card-language files, for folders given to `validate`.
EXTENSION = ".atout"

#: The most lines a card file may have (a generated set of ten thousand
#: cards has about sixty thousand).
MAX_FILE_LINES = 200_000
#: The most files and folders a folder given to atout may hold, all levels
#: together (the shipped sets hold about a hundred).
MAX_LISTED = 20_000


class InputError(AtoutError):
    """What a user gave cannot be read (not a regular file, too large, closed): `reason` says why and what to do;
    `path`, the file or folder refused, where there is one."""

    def __init__(self, reason: str, path: str | None = None):
        super().__init__(reason)
        self.reason = reason
        self.path = path


def _kind_of(mode: int) -> str:
    """What a file that is not a regular file is, in words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def too_large(size: int | str, limit: int, what: str = "the file", advice: str = "split it into several files") -> str:
    """The message for an input past its bound of `limit` bytes, with what to do."""
    size_text = f"{size:,}" if isinstance(size, int) else size
    return f"{what} is {size_text} bytes; atout reads at most {limit:,} bytes: {advice}"


def read_bounded(path: str | Path, limit: int = MAX_FILE_BYTES, kind: str = "card file", advice: str = "split it into several files") -> bytes:
    """A regular file's bytes, at most `limit` of them; raises `InputError` (or `OSError`).

    A named pipe, a device, a socket or a folder is refused before it is
    opened (opening a pipe would wait for a writer); the file is opened
    without blocking, checked again once open, and read no further than
    `limit` (a file that grows while it is read is refused too).
    """
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        raise InputError(f"this is {_kind_of(info.st_mode)}, not a file: give atout a {kind}")
    if info.st_size > limit:
        raise InputError(too_large(info.st_size, limit, advice=advice))
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    with os.fdopen(descriptor, "rb") as stream:
        mode = os.fstat(stream.fileno()).st_mode
        if not stat.S_ISREG(mode):  # replaced between the two looks
            raise InputError(f"this is {_kind_of(mode)}, not a file: give atout a {kind}")
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise InputError(too_large(f"more than {limit:,}", limit, advice=advice))
    return data


def read_stdin(limit: int = MAX_FILE_BYTES, advice: str = "split it into several files") -> bytes:
    """Standard input's bytes, at most `limit` of them; raises `InputError` when it is closed, unreadable or larger."""
    stream = sys.stdin
    if stream is None or getattr(stream, "closed", False):
        raise InputError("standard input is closed: pipe the text into atout, or give the path of a file")
    try:
        buffer = getattr(stream, "buffer", None)
        data = buffer.read(limit + 1) if buffer is not None else stream.read(limit + 1).encode("utf-8", "surrogateescape")
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise InputError(f"standard input cannot be read ({reason}): give the path of a file") from None
    if len(data) > limit:
        raise InputError(too_large(f"more than {limit:,}", limit, "standard input", advice))
    return data


@dataclass
class Inputs:
    """What a run read: each file's digest, and each folder's listing, by path."""

    files: dict[str, str] = field(default_factory=dict)
    #: A folder's listing; None for a folder looked for and not found (a base yet to be made).
    listings: dict[str, list[str] | None] = field(default_factory=dict)


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
    """The digest of the file at `path` now ("" if it cannot be read, or is no regular file, or is too large)."""
    try:
        return digest(read_bounded(path))
    except (OSError, InputError):
        return ""


def note_read(path: str | Path, data: bytes | None) -> None:
    """A file was read (its bytes as read; None: it could not be)."""
    for inputs in _recording:
        inputs.files[str(path)] = digest(data)


def listing(folder: Path) -> list[Path]:
    """A folder's `.atout` files, recursively, sorted (links to folders are not followed; folders that
    cannot be read are passed over). Raises `InputError` past `MAX_LISTED` files and folders.

    A named pipe, a device or a socket named `.atout` is listed too, never
    opened: reading it (`read_bounded`) refuses it with E100, as when it is
    given by its path, so that nothing written in the folder is passed over
    without a word. Only a link that leads nowhere (an editor's lock, such as
    Emacs's `.#cartes.atout`) is left out.
    """
    found: list[Path] = []
    seen = 0
    for top, folders, names in os.walk(folder):
        seen += len(folders) + len(names)
        if seen > MAX_LISTED:
            for inputs in _recording:  # a run that stops here is never answered from the cache as it was
                inputs.listings[str(folder)] = [f"more than {MAX_LISTED} entries"]
            raise InputError(f"the folder {_shown(str(folder))} holds more than {MAX_LISTED:,} files and folders: give atout the folder of a game's files", str(folder))
        found.extend(path for name in names if name.endswith(EXTENSION) and _leads_somewhere(path := Path(top, name)))
    return sorted(found)


def _leads_somewhere(path: Path) -> bool:
    """Whether there is a file at `path` (of any kind: it is looked at, never opened); False for a link that leads nowhere."""
    try:
        os.stat(path)
    except OSError:
        return False
    return True


def listing_now(folder: str) -> list[str] | None:
    """A folder's listing as a run notes it (`Inputs.listings`): None when it is not a folder, or cannot be listed."""
    try:
        return [str(p) for p in listing(Path(folder))] if Path(folder).is_dir() else None
    except (OSError, InputError):
        return None


def is_folder(path: str | Path) -> bool:
    """Whether `path` is a folder (False for a name too long or otherwise unusable); a folder
    looked for and not found is noted, so that a run answered from the cache sees it appear."""
    try:
        found = Path(path).is_dir()
    except (OSError, ValueError):
        found = False
    if not found:
        for inputs in _recording:
            inputs.listings.setdefault(str(path), None)
    return found


def _shown(text: str, limit: int = 80) -> str:
    """A name quoted in a message, cut to `limit` characters."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


_confinement: list[str] = []


@contextmanager
def confined(root: str | Path) -> Iterator[None]:
    """Within the block, no folder outside `root` may be read as a base (`outside`)."""
    _confinement.append(os.path.abspath(root))
    try:
        yield
    finally:
        _confinement.pop()


def outside(folder: str | Path) -> bool:
    """Whether a `confined()` block is open and `folder` (as written, not resolved: nothing outside is looked at) is out of it."""
    if not _confinement:
        return False
    place = os.path.normpath(os.path.abspath(folder))
    root = _confinement[-1]
    return place != root and not place.startswith(root.rstrip(os.sep) + os.sep)


def carried(written: str | Path) -> Path | None:
    """Within a `confined()` block, the folder of it that an absolute base written elsewhere stands for; None when none does, or several.

    A record carries the folder an extension is laid over, named from the
    set's folder (`../base/cartes.atout`), but the extension's own text may
    name it by an absolute path of the machine it was made on (`Base :
    /home/ana/base`). Laid out again, that folder is the one whose path
    ends as the written one does, on the most names (`base`): the one such
    folder holding files, if there is exactly one. Nothing outside the
    block is looked at.
    """
    if not _confinement or not os.path.isabs(written):
        return None
    root = Path(_confinement[-1])
    tail = Path(written).parts[1:]
    best, found = 0, []
    for folder, _, files in os.walk(root):
        if not any(name.endswith(EXTENSION) for name in files):
            continue
        parts = Path(folder).relative_to(root).parts
        shared = 0
        while shared < min(len(parts), len(tail)) and parts[-1 - shared] == tail[-1 - shared]:
            shared += 1
        if shared and shared > best:
            best, found = shared, [Path(folder)]
        elif shared and shared == best:
            found.append(Path(folder))
    return found[0] if len(found) == 1 else None


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
