"""From Duel de dragons parse trees to the AST: the card's frame.

Everything a card prints under its title line is a construct that reads
itself (`Construct.read`): the statistics (`ast.Statistique`,
`ast.Statistiques`), the card's own fatigue and its powers (`powers.py`,
`effects.py`, `moves.py`, `conditions.py`). The transformer builds the card around them.
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args
from lark.tree import Meta
from atout.interpreter.language.nodes import span_of
from atout.interpreter.language.transform import UnitTransformer

from . import ast
from .powers import FatiguePropre


class DragonsTransformer(UnitTransformer):
    """Builds `Carte` nodes from `carte` trees (the constructs read the rest)."""

    #: No method transforms a bare token: skipping them keeps reading fast.
    __visit_tokens__ = False

    @v_args(meta=True)
    def carte(self, meta: Meta, children: list[Any]) -> ast.Carte:
        """`== Vouivre des Brumes ==`, `Dragon · Rare`, the statistics, then the properties (version 2).

        The categories and the rarity are tokens whose terminal names are the
        enums' member names (`DRAGON`, `EPIQUE`); a category given twice is
        reported (E111) at its second place. The properties are the
        constructs of `powers.py` (`Fatigue 5`, `Pouvoir : …`); a second
        `Fatigue` is reported too.
        """
        title, *rest = children
        name = self.original(title).strip().strip("=").strip()
        categories: list[ast.Categorie] = []
        rarete = None
        statistiques = None
        proprietes = []
        for child in rest:
            if isinstance(child, Token) and child.type in ast.Categorie.__members__:
                categorie = ast.Categorie[child.type]
                if categorie in categories:
                    self.report("E111", f"{categorie.value} is given twice: give each category once", self.span(child))
                    continue
                categories.append(categorie)
            elif isinstance(child, Token):
                rarete = ast.Rarete[child.type]
            elif isinstance(child, ast.Statistiques):
                statistiques = child
            else:
                proprietes.append(child)
        fatigues = [p for p in proprietes if isinstance(p, FatiguePropre)]
        for extra in fatigues[1:]:
            self.report("E111", "a card has one Fatigue: keep one of these lines", span_of(extra))
        return self.build(
            ast.Carte,
            meta,
            {"name": title},
            name=name,
            categories=tuple(categories),
            rarete=rarete,
            statistiques=statistiques,
            proprietes=tuple(proprietes),
        )
