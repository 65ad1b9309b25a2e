"""`atout diff-report A.json B.json`: two saved results of `atout simulate --format json` compared."""

from __future__ import annotations

import json
from pathlib import Path

import click

from .main import main
from .output import OutputError


@main.command("diff-report")
@click.argument("first", metavar="A.json", type=click.Path(path_type=Path, dir_okay=True))
@click.argument("second", metavar="B.json", type=click.Path(path_type=Path, dir_okay=True))
@click.option("--format", "output", type=click.Choice(["text", "json"]), default="text", show_default=True, help="text for people; json for scripts.")
@click.option("--report", "report_path", type=click.Path(dir_okay=False, path_type=Path), default=None, help="Write a self-contained HTML report to this file.")
@click.option("--cards-shown", type=click.IntRange(0), default=16, show_default=True, help="How many cards the text shows (the largest differences; 0: all); the clear ones are always shown.")
@click.pass_context
def diff_report(ctx: click.Context, first: Path, second: Path, output: str, report_path: Path | None, cards_shown: int) -> None:
    """Compare two saved results of `atout simulate GAME --format json`: B − A, side by side.

    Shown: side A's score, the seats' and the first player's edge, the
    draws, the length, each way of ending, and per card (and bot) the win
    rate in hand and the played rate, each in A, in B, and their difference
    with a 95% interval. The two studies' games are independent (not played
    on the same seeds), so the intervals are unpaired: Newcombe's for a
    rate, Welch's for a mean; wider than those of `atout simulate --vs`,
    which plays two versions of a set on the same seeds. Both files must be
    of the same game, and hold one study each (a --vs comparison, a sweep
    or an --each run is refused). Two tournaments (atout tournament
    --format json) are compared too: each matchup both played, each
    entrant's overall score and, with the same entrants, its rating.
    """
    from atout.interpreter.files import WriteError, write_text
    from atout.interpreter.lab import diff, tournament_diff

    try:
        a = tournament_diff.read_any(first)
        b = tournament_diff.read_any(second)
        compared = tournament_diff.compare_any(a, b)
    except diff.ResultError as error:
        raise click.UsageError(str(error), ctx) from None
    if output == "json":
        click.echo(json.dumps(compared.as_json(), ensure_ascii=False, indent=2))
    else:
        for line in compared.lines(cards_shown):
            click.echo(line)
    if report_path is not None:
        title = f"{_title(compared.game)}: {a.label} and {b.label} compared"
        page = tournament_diff.html_page(compared, title) if isinstance(compared, tournament_diff.TournamentDiff) else diff.html_page(compared, title)
        try:
            write_text(report_path, page)
        except WriteError as error:
            raise OutputError(str(error)) from None
        click.echo(f"written: {report_path}", err=True)


def _title(game: str) -> str:
    """The game's title (Duel de dragons), or its name as the file gives it when this atout does not know it."""
    from atout.interpreter.engine.registry import UnknownGame, find_engine

    try:
        return find_engine(game).language.title
    except UnknownGame:
        return game
