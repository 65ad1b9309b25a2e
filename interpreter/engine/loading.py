"""Loading a game's files for play: validated, or a clear error.

The engines read cards, decks and rules through the card language; a file
with any problem stops the loading with all its diagnostics, exactly as
`atout validate` would print them.

Each file loaded has a name: shipped with atout (its path in the game's
shipped folder), or a designer's (its path in the folder given). A game is
built from some of them only (`GameFiles.used`): a record keeps the name
and digest of each shipped file used and the text of each designer file
used, and its digest covers those files alone.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from atout.cards import CARDS_DIR

from atout.interpreter.language.diagnostics import Diagnostic, DiagnosticError
from atout.interpreter.language.inputs import InputError
from atout.interpreter.language.game import GameLanguage
from atout.interpreter.language.loader import Document
from atout.interpreter.language.nodes import CardFile, CardList, RulesFile
from atout.interpreter.language.loader import read_file
from atout.interpreter.language.project import RULES_STEMS, expand, load_shipped, shipped_files, split_sets, validate_documents


class FilesDigest(str):
    """The digest of a game's files, holding on to the files (a game made from them keeps it)."""

    files: GameFiles

    def __new__(cls, digest: str, files: GameFiles) -> FilesDigest:
        made = super().__new__(cls, digest)
        made.files = files
        return made

    def __copy__(self) -> FilesDigest:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FilesDigest:
        return self  # a copied game still knows its files (they never change)

    def __reduce__(self) -> tuple[type, tuple[str]]:
        return (str, (str(self),))  # pickled: the digest alone


@dataclass
class GameFiles:
    """The validated files of one game: card files, lists (decks, collections), rules."""

    game: GameLanguage[Any, Any]
    documents: list[Document]
    #: Each document's name (by its path): its path in its folder, and True
    #: for a file shipped with atout. A document not named here is named by
    #: its file name and is not shipped.
    names: dict[str, tuple[str, bool]] = field(default_factory=dict)
    #: Every file read to put the set together, as written: the files given,
    #: the files of the folders it is laid over, the shipped files when the
    #: shipped set is its base (empty: the documents themselves).
    sources: list[Document] = field(default_factory=list)
    _digest: str | None = field(default=None, init=False, repr=False)
    #: `used_digest` by the setup's rules file and names (replaying many records computes it once).
    _used_digests: dict[str, str] = field(default_factory=dict, init=False, repr=False)
    #: `used_by_name` by the same key.
    _used_by_name: dict[str, dict[str, list[str]]] = field(default_factory=dict, init=False, repr=False)
    #: `manifest` by the same key (every record's header has it: a simulation writes one per game).
    _manifests: dict[str, dict[str, dict[str, str]]] = field(default_factory=dict, init=False, repr=False)

    @property
    def card_files(self) -> list[CardFile]:
        """The card files (basic techniques included)."""
        return [d.node for d in self.documents if isinstance(d.node, CardFile)]

    @property
    def lists(self) -> dict[str, CardList]:
        """Decks and collections by name (their file's stem)."""
        return {d.node.name: d.node for d in self.documents if isinstance(d.node, CardList)}

    def rules(self, name: str | None = None) -> Any:
        """The rules of the file named `name` (stem), or of the main rules file."""
        candidates = [d for d in self.documents if d.rules is not None]
        for document in candidates:
            stem = Path(document.path).stem
            if (name is None and stem in RULES_STEMS) or stem == name or document.path == name:
                return document.rules
        known = sorted(Path(d.path).stem for d in candidates)
        from atout.interpreter.language.diagnostics import Diagnostic, nearest

        wanted = "the main rules file" if name is None else f'"{name}"'
        raise DiagnosticError([Diagnostic("E400", f"no rules file {wanted}; the rules files are {', '.join(known) or 'none'}", "rules", suggestion=nearest(name or "", known))])

    def digest(self) -> str:
        """A digest of these files, each by its path and text (computed once).

        A game keeps it, and `files_of(game)` finds the files again by it:
        it is a `FilesDigest`, a string that holds on to these files.
        """
        if self._digest is None:
            hasher = hashlib.sha256()
            for document in self.documents:
                hasher.update(f"{document.path}\0{document.text}\0".encode())
            self._digest = FilesDigest(hasher.hexdigest()[:16], self)
            _loaded.pop(self._digest, None)
            _loaded[self._digest] = self
            while len(_loaded) > MAX_LOADED:
                _loaded.pop(next(iter(_loaded)))
        return self._digest

    def v1_digest(self) -> str:
        """The digest a record of format version 1 gives: every card and rules file's name and text."""
        return files_digest(self.documents)

    def name(self, document: Document) -> tuple[str, bool]:
        """A document's name in its folder, and whether it is shipped with atout."""
        return self.names.get(document.path, (Path(document.path).name, False))

    def used(self, setup: dict[str, Any]) -> list[Document]:
        """The files a game of this setup is built from, as written, in name order.

        Of the files read to put the set together (`sources`), every one but
        the decks, collections and rules files: a rules file is used when it
        is a main one (of any layer) or the one the setup names, a deck or
        collection when the setup names it.
        """
        rules = setup.get("rules")
        named = set(_names_in(setup))
        used = []
        for document in self.sources or self.documents:
            if isinstance(document.node, RulesFile):
                stem = Path(document.path).stem
                if not (stem in RULES_STEMS or stem == rules or document.path == rules):
                    continue
            elif isinstance(document.node, CardList) and document.node.name not in named:
                continue
            used.append(document)
        return sorted(used, key=lambda d: self.name(d)[0])

    def used_by_name(self, setup: dict[str, Any]) -> dict[str, list[str]]:
        """The files a game of this setup is built from, by name: the digest of each text of that name (sorted).

        Computed once per setup's rules file and names (a record's header is checked against it).
        """
        key = _setup_key(setup)
        known = self._used_by_name.get(key)
        if known is None:
            known = {}
            for document in self.used(setup):
                known.setdefault(self.name(document)[0], []).append(text_digest(document.text))
            for digests in known.values():
                digests.sort()
            self._used_by_name[key] = known
        return known

    def used_digest(self, setup: dict[str, Any]) -> str:
        """The digest of the files a game of this setup is built from: their names and texts."""
        key = _setup_key(setup)
        known = self._used_digests.get(key)
        if known is None:
            hasher = hashlib.sha256()
            for document in self.used(setup):
                hasher.update(self.name(document)[0].encode())
                hasher.update(b"\0")
                hasher.update(document.text.encode())
                hasher.update(b"\0")
            known = self._used_digests[key] = hasher.hexdigest()[:16]
        return known


def _setup_key(setup: dict[str, Any]) -> str:
    """A setup as a key of the digests computed from it: its JSON text (its repr, for a setup that is not JSON)."""
    try:
        return json.dumps(setup, sort_keys=True)
    except (TypeError, ValueError):
        return repr(setup)


#: The files loaded in this process, by digest, the latest last: a game made
#: from them knows only their digest. At most `MAX_LOADED` are kept.
_loaded: dict[str, GameFiles] = {}
MAX_LOADED = 32


def files_of(game: Any) -> GameFiles:
    """The files a game was made from (by the digest it keeps of them)."""
    digest = game.digest()
    if isinstance(digest, FilesDigest):
        return digest.files
    files = _loaded.get(digest)
    if files is None:
        raise LookupError(f"the files of this {game.name} game were not loaded with load_files")
    return files


def manifest(files: GameFiles, setup: dict[str, Any]) -> dict[str, dict[str, str]]:
    """What a record's header keeps of the files a game of `setup` is built from:
    each shipped file's digest, each designer file's text, by name.

    Made once per setup's rules file and names (as `used_digest`); each call
    gets its own dictionaries.
    """
    key = _setup_key(setup)
    known = files._manifests.get(key)
    if known is None:
        shipped: dict[str, str] = {}
        designer: dict[str, str] = {}
        for document in files.used(setup):
            name, is_shipped = files.name(document)
            if is_shipped:
                shipped[name] = text_digest(document.text)
            else:
                designer[name] = document.text
        known = files._manifests[key] = {"shipped": shipped, "designer": designer}
    return {"shipped": dict(known["shipped"]), "designer": dict(known["designer"])}


def _names_in(value: Any) -> Iterator[str]:
    """Every `"name"` a setup gives (a deck's, a collection's), however deep."""
    if isinstance(value, dict):
        for key, inner in value.items():
            if key == "name" and isinstance(inner, str):
                yield inner
            else:
                yield from _names_in(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _names_in(inner)


@lru_cache(maxsize=512)
def text_digest(text: str) -> str:
    """The digest a record keeps of a shipped file's text."""
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def shipped_folder(game: GameLanguage[Any, Any]) -> Path:
    """The folder of the files shipped with atout for a game."""
    return game.shipped if game.shipped is not None else CARDS_DIR / game.name


def _named(game: GameLanguage[Any, Any], documents: list[Document], roots: list[Path]) -> dict[str, tuple[str, bool]]:
    """Each document's name: its path in the shipped folder, else in the folder given.

    A designer's file outside that folder (in the folder an extension is
    laid over, `Base : ../base`) is named by its path from it, with "..":
    `../base/cartes.atout`. With only files given, the folder is the first one's.
    """
    shipped = shipped_folder(game).resolve()
    # a folder of the shipped one that extends it (its examples) is a designer's set, not shipped
    shipped_paths = {path.resolve() for path in shipped_files(game)}
    folders = [root.resolve() if root.is_dir() else root.resolve().parent for root in roots]
    names: dict[str, tuple[str, bool]] = {}
    for document in documents:
        path = Path(document.path).resolve()
        if path in shipped_paths:
            names[document.path] = (path.relative_to(shipped).as_posix(), True)
            continue
        folder = next((f for f in folders if path.is_relative_to(f)), folders[0] if folders else path.parent)
        names[document.path] = (Path(os.path.relpath(path, folder)).as_posix(), False)
    return names


def files_digest(documents: Iterable[Document]) -> str:
    """sha256 of the card and rules files' names and texts, in name order (records of format version 1)."""
    hasher = hashlib.sha256()
    used = [d for d in documents if d.kind is not None and d.kind.name in ("cards", "basics", "rules", "extension")]
    for document in sorted(used, key=lambda d: Path(d.path).name):
        hasher.update(Path(document.path).name.encode())
        hasher.update(b"\0")
        hasher.update(document.text.encode())
        hasher.update(b"\0")
    return hasher.hexdigest()[:16]


def load_files(game: GameLanguage[Any, Any], paths: Iterable[str | Path] | None = None) -> GameFiles:
    """Validate and load a game's set (the shipped one by default; see `language/sets.py`), or raise.

    Raises `DiagnosticError` with every problem when any file is invalid.
    """
    from atout.interpreter.language.registry import languages

    # the shipped files are all this game's: the other games' languages are not loaded to read them
    known = languages() if paths is not None else {game.name: game}
    roots = [Path(p) for p in paths] if paths is not None else [shipped_folder(game)]
    try:
        # a folder below that extends the game (its examples) is a set of its own, not part of this one
        files = split_sets(expand(roots), [root for root in roots if root.is_dir()])[0] if paths is not None else shipped_files(game)
    except InputError as error:  # a folder too large to be a game's
        raise DiagnosticError([Diagnostic("E100", error.reason, " ".join(map(str, roots)))]) from None
    read = [read_file(path, known) for path in files]
    result = validate_documents(read, known, [game])
    if not result.is_valid:
        raise DiagnosticError(result.problems)
    game_set = result.sets[game.name]
    sources = [d for d in [*read, *game_set.bases] if d.game is game]
    shipped = shipped_folder(game).resolve()
    if any(Path(d.path).resolve().is_relative_to(shipped) for d in game_set.documents):
        sources += load_shipped(game)  # the shipped set is the base
    sources = list({d.path: d for d in sources}.values())
    names = _named(game, [*game_set.documents, *sources], roots)
    return GameFiles(game, game_set.documents, names, sources)
