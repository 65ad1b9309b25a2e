"""Writing an AST back as card text: the canonical form of every file.

Reading a file and writing its AST back gives the file in canonical form:
the same meaning (`parse(write(node)) == node`), written the way the shipped
cards are printed. A formatter and a card gallery are built on it.

What every game shares is written here: the header, decks and collections,
rules files (each parameter by its printed name) and extension files. A
game's cards are written by its own `write_card` (`GameLanguage.write_card`,
in the game's `writing.py`), one writer per card class, as its handlers are.
"""

from __future__ import annotations

from typing import Any

from .game import FileKind, GameLanguage
from .nodes import CardFile, CardList, Extension, ListEntry, Node, RulesFile
from .text import fold


def write_file(node: Node, game: GameLanguage[Any, Any]) -> str:
    """A file's node as the text of a file: its header, then its units, in canonical form."""
    kind = _kind(node, game)
    header = f"{game.title} : {kind.words[0]}\n"
    if isinstance(node, CardFile):
        if game.write_card is None:
            raise NotImplementedError(f"{game.title} cards cannot be written back yet")
        return header + "".join("\n" + game.write_card(card) for card in node.cards)
    if isinstance(node, CardList):
        return header + "\n" + "".join(write_entry(entry, node.kind) + "\n" for entry in node.entries)
    if isinstance(node, RulesFile):
        return header + "\n" + "".join(f"{param.name.strip()} : {param.value.strip()}\n" for param in node.params)
    if isinstance(node, Extension):
        lines = [f"Base : {node.base}\n"] if node.base is not None else []
        lines += [f"{param.name.strip()} : {param.value.strip()}\n" for param in node.without]
        return header + ("\n" + "".join(lines) if lines else "")
    raise TypeError(f"no file is written from a {type(node).__name__}")


def write_entry(entry: ListEntry, kind: str) -> str:
    """A deck or collection line: `2 Javelot`; a collection's single copy is its name alone, as collections are printed.

    A name that starts with a times sign and a space (`× 0`, `x Rayons`), or
    is the sign alone (`×`), is written after an explicit one (`1 × × 0`,
    `1 × ×`): after a count, the first sign is read as "times", and the name
    must keep its own.
    """
    if entry.count == 1 and kind == "collection":
        return entry.name
    folded = fold(entry.name[:2].lower())
    times = folded == "x " or folded == "x"  # `× 0`, or a name that is the sign alone: `×`
    return f"{entry.count} × {entry.name}" if times else f"{entry.count} {entry.name}"


def _kind(node: Node, game: GameLanguage[Any, Any]) -> FileKind:
    """The kind of file a node is written as."""
    name = getattr(node, "kind", None)
    if isinstance(node, CardFile):
        name = node.kind
    for kind in game.kinds:
        if kind.name == name:
            return kind
    raise TypeError(f"{game.title} has no kind of file for a {type(node).__name__}")
