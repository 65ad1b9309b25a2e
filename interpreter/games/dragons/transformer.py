"""From Duel de dragons parse trees to the AST: one method per grammar rule."""

from __future__ import annotations

from lark import Token, v_args
from lark.tree import Meta

from atout.interpreter.language.nodes import Span
from atout.interpreter.language.transform import UnitTransformer

from . import ast

_ALL = ", ".join(n.value for n in ast.NomDeStatistique)


class DragonsTransformer(UnitTransformer):
    """Builds `Carte` nodes from `carte` trees."""

    @v_args(inline=True, meta=True)
    def carte(
        self, meta: Meta, title: Token, categorie: ast.Categorie, rarete: ast.Rarete, statistiques: ast.Statistiques
    ) -> ast.Carte:
        """`== Vouivre des Brumes ==`, `Dragon · Rare`, the statistics."""
        name = self.original(title).strip().strip("=").strip()
        return self.build(
            ast.Carte, meta, {"name": title}, name=name, categorie=categorie, rarete=rarete, statistiques=statistiques
        )

    @v_args(inline=True)
    def categorie(self, token: Token) -> ast.Categorie:
        """`Dragon` or `Personnage` (the terminal's name says which)."""
        return ast.Categorie[token.type]

    @v_args(inline=True)
    def rarete(self, token: Token) -> ast.Rarete:
        """`Commune`, `Rare`, `Épique`, `Légendaire` or `Mythique`."""
        return ast.Rarete[token.type]

    @v_args(inline=True)
    def nom_de_statistique(self, token: Token) -> tuple[ast.NomDeStatistique, Token]:
        """`Puissance`, `Ruse`, `Savoir` or `Charisme`, with its token for places."""
        return ast.NomDeStatistique[token.type], token

    @v_args(inline=True, meta=True)
    def statistique(self, meta: Meta, nom: tuple[ast.NomDeStatistique, Token], valeur: Token) -> ast.Statistique:
        """`Puissance 62`; a value above 100 is reported (E200) at the number."""
        return self.build(
            ast.Statistique, meta, {"valeur": valeur}, label=self.text_of(meta), nom=nom[0], valeur=int(valeur)
        )

    @v_args(meta=True)
    def statistiques(self, meta: Meta, children: list[ast.Statistique]) -> ast.Statistiques:
        """The four statistics of a card, each exactly once, in any order.

        A repeated statistic is reported at its second place (E111), a missing
        one just after the last statistic (E112); the node is then built
        unvalidated, with None for a missing value, so that the set checks can
        tell the card is incomplete and say nothing more about it.
        """
        values: dict[str, int | None] = {nom.name.lower(): None for nom in ast.NomDeStatistique}
        first: dict[ast.NomDeStatistique, ast.Statistique] = {}
        valid = True
        for stat in children:
            if stat.nom in first:
                where, seen = stat.span, first[stat.nom].span
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
        start, last = children[0].span, children[-1].span
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
