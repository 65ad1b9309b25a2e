"""`atout print`: sheets of cards to print and cut, card images, Tabletop Simulator decks."""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

import click

from .main import complete_games
from .output import ExtraMissing, OutputError, check_destination

#: What the print extra holds, for the message when it is missing.
EXTRA = "pip install 'atout[print]'"


@click.command("print")
@click.argument("game_name", metavar="GAME", shell_complete=complete_games)
@click.option(
    "--cards", "folder", type=click.Path(exists=True, file_okay=False, path_type=Path), help="A designer's set (a folder, laid over the game as it extends it); the shipped cards by default."
)
@click.option(
    "--deck",
    "--collection",
    "lists",
    multiple=True,
    metavar="NAME",
    help="Print a deck (BattleFight) or a collection (Duel de dragons): a name or a file; or the cards of a word of the type line (Duel pour Cardia's Paquet I, Lieu); repeatable. Without it: every card of the set.",
)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="The PDF of sheets to write (cards.pdf).")
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4", show_default=True, help="The paper of the sheets.")
@click.option(
    "--size", "size_text", default="poker", show_default=True, metavar="SIZE", help="The card size: poker (63x88), bridge (57x89), tarot (70x120), mini (44x63), square (70x70), or WIDTHxHEIGHT in mm."
)
@click.option(
    "--bleed", type=float, default=2.0, show_default=True, metavar="MM", help="The face's background printed past the cut, in mm (3 is the printers' usual; 2 fits 3 x 3 poker cards on Letter)."
)
@click.option("--no-backs", is_flag=True, help="Leave out the pages of backs (printed after each page of faces, mirrored, for duplex).")
@click.option(
    "--art",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="A folder of card art (default: the art/ folder of --cards): NAME.png, .jpg, .webp or .svg, NAME the card's title or its slug (elan-du-phenix.png).",
)
@click.option("--png", "png_dir", type=click.Path(file_okay=False, path_type=Path), help="Also write one image per card (and back.png) at --dpi into this folder.")
@click.option("--dpi", type=click.IntRange(72, 1200), default=300, show_default=True, help="The resolution of --png images.")
@click.option(
    "--tts",
    "tts_dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="Also write a Tabletop Simulator deck per deck or collection (or one of the set) into this folder: the sheet of faces, the back, the saved object to import.",
)
@click.option(
    "--tts-url", metavar="URL", help="Where the --tts images will be online (Tabletop Simulator loads them from there when others join); by default the files themselves (file:// addresses)."
)
def print_cards(
    game_name: str,
    folder: Path | None,
    lists: tuple[str, ...],
    output: Path | None,
    paper: str,
    size_text: str,
    bleed: float,
    no_backs: bool,
    art: Path | None,
    png_dir: Path | None,
    dpi: int,
    tts_dir: Path | None,
    tts_url: str | None,
) -> None:
    """Print a game's cards on sheets to cut (PDF), as images, or as a Tabletop Simulator deck.

    The sheets hold the cards at their real size (63 x 88 mm by default),
    3 x 3 on A4 or US Letter, with bleed and cut marks, each card as many
    times as the deck or collection holds it (or as the card says: "3
    copies"); after each page of faces, the page of their backs, mirrored,
    to print both sides (flip on the long edge). Each game's cards look as
    printed: a change of look needs no Python, see docs/print.md.

    \b
    atout print battlefight --deck le-renard -o renard.pdf
    atout print dragons --collection debutant --png images/ --tts tts/
    atout print cordes --cards mes-cartes/ -o cartes.pdf --paper letter
    """
    from atout.interpreter.language.diagnostics import DiagnosticError

    from .main import games

    if output is None and png_dir is None and tts_dir is None:
        raise click.UsageError("nothing to write: give -o FILE.pdf, --png FOLDER or --tts FOLDER")
    check_destination("-o", output, "nothing was printed")
    languages = games().LANGUAGES
    game = languages.get(game_name.lower())
    if game is None:
        import difflib

        near = difflib.get_close_matches(game_name.lower(), list(languages), n=1)
        hint = f' (did you mean "{near[0]}"?)' if near else ""
        raise click.BadParameter(f'unknown game "{game_name}"{hint}; the games are {", ".join(languages)}', param_hint="GAME")
    try:
        import pypdfium2  # noqa: F401
        import weasyprint  # noqa: F401
        from PIL import Image  # noqa: F401
    except (ImportError, OSError) as error:  # OSError: WeasyPrint's system libraries (Pango) are missing
        raise ExtraMissing(f"printing needs WeasyPrint, Pillow and pypdfium2 ({error}): {EXTRA}") from None
    from atout.interpreter.printing.job import ChoiceError, choose, game_lists_word
    from atout.interpreter.printing.layout import LayoutError, card_size, sheet
    from atout.interpreter.printing.render import PrintError, Printer

    try:
        geometry = sheet(paper.lower(), card_size(size_text), bleed)
    except LayoutError as error:
        raise click.UsageError(str(error)) from None
    from atout.interpreter.pages.faces import LANGUAGES_OF_CARDS

    printer = Printer(game.name, game.title, LANGUAGES_OF_CARDS.get(game.name, "fr"), geometry, [folder] if folder is not None else [])
    try:
        selections = choose(game, folder, list(lists), art or (folder / "art" if folder is not None else None), prepare=printer.fit)
        _write(printer, selections, output, not no_backs, png_dir, dpi, tts_dir, tts_url)
    except DiagnosticError as error:
        for diagnostic in error.diagnostics:
            click.echo(diagnostic.render() + "\n", err=True)
        sys.exit(1)
    except ChoiceError as error:
        raise click.BadParameter(str(error), param_hint=f"--{game_lists_word(game)}") from None
    except PrintError as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(1)
    for title, part in printer.unfit:
        click.echo(f"warning: the {part} of {title} does not fit its card even at the smallest type: shorten it, or choose a larger --size", err=True)
    if geometry.per_page != 9:
        click.echo(f"{geometry.columns} x {geometry.rows} cards a page", err=True)


def _write(printer: Any, selections: list[Any], output: Path | None, backs: bool, png_dir: Path | None, dpi: int, tts_dir: Path | None, tts_url: str | None) -> None:
    """Write the PDF, the images and the Tabletop Simulator decks asked for; say what was written."""
    from atout.interpreter.files import WriteError, write_bytes

    faces = [face for selection in selections for face in selection.faces]
    try:
        if output is not None:
            data = printer.pdf(faces, backs)
            write_bytes(output, data)
            pages = -(-sum(face.copies for face in faces) // printer.sheet.per_page)
            click.echo(f"written: {output} ({sum(face.copies for face in faces)} cards on {pages} sheet{'s' if pages != 1 else ''}{', with their backs' if backs else ''})")
        if png_dir is not None:
            written = _pngs(printer, selections, png_dir, dpi)
            click.echo(f"written: {png_dir}/ ({written} images at {dpi} dpi)")
        if tts_dir is not None:
            for path in _tts(printer, selections, tts_dir, tts_url):
                click.echo(f"written: {path}")
    except WriteError as error:
        raise OutputError(str(error)) from None
    except OSError as error:
        raise OutputError(f"cannot write {error.filename or ''}: {error.strerror}") from None


def _pngs(printer: Any, selections: list[Any], folder: Path, dpi: int) -> int:
    """One image per card (each card once) and the back's, at `dpi`; how many were written."""
    from atout.interpreter.files import write_bytes
    from atout.interpreter.printing.render import png_bytes

    folder.mkdir(parents=True, exist_ok=True)
    unique = list({face.key: face for selection in selections for face in selection.faces}.values())
    images = printer.images(unique, dpi, with_back=True)
    for face, image in zip(unique, images):
        write_bytes(folder / f"{face.key}.png", png_bytes(image, dpi))
    write_bytes(folder / "back.png", png_bytes(images[-1], dpi))
    return len(images)


def _tts(printer: Any, selections: list[Any], folder: Path, url: str | None) -> list[Path]:
    """Per selection: the sheets of faces, the back and the saved object Tabletop Simulator imports."""
    from atout.interpreter.files import write_bytes, write_text
    from atout.interpreter.pages.faces import slug
    from atout.interpreter.printing.render import TTS_COLUMNS, TTS_ROWS, TTS_WIDTH, dumps, png_bytes, tts_deck, tts_sheet

    folder.mkdir(parents=True, exist_ok=True)
    per_sheet = TTS_COLUMNS * TTS_ROWS
    dpi = math.ceil(TTS_WIDTH / TTS_COLUMNS / (printer.sheet.card[0] / 25.4))  # rendered a little larger, then scaled to the sheet's cell
    written = []

    def address(path: Path) -> str:
        return f"{url.rstrip('/')}/{path.name}" if url else path.resolve().as_uri()

    back_path = folder / "back.png"
    for selection in selections:
        images = printer.images(selection.faces, dpi, with_back=True)
        write_bytes(back_path, png_bytes(images[-1], dpi))
        name = slug(selection.name)
        sheets = []
        for start in range(0, len(selection.faces), per_sheet):
            path = folder / f"{name}-faces-{start // per_sheet + 1}.png"
            write_bytes(path, png_bytes(tts_sheet(images[start : start + per_sheet], printer.sheet.card), dpi))
            sheets.append(path)
            written.append(path)
        deck = tts_deck(selection.name, selection.faces, [address(path) for path in sheets], address(back_path), per_sheet)
        json_path = folder / f"{name}.json"
        write_text(json_path, dumps(deck))
        written.append(json_path)
    written.append(back_path)
    return written
