"""`atout init DIR --game GAME`: a designer's starter folder that extends a shipped game.

The starter of each game is a folder of card-language files beside this
module (`starters/<game>/`): an extension file, one new card, a deck or
collection that uses it where the game has them, and a one-line rules
variant. `init` copies it into a new folder and prints the next commands.
A game without a starter gets the extension file alone.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

STARTERS = Path(__file__).parent / "starters"

#: The `play` and `simulate` options that put each starter's new card in the game (besides --cards).
PLAY_OPTIONS = {
    "battlefight": "--deck mon-deck --deck la-forteresse",
    "cordes": "",
    "cardia": "--deck I",
    "dragons": "--collection ma-collection --collection debutant",
}

#: Each starter's one-line rules variant (the name of its file).
VARIANTS = {"battlefight": "variante", "cordes": "short", "cardia": "variante", "dragons": "variante"}


@click.command()
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--game", "game_name", required=True, help="The game the folder extends.", shell_complete=lambda *args: _complete_games(*args))
def init(folder: Path, game_name: str) -> None:
    """Create FOLDER, a designer's set that extends a shipped game, ready to validate and play.

    It holds an extension file (the set adds to the game as shipped), a new
    card, a deck or collection that uses it (where the game has them), and a
    one-line rules variant. FOLDER must be new or empty: nothing is
    overwritten.
    """
    from atout.interpreter.language.diagnostics import nearest

    from .main import games

    ENGINES, LANGUAGES = games().ENGINES, games().LANGUAGES

    if game_name not in ENGINES:
        near = nearest(game_name, ENGINES)
        hint = f' (did you mean "{near}"?)' if near else ""
        raise click.BadParameter(f'unknown game "{game_name}"{hint}; the games are {", ".join(ENGINES)}', param_hint="--game")
    try:
        taken = folder.exists() and any(folder.iterdir())
    except OSError as error:  # a name too long, a folder that cannot be read: told, never a traceback
        click.echo(f"error: cannot make {folder}: {error.strerror}; give another folder", err=True)
        sys.exit(1)
    if taken:
        click.echo(f"error: {folder} is not empty: give a new folder, so that no file of yours is overwritten", err=True)
        sys.exit(1)
    starter = STARTERS / game_name
    files = sorted(starter.glob("*.atout")) if starter.is_dir() else []
    texts = {source.name: source.read_text(encoding="utf-8") for source in files}
    written = _write_starter(folder, texts or {"extension.atout": f"{LANGUAGES[game_name].title} : extension\n"})
    click.echo(f"created {folder} ({', '.join(written)}), a set that extends {LANGUAGES[game_name].title} as it is shipped")
    click.echo("next:")
    where = _shell(folder)
    click.echo(f"  atout validate {where}")
    options = PLAY_OPTIONS.get(game_name)
    if options is not None:
        click.echo(f"  atout play {game_name} --cards {where} {options}{' ' * bool(options)}--record game.jsonl")
        click.echo(f"  atout simulate {game_name} --cards {where} {options}{' ' * bool(options)}--rules {VARIANTS[game_name]} --games 200")
    else:
        click.echo(f"  atout play {game_name} --cards {where} --record game.jsonl")
        click.echo(f"  atout simulate {game_name} --cards {where} --games 200")


def _write_starter(folder: Path, texts: dict[str, str]) -> list[str]:
    """Write the starter's files (name: text) into `folder`, made if missing; the names written.

    All or nothing: when a file cannot be written (a full disk, no
    permission), the files already written are removed, and the folder if
    it was made, the problem is printed and init exits 1.
    """
    from atout.interpreter.files import WriteError, write_text

    made = not folder.exists()
    written: list[str] = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name, text in texts.items():
            write_text(folder / name, text)
            written.append(name)
    except OSError as error:
        _remove(folder, written, made)
        problem = str(error) if isinstance(error, WriteError) else f"cannot make {folder}: {error.strerror}"
        click.echo(f"error: {problem}; the starter is not made (what it had written is removed)", err=True)
        sys.exit(1)
    return written


def _remove(folder: Path, names: list[str], made: bool) -> None:
    """Remove the files of `names` from `folder`, and the folder if init made it (as far as the system lets)."""
    try:
        for name in names:
            (folder / name).unlink(missing_ok=True)
        if made:
            folder.rmdir()
    except OSError:
        pass  # what cannot be removed stays: the message has said what happened


def _complete_games(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """Shell completion of `--game` (the command line's, imported when asked: it imports this module)."""
    from .main import complete_games

    return complete_games(ctx, param, incomplete)


def _shell(path: Path) -> str:
    """A path as the user typed it, quoted for a shell when it needs to be."""
    import shlex

    return shlex.quote(str(path))
