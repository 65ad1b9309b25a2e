"""BattleFight techniques written as card text, and steps as the commentary prints them.

A technique and a step have their writer in `WRITERS`; every modifier and
keyword is a construct that writes itself (`write()` on a card, `log_text()`
in the commentary when it differs). A card is written in canonical form, the
way the shipped cards print it::

    == Menace Voilée ==
    Rhétorique
    [L'adversaire a] Force −1 ; Stable 1 ; [L'adversaire a] Si Possible Défausser 1

- the title between `==`, the type on its own line, then every step on one
  line, separated by " ; ";
- keywords with their capitals and accents as printed ("Se Déplacer",
  "S'Empêcher Carte Rhétorique");
- a count after its keyword ("Blesser 1", "Défausser 1"), except where a
  printed card leaves a keyword bare for its default: "Distance" is Distance
  2, "Stable" is Stable 0;
- a permanent's bonus signed, with a typographic minus: "Force +2",
  "Protection −1";
- `[L'adversaire a]` in brackets, `Tout le monde a` without, as printed.

The same writers give a step's text in the commentary and in the records of
games (`log=True`): every number written ("Distance 2", "Stable 0"), the
modifier without brackets, a plain "-" sign. That form is fixed by the
records already written, so it stays as it is when the card form changes.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable

from atout.interpreter.language.text import fold

from . import ast
from .blocks import write_step

#: A writer: a node as text, on a card (`log=False`) or in the commentary (`log=True`).
Writer = Callable[[Any, bool], str]

#: The sign of a negative bonus on a card ("Force −1"); the grammar reads "-" as well.
MINUS = ast.MINUS


def write(node: Any, log: bool = False) -> str:
    """Any node of a technique as text: by its writer in `WRITERS`, or a construct by its own `write` (`log_text`)."""
    writer = WRITERS.get(type(node))
    if writer is not None:
        return writer(node, log)
    if log and hasattr(node, "log_text"):
        return str(node.log_text())
    return str(node.write())


def write_card(card: ast.Technique) -> str:
    """A technique as card text in canonical form, from its `== Title ==` line to its last line."""
    return write(card)


def step_text(step: ast.Step) -> str:
    """A step as the commentary prints it: "L'adversaire a Force -1", "Distance 2"."""
    return write(step, log=True)


# ---------------------------------------------------------------------------
# A technique and its steps
# ---------------------------------------------------------------------------


def _technique(card: ast.Technique, log: bool) -> str:
    lines = [_title(card.name), card.type.value]
    if card.steps:
        lines.append(" ; ".join(write(step, log) for step in card.steps))
    return "\n".join(lines) + "\n"


def _title(name: str) -> str:
    """`== Name ==`; a name that no title line can hold is refused (its card would read back otherwise)."""
    folded = fold(name)
    if name != name.strip() or "=" in folded or "\n" in folded:
        raise ValueError(f'the technique name {name!r} cannot be written as a title: a name has no "=" (nor a sign read as one, such as "≠"), no line break, and no space at either end')
    return f"== {name} =="


def _step(step: ast.Step, log: bool) -> str:
    return write_step(step, log)


#: The writer of each AST class a technique can hold.
WRITERS: dict[type, Writer] = {
    ast.Technique: _technique,
    ast.Step: _step,
}
