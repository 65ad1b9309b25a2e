"""`atout simulate` and `atout tournament`: the balance lab on the command line.

Both play studies (`interpreter/lab/`): the sides change seats every other
game, every rate is printed with its 95% interval, the games are spread over
`--workers` processes (every core by default) or a Ray cluster, with the
same results for the same seed, and Ctrl-C, SIGTERM or SIGHUP stop the run
cleanly (every worker ended at once) with the summary of the games finished.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from .output import OutputError
from .main import GameChoice, GameCommand, _check_bots, _complete_players, _load_game, complete_entrants, main

if TYPE_CHECKING:
    from atout.interpreter.api import LoadedGame
    from atout.interpreter.lab.run import Run, Study
    from atout.interpreter.lab.summary import Summary
    from atout.interpreter.lab.tournament import Tournament

#: Below this many games, the games are played in this process: starting workers would cost more.
SMALL_RUN = 20


def _lab_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The options `simulate` and `tournament` share: seats, scale, outputs."""
    for option in reversed(
        [
            click.option("--no-swap", is_flag=True, help="Keep each side in its seat (by default the sides change seats every other game, with the same deals)."),
            click.option("--workers", type=click.IntRange(1), default=None, help="Worker processes (default: every core). The results are the same for any number."),
            click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True, help="local: processes on this machine; ray: a Ray cluster (pip install 'atout[ray]')."),
            click.option("--address", metavar="ADDRESS", default=None, help="With --backend ray: the cluster's address (default: a Ray runtime started on this machine)."),
            click.option("--format", "output", type=click.Choice(["text", "json"]), default="text", show_default=True, help="text for people; json for scripts (schema: docs/lab-schema.json)."),
            click.option(
                "--csv",
                "csv_path",
                type=click.Path(dir_okay=False, path_type=Path, allow_dash=True),
                default=None,
                help="Write one row per game to this file (-: standard output, which then holds the CSV only: the text summary goes to standard error).",
            ),
            click.option("--report", "report_path", type=click.Path(dir_okay=False, path_type=Path), default=None, help="Write a self-contained HTML report (tables and plots) to this file."),
            click.option(
                "--save-records", "records_dir", type=click.Path(file_okay=False, path_type=Path), default=None, help="Write the records of chosen games to this folder, to replay them (see --save)."
            ),
            click.option(
                "--save", "which", type=click.Choice(["sample", "all"]), default="sample", show_default=True, help="With --save-records: every game, or the first 3 of each way a game ended."
            ),
        ]
    ):
        command = option(command)
    return command


@main.command(cls=GameCommand)
@click.argument("game", type=GameChoice())
@click.option("--games", "count", type=click.IntRange(1), default=100, show_default=True, help="How many games.")
@click.option("--seed", type=int, default=0, show_default=True, help="The seed of the first game (pair of games, when the sides change seats).")
@click.option(
    "--p1",
    metavar="BOT",
    default="heuristic",
    show_default=True,
    shell_complete=_complete_players(False),
    help="Side A's bot (P1 in the first game): one of the game's bots (random, heuristic, mcts, mcts:500, mcts:0.5s).",
)
@click.option(
    "--p2", metavar="BOT", default=None, shell_complete=_complete_players(False), help="Side B's bot  [default: side A's: a mirror study, whose card figures are about the cards, not the bots]."
)
@click.option("--each", metavar="OPTION=V1,V2,…", default=None, help="One study per value of a setup option, compared (same seeds): rules=default,duel-strict; lieu=all; protecteurs=no,yes.")
@click.option(
    "--vs",
    "versions",
    metavar="FOLDER",
    multiple=True,
    type=click.Path(exists=True, path_type=Path),
    help="Compare this version of the set (a folder; repeat for several) with --cards (or the game as shipped), on the same seeds: differences with paired intervals.",
)
@click.option(
    "--cards-shown",
    type=click.IntRange(0),
    default=16,
    show_default=True,
    help="How many cards of the ranking the text shows, half from each end (0: all); the cards of your own files are always shown.",
)
@_lab_options
@click.pass_context
def simulate(ctx: click.Context, game: str, count: int, seed: int, p1: str, p2: str | None, cards: Path | None, **options: Any) -> None:
    """Play many games between bots and give the figures a designer can act on.

    Side A is --p1's bot with P1's setup (deck, boxer, collection), side B
    --p2's with P2's; by default they change seats every other game, the
    two games of a pair sharing a seed. Printed: wins and draws with 95%
    intervals, the seats' and the first player's edge, lengths, endings,
    quality measures, and per card and per bot the win rates in hand, in the
    opening hand, when drawn, when not seen, and how often and when it is
    played (see docs/lab.md). By default both sides are played by the same
    bot (--p1's); give --p2 to set a bot against another. The same seed
    gives the same figures with any number of workers.
    """
    from atout.interpreter.lab.run import designer_cards, study_of

    versions = options.pop("versions")
    if versions:  # versions of the set compared on the same seeds (cli/lab_versions.py)
        from .lab_versions import compare_versions

        return compare_versions(ctx, versions, game, count, seed, p1, p2, cards, **options)
    p2 = p1 if p2 is None else p2
    each = options.pop("each")
    cards_shown = options.pop("cards_shown")
    lab = _pop_lab(options)
    _check_outputs(ctx, lab)
    loaded = _load_game(ctx, game, cards, options)
    _check_bots(ctx, loaded, {"p1": p1, "p2": p2}, human=False)
    if each is None:
        studies = [study_of(loaded, (p1, p2), count, seed, not lab["no_swap"])]
        compared = None
    else:
        compared, variants = _variants(ctx, loaded, each, options)
        studies = [study_of(_load_game(ctx, game, cards, values), (p1, p2), count, seed, not lab["no_swap"], label=f"{compared}: {value}") for value, values in variants]
    finished, summaries = _run_counted(ctx, studies, lab, f"{game}: {p1} vs {p2}")
    _output(ctx, loaded, summaries, None, lab, finished, compared, (cards_shown, designer_cards(loaded)))


@main.command(cls=GameCommand)
@click.argument("game", type=GameChoice())
@click.argument("entrants", nargs=-1, required=True, shell_complete=complete_entrants)
@click.option("--games", "count", type=click.IntRange(2), default=100, show_default=True, help="How many games each pairing plays.")
@click.option("--seed", type=int, default=0, show_default=True, help="The seed of each pairing's first pair of games.")
@click.option("--bot", metavar="BOT", default="heuristic", show_default=True, shell_complete=_complete_players(False), help="The bot that plays every deck, boxer or collection.")
@_lab_options
@click.pass_context
def tournament(ctx: click.Context, game: str, entrants: tuple[str, ...], count: int, seed: int, bot: str, cards: Path | None, **options: Any) -> None:
    """Play every pair of ENTRANTS against each other, seats swapped, and show the matrix.

    An entrant is a deck (BattleFight), a boxer (Dans les Cordes) or a
    collection (Duel de dragons), played by --bot; or a bot's name
    (random, heuristic, mcts:300…), playing the game's setup. Each cell is
    the row's score against the column (a draw is half a win) with its 95%
    interval; the standings sum each entrant's games.
    """
    from atout.interpreter.engine.registry import find_engine
    from atout.interpreter.lab.run import study_of
    from atout.interpreter.lab.tournament import Tournament, pairings

    lab = _pop_lab(options)
    _check_outputs(ctx, lab)
    if len(set(entrants)) < 2:
        raise click.UsageError("a tournament needs at least two different entrants", ctx)
    engine = find_engine(game)
    traits = engine.lab
    base = _load_game(ctx, game, cards, options)
    bots = set(engine.bots) | {"mcts"}
    are_bots = all(name in bots or name.startswith("mcts:") for name in entrants)
    studies = []
    pairs = pairings(list(dict.fromkeys(entrants)))
    for a, b in pairs:
        if are_bots:
            _check_bots(ctx, base, {"entrant": a, "entrant ": b}, human=False)
            studies.append(study_of(base, (a, b), count, seed, not lab["no_swap"], label=f"{a} against {b}"))
            continue
        if traits is None or traits.sides(base.setup) is None:
            raise click.UsageError(f"{game}'s entrants are bots ({', '.join(sorted(engine.bots))}): its seats have no deck of their own", ctx)
        loaded = _load_game(ctx, game, cards, {**options, traits.side_word: (a, b)})
        _check_bots(ctx, loaded, {"bot": bot}, human=False)
        studies.append(study_of(loaded, (bot, bot), count, seed, not lab["no_swap"], label=f"{a} against {b}", sides=(a, b)))
    finished, summaries = _run_counted(ctx, studies, lab, f"{game}: tournament of {len(set(entrants))}")
    board = Tournament(game, list(dict.fromkeys(entrants)), count, pairs, summaries)
    _output(ctx, base, summaries, board, lab, finished)


# ---------------------------------------------------------------------------
# Shared steps
# ---------------------------------------------------------------------------

_LAB_KEYS = ("no_swap", "workers", "backend", "address", "output", "csv_path", "report_path", "records_dir", "which")


def _pop_lab(options: dict[str, Any]) -> dict[str, Any]:
    """The lab's own options, taken out of the game's setup options."""
    return {key: options.pop(key) for key in _LAB_KEYS}


def _check_outputs(ctx: click.Context, lab: dict[str, Any]) -> None:
    """Refuse two outputs for standard output: `--csv -` leaves it to the CSV alone (the text summary goes to standard error)."""
    if lab["csv_path"] is not None and str(lab["csv_path"]) == "-" and lab["output"] == "json":
        raise click.UsageError("--csv - and --format json both write to standard output: write one of them to a file (--csv FILE)", ctx)
    from .output import check_destination, check_folder

    check_destination("--csv", lab["csv_path"])
    check_destination("--report", lab["report_path"])
    check_folder("--save-records", lab["records_dir"])


def _run(ctx: click.Context, studies: list[Study], lab: dict[str, Any], label: str, on_result: Callable[[Any], None] | None = None) -> Run:
    """Play the studies with a progress bar (its rate and time left on a terminal).

    Ctrl-C, SIGTERM and SIGHUP stop the run and keep what is done (the
    workers are ended at once); a terminal that is gone by then (a hang-up)
    is not written to. With `on_result`, each result goes to it (in the
    games' order) and the run keeps none.
    """
    from atout.interpreter.lab.cluster import ClusterUnreachable, RayMissing
    from atout.interpreter.lab.run import STOPPING_SIGNALS, default_workers, run

    total = sum(study.games for study in studies)
    workers = lab["workers"] or default_workers()
    if lab["backend"] == "local" and total < SMALL_RUN:
        workers = 1
    if lab["address"] and lab["backend"] != "ray":
        raise click.UsageError("--address is for --backend ray", ctx)
    started = time.monotonic()
    done = [0]

    def rate(_: Any) -> str:
        elapsed = time.monotonic() - started
        return f"{done[0] / elapsed:,.0f} games/s" if elapsed > 0 and done[0] else ""

    finished: Run | None = None
    try:
        with click.progressbar(length=total, label=label, file=sys.stderr, show_eta=True, item_show_func=rate) as bar:

            def progress(n: int) -> None:
                done[0] += n
                bar.update(n, done[0])

            try:
                finished = run(studies, workers, lab["backend"], lab["address"], progress, signals=STOPPING_SIGNALS, on_result=on_result, keep=on_result is None)
            except RayMissing as error:
                raise click.UsageError(str(error), ctx) from None
            except ClusterUnreachable as error:  # exit 2, as a wrong option: the address is the designer's
                raise click.BadParameter(str(error), ctx, param_hint="--address") from None
        if finished.interrupted:
            click.echo(f"\ninterrupted: {_why(finished)}; {finished.played} of {total} games finished; their summary follows.", err=True)
    except OSError:
        if finished is None or not finished.interrupted:
            raise
        _terminal_gone()
    return finished


def _run_counted(ctx: click.Context, studies: list[Study], lab: dict[str, Any], label: str) -> tuple[Run, list[Summary]]:
    """`_run`, with each study's figures counted as its games finish: the run's memory does not grow with its games.

    The results themselves are kept only where asked: every one for `--csv`
    or `--save all`, the first few of each ending for `--save-records`.
    """
    from atout.interpreter.lab.summary import Summary, Tally

    keep = lab["csv_path"] is not None or (lab["records_dir"] is not None and lab["which"] == "all")
    tallies = [Tally(study, keep=keep, samples=lab["records_dir"] is not None) for study in studies]
    finished = _run(ctx, studies, lab, label, on_result=lambda result: tallies[result.study].add(result))
    return finished, [Summary.of(tally, finished.interrupted) for tally in tallies]


def _why(finished: Run) -> str:
    """What stopped a run, in words."""
    import signal

    if finished.lost:
        return finished.lost
    if finished.stopped_by == signal.SIGINT:
        return "Ctrl-C"
    if finished.stopped_by is not None:
        name = signal.Signals(finished.stopped_by).name
        return f"{name} (hang-up)" if name == "SIGHUP" else name
    return "stopped"


def _exit_code(finished: Run) -> int:
    """The exit code of a stopped run: 128 + the signal's number (130 for Ctrl-C), 1 when a worker was lost to anything else."""
    return 128 + finished.stopped_by if finished.stopped_by is not None else 1


def _terminal_gone() -> None:
    """Standard output and error cannot be written (a hung-up terminal, a closed pipe): send what follows nowhere.

    Python's own flush at exit would otherwise fail and say so.
    """
    devnull = os.open(os.devnull, os.O_WRONLY)
    for stream in (sys.stdout, sys.stderr):
        try:
            os.dup2(devnull, stream.fileno())
        except (OSError, ValueError):  # pragma: no cover - a stream with no file (captured)
            pass
    os.close(devnull)


def _variants(ctx: click.Context, loaded: LoadedGame, each: str, options: dict[str, Any]) -> tuple[str, list[tuple[str, dict[str, Any]]]]:
    """`--each OPTION=V1,V2`: the option's name, and each value with the setup options it gives.

    `default` is the option left out; `all` every value the game allows
    (and the default); a flag takes `yes` and `no`. An option given once per
    player is refused: a tournament compares decks, boxers and collections.
    """
    name, _, listed = each.partition("=")
    name = name.strip().lstrip("-")
    declared = {option.name: option for option in loaded.engine.options}
    option = declared.get(name)
    if option is None or not listed.strip():
        raise click.UsageError(f"--each takes OPTION=V1,V2,… with one of {loaded.engine.name}'s options: {', '.join(sorted(declared))}", ctx)
    if option.per_player:
        raise click.UsageError(f"--each {name}: a {name} is given per player; compare them with `atout tournament {loaded.engine.name} A B …`", ctx)
    values = [value.strip() for value in listed.split(",") if value.strip()]
    if values == ["all"]:
        values = ["no", "yes"] if option.kind == "flag" else ["default", *(option.choices(loaded.files) if option.choices else [])]
    variants: list[tuple[str, dict[str, Any]]] = []
    for value in values:
        given = {key: v for key, v in options.items() if key != name}
        if option.kind == "flag":
            if value not in ("yes", "no"):
                raise click.UsageError(f"--each {name}: a flag is yes or no, not {value!r}", ctx)
            given[name] = value == "yes"
        elif value != "default":
            given[name] = value
        variants.append((value, given))
    if len({value for value, _ in variants}) < 2:
        raise click.UsageError(f"--each {name}: give at least two values to compare", ctx)
    return name, variants


def _output(
    ctx: click.Context,
    loaded: LoadedGame,
    summaries: Sequence[Summary],
    board: Tournament | None,
    lab: dict[str, Any],
    finished: Run,
    compared: str | None = None,
    cards: tuple[int, frozenset[str]] | None = None,
) -> None:
    """Print the summary and write the files asked for; a stopped run then exits with its code.

    With `--csv -` standard output holds the CSV only, and the summary goes
    to standard error. `cards` is how many cards the text's ranking shows,
    and the designer's cards, always shown. When a stopped run's summary
    cannot be written (the terminal is gone) the run still exits with its code.
    """
    for step in (lambda: _print_summary(loaded, summaries, board, lab, compared, cards), lambda: _write_files(ctx, loaded, summaries, board, lab)):
        try:
            step()
        except OSError:
            if not finished.interrupted:
                raise
            _terminal_gone()
    if finished.interrupted:
        sys.exit(_exit_code(finished))


def _print_summary(loaded: LoadedGame, summaries: Sequence[Summary], board: Tournament | None, lab: dict[str, Any], compared: str | None, cards: tuple[int, frozenset[str]] | None) -> None:
    """The summary as text or JSON: on standard output, or on standard error when the CSV goes to standard output."""
    from atout.interpreter.lab import report

    traits = loaded.engine.lab
    side_word = traits.side_word if traits is not None else "side"
    err = lab["csv_path"] is not None and str(lab["csv_path"]) == "-"  # standard output is the CSV's alone
    if lab["output"] == "json":
        lines = [report.json_text(summaries, board)]
    elif board is not None:
        lines = report.tournament_text(board)
    elif compared is not None:
        lines = report.comparison_text(summaries, compared)
    else:
        shown, own = cards or (report.TEXT_CARDS, frozenset())
        # on a terminal, the card table fits its width; piped or saved, every column in full
        terminal = shutil.get_terminal_size().columns if sys.stdout.isatty() and not err else None
        lines = report.text(summaries[0], _ending_labels(loaded), side_word=side_word, cards_shown=shown, own=own, terminal=terminal)
    for line in lines:
        click.echo(line, err=err)


def _write_files(ctx: click.Context, loaded: LoadedGame, summaries: Sequence[Summary], board: Tournament | None, lab: dict[str, Any]) -> None:
    """The CSV, the HTML report and the records asked for."""
    from atout.interpreter.lab import report

    traits = loaded.engine.lab
    side_word = traits.side_word if traits is not None else "side"
    if lab["csv_path"] is not None:
        _write(ctx, lab["csv_path"], report.csv_text(summaries))
    if lab["report_path"] is not None:
        title = f"{loaded.engine.language.title}: " + ("tournament" if board else "balance report")
        _write(ctx, lab["report_path"], report.html_page(summaries, board, title, _ending_labels(loaded), side_word=side_word))
    if lab["records_dir"] is not None:
        _save_records(ctx, loaded, summaries, lab["records_dir"], lab["which"])


def _ending_labels(loaded: LoadedGame) -> dict[str, str]:
    """Each ending's code with its meaning, as the summary and the report show them: `ko (a boxer is KO)`."""
    return {ending.code: f"{ending.code} ({ending.meaning})" for ending in loaded.engine.endings}


def _write(ctx: click.Context, path: Path, text: str) -> None:
    if str(path) == "-":
        click.echo(text, nl=False)
        return
    from atout.interpreter.files import WriteError, write_text

    try:
        write_text(path, text)  # whole or not at all: a report already there is never cut
    except WriteError as error:
        raise OutputError(str(error)) from None
    click.echo(f"written: {path}", err=True)


def _save_records(ctx: click.Context, loaded: LoadedGame, summaries: Sequence[Summary], folder: Path, which: str) -> None:
    """Play the chosen games again with a record (the same seed gives the same game) into `folder`."""
    from atout.interpreter import api
    from atout.interpreter.api import LoadedGame as Loaded
    from atout.interpreter.engine.record import RecordWriteError

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputError(f"cannot make {folder}: {error.strerror}") from None
    saved = 0
    for number, summary in enumerate(summaries):
        kept: dict[str, int] = {}
        traits = loaded.engine.lab
        for result in summary.samples:
            code = result.code or "end"
            if which == "sample" and kept.get(code, 0) >= 3:
                continue
            kept[code] = kept.get(code, 0) + 1
            setup = traits.swap(summary.study.setup) if result.swapped and traits is not None else summary.study.setup
            game = loaded.engine.build(loaded.files, setup)
            again = Loaded(loaded.engine, loaded.files, setup, game)
            path = folder / f"{summary.study.game}-{number + 1}-{result.index + 1:05d}-{code}.jsonl"
            try:
                played = api.play(again, result.bots, result.seed, record=path)
            except RecordWriteError as error:  # a full disk: the records saved so far stay
                raise OutputError(f"{error}; {saved} records were saved to {folder} before it") from None
            if played.outcome.winner != result.winner or played.turns != result.turns:  # pragma: no cover - a determinism bug
                raise click.ClickException(f"game {result.index + 1} did not play the same again: please report it")
            saved += 1
    click.echo(f"{saved} records written to {folder} (replay one with: atout replay FILE --step)", err=True)


from . import lab_versions  # noqa: E402,F401  (registers `sweep`; `simulate --vs` hands over to it)
from . import lab_diff  # noqa: E402,F401  (registers `diff-report`)
