"""`atout gallery`: every card of a set as a card face, on a static site, filterable.

A card's face is drawn from its canonical text (the game's `write_card`,
what `atout fmt` writes): its title; its type line (`Défense`, `ATTACK · cost
3 · 3 copies`, `Paquet I · Rébellion · influence 1`, `Dragon · Commune`),
whose words become the filters (type, faction, rarity, category…) and whose
figures (cost, influence, copies) the card's corner; a line of statistics
(`Puissance 48 · Ruse 30 · …`) as a table; the rest as the card's text. So a
card of a new kind, or written with a new construct, shows the day it is
written, as it reads on the printed card.

The site is one page per game and an index; each page is self-contained
(style, script and data inline).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..files import write_text
from .html import esc, page, script_data

#: What the words of each game's type line are, by their place (for the filters' headings).
FACETS: dict[str, tuple[str, ...]] = {
    "battlefight": ("type",),
    "cordes": ("type",),
    "cardia": ("deck", "faction"),
    "dragons": ("category", "rarity"),
}
#: A part of a type line that is a figure: "cost 3", "influence 1", "3 copies".
_FIGURE = re.compile(r"^(?:[^\d]+ \d+|\d+ [^\d]+)$")
#: A line of statistics: "Puissance 48 · Ruse 30 · Savoir 18 · Charisme 26".
_STATS = re.compile(r"^(?:[^\d·]+ -?\d+)(?: · [^\d·]+ -?\d+)+$")

GALLERY_STYLE = """
.filters { margin: .8em 0 1.2em; } .filters div { margin: .3em 0; }
.filters button { border: 1px solid #bbb; background: #fff; border-radius: 1em; padding: .1em .8em; margin: .15em; cursor: pointer; }
.filters button.on { background: var(--accent); color: #fff; border-color: var(--accent); }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(15em, 1fr)); gap: 1em; }
.card { border: 2px solid #444; border-radius: 12px; padding: .7em .8em; background: #fffdf7; box-shadow: 0 1px 3px #0002; position: relative; min-height: 11em; }
.card h3 { margin: 0 2.2em .3em 0; font-size: 1.05em; }
.card .chips span { display: inline-block; font-size: .78em; background: #eef1f5; border-radius: .8em; padding: 0 .6em; margin: 0 .2em .2em 0; }
.card .corner { position: absolute; top: .5em; right: .6em; font-size: .8em; text-align: right; color: #333; }
.card table { border-collapse: collapse; margin: .4em 0; font-size: .9em; } .card td { padding: 0 .6em 0 0; }
.card .text { white-space: pre-wrap; font-size: .92em; margin-top: .4em; }
.card .from { position: absolute; bottom: .3em; right: .6em; font-size: .7em; color: #999; }
.battlefight .card { background: #fbf7ef; border-color: #6b4f2a; }
.cordes .card { background: #f6f8fb; border-color: #23395d; }
.cardia .card { background: #fbf8f3; border-color: #7a2e2e; }
.dragons .card { background: #f5fbf6; border-color: #245c34; }
.hidden { display: none; }
"""

GALLERY_SCRIPT = """
const chosen = {};
function apply() {
  let shown = 0;
  for (const card of document.querySelectorAll(".card")) {
    const words = JSON.parse(card.dataset.facets);
    const fits = Object.entries(chosen).every(([facet, values]) => values.size === 0 || values.has(words[facet]));
    card.classList.toggle("hidden", !fits);
    if (fits) shown += 1;
  }
  document.getElementById("shown").textContent = String(shown);
}
for (const button of document.querySelectorAll(".filters button")) {
  button.addEventListener("click", () => {
    const facet = button.dataset.facet, value = button.dataset.value;
    chosen[facet] = chosen[facet] || new Set();
    if (chosen[facet].has(value)) chosen[facet].delete(value); else chosen[facet].add(value);
    button.classList.toggle("on");
    apply();
  });
}
apply();
"""


@dataclass
class Face:
    """What a card's face shows, read from its canonical text."""

    title: str
    words: list[str] = field(default_factory=list)
    figures: list[str] = field(default_factory=list)
    stats: list[tuple[str, str]] = field(default_factory=list)
    text: str = ""
    source: str = ""

    def facets(self, names: tuple[str, ...]) -> dict[str, str]:
        """The card's value for each filter: its type line's words, by place."""
        found = {name: word for name, word in zip(names, self.words)}
        for extra, word in enumerate(self.words[len(names):], start=len(names) + 1):
            found[f"word {extra}"] = word
        return found


def face(text: str, source: str = "") -> Face:
    """A card's face from its canonical text (`== Title ==`, the type line, then the rest)."""
    lines = [line.rstrip() for line in text.strip("\n").split("\n")]
    title = lines[0].strip().strip("=").strip()
    result = Face(title, source=source)
    if len(lines) > 1:
        for part in (p.strip() for p in lines[1].split("·")):
            (result.figures if _FIGURE.match(part) else result.words).append(part)
    rest = []
    for line in lines[2:]:
        if _STATS.match(line.strip()):
            result.stats = [tuple(part.strip().rsplit(" ", 1)) for part in line.split("·")]  # type: ignore[misc]
        else:
            rest.append(line)
    result.text = "\n".join(rest).strip("\n")
    return result


def faces_of(folder: str | Path | None, game: Any) -> list[Face]:
    """The faces of every card of a game's set (the shipped set when `folder` is None), in file order."""
    from atout.interpreter.engine.loading import load_files

    if game.write_card is None:
        return []
    files = load_files(game, [folder] if folder is not None else None)
    found = []
    for document in files.documents:
        node = document.node
        if document.kind is None or document.kind.unit != "card" or node is None:
            continue
        for card in getattr(node, "cards", []):
            found.append(face(game.write_card(card), Path(document.path).name))
    return found


def game_page(game: Any, faces: list[Face]) -> str:
    """One game's gallery page: the filters, and every card's face."""
    names = FACETS.get(game.name, ())
    facets = [card.facets(names) for card in faces]
    groups: dict[str, list[str]] = {}
    for found in facets:
        for facet, value in found.items():
            if value not in groups.setdefault(facet, []):
                groups[facet].append(value)
    filters = "".join(
        f'<div><strong>{esc(facet)}</strong> '
        + "".join(f'<button data-facet="{esc(facet)}" data-value="{esc(value)}">{esc(value)}</button>' for value in values)
        + "</div>"
        for facet, values in groups.items()
        if len(values) > 1
    )
    cards = []
    for card, found in zip(faces, facets):
        stats = "".join(f"<tr><td>{esc(name)}</td><td>{esc(value)}</td></tr>" for name, value in card.stats)
        cards.append(
            f'<article class="card" data-facets="{esc(script_data(found))}" data-title="{esc(card.title)}">'
            f"<h3>{esc(card.title)}</h3>"
            f'<div class="corner">{"<br>".join(esc(figure) for figure in card.figures)}</div>'
            f'<div class="chips">{"".join(f"<span>{esc(word)}</span>" for word in card.words)}</div>'
            + (f"<table>{stats}</table>" if stats else "")
            + (f'<div class="text">{esc(card.text)}</div>' if card.text else "")
            + f'<div class="from">{esc(card.source)}</div></article>'
        )
    body = (
        f'<p><a href="index.html">All games</a></p><h1>{esc(game.title)}</h1>'
        f'<p class="muted"><span id="shown">{len(faces)}</span> of {len(faces)} cards shown; click a word to show only the cards that have it.</p>'
        f'<div class="filters">{filters}</div><section class="cards {esc(game.name)}">{"".join(cards)}</section>'
    )
    return page(f"{game.title}: the cards", body, GALLERY_STYLE, GALLERY_SCRIPT)


def index_page(games: list[tuple[Any, int]]) -> str:
    """The site's first page: each game and how many cards it has."""
    items = "".join(f'<li><a href="{esc(game.name)}.html">{esc(game.title)}</a>: {count} cards</li>' for game, count in games)
    return page("The cards", f"<h1>The cards</h1><ul>{items}</ul>")


def write_site(output: Path, sets: list[tuple[Any, Path | None]]) -> list[tuple[Any, int]]:
    """Write the gallery of each (game, folder) into `output`; each game and its number of cards.

    Each page is written whole or not at all (`WriteError`): a page already
    there is never cut.
    """
    output.mkdir(parents=True, exist_ok=True)
    written = []
    for game, folder in sets:
        faces = faces_of(folder, game)
        write_text(output / f"{game.name}.html", game_page(game, faces))
        written.append((game, len(faces)))
    write_text(output / "index.html", index_page(written))
    return written
