"""From BattleFight parse trees to the AST: one method per grammar rule."""

from __future__ import annotations

from lark import Token, v_args
from lark.tree import Meta

from atout.interpreter.language.transform import UnitTransformer

from . import ast


def _keyword(model: type[ast.Node]):
    """The handler of a keyword rule with an optional number: `Blesser 4`."""

    @v_args(inline=True, meta=True)
    def handler(self: "BattleFightTransformer", meta: Meta, n: Token | ast.Node | None = None) -> ast.Node:
        if n is None:
            return self.build(model, meta)
        if not isinstance(n, Token):  # a computed amount: "1 pour chaque carte de ta main"
            return self.build(model, meta, n=n)
        return self.build(model, meta, {"n": n}, label=self.text_of(meta), n=int(n))

    handler.__doc__ = f"Grammar rule `{model.model_fields['kind'].default}` → `{model.__name__}`."
    return handler


def _word(model: type[ast.Node]):
    """The handler of a keyword rule without a number: `Rejouer`."""

    @v_args(inline=True, meta=True)
    def handler(self: "BattleFightTransformer", meta: Meta) -> ast.Node:
        return self.build(model, meta)

    handler.__doc__ = f"Grammar rule `{model.model_fields['kind'].default}` → `{model.__name__}`."
    return handler


class BattleFightTransformer(UnitTransformer):
    """Builds `Technique` nodes from `technique` trees."""

    @v_args(inline=True, meta=True)
    def technique(self, meta: Meta, title: Token, technique_type: ast.TechniqueType, *steps: ast.Step) -> ast.Technique:
        """`== Décharge ==`, its type line, its steps."""
        name = self.original(title).strip().strip("=").strip()
        return self.build(ast.Technique, meta, {"name": title}, name=name, type=technique_type, steps=list(steps))

    @v_args(inline=True)
    def technique_type(self, token: Token) -> ast.TechniqueType:
        """`Attaque`, `Défense`… (the terminal's name says which)."""
        return ast.TechniqueType[token.type]

    @v_args(inline=True, meta=True)
    def step(self, meta: Meta, *parts: ast.Node) -> ast.Step:
        """Modifiers (none, one or several), then a keyword."""
        modifiers = list(parts[:-1])
        if len(modifiers) > ast.MAX_MODIFIERS:
            self.report(
                "E201",
                f"a step has at most {ast.MAX_MODIFIERS} modifiers; this one has {len(modifiers)}: keep those it needs",
                self.span(meta),
            )
            return ast.Step.model_construct(span=self.span(meta), modifiers=modifiers, keyword=parts[-1])
        return self.build(ast.Step, meta, modifiers=modifiers, keyword=parts[-1])

    @v_args(inline=True)
    def modifier(self, who: ast.Node) -> ast.Node:
        """`[L'adversaire a]` or `Tout le monde a`, brackets optional."""
        return who

    l_adversaire_a = _word(ast.LAdversaireA)
    tout_le_monde_a = _word(ast.ToutLeMondeA)

    corps_a_corps = _word(ast.CorpsACorps)
    distance = _keyword(ast.Distance)
    defausser = _keyword(ast.Defausser)
    si_possible_defausser = _keyword(ast.SiPossibleDefausser)
    blesser = _keyword(ast.Blesser)
    se_blesser = _keyword(ast.SeBlesser)
    bloquer = _keyword(ast.Bloquer)
    piocher = _keyword(ast.Piocher)
    pousser = _keyword(ast.Pousser)
    se_deplacer = _keyword(ast.SeDeplacer)
    rejouer = _word(ast.Rejouer)
    destabiliser = _word(ast.Destabiliser)
    stable = _keyword(ast.Stable)
    force = _keyword(ast.Force)
    protection = _keyword(ast.Protection)
    vitesse = _keyword(ast.Vitesse)
    charme = _keyword(ast.Charme)

    @v_args(inline=True, meta=True)
    def s_empecher(self, meta: Meta, *technique_types: ast.TechniqueType) -> ast.SEmpecher:
        """`S'Empêcher Déplacement`, `S'Empêcher Attaque ou Défense`."""
        return self.build(ast.SEmpecher, meta, label=self.text_of(meta), of=_distinct(technique_types))

    @v_args(inline=True, meta=True)
    def s_empecher_carte(self, meta: Meta, *technique_types: ast.TechniqueType) -> ast.SEmpecherCarte:
        """`S'Empêcher Carte`, `S'Empêcher Carte Rhétorique`, `S'Empêcher Carte Attaque ou Rhétorique`."""
        return self.build(ast.SEmpecherCarte, meta, label=self.text_of(meta), of=_distinct(technique_types))


def _distinct(technique_types: tuple[ast.TechniqueType, ...]) -> list[ast.TechniqueType]:
    """The types as written, each once ("Attaque ou Attaque" is "Attaque")."""
    return list(dict.fromkeys(technique_types))
