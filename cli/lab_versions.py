"""`atout simulate G --vs FOLDER` and `atout sweep`: versions of a set, and values of a card's number, on the same seeds.

With `--vs`, `simulate` hands over to `compare_versions`: the base set
(`--cards`, or the game as shipped) and every version are played on the
same seeds and their differences printed with paired intervals
(`interpreter/lab/compare.py`).
`sweep` rewrites one card at several values of one of its numbers, through
the language's own writer, and plays each on the same seeds
(`interpreter/lab/sweep.py`).
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from . import lab
from .main import GameChoice, GameCommand, _check_bots, _complete_players, _load_game, _print_diagnostics, main

if TYPE_CHECKING:
    from atout.interpreter.api import LoadedGame
    from atout.interpreter.lab.run import GameResult, Run, Study
    from atout.interpreter.lab.summary import Summary


# ---------------------------------------------------------------------------
# simulate --vs
# ---------------------------------------------------------------------------


def _label(path: Path | None, taken: list[str]) -> str:
    """A version's name in the output: its folder's name (its path when two have the same name); the shipped game: `shipped`."""
    if path is None:
        return "shipped"
    label = path.name or str(path)
    return str(path) if label in taken else label


def _counted(ctx: click.Context, studies: list[Study], settings: dict[str, Any], label: str, extra: Sequence[Any]) -> tuple[Run, list[Summary]]:
    """Play the studies, each game counted as it finishes: in the study's `Tally` and in `extra[study]` (its `add`).

    As `simulate`, the results themselves are kept only for `--csv` and
    `--save-records`: the run's memory does not grow with its games.
    """
    from atout.interpreter.lab.summary import Summary, Tally

    keep = settings["csv_path"] is not None or (settings["records_dir"] is not None and settings["which"] == "all")
    tallies = [Tally(study, keep=keep, samples=settings["records_dir"] is not None) for study in studies]

    def counted(result: GameResult) -> None:
        tallies[result.study].add(result)
        extra[result.study].add(result)

    finished = lab._run(ctx, studies, settings, label, on_result=counted)
    return finished, [Summary.of(tally, finished.interrupted) for tally in tallies]


def compare_versions(ctx: click.Context, versions: tuple[Path, ...], game: str, count: int, seed: int, p1: str, p2: str | None, cards: Path | None, **options: Any) -> None:
    """`simulate --vs`: play the base (`--cards`, or the game as shipped) and each version on the same seeds and print their differences."""
    from atout.interpreter.lab.compare import SeedTally, card_texts, compare
    from atout.interpreter.lab.run import study_of

    p2 = p1 if p2 is None else p2
    if options.pop("each", None) is not None:
        raise click.UsageError("--each and --vs both compare: give one of them", ctx)
    cards_shown = options.pop("cards_shown", 16)
    settings = lab._pop_lab(options)
    lab._check_outputs(ctx, settings)
    paths: list[Path | None] = [cards, *versions]
    loaded: list[LoadedGame] = []
    labels: list[str] = []
    for path in paths:
        loaded.append(_load_game(ctx, game, path, options))
        labels.append(_label(path, labels))
    _check_bots(ctx, loaded[0], {"p1": p1, "p2": p2}, human=False)
    studies = [study_of(one, (p1, p2), count, seed, not settings["no_swap"], label=f"version: {label}") for one, label in zip(loaded, labels)]
    tallies = [SeedTally() for _ in studies]
    finished, summaries = _counted(ctx, studies, settings, f"{game}: {len(studies)} versions", tallies)
    comparison = compare(summaries, tallies, labels, [card_texts(one.files) for one in loaded])
    _finish(ctx, finished, settings, loaded[0], summaries, lambda: _comparison_lines(comparison, settings, cards_shown), lambda: _comparison_page(comparison, loaded[0]), loaded, labels)


def _comparison_lines(comparison: Any, settings: dict[str, Any], cards_shown: int) -> list[str]:
    from atout.interpreter.lab import compare

    if settings["output"] == "json":
        import json

        return [json.dumps(compare.json_document(comparison), ensure_ascii=False, indent=2)]
    return compare.text(comparison, cards_shown)


def _comparison_page(comparison: Any, loaded: LoadedGame) -> str:
    from atout.interpreter.lab import compare

    return compare.html_page(comparison, f"{loaded.engine.language.title}: versions compared", side_word=_side_word(loaded))


def _side_word(loaded: LoadedGame) -> str:
    traits = loaded.engine.lab
    return traits.side_word if traits is not None else "side"


def _finish(
    ctx: click.Context,
    finished: Run,
    settings: dict[str, Any],
    base: LoadedGame,
    summaries: Any,
    lines: Any,
    page: Any,
    loaded: list[LoadedGame] | None = None,
    labels: list[str] | None = None,
) -> None:
    """Print the lines, write the files asked for; a stopped run then exits with its code (as `simulate` does)."""
    from atout.interpreter.lab import report

    err = settings["csv_path"] is not None and str(settings["csv_path"]) == "-"

    def printed() -> None:
        for line in lines():
            click.echo(line, err=err)

    def written() -> None:
        if settings["csv_path"] is not None:
            lab._write(ctx, settings["csv_path"], report.csv_text(summaries))
        if settings["report_path"] is not None:
            lab._write(ctx, settings["report_path"], page())
        if settings["records_dir"] is not None and loaded is not None and labels is not None:
            for one, label, summary in zip(loaded, labels, summaries):
                lab._save_records(ctx, one, [summary], settings["records_dir"] / label, settings["which"])

    for step in (printed, written):
        try:
            step()
        except OSError:
            if not finished.interrupted:
                raise
            lab._terminal_gone()
    if finished.interrupted:
        sys.exit(lab._exit_code(finished))


# ---------------------------------------------------------------------------
# sweep
# ---------------------------------------------------------------------------


@main.command(cls=GameCommand)
@click.argument("game", type=GameChoice())
@click.option("--card", "card_name", metavar="CARD", required=True, help="The card whose number is swept (its name, as written).")
@click.option(
    "--number", "number_at", metavar="NUMBER", required=True, help="Which of its numbers: the keyword or statistic that holds it (Blesser; the second Blesser: Blesser#2; a field: cost, puissance)."
)
@click.option("--values", "listed", metavar="V1,V2,…", required=True, help="The values to try: 3,4,5 or a range 2..6.")
@click.option("--games", "count", type=click.IntRange(1), default=100, show_default=True, help="How many games per value.")
@click.option("--seed", type=int, default=0, show_default=True, help="The seed of the first game (pair of games, when the sides change seats).")
@click.option("--p1", metavar="BOT", default="heuristic", show_default=True, shell_complete=_complete_players(False), help="Side A's bot.")
@click.option("--p2", metavar="BOT", default=None, shell_complete=_complete_players(False), help="Side B's bot  [default: side A's].")
@lab._lab_options
@click.pass_context
def sweep(ctx: click.Context, game: str, card_name: str, number_at: str, listed: str, count: int, seed: int, p1: str, p2: str | None, cards: Path | None, **options: Any) -> None:
    """Try one number of one card at several values, each on the same seeds, and show the curve.

    The card is rewritten at each value through the language's own writer,
    and the set read again and checked: what is played is a valid card.
    Printed per value: the score of the seats that held the card and of
    those that played it, with 95% intervals (see docs/lab.md).
    """
    from atout.interpreter.engine.record import Record
    from atout.interpreter.engine.sources import FilesError, files_for
    from atout.interpreter.language.diagnostics import DiagnosticError
    from atout.interpreter.lab import sweep as sweeping
    from atout.interpreter.lab.run import Study, study_of

    p2 = p1 if p2 is None else p2
    settings = lab._pop_lab(options)
    lab._check_outputs(ctx, settings)
    if settings["records_dir"] is not None:
        raise click.UsageError("--save-records is for simulate: replay a value's games with atout simulate --cards on a folder holding the card at that value", ctx)
    loaded = _load_game(ctx, game, cards, options)
    _check_bots(ctx, loaded, {"p1": p1, "p2": p2}, human=False)
    try:
        values = sweeping.parse_values(listed)
        located = sweeping.locate(loaded.files, card_name)
        number = sweeping.find_number(located.card, number_at)
    except sweeping.SweepError as error:
        raise click.UsageError(str(error), ctx) from None
    base = study_of(loaded, (p1, p2), count, seed, not settings["no_swap"])
    studies: list[Study] = []
    for value in values:
        card = sweeping.with_value(located.card, number, value)
        try:
            files = sweeping.variant_files(loaded.files, base.files, located, card)
        except sweeping.SweepError as error:
            raise click.UsageError(str(error), ctx) from None
        label = sweeping.study_label(located.card.name, number.address, value)  # type: ignore[attr-defined]
        try:  # the set read again and checked, as a worker reads it
            files_for([Record({"game": loaded.engine.name, "version": 2, "files": files}, file=label)], loaded.engine)
        except DiagnosticError as error:
            click.echo(f"{label}: the card at this value is not valid:", err=True)
            where = f"{label}:1:"  # the files of a value are named as a record's (`files_for`): by the value, said above
            _print_diagnostics(DiagnosticError([dataclasses.replace(d, file=d.file.removeprefix(where)) for d in error.diagnostics]))
        except FilesError as error:  # pragma: no cover - the files are made here
            raise click.ClickException(str(error)) from None
        studies.append(Study(base.game, files, base.setup, base.bots, base.games, base.seed, base.swap, label))
    card_tallies = [sweeping.CardTally(located.card.name) for _ in studies]  # type: ignore[attr-defined]
    finished, summaries = _counted(ctx, studies, settings, f"{game}: {located.card.name} {number.address} at {len(values)} values", card_tallies)  # type: ignore[attr-defined]
    result = sweeping.sweep_of(loaded.engine.name, located.card.name, number.address, number.value, values, summaries, card_tallies)  # type: ignore[attr-defined]

    def lines() -> list[str]:
        if settings["output"] == "json":
            import json

            return [json.dumps(sweeping.json_document(result), ensure_ascii=False, indent=2)]
        return sweeping.text(result)

    def page() -> str:
        return sweeping.html_page(result, f"{loaded.engine.language.title}: {located.card.name}, {number.address} swept", side_word=_side_word(loaded))  # type: ignore[attr-defined]

    _finish(ctx, finished, settings, loaded, summaries, lines, page)
