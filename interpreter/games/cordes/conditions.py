"""Dans les Cordes's quantities, computed amounts and conditions, each a construct in one place.

What they mean is shared by every game (`language/logic.py`); here they get
Dans les Cordes's words:

- **quantities** (`value(state, player)`, "you" being `player`): `your
  life`, `the opponent's energy`, `the cards in your spittoon`, `the cards
  in the draw pile`, `the round`;
- **computed amounts**, printed after an effect: `-1 life to the opponent
  for each card in your spittoon` (the printed change once per card), `+life,
  as much as the cards in your hand` (the change is the quantity);
- **conditions**: `your energy is at least 3`, with `and`, `or` and `not`;
- **the conditional effect**: `if …: effects[; otherwise: effects]`, the
  effects of a branch joined by `and`.

Every value is read when the effect is reached, from the state as it is
then; a condition or an amount is a finite walk of the card's text.
"""

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from lark import Token
from lark.tree import Meta
from pydantic import Field, SerializeAsAny

from atout.interpreter.language import logic
from atout.interpreter.language.constructs import Construct
from atout.interpreter.language.nodes import Node

from .steps import may_decide, run_effects
from .words import Who

if TYPE_CHECKING:
    from atout.interpreter.language.transform import UnitTransformer

    from .state import CordesState


def words(children: Sequence[Any]) -> str:
    """The keywords among a rule's children (kept by a `!rule`), folded, joined by spaces."""
    return " ".join(str(child) for child in children if isinstance(child, Token))


def nodes(children: Sequence[Any]) -> list[Any]:
    """The nodes among a rule's children (what its sub-rules built)."""
    return [child for child in children if not isinstance(child, Token)]


def whose(player: int, who: Who) -> int:
    """The seat `who` names when "you" is `player`."""
    return player if who is Who.YOU else 1 - player


def _who(text: str) -> Who:
    return Who.OPPONENT if "opponent" in text else Who.YOU


def _possessive(who: Who) -> str:
    return "your" if who is Who.YOU else "the opponent's"


# ---------------------------------------------------------------------------
# Quantities
# ---------------------------------------------------------------------------


class LifeOf(Construct):
    """`your life`, `the opponent's life`: a boxer's life points."""

    grammar: ClassVar[str] = '!life_of: ("your" | "the" "opponent\'s") "life"'
    slot: ClassVar[str | None] = "quantity"
    handler: ClassVar[str] = "value"
    #: How "for each" counts it: `for each point of your life`.
    unit: ClassVar[str] = "point of "
    kind: Literal["life_of"] = "life_of"
    who: Who = Who.YOU

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, who=_who(words(children)))

    def value(self, state: "CordesState", player: int) -> int:
        """The boxer's life now."""
        return state.seats[whose(player, self.who)].life

    def write(self) -> str:
        return f"{_possessive(self.who)} life"


class EnergyOf(Construct):
    """`your energy`, `the opponent's energy`: a boxer's energy points."""

    grammar: ClassVar[str] = '!energy_of: ("your" | "the" "opponent\'s") "energy"'
    slot: ClassVar[str | None] = "quantity"
    handler: ClassVar[str] = "value"
    unit: ClassVar[str] = "point of "
    kind: Literal["energy_of"] = "energy_of"
    who: Who = Who.YOU

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta, who=_who(words(children)))

    def value(self, state: "CordesState", player: int) -> int:
        """The boxer's energy now."""
        return state.seats[whose(player, self.who)].energy

    def write(self) -> str:
        return f"{_possessive(self.who)} energy"


#: The zones a count or a move names, as printed (after "your" / "the opponent's" for a boxer's own).
ZONES = ("hand", "spittoon", "draw pile", "ring")


class CardsIn(Construct):
    """`the cards in your hand`, `the cards in the opponent's spittoon`, `the cards in the draw pile`.

    A count of the cards a zone holds now: a boxer's hand or spittoon (face
    down ones too), the draw pile (the GONG too, while it is in it), the
    ring (the cards played since the last GONG).
    """

    grammar: ClassVar[str] = '!cards_in: "the"? ("card" | "cards") "in" ("your" | "the" "opponent\'s") ("hand" | "spittoon")\n    | "the"? ("card" | "cards") "in" "the" ("draw" "pile" | "ring")'
    slot: ClassVar[str | None] = "quantity"
    handler: ClassVar[str] = "value"
    unit: ClassVar[str] = ""
    kind: Literal["cards_in"] = "cards_in"
    zone: Literal["hand", "spittoon", "draw pile", "ring"]
    who: Who = Who.YOU

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        text = words(children)
        zone = next(z for z in ZONES if text.endswith(z))
        return t.build(cls, meta, zone=zone, who=_who(text))

    def value(self, state: "CordesState", player: int) -> int:
        """How many cards the zone holds now."""
        if self.zone == "draw pile":
            return len(state.pile) + (state.gong_depth is not None)
        if self.zone == "ring":
            return len(state.ring)
        seat = state.seats[whose(player, self.who)]
        return len(seat.hand if self.zone == "hand" else seat.spittoon)

    def write(self) -> str:
        return f"the cards in {self.place()}"

    def place(self) -> str:
        """`your hand`, `the draw pile`."""
        if self.zone in ("draw pile", "ring"):
            return f"the {self.zone}"
        return f"{_possessive(self.who)} {self.zone}"


class RoundNumber(Construct):
    """`the round`: 1 in the first round, 2 after the first GONG, and so on."""

    grammar: ClassVar[str] = 'round_number: "the" "round"'
    slot: ClassVar[str | None] = "quantity"
    handler: ClassVar[str] = "value"
    unit: ClassVar[str] = ""
    kind: Literal["round_number"] = "round_number"

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta)

    def value(self, state: "CordesState", player: int) -> int:
        """The round being fought."""
        return state.gongs + 1

    def write(self) -> str:
        return "the round"


# ---------------------------------------------------------------------------
# Computed amounts
# ---------------------------------------------------------------------------


class ForEach(logic.ForEach):
    """`for each card in your spittoon`, after an effect: the printed change, once per card (or point).

    `-1 life to the opponent for each card in your spittoon` takes as many
    life points as the spittoon holds cards; `-2 …` twice as many. The amount
    is at most `MAX_AMOUNT` (99).
    """

    grammar: ClassVar[str] = 'for_each: "for" "each" ("point" "of")? _quantity'
    kind: Literal["for_each"] = "for_each"
    per: int = Field(default=1, ge=1, le=logic.MAX_AMOUNT)

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        (quantity,) = nodes(children)
        return t.build(cls, meta, quantity=quantity)

    def write(self) -> str:
        quantity: Any = self.quantity
        if isinstance(quantity, CardsIn):
            return f"for each card in {quantity.place()}"
        if quantity.kind == "tokens_on":  # counters.py: `for each bleed token on the opponent`
            return f"for each {quantity.name} token {quantity.place()}"
        return f"for each {getattr(quantity, 'unit', '')}{quantity.write()}"


class AsManyAs(logic.AsManyAs):
    """`as much as your energy`, `as many as the cards in your hand`: the change is the quantity itself.

    Printed after a sign and the effect's word, with no number: `+life, as
    much as the cards in your hand`. At most `MAX_AMOUNT` (99).
    """

    grammar: ClassVar[str] = 'as_many_as: "as" ("many" | "much") "as" _quantity'
    kind: Literal["as_many_as"] = "as_many_as"

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        (quantity,) = nodes(children)
        return t.build(cls, meta, quantity=quantity)

    def write(self) -> str:
        many = "much" if isinstance(self.quantity, (LifeOf, EnergyOf)) else "many"
        return f"as {many} as {self.quantity.write()}"  # type: ignore[attr-defined]


def magnitude(printed: int, amount: Any, state: "CordesState", player: int) -> int:
    """The size of an effect's change: as printed, or computed (`printed` × the quantity for "for each")."""
    if amount is None:
        return abs(printed)
    value = logic.value_of(amount, state, player)
    if isinstance(amount, ForEach):
        return min(logic.MAX_AMOUNT, abs(printed) * value)
    return value


# ---------------------------------------------------------------------------
# Conditions
# ---------------------------------------------------------------------------

#: The words of a comparison, as printed after "is" (nothing: equal).
COMPARISONS: dict[str, logic.Comparison] = {
    "at least": logic.Comparison.AT_LEAST,
    "at most": logic.Comparison.AT_MOST,
    "more than": logic.Comparison.MORE_THAN,
    "less than": logic.Comparison.LESS_THAN,
    "not": logic.Comparison.NOT_EQUAL,
    "": logic.Comparison.EQUAL,
}
_COMPARISON_WORDS = {comparison: text for text, comparison in COMPARISONS.items()}


class Compare(logic.Compare):
    """`your energy is at least 3`, `your life is less than the opponent's life`, `the round is 3`.

    A quantity compared with a number or another quantity: `is at least`,
    `is at most`, `is more than`, `is less than`, `is` (equal), `is not`
    (different); "are" may stand for "is".
    """

    grammar: ClassVar[str] = '!compare: _quantity ("is" | "are") ("at" "least" | "at" "most" | "more" "than" | "less" "than" | "not")? (INT | _quantity)'
    slot: ClassVar[str | None] = "condition"
    kind: Literal["compare"] = "compare"

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        left = children[0]
        last = children[-1]
        between = " ".join(str(c) for c in children[1:-1] if isinstance(c, Token))
        comparison = COMPARISONS[between.split(" ", 1)[1] if " " in between else ""]
        if isinstance(last, Token):
            right: Any = int(last)
            if right > logic.MAX_AMOUNT:
                t.report("E200", f"{last}: a number in a condition is at most {logic.MAX_AMOUNT}", t.span(last))
        else:
            right = last
        return t.build(cls, meta, left=left, comparison=comparison, right=right)

    def write(self) -> str:
        right = str(self.right) if isinstance(self.right, int) else self.right.write()  # type: ignore[attr-defined]
        word = _COMPARISON_WORDS[self.comparison]
        verb = "are" if isinstance(self.left, CardsIn) or getattr(self.left, "kind", "") == "tokens_on" else "is"
        return f"{self.left.write()} {verb} {word + ' ' if word else ''}{right}"  # type: ignore[attr-defined]


#: What a boxer has, as `Has` names it.
_HAS_WHAT = ("life", "energy", "cards")


class Has(Construct):
    """`you have less life than the opponent`, `the opponent has at least 3 cards`: a boxer's markers or hand.

    Compares `who`'s life, energy or cards in hand with the other boxer's
    (`more … than`, `less … than`, `fewer cards than`) or with a number
    (`at least 3 energy`, `at most 1 card`, `2 life`: equal).
    """

    grammar: ClassVar[str] = (
        '!has: ("you" "have" | "the" "opponent" "has") ("more" | "less" | "fewer") ("life" | "energy" | "cards") "than" ("you" | "the" "opponent")\n'
        '    | ("you" "have" | "the" "opponent" "has") ("at" "least" | "at" "most")? INT ("life" | "energy" | "card" | "cards")'
    )
    slot: ClassVar[str | None] = "condition"
    handler: ClassVar[str] = "holds"
    kind: Literal["has"] = "has"
    who: Who = Who.YOU
    what: Literal["life", "energy", "cards"]
    comparison: logic.Comparison
    #: The other boxer compared with, or None: the number `n`.
    than: Who | None = None
    n: int = Field(default=0, ge=0, le=logic.MAX_AMOUNT)

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        text = words(children)
        who = Who.YOU if text.startswith("you") else Who.OPPONENT
        what = next(w for w in _HAS_WHAT if f" {w}" in f" {text} " or (w == "cards" and " card" in text))
        number = next((c for c in children if isinstance(c, Token) and c.type == "INT"), None)
        if number is None:
            comparison = logic.Comparison.MORE_THAN if " more " in text else logic.Comparison.LESS_THAN
            than = Who.YOU if text.endswith(" you") else Who.OPPONENT
            return t.build(cls, meta, who=who, what=what, comparison=comparison, than=than)
        comparison = COMPARISONS["at least" if "at least" in text else "at most" if "at most" in text else ""]
        return t.build(cls, meta, {"n": number}, who=who, what=what, comparison=comparison, n=int(number))

    def _value(self, state: "CordesState", seat: int) -> int:
        boxer = state.seats[seat]
        return boxer.life if self.what == "life" else boxer.energy if self.what == "energy" else len(boxer.hand)

    def holds(self, state: "CordesState", player: int) -> bool:
        """Whether the comparison is true now."""
        mine = self._value(state, whose(player, self.who))
        other = self.n if self.than is None else self._value(state, whose(player, self.than))
        return self.comparison.test(mine, other)

    def write(self) -> str:
        subject = "you have" if self.who is Who.YOU else "the opponent has"
        if self.than is not None:
            more = "more" if self.comparison is logic.Comparison.MORE_THAN else "fewer" if self.what == "cards" else "less"
            than = "you" if self.than is Who.YOU else "the opponent"
            return f"{subject} {more} {self.what} than {than}"
        word = _COMPARISON_WORDS[self.comparison]
        noun = "card" if self.what == "cards" and self.n == 1 else self.what
        return f"{subject} {word + ' ' if word else ''}{self.n} {noun}"


class AllOf(logic.AllOf):
    """`… and …`: every condition holds."""

    grammar: ClassVar[str] = 'all_of: _single_condition ("and" _single_condition)+'
    kind: Literal["all_of"] = "all_of"

    def write(self) -> str:
        return " and ".join(c.write() for c in self.conditions)  # type: ignore[attr-defined]


class AnyOf(logic.AnyOf):
    """`… or …`: at least one condition holds (`and` binds first: `a and b or c` is `(a and b) or c`)."""

    grammar: ClassVar[str] = 'any_of: _conjunction ("or" _conjunction)+'
    kind: Literal["any_of"] = "any_of"

    def write(self) -> str:
        return " or ".join(c.write() for c in self.conditions)  # type: ignore[attr-defined]


class Not(logic.Not):
    """`not …`: the condition that follows does not hold (`not` binds to one comparison)."""

    grammar: ClassVar[str] = 'not_: "not" _single_condition'
    kind: Literal["not_"] = "not_"

    def write(self) -> str:
        return f"not {self.condition.write()}"  # type: ignore[attr-defined]


#: How conditions combine: `or` of `and`s of single conditions (a comparison, or `not` one).
CONDITION_GRAMMAR = """
_any_condition: any_of | _conjunction
_conjunction: all_of | _single_condition
_single_condition: _condition | not_
"""


class Conditional(Construct):
    """`if your energy is at least 3: -2 life to the opponent; otherwise: +1 energy`.

    When the effect is reached, the condition is read: if it holds, the
    effects after the colon apply, in order; if not, those after
    `otherwise:` (if any). A branch's effects are joined by `and` (`-1 life
    to the opponent and +1 energy`); a branch holds no further `if`.
    `otherwise` follows the branch after ";" or on the next line.
    """

    grammar: ClassVar[str] = (
        'conditional: "if" _any_condition ":" _branch (OTHERWISE ":" _branch)?\n'
        '_branch: _action ("and" _action)*\n'
        "OTHERWISE.2: /[ ]*(;|(#[^\\n]*)?\\n)([ ]*(#[^\\n]*)?\\n)*[ ]*otherwise/\n" + CONDITION_GRAMMAR
    )
    slot: ClassVar[str | None] = "effect"
    kind: Literal["conditional"] = "conditional"
    condition: SerializeAsAny[Node]
    then: list[SerializeAsAny[Node]] = Field(min_length=1)
    otherwise: list[SerializeAsAny[Node]] = []

    @classmethod
    def read(cls, t: "UnitTransformer", meta: Meta, children: list[Any]) -> Construct:
        condition, *effects = children
        split = next((i for i, c in enumerate(effects) if isinstance(c, Token)), len(effects))
        return t.build(cls, meta, condition=condition, then=effects[:split], otherwise=effects[split + 1 :])

    def run(self, state: "CordesState", player: int) -> None:
        """Read the condition now; run the branch it picks."""
        holds = bool(self.condition.holds(state, player))  # type: ignore[attr-defined]
        state.emit("condition", player=player, condition=self.condition.write(), holds=holds)  # type: ignore[attr-defined]
        branch = self.then if holds else self.otherwise
        if branch:
            run_effects(state, branch, player)

    def may_decide(self) -> bool:
        """True when a branch may pose a decision (what follows the effect waits for it)."""
        return may_decide(self.then) or may_decide(self.otherwise)

    def write(self) -> str:
        """The condition and its branches, each effect written by itself (effects are constructs)."""
        text = f"if {self.condition.write()}: " + " and ".join(e.write() for e in self.then)  # type: ignore[attr-defined]
        if self.otherwise:
            text += "; otherwise: " + " and ".join(e.write() for e in self.otherwise)  # type: ignore[attr-defined]
        return text


CONSTRUCTS: tuple[type[Construct], ...] = (
    LifeOf,
    EnergyOf,
    CardsIn,
    RoundNumber,
    ForEach,
    AsManyAs,
    Compare,
    Has,
    AllOf,
    AnyOf,
    Not,
    Conditional,
)
