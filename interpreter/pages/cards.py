"""Card faces as HTML: one drawing for the gallery, the replay viewer and the printed sheets.

A face is drawn by a Jinja2 template (`templates/card.html`, the back
`templates/back.html`) and styled by `templates/face.css`, then the game's
own stylesheet (`templates/<game>.css`), then the designer's. A designer
changes the look without Python: a `print/` folder beside their cards may
hold `card.html`, `back.html` and `style.css`, found before atout's own.

A face is laid out at its real size (millimetres and points): it fills a
box the size of the card and its bleed, which the page gives it
(`box_style`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from atout.interpreter.errors import AtoutError

from .faces import ICONS, PrintedFace
from .icons import icon

#: The templates and stylesheets shipped with atout.
TEMPLATES = Path(__file__).parent / "templates"

#: The width of the coloured border between the cut and the face's frame, in mm.
BORDER = 1.5

#: The emblem on each game's backs.
EMBLEMS = {"battlefight": "sword", "cordes": "fist", "cardia": "crown", "dragons": "wing"}


class TemplateProblem(AtoutError):
    """A template of the designer's that cannot be used; the message names the file and the line."""


@dataclass
class CardDrawer:
    """Draws one game's faces and back: its templates (the designer's first) and its style."""

    game: str
    game_title: str
    #: The designer's folders, searched first for print/card.html, print/back.html, print/style.css.
    folders: Sequence[Path] = ()
    _env: Any = field(init=False, repr=False)

    def __post_init__(self) -> None:
        import jinja2

        searched = [str(folder / "print") for folder in self.folders if (folder / "print").is_dir()] + [str(TEMPLATES)]
        self._env = jinja2.Environment(loader=jinja2.FileSystemLoader(searched), autoescape=True, undefined=jinja2.StrictUndefined)

    def _render(self, name: str, **values: Any) -> str:
        import jinja2

        try:
            template = self._env.get_template(name)
        except jinja2.TemplateSyntaxError as error:
            raise TemplateProblem(f"{error.filename}:{error.lineno}: {error.message}") from None
        try:
            return str(template.render(icon=icon, game=self.game, game_title=self.game_title, **values))
        except jinja2.TemplateError as error:
            raise TemplateProblem(f"{template.filename or name}: {error}") from None

    def style(self) -> str:
        """The faces' stylesheet: atout's, the game's, then the designer's."""
        parts = [(TEMPLATES / "face.css").read_text("utf-8")]
        own = TEMPLATES / f"{self.game}.css"
        if own.is_file():
            parts.append(own.read_text("utf-8"))
        for folder in self.folders:
            mine = folder / "print" / "style.css"
            if mine.is_file():
                parts.append(mine.read_text("utf-8"))
        return "\n".join(parts)

    def card_html(self, face: PrintedFace) -> str:
        """One face, as the template draws it."""
        return self._render("card.html", card=face, tint=tint(face.colour))

    def back_html(self) -> str:
        """The back of the game's cards."""
        return self._render("back.html", emblem=ICONS.get(EMBLEMS.get(self.game, "star"), EMBLEMS.get(self.game, "star")))


def box_variables(card: tuple[float, float], bleed: float) -> str:
    """The CSS variables a face reads from its box: the frame's inset, the art's height (a third of the frame's)."""
    frame = card[1] - 2 * BORDER
    return f"--frame-inset: {bleed + BORDER:.3f}mm; --art-height: {frame * 0.33:.3f}mm;"


def box_style(card: tuple[float, float], bleed: float) -> str:
    """The style of a face's box: the card and its bleed, and the variables the face reads."""
    return f"position: relative; width: {card[0] + 2 * bleed:.3f}mm; height: {card[1] + 2 * bleed:.3f}mm; {box_variables(card, bleed)}"


def tint(colour: str, share: float = 0.14) -> str:
    """`colour` (#rrggbb) mixed with white: `share` of it."""
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    mixed = (round(255 + (part - 255) * share) for part in (red, green, blue))
    return "#" + "".join(f"{part:02x}" for part in mixed)
