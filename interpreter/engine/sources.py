"""The files a record carries, rebuilt to replay it anywhere without its folder.

A record of format version 2 names, in its header's `files`, every file its
game was built from: a shipped file by its name and the digest of its text,
a designer's file by its path in its folder and its whole text. `files_for`
gives the files to replay a record with:

- with a folder (`--cards`), that folder's files (the replay then checks
  that they are the ones the header names);
- else the record's own: each shipped file must be this atout's, with the
  same digest (the files of an extension shipped inside the game's folder,
  such as `exemples/`, are loaded with it, that folder over the game); the
  designer's files are written to a temporary folder and
  loaded from there, like any folder. An error in one of them is reported
  at the record's header line and the embedded file's line.

A record is untrusted input: its files are read from it only (and the
shipped game's own). A designer file's name must be a plain relative path
that a file can have (`_places`); a base outside the files the record
carries is refused without looking at it (`inputs.confined`); no message
quotes anything from outside the record, nor the temporary folder.

A record of format version 1, or a transcription without `files`, is
replayed with the shipped files. A record made with shipped files whose
text has changed since is replayed with their earlier texts, which atout
keeps (`history.py`).
"""

from __future__ import annotations

import dataclasses
import json
import os
import posixpath
import tempfile
import unicodedata
from collections.abc import Callable
from pathlib import Path, PurePosixPath

from atout.interpreter.errors import AtoutError
from atout.interpreter.language.diagnostics import Diagnostic, DiagnosticError, shorten
from atout.interpreter.language.inputs import EXTENSION, confined
from atout.interpreter.language.project import holds_extension

from .history import earlier_text, sets_before
from .loading import GameFiles, load_files, shipped_folder, text_digest
from .record import Record
from .registry import GameEngine


class FilesError(AtoutError):
    """The files a record names cannot be had: says which file, at which line, and what to do."""

    def __init__(self, record: Record, message: str):
        super().__init__(f"{record.file}:{record.header_line}: {message}")
        self.line = record.header_line
        self.message = message


def files_for(
    records: list[Record],
    engine: GameEngine,
    cards: str | Path | None = None,
    shipped: Callable[[], GameFiles] | None = None,
) -> GameFiles:
    """The files to replay `records` with: the folder `cards`, or those the first record carries.

    `shipped` gives the shipped files when they are loaded already (a test
    suite replaying many records). Raises `FilesError` for a shipped file
    this atout does not have or has in another version, or a designer file's
    name that is not a plain relative path; `DiagnosticError` for an
    embedded file with problems (named `RECORD:LINE:NAME`).
    """
    load_shipped = shipped if shipped is not None else (lambda: load_files(engine.language))
    if cards is not None:
        return load_files(engine.language, [cards])
    record = records[0]
    listed = record.header.get("files") if record.version >= 2 else None
    if listed is None:
        files = load_shipped()
        digest = record.header.get("digest")
        if record.version < 2 and digest is not None and files.v1_digest() != digest:
            return _earlier_set(record, engine, files, digest) or files  # the replay then says the digests differ
        return files
    inner = _shipped_extension(engine, listed["shipped"]) if not listed["designer"] else None
    if inner is not None:  # an extension shipped inside the game's folder, over the game
        with confined(shipped_folder(engine.language)):
            files = load_files(engine.language, [inner])
        _check_shipped(record, engine, listed["shipped"], files)
        return files
    earlier: dict[str, str] = {}
    if listed["shipped"]:
        earlier = _check_shipped(record, engine, listed["shipped"], load_shipped(), bool(listed["designer"]))
    if earlier:
        current = load_shipped()
        texts = {current.name(d)[0]: d.text for d in current.documents}
        return _load_designer(record, engine, {**texts, **earlier})
    if not listed["designer"]:
        return load_shipped()
    return _load_designer(record, engine, listed["designer"])


def _earlier_set(record: Record, engine: GameEngine, current: GameFiles, digest: str) -> GameFiles | None:
    """The shipped set as it was when a record of format version 1 was made, if kept (`history.py`)."""
    texts = {current.name(d)[0]: d.text for d in current.documents}
    for earlier in sets_before(engine.name, texts):
        files = _load_designer(record, engine, earlier)
        if files.v1_digest() == digest:
            return files
    return None


def _shipped_extension(engine: GameEngine, names: dict[str, str]) -> Path | None:
    """The extension folder shipped inside the game's folder that the record's shipped files name, if any."""
    root = shipped_folder(engine.language)
    for name in sorted(names):
        if _ups(name) != 0 or _strange(name) is not None:
            continue  # no file of this atout: `_check_shipped` says so
        parts = PurePosixPath(name).parts
        for depth in range(len(parts) - 1, 0, -1):
            folder = root.joinpath(*parts[:depth])
            if holds_extension(folder):
                return folder
    return None


def _check_shipped(record: Record, engine: GameEngine, digests: dict[str, str], shipped: GameFiles, with_designer: bool = False) -> dict[str, str]:
    """Every shipped file the record names is this atout's, with the same text, or an earlier text this atout keeps.

    Returns the earlier texts needed, by name (`history.py`); an earlier text
    is used for a game of the shipped files only (not under a designer's set).
    """
    texts = {shipped.name(d)[0]: d.text for d in shipped.documents}
    earlier: dict[str, str] = {}
    for name, digest in sorted(digests.items()):
        if name not in texts:
            raise FilesError(
                record,
                f"the game was played with the shipped file {engine.name}/{shorten(name)}, which this atout does not have; "
                "replay it with --cards FOLDER, a folder holding the files it was played with",
            )
        found = text_digest(texts[name])
        kept = earlier_text(engine.name, name, digest) if found != digest and not with_designer else None
        if kept is not None:
            earlier[name] = kept
        elif found != digest:
            raise FilesError(
                record,
                f"the shipped file {engine.name}/{name} of this atout differs from the one the game was played with "
                f"(digest {found}, the record says {digest}): replay it with --cards FOLDER, a folder holding "
                f"{name} as it was when the game was played, with the game's other files",
            )
    return earlier


#: The most folders a designer file's name may go through ("../base/cartes.atout": 3 parts).
MAX_NAME_PARTS = 32
#: The longest part of a name (a folder's or the file's), in bytes, as file systems allow.
MAX_PART_BYTES = 255
#: The most designer files a record may carry.
MAX_EMBEDDED_FILES = 2_000


def _ups(name: str) -> int | None:
    """How many folders up a designer file's name starts ("../base/x.atout": 1); None
    for a name that is not a plain relative path (absolute, "." or ".." inside, empty parts)."""
    if PurePosixPath(name).is_absolute() or "\\" in name or ":" in name:
        return None
    parts = name.split("/")
    ups = 0
    while ups < len(parts) - 1 and parts[ups] == "..":
        ups += 1
    if any(part in ("", ".", "..") for part in parts[ups:]):
        return None
    return ups


def _strange(name: str) -> str | None:
    """What is wrong with an embedded file's name that is a relative path, if anything: a control
    character, too many folders, a part too long, not a card file's name."""
    shown = _quoted(name)
    if any(unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp") for char in name):
        return f"the embedded file {shown} has a control character in its name"
    parts = name.split("/")
    if len(parts) > MAX_NAME_PARTS:
        return f"the embedded file {shown} is named through {len(parts):,} folders; a name has at most {MAX_NAME_PARTS}"
    if any(len(part.encode("utf-8")) > MAX_PART_BYTES for part in parts):
        return f"a part of the name of the embedded file {shown} is longer than {MAX_PART_BYTES} bytes"
    if not name.endswith(EXTENSION):
        return f"the embedded file {shown} is not named as a card file ({EXTENSION})"
    return None


def _quoted(name: str, limit: int = 60) -> str:
    """A name from a record, quoted in a message: escaped (a control character shown as \\x00…) and cut."""
    shown = json.dumps(name, ensure_ascii=False)
    return shown if len(shown) <= limit else shown[: limit - 2] + '…"'


def _places(record: Record, texts: dict[str, str]) -> tuple[int, dict[str, PurePosixPath]]:
    """Where each embedded file is written, from the folder the set is in: how many folders
    up the names go, and each name's place below the top (refusing any name that cannot be had)."""
    if len(texts) > MAX_EMBEDDED_FILES:
        raise FilesError(record, f"the record carries {len(texts):,} files; a game is built from at most {MAX_EMBEDDED_FILES:,}")
    ups: dict[str, int] = {}
    for name in texts:
        up = _ups(name)
        if up is None:
            raise FilesError(record, f"the embedded file {_quoted(name)} must be named by a relative path inside its folder")
        problem = _strange(name)
        if problem is not None:
            raise FilesError(record, problem)
        ups[name] = up
    depth = max(ups.values(), default=0)
    root = PurePosixPath(*(["set"] * depth), "set")
    places: dict[str, PurePosixPath] = {}
    taken: dict[PurePosixPath, str] = {}
    for name in sorted(texts):
        place = PurePosixPath(posixpath.normpath(root / name))
        if place in taken:
            raise FilesError(record, f"the embedded files {_quoted(taken[place])} and {_quoted(name)} name the same file")
        taken[place] = name
        places[name] = place
    folders = {parent for place in places.values() for parent in place.parents}
    for name, place in places.items():
        if place in folders:
            raise FilesError(record, f"the embedded file {_quoted(name)} is also named as a folder of another embedded file")
    return depth, places


def _load_designer(record: Record, engine: GameEngine, texts: dict[str, str]) -> GameFiles:
    """The designer's files the record carries, loaded from a temporary folder.

    A file named from above its folder ("../base/cartes.atout", the folder an
    extension is laid over) is written as far above it: the folder is made
    deep enough for every such name to stay inside the temporary one. Only
    these files are read: a base outside them (`Base : /elsewhere`, or a
    folder above the top one) is refused (E302), and nothing outside is looked at.
    """
    depth, places = _places(record, texts)
    where = f"{record.file}:{record.header_line}:"
    with tempfile.TemporaryDirectory(prefix="atout-record-") as temporary:
        top = Path(temporary)
        root = top.joinpath(*(["set"] * depth), "set")
        try:
            root.mkdir(parents=True)
            for name, text in texts.items():
                path = top / places[name]
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8", newline="")
        except (OSError, UnicodeEncodeError) as error:
            reason = getattr(error, "strerror", None) or "it cannot be written"
            raise FilesError(record, f"the files the record carries cannot be laid out to replay it: {reason}") from None
        try:
            with confined(top):
                files = load_files(engine.language, [root])
        except DiagnosticError as error:
            raise DiagnosticError([_renamed(d, top, root, where) for d in error.diagnostics]) from None
        return files


def _renamed(diagnostic: Diagnostic, top: Path, root: Path, where: str) -> Diagnostic:
    """A diagnostic of an embedded file (in the temporary folder `top`), named by the
    record's line and the file's name (from `root`, the folder written); a file of the
    temporary folder its message names (`first at …`) is named so too."""
    path = Path(diagnostic.file)
    if path.is_absolute() and path.resolve().is_relative_to(top.resolve()):
        diagnostic = dataclasses.replace(diagnostic, file=f"{where}{Path(os.path.relpath(path, root)).as_posix()}")
    message = diagnostic.message
    for folder in {str(top.resolve()), str(top)}:
        while folder in message:
            start = message.index(folder)
            end = start + len(folder)
            while end < len(message) and not message[end].isspace() and message[end] not in ":)\"',;":
                end += 1
            named = Path(os.path.relpath(Path(message[start:end]).resolve(), root.resolve())).as_posix()
            message = message[:start] + where + named + message[end:]
    return dataclasses.replace(diagnostic, message=message) if message != diagnostic.message else diagnostic
