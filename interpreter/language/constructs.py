"""One place per construct: a keyword of a card language declared once.

A *construct* is an AST class that carries everything the language and the
interpreter need of it, side by side:

- **its grammar**: `grammar`, its Lark rule(s) in its game's words. The first
  rule is named after the construct's `kind`; further helper rules may
  follow (inlined `_rules` or terminals). The literals are folded as those
  of the grammar files are, so a rule writes "Défausser" and matches any
  case and accent.
- **where it may be written**: `slot`, the alternative list it is one of
  ("effect", "condition", "quantity", "zone"…). The game's grammar file uses
  `_<slot>` where such a construct may stand; the rule `_<slot>: a | b | …`
  is derived from the constructs declared for the slot (or, when the file
  still lists some alternatives itself, they are added to its rule with
  Lark's `%extend`).
- **its model**: the pydantic fields of the class, as for every node.
- **how it is read**: `read(t, meta, children)`, which builds the node from
  its parse tree (Lark calls it as the transformer method of the rule; `t`
  is the transformer, for spans, original spellings and `t.build`).
- **what it does**: its handler, a method whose name and arguments are its
  game's (`run` for an effect, `holds` for a condition, `value` for a
  quantity…); the game's interpreter calls it.
- **its text**: `write()`, the canonical card text, which the formatter,
  the gallery and the commentary print.

How bots value a card is not declared: they try it on a copy of the
position with the interpreter.

A game lists its constructs in its `GameLanguage.constructs`; the grammar
(`grammar_rules`), the transformer (`UnitTransformer.declare`) and the
checks of `tests/test_extension_points.py` are derived from that list, so a
construct with a missing part fails a test naming it, and adding one touches
one class (plus the line that lists it).

This is a grammar *derived from the models* in the way Ludii's class grammar
is, kept small: Lark stays the parser (its LALR tables, its errors with
expected words and the grammar files' comments are worth keeping), and a
construct gives its rule as Lark text rather than having one generated from
its field types, because a printed card's word order is not its fields'.
"""

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from lark import v_args
from lark.tree import Meta

from .nodes import Node

if TYPE_CHECKING:
    from .transform import UnitTransformer


class Construct(Node):
    """An AST class declared in one place: grammar, model, reading, handler and text."""

    #: Its Lark rule(s); the first rule's name is the construct's `kind`.
    grammar: ClassVar[str] = ""
    #: The alternative list (`_<slot>` in the grammar) it belongs to; None: it is named by another rule.
    slot: ClassVar[str | None] = None
    #: The name of its handler method (`run`, `holds`, `value`…), checked to be defined on the class.
    handler: ClassVar[str] = "run"

    @classmethod
    def rule(cls) -> str:
        """The name of the construct's grammar rule: its `kind`."""
        kind = cls.model_fields["kind"].default
        if not isinstance(kind, str):
            raise TypeError(f"{cls.__name__} has no kind")
        return kind

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> "Construct":
        """The node, from its rule's parse tree; every construct defines it."""
        raise NotImplementedError(f"{cls.__name__}.read")

    def write(self) -> str:
        """The construct as canonical card text; every construct defines it."""
        raise NotImplementedError(f"{type(self).__name__}.write")


def missing_parts(construct: type[Construct]) -> list[str]:
    """What a construct lacks of its one place: an empty list when it is whole."""
    missing = []
    rules = _rule_names(construct.grammar)
    if not rules:
        missing.append("grammar (its Lark rule)")
    elif rules[0] != construct.rule():
        missing.append(f"a first grammar rule named {construct.rule()!r} (found {rules[0]!r})")
    if "read" not in _defined(construct):
        missing.append("read (how it is built from its parse tree)")
    if "write" not in _defined(construct):
        missing.append("write (its card text)")
    if construct.handler not in _defined(construct):
        missing.append(f"{construct.handler} (its handler)")
    return missing


def _defined(construct: type) -> set[str]:
    """The names a construct's own classes define (itself and its bases below `Construct`)."""
    names: set[str] = set()
    for klass in construct.__mro__:
        if klass is Construct:
            break
        names.update(klass.__dict__)
    return names


_RULE = re.compile(r"^\s*([?!]?[a-z_][a-z0-9_]*)\s*(?:\.\s*-?\d+\s*)?:", re.MULTILINE)


def _rule_names(grammar: str) -> list[str]:
    return [name.lstrip("?!") for name in _RULE.findall(grammar)]


def grammar_rules(constructs: Iterable[type[Construct]], file_text: str) -> str:
    """The grammar text the constructs add to a grammar file: their rules, and each slot's alternatives."""
    constructs = list(constructs)
    parts = [construct.grammar.strip() for construct in constructs]
    slots: dict[str, list[str]] = {}
    for construct in constructs:
        if construct.slot is not None:
            slots.setdefault(construct.slot, []).append(construct.rule())
    defined = set(_rule_names(file_text))
    for slot, rules in slots.items():
        head = f"%extend _{slot}" if f"_{slot}" in defined else f"_{slot}"
        parts.append(f"{head}: {' | '.join(rules)}")
    return "\n".join(parts) + ("\n" if parts else "")


def bind(transformer: "UnitTransformer", constructs: Iterable[type[Construct]]) -> None:
    """Give the transformer a method per construct rule: the construct's `read`."""
    for construct in constructs:
        setattr(transformer, construct.rule(), _reader(transformer, construct))


def _reader(transformer: "UnitTransformer", construct: type[Construct]) -> Any:
    def read(meta: Meta, children: list[Any]) -> Construct:
        return construct.read(transformer, meta, children)

    read.__doc__ = f"Grammar rule {construct.rule()}: builds {construct.__name__} (see its `read`)."
    # what a reader calls, for a caller that calls it itself (`building.py`)
    read.construct = construct  # type: ignore[attr-defined]
    read.transformer = transformer  # type: ignore[attr-defined]
    return v_args(meta=True)(read)
