"""Printed cards made real: HTML from the templates, a PDF by WeasyPrint, images by PDFium, Tabletop Simulator decks.

The faces are HTML and CSS (Jinja2 templates, see `templates/`), laid out
and turned into PDF by WeasyPrint, which sets French text properly (its
accents and ligatures, through Pango) and embeds the fonts it uses. A card
image is a page of a PDF at the card's size, rasterised by PDFium
(`pypdfium2`); a Tabletop Simulator deck is a sheet of those images, put
together by Pillow, with the saved object that Tabletop Simulator imports.
These are the libraries that do this best and are kept up: no PDF or
image code is written here.

A face never overflows: before printing, every face is laid out alone,
and a title wider than its line, or a text taller than its box, is set
smaller until it fits (`fit`); what cannot fit even at the smallest size
is said (`Printer.unfit`).

The faces are drawn as the gallery and the replay viewer draw them
(`pages/cards.py`), a designer's templates and stylesheet first.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from atout.interpreter.pages.cards import CardDrawer, TemplateProblem, box_variables
from atout.interpreter.pages.faces import PrintedFace

from .layout import Sheet, pages

#: The sheet's own style (pages, cells, cut marks); the faces' is the pages' (`pages/cards.py`).
SHEET_STYLE = Path(__file__).parent / "templates" / "sheet.css"

#: The smallest a title or a text is set to fit (a share of its size).
SMALLEST = 0.55
#: A title that would need a smaller share than this on one line is set on two.
WRAP_AT = 0.8

#: Tabletop Simulator's sheet of faces: at most 10 × 7 cards, at most 4096 pixels wide.
TTS_COLUMNS, TTS_ROWS, TTS_WIDTH = 10, 7, 4096

#: A designer's template that cannot be used (the name `atout print` reports).
PrintError = TemplateProblem


@dataclass
class Printer:
    """What prints one game's cards: its faces' drawer (the designer's templates first), the sheet's geometry."""

    game: str
    game_title: str
    lang: str
    sheet: Sheet
    #: The designer's folders, searched first for print/card.html, print/back.html, print/style.css.
    folders: Sequence[Path] = ()
    #: The faces that do not fit even at the smallest size, with what overflows.
    unfit: list[tuple[str, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.drawer = CardDrawer(self.game, self.game_title, self.folders)

    # -- HTML ------------------------------------------------------------

    def style(self) -> str:
        """The stylesheet: the sheet's, then the faces' (atout's, the game's, the designer's)."""
        return SHEET_STYLE.read_text("utf-8") + "\n" + self.drawer.style()

    def card_html(self, face: PrintedFace) -> str:
        """One face, as the template draws it."""
        return self.drawer.card_html(face)

    def back_html(self) -> str:
        """The back of the game's cards."""
        return self.drawer.back_html()

    def _document(self, body: str, page: tuple[float, float], bleed: float) -> str:
        """A whole HTML document: pages of `page` size (mm), the faces' variables, the style."""
        return (
            f'<!DOCTYPE html><html lang="{self.lang}"><head><meta charset="utf-8"><title>{self.game_title}</title>'
            f"<style>@page {{ size: {page[0]:.3f}mm {page[1]:.3f}mm; margin: 0; }}\n"
            f":root {{ {box_variables(self.sheet.card, bleed)} }}\n.page {{ width: {page[0]:.3f}mm; height: {page[1]:.3f}mm; }}\n{self.style()}</style></head>"
            f"<body>{body}</body></html>"
        )

    def sheets_html(self, faces: Sequence[PrintedFace], backs: bool = True) -> str:
        """Every sheet: the faces in order (each face as many times as its copies), each page's backs after it."""
        order = [face for face in faces for _ in range(face.copies)]
        sheet = self.sheet
        width, height = sheet.cell
        html = {id(face): self.card_html(face) for face in faces}
        back = self.back_html() if backs else ""
        marks = "".join(_cut(mark) for mark in sheet.marks())
        body = []
        for indices in pages(len(order), sheet.per_page):
            for is_back in (False, True) if backs else (False,):
                cells = []
                for slot, index in zip(sheet.slots(back=is_back), indices):
                    inner = back if is_back else html[id(order[index])]
                    cells.append(f'<div class="cell" style="left: {slot.x:.3f}mm; top: {slot.y:.3f}mm; width: {width:.3f}mm; height: {height:.3f}mm">{inner}</div>')
                kind = "back" if is_back else "front"
                body.append(f'<section class="page {kind}">{"".join(cells)}{"" if is_back else marks}</section>')
        return self._document("".join(body), sheet.paper, sheet.bleed)

    def cards_html(self, faces: Sequence[PrintedFace], bleed: float, with_back: bool = False) -> str:
        """One page per face, at the card's size with `bleed` around (and the back last, if asked)."""
        width, height = self.sheet.card[0] + 2 * bleed, self.sheet.card[1] + 2 * bleed
        inner = [self.card_html(face) for face in faces] + ([self.back_html()] if with_back else [])
        body = "".join(f'<section class="page"><div class="cell" style="left: 0; top: 0; width: {width:.3f}mm; height: {height:.3f}mm">{html}</div></section>' for html in inner)
        return self._document(body, (width, height), bleed)

    # -- fitting -----------------------------------------------------------

    def fit(self, faces: Sequence[PrintedFace], rounds: int = 5) -> None:
        """Set each face's title and text smaller where they overflow, until they fit (or reach `SMALLEST`)."""
        import weasyprint

        todo = list(faces)
        for _ in range(rounds):
            if not todo:
                return
            document = weasyprint.HTML(string=self.cards_html(todo, 0.0)).render()
            again = []
            for face, page in zip(todo, document.pages):
                title, text = overflow(page)
                changed = False
                if title > 1.0 and face.title_scale > SMALLEST:
                    if face.title_wrap:  # two lines: the height shrinks as the square of the type
                        face.title_scale = max(SMALLEST, face.title_scale / math.sqrt(title) * 0.97)
                    elif face.title_scale / title * 0.99 < WRAP_AT:
                        face.title_wrap, face.title_scale = True, WRAP_AT
                    else:
                        face.title_scale = face.title_scale / title * 0.99
                    changed = True
                if text > 1.0 and face.text_scale > SMALLEST:
                    face.text_scale = max(SMALLEST, face.text_scale / math.sqrt(text) * 0.97)
                    changed = True
                if changed:
                    again.append(face)
            todo = again
        if todo:  # what is left after the last change: measured once more
            document = weasyprint.HTML(string=self.cards_html(todo, 0.0)).render()
            for face, page in zip(todo, document.pages):
                title, text = overflow(page)
                if title > 1.0:
                    self.unfit.append((face.title, "title"))
                if text > 1.0:
                    self.unfit.append((face.title, "text"))

    # -- outputs -------------------------------------------------------------

    def pdf(self, faces: Sequence[PrintedFace], backs: bool = True) -> bytes:
        """The sheets as a PDF."""
        import weasyprint

        return bytes(weasyprint.HTML(string=self.sheets_html(faces, backs)).write_pdf())

    def images(self, faces: Sequence[PrintedFace], dpi: int, with_back: bool = False) -> list[Any]:
        """Each face (then the back, if asked) as a picture (Pillow) at `dpi`, at the card's size (no bleed)."""
        import pypdfium2
        import weasyprint

        data = weasyprint.HTML(string=self.cards_html(faces, 0.0, with_back)).write_pdf()
        document = pypdfium2.PdfDocument(data)
        try:
            return [document[index].render(scale=dpi / 72).to_pil().convert("RGB") for index in range(len(document))]
        finally:
            document.close()


def _cut(mark: Any) -> str:
    """A cut mark as a thin line (0.2 mm)."""
    if mark.y1 == mark.y2:
        return f'<div class="cut" style="left: {mark.x1:.3f}mm; top: {mark.y1 - 0.1:.3f}mm; width: {mark.x2 - mark.x1:.3f}mm; height: .2mm"></div>'
    return f'<div class="cut" style="left: {mark.x1 - 0.1:.3f}mm; top: {mark.y1:.3f}mm; width: .2mm; height: {mark.y2 - mark.y1:.3f}mm"></div>'


def _classes(box: Any) -> set[str]:
    element = getattr(box, "element", None)
    if element is None:
        return set()
    return set((element.get("class") or "").split())


def _walk(box: Any) -> Any:
    yield box
    for child in getattr(box, "children", ()):
        yield from _walk(child)


def overflow(page: Any) -> tuple[float, float]:
    """How far a laid-out face's title and text overflow their boxes: 1.0 or less where they fit.

    The title: its line's width against its box's (on two lines, also the
    lines' height against the heading's). The text: its content's height
    against the box's, and any line (a long word) wider than the box.
    """
    title = text = 0.0
    head = 0.0
    for box in _walk(page._page_box):
        classes = _classes(box)
        if "head" in classes and type(box).__name__ != "LineBox":
            head = box.height
        if "title" in classes and type(box).__name__ != "LineBox" and box.width:
            lines = [child for child in _walk(box) if type(child).__name__ == "LineBox"]
            natural = max((_line_width(line) for line in lines), default=0.0)
            title = max(title, natural / box.width)
            if len(lines) > 1 and head:
                title = max(title, sum(line.height for line in lines) / head)
        elif "body" in classes and type(box).__name__ != "LineBox" and box.height:
            inner = [child for child in box.children if "fit" in _classes(child)]
            needed = sum(child.margin_height() for child in inner)
            lines = [child for child in _walk(box) if type(child).__name__ == "LineBox"]
            widest = max((_line_width(line) + (line.position_x - box.content_box_x()) for line in lines), default=0.0)
            text = max(text, needed / box.height, widest / box.width if box.width else 0.0)
    return title, text


def _line_width(line: Any) -> float:
    """The width a line's content takes (its boxes side by side), whatever the width it was given."""
    children = list(getattr(line, "children", ()))
    if not children:
        return 0.0
    return max(child.position_x + child.margin_width() for child in children) - min(child.position_x for child in children)


def tts_deck(name: str, faces: Sequence[PrintedFace], face_urls: Sequence[str], back_url: str, per_sheet: int) -> dict[str, Any]:
    """The saved object Tabletop Simulator imports: a custom deck of `faces` (each as many times as its copies).

    `face_urls` are the sheets of faces (each `TTS_COLUMNS` × `TTS_ROWS`,
    `per_sheet` cards, in the order of `faces`); card `i` of sheet `s` is
    `CardID` (s + 1) × 100 + i, as Tabletop Simulator numbers them.
    """
    custom = {
        str(sheet + 1): {"FaceURL": url, "BackURL": back_url, "NumWidth": TTS_COLUMNS, "NumHeight": TTS_ROWS, "BackIsHidden": True, "UniqueBack": False, "Type": 0}
        for sheet, url in enumerate(face_urls)
    }
    contained: list[dict[str, Any]] = []
    ids: list[int] = []
    for index, face in enumerate(faces):
        sheet, place = divmod(index, per_sheet)
        card_id = (sheet + 1) * 100 + place
        for _ in range(face.copies):
            ids.append(card_id)
            contained.append(
                {
                    "Name": "Card",
                    "GUID": _guid(f"{name}/{face.title}/{len(contained)}"),
                    "Nickname": face.title,
                    "Description": face.text,
                    "CardID": card_id,
                    "CustomDeck": {str(sheet + 1): custom[str(sheet + 1)]},
                    "Transform": _transform(),
                    "Hands": True,
                    "SidewaysCard": False,
                }
            )
    if len(contained) == 1:  # a single card is a card, not a deck
        only = dict(contained[0], Transform=_transform(1.0))
        states = [only]
    else:
        states = [
            {
                "Name": "DeckCustom",
                "GUID": _guid(name),
                "Nickname": name,
                "Description": "",
                "Transform": _transform(1.0),
                "DeckIDs": ids,
                "CustomDeck": custom,
                "ContainedObjects": contained,
                "Hands": False,
                "SidewaysCard": False,
            }
        ]
    return {"SaveName": name, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "", "ObjectStates": states, "TabStates": {}, "VersionNumber": ""}


def _transform(height: float = 0.0) -> dict[str, float]:
    """Where an object lies on Tabletop Simulator's table: face down, at the centre."""
    return {"posX": 0.0, "posY": height, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _guid(text: str) -> str:
    """A six-digit GUID, the same for the same deck and card (Tabletop Simulator's are random; any unique one serves)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:6]


def tts_sheet(images: Sequence[Any], card: tuple[float, float], columns: int = TTS_COLUMNS, rows: int = TTS_ROWS) -> Any:
    """Cards' images side by side on one sheet, `columns` × `rows`, at most `TTS_WIDTH` wide (the places left empty are white)."""
    from PIL import Image

    width = TTS_WIDTH // columns
    height = round(width * card[1] / card[0])
    sheet = Image.new("RGB", (width * columns, height * rows), "white")
    for index, image in enumerate(images):
        row, column = divmod(index, columns)
        sheet.paste(image.resize((width, height), Image.Resampling.LANCZOS), (column * width, row * height))
    return sheet


def png_bytes(image: Any, dpi: int) -> bytes:
    """A picture as PNG bytes, its resolution written in it."""
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(dpi, dpi), optimize=False)
    return out.getvalue()


def dumps(value: Any) -> str:
    """JSON as Tabletop Simulator writes it (indented)."""
    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"
