"""A module imported at its first use: for two modules of a game that need each other.

A game's AST runs its steps with the handlers of its rules (`steps.py`),
which read the AST in turn, so one of the two imports the other inside a
function. An import statement there costs about 0.8 µs at every call (the
import system looks the module up again), and a step runs at nearly every
action. A `Lazy` module is imported at its first use only; each name read
from it is then kept as a plain attribute (about 0.07 µs a read).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any


class Lazy:
    """The module `name`, imported when a name is first read from it; each name read is kept.

    What is kept is what the module held then: these modules define their
    functions once, and never bind them anew.
    """

    def __init__(self, name: str) -> None:
        self._module_name = name

    def __getattr__(self, attribute: str) -> Any:
        if attribute.startswith("__"):  # (copy, pickle and friends ask for these: not the module's)
            raise AttributeError(attribute)
        value = getattr(import_module(self._module_name), attribute)
        setattr(self, attribute, value)
        return value

    def __repr__(self) -> str:
        return f"Lazy({self._module_name!r})"
