"""Writing files without ever leaving one half-written: a new file beside the path, renamed over it once whole.

Every file atout writes (a file `fmt` rewrites, the files of `init`, a
game's record, a report, saved records, the pages of the gallery and the
viewer) goes first to a new file in the same folder (``.NAME.XXXXXXXX.part``),
which is synced to the disk and only then renamed over the path: a rename in
one folder replaces the file at once, so the path holds either its old bytes
or the new ones, never a cut. A write that fails (a full disk, a quota, no
permission) removes the new file, leaves the path byte for byte as it was,
and raises `WriteError`, which says so. Files that go together (the pages
of the gallery, which link to each other) are written with `write_texts`:
each to its new file, and renamed only once all are whole, so that a
failed write leaves every one of them as it was.

- The new file has the mode a plain `open` would give it (0666 less the
  umask), or the mode (and, where allowed, the owner) of the file it
  replaces.
- A file its mode makes read-only for the user is refused (EACCES), as a
  write in place would be: a rename alone would ignore its mode.
- A symbolic link at the path is kept: the file it points to is the one
  replaced (as editors do), in the target's folder.
- A path that exists and is not a regular file (a device such as
  ``/dev/null``, a named pipe) is written directly: it cannot be replaced.

Written on the standard library (`os.replace`) rather than taken from a
package: `atomicwrites`, the usual one, is no longer maintained (its
repository is archived) and makes its temporary files 0600 whatever the
umask (the fault this module fixes for records); the others either keep the
new text in memory and write it over the old file at the end (which cuts it
on a full disk) or do not follow links and keep modes. A record, written
line by line while a game is played, needs the same file held open for the
whole game (`NewFile`), which a write-it-all-at-once helper does not give.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from collections.abc import Mapping
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from atout.interpreter.errors import AtoutError

#: How many bytes of the start of a file's name are kept in the new file's name (names are at most 255 bytes).
_NAME_KEPT = 200


class WriteError(AtoutError, OSError):
    """A file that could not be written; the path is left as it was (an `OSError`, with its errno and reason)."""

    def __init__(self, path: str | Path, error: OSError, outcome: str = "") -> None:
        super().__init__(error.errno, error.strerror or str(error), str(path))
        #: The reason, as the system gives it ("No space left on device").
        self.reason = error.strerror or str(error)
        #: What became of the path ("game.jsonl is left as it was", "nothing was written"), or "" for a device.
        self.outcome = outcome

    def __str__(self) -> str:
        return f"cannot write {self.filename}: {self.reason}" + (f" ({self.outcome})" if self.outcome else "")


def destination(path: Path) -> Path:
    """The file a write to `path` replaces: the file a symbolic link points to (the link stays), else the path.

    Raises `OSError` when the path cannot be looked at (a name longer than the system allows).
    """
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def _replaceable(path: Path) -> bool:
    """Can a new file be renamed over `path`: it is missing or a regular file (not a device or a pipe)?"""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except FileNotFoundError:
        return True


def _new_beside(path: Path) -> tuple[int, Path]:
    """A new, empty file in `path`'s folder, under a name no other file has: its descriptor and path.

    Created with mode 0666, which the umask narrows as for any new file;
    then given the mode (and owner, where the system allows) of the file at
    `path`, when there is one.
    """
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)
    kept = os.fsencode(path.name)[:_NAME_KEPT].decode("utf-8", "ignore")  # counted in bytes: "é" takes two
    while True:
        temporary = path.parent / f".{kept}.{secrets.token_hex(4)}.part"
        try:
            descriptor = os.open(temporary, flags, 0o666)
            break
        except FileExistsError:
            continue
    try:
        old = os.stat(path)
    except OSError:
        return descriptor, temporary
    try:
        os.fchmod(descriptor, stat.S_IMODE(old.st_mode))
        new = os.fstat(descriptor)
        if (new.st_uid, new.st_gid) != (old.st_uid, old.st_gid):
            os.fchown(descriptor, old.st_uid, old.st_gid)
    except OSError:
        pass  # an owner only root may give: the new file stays the writer's, as with any editor
    return descriptor, temporary


class NewFile:
    """A file being written: a new file beside `path`, put at `path` by `commit`, dropped by `discard`.

    `stream` is open for writing (text in UTF-8, or bytes with
    ``binary=True``). As a context manager: committed when the block ends
    normally, discarded when it raises. `commit` and the opening raise
    `WriteError` (the path left as it was); so do writes to `stream` when
    they go through `write`.
    """

    def __init__(self, path: str | Path, binary: bool = False, newline: str | None = None) -> None:
        #: The path as the caller named it (in messages).
        self.path = Path(path)
        #: The file replaced: the path, or the file its symbolic link points to.
        self.target = self.path
        #: The new file, renamed over `target` by `commit`; None when `target` is written directly.
        self.temporary: Path | None = None
        #: What a failed write leaves: said by `WriteError`.
        self.outcome = "nothing was written"
        try:  # looking at the path may fail too (a name too long): told as any other failed write
            self.target = destination(self.path)
            exists = self.target.exists()
            if exists:
                self.outcome = f"{self.path} is left as it was"
            if exists and not os.access(self.target, os.W_OK):  # read-only: kept so, as in place
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
            if _replaceable(self.target):
                descriptor, self.temporary = _new_beside(self.target)
            else:  # a device or a pipe: written to, never replaced
                self.outcome = ""
                descriptor = os.open(self.target, os.O_WRONLY | getattr(os, "O_CLOEXEC", 0))
            self.stream: IO[Any] = os.fdopen(descriptor, "wb") if binary else os.fdopen(descriptor, "w", encoding="utf-8", newline=newline)
        except OSError as error:
            self.discard()
            raise WriteError(self.path, error, self.outcome) from None

    def write(self, data: Any) -> None:
        """Write `data` to the new file; a failure drops it and raises `WriteError`."""
        try:
            self.stream.write(data)
        except OSError as error:
            self.discard()
            raise WriteError(self.path, error, self.outcome) from None

    def commit(self) -> None:
        """Sync the new file to the disk and rename it over the path (the folder synced too, where it can be)."""
        self.finish()
        self.put()

    def finish(self) -> None:
        """Sync the new file to the disk and close it, whole, ready for `put`; a failure drops it and raises `WriteError`."""
        try:
            self.stream.flush()
            if self.temporary is not None:
                os.fsync(self.stream.fileno())
            self.stream.close()
        except OSError as error:
            self.discard()
            raise WriteError(self.path, error, self.outcome) from None

    def put(self) -> None:
        """Rename the finished new file over the path (the folder synced too, where it can be); a failure drops it and raises `WriteError`."""
        try:
            if self.temporary is not None:
                os.replace(self.temporary, self.target)
                self.temporary = None
                _sync_folder(self.target.parent)
        except OSError as error:
            self.discard()
            raise WriteError(self.path, error, self.outcome) from None

    def discard(self) -> None:
        """Drop the new file: the path keeps what it had."""
        stream = getattr(self, "stream", None)
        if stream is not None:
            try:
                stream.close()
            except OSError:
                pass  # the bytes still buffered are dropped with the file
        if self.temporary is not None:
            try:
                self.temporary.unlink(missing_ok=True)
            except OSError:
                pass
            self.temporary = None

    def __enter__(self) -> NewFile:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None) -> None:
        if kind is None:
            self.commit()
        else:
            self.discard()


def _sync_folder(folder: Path) -> None:
    """Sync a folder, so that a rename in it survives a crash; nothing where folders cannot be synced."""
    try:
        descriptor = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def write_text(path: str | Path, text: str, newline: str | None = None) -> None:
    """Write `text` (UTF-8) at `path` whole or not at all; raises `WriteError`, the path left as it was."""
    with NewFile(path, newline=newline) as new:
        new.write(text)


def write_bytes(path: str | Path, data: bytes) -> None:
    """Write `data` at `path` whole or not at all; raises `WriteError`, the path left as it was."""
    with NewFile(path, binary=True) as new:
        new.write(data)


def write_texts(texts: Mapping[Path, str]) -> None:
    """Write several files (path: UTF-8 text) together, all or none: each to its new file, renamed only once all are whole.

    A write that fails (a full disk) drops every new file and raises
    `WriteError` naming the file that failed and saying that none was
    written: the paths keep what they had, byte for byte, so that a set of
    files that go together (the pages of a site) is never half old, half
    new. Only a rename that fails, once all are whole (which a full disk
    does not cause), can leave the files renamed before it: the error names
    them.
    """
    news: list[NewFile] = []
    try:
        for path, text in texts.items():
            new = NewFile(path)
            news.append(new)
            new.write(text)
            new.finish()
    except WriteError as error:
        _discard(news)
        outcome = f"nothing was written: the {len(texts)} files are left as they were" if len(texts) > 1 else error.outcome
        raise WriteError(error.filename, error, outcome) from None
    except BaseException:
        _discard(news)
        raise
    done = 0
    try:
        for new in news:
            new.put()
            done += 1
    except WriteError as error:
        replaced = ", ".join(str(new.path) for new in news[:done])
        raise WriteError(error.filename, error, f"{replaced} written; the others left as they were" if replaced else error.outcome) from None
    finally:
        _discard(news[done:])


def _discard(news: list[NewFile]) -> None:
    """Drop these new files: their paths keep what they had."""
    for new in news:
        new.discard()
