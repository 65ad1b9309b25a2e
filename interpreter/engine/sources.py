"""The files a record carries, rebuilt to replay it anywhere without its folder.

A record of format version 2 names, in its header's `files`, every file its
game was built from: a shipped file by its name and the digest of its text,
a designer's file by its path in its folder and its whole text. `files_for`
gives the files to replay a record with:

- with a folder (`--cards`), that folder's files (the replay then checks
  that they are the ones the header names);
- else the record's own: each shipped file must be this atout's, with the
  same digest; the designer's files are written to a temporary folder and
  loaded from there, like any folder. An error in one of them is reported
  at the record's header line and the embedded file's line.

A record of format version 1, or a transcription without `files`, is
replayed with the shipped files. A record made with shipped files whose
text has changed since is replayed with their earlier texts, which atout
keeps (`history.py`).
"""

from __future__ import annotations

import dataclasses
import os
import tempfile
from collections.abc import Callable
from pathlib import Path, PurePosixPath

from atout.interpreter.language.diagnostics import DiagnosticError

from .history import earlier_text, sets_before
from .loading import GameFiles, load_files, text_digest
from .record import Record
from .registry import GameEngine


class FilesError(Exception):
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


def _check_shipped(
    record: Record, engine: GameEngine, digests: dict[str, str], shipped: GameFiles, with_designer: bool = False
) -> dict[str, str]:
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
                f'the game was played with the shipped file {engine.name}/{name}, which this atout does not have; '
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


def _load_designer(record: Record, engine: GameEngine, texts: dict[str, str]) -> GameFiles:
    """The designer's files the record carries, loaded from a temporary folder.

    A file named from above its folder ("../base/cartes.atout", the folder an
    extension is laid over) is written as far above it: the folder is made
    deep enough for every such name to stay inside the temporary one.
    """
    ups: list[int] = []
    for name in texts:
        up = _ups(name)
        if up is None:
            raise FilesError(record, f'the embedded file "{name}" must be named by a relative path inside its folder')
        ups.append(up)
    where = f"{record.file}:{record.header_line}:"
    with tempfile.TemporaryDirectory(prefix="atout-record-") as temporary:
        root = Path(temporary).joinpath(*(["set"] * max(ups, default=0)), "set")
        root.mkdir(parents=True)
        for name, text in texts.items():
            path = Path(os.path.normpath(root / name))
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8", newline="")
        try:
            files = load_files(engine.language, [root])
        except DiagnosticError as error:
            raise DiagnosticError([_renamed(d, Path(temporary), root, where) for d in error.diagnostics]) from None
        return files


def _renamed(diagnostic, top: Path, root: Path, where: str):
    """A diagnostic of an embedded file (in the temporary folder `top`), named by the
    record's line and the file's name (from `root`, the folder written)."""
    path = Path(diagnostic.file)
    if path.is_absolute() and path.resolve().is_relative_to(top.resolve()):
        return dataclasses.replace(diagnostic, file=f"{where}{Path(os.path.relpath(path, root)).as_posix()}")
    return diagnostic
