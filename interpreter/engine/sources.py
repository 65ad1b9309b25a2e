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

A record of format version 1, or a transcription without `files`, is
replayed with the shipped files.
"""

from __future__ import annotations

import dataclasses
import os
import tempfile
from collections.abc import Callable
from pathlib import Path, PurePosixPath

from atout.interpreter.language.diagnostics import DiagnosticError
from atout.interpreter.language.project import is_extension_file

from .loading import GameFiles, load_files, shipped_folder, text_digest
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
        return load_shipped()
    inner = _shipped_extension(engine, listed["shipped"]) if not listed["designer"] else None
    if inner is not None:  # an extension shipped inside the game's folder, over the game
        files = load_files(engine.language, [inner])
        _check_shipped(record, engine, listed["shipped"], files)
        return files
    if listed["shipped"]:
        _check_shipped(record, engine, listed["shipped"], load_shipped())
    if not listed["designer"]:
        return load_shipped()
    return _load_designer(record, engine, listed["designer"])


def _shipped_extension(engine: GameEngine, names: dict[str, str]) -> Path | None:
    """The extension folder shipped inside the game's folder that the record's shipped files name, if any."""
    root = shipped_folder(engine.language)
    for name in sorted(names):
        parts = PurePosixPath(name).parts
        for depth in range(len(parts) - 1, 0, -1):
            folder = root.joinpath(*parts[:depth])
            if any(is_extension_file(path) for path in folder.glob("*.atout")):
                return folder
    return None


def _check_shipped(record: Record, engine: GameEngine, digests: dict[str, str], shipped: GameFiles) -> None:
    """Every shipped file the record names is this atout's, with the same text."""
    texts = {shipped.name(d)[0]: d.text for d in shipped.documents}
    for name, digest in sorted(digests.items()):
        if name not in texts:
            raise FilesError(
                record,
                f'the game was played with the shipped file {engine.name}/{name}, which this atout does not have; '
                "replay it with --cards FOLDER, a folder holding the files it was played with",
            )
        found = text_digest(texts[name])
        if found != digest:
            raise FilesError(
                record,
                f"the shipped file {engine.name}/{name} of this atout differs from the one the game was played with "
                f"(digest {found}, the record says {digest}): replay it with --cards FOLDER, a folder holding "
                f"{name} as it was when the game was played, with the game's other files",
            )


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
