"""What `atout print` prints: which cards, how many of each, and the files it writes.

The cards are a game's set (the shipped one, or a designer's folder laid
over it), every card as many times as it says (`3 copies`: three) or once;
or the cards of decks or collections, each as many times as the list holds
it. A designer's set laid over a base prints its own cards and the base's
it keeps, never those it leaves out.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from atout.interpreter.errors import AtoutError
from atout.interpreter.language.text import fold

from atout.interpreter.pages.faces import PrintedFace, bands, find_art, printed


class ChoiceError(AtoutError, ValueError):
    """A deck or collection that the set does not have; the message names the nearest and lists them."""


@dataclass
class Selection:
    """A named group of cards to print: a set, a deck or a collection."""

    name: str
    faces: list[PrintedFace] = field(default_factory=list)

    @property
    def count(self) -> int:
        """The cards printed, copies included."""
        return sum(face.copies for face in self.faces)


def set_faces(game: Any, folder: Path | None, art: Path | None = None) -> tuple[list[PrintedFace], Any]:
    """Every card of the set as printed (those left out of a base excluded), each with its art; and the loaded files."""
    from atout.interpreter.engine.loading import load_files
    from atout.interpreter.pages.gallery import faces_and_rules

    files = load_files(game, [folder] if folder is not None else None)  # (checked files are cached: read once)
    read, rules = faces_and_rules(folder, game)
    found = bands(rules)
    faces = [printed(game.name, face, found) for face in read if face.mark != "removed"]
    unique: dict[str, PrintedFace] = {}
    for face in faces:  # a card laid over the base's twin replaces it
        unique[fold(face.title)] = face
    looked = [path for path in (art, folder) if path is not None]
    for face in unique.values():
        face.art = find_art(looked, face.title) if looked else None
    return list(unique.values()), files


def lists_of(files: Any) -> dict[str, Any]:
    """The decks and collections of a set (its own and its base's), by name."""
    from atout.interpreter.language.nodes import CardList

    found = {}
    for document in [*files.sources, *files.documents]:
        if isinstance(document.node, CardList):
            found[document.node.name] = document.node
    return found


def choose(game: Any, folder: Path | None, names: list[str], art: Path | None = None, prepare: Any = None) -> list[Selection]:
    """The selections to print: the whole set, or each deck or collection named (a name, or a file of one).

    `prepare(faces)` sees the set's faces first (once each), before they are
    copied into the selections: the printer fits them there.
    """
    faces, files = set_faces(game, folder, art)
    words = sorted({word for face in faces for word in face.words})
    chosen_lists = [_word_list(faces, name) or _find_list(game, lists_of(files), name, folder, words) for name in names]
    if prepare is not None:
        wanted = {fold(entry.name) for card_list in chosen_lists for entry in card_list.entries}
        prepare([face for face in faces if not names or fold(face.title) in wanted])
    if not names:
        return [Selection(game.title, faces)]
    by_title = {fold(face.title): face for face in faces}
    chosen = []
    for card_list in chosen_lists:
        selection = Selection(card_list.name)
        for entry in card_list.entries:
            face = by_title.get(fold(entry.name))
            if face is None:
                raise ChoiceError(f'{card_list.name}: no card "{entry.name}" in the set')
            copy = PrintedFace(**{**face.__dict__, "copies": entry.count})
            selection.faces.append(copy)
        chosen.append(selection)
    return chosen


def _word_list(faces: list[PrintedFace], name: str) -> Any:
    """A deck named by a word of the cards' type line (Duel pour Cardia's `Paquet I`, or `I`): its cards, once each; None if no card has it."""
    from atout.interpreter.language.nodes import CardList, ListEntry

    wanted = {fold(name.lower()), fold(f"paquet {name}".lower())}
    held = [face for face in faces if any(fold(word.lower()) in wanted for word in face.words)]
    if not held:
        return None
    return CardList(kind="deck", game=faces[0].game, name=name, entries=[ListEntry(count=1, name=face.title) for face in held])


def _find_list(game: Any, lists: dict[str, Any], name: str, folder: Path | None, words: Sequence[str] = ()) -> Any:
    """A deck or collection by name (folded: `le renard`, `Le-Renard`) or by its file; `words`: the type line's words, for the message."""
    path = Path(name)
    if path.suffix == ".atout" and path.is_file():
        from atout.interpreter.engine.loading import load_files
        from atout.interpreter.language.nodes import CardList

        roots = [folder, path] if folder is not None else [path]
        loaded = load_files(game, roots)
        for document in loaded.documents:
            if isinstance(document.node, CardList) and Path(document.path).resolve() == path.resolve():
                return document.node
        raise ChoiceError(f"{name} is no deck or collection of {game.title}")
    wanted = fold(name.lower()).replace(" ", "-")
    for known, card_list in lists.items():
        if fold(known.lower()).replace(" ", "-") == wanted:
            return card_list
    what = game_lists_word(game)
    names = sorted(lists) + [word for word in words if word not in lists]
    if not names:
        raise ChoiceError(f"{game.title} has no {what}s: print the whole set (no --deck or --collection)")
    near = difflib.get_close_matches(name, names, n=1)
    hint = f' (did you mean "{near[0]}"?)' if near else ""
    named = f"the {what}s are: {', '.join(sorted(lists))}" if lists else ""
    typed = f"the words of the cards' type line: {', '.join(words)}" if words else ""
    raise ChoiceError(f'no {what} "{name}"{hint}; ' + "; or ".join(part for part in (named, typed) if part))


def game_lists_word(game: Any) -> str:
    """What a game calls its lists of cards: "collection" (Duel de dragons) or "deck"."""
    return "collection" if game.name == "dragons" else "deck"
