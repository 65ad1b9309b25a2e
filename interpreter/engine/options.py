"""The setup options a game declares, as OpenSpiel's parameter specification does.

Each game lists its options on its `GameEngine` (`options`): a name (the
command line's `--name`), a type (a value among choices, or a flag), whether
it is given once per player, the allowed values (computed from the game's
loaded files: its decks, its boxers, its Lieux), a default and a help text.
The CLI builds its command-line options from these declarations, and the
Python API checks keyword arguments against them: neither names a game.

`check_options` turns the given values into the values the game's
`setup_from_options` reads, or raises `OptionError` saying what is wrong and
the nearest valid value.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from atout.interpreter.errors import AtoutError
from atout.interpreter.language.diagnostics import nearest, shorten
from atout.interpreter.language.project import RULES_STEMS
from atout.interpreter.language.text import fold

from .loading import GameFiles


class OptionError(AtoutError, ValueError):
    """A setup option that the game does not have, or a value it does not allow."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(message)
        #: The option's name ("deck"), without dashes.
        self.option = option
        self.message = message

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class GameOption:
    """One setup option of a game."""

    #: The option's name: `--deck` on the command line, `deck=` in the API.
    name: str
    #: What it does, for `--help` and the docs.
    help: str
    #: "choice": a value among `choices`; "flag": on or off.
    kind: Literal["choice", "flag"] = "choice"
    #: Given once per player, P1 first (at most two values); else once.
    per_player: bool = False
    #: The allowed values, from the game's loaded files (compared case- and
    #: accent-blind). None: any value.
    choices: Callable[[GameFiles], Sequence[str]] | None = None
    #: The start of exactly one choice is allowed too ("marche": "Marché de Lumen").
    prefixes: bool = False
    #: A path to an existing file is allowed too (a deck file).
    files: bool = False
    #: What the game does without the option, in words (for help and docs).
    default: str | None = None
    #: The value's placeholder in `--help`.
    metavar: str = "NAME"
    #: What a value is, in messages ("deck", "rules file"); the metavar's word by default.
    noun: str = ""
    #: A value written in another case or without its accents is read as the
    #: choice it names ("Grand-Plateau" is the rules file "grand-plateau").
    canonical: bool = False

    def check(self, files: GameFiles, value: Any, game: str) -> Any:
        """The value as the game's `setup_from_options` reads it, or `OptionError`.

        A flag gives a bool; a per-player option a tuple of one or two
        strings; another option a string. Values keep the user's spelling:
        the game resolves it (and records it as printed).
        """
        if self.kind == "flag":
            if not isinstance(value, bool):
                raise OptionError(self.name, f"--{self.name} is a flag (True or False), not {value!r}")
            return value
        values = [value] if isinstance(value, str) else list(value)
        if not all(isinstance(v, str) for v in values):
            raise OptionError(self.name, f"--{self.name} takes names, not {value!r}")
        if not self.per_player:
            values = list(dict.fromkeys(values))  # the same value twice is the same option
            if len(values) > 1:
                raise OptionError(self.name, f"{game} takes --{self.name} once (both players), not {', '.join(values)}")
        elif len(values) > 2:
            raise OptionError(self.name, f"--{self.name} is given once per player: at most twice, not {len(values)} times")
        for one in values:
            self._check_value(files, one, game)
        if self.canonical and self.choices is not None:
            by_fold = {fold(choice): choice for choice in self.choices(files)}
            values = [by_fold.get(fold(one), one) for one in values]
        if self.per_player:
            return tuple(values)
        return values[0] if values else None

    def _check_value(self, files: GameFiles, value: str, game: str) -> None:
        if self.choices is None:
            return
        allowed = list(self.choices(files))
        folded = {fold(choice) for choice in allowed}
        if fold(value) in folded:
            return
        if self.prefixes and fold(value) and sum(choice.startswith(fold(value)) for choice in folded) == 1:
            return
        if self.files and names_a_file(value):
            return
        near = nearest(value, allowed)
        hint = f'; did you mean "{near}"?' if near else "."
        also = " (or a file)" if self.files else ""
        raise OptionError(self.name, f'--{self.name}: no {self.noun or self.metavar.lower()} "{shorten(value)}" in {game}{hint} Valid values: {", ".join(allowed) or "none"}{also}.')


def names_a_file(value: str) -> bool:
    """Whether an option's value is the path of a file (False for a name too long to be one, or otherwise unusable)."""
    try:
        return Path(value).is_file()
    except (OSError, ValueError):
        return False


def rules_names(files: GameFiles) -> list[str]:
    """The names (stems) of a game's rules files."""
    return sorted(Path(d.path).stem for d in files.documents if d.rules is not None)


#: The rules file to play with: every game has it.
RULES = GameOption(
    "rules",
    "The rules file to play with (its name without .atout), for a variant.",
    choices=rules_names,
    default="the main rules file (regles.atout)",
    metavar="RULES",
    noun="rules file",
    canonical=True,
)


def check_options(options: Sequence[GameOption], files: GameFiles, given: Mapping[str, Any], game: str) -> dict[str, Any]:
    """The given options, checked against the declarations, as `setup_from_options` reads them.

    Options not given are left out. Raises `OptionError` for an option the
    game does not declare and for a value it does not allow; and when the
    game's files have no main rules file (and no `rules` is given), saying
    which rules files there are.
    """
    declared = {option.name: option for option in options}
    checked: dict[str, Any] = {}
    for name, value in given.items():
        option = declared.get(name)
        if option is None:
            near = nearest(name, declared)
            hint = f'; did you mean "{near}"?' if near else "."
            raise OptionError(name, f'{game} has no option "{name}"{hint} Its options are {", ".join(declared)}.')
        checked[name] = option.check(files, value, game)
    if "rules" in declared and not checked.get("rules"):
        names = rules_names(files)
        if not any(stem in RULES_STEMS for stem in names):
            where = ", ".join(sorted({str(Path(d.path).parent) for d in files.documents})) or "the game's files"
            raise OptionError(
                "rules",
                f"{game} needs a rules file named {RULES_STEMS[0]}.atout in {where}" + (f"; give --rules with one of {', '.join(names)}" if names else "; there is none"),
            )
    return checked
