"""From Duel pour Cardia parse trees to the AST: the cards, their abilities and the small words.

The rules of the constructs (effects, conditions, targets…) are read by
each construct's own `read` (`language.py` lists them); this transformer
reads the rest, one method per grammar rule.
"""

from __future__ import annotations

from lark import Token, v_args
from lark.tree import Meta

from atout.interpreter.language.transform import UnitTransformer

from . import ast


class _Mot(str):
    """A small word read into a field of the enclosing rule ("autre", "au hasard")."""


AUTRE = _Mot("autre")
ADVERSE = _Mot("adverse")
DE_TES = _Mot("de tes")
PASSEE = _Mot("passée")
PAR_L_ADVERSAIRE = _Mot("au choix de l'adversaire")
L_ADVERSAIRE = _Mot("l'adversaire")
AU_HASARD = _Mot("au hasard")
SEULEMENT_SI_SEUL = _Mot("seulement si tu es le seul")


def _mot(word: _Mot):
    """The handler of a small-word rule: it returns the word for its parent."""

    @v_args(inline=True)
    def handler(self: CardiaTransformer, *_words: object) -> _Mot:
        return word

    handler.__doc__ = f"The words “{word}”, read into a field of the enclosing rule."
    return handler


class CardiaTransformer(UnitTransformer):
    """Builds `Personnage`, `Lieu` and `Protecteur` nodes from `carte` trees."""

    __visit_tokens__ = True  # the decks' names are read from their tokens (PAQUET_I, PAQUET_II)

    # -- cards -------------------------------------------------------------

    def _name(self, title: Token) -> str:
        return self.original(title).strip().strip("=").strip()

    @v_args(inline=True, meta=True)
    def personnage(self, meta: Meta, title: Token, paquet: ast.Paquet, faction: ast.Faction, influence: Token, *capacites: ast.Node) -> ast.Personnage:
        """`== Inventrice ==`, `Paquet I · Guilde · influence 15`, its abilities."""
        return self.build(
            ast.Personnage,
            meta,
            {"name": title, "influence": influence},
            label=None,
            name=self._name(title),
            paquet=paquet,
            faction=faction,
            influence=int(influence),
            capacites=list(capacites),
        )

    # Terminals: the deck and the faction words become their enum values.

    def PAQUET_I(self, token: Token) -> ast.Paquet:
        """`Paquet I`."""
        return ast.Paquet.PAQUET_I

    def PAQUET_II(self, token: Token) -> ast.Paquet:
        """`Paquet II`."""
        return ast.Paquet.PAQUET_II

    def _faction(self, token: Token) -> ast.Faction:
        """`Rébellion`, `Académie`, `Guilde`, `Dynastie` (the terminal's name says which)."""
        return ast.Faction[token.type]

    REBELLION = ACADEMIE = GUILDE = DYNASTIE = _faction

    def _capacite(self, model: type[ast.Node], meta: Meta, parts: tuple[ast.Node, ...]) -> ast.Node:
        """An ability: its trigger and limit (`_modalite`: read by their `handler`), then its effects."""
        quand = [p for p in parts if hasattr(p, "fires")]
        limite = [p for p in parts if hasattr(p, "allows")]
        effets = [p for p in parts if not hasattr(p, "fires") and not hasattr(p, "allows")]
        for extra in quand[1:] + limite[1:]:
            self.report("E364", "an ability says once when it acts and once how often: write it once", extra.span or self.span(meta))
        return self.build(model, meta, quand=quand[0] if quand else None, limite=limite[0] if limite else None, effets=effets)

    @v_args(inline=True, meta=True)
    def capacite_instantanee(self, meta: Meta, *parts: ast.Node) -> ast.CapaciteInstantanee:
        """`Capacité instantanée [, quand cette carte gagne] [, une fois par duel] : …`."""
        return self._capacite(ast.CapaciteInstantanee, meta, parts)  # type: ignore[return-value]

    @v_args(inline=True, meta=True)
    def capacite_persistante(self, meta: Meta, *parts: ast.Node) -> ast.CapacitePersistante:
        """`Capacité persistante [, quand cette carte gagne] [, une fois par duel] : …`."""
        return self._capacite(ast.CapacitePersistante, meta, parts)  # type: ignore[return-value]

    # -- instantaneous effects: constructs (`effects.py`, `conditions.py`, `moves.py`) ---

    # -- targets -------------------------------------------------------------

    # -- targets: constructs (`targets.py`); the small words they read -------------

    autre = _mot(AUTRE)
    adverse = _mot(ADVERSE)
    de_tes = _mot(DE_TES)
    passee = _mot(PASSEE)
    par_l_adversaire = _mot(PAR_L_ADVERSAIRE)
    l_adversaire = _mot(L_ADVERSAIRE)
    au_hasard = _mot(AU_HASARD)
    seulement_si_seul = _mot(SEULEMENT_SI_SEUL)

    # -- persistent effects ------------------------------------------------------

    # -- Lieu cards ------------------------------------------------------------

    @v_args(inline=True, meta=True)
    def lieu(self, meta: Meta, title: Token, difficulte: tuple[int, Token], *regles: ast.Node) -> ast.Lieu:
        """`== Forteresse d'Arven ==`, `Lieu · difficulté ★★`, its `Règle :` lines."""
        value, token = difficulte
        return self.build(
            ast.Lieu,
            meta,
            {"name": title, "difficulte": token},
            label=f"difficulté {self.original(token)}" if not 0 <= value <= ast.MAX_DIFFICULTY else None,
            name=self._name(title),
            difficulte=value,
            regles=list(regles),
        )

    @v_args(inline=True)
    def difficulte(self, token: Token) -> tuple[int, Token]:
        """`2` or `★★` (one star per symbol)."""
        return (int(token) if token.type == "INT" else len(token)), token

    # the Lieu's rules: constructs (`rule_changes.py`)

    # -- Protecteurs -----------------------------------------------------------

    @v_args(inline=True, meta=True)
    def protecteur(self, meta: Meta, title: Token, faction: ast.Faction, capacite: ast.Node) -> ast.Protecteur:
        """`== Gardienne des Sources ==`, `Protecteur · Académie`, its ability."""
        return self.build(ast.Protecteur, meta, {"name": title}, name=self._name(title), faction=faction, capacite=capacite)

    @v_args(inline=True, meta=True)
    def capacite_protecteur(self, meta: Meta, *parts: object) -> ast.CapaciteProtecteur:
        """`Capacité : …` or `Capacité, seulement si tu es le seul : …`."""
        effets = [p for p in parts if isinstance(p, ast.Node)]
        return self.build(ast.CapaciteProtecteur, meta, seulement_si_seul=SEULEMENT_SI_SEUL in parts, effets=effets)
