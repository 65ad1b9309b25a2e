"""`atout view` and `atout gallery`: pages to open in a browser."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from .output import OutputError


@click.command()
@click.argument("record_path", metavar="RECORD", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True, help="The page to write (game.html).")
@click.option("--seat", type=click.Choice(["P1", "P2", "all"], case_sensitive=False), default="all", show_default=True, help="Show the hands as this player saw them, or all.")
def view(record_path: Path, output: Path, seat: str) -> None:
    """Write a record as one page that steps forward and back through the game.

    The record is replayed and checked first (a record that does not replay
    is refused, exit 1, with the divergence). Each step shows the action,
    its commentary and the state after it (BattleFight's board drawn with
    its pawns); buttons, a slider and the arrow keys move through the game.
    """
    from atout.interpreter.engine.record import RecordError
    from atout.interpreter.engine.registry import UnknownGame
    from atout.interpreter.engine.replay import Divergence
    from atout.interpreter.engine.sources import FilesError
    from atout.interpreter.language.diagnostics import DiagnosticError
    from atout.interpreter.pages.viewer import view_page

    from .main import games

    games()
    chosen = None if seat.lower() == "all" else int(seat[1]) - 1
    try:
        text = view_page(record_path, chosen)
    except (RecordError, Divergence, FilesError, UnknownGame) as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(1)
    except DiagnosticError as error:
        for diagnostic in error.diagnostics:
            click.echo(diagnostic.render() + "\n", err=True)
        sys.exit(1)
    from atout.interpreter.files import WriteError, write_text

    try:
        write_text(output, text)  # whole or not at all: a page already there is never cut
    except WriteError as error:
        raise OutputError(str(error)) from None
    click.echo(f"written: {output}")


@click.command()
@click.argument("folder", required=False, type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("-o", "--output", type=click.Path(file_okay=False, path_type=Path), required=True, help="The folder to write the site to (site/).")
def gallery(folder: Path | None, output: Path) -> None:
    """Write a static site with every card as a card face, filterable by type, faction, rarity.

    FOLDER is a game's set (a designer's set with its base, or a shipped
    game's folder); without it, every game shipped with atout. Open
    OUTPUT/index.html in a browser. A set with problems is refused (exit 1)
    with its diagnostics, as `atout validate` gives them.
    """
    from atout.interpreter.language.diagnostics import DiagnosticError
    from atout.interpreter.language.inputs import InputError, expand
    from atout.interpreter.language.loader import read_file
    from atout.interpreter.files import WriteError
    from atout.interpreter.pages.gallery import write_site

    from .main import _tell_folder_refused, games

    languages = games().LANGUAGES
    sets: list[tuple[Any, Path | None]]
    if folder is None:
        sets = [(language, None) for language in languages.values()]
    else:
        try:
            paths = expand([folder])
        except InputError as error:  # a folder too large to be a game's
            _tell_folder_refused(error)
            sys.exit(1)
        found = {document.game.name for document in (read_file(path, languages) for path in paths) if document.game is not None}
        if len(found) != 1:
            what = "no card file of any game" if not found else f"files of several games ({', '.join(sorted(found))})"
            raise click.UsageError(f"{folder} has {what}: give the folder of one game's set")
        sets = [(languages[found.pop()], folder)]
    try:
        written = write_site(output, sets)
    except DiagnosticError as error:
        for diagnostic in error.diagnostics:
            click.echo(diagnostic.render() + "\n", err=True)
        sys.exit(1)
    except OSError as error:  # a page (`WriteError` names it, left as it was) or the folder
        message = str(error) if isinstance(error, WriteError) else f"cannot write {output}: {error.strerror}"
        raise OutputError(message) from None
    for language, count in written:
        click.echo(f"{language.title}: {count} cards")
    click.echo(f"written: {output / 'index.html'}")
