"""`atout fmt`: card, deck, collection and rules files rewritten in canonical form, comments kept."""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

import click


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option("--check", is_flag=True, help="Change nothing; exit 1 if a file is not in canonical form, printing its diff.")
@click.option("--diff", "show_diff", is_flag=True, help="Change nothing; print what would change.")
@click.option("-q", "--quiet", is_flag=True, help="Print only the files changed and the problems.")
def fmt(paths: tuple[Path, ...], check: bool, show_diff: bool, quiet: bool) -> None:
    """Rewrite .atout files in canonical form, keeping their comments.

    PATHS are files or folders (searched recursively for .atout files); with
    none, the current folder. The canonical form is the way the shipped
    cards are printed: keywords as printed, one space around separators, one
    blank line before each card. Formatting keeps the meaning (the files
    read to the same cards) and the comments, and is idempotent. A file with
    problems is not rewritten: its problems are printed (as atout validate
    prints them) and fmt exits 1. Each file is written whole or not at all:
    a file that cannot be written (a full disk, no permission) is left as it
    was, byte for byte, and named; the others are formatted, and fmt exits
    1. With --check (for CI and pre-commit), nothing is written, and fmt
    exits 1 when a file would change.
    """
    from atout.interpreter.files import WriteError, write_text
    from atout.interpreter.language.formatting import format_document
    from atout.interpreter.language.inputs import InputError, expand
    from atout.interpreter.language.loader import read_file

    from .main import _print_problems, _tell_folder_refused, games

    languages = games().LANGUAGES
    try:
        files = expand(paths or [Path(".")])
    except InputError as error:  # a folder too large to be a game's
        _tell_folder_refused(error)
        sys.exit(1)
    if not files:
        click.echo(f"no .atout file in {', '.join(str(p) for p in paths or [Path('.')])}", err=True)
        sys.exit(1)
    changed = broken = unwritten = 0
    for path in files:
        formatted = format_document(read_file(path, languages))
        if formatted.problems:
            broken += 1
            _print_problems(formatted.problems, {}, err=True)
            continue
        if not formatted.changed or formatted.text is None:
            continue
        changed += 1
        if check or show_diff:
            diff = difflib.unified_diff(formatted.original.splitlines(keepends=True), formatted.text.splitlines(keepends=True), str(path), f"{path} (canonical)")
            click.echo("".join(diff), nl=False)
        else:
            try:
                write_text(path, formatted.text)
            except WriteError as error:
                changed -= 1
                unwritten += 1
                click.echo(f"error: {error}", err=True)
                continue
            if not quiet:
                click.echo(f"reformatted {path}")
    would = "would be reformatted" if check or show_diff else "reformatted"
    summary = f"{changed} {'file' if changed == 1 else 'files'} {would}, {len(files) - changed - broken - unwritten} unchanged"
    if broken:
        summary += f", {broken} with problems (not formatted)"
    if unwritten:
        summary += f", {unwritten} that could not be written (left as they were)"
    if not quiet or changed or broken or unwritten:
        click.echo(summary, err=True)
    sys.exit(1 if broken or unwritten or (check and changed) else 0)
