"""BattleFight's conditions and the step "Si … : …, sinon : …", each a construct declared in one place.

A condition is tested from the point of view of the technique's owner
(`holds(state, me, them)`); its meaning is the shared one of
`language/logic.py`, its words are BattleFight's:

    ta vie est d'au plus 8                       (a quantity against a number)
    la distance n'est pas de 1                   (the same, negated)
    tu as moins de cartes en main que l'adversaire
    … et …, … ou …                               ("et" binds first)

`Si` runs a block of steps (joined by "puis") when its condition holds, and
the block after "sinon" otherwise; the technique then goes on with its next
step. Unlike `Corps à Corps` or `Distance`, a "Si" never stops the technique.
"""

from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

from lark import Token
from lark.tree import Meta
from pydantic import Field

from atout.interpreter.engine import counters
from atout.interpreter.language import logic
from atout.interpreter.language.constructs import Construct

from .blocks import MAX_BLOCK, write_block
from .quantities import AnyQuantity, Cartes, Degats, Quantity, TokenOwner, Vie, Whose, read_jetons

if TYPE_CHECKING:
    from .ast import Step

#: The word that says which comparison with a number is written (its terminal), and its meaning.
_COMPARISONS = {
    "MOINS": logic.Comparison.AT_LEAST,  # d'au moins
    "PLUS": logic.Comparison.AT_MOST,  # d'au plus
    "SUPERIEUR": logic.Comparison.MORE_THAN,
    "SUPERIEURE": logic.Comparison.MORE_THAN,
    "INFERIEUR": logic.Comparison.LESS_THAN,
    "INFERIEURE": logic.Comparison.LESS_THAN,
    "DE": logic.Comparison.EQUAL,
}


def _comparison_text(comparison: logic.Comparison, quantity: Quantity) -> str:
    """The printed words of a comparison with a number, agreeing with the quantity."""
    e = "e" if quantity.feminine else ""
    return {
        logic.Comparison.AT_LEAST: "d'au moins",
        logic.Comparison.AT_MOST: "d'au plus",
        logic.Comparison.MORE_THAN: f"supérieur{e} à",
        logic.Comparison.LESS_THAN: f"inférieur{e} à",
        logic.Comparison.EQUAL: "de",
    }[comparison]


def _read_comparison(token: Token) -> logic.Comparison:
    return _COMPARISONS[token.type]


class Comparer(logic.Compare):
    """`ta vie est d'au plus 8`: a quantity compared with a number."""

    grammar: ClassVar[str] = 'comparer: _quantity ("est" | "sont") _comparaison INT'
    slot: ClassVar[str | None] = "test"
    kind: Literal["comparer"] = "comparer"
    left: AnyQuantity  # type: ignore[assignment]
    right: Annotated[int, Field(ge=0, le=logic.MAX_AMOUNT)]  # type: ignore[assignment]

    @classmethod
    def read(cls, t: Any, meta: Meta, children: list[Any]) -> Construct:
        quantity, comparison, number = children
        return t.build(
            cls,
            meta,
            {"right": number},
            label=t.text_of(meta),
            left=quantity,
            comparison=_read_comparison(comparison),
            right=int(number),
        )

    def write(self) -> str:
        verb = "sont" if self.left.plural else "est"
        return f"{self.left.write()} {verb} {_comparison_text(self.comparison, self.left)} {self.right}"


class NEstPas(logic.Not):
    """`la distance n'est pas de 1`: a comparison that does not hold."""

    grammar: ClassVar[str] = """n_est_pas: _quantity ("n'est" | "ne" "sont") "pas" _comparaison INT"""
    slot: ClassVar[str | None] = "test"
    kind: Literal["n_est_pas"] = "n_est_pas"
    condition: Comparer  # type: ignore[assignment]

    @classmethod
    def read(cls, t: Any, meta: Meta, children: list[Any]) -> Construct:
        quantity, comparison, number = children
        compared = t.build(
            Comparer,
            meta,
            {"right": number},
            label=t.text_of(meta),
            left=quantity,
            comparison=_read_comparison(comparison),
            right=int(number),
        )
        return t.build(cls, meta, condition=compared)

    def write(self) -> str:
        compared = self.condition
        verb = "ne sont" if compared.left.plural else "n'est"
        return f"{compared.left.write()} {verb} pas {_comparison_text(compared.comparison, compared.left)} {compared.right}"


#: `tu as moins de …`: the word (its terminal) and the comparison of the player's quantity with the opponent's.
_VERSUS = {"MOINS": logic.Comparison.LESS_THAN, "PLUS": logic.Comparison.MORE_THAN, "AUTANT": logic.Comparison.EQUAL}


class TuAs(logic.Compare):
    """`tu as moins de vie que l'adversaire`: the same quantity, the player's against the opponent's."""

    grammar: ClassVar[str] = """
tu_as: "tu" "as" (MOINS | PLUS | AUTANT) "de" tu_as_ressource "que" "l'adversaire"
tu_as_ressource: "vie" -> vie
               | "cartes" "en" _zone_name -> cartes
               | "points" "de" "dégâts" -> degats
"""
    slot: ClassVar[str | None] = "test"
    kind: Literal["tu_as"] = "tu_as"
    left: AnyQuantity  # type: ignore[assignment]
    right: AnyQuantity  # type: ignore[assignment]

    @classmethod
    def read(cls, t: Any, meta: Meta, children: list[Any]) -> Construct:
        word, quantity = children
        mine = quantity.model_copy(update={"whose": Whose.TOI})
        theirs = quantity.model_copy(update={"whose": Whose.ADVERSAIRE})
        return t.build(cls, meta, left=mine, comparison=_VERSUS[word.type], right=theirs)

    def write(self) -> str:
        word = {v: k.lower() for k, v in _VERSUS.items()}[self.comparison]
        what = self.left
        if isinstance(what, Vie):
            thing = "vie"
        elif isinstance(what, Cartes):
            thing = f"cartes en {what.zone.value}"
        elif isinstance(what, Degats):
            thing = "points de dégâts"
        else:  # pragma: no cover - the grammar reads no other
            raise ValueError(f"no words for {what!r}")
        return f"tu as {word} de {thing} que l'adversaire"


#: `au moins` / `au plus` before the number of `tu as … jetons` (none: exactly).
_AU = {"MOINS": logic.Comparison.AT_LEAST, "PLUS": logic.Comparison.AT_MOST}


class TuAsJetons(TokenOwner, counters.HasCounters):
    """`tu as au moins 2 jetons Charge`, `l'adversaire a 1 jeton Saignement`, `cette technique a …`: tokens against a number.

    `au moins`, `au plus`, or nothing (exactly).
    """

    grammar: ClassVar[str] = (
        'tu_as_jetons: ("tu" "as" | L_ADVERSAIRE_A | CETTE_TECHNIQUE_A) ("au" (MOINS | PLUS))? INT ("jeton" | "jetons") JETON__LINE_TEXT\n'
        "L_ADVERSAIRE_A: /l'adversaire +a/\n"
        "CETTE_TECHNIQUE_A: /cette +technique +a/"
    )
    slot: ClassVar[str | None] = "test"
    kind: Literal["tu_as_jetons"] = "tu_as_jetons"
    whose: Whose = Whose.TOI
    #: True: the tokens on the technique that holds this step (`cette technique a …`).
    technique: bool = False

    @classmethod
    def read(cls, t: Any, meta: Meta, children: list[Any]) -> Construct:
        tokens = [c for c in children if isinstance(c, Token)]
        number = next(c for c in tokens if c.type == "INT")
        word = next((c.type for c in tokens if c.type in _AU), None)
        comparison = _AU[word] if word else logic.Comparison.EQUAL
        return t.build(cls, meta, {"n": number}, label=t.text_of(meta), comparison=comparison, n=int(number), **read_jetons(t, children))

    def write(self) -> str:
        subject = self.whose_text("tu as", "cette technique a", "l'adversaire a")
        au = {v: f"au {k.lower()} " for k, v in _AU.items()}.get(self.comparison, "")
        return f"{subject} {au}{self.n} {'jeton' if self.n == 1 else 'jetons'} {self.name}"


Test = Annotated[Comparer | NEstPas | TuAs | TuAsJetons, Field(discriminator="kind")]


class Et(logic.AllOf):
    """`… et …`: every comparison holds."""

    grammar: ClassVar[str] = 'et: _test ("et" _test)+'
    kind: Literal["et"] = "et"
    conditions: list[Test] = Field(min_length=2, max_length=8)  # type: ignore[assignment]

    def write(self) -> str:
        return " et ".join(condition.write() for condition in self.conditions)


class Ou(logic.AnyOf):
    """`… ou …`: one of the conditions holds (each is a comparison or an "et" of them)."""

    grammar: ClassVar[str] = 'ou: _conjunction ("ou" _conjunction)+'
    kind: Literal["ou"] = "ou"
    conditions: list[Annotated[Comparer | NEstPas | TuAs | TuAsJetons | Et, Field(discriminator="kind")]] = Field(  # type: ignore[assignment]
        min_length=2, max_length=8
    )

    def write(self) -> str:
        return " ou ".join(condition.write() for condition in self.conditions)


Condition = Annotated[Comparer | NEstPas | TuAs | TuAsJetons | Et | Ou, Field(discriminator="kind")]


class Si(Construct):
    """`Si ta vie est d'au plus 8 : Bloquer 3 puis Piocher 1, sinon : Blesser 2`.

    When the condition holds (for the technique's owner), the block `alors`
    runs, else the block `sinon` (if any); then the technique goes on.
    """

    grammar: ClassVar[str] = 'si: "Si" _condition ":" _block ("," SINON ":"? _block)?\nSINON: "sinon"'
    slot: ClassVar[str | None] = "compound"
    kind: Literal["si"] = "si"
    condition: Condition
    alors: "list[Step]" = Field(min_length=1, max_length=MAX_BLOCK)
    sinon: "list[Step]" = Field(default=[], max_length=MAX_BLOCK)

    @classmethod
    def read(cls, t: Any, meta: Meta, children: list[Any]) -> Construct:
        condition, *steps = children
        words = [isinstance(step, Token) for step in steps]  # the word "sinon" parts the blocks
        start = words.index(True) if True in words else len(steps)
        return t.build(cls, meta, condition=condition, alors=steps[:start], sinon=steps[start + 1 :])

    def run(self, state: Any, frame: Any, me: int, them: int) -> str:
        """Queue the block the condition chooses; the technique's next step waits for it."""
        holds = self.condition.holds(state, me, them)
        block = self.alors if holds else self.sinon
        state.emit("test", player=me, ok=holds, steps=len(block))
        frame.inner = list(block)
        return "next"

    def write(self) -> str:
        text = f"Si {self.condition.write()} : {write_block(self.alors)}"
        return text + (f", sinon : {write_block(self.sinon)}" if self.sinon else "")


CONSTRUCTS = (Comparer, NEstPas, TuAs, TuAsJetons, Et, Ou, Si)
