"""Where the cards go on a sheet: paper, card size, bleed, the grid, cut marks, the backs for duplex.

All lengths are in millimetres. A sheet holds a grid of cards, each with its
bleed around it (the face's background printed past the cut, so that a cut a
little off shows no white edge); the grid is centred on the paper. The cut
marks are short lines in the paper's margin, in line with each edge of the
grid's cards, which a paper trimmer or a ruler follows. The back of a sheet
is the same grid mirrored left to right: printed on the other side
(duplex, flipped on the long edge), each back falls behind its face.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from atout.interpreter.errors import AtoutError

#: Paper sizes (width, height), portrait.
PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}

#: Card sizes by name (width, height): poker is the most common size of game cards.
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge": (57.0, 89.0),
    "tarot": (70.0, 120.0),
    "mini": (44.0, 63.0),
    "square": (70.0, 70.0),
}

#: The bleed around each card by default: 2 mm lets 3 × 3 poker cards fit on A4 and on US Letter alike.
BLEED = 2.0

#: The length of a cut mark, at most (a margin narrower than that gets a shorter mark).
MARK = 5.0

#: A length written by a designer: "63x88", "63 × 88", "2.5".
_SIZE = re.compile(r"^\s*(\d+(?:[.,]\d+)?)\s*(?:x|×|\*)\s*(\d+(?:[.,]\d+)?)\s*(?:mm)?\s*$", re.IGNORECASE)


class LayoutError(AtoutError, ValueError):
    """A size that cannot be read, or cards that do not fit the paper; the message says what to do."""


def card_size(text: str) -> tuple[float, float]:
    """A card size: a name of `CARD_SIZES` or "WxH" in millimetres."""
    named = CARD_SIZES.get(text.strip().lower())
    if named is not None:
        return named
    found = _SIZE.match(text)
    if found is None:
        names = ", ".join(CARD_SIZES)
        raise LayoutError(f'card size "{text}": give a size in millimetres as WIDTHxHEIGHT (63x88) or one of {names}')
    width, height = (float(part.replace(",", ".")) for part in found.groups())
    if not (20 <= width <= 200 and 20 <= height <= 280):
        raise LayoutError(f'card size "{text}": a card is 20 to 200 mm wide and 20 to 280 mm high')
    return width, height


@dataclass(frozen=True)
class Slot:
    """A card's place on a sheet: the top left corner of its bleed box, and its grid cell."""

    x: float
    y: float
    row: int
    column: int


@dataclass(frozen=True)
class Mark:
    """A cut mark: a line from (x1, y1) to (x2, y2), horizontal or vertical."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Sheet:
    """The grid of one paper size for one card size and bleed."""

    paper: tuple[float, float]
    card: tuple[float, float]
    bleed: float
    columns: int
    rows: int

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def cell(self) -> tuple[float, float]:
        """A card with its bleed, both ways."""
        return self.card[0] + 2 * self.bleed, self.card[1] + 2 * self.bleed

    @property
    def origin(self) -> tuple[float, float]:
        """The top left corner of the grid (centred on the paper)."""
        width, height = self.cell
        return (self.paper[0] - self.columns * width) / 2, (self.paper[1] - self.rows * height) / 2

    def slots(self, back: bool = False) -> list[Slot]:
        """The places of a page's cards in order (row by row); on a back, each row mirrored."""
        width, height = self.cell
        left, top = self.origin
        found = []
        for index in range(self.per_page):
            row, column = divmod(index, self.columns)
            shown = self.columns - 1 - column if back else column
            found.append(Slot(left + shown * width, top + row * height, row, shown))
        return found

    def marks(self) -> list[Mark]:
        """The cut marks in the margins, in line with every card's cut edges."""
        width, height = self.cell
        left, top = self.origin
        right, bottom = left + self.columns * width, top + self.rows * height
        found = []
        side = min(MARK, left - 0.5)
        if side > 0.5:
            for row in range(self.rows):
                for y in (top + row * height + self.bleed, top + (row + 1) * height - self.bleed):
                    found.append(Mark(left - side - 0.5, y, left - 0.5, y))
                    found.append(Mark(right + 0.5, y, right + 0.5 + side, y))
        end = min(MARK, top - 0.5)
        if end > 0.5:
            for column in range(self.columns):
                for x in (left + column * width + self.bleed, left + (column + 1) * width - self.bleed):
                    found.append(Mark(x, top - end - 0.5, x, top - 0.5))
                    found.append(Mark(x, bottom + 0.5, x, bottom + 0.5 + end))
        return found


def sheet(paper: str, card: tuple[float, float], bleed: float = BLEED) -> Sheet:
    """As many cards as fit the paper, both ways (3 × 3 poker cards on A4 and on Letter); `LayoutError` when none fits."""
    if paper not in PAPERS:
        raise LayoutError(f'paper "{paper}": the papers are {", ".join(PAPERS)}')
    if not 0 <= bleed <= 5:
        raise LayoutError(f"bleed {bleed:g} mm: a bleed is 0 to 5 mm (3 mm is the printers' usual, {BLEED:g} mm the default)")
    width, height = PAPERS[paper]
    cell_width, cell_height = card[0] + 2 * bleed, card[1] + 2 * bleed
    columns, rows = int(width // cell_width), int(height // cell_height)
    if columns < 1 or rows < 1:
        raise LayoutError(f"a {card[0]:g} × {card[1]:g} mm card with {bleed:g} mm of bleed does not fit {paper} ({width:g} × {height:g} mm)")
    return Sheet((width, height), card, bleed, columns, rows)


def pages(count: int, per_page: int) -> list[range]:
    """The cards of each page, by their index in the print order."""
    return [range(start, min(count, start + per_page)) for start in range(0, count, per_page)]
