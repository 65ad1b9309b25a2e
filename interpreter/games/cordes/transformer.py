"""From Dans les Cordes parse trees to the AST: one method per grammar rule."""

from __future__ import annotations

from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from atout.interpreter.language.transform import UnitTransformer

from . import ast

#: The characters around a name in quotation marks, as typed or printed.
_QUOTES = '"«»“” \u00a0\u202f'


def _split_head(parts: tuple[Any, ...]) -> tuple[Token, list[Token], list[Any]]:
    """A card's children: its title, the numbers of its type line, the rest."""
    title = parts[0]
    numbers = [p for p in parts[1:] if isinstance(p, Token)]
    rest = [p for p in parts[1:] if not isinstance(p, Token)]
    return title, numbers, rest


def _word(value: Any):
    """The handler of a rule of fixed words that stands for an enum value: `to you`."""

    def handler(self: CordesTransformer, children: list) -> Any:
        return value

    handler.__doc__ = f"Stands for `{value!r}`."
    return handler


def _properties(rest: list[Any]) -> tuple[list[Any], list[Any]]:
    """A card's property lines (at the start of its text), and what follows them."""
    count = 0
    while count < len(rest) and getattr(type(rest[count]), "slot", None) == "property":
        count += 1
    return rest[:count], rest[count:]


def _with(**fields: list[Any]) -> dict[str, list[Any]]:
    """The list fields that are not empty (an empty one is the default, left out as before)."""
    return {name: value for name, value in fields.items() if value}


class CordesTransformer(UnitTransformer):
    """Builds card nodes from the trees of `grammar/cordes.lark`."""

    # -- cards ------------------------------------------------------------

    def _card(self, model: type[ast.Node], meta: Meta, parts: tuple[Any, ...], has_cost: bool, **fields: Any) -> Any:
        """Build a card of `model` from its title, type line and `fields`."""
        title, numbers, _ = _split_head(parts)
        places: dict[str, Token] = {"name": title}
        values: dict[str, Any] = {"name": self.original(title).strip().strip("=").strip()}
        if has_cost:
            cost, *copies = numbers
            places["cost"] = cost
            values["cost"] = int(cost)
        else:
            copies = numbers
        if copies:
            places["copies"] = copies[0]
            values["copies"] = int(copies[0])
        return self.build(model, meta, places, **values, **fields)

    @v_args(inline=True, meta=True)
    def attack(self, meta: Meta, *parts: Any) -> ast.Attack:
        """`== Jab ==`, `ATTACK · cost 1 · 6 copies`, its properties, its effects."""
        _, _, rest = _split_head(parts)
        properties, effects = _properties(rest)
        return self._card(ast.Attack, meta, parts, True, **_with(properties=properties), effects=effects)

    @v_args(inline=True, meta=True)
    def defense(self, meta: Meta, *parts: Any) -> ast.Defense:
        """`DEFENSE · cost 0`, `Against an attack you lose 1 life`, then effects."""
        _, _, (against, outcome, *effects) = _split_head(parts)
        return self._card(ast.Defense, meta, parts, True, against=against, outcome=outcome, effects=effects)

    @v_args(inline=True, meta=True)
    def riposte(self, meta: Meta, *parts: Any) -> ast.Riposte:
        """`RIPOSTE · cost 2`, `Against an attack …: counter-blow`, `As an attack: …`."""
        _, _, rest = _split_head(parts)
        properties, (against, *counter, as_an_attack) = _properties(rest)
        return self._card(ast.Riposte, meta, parts, True, **_with(properties=properties), against=against, counter=counter, as_an_attack=as_an_attack)

    @v_args(inline=True, meta=True)
    def recovery(self, meta: Meta, *parts: Any) -> ast.Recovery:
        """`RECOVERY · cost 0 · 5 copies`, its effects."""
        _, _, effects = _split_head(parts)
        return self._card(ast.Recovery, meta, parts, True, effects=effects)

    @v_args(inline=True, meta=True)
    def character(self, meta: Meta, *parts: Any) -> ast.Character:
        """`== Karpentier ==`, `CHARACTER`, its powers one per line."""
        _, _, powers = _split_head(parts)
        return self._card(ast.Character, meta, parts, False, **_with(powers=powers))

    @v_args(inline=True, meta=True)
    def gong(self, meta: Meta, *parts: Any) -> ast.Gong:
        """`== GONG ==`, `GONG`."""
        return self._card(ast.Gong, meta, parts, False)

    # -- the words the effects share (the effects are constructs: effects.py) --

    to_you = _word(ast.Who.YOU)
    to_the_opponent = _word(ast.Who.OPPONENT)
    their_choice = _word(ast.ChosenBy.THEIR_CHOICE)
    your_choice = _word(ast.ChosenBy.YOUR_CHOICE)
    at_random = _word(ast.ChosenBy.AT_RANDOM)
    face_down = _word(ast.Placement.FACE_DOWN)
    spat = _word(ast.Placement.SPAT)

    # -- defenses and ripostes ---------------------------------------------

    @v_args(inline=True, meta=True)
    def against(self, meta: Meta, *names: ast.AttackName) -> ast.Against:
        """`Against an attack of type "Crochet" or "Uppercut"`."""
        return self.build(ast.Against, meta, names=list(names))

    @v_args(inline=True, meta=True)
    def attack_name(self, meta: Meta, name: Token) -> ast.AttackName:
        """`"Crochet"`, `« Crochet »`: the name without its quotation marks."""
        return self.build(ast.AttackName, meta, {"name": name}, name=self.original(name).strip(_QUOTES))

    @v_args(inline=True, meta=True)
    def as_an_attack(self, meta: Meta, *effects: Any) -> ast.AsAnAttack:
        """`As an attack: -1 life to the opponent`."""
        return self.build(ast.AsAnAttack, meta, effects=list(effects))
