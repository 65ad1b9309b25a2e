"""Duel de dragons cards written back as card text, in the canonical form.

A card is written as the shipped cards print it: its title, its category
and rarity, then its four statistics on one line, in the rulebook's order,
each keyword with its accents and capitals, " · " between the parts::

    == Vouivre des Brumes ==
    Dragon · Rare
    Puissance 62 · Ruse 55 · Savoir 40 · Charisme 48

Reading the text back gives the same card (`read(write_card(card)) == card`);
the comments printed above a card are not part of its AST and are not
written. A card's properties (version 2: `Fatigue 5`, `Pouvoir : …`) follow
its statistics, one per line, each written by its construct's `write()`.
There is one writer per AST class, in `WRITERS`, beside the
classes' handlers (`game.READ_BY`). The commentary writes statistics with
the same functions (`statistic_text`, `statistics_text`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from atout.interpreter.language.constructs import Construct
from atout.interpreter.language.nodes import Node

from .ast import Carte, NomDeStatistique

#: What stands between the parts of a line, as the cards print it.
SEPARATOR = " · "

#: The four statistics' printed names, in the rulebook's order: the order of
#: a card's statistics as a 4-tuple in a duel (`game.STATS`), so that index
#: `i` of a card's statistics is named `STAT_NAMES[i]`.
STAT_NAMES: tuple[str, ...] = tuple(stat.value for stat in NomDeStatistique)


def statistic_text(nom: str, valeur: int) -> str:
    """One statistic as printed: `Puissance 62`."""
    return f"{nom} {valeur}"


def statistics_text(pairs: Iterable[tuple[str, Any]]) -> str:
    """Statistics as printed on one line: `Puissance 62 · Ruse 55 · …`."""
    return SEPARATOR.join(statistic_text(nom, valeur) for nom, valeur in pairs)


def title_text(name: str) -> str:
    """A card's title line (without its line end), or ValueError for a name no title can hold.

    A title is read between "==" and "==" and stripped of the spaces around
    it: a name with "=", a line end or a NUL, or with spaces at either end,
    would be read back as another name (or not at all).
    """
    bad = next((c for c in name if c in "=\n\r\x00"), None)
    if bad is not None:
        raise ValueError(f'the card name {name!r} holds {bad!r}, which a title "== Name ==" cannot hold: remove it')
    if name != name.strip():
        raise ValueError(f"the card name {name!r} starts or ends with a space, which a title drops: strip it")
    return f"== {name} =="


def _carte(card: Carte) -> str:
    """`== Name ==`, `Dragon · Rare`, the statistics' line, then one line per property (`Fatigue 5`, `Pouvoir : …`)."""
    kind = SEPARATOR.join([*(categorie.value for categorie in card.categories), card.rarete.value])
    lines = [title_text(card.name), kind, write(card.statistiques), *(write(p) for p in card.proprietes)]
    return "\n".join(lines) + "\n"


#: One writer per AST class that is not a construct (a construct writes itself: `write()`).
WRITERS: dict[type, Callable[[Any], str]] = {
    Carte: _carte,
}


def write(node: Node) -> str:
    """Any node of a card as its text, by its class's writer; a construct writes itself."""
    writer = WRITERS.get(type(node))
    if writer is not None:
        return writer(node)
    if isinstance(node, Construct):
        return node.write()
    raise TypeError(f"no Duel de dragons writer for a {type(node).__name__}")


def write_card(card: Carte) -> str:
    """A card as card text, from its title line to its last line (ending in a line end)."""
    return write(card)
