"""Validating files together: cards, decks, collections, rules, extensions.

Some checks need several files: a deck names cards defined elsewhere, two
card files may define the same name, a set's composition spans files. Files
are grouped by game, and each game's files are put together into one set
(`sets.py`: a complete set, a designer's extension laid over its base, or
additions to the shipped set), then checked:

- every card name is defined once (E300);
- the set's composition, as the rules fix it (a complete set or an
  extension; not mere additions);
- each deck and collection given, against the set's cards and rules.

Card names in decks and collections match whatever the case and accents.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from atout.cards import CARDS_DIR

from .checks import Reporter
from .diagnostics import Diagnostic, nearest, shorten
from .game import GameLanguage
from .inputs import EXTENSION, MAX_FILE_LINES, expand  # noqa: F401 - part of this module's interface
from .diagnostics import DETAILED_PER_FILE
from .loader import Document, read_file
from .nodes import CardFile, CardList, Extension, ListEntry, Node
from .sets import RULES_STEMS, GameSet, assemble, unique
from .text import fold

__all__ = ["RULES_STEMS", "Validation", "check_game", "expand", "shipped_files", "validate", "validate_documents"]


@dataclass
class Validation:
    """The result of validating files: each document, every diagnostic (notes too), each game's set."""

    documents: list[Document]
    diagnostics: list[Diagnostic] = field(default_factory=list)
    #: Each game's set, put together from the files, by the game's name.
    sets: dict[str, GameSet] = field(default_factory=dict)

    @property
    def is_valid(self) -> bool:
        """True when no file has any problem (notes are no problem)."""
        return not any(not d.is_note for d in self.diagnostics)

    @property
    def problems(self) -> list[Diagnostic]:
        """The diagnostics that are problems, notes left out."""
        return [d for d in self.diagnostics if not d.is_note]


def shipped_files(game: GameLanguage[Any, Any]) -> list[Path]:
    """The files shipped with atout for a game (not those of a folder that extends it, such as its examples)."""
    return split_sets(expand([game.shipped if game.shipped is not None else CARDS_DIR / game.name]))[0]


def split_sets(files: list[Path], roots: Iterable[Path] = ()) -> list[list[Path]]:
    """Files as sets: those of a folder below that holds an extension file are a set of their own.

    The first list holds the files of no such folder; each further one, the
    files of one extension folder (the deepest that holds them). A folder
    given (in `roots`) is never set apart from itself.
    """
    given = {Path(root).resolve() for root in roots}
    extensions = {path.parent.resolve() for path in files if _is_extension(path)} - given
    if not extensions:
        return [files]
    groups: dict[Path | None, list[Path]] = {None: []}
    for path in files:
        owner = next((folder for folder in path.resolve().parents if folder in extensions), None)
        groups.setdefault(owner, []).append(path)
    return [groups.pop(None), *groups.values()]


def holds_extension(folder: Path) -> bool:
    """True for a folder that holds an extension file (a set of its own when inside another)."""
    return folder.is_dir() and any(_is_extension(path) for path in folder.glob("*.atout"))


def _is_extension(path: Path) -> bool:
    """True for an extension file: its header (its first line that is not blank or a comment) names the kind `extension`."""
    try:
        if not path.is_file():  # a named pipe would wait for a writer, a device never end
            return False
        with path.open(encoding="utf-8") as stream:
            lines = (stream.readline(_HEADER_CHARS) for _ in range(MAX_FILE_LINES))
            header = next((line for line in lines if not line or (line.strip() and not line.lstrip().startswith("#"))), "")
    except (OSError, UnicodeDecodeError):
        return False
    return fold(header.split("#")[0]).rstrip().endswith(": extension")


#: The most characters of a line read to find a file's header (a header is a few words).
_HEADER_CHARS = 4096


def validate(paths: Iterable[str | Path], languages: dict[str, GameLanguage[Any, Any]]) -> Validation:
    """Read and check every file under `paths`, alone and together (a folder that extends a game, as its own set)."""
    return validate_documents([read_file(path, languages) for path in expand(paths)], languages)


def validate_documents(documents: list[Document], languages: dict[str, GameLanguage[Any, Any]], games: Iterable[GameLanguage[Any, Any]] = ()) -> Validation:
    """Check documents already read, alone and together (and the sets of `games` even without documents)."""
    validation = Validation(documents)
    reporter = Reporter()
    for document in documents:
        reporter.add_source(document.path, document.lines)
        validation.diagnostics.extend(document.diagnostics)
    wanted = list(dict.fromkeys([*games, *(d.game for d in documents if d.game is not None)]))
    for game in wanted:
        mine = [d for d in documents if d.game is game and d.node is not None]
        # a folder with an extension file inside the files given is a set of its own (`cards/` holds
        # the shipped sets and their examples' folders)
        folders = [Path(d.path).parent for d in mine if isinstance(d.node, Extension)]
        groups: dict[Path | None, list[Document]] = {None: []}
        for document in mine:
            owner = max((f for f in folders if Path(document.path).is_relative_to(f)), key=lambda f: len(f.parts), default=None)
            groups.setdefault(owner, []).append(document)
        if len(groups) > 1 and not groups[None]:
            del groups[None]
        for owner, group in groups.items():
            if group or game in games:
                game_set = check_game(game, group, reporter, validation, mine)
                if owner is None or game.name not in validation.sets:
                    validation.sets[game.name] = game_set
    validation.diagnostics = unique(validation.diagnostics + reporter.diagnostics)
    validation.diagnostics.sort(key=lambda d: (d.file, d.line, d.column))
    return validation


def check_game(
    game: GameLanguage[Any, Any],
    documents: list[Document],
    reporter: Reporter,
    validation: Validation | None = None,
    read: Iterable[Document] = (),
) -> GameSet:
    """Put one game's documents together into its set (`sets.py`) and check it: names, composition, lists.

    `read`: documents of the game read already (all the files given), which
    serve for the shipped set when they are its files (`validate cards/`).
    """
    shipped = load_shipped(game, read)
    game_set = assemble(game, documents or shipped, reporter, shipped)
    for base in game_set.bases:
        reporter.add_source(base.path, base.lines)
        if validation is not None:
            validation.diagnostics.extend(base.diagnostics)
    card_files = [d.node for d in game_set.documents if isinstance(d.node, CardFile)]
    rules = game_set.rules
    catalogue = check_names(game, card_files, reporter)
    if game.check_set is not None and rules is not None and game_set.complete:
        reporter.parameters, reporter.layer = game_set.parameters, game_set.layer
        game.check_set(card_files, rules, reporter)
        reporter.parameters, reporter.layer = {}, None
    unread = {fold(title) for d in documents for title in d.unread_cards}
    for card_list in (d.node for d in documents if isinstance(d.node, CardList)):
        check_list(game, card_list, catalogue, rules, reporter, unread, partial=not game_set.complete)
    return game_set


_shipped_cache: dict[str, list[Document]] = {}


def load_shipped(game: GameLanguage[Any, Any], read: Iterable[Document] = ()) -> list[Document]:
    """The documents shipped for a game, read once per process.

    When `read` holds every one of them (the shipped files given to
    `validate`, read just now), those serve: the files are not read twice.
    """
    if read and game.name not in _shipped_cache:
        by_place = {Path(document.path).resolve(): document for document in read}
        given = [by_place.get(path.resolve()) for path in shipped_files(game)]
        if all(document is not None for document in given):
            return [document for document in given if document is not None]
    if game.name not in _shipped_cache:  # the game's own files: no other game's language is needed to read them
        _shipped_cache[game.name] = [read_file(p, {game.name: game}) for p in shipped_files(game)]
    return _shipped_cache[game.name]


def check_names(game: GameLanguage[Any, Any], card_files: list[CardFile], reporter: Reporter) -> dict[str, Node]:
    """Report cards defined twice (E300); the catalogue, folded name → card, of the deckable cards."""
    seen: dict[str, Node] = {}
    catalogue: dict[str, Node] = {}
    for file in card_files:
        for card in file.cards:
            name = game.card_name(card)
            key = fold(name)
            if key in seen:
                first = seen[key].span
                where = f" (first at {first.file}:{first.line})" if first else ""
                reporter.report("E300", f'a card named "{shorten(name)}" is defined twice{where}; rename one', card.span)
                continue
            seen[key] = card
            if file.kind == "cards":
                catalogue[key] = card
    return catalogue


def _in_range(entry: ListEntry) -> bool:
    """Is the entry's count within the bounds of `ListEntry.count` (1..99)?"""
    try:
        ListEntry.model_validate({"count": entry.count, "name": entry.name})
    except ValidationError:
        return False
    return True


def check_list(
    game: GameLanguage[Any, Any],
    card_list: CardList,
    catalogue: dict[str, Node],
    rules: BaseModel | None,
    reporter: Reporter,
    unread: AbstractSet[str] = frozenset(),
    partial: bool = False,
) -> None:
    """Unknown names (E400), names listed twice (E402), then the game's own checks.

    A `partial` catalogue (an extension whose base was refused, with its
    E302) may lack any card of the base: an unknown name is not reported
    (the base's error comes first), and the list's composition waits.

    A card whose text has an error (`unread`) is not reported again here: its
    own error says what to mend, and the deck's composition waits for it; so
    it does for an entry whose count is out of range (E200), which is never
    expanded into that many cards.
    """
    names = [game.card_name(card) for card in catalogue.values()]
    listed: dict[str, int] = {}
    resolved: dict[str, BaseModel] = {}
    waiting = False
    unknown = 0  # past the first ones, an unknown name gets no suggestion (see DETAILED_PER_FILE)
    for entry in card_list.entries:
        key = fold(entry.name)
        card = catalogue.get(key)
        if card is None and (key in unread or partial):
            waiting = True
            continue
        if card is None:
            unknown += 1
            reporter.report(
                "E400",
                f'no card is named "{shorten(entry.name)}" in the {game.title} card files',
                entry.span,
                nearest(entry.name, names) if unknown <= DETAILED_PER_FILE else None,
            )
            continue
        if key in listed:
            reporter.report(
                "E402",
                f'"{shorten(entry.name)}" is listed twice (first on line {listed[key]}); add the counts on one line',
                entry.span,
            )
        listed.setdefault(key, entry.span.line if entry.span else 0)
        resolved[entry.name] = card
    if any(not _in_range(entry) for entry in card_list.entries):
        waiting = True  # its E200 says what to mend; a count out of range is never expanded
    if game.check_list is not None and rules is not None and not waiting:
        game.check_list(card_list, resolved, rules, reporter)
