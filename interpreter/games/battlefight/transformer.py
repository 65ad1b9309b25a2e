"""From BattleFight parse trees to the AST: a technique, its steps and their modifiers.

The modifiers and keywords are constructs: each is read by its own `read` (see `ast.py`).
"""

from __future__ import annotations

from lark import Token, v_args
from lark.tree import Meta

from atout.interpreter.language.transform import UnitTransformer

from . import ast


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
