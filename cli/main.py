"""The `atout` command: validate card files, print their AST, play, replay (simulate and tournament: `lab.py`).

Exit codes: 0 when all is well, 1 when a file or a record is invalid (or a
game is abandoned), 2 on a usage error (click's own) and for a `--record`
path that cannot be written. No command lets a Python traceback reach the user
for bad input: every problem is a diagnostic with a place.
"""

from __future__ import annotations

import atexit
import gc
import io
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, NoReturn

import click

from atout.cards import CARDS_DIR

from .output import CheckedGroup

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

    from atout.interpreter.api import LoadedGame
    from atout.interpreter.engine.loading import GameFiles
    from atout.interpreter.engine.options import GameOption
    from atout.interpreter.engine.players import Player
    from atout.interpreter.engine.registry import GameEngine
    from atout.interpreter.engine.state import Event, Game, State
    from atout.interpreter.engine.record import Record
    from atout.interpreter.language.diagnostics import Diagnostic, DiagnosticError
    from atout.interpreter.language.game import GameLanguage
    from atout.interpreter.language.inputs import InputError
    from atout.interpreter.language.project import Validation


#: The commands defined in other modules, by name: (module, the command's name there; None: the module adds it to `main` itself).
#: A command's module is imported only when that command is run, completed or listed (`atout --help`).
LAZY_COMMANDS: dict[str, tuple[str, str | None]] = {
    "init": ("atout.cli.init", "init"),
    "simulate": ("atout.cli.lab", None),
    "tournament": ("atout.cli.lab", None),
    "sweep": ("atout.cli.lab_versions", None),
    "diff-report": ("atout.cli.lab_diff", None),
    "forms": ("atout.cli.forms", None),
    "fmt": ("atout.cli.fmt", "fmt"),
    "lsp": ("atout.cli.lsp", "lsp"),
    "view": ("atout.cli.pages", "view"),
    "gallery": ("atout.cli.pages", "gallery"),
    "print": ("atout.cli.printing", "print_cards"),
}


class LazyGroup(CheckedGroup):
    """The `atout` group: its own commands, and those of `LAZY_COMMANDS`, imported on first use (click's lazy group).

    A command's module is imported when the command is asked for, so that
    `atout validate` or `atout play` does not import the balance lab, the
    language server or the printed sheets.
    """

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command's name, sorted, without importing the modules of `LAZY_COMMANDS`."""
        return sorted({*self.commands, *LAZY_COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command `cmd_name`, its module imported first if it is one of `LAZY_COMMANDS`."""
        if cmd_name not in self.commands and cmd_name in LAZY_COMMANDS:
            import importlib

            module_name, attribute = LAZY_COMMANDS[cmd_name]
            module = importlib.import_module(module_name)
            if attribute is not None and cmd_name not in self.commands:
                self.add_command(getattr(module, attribute), cmd_name)
        return self.commands.get(cmd_name)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="atout")
def main() -> None:
    """atout: write card games as text, check them, play them, replay them.

    Games from elsewhere join with the environment variable ATOUT_GAMES:
    modules (comma-separated, importable) that register a game each.
    """


class Registry:
    """The registry of games as the commands use it: each mapping imported on first use.

    `LANGUAGES` imports no engine: checking files (`atout validate`, `fmt`)
    needs the games' languages only.
    """

    @property
    def LANGUAGES(self) -> dict[str, GameLanguage[Any, Any]]:  # noqa: N802 - the mapping's name, as elsewhere
        """Every game's language, by its command-line name."""
        from atout.interpreter.language.registry import languages

        return languages()

    @property
    def ENGINES(self) -> dict[str, GameEngine]:  # noqa: N802 - the mapping's name, as elsewhere
        """Every playable game's engine, by its command-line name."""
        from atout.interpreter.engine.registry import GAMES

        return GAMES.ENGINES


#: The registry of games, for the commands (through `games()`).
REGISTRY = Registry()


def games() -> Registry:
    """The registry of games (`LANGUAGES`, `ENGINES`), imported on first use: the installed games, and those ATOUT_GAMES names.

    A command imports it only when it needs it, so that `atout validate`
    answered from its cache starts fast (and checks files without importing
    an engine); an installed game or a module of ATOUT_GAMES that cannot be
    loaded is an error (exit 1), not a traceback.
    """
    try:
        from atout.interpreter.language.registry import languages

        languages()  # the games are looked up here, where a game that cannot be loaded is told
    except ImportError as error:
        raise click.ClickException(str(error)) from None
    return REGISTRY


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path, allow_dash=True))
@click.option(
    "--format",
    "output",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text for people, json for CI.",
)
@click.option("-q", "--quiet", is_flag=True, help="Print only the problems, not the summary.")
@click.option(
    "--max-per-file",
    type=click.IntRange(0),
    default=20,
    show_default=True,
    help="Print at most this many problems of each file, then how many more there are (0: all).",
)
def validate(paths: tuple[Path, ...], output: str, quiet: bool, max_per_file: int) -> None:
    """Check card, deck, collection and rules files.

    PATHS are files or folders (searched recursively for .atout files); with
    none, the card files shipped with atout are checked; - reads one file
    from standard input (its header says its game and kind; messages name
    it <stdin>). The problems of each
    file are printed as file:line:col: CODE message, with the line and a
    caret: the first 20 of a file, then how many more it has (--max-per-file
    changes that). With --format json, the same problems are listed, every
    problem is counted in "problems", and "truncated" gives, per file, how
    many were left out. Exit 0 when all is valid, 1 when anything is not.
    """
    from atout.interpreter.language import runs
    from atout.interpreter.language.inputs import recording

    targets = list(paths) or [CARDS_DIR]
    run_key = None if Path("-") in targets else runs.key("validate", [[str(t) for t in targets], output, quiet, max_per_file])
    answer = runs.load(run_key) if run_key is not None else None
    if answer is None:
        out, err = io.StringIO(), io.StringIO()
        with recording() as inputs, redirect_stdout(out), redirect_stderr(err):
            code = _validate(targets, output, quiet, max_per_file)
        answer = runs.Answer(out.getvalue(), err.getvalue(), code)
        if run_key is not None:
            runs.store(run_key, inputs, answer)
    sys.stdout.write(answer.stdout)
    sys.stderr.write(answer.stderr)
    sys.exit(answer.code)


@contextmanager
def _collector_at_rest() -> Iterator[None]:
    """The cyclic garbage collector paused while the games are imported and the files read, as it was after.

    What the imports make lives as long as the process, and so do the files
    read and their nodes: going through them again and again finds nothing
    (the shipped cards, read with the collector paused, leave under 200
    objects in reference cycles, and 270 broken files under 200 more; the
    rest is freed as soon as it is dropped). A caller that goes on (a test,
    the language server) finds the collector as it was.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


_FREEZING_AT_EXIT: list[bool] = []


def _freeze_at_exit() -> None:
    """Have the process freeze its objects when it exits (`gc.freeze`, registered once with `atexit`).

    Python's teardown clears the modules one by one, and the collector goes
    through every object still tracked each time it runs meanwhile: the
    games' models, the parsers' tables, the files read, all alive until the
    end. Frozen, they are skipped: a cold `atout validate cards/` exits
    about 0.13 s sooner. Nothing else changes: the standard streams are
    flushed and the other exit handlers run as before; only garbage in
    reference cycles is left to the end of the process, as the operating
    system reclaims it.
    """
    if not _FREEZING_AT_EXIT:
        _FREEZING_AT_EXIT.append(True)
        atexit.register(gc.freeze)


def _folder_refused(error: InputError) -> Diagnostic:
    """A folder too large to be a game's (`expand`), as `play --cards` tells it: E100 at the folder."""
    from atout.interpreter.language.diagnostics import Diagnostic

    return Diagnostic("E100", error.reason, error.path or "")


def _tell_folder_refused(error: InputError) -> None:
    """Tell that a folder is too large to be a game's, on standard error."""
    click.echo(_folder_refused(error).render() + "\n", err=True)


def _validate(targets: list[Path], output: str, quiet: bool, max_per_file: int) -> int:
    """`atout validate` itself: print the problems and the summary; the exit code."""
    from atout.interpreter.language.inputs import InputError
    from atout.interpreter.language.project import expand, validate as validate_files

    with _standard_input(targets) as (targets, renamed):
        try:
            files = expand(targets)
        except InputError as error:  # a folder too large to be a game's
            if output != "json":
                _tell_folder_refused(error)
                return 1
            refused = {"valid": False, "files": 0, "cards": 0, "problems": 1, "notes": 0, "diagnostics": [_folder_refused(error).as_json()], "truncated": {}}
            click.echo(json.dumps(refused, ensure_ascii=False, indent=2))
            return 1
        if not files:
            click.echo(f"no .atout file in {', '.join(map(str, targets))}", err=True)
            return 1
        _freeze_at_exit()
        with _collector_at_rest():
            result = renamed(validate_files(files, games().LANGUAGES))
    shown, truncated = _first_per_file(result.diagnostics, max_per_file)
    if output == "json":
        click.echo(
            json.dumps(
                {
                    "valid": result.is_valid,
                    "files": len(files),
                    "cards": _count_cards(result),
                    "problems": len(result.problems),
                    "notes": len(result.diagnostics) - len(result.problems),
                    "diagnostics": [d.as_json() for d in shown],
                    "truncated": truncated,
                },
                ensure_ascii=False,
                indent=2,
            )
        )
    else:
        _print_problems(shown, truncated)
        if not quiet:
            problems = len(result.problems)
            invalid = len({d.file for d in result.problems})
            notes = len(result.diagnostics) - problems
            checked = _plural(len(files), "file")
            summary = (f"{checked}, {_plural(_count_cards(result), 'card')}: all valid" if result.is_valid else f"{checked}: {_plural(problems, 'problem')} in {_plural(invalid, 'file')}") + (
                f" ({_plural(notes, 'note')})" if notes else ""
            )
            click.echo(summary, err=not result.is_valid)
    return 0 if result.is_valid else 1


@contextmanager
def _standard_input(targets: list[Path]) -> Iterator[tuple[list[Path], Callable[[Validation], Validation]]]:
    """The paths to validate, "-" read from standard input into a temporary file;
    and what names that file `<stdin>` in the result."""
    if Path("-") not in targets:
        yield targets, lambda result: result
        return
    import dataclasses
    import tempfile

    from atout.interpreter.language.project import Validation

    data, refusal = _read_stdin()
    with tempfile.TemporaryDirectory(prefix="atout-stdin-") as folder:
        path = Path(folder) / "stdin.atout"
        if refusal is None:
            path.write_bytes(data)

        def renamed(result: Validation) -> Validation:
            def rename(diagnostic: Diagnostic) -> Diagnostic:
                return dataclasses.replace(diagnostic, file=STDIN) if diagnostic.file == str(path) else diagnostic

            if refusal is not None:  # standard input refused: its E100 stands for what the missing file gave
                others = [d for d in result.diagnostics if d.file != str(path)]
                return Validation(result.documents, sorted([refusal, *others], key=lambda d: (d.file, d.line, d.column)))
            return Validation(result.documents, [rename(d) for d in result.diagnostics])

        yield [path if target == Path("-") else target for target in targets], renamed


#: How messages name a file read from standard input.
STDIN = "<stdin>"


def _read_stdin() -> tuple[bytes, Diagnostic | None]:
    """Standard input's bytes (at most the size of a card file) and None; or no bytes and the E100 that
    refuses it (closed, too large), told as a file refused is (`<stdin>:1:1: E100 standard input is more than …`)."""
    from atout.interpreter.language.diagnostics import Diagnostic
    from atout.interpreter.language.inputs import InputError, read_stdin

    try:
        return read_stdin(), None
    except InputError as error:
        return b"", Diagnostic("E100", error.reason, STDIN)


def _card_texts(loaded: LoadedGame) -> Callable[[str], str | None]:
    """What a card does, on one line, from its name: for the options a person chooses from."""
    from atout.interpreter.language.text import fold

    language = loaded.engine.language
    texts: dict[str, str] = {}
    if language.write_card is not None:
        for card_file in loaded.files.card_files:
            for card in card_file.cards:
                lines = [line.strip() for line in language.write_card(card).strip().split("\n")[1:]]
                texts.setdefault(fold(language.card_name(card)), " · ".join(line for line in lines if line))
    return lambda label: texts.get(fold(label))


def _print_problems(shown: list[Diagnostic], truncated: dict[str, int], err: bool = False) -> None:
    """Print diagnostics, and after the last one shown of a file, how many more it has."""
    for index, diagnostic in enumerate(shown):
        click.echo(diagnostic.render() + "\n", err=err)
        more = truncated.get(diagnostic.file)
        last_of_file = index + 1 == len(shown) or shown[index + 1].file != diagnostic.file
        if more and last_of_file:
            click.echo(f"… and {more} more problem{'s' * (more != 1)} in {diagnostic.file}\n", err=err)


def _first_per_file(diagnostics: list[Diagnostic], limit: int) -> tuple[list[Diagnostic], dict[str, int]]:
    """The first `limit` diagnostics of each file (all when 0), and how many each file has beyond them."""
    if limit == 0:
        return list(diagnostics), {}
    shown: list[Diagnostic] = []
    counts: dict[str, int] = {}
    truncated: dict[str, int] = {}
    for diagnostic in diagnostics:
        counts[diagnostic.file] = counts.get(diagnostic.file, 0) + 1
        if counts[diagnostic.file] <= limit:
            shown.append(diagnostic)
        else:
            truncated[diagnostic.file] = truncated.get(diagnostic.file, 0) + 1
    return shown, truncated


def _and(words: list[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _plural(count: int, word: str) -> str:
    """`1 file`, `2 files`: a count and its noun, in the right number."""
    return f"{count} {word}{'s' * (count != 1)}"


def _count_cards(result: Validation) -> int:
    from atout.interpreter.language.nodes import CardFile

    return sum(len(d.node.cards) for d in result.documents if isinstance(d.node, CardFile))


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path, allow_dash=True))
def ast(file: Path) -> None:
    """Print the AST of FILE as JSON (exit 1 with the problems if it cannot be read).

    FILE is read alone: a single card's tree is shown without a whole set
    (`atout validate` checks a set: names, counts, decks). The AST's spans
    (where each node is written) are left out. Of the problems, the first 20
    are printed, then how many more. FILE - reads standard input (named
    <stdin> in messages).
    """
    from atout.interpreter.language.loader import Document, read_document, read_file
    from atout.interpreter.language.nodes import dump

    LANGUAGES = games().LANGUAGES

    if str(file) == "-":
        data, refusal = _read_stdin()
        document = read_document(STDIN, data, LANGUAGES) if refusal is None else Document(STDIN, diagnostics=[refusal])
    else:
        document = read_file(file, LANGUAGES)  # the file alone: one card's tree needs no whole set
    problems = [d for d in document.diagnostics if not d.is_note]
    if problems:
        _print_problems(*_first_per_file(problems, 20), err=True)
        sys.exit(1)
    node = document.node
    assert node is not None, "a valid file has its AST"
    click.echo(json.dumps(dump(node), ensure_ascii=False, indent=2))


@main.command()
@click.argument("code", required=False)
def explain(code: str | None) -> None:
    """What a diagnostic CODE means (E111, E361…), and the game that alone gives it; with no CODE, every code."""
    from atout.interpreter.language.diagnostics import CODES, GAME_CODES, SHARED_CODES, code_owner, shorten

    titles = {name: language.title for name, language in games().LANGUAGES.items()}
    if code is None:
        for shared, meaning in SHARED_CODES.items():
            click.echo(f"{shared}  {meaning}")
        for game, table in GAME_CODES.items():
            for own, meaning in table.items():
                if game in titles:
                    click.echo(f"{own}  {meaning} ({titles[game]} only)")
        return
    wanted = code.strip().upper()
    owner = code_owner(wanted)
    if wanted not in CODES or (owner is not None and owner not in titles):
        raise click.BadParameter(f'no code "{shorten(code)}"; `atout explain` lists them all', param_hint="CODE")
    click.echo(f"{wanted}: {CODES[wanted]}" + (f" ({titles[owner]} only)" if owner is not None else ""))


# ---------------------------------------------------------------------------
# Playing, simulating, replaying
# ---------------------------------------------------------------------------


def _games() -> list[str]:
    return list(games().ENGINES)


class GameChoice(click.ParamType):
    """A game's command-line name; an unknown one lists the valid names."""

    name = "game"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from atout.interpreter.language.registry import game_names

        installed = game_names()  # the names alone: no game is loaded to check one
        if installed is not None and value in installed:
            return value
        games = _games()
        if value in games:
            return value
        from atout.interpreter.language.diagnostics import nearest, shorten

        near = nearest(value, games)
        hint = f' (did you mean "{near}"?)' if near else ""
        self.fail(f'unknown game "{shorten(value)}"{hint}; the games are {", ".join(games)}', param, ctx)

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "[" + "|".join(_games()) + "]"

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
        """The games whose name starts with what is typed (shell completion)."""
        return complete_games(ctx, param, incomplete)


# ---------------------------------------------------------------------------
# Shell completion (click's: `eval "$(_ATOUT_COMPLETE=bash_source atout)"`, see docs/cli.md)
# ---------------------------------------------------------------------------


def _starting(names: list[str], incomplete: str) -> list[CompletionItem]:
    """The names that start with what is typed (case and accents do not matter), as completions."""
    from click.shell_completion import CompletionItem

    from atout.interpreter.language.text import fold

    typed = fold(incomplete)
    return [CompletionItem(name) for name in dict.fromkeys(names) if fold(name).startswith(typed)]


def complete_games(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Shell completion of a game's name."""
    return _starting(_games(), incomplete)


def _completed_engines(ctx: click.Context) -> list[GameEngine]:
    """The games a command line being completed is about: the one it names, else every game.

    (While an option's value is being completed, click has not read the
    game's name yet: it is found among the words typed.)
    """
    engines = games().ENGINES
    game = ctx.params.get("game")
    if not isinstance(game, str) or game not in engines:
        game = next((word for word in ctx.meta.get(_WORDS, ()) if word in engines), None)
    return [engines[game]] if game is not None else list(engines.values())


def _complete_setup(name: str) -> Callable[[click.Context, click.Parameter, str], list[CompletionItem]]:
    """Shell completion of a setup option (`--deck`, `--boxer`, `--collection`, `--lieu`, `--rules`).

    The names come from the game's files: those of the folder given with
    `--cards` when it comes before, else the shipped ones; an option that
    also takes a file completes file names too. A folder that cannot be read
    completes nothing (completion never prints an error).
    """

    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
        from click.shell_completion import CompletionItem

        from atout.interpreter.engine.loading import load_files

        cards = ctx.params.get("cards")
        names: list[str] = []
        files_too = False
        for engine in _completed_engines(ctx):
            for option in engine.options:
                if option.name != name or option.choices is None:
                    continue
                files_too = files_too or option.files
                try:
                    names += option.choices(load_files(engine.language, [cards] if isinstance(cards, Path) else None))
                except Exception:  # a broken folder: nothing to offer, and never a traceback in the shell
                    continue
        found = _starting(names, incomplete)
        return [*found, CompletionItem(incomplete, type="file")] if files_too else found

    return complete


def _complete_players(human: bool) -> Callable[[click.Context, click.Parameter, str], list[CompletionItem]]:
    """Shell completion of `--p1` / `--p2`: `human` (where a person may play) and the game's bots."""

    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
        from atout.interpreter.engine.mcts import NAME as SEARCH_BOT

        bots = [bot for engine in _completed_engines(ctx) for bot in engine.bots]
        return _starting([*(["human"] if human else []), *bots, SEARCH_BOT], incomplete)

    return complete


def complete_entrants(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Shell completion of a tournament's entrants: the game's decks, boxers or collections (what its lab calls a side), and its bots."""
    found: list[CompletionItem] = []
    for engine in _completed_engines(ctx):
        if engine.lab is not None and engine.lab.side_word != "side":
            found += _complete_setup(engine.lab.side_word)(ctx, param, incomplete)
    sides = [item for item in found if item.type != "file" and item.value != "choose"]  # (the players choosing: no entrant)
    return sides + _complete_players(False)(ctx, param, incomplete)


def complete_game_then_nothing(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Shell completion of `GAME [WORDS]...`: the game's name first, then nothing (free words)."""
    return complete_games(ctx, param, incomplete) if not ctx.params.get(param.name or "") else []


def _fail(message: str) -> NoReturn:
    click.echo(f"error: {message}", err=True)
    sys.exit(1)


def _print_diagnostics(error: DiagnosticError) -> NoReturn:
    for diagnostic in error.diagnostics:
        click.echo(diagnostic.render() + "\n", err=True)
    sys.exit(1)


def _load(engine: GameEngine, cards: Path | None) -> GameFiles:
    """The game's validated files, or the diagnostics and exit 1."""
    from atout.interpreter.engine.loading import load_files
    from atout.interpreter.language.diagnostics import DiagnosticError

    try:
        return load_files(engine.language, [cards] if cards else None)
    except DiagnosticError as error:
        _print_diagnostics(error)


def _one_folder(ctx: click.Context, param: click.Parameter, values: tuple[Path, ...]) -> Path | None:
    """`--cards` once at most: a second one would be silently ignored, so it is refused, saying how to layer."""
    if len(values) > 1:
        raise click.BadParameter('give one folder; to lay a folder over another, write "Base : ../other" in its extension file (see "Extending a game" in docs/language.md)')
    return values[0] if values else None


#: `--cards`: not a setup option (a record does not keep it), every game has it.
CARDS_OPTION = click.Option(
    ["--cards"],
    type=click.Path(exists=True, path_type=Path),
    multiple=True,
    callback=_one_folder,
    help="The game's files (a folder, or a designer's set that extends the game); the shipped ones by default.",
)


def _declared_options(game: str | None = None) -> dict[str, list[tuple[str, GameOption]]]:
    """Every setup option the registered games declare, by name: which games, and how; with `game`, that game's alone (no other loaded)."""
    from atout.interpreter.engine.registry import find_engine

    declared: dict[str, list[tuple[str, GameOption]]] = {}
    for engine in [find_engine(game)] if game is not None else games().ENGINES.values():
        for option in engine.options:
            declared.setdefault(option.name, []).append((engine.name, option))
    return declared


def _click_option(name: str, declarations: list[tuple[str, GameOption]], alone: bool = False) -> click.Option:
    """One command-line option for a setup option, whichever games declare it (`alone`: the command line's game's only)."""
    first = declarations[0][1]
    games = [game for game, _ in declarations]
    if len({option.help for _, option in declarations}) == 1:
        text = first.help if alone or len(declarations) == len(_games()) else f"{', '.join(games)}: {first.help}"
    else:
        text = "  ".join(f"{game}: {option.help}" for game, option in declarations)
    if first.kind == "flag":
        return click.Option([f"--{name}"], is_flag=True, default=False, help=text)
    return click.Option([f"--{name}"], multiple=True, metavar=first.metavar, help=text, shell_complete=_complete_setup(name))


class GameCommand(click.Command):
    """A command taking a game: its options are the setup options the registered games declare.

    They are built when the command line is read (not when this module is
    imported), from the games registered then.
    """

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        params = super().get_params(ctx)
        game = None if ctx.meta.get(_EVERY_GAME) else _named_game(ctx.meta.get(_WORDS))
        games = [CARDS_OPTION, *(_click_option(name, declared, game is not None) for name, declared in _declared_options(game).items())]
        help_option = self.get_help_option(ctx)
        if help_option is not None and params and params[-1] is help_option:
            return [*params[:-1], *games, help_option]
        return [*params, *games]

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Read the command line, keeping its words for shell completion (see `_completed_engines`).

        The options are first those of the game the command line names
        alone (the other games are not loaded); an option it does not know
        has the command line read again with every game's, so that it is
        told whose option it is.
        """
        ctx.meta[_WORDS] = list(args)
        try:
            return super().parse_args(ctx, list(args))
        except (click.NoSuchOption, click.BadOptionUsage):
            if ctx.meta.get(_EVERY_GAME) or _named_game(args) is None:
                raise
            ctx.meta[_EVERY_GAME] = True
            ctx.params.clear()
            return super().parse_args(ctx, list(args))


#: Where a command taking a game keeps its command line's words, in its context's `meta`.
_WORDS = "atout.words"
#: Set in a context's `meta` when its command line is read with every game's options.
_EVERY_GAME = "atout.every-game"


def _named_game(words: list[str] | None) -> str | None:
    """The installed game a command line names (its first word that is one), to load it alone; None for help or none."""
    if not words or "--help" in words or "-h" in words:
        return None
    from atout.interpreter.language.registry import game_names

    installed = game_names()
    if installed is None:  # ATOUT_GAMES may add games: every game is loaded
        return None
    return next((word for word in words if word in installed), None)


def _setup_options(ctx: click.Context, engine: GameEngine, values: dict[str, Any]) -> dict[str, Any]:
    """The setup options given on the command line; one the game does not have is a usage error."""
    own = {option.name for option in engine.options}
    given = {name: values[name] for name in own if values.get(name)}
    foreign: list[str] = []
    if any(value and name not in own for name, value in values.items()):  # another game's option: say whose it is
        declared = _declared_options()
        foreign = [f"--{name} is an option of {_and([game for game, _ in declared[name]])}" for name in declared if values.get(name) and name not in own]
    if foreign:
        raise click.UsageError(
            f"{'; '.join(foreign)}, not of {engine.name}; {engine.name}'s options are {', '.join('--' + option.name for option in engine.options)}",
            ctx,
        )
    return given


def _load_game(ctx: click.Context, game: str, cards: Path | None, values: dict[str, Any]) -> LoadedGame:
    """The game with its files and setup; bad options are usage errors (exit 2), bad files exit 1."""
    from atout.interpreter.api import load_game
    from atout.interpreter.engine.options import OptionError
    from atout.interpreter.engine.registry import find_engine
    from atout.interpreter.language.diagnostics import DiagnosticError

    engine = find_engine(game)
    options = _setup_options(ctx, engine, values)
    _load(engine, cards)  # the files' problems first, as diagnostics
    try:
        return load_game(game, cards, **options)
    except OptionError as error:
        raise click.UsageError(str(error), ctx) from None
    except DiagnosticError as error:
        _option_problems(ctx, engine, options, error)
        _print_diagnostics(error)


def _option_problems(ctx: click.Context, engine: GameEngine, options: dict[str, Any], error: DiagnosticError) -> None:
    """Problems of the setup options themselves (two players with the same boxer) as a usage error naming the options.

    A game tells such a problem as a diagnostic placed at the option's name
    (no file): the message names the options as they were typed instead,
    `--boxer Lewis --boxer Lewis: …`, exit 2. Problems in files are left to
    the caller.
    """
    own = {option.name for option in engine.options}
    places = [diagnostic.file.removeprefix("--") for diagnostic in error.diagnostics]  # "boxer", "--deck", "setup"
    if not places or any(place not in own and place != "setup" for place in places):
        return
    messages = []
    for place, diagnostic in zip(places, error.diagnostics):
        names = [place] if place in own else [name for name in options if name in own]
        typed = " ".join(_typed(name, options.get(name)) for name in names)
        messages.append(f"{typed}: {diagnostic.message}" if typed else diagnostic.message)
    raise click.UsageError("; ".join(messages), ctx)


def _typed(name: str, value: Any) -> str:
    """An option as typed: `--boxer Lewis --boxer Lewis`, `--protecteurs`, `--boxer` when it was not given."""
    import shlex

    if value is True:
        return f"--{name}"
    values = value if isinstance(value, (list, tuple)) else [] if value in (None, False) else [value]
    return " ".join(f"--{name} {shlex.quote(str(v))}" for v in values) or f"--{name}"


def _check_bots(ctx: click.Context, loaded: LoadedGame, kinds: dict[str, str], human: bool = True) -> None:
    """A bot the game does not have (or a person where only bots play), or a bad search budget, is a usage error.

    The error names the game's bots (`mcts` among them for a game that can
    be searched) and, for a budget, its accepted forms.
    """
    from atout.interpreter.api import bot_maker, bot_names
    from atout.interpreter.engine.mcts import FORMS, NAME as SEARCH_BOT, is_search_bot
    from atout.interpreter.engine.options import OptionError
    from atout.interpreter.language.diagnostics import nearest, shorten

    engine = loaded.engine
    for option, kind in kinds.items():
        if human and kind == "human":
            continue
        if is_search_bot(kind) and kind not in engine.bots:
            try:
                bot_maker(engine, loaded.game, kind)
            except OptionError as error:
                raise click.UsageError(f"--{option}: {error.message}", ctx) from None
            continue
        if kind not in engine.bots:
            bots = bot_names(engine, loaded.game)
            near = nearest(kind, [*bots, *(["human"] if human else [])])
            hint = f' (did you mean "{near}"?)' if near else ""
            choices = ", ".join([*(["human"] if human else []), *bots])
            search = f" (for {SEARCH_BOT}: {FORMS})" if SEARCH_BOT in bots else ""
            raise click.UsageError(f'--{option}: {engine.name} has no player "{shorten(kind)}"{hint}; the choices are {choices}{search}', ctx)


@main.command(cls=GameCommand)
@click.argument("game", type=GameChoice())
@click.option(
    "--p1",
    metavar="human|BOT",
    default="human",
    show_default=True,
    shell_complete=_complete_players(True),
    help="Who plays P1: a person at this terminal, or one of the game's bots (random, heuristic, mcts; mcts:500 searches 500 iterations per decision, mcts:0.5s half a second).",
)
@click.option("--p2", metavar="human|BOT", default=None, shell_complete=_complete_players(True), help="Who plays P2  [default: heuristic, or the opponent the game's rules name].")
@click.option("--seed", type=int, default=None, help="Makes the game reproducible (random by default, and printed as the game starts).")
@click.option(
    "--record",
    "record_path",
    type=click.Path(dir_okay=False, path_type=Path, allow_dash=True),
    help="Write the game's record (JSON Lines) here (-: to standard output, the commentary then to standard error); a match's games all go in it.",
)
@click.option("--match", is_flag=True, help="Play a match: games until a player has won the number the rules say.")
@click.option("-q", "--quiet", is_flag=True, help="Between bots: print only the result.")
@click.pass_context
def play(
    ctx: click.Context,
    game: str,
    p1: str,
    p2: str | None,
    seed: int | None,
    record_path: Path | None,
    match: bool,
    quiet: bool,
    cards: Path | None,
    **options: Any,
) -> None:
    """Play a game: a person against a bot at the terminal, or bot against bot.

    A person sees their own hand, never the other's, and answers each
    decision with its number or its name. The game's setup options (--deck,
    --boxer, --lieu, ...) are those the game declares; an option of another
    game is a usage error.

    --record writes the record beside its path and puts it there when the
    game ends (or is abandoned): a game stopped halfway never destroys a
    record already at that path. A path that cannot be written (a missing
    folder, no permission, a full disk) is an error, exit 2. Leaving the
    game (q, Ctrl-C, end of input) ends the record with an "abandoned" line,
    exit 1. With --record -, the record goes to standard output and
    everything else (commentary, prompts, the result) to standard error.
    """
    loaded = _load_game(ctx, game, cards, options)
    to_stdout = record_path is not None and str(record_path) == "-"
    record: Path | IO[str] | None = sys.stdout if to_stdout else record_path
    if to_stdout:  # the record alone on standard output
        with redirect_stdout(sys.stderr):
            _play(ctx, loaded, p1, p2, seed, record, match, quiet)
    else:
        _play(ctx, loaded, p1, p2, seed, record, match, quiet)


def _play(
    ctx: click.Context,
    loaded: LoadedGame,
    p1: str,
    p2: str | None,
    seed: int | None,
    record_path: Path | IO[str] | None,
    match: bool,
    quiet: bool,
) -> None:
    """`atout play` once its game is loaded: the players, the game or match, the result."""
    import random as _random

    from atout.interpreter import api
    from atout.interpreter.engine.human import Abandoned, HumanPlayer
    from atout.interpreter.engine.play import Played
    from atout.interpreter.engine.record import RecordWriteError
    from atout.interpreter.language.diagnostics import DiagnosticError

    engine = loaded.engine
    shown_path = record_path if isinstance(record_path, Path) else "standard output"
    drawn = seed is None
    if seed is None:
        seed = _random.SystemRandom().randrange(1 << 31)
    if p2 is None:
        try:
            p2 = engine.default_opponent(loaded.files, loaded.setup) if engine.default_opponent is not None else "heuristic" if "heuristic" in engine.bots else "random"
        except DiagnosticError as error:
            _print_diagnostics(error)
    _check_bots(ctx, loaded, {"p1": p1, "p2": p2})
    humans = [seat for seat, kind in enumerate((p1, p2)) if kind == "human"]
    viewer = humans[0] if len(humans) == 1 else None
    current: list[State] = []
    # a person playing against a bot may take a decision back (not in a match)
    take_back = len(humans) == 1 and not match
    explain = _card_texts(loaded)
    players: list[str | Player] = [
        HumanPlayer(seat, lambda who: current[-1].describe(who), explain=explain, can_take_back=take_back) if kind == "human" else kind for seat, kind in enumerate((p1, p2))
    ]

    if drawn and (humans or not quiet):  # said now: a game left halfway can be played again
        click.echo(_again(seed))

    def taken_back(state: State, kept: int, message: str) -> None:
        click.echo(message)

    def printer(game_obj: Game) -> Callable[[Event], None]:
        def on_event(event: Event) -> None:
            if not quiet or humans:
                click.echo(game_obj.render(event, viewer))

        return on_event

    def result_line(state: State, turns: int) -> str:
        outcome = state.outcome()
        assert outcome is not None, "a played game is over"
        result = "a draw" if outcome.winner is None else f"P{outcome.winner + 1} wins"
        return f"{result}: {outcome.reason} ({turns} turn{'s' * (turns != 1)})"

    try:
        if match:

            def sheet(number: int, game_obj: Game, played: Played) -> None:
                click.echo(f"Game {number}: {result_line(played.state, played.turns)}")

            outcome = api.play_match(loaded, players, seed, record=record_path, on_game=sheet, on_event_for=printer, on_start=current.append)
            who = "undecided" if outcome.winner is None else f"P{outcome.winner + 1} wins the match"
            click.echo(f"Match: {who}, {outcome.wins[0]}–{outcome.wins[1]} (seed {seed})")
        else:
            played = api.play(
                loaded,
                players,
                seed,
                record=record_path,
                on_event=printer(loaded.game),
                on_start=current.append,
                on_take_back=taken_back if take_back else None,
            )
            click.echo(f"{result_line(played.state, played.turns)} (seed {seed})")
    except (Abandoned, KeyboardInterrupt) as left:
        reason = str(left) if isinstance(left, Abandoned) else "interrupted"
        click.echo(f"\n{reason}; the game is abandoned.", err=True)
        click.echo(_again(seed), err=True)
        if record_path is not None:
            click.echo(f"record written to {shown_path} (abandoned)", err=True)
        sys.exit(1)
    except RecordWriteError as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(2)
    if record_path is not None:
        click.echo(f"record written to {shown_path}" + (f" ({len(outcome.games)} games)" if match else ""))


def _again(seed: int) -> str:
    """How to play a game again: its seed (chance and the bots draw the same)."""
    return f"seed {seed}: add --seed {seed} to play this game again"


@main.command()
@click.argument("record_path", metavar="RECORD", type=click.Path(exists=True, dir_okay=False, path_type=Path, allow_dash=True))
@click.option("--step", is_flag=True, help="Walk the game one action at a time, showing the state, like a debugger.")
@click.option("--show", is_flag=True, help="Print the whole game as commentary.")
@click.option("--unfinished", is_flag=True, help="Accept a record that stops before the game ends (a transcription being written), and say so.")
@click.option(
    "--cards", type=click.Path(exists=True, path_type=Path), multiple=True, callback=_one_folder, help="A folder of the files the game was played with; by default, those the record carries."
)
def replay(record_path: Path, step: bool, show: bool, unfinished: bool, cards: Path | None) -> None:
    """Re-play a record and check it: every action legal, every step's outcome the same.

    Every field is checked: the header's setup must be legal, chance's
    choices those of the record's seed, each action's number, turn, player,
    kind, option and events those the game derives, the outcome the game's.

    --step walks the game one technique step at a time, showing the state
    (life, positions, hands, piles, techniques in play and their counters)
    before each step, like a debugger.

    Stops at the first divergence, says where (the record's line) and what
    differs, and exits 1. A record that stops before the game ends is refused
    (exit 1), saying who was to choose, unless --unfinished is given. A game
    abandoned at the terminal is reported as abandoned (exit 0: the record is
    complete and true). A match's record (several games) is checked game
    after game. A record transcribed from a game on a table may give only
    the players and labels of the choices; the replay derives the rest.

    The game is rebuilt from the files the record carries (a designer's
    files in full, atout's shipped files by their digests), from any folder;
    --cards FOLDER replays it with that folder's files instead (they must be
    the ones the record names). RECORD - reads the record from standard
    input.
    """
    from atout.interpreter.engine.record import RecordError, read_records

    games()  # the registry, with the games ATOUT_GAMES names (an error if one cannot be imported)
    from atout.interpreter.engine.registry import UnknownGame, find_engine
    from atout.interpreter.engine.replay import Divergence, replay_match
    from atout.interpreter.engine.sources import FilesError, files_for
    from atout.interpreter.language.diagnostics import DiagnosticError

    try:
        records = read_records(record_path)
    except RecordError as error:
        _fail(str(error))
    if str(record_path) == "-":
        record_path = Path(records[0].file)
    for record in records:
        try:
            find_engine(record.game)
        except UnknownGame as error:
            _fail(f"{record_path}:{record.header_line}: {error}")
    engine = find_engine(records[0].game)
    try:
        files = files_for(records, engine, cards)
    except FilesError as error:
        _fail(str(error))
    except DiagnosticError as error:
        _print_diagnostics(error)
    count = 0
    interactive = step and sys.stdin.isatty()
    watched: list[bool] = []
    current: list[Game] = []

    def pause() -> None:
        if interactive and click.prompt("[Enter] next, q quit", default="", show_default=False).strip().lower() == "q":
            raise click.exceptions.Exit(0)

    def watch(state: State, event: Event) -> None:
        """--step, for a game that reports its events as they happen: the
        state before each step (a technique's step, an ability's effect)."""
        watched.append(True)
        if event["e"] in state.step_events:
            click.echo(state.describe())
            pause()
        click.echo(current[-1].render(event))

    last_state: State | None = None
    wins = [0, 0]
    try:
        for record, game, state, replayed in replay_match(records, engine, files, unfinished=unfinished):
            if replayed is None:  # a game starts
                ended = last_state.outcome() if last_state is not None else None
                if ended is not None and ended.winner is not None:
                    wins[ended.winner] += 1
                last_state = state
                current.append(game)
                if len(records) > 1 and (show or step):
                    click.echo(f"=== game {record.header.get('match')} of the match")
                if show or step:
                    for event in state.start_events():
                        click.echo(game.render(event))
                if step and state.step_events:
                    state.observer = watch
                continue
            last_state = state
            count += 1
            if step and not watched:
                # a game without step-by-step reports: the state after each action
                decision = replayed.decision
                click.echo(f"--- action {count}: {replayed.action.player or ''} {decision.kind} → {decision.options[replayed.index].label}")
                for event in replayed.events:
                    click.echo(game.render(event))
                click.echo(replayed.state.describe())
                pause()
            elif show and not step:
                for event in replayed.events:
                    click.echo(game.render(event))
    except Divergence as divergence:
        _fail(f"divergence: {divergence}")
    click.echo(_verdict(record_path, records, count, last_state, wins))


@main.command()
@click.argument("what", type=click.Choice(["record"]))
def schema(what: str) -> None:
    """Print the JSON Schema of a format: `record`, the lines of a game record.

    The schema is made from the models replay reads records with, and gives
    the format version it describes ("version").
    """
    from atout.interpreter.engine.record import record_schema

    click.echo(json.dumps(record_schema(), ensure_ascii=False, indent=2))


def _verdict(record_path: Path, records: list[Record], count: int, state: State | None, wins: list[int]) -> str:
    """What a replay found: the outcome, the abandoned game, or the unfinished one."""
    from atout.interpreter.engine.replay import waiting

    last = records[-1]
    games = f" in {len(records)} games" if len(records) > 1 else ""
    text = f"{record_path}: {count} actions replayed{games}, all legal and identical"
    if last.abandoned is not None:
        left = last.abandoned
        return f"{text}; the game was abandoned in turn {left['turn']} ({left['reason']}), line {last.end_line}"
    if state is not None and state.outcome() is None:
        decision = state.decision()
        assert decision is not None, "a game not over has a decision"
        return f"{text}; unfinished: the record stops at line {last.last_line}, {waiting(decision)}"
    outcome = state.outcome() if state is not None else None
    if outcome is None:
        return text
    result = "a draw" if outcome.winner is None else f"P{outcome.winner + 1} wins"
    if len(records) > 1 or last.header.get("match") is not None:
        if outcome.winner is not None:
            wins[outcome.winner] += 1
        match = "undecided" if wins[0] == wins[1] else f"P{wins.index(max(wins)) + 1} wins the match"
        return f"{text}; last game: {result}: {outcome.reason}; {match}, {wins[0]}–{wins[1]}"
    return f"{text}; {result}: {outcome.reason}"


if __name__ == "__main__":  # pragma: no cover
    # run as `python -m atout.cli.main`: the commands of other modules register
    # on the module under its own name, so run that one
    from atout.cli.main import main as atout

    atout()
