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

from pydantic import BaseModel, ValidationError

from atout.cards import CARDS_DIR

from .checks import Reporter
from .diagnostics import Diagnostic, nearest
from .game import GameLanguage
from .loader import DETAILED_PER_FILE, Document, read_file
from .nodes import CardFile, CardList, ListEntry, Node
from .sets import RULES_STEMS, GameSet, assemble, unique
from .text import fold

#: The extension of card-language files, for folders given to `validate`.
EXTENSION = ".atout"

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


def expand(paths: Iterable[str | Path]) -> list[Path]:
    """Files and folders to files: a folder gives its `.atout` files, recursively, sorted."""
    files: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob(f"*{EXTENSION}") if p.is_file()))
        else:
            files.append(path)
    return list(dict.fromkeys(files))


def shipped_files(game: GameLanguage) -> list[Path]:
    """The files shipped with atout for a game, without the extensions shipped inside its folder.

    A subfolder with an extension file (`cards/<game>/exemples/`) is a set of
    its own, laid over the game when it is given (`--cards`); it is no part
    of the game as shipped.
    """
    root = game.shipped if game.shipped is not None else CARDS_DIR / game.name
    files = expand([root])
    inner = {path.parent for path in files if path.parent != root and is_extension_file(path)}
    return [path for path in files if not any(path.is_relative_to(folder) for folder in inner)]


def without_inner_sets(files: list[Path], roots: Iterable[Path]) -> list[Path]:
    """`files` without those of a folder below one of `roots` that holds an extension file: a set of its own."""
    roots = [root.resolve() for root in roots]
    inner = {
        path.resolve().parent for path in files
        if path.resolve().parent not in roots and any(path.resolve().is_relative_to(root) for root in roots) and is_extension_file(path)
    }
    return [path for path in files if not any(path.resolve().is_relative_to(folder) for folder in inner)]


def is_extension_file(path: Path) -> bool:
    """Whether a file's header says it is an extension file (its first line that is not blank nor a comment)."""
    try:
        with path.open(encoding="utf-8") as text:
            for line in text:
                if line.strip() and not line.lstrip().startswith("#"):
                    return fold(line.partition(":")[2]).strip() in ("extension", "expansion")
    except (OSError, UnicodeDecodeError):
        return False
    return False


def _sets_of(documents: list[Document]) -> list[list[Document]]:
    """A game's documents by set: those under a folder with an extension file form a set of their own.

    (Given `cards/`, the shipped game and an extension shipped inside its
    folder are two sets, each checked as such.) The documents outside every
    such folder come first.
    """
    folders = sorted({Path(d.path).parent for d in documents if d.kind is not None and d.kind.name == "extension"})
    groups: dict[Path | None, list[Document]] = {}
    for document in documents:
        path = Path(document.path)
        inside = [folder for folder in folders if path.is_relative_to(folder)]
        groups.setdefault(max(inside, key=lambda f: len(f.parts)) if inside else None, []).append(document)
    return [groups[key] for key in sorted(groups, key=lambda k: (k is not None, str(k)))]


def validate(paths: Iterable[str | Path], languages: dict[str, GameLanguage]) -> Validation:
    """Read and check every file under `paths`, alone and together."""
    documents = [read_file(path, languages) for path in expand(paths)]
    return validate_documents(documents, languages)


def validate_documents(documents: list[Document], languages: dict[str, GameLanguage], games: Iterable[GameLanguage] = ()) -> Validation:
    """Check documents already read, alone and together (and the sets of `games` even without documents)."""
    validation = Validation(documents)
    reporter = Reporter()
    for document in documents:
        reporter.add_source(document.path, document.lines)
        validation.diagnostics.extend(document.diagnostics)
    wanted = list(dict.fromkeys([*games, *(d.game for d in documents if d.game is not None)]))
    for game in wanted:
        mine = [d for d in documents if d.game is game and d.node is not None]
        if mine or game in games:
            for index, group in enumerate(_sets_of(mine) or [[]]):
                game_set = check_game(game, group, reporter, validation)
                if index == 0:
                    validation.sets[game.name] = game_set
    validation.diagnostics = unique(validation.diagnostics + reporter.diagnostics)
    validation.diagnostics.sort(key=lambda d: (d.file, d.line, d.column))
    return validation


def check_game(game: GameLanguage, documents: list[Document], reporter: Reporter, validation: Validation | None = None) -> GameSet:
    """Put one game's documents together into its set (`sets.py`) and check it: names, composition, lists."""
    game_set = assemble(game, documents or load_shipped(game), reporter, load_shipped(game))
    for base in game_set.bases:
        reporter.add_source(base.path, base.lines)
        if validation is not None:
            validation.diagnostics.extend(base.diagnostics)
    card_files = [d.node for d in game_set.documents if isinstance(d.node, CardFile)]
    rules = game_set.rules
    catalogue = check_names(game, card_files, reporter)
    if game.check_set is not None and rules is not None and game_set.complete:
        reporter.parameters = game_set.parameters
        game.check_set(card_files, rules, reporter)
        reporter.parameters = {}
    unread = {fold(title) for d in documents for title in d.unread_cards}
    for card_list in (d.node for d in documents if isinstance(d.node, CardList)):
        check_list(game, card_list, catalogue, rules, reporter, unread)
    return game_set


_shipped_cache: dict[str, list[Document]] = {}


def load_shipped(game: GameLanguage) -> list[Document]:
    """The documents shipped for a game, read once per process."""
    if game.name not in _shipped_cache:
        from atout.interpreter.games import LANGUAGES

        _shipped_cache[game.name] = [read_file(p, LANGUAGES) for p in shipped_files(game)]
    return _shipped_cache[game.name]


def check_names(game: GameLanguage, card_files: list[CardFile], reporter: Reporter) -> dict[str, Node]:
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
                reporter.report("E300", f'a card named "{name}" is defined twice{where}; rename one', card.span)
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
    game: GameLanguage,
    card_list: CardList,
    catalogue: dict[str, Node],
    rules: BaseModel | None,
    reporter: Reporter,
    unread: AbstractSet[str] = frozenset(),
) -> None:
    """Unknown names (E400), names listed twice (E402), then the game's own checks.

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
        if card is None and key in unread:
            waiting = True
            continue
        if card is None:
            unknown += 1
            reporter.report(
                "E400",
                f'no card is named "{entry.name}" in the {game.title} card files',
                entry.span,
                nearest(entry.name, names) if unknown <= DETAILED_PER_FILE else None,
            )
            continue
        if key in listed:
            reporter.report(
                "E402",
                f'"{entry.name}" is listed twice (first on line {listed[key]}); add the counts on one line',
                entry.span,
            )
        listed.setdefault(key, entry.span.line if entry.span else 0)
        resolved[entry.name] = card
    if any(not _in_range(entry) for entry in card_list.entries):
        waiting = True  # its E200 says what to mend; a count out of range is never expanded
    if game.check_list is not None and rules is not None and not waiting:
        game.check_list(card_list, resolved, rules, reporter)
