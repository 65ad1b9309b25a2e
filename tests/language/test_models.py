"""A game's AST models are built from the leaves up when its language is first used (`language/models.py`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from atout.interpreter.games import LANGUAGES
from atout.interpreter.language import loader
from atout.interpreter.language.models import build_bottom_up, models_of, package_of
from atout.interpreter.language.nodes import Node


def test_a_model_and_those_it_holds_are_built_once_leaves_first():
    class Leaf(Node):
        kind: Literal["leaf"] = "leaf"
        n: int = Field(ge=0)

    class Middle(Node):
        kind: Literal["middle"] = "middle"
        leaves: list[Annotated[Leaf, "a note"]]
        again: Middle | None = None  # a model that holds itself

    class Parent(Node):
        kind: Literal["parent"] = "parent"
        middle: Middle | None = None

    assert not Leaf.__pydantic_complete__ and not Middle.__pydantic_complete__ and not Parent.__pydantic_complete__
    build_bottom_up([Parent])
    assert Leaf.__pydantic_complete__ and Middle.__pydantic_complete__ and Parent.__pydantic_complete__
    assert Parent(middle=Middle(leaves=[Leaf(n=1)], again=Middle(leaves=[]))).middle == Middle(leaves=[Leaf(n=1)], again=Middle(leaves=[]))
    build_bottom_up([Parent, Leaf])  # built already: nothing to do


def test_the_models_of_a_package_are_its_nodes():
    battlefight = LANGUAGES["battlefight"]
    package = package_of(battlefight.transformer)
    assert package == "atout.interpreter.games.battlefight"
    found = models_of(package)
    assert set(battlefight.constructs) <= set(found)
    assert all(issubclass(model, Node) and model.__module__.startswith(package + ".") for model in found)
    assert package_of(Node) == "atout.interpreter.language"


def test_a_game_s_models_are_built_when_its_language_is_first_used():
    for game in LANGUAGES.values():
        loader._transformer(game)
        assert all(model.__pydantic_complete__ for model in game.constructs)
