"""Duel pour Cardia's cards written back as printed: one writer per AST class.

`printed(node)` writes any node of a card the way the cards print it:
"−3 sur la carte adverse", "Capacité instantanée : Piocher 2 cartes",
"Il faut 6 sceaux pour gagner". `write_card(card)` writes a whole card,
from its title line to its last line::

    == Inventrice ==
    Paquet I · Guilde · influence 15
    Capacité instantanée : +3 sur cette carte ; −3 sur une autre carte au choix

This is the canonical form: keywords with their accents and capitals, one
space around "·", ":" and ";", changes of influence signed (+3, −3), the
effects of an ability on one line, one `Règle :` line per Lieu rule, a
Lieu's difficulty in stars (0 as a number). Reading it back gives the same
card. The commentary prints an effect that acts with the same writers.

`WRITERS` has one writer per AST class of `ast.py` (cards and abilities); a
construct writes itself (its `write`), beside its grammar and its handler.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable

from . import ast

# ---------------------------------------------------------------------------
# Words shared by several writers (the constructs' own: `vocabulary.py`)
# ---------------------------------------------------------------------------


def _effets(effets: list[Any]) -> str:
    """The effects of an ability, on one line, in order."""
    return " ; ".join(printed(effet) for effet in effets)


def _title(name: str) -> str:
    """The title line `== Name ==`; a name it could not hold is refused, not written as another name."""
    if "=" in name or "\n" in name or name != name.strip():
        raise ValueError(f'the name {name!r} cannot be written as a card title: a title holds no "=" and no line break, and starts and ends with a letter or a sign, not a space')
    return f"== {name} ==\n"


# ---------------------------------------------------------------------------
# Abilities
# ---------------------------------------------------------------------------


def capacite(name: str, capacite: Any) -> str:
    """`Capacité instantanée[, quand cette carte gagne][, une fois par duel] : …`."""
    modes = "".join(f", {printed(mode)}" for mode in (capacite.quand, capacite.limite) if mode is not None)
    return f"Capacité {name}{modes} : {_effets(capacite.effets)}"


# ---------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------


def personnage(card: ast.Personnage) -> str:
    """`== Inventrice ==`, `Paquet I · Guilde · influence 15`, its ability."""
    return _title(card.name) + f"{card.paquet.value} · {card.faction.value} · influence {card.influence}\n" + "".join(printed(capacite) + "\n" for capacite in card.capacites)


def difficulte(n: int) -> str:
    """A Lieu's difficulty: one star per symbol (`★★`); none is written `0`."""
    return "★" * n if n else "0"


def lieu(card: ast.Lieu) -> str:
    """`== Forteresse d'Arven ==`, `Lieu · difficulté ★★`, one `Règle :` line per rule."""
    return _title(card.name) + f"Lieu · difficulté {difficulte(card.difficulte)}\n" + "".join(f"Règle : {printed(regle)}\n" for regle in card.regles)


def capacite_protecteur(capacite: ast.CapaciteProtecteur) -> str:
    """`Capacité : …`, `Capacité, seulement si tu es le seul : …`."""
    only = ", seulement si tu es le seul" if capacite.seulement_si_seul else ""
    return f"Capacité{only} : {_effets(capacite.effets)}"


def protecteur(card: ast.Protecteur) -> str:
    """`== Loup des Cendres ==`, `Protecteur · Rébellion`, its ability."""
    return _title(card.name) + f"Protecteur · {card.faction.value}\n" + printed(card.capacite) + "\n"


#: Each AST class's writer: the node as printed (a card: its lines, each ending in a newline).
WRITERS: dict[type, Callable[[Any], str]] = {
    # targets
    # instantaneous effects: constructs, they write themselves
    # sets of cards of persistent effects
    # persistent effects
    # abilities and characters
    ast.CapaciteInstantanee: lambda node: capacite("instantanée", node),
    ast.CapacitePersistante: lambda node: capacite("persistante", node),
    ast.Personnage: personnage,
    # Lieu cards (their rules: constructs, they write themselves)
    ast.Lieu: lieu,
    # Protecteurs
    ast.CapaciteProtecteur: capacite_protecteur,
    ast.Protecteur: protecteur,
}


def printed(node: ast.Node) -> str:
    """Any node of a card as printed: an effect, a target, a rule, an ability, a whole card.

    A construct of the language (`Si`, `Prendre`…) writes itself (its `write`).
    """
    writer = WRITERS.get(type(node))
    return writer(node) if writer is not None else node.write()  # type: ignore[attr-defined]


def write_card(card: ast.Node) -> str:
    """A character, a Lieu or a Protecteur as card text, from its `== Title ==` line to its last line."""
    if not isinstance(card, (ast.Personnage, ast.Lieu, ast.Protecteur)):
        raise TypeError(f"a {type(card).__name__} is not a Duel pour Cardia card")
    return printed(card)
