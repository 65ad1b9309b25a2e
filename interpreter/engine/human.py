"""A person at the terminal, answering decisions at a prompt.

The person sees the decision's options numbered, each with what it does (a
technique's steps, a card's text or statistics), and answers with a number,
a label, or the start of exactly one label (case and accents do not
matter). At the prompt:

- `?` lists the commands;
- `show` prints what the seat may see of the game: the board, both
  discards, hands as the seat may see them, everything public;
- `undo` takes back the person's last decision, in a game against bots;
- `q` leaves the game.

Anything else is answered with a message: a start of several labels (or a
name inside several labels, `jab` for `Play Jab` and `Spit Jab`) is
ambiguous, and the matches are listed; anything else is refused with the
legal choices listed again. Nothing they type can crash the game: any text,
a number too large to be one, an undecodable byte. When the input ends or
is closed, the person has left (`Abandoned`), and the game's record keeps
what was played. An option the game can tell will fail (a technique whose
condition cannot hold) is marked with why. Colour is used on a terminal,
never when the output is piped or when `NO_COLOR` is set (https://no-color.org).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import click

from atout.interpreter.language.text import fold

from .decision import Decision, Option, seat_name
from .players import Abandoned, TakeBack

__all__ = ["Abandoned", "HumanPlayer", "Reading", "TakeBack", "parse_answer", "read_answer", "refusal", "use_colour"]

#: What `?` prints.
COMMANDS = [
    ("a number, a name or its start", "choose that option (case and accents do not matter)"),
    ("show", "print the game as you may see it: board, hands, discards, everything public"),
    ("undo", "take back your last decision (against bots)"),
    ("?", "list these commands"),
    ("q", "leave the game"),
]

#: An answer of more digits than this is no option's number (and is never converted to a number).
MAX_DIGITS = 9

#: How much of a refused answer a message quotes.
QUOTED = 40


def use_colour(stream: object = None) -> bool:
    """Colour for a terminal, unless NO_COLOR is set; never for a pipe or a file."""
    if os.environ.get("NO_COLOR"):
        return False
    stream = stream if stream is not None else sys.stdout
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class InputClosed(Exception):
    """Standard input is closed (or was never opened): nobody can answer."""


def read_line(prompt: str) -> str:
    """A line typed at the prompt (click's prompt); undecodable bytes become U+FFFD instead of an error.

    Raises `InputClosed` when standard input is closed or missing, and
    `EOFError` / `click.Abort` at its end, as click does.
    """
    stdin = sys.stdin
    if stdin is None or getattr(stdin, "closed", False):
        raise InputClosed("standard input is closed")
    if getattr(stdin, "errors", None) == "strict" and hasattr(stdin, "reconfigure"):
        stdin.reconfigure(errors="replace")
    try:
        return click.prompt(prompt, default="", show_default=False)
    except click.Abort:  # the end of the input, or Ctrl-C (an Abort is a RuntimeError)
        raise
    except (RuntimeError, ValueError, OSError) as error:  # "lost sys.stdin", a closed file, a hung-up terminal
        raise InputClosed(f"standard input cannot be read ({error})") from None


class HumanPlayer:
    """Asks a person at the terminal."""

    name = "human"

    def __init__(
        self,
        seat: int,
        describe: Callable[[int], str],
        read: Callable[[str], str] | None = None,
        explain: Callable[[str], str | None] | None = None,
        can_take_back: bool = False,
    ) -> None:
        self.seat = seat
        self.describe = describe
        self.read = read or read_line
        #: What an option does, from its label (a card's text), if the game can say.
        self.explain = explain or (lambda label: None)
        self.can_take_back = can_take_back
        self.colour = use_colour()

    def _style(self, text: str, **style: object) -> str:
        return click.style(text, **style) if self.colour else text  # type: ignore[arg-type]

    def choose(self, decision: Decision, view: Any) -> int:
        """Show the state and the options; read until a legal answer or a command."""
        click.echo("")
        click.echo(self.describe(self.seat))
        self._options(decision, view)
        while True:
            answer = self._answer()
            command = fold(answer)
            if command in ("q", "quit", "quitter"):
                raise Abandoned(f"{seat_name(self.seat)} left the game")
            if command in ("?", "help", "aide"):
                for words, what in COMMANDS:
                    click.echo(f"  {self._style(words, bold=True)}: {what}")
                continue
            if command in ("show", "montrer"):
                click.echo(self.describe(self.seat))
                continue
            if command in ("undo", "annuler"):
                if self.can_take_back:
                    raise TakeBack()
                click.echo("undo takes back a decision in a game against bots only")
                continue
            reading = read_answer(answer, decision)
            if reading.index is not None:
                return reading.index
            click.echo(refusal(answer, decision, reading))

    def _answer(self) -> str:
        """The next line typed, stripped; the person has left when the input ends or is closed."""
        who = seat_name(self.seat)
        try:
            return self.read(f"{who} chooses").strip()
        except (EOFError, click.Abort):
            raise Abandoned(f"{who} left the game") from None
        except InputClosed as closed:
            raise Abandoned(f"{closed}: {who} cannot answer") from None

    def _options(self, decision: Decision, view: Any) -> None:
        """The numbered options, each with what it does and, where the game can tell, why it would fail."""
        click.echo(self._style(f"{seat_name(self.seat)}, {decision.prompt or decision.kind}:", bold=True))
        width = max(len(option.label) for option in decision.options)
        failing = _failing(decision, view)
        for index, option in enumerate(decision.options, start=1):
            what = self.explain(option.label)
            line = f"  {index:>2}. {option.label}"
            if what:
                line = f"{line:<{width + 6}}  {self._style(what, dim=True)}"
            why = failing[index - 1]
            if why:
                line = f"{line}  {self._style(f'(would fail: {why})', fg='yellow')}"
            click.echo(line)


def _failing(decision: Decision, view: Any) -> list[str | None]:
    """Why each option would fail, as the seat's view tells it (its `would_fail(decision, option)`), or None."""
    seen = view() if callable(view) else None
    would_fail: Callable[[Decision, Option], str | None] | None = getattr(seen, "would_fail", None)
    if would_fail is None:
        return [None] * len(decision.options)
    return [would_fail(decision, option) for option in decision.options]


@dataclass(frozen=True)
class Reading:
    """What a typed answer means: the option chosen (`index`), else the options it could mean.

    `starts` are the options whose label starts with the answer (several
    different ones: ambiguous); `inside` those with a word inside their label
    that starts with it (`jab` in `Play Jab`), never chosen alone.
    """

    index: int | None = None
    starts: tuple[int, ...] = ()
    inside: tuple[int, ...] = ()
    number: bool = False


def _words(text: str) -> str:
    """A label or an answer as compared: folded (case and accents), its spaces made single."""
    return " ".join(fold(text).split())


def read_answer(answer: str, decision: Decision) -> Reading:
    """Read a typed answer: a number (from 1), a label, the start of exactly one label; else what it could mean."""
    answer = answer.strip()
    if answer.isdecimal():  # digits of any script that `int` reads: never `²` or `①`
        if len(answer) > MAX_DIGITS:
            return Reading(number=True)
        number = int(answer)
        return Reading(number - 1 if 1 <= number <= len(decision.options) else None, number=True)
    wanted = _words(answer)
    if not wanted:
        return Reading()
    labels = [_words(option.label) for option in decision.options]
    if wanted in labels:
        return Reading(labels.index(wanted))
    starting = tuple(index for index, label in enumerate(labels) if label.startswith(wanted))
    if starting and len({labels[i] for i in starting}) == 1:
        return Reading(starting[0])
    inside = tuple(index for index, label in enumerate(labels) if index not in starting and any(label[at:].startswith(wanted) for at in _word_starts(label)))
    return Reading(starts=starting, inside=inside)


def _word_starts(label: str) -> list[int]:
    """Where the words of a (folded) label begin, after its first."""
    return [at + 1 for at, char in enumerate(label) if not char.isalnum() and at + 1 < len(label) and label[at + 1].isalnum()]


def parse_answer(answer: str, decision: Decision) -> int | None:
    """An option's index from a typed number (from 1), label, or the start of exactly one label; else None."""
    return read_answer(answer, decision).index


def quoted(answer: str) -> str:
    """A typed answer as a message quotes it: control characters escaped, cut after `QUOTED` characters."""
    shown = "".join(char if char.isprintable() else ascii(char)[1:-1] for char in answer[: QUOTED + 1])
    if len(answer) > QUOTED:
        shown = shown[:QUOTED] + "…"
    return f'"{shown}"'


def refusal(answer: str, decision: Decision, reading: Reading) -> str:
    """The message for an answer that chooses nothing: what it could mean, else the legal choices."""
    count = len(decision.options)

    def listed(indexes: tuple[int, ...]) -> str:
        return ", ".join(f"{i + 1}. {decision.options[i].label}" for i in indexes)

    matches = reading.starts or reading.inside
    if len(matches) > 1:
        return f"{quoted(answer)} is ambiguous: it could be {listed(matches)}. Type more of the name, or its number"
    if len(matches) == 1:
        return f"{quoted(answer)} is not a whole name: did you mean {listed(matches)}? Type its number or more of its name"
    choices = f"Type a number from 1 to {count}, one of: {', '.join(decision.labels())}, or ? for the commands"
    if not answer.strip():
        return choices
    if reading.number:
        return f"{quoted(answer)} is not a legal choice: no option has that number. {choices}"
    return f"{quoted(answer)} is not a legal choice. {choices}"
