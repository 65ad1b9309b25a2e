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

Anything else is refused with the legal choices listed again; nothing they
type can crash the game. Colour is used on a terminal, never when the
output is piped or when `NO_COLOR` is set (https://no-color.org).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

import click

from atout.interpreter.language.text import fold

from .decision import Decision, seat_name
from .players import Abandoned, TakeBack

__all__ = ["Abandoned", "HumanPlayer", "TakeBack", "parse_answer", "use_colour"]

#: What `?` prints.
COMMANDS = [
    ("a number, a name or its start", "choose that option (case and accents do not matter)"),
    ("show", "print the game as you may see it: board, hands, discards, everything public"),
    ("undo", "take back your last decision (against bots)"),
    ("?", "list these commands"),
    ("q", "leave the game"),
]


def use_colour(stream: object = None) -> bool:
    """Colour for a terminal, unless NO_COLOR is set; never for a pipe or a file."""
    if os.environ.get("NO_COLOR"):
        return False
    stream = stream if stream is not None else sys.stdout
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


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
        self.read = read or (lambda prompt: click.prompt(prompt, default="", show_default=False))
        #: What an option does, from its label (a card's text), if the game can say.
        self.explain = explain or (lambda label: None)
        self.can_take_back = can_take_back
        self.colour = use_colour()

    def _style(self, text: str, **style: object) -> str:
        return click.style(text, **style) if self.colour else text  # type: ignore[arg-type]

    def choose(self, decision: Decision, view) -> int:
        """Show the state and the options; read until a legal answer or a command."""
        click.echo("")
        click.echo(self.describe(self.seat))
        self._options(decision)
        while True:
            try:
                answer = self.read(f"{seat_name(self.seat)} chooses").strip()
            except (EOFError, click.Abort):
                raise Abandoned(f"{seat_name(self.seat)} left the game") from None
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
            chosen = parse_answer(answer, decision)
            if chosen is not None:
                return chosen
            click.echo(
                f'"{answer}" is not a legal choice. Type a number from 1 to {len(decision.options)}, '
                f"one of: {', '.join(decision.labels())}, or ? for the commands"
            )

    def _options(self, decision: Decision) -> None:
        click.echo(self._style(f"{seat_name(self.seat)}, {decision.prompt or decision.kind}:", bold=True))
        width = max(len(option.label) for option in decision.options)
        for index, option in enumerate(decision.options, start=1):
            what = self.explain(option.label)
            line = f"  {index:>2}. {option.label}"
            if what:
                line = f"{line:<{width + 6}}  {self._style(what, dim=True)}"
            click.echo(line)


def parse_answer(answer: str, decision: Decision) -> int | None:
    """An option's index from a typed number (from 1), label, or the start of exactly one label; else None."""
    if answer.isdigit():
        number = int(answer)
        return number - 1 if 1 <= number <= len(decision.options) else None
    wanted = " ".join(fold(answer).split())
    if not wanted:
        return None
    labels = [" ".join(fold(option.label).split()) for option in decision.options]
    if wanted in labels:
        return labels.index(wanted)
    starting = [index for index, label in enumerate(labels) if label.startswith(wanted)]
    if len(set(labels[i] for i in starting)) == 1:
        return starting[0]
    return None
