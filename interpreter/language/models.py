"""Building the validators of a game's AST models once each, those they hold first.

Every AST node defers its validator to its first use (`Node`'s
`defer_build`), so that a process that reads no card (a warm `atout
validate`, a game played from a kept record) does not pay for them. Left to
itself, pydantic then builds them in the order the cards happen to use
them: a model used before the models it holds builds theirs inside its own
(`Step` holds every keyword), and each of those builds its own again at its
first use. Built from the leaves up, each is built once, and a model reuses
those of the models it holds. The validators are the same either way; a
cold `atout validate cards/` spends about 0.02 s less on them (0.04 s
building all four games' models, against 0.06 s more reading their files
when they are built as they come).

`build_bottom_up` is called when a game's language is first used to read
a file (`loader._transformer`), with the game's models.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import Any, get_args

from pydantic import BaseModel

from .nodes import Node


def build_bottom_up(models: Iterable[type[BaseModel]]) -> None:
    """Build the validator of each model not built yet, after those of the models its fields hold."""
    done: set[type[BaseModel]] = set()
    for model in models:
        _build(model, done)


def _build(model: type[BaseModel], done: set[type[BaseModel]]) -> None:
    if model in done:
        return
    done.add(model)  # before its fields: a model that holds itself (through others) is built once
    for field in model.model_fields.values():
        for inner in _models_in(field.annotation):
            _build(inner, done)
    if not model.__pydantic_complete__:
        # an empty namespace: names resolve in the model's own module, as at its first use
        try:
            model.model_rebuild(raise_errors=False, _types_namespace={})
        except TypeError:  # a pydantic without that parameter: the model builds itself at its first use, as before
            pass


def _models_in(annotation: Any) -> Iterator[type[BaseModel]]:
    """The models a field's type names (`list[Step]`, `Annotated[A | B, ...]`...)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        yield annotation
        return
    for argument in get_args(annotation):
        yield from _models_in(argument)


def models_of(package: str) -> list[type[Node]]:
    """The AST nodes defined in a package (`atout.interpreter.games.battlefight`) and its modules."""
    found: list[type[Node]] = []
    stack = list(Node.__subclasses__())
    seen: set[type[Node]] = set()
    while stack:
        model = stack.pop()
        if model in seen:
            continue
        seen.add(model)
        stack.extend(model.__subclasses__())
        module = model.__module__
        if module == package or module.startswith(package + "."):
            found.append(model)
    return sorted(found, key=lambda model: (model.__module__, model.__qualname__))


def package_of(kind: type) -> str:
    """The package of the module that defines a class (`...games.battlefight` for its transformer)."""
    module = kind.__module__
    return module if hasattr(sys.modules.get(module), "__path__") else module.rpartition(".")[0]
