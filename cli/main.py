"""The `atout` command: validate card files, print their AST, play, simulate, replay.

Exit codes: 0 when all is well, 1 when a file or a record is invalid, 2 on a
usage error (click's own). No command lets a Python traceback reach the user
for bad input: every problem is a diagnostic with a place.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from atout.cards import CARDS_DIR


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="atout")
def main() -> None:
    """atout: write card games as text, check them, play them, replay them."""


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option(
    "--format",
    "output",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text for people, json for CI.",
)
@click.option("-q", "--quiet", is_flag=True, help="Print only the problems, not the summary.")
def validate(paths: tuple[Path, ...], output: str, quiet: bool) -> None:
    """Check card, deck, collection and rules files.

    PATHS are files or folders (searched recursively for .atout files); with
    none, the card files shipped with atout are checked. Every problem of
    every file is printed as file:line:col: CODE message, with the line and a
    caret. Exit 0 when all is valid, 1 when anything is not.
    """
    from atout.interpreter.games import LANGUAGES
    from atout.interpreter.language.project import expand, validate as validate_files

    targets = list(paths) or [CARDS_DIR]
    files = expand(targets)
    result = validate_files(files, LANGUAGES)
    if output == "json":
        click.echo(
            json.dumps(
                {
                    "valid": result.is_valid,
                    "files": len(files),
                    "cards": _count_cards(result),
                    "diagnostics": [d.as_json() for d in result.diagnostics],
                },
                ensure_ascii=False,
                indent=2,
            )
        )
    else:
        for diagnostic in result.diagnostics:
            click.echo(diagnostic.render() + "\n")
        if not quiet:
            problems = len(result.diagnostics)
            invalid = len({d.file for d in result.diagnostics})
            summary = (
                f"{len(files)} files, {_count_cards(result)} cards: all valid"
                if result.is_valid
                else f"{len(files)} files: {problems} problem{'s' * (problems != 1)} in {invalid} file{'s' * (invalid != 1)}"
            )
            click.echo(summary, err=not result.is_valid)
    if not files:
        click.echo("no .atout file found", err=True)
        sys.exit(1)
    sys.exit(0 if result.is_valid else 1)


def _count_cards(result) -> int:
    from atout.interpreter.language.nodes import CardFile

    return sum(len(d.node.cards) for d in result.documents if isinstance(d.node, CardFile))


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def ast(file: Path) -> None:
    """Print the validated AST of FILE as JSON (exit 1 with the problems if it is invalid)."""
    from atout.interpreter.games import LANGUAGES
    from atout.interpreter.language.nodes import dump
    from atout.interpreter.language.project import validate as validate_files

    result = validate_files([file], LANGUAGES)
    if not result.is_valid:
        for diagnostic in result.diagnostics:
            click.echo(diagnostic.render() + "\n", err=True)
        sys.exit(1)
    click.echo(json.dumps(dump(result.documents[0].node), ensure_ascii=False, indent=2))


if __name__ == "__main__":  # pragma: no cover
    main()
