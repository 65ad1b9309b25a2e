"""Dans les Cordes's cards written back as card text, in canonical form.

`write_card(card)` gives a card as the shipped card files print it, from its
`== Title ==` line to its last line::

    == Crochet ==
    ATTACK · cost 3 · 3 copies
    -2 life to the opponent
    -1 card to the opponent, their choice, face down

The canonical form: the type line's parts separated by " · ", "1 copy" left
out; one effect per line; what is unwritten when it is the default ("to
you") left out, except a lost card's choice and placement, which are always
printed; a riposte's counter-blow (and its blow as an attack) on the line of
its "Against …:" when it is a single effect, on the lines below otherwise.

`WRITERS` holds one writer per card class of `ast.py`, as `cards.HANDLERS`
holds one handler; the constructs (effects, outcomes, conditions, moves,
powers) write themselves (their `write`), declared in one place with their
grammar and handler. The commentary prints effects and outcomes with the
same writers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from . import ast

Writer = Callable[[Any], str]


def write(node: Any) -> str:
    """Any node of a card as card text, by its writer (a construct writes itself)."""
    writer = WRITERS.get(type(node))
    return writer(node) if writer is not None else node.write()


def write_card(card: ast.Card) -> str:
    """A card as card text, from its `== Title ==` line to its last line (ending in a newline)."""
    return write(card)


def _lines(effects: Sequence[ast.Effect]) -> str:
    """Effects one per line, each line ending in a newline."""
    return "".join(write(effect) + "\n" for effect in effects)


def _after_colon(effects: Sequence[ast.Effect]) -> str:
    """What follows "…:": a single effect on the same line, several on the lines below."""
    if len(effects) == 1:
        return f" {write(effects[0])}\n"
    return "\n" + _lines(effects)


# ---------------------------------------------------------------------------
# Defenses and ripostes
# ---------------------------------------------------------------------------


def attack_name(node: ast.AttackName) -> str:
    """`"Crochet"`."""
    return f'"{node.name}"'


def against(node: ast.Against) -> str:
    """`Against an attack`, `Against an attack of type "Jab", "Cross" or "Crochet"`."""
    if not node.names:
        return "Against an attack"
    names = [write(name) for name in node.names]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
    return f"Against an attack of type {listed}"


def as_an_attack(node: ast.AsAnAttack) -> str:
    """`As an attack: -1 life to the opponent`."""
    return "As an attack:" + _after_colon(node.effects)


# ---------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------


def _head(card: Any, cost: bool = True) -> str:
    """The title and the type line: `== Jab ==`, `ATTACK · cost 1 · 6 copies`."""
    parts = [card.TYPE.value]
    if cost:
        parts.append(f"cost {card.cost}")
    if card.copies != 1:
        parts.append(f"{card.copies} copies")
    return f"== {card.name} ==\n" + " · ".join(parts) + "\n"


def _properties(card: Any) -> str:
    """A card's property lines (`Cannot be countered`), one per line."""
    return "".join(write(prop) + "\n" for prop in card.properties)


def attack(card: ast.Attack) -> str:
    """An ATTACK: its properties, then its blow's effects, one per line."""
    return _head(card) + _properties(card) + _lines(card.effects)


def defense(card: ast.Defense) -> str:
    """A DEFENSE: `Against an attack you lose 1 life`, then its further effects, one per line."""
    return _head(card) + f"{write(card.against)} {write(card.outcome)}\n" + _lines(card.effects)


def riposte(card: ast.Riposte) -> str:
    """A RIPOSTE: `Against an attack …:` its counter-blow, then `As an attack:` its blow."""
    return _head(card) + _properties(card) + write(card.against) + ":" + _after_colon(card.counter) + write(card.as_an_attack)


def recovery(card: ast.Recovery) -> str:
    """A RECOVERY: its effects, one per line."""
    return _head(card) + _lines(card.effects)


def character(card: ast.Character) -> str:
    """A CHARACTER: its title and type line, then its powers, one per line."""
    return _head(card, cost=False) + "".join(write(power) + "\n" for power in card.powers)


def gong(card: ast.Gong) -> str:
    """The GONG: its title and type line only (what it does is in the rules file)."""
    return _head(card, cost=False)


#: The writers: AST class → the function that writes it as card text. Every
#: class that can be in a card has one (tests/cordes/test_writing.py checks it).
WRITERS: dict[type, Writer] = {
    ast.AttackName: attack_name,
    ast.Against: against,
    ast.AsAnAttack: as_an_attack,
    ast.Attack: attack,
    ast.Defense: defense,
    ast.Riposte: riposte,
    ast.Recovery: recovery,
    ast.Character: character,
    ast.Gong: gong,
}
