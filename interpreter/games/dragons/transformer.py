"""From Duel de dragons parse trees to the AST: one method per grammar rule."""

from __future__ import annotations

from typing import Any

from lark import Token, v_args
from lark.tree import Meta
from pydantic import ValidationError

from atout.interpreter.language.nodes import Span, span_of
from atout.interpreter.language.transform import UnitTransformer

from . import ast
from .pouvoirs import FatiguePropre

_ALL = ", ".join(n.value for n in ast.NomDeStatistique)


class DragonsTransformer(UnitTransformer):
    """Builds `Carte` nodes from `carte` trees."""

    #: No method transforms a bare token: skipping them keeps reading fast.
    __visit_tokens__ = False

    @v_args(meta=True)
    def carte(self, meta: Meta, children: list[Any]) -> ast.Carte:
        """`== Vouivre des Brumes ==`, `Dragon · Rare`, the statistics, then the properties (version 2).

        The categories and the rarity are tokens whose terminal names are the
        enums' member names (`DRAGON`, `EPIQUE`); a category given twice is
        reported (E111) at its second place. The properties are the
        constructs of `pouvoirs.py` (`Fatigue 5`, `Pouvoir : …`); a second
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

    @v_args(inline=True)
    def statistique(self, nom: Token, valeur: Token) -> ast.Statistique:
        """`Puissance 62`; a value above 100 is reported (E200) at the number.

        The span is that of the name and the number: the line end that may
        follow them belongs to the rule but not to the statistic.
        """
        start, end = self.span(nom), self.span(valeur)
        span = Span(start.file, start.line, start.column, end.end_line, end.end_column)
        try:
            return ast.Statistique(span=span, nom=ast.NomDeStatistique[nom.type], valeur=int(valeur))
        except ValidationError:
            reported = self.build(
                ast.Statistique,
                valeur,
                {"valeur": valeur},
                label=f"{self.original(nom)} {valeur}",
                nom=ast.NomDeStatistique[nom.type],
                valeur=int(valeur),
            )
            return reported.model_copy(update={"span": span})

    def statistiques(self, children: list[ast.Statistique]) -> ast.Statistiques:
        """The four statistics of a card, each exactly once, in any order.

        A repeated statistic is reported at its second place (E111), a missing
        one just after the last statistic (E112); the node is then built
        unvalidated, with None for a missing value, so that the set checks can
        tell the card is incomplete and say nothing more about it.
        """
        values: dict[str, Any] = {nom.name.lower(): None for nom in ast.NomDeStatistique}
        first: dict[ast.NomDeStatistique, ast.Statistique] = {}
        valid = True
        for stat in children:
            if stat.nom in first:
                where, seen = span_of(stat), span_of(first[stat.nom])
                self.report(
                    "E111",
                    f"{stat.nom.value} is given twice (first at line {seen.line}, column {seen.column}); "
                    f"give each of {_ALL} once",
                    Span(where.file, where.line, where.column, where.line, where.column + len(stat.nom.value)),
                )
                valid = False
                continue
            first[stat.nom] = stat
            values[stat.nom.name.lower()] = stat.valeur
            valid = valid and 0 <= stat.valeur <= 100
        start, last = span_of(children[0]), span_of(children[-1])
        # The statistics' own span, from the first to the last (not the line end).
        span = Span(start.file, start.line, start.column, last.end_line, last.end_column)
        for nom in ast.NomDeStatistique:
            if nom not in first:
                self.report(
                    "E112",
                    f'{nom.value} is missing: add "{nom.value} N" (N from 0 to 100); a card gives each of {_ALL} once',
                    Span(last.file, last.end_line, last.end_column, last.end_line, last.end_column + 1),
                )
                valid = False
        if not valid:
            return ast.Statistiques.model_construct(span=span, **values)
        return ast.Statistiques(span=span, **values)
