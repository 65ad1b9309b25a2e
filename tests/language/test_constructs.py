"""Constructs declared in one place: their rule joins the grammar, their `read` the transformer.

A small card language is made here on the tiny game's lines: a card has a
value and powers, each power a construct with its own grammar, reading,
handler and text. Nothing else is written for a power to be read, checked,
run and written back.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

import pytest
from lark import Token
from lark.tree import Meta

from atout.interpreter.language.constructs import Construct, grammar_rules, missing_parts
from atout.interpreter.language.game import FileKind, GameLanguage
from atout.interpreter.language.loader import read_document
from atout.interpreter.language.nodes import Node
from atout.interpreter.language.transform import UnitTransformer


class Boost(Construct):
    """`Boost 2`: the card's value is raised by 2."""

    grammar: ClassVar[str] = 'boost: "Boost" INT'
    slot: ClassVar[str | None] = "power"
    kind: Literal["boost"] = "boost"
    by: int

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        (amount,) = children
        return t.build(cls, meta, {"by": amount}, by=int(amount))

    def run(self, value: int) -> int:
        return value + self.by

    def write(self) -> str:
        return f"Boost {self.by}"


class Défi(Construct):
    """`Défi`: the card's value is doubled (an accented keyword, matched whatever its accents)."""

    grammar: ClassVar[str] = 'defi: "Défi"'
    slot: ClassVar[str | None] = "power"
    kind: Literal["defi"] = "defi"

    @classmethod
    def read(cls, t: UnitTransformer, meta: Meta, children: list[Any]) -> Construct:
        return t.build(cls, meta)

    def run(self, value: int) -> int:
        return value * 2

    def write(self) -> str:
        return "Défi"


class PowerCard(Node):
    kind: Literal["card"] = "card"
    name: str
    value: int
    powers: list[Node]


class PowerTransformer(UnitTransformer):
    def card(self, children: list[Any]) -> PowerCard:
        title, value, *powers = children
        assert isinstance(title, Token)
        return PowerCard(name=self.original(title).strip("= \n"), value=int(value), powers=powers)


GRAMMAR = """
%import core (CARD_TITLE, INT, SPACES, _NL, param)
%ignore SPACES
card: CARD_TITLE _NL "Value" INT _NL (_power _NL)*
"""


@pytest.fixture()
def language(tmp_path):
    path = tmp_path / "powers.lark"
    path.write_text(GRAMMAR, encoding="utf-8")
    return GameLanguage(
        name="powers",
        title="Powers",
        header_names=("Powers",),
        grammar=str(path),
        kinds=(FileKind("cards", ("cards",), "card", "card"),),
        transformer=PowerTransformer,
        rules_model=PowerCard,
        constructs=(Boost, Défi),
    )


def test_a_slot_is_derived_from_its_constructs():
    assert grammar_rules([Boost, Défi], GRAMMAR).splitlines()[-1] == "_power: boost | defi"
    # a grammar file that lists alternatives of its own keeps them: the constructs extend its rule
    assert grammar_rules([Boost], "_power: other\n").splitlines()[-1] == "%extend _power: boost"


def test_constructs_are_read_run_and_written_back(language):
    text = "Powers : cards\n== Seven ==\nValue 7\nboost 2\nDEFI\n"
    document = read_document("seven.atout", text, {"powers": language})
    assert document.diagnostics == []
    (card,) = document.node.cards
    assert card.powers == [Boost(by=2), Défi()]
    assert str(card.powers[0].span) == "seven.atout:4:1"
    value = card.value
    for power in card.powers:
        value = power.run(value)
    assert value == 18
    assert [power.write() for power in card.powers] == ["Boost 2", "Défi"]


def test_an_unknown_power_names_the_constructs_keywords(language):
    document = read_document("seven.atout", "Powers : cards\n== Seven ==\nValue 7\nBoots 2\n", {"powers": language})
    (problem,) = document.diagnostics
    assert (problem.code, problem.line, problem.column) == ("E111", 4, 1)
    assert "Boost" in problem.message and "Défi" in problem.message
    assert problem.suggestion == "Boost"


def test_a_construct_missing_a_part_is_named():
    class Half(Construct):
        grammar: ClassVar[str] = 'halve: "Half"'
        kind: Literal["half"] = "half"

    assert missing_parts(Boost) == []
    assert missing_parts(Half) == [
        "a first grammar rule named 'half' (found 'halve')",
        "read (how it is built from its parse tree)",
        "write (its card text)",
        "run (its handler)",
    ]


def test_conditions_and_amounts_mean_the_same_in_every_game():
    from atout.interpreter.language import logic

    class Seals(Construct):
        handler: ClassVar[str] = "value"
        kind: Literal["seals"] = "seals"

        def value(self, seals: dict[str, int]) -> int:
            return seals["mine"]

    seals = Seals()
    three = logic.Number(n=3)
    at_least_three = logic.Compare(left=seals, comparison=logic.Comparison.AT_LEAST, right=three)
    assert at_least_three.holds({"mine": 3}) and not at_least_three.holds({"mine": 2})
    fewer_than_one = logic.Compare(left=seals, comparison=logic.Comparison.LESS_THAN, right=1)
    either = logic.AnyOf(conditions=[at_least_three, fewer_than_one])
    assert [either.holds({"mine": n}) for n in range(5)] == [True, False, False, True, True]
    assert logic.Not(condition=either).holds({"mine": 1})
    assert not logic.AllOf(conditions=[at_least_three, fewer_than_one]).holds({"mine": 3})
    assert logic.ForEach(per=2, quantity=seals).value({"mine": 4}) == 8
    assert logic.ForEach(per=50, quantity=seals).value({"mine": 4}) == logic.MAX_AMOUNT
    assert logic.AsManyAs(quantity=seals).value({"mine": -1}) == 0
