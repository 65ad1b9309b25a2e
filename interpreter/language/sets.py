"""A game's files put together into one set: a complete set, or a designer's extension on a base.

The files of one game given together (a folder, or files) form a set in one
of three ways:

- **an extension**: one of them is an extension file (`Duel de dragons :
  extension`). The set is its base (the game's shipped set by default, or
  the folder its `Base : …` line names, itself put together the same way)
  with the extension's files laid over it;
- **a complete set**: no extension file, but card files and the game's
  main rules file (`regles.atout`, `rules.atout`): the files are the whole
  set, as the shipped folders are;
- **additions**: neither (a card file, a deck, a rules file alone): the
  files are laid over the shipped set, as an extension without a line
  would be. A new card that breaks a count the rules fix (a box of 57
  cards) is then told what to change.

Laying files over a base, predictably:

1. **Cards.** The base's cards stay, but for those the extension leaves out
   (`Sans : card` / `Without : card`) and those it defines again: a card
   with a base card's name replaces it (a note, N300, says so). Two cards of
   one layer with the same name are an error (E300), as in any set.
2. **Decks and collections**, by name (the file's name without `.atout`):
   the extension's replaces the base's of the same name.
3. **Rules.** The main rules file gives only the parameters it changes;
   the others are the base's. Every other rules file (a variant) gives only
   what it changes over the set's main rules. A parameter given nowhere is
   missing (E503) only in a complete set without base (not where an extension's base was refused).

Laying an extension over an extension applies these rules layer by layer,
the nearest layer winning.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
import os
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from .checks import Layer, Reporter
from .diagnostics import Diagnostic, nearest, shorten
from .game import GameLanguage
from .inputs import InputError, carried, is_folder, outside
from .loader import Document, read_file
from .nodes import CardFile, CardList, Extension, Param, RulesFile, Span
from .rules import parameters, type_rules
from .text import fold

#: The stems of a game's main rules file.
RULES_STEMS = ("regles", "règles", "rules")

#: How many extensions may be laid one over the other.
MAX_LAYERS = 16


@dataclass
class GameSet:
    """One game's set, put together: the documents a game is built from, and how it was made."""

    game: GameLanguage[Any, Any]
    #: The documents of the set: the base's (cards left out or replaced
    #: removed, rules typed with the layers above) and the layers' own.
    documents: list[Document]
    #: The set's main rules, typed (None when they are missing or wrong).
    rules: BaseModel | None = None
    #: True when the set's composition is checked (a complete set, or an extension laid over its base);
    #: False when the extension's base was refused: neither its composition nor the names its lists take from the base are checked.
    complete: bool = True
    #: The documents read for bases given as folders (their own problems are reported).
    bases: list[Document] = field(default_factory=list)
    #: Where the main rules give each parameter (field name → its line), in the nearest
    #: layer that gives it, for the designer's layers only (not the shipped files).
    parameters: dict[str, Span] = field(default_factory=dict)
    #: The designer's files laid over the base, and their extension file (None: a set of its own, no base).
    layer: Layer | None = None


def is_main_rules(document: Document) -> bool:
    """True for a game's main rules file (`regles.atout`, `rules.atout`)."""
    return isinstance(document.node, RulesFile) and Path(document.path).stem in RULES_STEMS


def assemble(
    game: GameLanguage[Any, Any],
    documents: list[Document],
    reporter: Reporter,
    shipped: list[Document],
    depth: int = 0,
    seen: tuple[Path, ...] = (),
) -> GameSet:
    """Put one game's documents together (see the module's docstring); problems go to `reporter`."""
    extensions = [d for d in documents if isinstance(d.node, Extension)]
    for extra in extensions[1:]:
        reporter.report(
            "E302",
            f"a set has one extension file; this one is the second (the first is {extensions[0].path})",
            extra.node.span if extra.node else None,
            file=extra.path,
        )
    if extensions:
        base = _base(game, extensions[0], reporter, shipped, depth, seen)
        # a base refused (its E302 says why) leaves the set partial: what it would bring is not checked as missing
        return replace(_layer(game, base, documents, reporter, complete=base is not None), layer=_designer_layer(game, documents, extensions[0]))
    has_cards = any(isinstance(d.node, CardFile) for d in documents)
    if (has_cards and any(is_main_rules(d) for d in documents)) or not documents:
        return _layer(game, None, documents, reporter, complete=True)
    # a shipped file given itself (`atout validate cards/cordes/attacks.atout`) is not its own base
    given = {Path(d.path).resolve() for d in documents}
    base = _layer(game, None, [d for d in shipped if Path(d.path).resolve() not in given], Reporter(), complete=True)
    return replace(_layer(game, base, documents, reporter, complete=True), layer=_designer_layer(game, documents, None))


def _designer_layer(game: GameLanguage[Any, Any], documents: list[Document], extension: Document | None) -> Layer:
    """The designer's layer: its files, and where its extension file takes a `Sans :` line."""
    place, word, lines = None, "Sans", []
    if extension is not None and isinstance(extension.node, Extension):
        lines = [line.span for line in extension.node.without if line.span is not None]
        header = next((i for i, text in enumerate(extension.lines, 1) if text.strip() and not text.lstrip().startswith("#")), 1)
        place = lines[-1] if lines else Span(extension.path, header, 1, header, 1 + len(extension.lines[header - 1]) if extension.lines else 2)
        if extension.node.without:  # the word of its own lines, else the English one under an English header
            word = extension.node.without[0].name.strip()
        elif extension.lines and fold(extension.lines[header - 1].split("#")[0]).rstrip().endswith("expansion"):
            word = "Without"
    return Layer(frozenset(d.path for d in documents), place, game.title, word, bool(lines))


def _base(game: GameLanguage[Any, Any], document: Document, reporter: Reporter, shipped: list[Document], depth: int, seen: tuple[Path, ...]) -> GameSet | None:
    """The set an extension is laid over: the shipped one, or a folder's (None when it cannot be read)."""
    extension = document.node
    assert isinstance(extension, Extension)
    written = extension.base
    names = {" ".join(fold(name).split()) for name in (game.name, game.title, *game.header_names)}
    if written is None or " ".join(fold(written).split()) in names:
        return _layer(game, None, shipped, Reporter(), complete=True)
    span = extension.base_param.span if extension.base_param else None
    shown = shorten(written)
    place = Path(document.path).parent / written
    if outside(place):  # a record's files: nothing outside them is looked at
        found = carried(written)  # an absolute base of the machine the record was made on: the folder the record carries for it
        if found is None:
            reporter.report(
                "E302",
                f'the base "{shown}" is not among the files the record carries: a record\'s extension is laid over {game.title} or over a folder of its own files'
                + (" (a base written as a path relative to the extension's folder, Base : ../base, travels with its files)" if Path(written).is_absolute() else ""),
                span,
                file=document.path,
            )
            return None
        place = found
    here = Path(document.path).parent.resolve()
    folder = place.resolve() if is_folder(place) else None
    if folder is None:
        reporter.report(
            "E302",
            f'the base "{shown}" is neither {game.title} nor a folder: write "Base : {game.title}" or the path of a folder, relative to this file',
            span,
            file=document.path,
        )
        return None
    holds = [place for place in (here, *seen) if place.is_relative_to(folder)]
    if holds:
        why = "this very folder" if folder == here else "a folder that holds this one" if here in holds else "a folder that extends this one"
        reporter.report("E302", f'the base "{shown}" is {why}: a set cannot be its own base', span, file=document.path)
        return None
    if depth + 1 >= MAX_LAYERS:
        reporter.report("E302", f'the base "{shown}" would lay more than {MAX_LAYERS} extensions one over the other: lay fewer', span, file=document.path)
        return None
    from .project import expand
    from .registry import languages

    try:
        read = [read_file(path, languages()) for path in expand([_as_written(folder, document)])]
    except InputError as error:
        reporter.report("E302", f'the base "{shown}" cannot be read: {error.reason}', span, file=document.path)
        return None
    mine = [d for d in read if d.game is game]
    if not mine:
        reporter.report("E302", f'the base "{shown}" holds no {game.title} file', span, file=document.path)
        return None
    base = assemble(game, mine, reporter, shipped, depth + 1, (*seen, here))
    base.bases = [*read, *base.bases]
    return base


def _as_written(folder: Path, document: Document) -> Path:
    """The base folder named as the designer names their files: from the working
    folder when the extension was given by a relative path (its diagnostics then
    say `base/cartes.atout:6`, not the machine's absolute path), else absolute."""
    if Path(document.path).is_absolute():
        return folder
    try:
        return Path(os.path.relpath(folder))
    except ValueError:  # another drive (Windows): no relative path exists
        return folder


def _layer(game: GameLanguage[Any, Any], base: GameSet | None, documents: list[Document], reporter: Reporter, complete: bool) -> GameSet:
    """Lay `documents` over `base` (None: they are the whole set); the set they make."""
    layer_cards = {fold(game.card_name(card)): card for d in documents if isinstance(d.node, CardFile) for card in d.node.cards}
    below = base.documents if base is not None else []
    left_out = _left_out(game, documents, below, reporter)
    kept: list[Document] = []
    below_cards: dict[str, Any] = {}
    lists = {d.node.name for d in documents if isinstance(d.node, CardList)}
    layer_main = next((d for d in documents if is_main_rules(d)), None)
    for document in below:
        node = document.node
        if isinstance(node, CardFile):
            for card in node.cards:
                below_cards.setdefault(fold(game.card_name(card)), card)
            cards = [c for c in node.cards if fold(game.card_name(c)) not in left_out and fold(game.card_name(c)) not in layer_cards]
            if len(cards) != len(node.cards):
                document = replace(document, node=node.model_copy(update={"cards": cards}))
            kept.append(document)
        elif isinstance(node, CardList) and node.name in lists:
            continue
        elif is_main_rules(document) and layer_main is not None:
            continue
        elif isinstance(node, Extension):
            continue  # the base's own extension file: its work is done
        else:
            kept.append(document)
    for key, card in layer_cards.items():
        replaced = below_cards.get(key)
        if replaced is not None:
            where = f" ({shown_place(replaced.span)})" if replaced.span else ""
            reporter.report("N300", f'"{shorten(game.card_name(card))}" replaces the card of the same name of the base{where}', card.span)
    # The rules: the main file over the base's main rules, then every variant over the set's main rules.
    base_rules = base.rules if base is not None else None
    rules = base_rules
    result: list[Document] = []
    typed_main = None
    if layer_main is not None:
        typed_main, rules = _typed(game, layer_main, base_rules, reporter, missing=base is None and complete)
    for document in [*kept, *documents]:
        if document is layer_main and typed_main is not None:
            result.append(typed_main)
        elif isinstance(document.node, RulesFile) and not is_main_rules(document):
            result.append(_typed(game, document, rules, reporter, missing=rules is None and complete)[0])
        else:
            result.append(document)
    places = dict(base.parameters) if base is not None else {}
    if layer_main is not None and not _is_shipped(layer_main):
        fields = parameters(game.rules_model)
        for param in layer_main.node.params if isinstance(layer_main.node, RulesFile) else []:
            name = fields.get(" ".join(fold(param.name).split()))
            if name is not None and param.span is not None:
                places[name] = param.span
    return GameSet(game, result, rules, complete, base.bases if base is not None else [], places)


def _is_shipped(document: Document) -> bool:
    """True for a file shipped with atout (a game's own folder), which a designer does not edit."""
    return _shipped_name(document.path) is not None


def _shipped_name(path: str) -> str | None:
    """A shipped file's path within the game folders (`cordes/recoveries.atout`); None for another file."""
    from atout.cards import CARDS_DIR

    try:
        return Path(path).resolve().relative_to(CARDS_DIR.resolve()).as_posix()
    except (ValueError, OSError):
        return None


def shown_place(span: Span) -> str:
    """`file:line` for a message, a shipped file named as shipped rather than by where atout is installed."""
    shipped = _shipped_name(span.file)
    return f"{span.file}:{span.line}" if shipped is None else f"{shipped}:{span.line}, as shipped"


def _left_out(game: GameLanguage[Any, Any], documents: list[Document], below: list[Document], reporter: Reporter) -> set[str]:
    """The folded names of the base cards the layer's extension file leaves out (each checked to exist)."""
    names = {fold(game.card_name(c)): game.card_name(c) for d in below if isinstance(d.node, CardFile) for c in d.node.cards}
    out: set[str] = set()
    for document in documents:
        if not isinstance(document.node, Extension):
            continue
        for line in document.node.without:
            key = fold(line.value.strip())
            if key in names:
                out.add(key)
                lists = sorted(f'{d.node.kind} "{shorten(d.node.name)}"' for d in below if isinstance(d.node, CardList) and any(fold(entry.name) == key for entry in d.node.entries))
                if lists:
                    reporter.report(
                        "N301",
                        f'"{shorten(names[key])}" is left out, and the base\'s {_and(lists)} name{"s" * (len(lists) == 1)} it: '
                        f"{'it is' if len(lists) == 1 else 'they are'} no longer playable in this set; "
                        "give a deck or collection of the same name in this folder to replace "
                        f"{'it' if len(lists) == 1 else 'them'}",
                        _value_span(line, document.lines),
                    )
                continue
            parts = [part.strip() for part in line.value.split(",")]
            if len(parts) > 1 and all(fold(part) in names for part in parts):  # a list, where a title may hold a comma
                lines = " / ".join(f"{shorten(line.name.strip())} : {shorten(names[fold(part)])}" for part in parts)
                message = f'no card of the base is named "{shorten(line.value.strip())}": to leave out several cards, write one line for each ({shorten(lines, 400)})'
            else:
                message = f'no card of the base is named "{shorten(line.value.strip())}": only a card of the base can be left out'
            reporter.report("E303", message, _value_span(line, document.lines), nearest(line.value.strip(), names.values()))
    return out


def _and(words: list[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _value_span(param: Param, lines: list[str]) -> Any:
    """The place of a line's value (after the colon), for messages about it."""
    span = param.span
    if span is None or not 0 < span.line <= len(lines) or ":" not in lines[span.line - 1]:
        return span
    line = lines[span.line - 1]
    after = line.index(":") + 1
    column = after + len(line[after:]) - len(line[after:].lstrip()) + 1
    return replace(span, column=column, end_line=span.line, end_column=column + len(param.value.strip()))


def _typed(game: GameLanguage[Any, Any], document: Document, under: BaseModel | None, reporter: Reporter, missing: bool) -> tuple[Document, BaseModel | None]:
    """A rules document typed over the rules `under` (its parameters win); the document and its rules.

    Its values' own problems were reported when the file was read; here come
    the problems of the whole (a parameter missing everywhere, values that
    do not go together).
    """
    node = document.node
    assert isinstance(node, RulesFile)
    defaults = under.model_dump() if under is not None else {}
    rules, problems = type_rules(node.params, game.rules_model, document.path, document.lines, defaults)
    for problem in problems:
        if problem.code == "E503" and not missing:
            continue
        reporter.diagnostics.append(problem)
    if rules is None:
        return document, None
    return replace(document, rules=rules, node=node.model_copy(update={"rules": rules})), rules


def unique(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """The diagnostics without repeats (a value's problem is found when its file is read and when its set is typed)."""
    return list(dict.fromkeys(diagnostics))
