"""Validating a set of files together: cards, decks, collections and rules.

Some checks need several files: a deck names cards defined elsewhere, two
card files may define the same name, a set's composition spans files. Files
are grouped by game, then:

- the *card set* of a game is every card file of that game among the inputs,
  or, when the inputs hold decks or collections of a game but none of its
  card files, the card files shipped with atout for that game;
- the *rules* a deck is checked against are the game's `regles.atout` (or
  `rules.atout`) among the inputs, else the one shipped with atout; other
  rules files (variants) are checked on their own.

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
from .text import fold

#: The extension of card-language files, for folders given to `validate`.
EXTENSION = ".atout"
#: The stems of a game's main rules file.
RULES_STEMS = ("regles", "règles", "rules")


@dataclass
class Validation:
    """The result of validating files: each document, and every diagnostic."""

    documents: list[Document]
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def is_valid(self) -> bool:
        """True when no file has any problem."""
        return not self.diagnostics


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
    """The files shipped with atout for a game."""
    return expand([game.shipped if game.shipped is not None else CARDS_DIR / game.name])


def validate(paths: Iterable[str | Path], languages: dict[str, GameLanguage]) -> Validation:
    """Read and check every file under `paths`, alone and together."""
    documents = [read_file(path, languages) for path in expand(paths)]
    validation = Validation(documents)
    reporter = Reporter()
    for document in documents:
        reporter.add_source(document.path, document.lines)
        validation.diagnostics.extend(document.diagnostics)
    for game in languages.values():
        mine = [d for d in documents if d.game is game and d.node is not None]
        if mine:
            check_game(game, mine, reporter)
    validation.diagnostics.extend(reporter.diagnostics)
    validation.diagnostics.sort(key=lambda d: (d.file, d.line, d.column))
    return validation


def check_game(game: GameLanguage, documents: list[Document], reporter: Reporter) -> None:
    """The checks of one game that span files: set, duplicates, decks, collections."""
    card_files = [d.node for d in documents if isinstance(d.node, CardFile)]
    lists = [d.node for d in documents if isinstance(d.node, CardList)]
    rules = main_rules(game, documents)
    if lists and not card_files:
        card_files = [d.node for d in load_shipped(game) if isinstance(d.node, CardFile)]
    catalogue = check_names(game, card_files, reporter)
    if game.check_set is not None and rules is not None:
        given = {d.path for d in documents}
        game.check_set([f for f in card_files if f.span and f.span.file in given], rules, reporter)
    unread = {fold(title) for d in documents for title in d.unread_cards}
    for card_list in lists:
        check_list(game, card_list, catalogue, rules, reporter, unread)


def main_rules(game: GameLanguage, documents: list[Document]) -> BaseModel | None:
    """The rules decks are checked against: the inputs' main rules file, else the shipped one."""
    for document in documents:
        if document.rules is not None and Path(document.path).stem in RULES_STEMS:
            return document.rules
    for document in load_shipped(game):
        if document.rules is not None and Path(document.path).stem in RULES_STEMS:
            return document.rules
    return None


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
