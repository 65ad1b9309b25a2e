"""A person at the terminal, answering decisions at a prompt.

The person sees the state as their seat may see it (their own hand, never the
other's), the decision's options numbered, and answers with a number or a
label (case and accents do not matter). Anything else is refused with the
legal choices listed again; nothing they type can crash the game.
"""

from __future__ import annotations

from collections.abc import Callable

import click

from atout.interpreter.language.text import fold

from .decision import Decision, seat_name
from .players import Abandoned

__all__ = ["Abandoned", "HumanPlayer", "parse_answer"]


class HumanPlayer:
    """Asks a person at the terminal."""

    name = "human"

    def __init__(self, seat: int, describe: Callable[[int], str], read: Callable[[str], str] | None = None) -> None:
        self.seat = seat
        self.describe = describe
        self.read = read or (lambda prompt: click.prompt(prompt, default="", show_default=False))

    def choose(self, decision: Decision, view) -> int:
        """Show the state and the options; read until a legal answer."""
        click.echo("")
        click.echo(self.describe(self.seat))
        click.echo(f"{seat_name(self.seat)}, {decision.prompt or decision.kind}:")
        for index, option in enumerate(decision.options, start=1):
            click.echo(f"  {index}. {option.label}")
        while True:
            try:
                answer = self.read(f"{seat_name(self.seat)} chooses").strip()
            except (EOFError, click.Abort):
                raise Abandoned(f"{seat_name(self.seat)} left the game") from None
            if fold(answer) in ("q", "quit", "quitter"):
                raise Abandoned(f"{seat_name(self.seat)} left the game")
            chosen = parse_answer(answer, decision)
            if chosen is not None:
                return chosen
            click.echo(
                f'"{answer}" is not a legal choice. Type a number from 1 to {len(decision.options)} '
                f"or one of: {', '.join(decision.labels())}"
            )


def parse_answer(answer: str, decision: Decision) -> int | None:
    """An option's index from a typed number (from 1) or label, or None."""
    if answer.isdigit():
        number = int(answer)
        return number - 1 if 1 <= number <= len(decision.options) else None
    wanted = " ".join(fold(answer).split())
    for index, option in enumerate(decision.options):
        if " ".join(fold(option.label).split()) == wanted:
            return index
    return None
