"""The icons printed on the cards: small shapes drawn in SVG, one per type, family, statistic or figure.

Each is a path (or a few) in a 24 × 24 box, filled with the current colour,
so that a face's stylesheet colours it. They are drawn here rather than
taken from an icon font, so that a printed sheet needs no font but the
text's, and looks the same on every machine.
"""

from __future__ import annotations

from markupsafe import Markup

#: Path data by icon name (24 × 24 box).
PATHS: dict[str, str] = {
    "sword": "M20 2l-7.5 1.5L4.6 11.4l-1.4-1.4-1.4 1.4 2.5 2.5L1 17.2 2.8 19l3.3-3.3 2.5 2.5 1.4-1.4-1.4-1.4 7.9-7.9L20 2z",
    "shield": "M12 1.5l8.5 3.2v6.1c0 5.4-3.6 10-8.5 11.7-4.9-1.7-8.5-6.3-8.5-11.7V4.7z",
    "boot": "M6 2h6v9l7.5 3.5c1.4.7 2.5 2 2.5 3.6V21H3v-3h3z",
    "eye": "M12 5C6.5 5 2.7 9 1.5 12c1.2 3 5 7 10.5 7s9.3-4 10.5-7C21.3 9 17.5 5 12 5zm0 11a4 4 0 110-8 4 4 0 010 8z",
    "speech": "M3 4h18v12H9l-5 4v-4H3z",
    "diamond": "M12 2l8 10-8 10-8-10z",
    "star": "M12 2l2.9 6.6 7.1.6-5.4 4.7 1.6 7.1L12 17.3 5.8 21l1.6-7.1L2 9.2l7.1-.6z",
    "pin": "M9 2h6l-1 6 4 4v2h-5v8h-2v-8H6v-2l4-4z",
    "anchor": "M11 2h2v3h3v2h-3v12.9c2.8-.4 5-2.6 5.5-5.4L16 16l3-6 3 6-2.3-1.4C19 19 15.9 22 12 22s-7-3-7.7-7.4L2 16l3-6 3 6-2.5-1.5C6 17.3 8.2 19.5 11 19.9V7H8V5h3z",
    "fist": "M6 7a2 2 0 014 0V6a2 2 0 014 0v1a2 2 0 014 0v2a2 2 0 014 0v5c0 4.4-3.6 8-8 8h-2c-3.9 0-7-3.1-7-7v-2a2 2 0 011-1.7z",
    "swap": "M7 3L2 8l5 5V9.5h9v-3H7zm10 8v3.5H8v3h9V21l5-5z",
    "cross": "M9 2h6v7h7v6h-7v7H9v-7H2V9h7z",
    "person": "M12 2a5 5 0 110 10 5 5 0 010-10zm0 12c5 0 9 2.5 9 6v2H3v-2c0-3.5 4-6 9-6z",
    "bell": "M12 2a2 2 0 012 2v.3c3.4.9 5 3.9 5 7.7v4l2 2v1H3v-1l2-2v-4c0-3.8 1.6-6.8 5-7.7V4a2 2 0 012-2zm-2.5 18h5a2.5 2.5 0 01-5 0z",
    "bolt": "M13 1L4 14h6l-1 9 9-13h-6z",
    "stack": "M4 6h12v14H4zm3-4h13v14h-2V4H7z",
    "flame": "M12 1c1 4 6 6.5 6 12.5A6 6 0 016 13.5C6 10 8 8.5 8.5 6c1.5 1.5 1.7 3 1.7 4.5C12 9 12.5 5 12 1z",
    "coin": "M12 2a10 10 0 110 20 10 10 0 010-20zm0 3a7 7 0 100 14 7 7 0 000-14zm-1 2h2v2h2v2h-4v1h3a1 1 0 011 1v3a1 1 0 01-1 1h-1v2h-2v-2H9v-2h4v-1h-3a1 1 0 01-1-1v-3a1 1 0 011-1h1z",
    "book": "M3 4c3-1 6-1 8.5 1V21C9 19 6 19 3 20zm18 0c-3-1-6-1-8.5 1V21c2.5-2 5.5-2 8.5-1z",
    "crown": "M2 7l5 4 5-7 5 7 5-4-2 12H4zm2 13.5h16V22H4z",
    "tower": "M5 2h3v2h2.5V2h3v2H16V2h3v6l-2 2v12H7V10L5 8zm5.5 13v7h3v-7a1.5 1.5 0 00-3 0z",
    "leaf": "M21 3C10 3 4 8 4 15c0 1.6.4 3 1 4.2L3 21.5 4.4 23l2.2-2.2C8 21.6 9.5 22 11 22c7 0 10-7 10-19zM8 18c2-4 5-7 9-9-3 2.5-5.5 5.5-7.4 9.6z",
    "wing": "M2 20C4 12 9 5 22 3c-2 3-2.5 5-6 6 2 0 3.5.3 4 .5-2 3-4.5 4.3-8 4.5 1.5.5 2.5 1 3 1.5-3 2.5-7 3-11.5 3.5z",
    "mask": "M2 6c3 0 6 1 10 1s7-1 10-1c0 7-2.5 12-6 12-2 0-3-2-4-2s-2 2-4 2c-3.5 0-6-5-6-12zm4.5 4a2 2 0 000 3h3a2 2 0 000-3zm8 0a2 2 0 000 3h3a2 2 0 000-3z",
    "heart": "M12 21.5l-1.4-1.3C5.4 15.4 2 12.3 2 8.5 2 5.4 4.4 3 7.5 3c1.7 0 3.4.8 4.5 2.1C13.1 3.8 14.8 3 16.5 3 19.6 3 22 5.4 22 8.5c0 3.8-3.4 6.9-8.6 11.7z",
    "dot": "M12 6a6 6 0 110 12 6 6 0 010-12z",
}


def icon(name: str, label: str = "", colour: str = "currentColor") -> Markup:
    """An icon as inline SVG (`dot` for a name it does not know), filled with `colour`; `label` is its text for screen readers, none: decorative.

    (The colour is written on the path: a PDF renderer may not pass the
    text's colour down into an SVG.)
    """
    path = PATHS.get(name, PATHS["dot"])
    said = f' role="img" aria-label="{Markup.escape(label)}"' if label else ' aria-hidden="true"'
    return Markup(f'<svg class="icon icon-{Markup.escape(name)}" viewBox="0 0 24 24"{said}><path fill="{Markup.escape(colour)}" d="{path}"/></svg>')
