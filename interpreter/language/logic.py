"""Conditions and computed amounts: the structure every game's language shares.

Each game says them in its own words ("if your energy is at least 3",
"si tu as moins de sceaux que l'adversaire", "pour chaque sceau"), but what
they mean is the same, and is defined once here:

- a **quantity** is a construct of the game with a `value(*context) -> int`
  handler (a life total, a number of cards in a zone, a card's influence);
- an **amount** is a number where a card prints one: a `Number`, or computed,
  `ForEach` ("+1 for each seal": `per` times a quantity) or `AsManyAs` ("as
  many as …": the quantity itself);
- a **condition** has a `holds(*context) -> bool` handler: a `Compare` of two
  amounts, or `AllOf` / `AnyOf` / `Not` of conditions.

`context` is whatever the game's interpreter gives its handlers (the state,
the player of the card…); this module never looks into it. A game declares
its constructs by subclassing these with its `kind`, its grammar rule, its
`read` and its `write` (see `constructs.py`); the meaning stays here.

Every value is an integer and every evaluation is a finite walk of the card's
own text: a condition or an amount cannot loop.
"""

import operator
from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar

from lark.tree import Meta
from pydantic import Field, SerializeAsAny

from .constructs import Construct
from .nodes import Node

if TYPE_CHECKING:
    from .transform import UnitTransformer

#: The largest amount any computed amount gives: a card's text stays a card's (and a game stays finite).
MAX_AMOUNT = 99


class Comparison(str, Enum):
    """How two amounts are compared; each game prints them in its own words."""

    AT_LEAST = ">="
    AT_MOST = "<="
    MORE_THAN = ">"
    LESS_THAN = "<"
    EQUAL = "="
    NOT_EQUAL = "!="

    def test(self, left: int, right: int) -> bool:
        """Whether `left` compares to `right` in this way."""
        return _TESTS[self](left, right)


_TESTS: dict[Comparison, Callable[[int, int], bool]] = {
    Comparison.AT_LEAST: operator.ge,
    Comparison.AT_MOST: operator.le,
    Comparison.MORE_THAN: operator.gt,
    Comparison.LESS_THAN: operator.lt,
    Comparison.EQUAL: operator.eq,
    Comparison.NOT_EQUAL: operator.ne,
}


def value_of(amount: Any, *context: Any) -> int:
    """An amount's value: a plain int as written, a node by its `value` handler, within 0..MAX_AMOUNT for computed ones."""
    if isinstance(amount, int):
        return amount
    return int(amount.value(*context))


# ---------------------------------------------------------------------------
# Amounts
# ---------------------------------------------------------------------------


class Number(Construct):
    """A number as printed: `3`."""

    handler: ClassVar[str] = "value"
    n: int = Field(ge=0, le=MAX_AMOUNT)

    def value(self, *context: Any) -> int:
        """The number itself."""
        return self.n


class ForEach(Construct):
    """`+1 for each seal of the opponent`: `per` times a quantity (at most MAX_AMOUNT)."""

    handler: ClassVar[str] = "value"
    per: int = Field(ge=1, le=MAX_AMOUNT)
    quantity: SerializeAsAny[Node]

    def value(self, *context: Any) -> int:
        """`per` × the quantity's value."""
        return min(MAX_AMOUNT, self.per * max(0, value_of(self.quantity, *context)))


class AsManyAs(Construct):
    """`as many as the cards in your hand`: the quantity's value (at most MAX_AMOUNT)."""

    handler: ClassVar[str] = "value"
    quantity: SerializeAsAny[Node]

    def value(self, *context: Any) -> int:
        """The quantity's value."""
        return min(MAX_AMOUNT, max(0, value_of(self.quantity, *context)))


# ---------------------------------------------------------------------------
# Conditions
# ---------------------------------------------------------------------------


class Compare(Construct):
    """`your life is less than the opponent's life`: two amounts compared."""

    handler: ClassVar[str] = "holds"
    left: SerializeAsAny[Node]
    comparison: Comparison
    right: SerializeAsAny[Node] | int

    def holds(self, *context: Any) -> bool:
        """Whether the comparison is true now."""
        return self.comparison.test(value_of(self.left, *context), value_of(self.right, *context))


def _conditions(children: list[Any]) -> list[Node]:
    """The conditions among a rule's children (its words are tokens, left out)."""
    return [child for child in children if isinstance(child, Node)]


class AllOf(Construct):
    """`… and …`: every condition holds (each game gives its words: `grammar`, `kind`, `write`)."""

    handler: ClassVar[str] = "holds"
    conditions: list[SerializeAsAny[Node]] = Field(min_length=2)

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, conditions=_conditions(children))

    def holds(self, *context: Any) -> bool:
        """True when every condition holds (read left to right, stopping at the first false)."""
        return all(condition.holds(*context) for condition in self.conditions)  # type: ignore[attr-defined]


class AnyOf(Construct):
    """`… or …`: at least one condition holds (each game gives its words)."""

    handler: ClassVar[str] = "holds"
    conditions: list[SerializeAsAny[Node]] = Field(min_length=2)

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, conditions=_conditions(children))

    def holds(self, *context: Any) -> bool:
        """True when some condition holds (read left to right, stopping at the first true)."""
        return any(condition.holds(*context) for condition in self.conditions)  # type: ignore[attr-defined]


class Not(Construct):
    """`not …`: the condition does not hold (each game gives its words)."""

    handler: ClassVar[str] = "holds"
    condition: SerializeAsAny[Node]

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        (condition,) = _conditions(children)
        return t.build(cls, meta, condition=condition)

    def holds(self, *context: Any) -> bool:
        """True when the condition does not hold."""
        return not self.condition.holds(*context)  # type: ignore[attr-defined]
