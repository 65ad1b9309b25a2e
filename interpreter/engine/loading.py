"""Loading a game's files for play: validated, or a clear error.

The engines read cards, decks and rules through the card language; a file
with any problem stops the loading with all its diagnostics, exactly as
`atout validate` would print them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from atout.interpreter.language.diagnostics import DiagnosticError
from atout.interpreter.language.game import GameLanguage
from atout.interpreter.language.loader import Document
from atout.interpreter.language.nodes import CardFile, CardList
from atout.interpreter.language.loader import read_file
from atout.interpreter.language.project import RULES_STEMS, expand, shipped_files, validate_documents


@dataclass
class GameFiles:
    """The validated files of one game: card files, lists (decks, collections), rules."""

    game: GameLanguage
    documents: list[Document]
    _digest: str | None = field(default=None, init=False, repr=False)

    @property
    def card_files(self) -> list[CardFile]:
        """The card files (basic techniques included)."""
        return [d.node for d in self.documents if isinstance(d.node, CardFile)]

    @property
    def lists(self) -> dict[str, CardList]:
        """Decks and collections by name (their file's stem)."""
        return {d.node.name: d.node for d in self.documents if isinstance(d.node, CardList)}

    def rules(self, name: str | None = None):
        """The rules of the file named `name` (stem), or of the main rules file."""
        candidates = [d for d in self.documents if d.rules is not None]
        for document in candidates:
            stem = Path(document.path).stem
            if (name is None and stem in RULES_STEMS) or stem == name or document.path == name:
                return document.rules
        known = sorted(Path(d.path).stem for d in candidates)
        from atout.interpreter.language.diagnostics import Diagnostic, nearest

        wanted = "the main rules file" if name is None else f'"{name}"'
        raise DiagnosticError(
            [Diagnostic("E400", f'no rules file {wanted}; the rules files are {", ".join(known) or "none"}', "rules",
                        suggestion=nearest(name or "", known))]
        )

    def digest(self) -> str:
        """A digest of the card and rules files: their names and contents (computed once)."""
        if self._digest is None:
            self._digest = files_digest(self.documents)
        return self._digest


def files_digest(documents: Iterable[Document]) -> str:
    """sha256 of the card and rules files' names and texts, in name order."""
    hasher = hashlib.sha256()
    used = [d for d in documents if d.kind is not None and d.kind.name in ("cards", "basics", "rules", "extension")]
    for document in sorted(used, key=lambda d: Path(d.path).name):
        hasher.update(Path(document.path).name.encode())
        hasher.update(b"\0")
        hasher.update(document.text.encode())
        hasher.update(b"\0")
    return hasher.hexdigest()[:16]


def load_files(game: GameLanguage, paths: Iterable[str | Path] | None = None) -> GameFiles:
    """Validate and load a game's set (the shipped one by default; see `language/sets.py`), or raise.

    Raises `DiagnosticError` with every problem when any file is invalid.
    """
    from atout.interpreter.games import LANGUAGES

    files = expand(paths) if paths is not None else shipped_files(game)
    result = validate_documents([read_file(path, LANGUAGES) for path in files], LANGUAGES, [game])
    if not result.is_valid:
        raise DiagnosticError(result.problems)
    return GameFiles(game, result.sets[game.name].documents)
