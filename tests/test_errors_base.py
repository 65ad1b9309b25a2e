"""One base for every error atout raises: `except AtoutError` catches a bad card, an unknown game, a bad record…

The walk goes over every module of `atout.interpreter`, so that an error
class added tomorrow is held to the rule too; the few exceptions that are
not errors (a game steering itself, a person leaving) are listed with the
reason they never reach the API's caller as errors.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from pathlib import Path

import pytest

import atout.interpreter as interpreter
from atout.interpreter import api
from atout.interpreter.errors import AtoutError

#: The exceptions defined under `atout.interpreter` that are no error, and why.
NOT_ERRORS = {
    "atout.interpreter.engine.agenda.GameOver": "leaves a task's helpers once `finish` has ended the game; the play loop stops there",
    "atout.interpreter.engine.players.Abandoned": "a person left the game (end of input, `quit`): the record says so, as for Ctrl-C",
    "atout.interpreter.engine.players.TakeBack": "a person's `undo`: the play loop goes back one decision",
    "atout.interpreter.engine.human.InputClosed": "standard input closed: the person's player turns it into `Abandoned`",
}


def _exception_classes() -> dict[str, type[Exception]]:
    """Every `Exception` subclass defined in a module of `atout.interpreter`, by its full name (private ones left out)."""
    found: dict[str, type[Exception]] = {}
    for info in pkgutil.walk_packages(interpreter.__path__, interpreter.__name__ + "."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Exception) and value.__module__ == module.__name__:
                if not value.__name__.startswith("_"):
                    found[f"{module.__name__}.{value.__qualname__}"] = value
    return found


def test_every_error_of_atout_is_an_atout_error() -> None:
    classes = _exception_classes()
    assert len(classes) > 15, "the walk found atout's modules"
    others = sorted(name for name, kind in classes.items() if not issubclass(kind, AtoutError) and name not in NOT_ERRORS)
    assert others == [], f"error classes that are no AtoutError (derive them from atout.interpreter.errors.AtoutError): {others}"


def test_the_exceptions_that_are_no_errors_exist_and_are_no_atout_errors() -> None:
    classes = _exception_classes()
    for name in NOT_ERRORS:
        assert name in classes, f"{name} is gone: take it out of NOT_ERRORS"
        assert not issubclass(classes[name], AtoutError), f"{name} is an AtoutError: take it out of NOT_ERRORS"


def test_the_errors_keep_their_old_bases() -> None:
    """Code that caught an error by its old base still catches it."""
    from atout.interpreter.engine.mcts import BudgetError
    from atout.interpreter.engine.options import OptionError
    from atout.interpreter.engine.registry import UnknownGame
    from atout.interpreter.files import WriteError
    from atout.interpreter.language.registry import GameNotLoaded

    assert issubclass(UnknownGame, KeyError)
    assert issubclass(OptionError, ValueError)
    assert issubclass(BudgetError, ValueError)
    assert issubclass(WriteError, OSError)
    assert issubclass(GameNotLoaded, ImportError)


def test_the_api_exports_the_base() -> None:
    from atout.interpreter import AtoutError as exported

    assert api.AtoutError is AtoutError
    assert exported is AtoutError
    assert "AtoutError" in api.__all__


def _bad_card(tmp_path: Path) -> None:
    folder = tmp_path / "cartes"
    folder.mkdir()
    (folder / "cartes.atout").write_text("BattleFight : cartes\n\n== Décharge ==\nAttaque\nCorps à Corps ; Blessser 4\n", encoding="utf-8")
    api.load_game("battlefight", cards=folder)


def _bad_record(tmp_path: Path) -> None:
    record = tmp_path / "partie.jsonl"
    record.write_text("not json\n", encoding="utf-8")
    list(api.replay(record))


def _cut_record(tmp_path: Path) -> None:
    """A played game's record cut short: its replay stops before the end (`Unfinished`, a `Divergence`)."""
    record = tmp_path / "partie.jsonl"
    api.play(api.load_game("dragons"), ["random", "random"], seed=1, record=record)
    lines = record.read_text(encoding="utf-8").splitlines()
    record.write_text("\n".join(lines[:5]) + "\n", encoding="utf-8")
    list(api.replay(record))


CASES: dict[str, tuple[Callable[[Path], object], str]] = {
    "a bad card file": (_bad_card, "DiagnosticError"),
    "an unknown game": (lambda tmp_path: api.load_game("poker"), "UnknownGame"),
    "a record that is no JSON": (_bad_record, "RecordError"),
    "a record cut before the game ends": (_cut_record, "Unfinished"),
    "a deck the game does not have": (lambda tmp_path: api.load_game("battlefight", deck=["nulle-part"]), "OptionError"),
    "a bot the game does not have": (lambda tmp_path: api.play(api.load_game("cordes"), ["personne", "random"]), "OptionError"),
    "a card folder that does not exist": (lambda tmp_path: api.load_game("cardia", cards=tmp_path / "absent"), "DiagnosticError"),
}


@pytest.mark.parametrize("case", CASES)
def test_except_atout_error_catches_what_the_api_refuses(case: str, tmp_path: Path) -> None:
    call, kind = CASES[case]
    with pytest.raises(AtoutError) as caught:
        call(tmp_path)
    if kind:
        assert type(caught.value).__name__ == kind
    assert str(caught.value).strip(), "the error says what is wrong"
