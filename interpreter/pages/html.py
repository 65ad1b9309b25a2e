"""What the pages share: escaping, the page's frame, data embedded safely in a script."""

from __future__ import annotations

import html
import json
from typing import Any

STYLE = """
:root { --ink: #1d1d1f; --muted: #666; --line: #ddd; --accent: #1d3f6e; --p1: #b3261e; --p2: #1d5fb4; }
body { font: 15px/1.45 system-ui, sans-serif; margin: 1.5em auto; max-width: 80em; padding: 0 1em; color: var(--ink); }
h1 { font-size: 1.5em; margin: 0 0 .3em; } h2 { font-size: 1.15em; }
.muted { color: var(--muted); }
button { font: inherit; padding: .25em .8em; margin-right: .3em; }
pre { background: #f7f7f8; padding: .7em; border-radius: 6px; overflow-x: auto; white-space: pre-wrap; }
"""


def esc(value: Any) -> str:
    """Text for HTML."""
    return html.escape(str(value))


def script_data(value: Any) -> str:
    """JSON to embed in a <script> element: `<`, `>` and `&` escaped, so no text can close the element."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def page(title: str, body: str, style: str = "", script: str = "", lang: str = "en") -> str:
    """A whole page: its language (`lang`, empty when unknown), title, style, body and script."""
    return (
        "<!DOCTYPE html>\n" + (f'<html lang="{esc(lang)}">' if lang else "<html>") + '<head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>{esc(title)}</title>'
        f"<style>{STYLE}{style}</style></head><body>{body}" + (f"<script>{script}</script>" if script else "") + "</body></html>\n"
    )
