"""`atout gallery`: every card of a set as a card face, on a static site, filterable.

A card's face is drawn from its canonical text (the game's `write_card`,
what `atout fmt` writes): its title; its type line (`Défense`, `ATTACK · cost
3 · 3 copies`, `Paquet I · Rébellion · influence 1`, `Dragon · Commune`),
whose words become the filters (type, faction, rarity, category…) and whose
figures (cost, influence, copies) the card's corner; a line of statistics
(`Puissance 48 · Ruse 30 · …`) as a table; the rest as the card's text. So a
card of a new kind, or written with a new construct, shows the day it is
written, as it reads on the printed card. A card whose printed face holds
no text (Dans les Cordes' boxers and GONG) shows what the set's rules file
says of it (`RULES_ON_FACE`).

A designer's set laid over a base shows its cards marked new or replacing
the base's, then the base's cards it leaves out, struck through; a filter
shows each kind alone.

The site is one page per game and an index; each page is self-contained
(style, script and data inline), in the language of the game's cards
(`lang`), atout's own words marked as English.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..files import write_text
from .html import esc, page, script_data

@dataclass(frozen=True)
class Facets:
    """How the words of a game's type line are filed, for the filters: one facet per place.

    A type line with more words than places gives the words left over to
    `many` (a dragon that is also a character: `Dragon · Personnage · Rare`
    is filed under the categories Dragon and Personnage, the rarity Rare):
    the places before it take the first words, those after it the last.
    """

    names: tuple[str, ...]
    many: str

    def file(self, words: list[str]) -> dict[str, list[str]]:
        """Each facet's words, by the place of the words in the type line."""
        found: dict[str, list[str]] = {}
        if len(words) <= len(self.names):
            for name, word in zip(self.names, words):
                found.setdefault(name, []).append(word)
            return found
        at = self.names.index(self.many)
        after = len(self.names) - at - 1
        for name, word in zip(self.names[:at], words[:at]):
            found[name] = [word]
        found[self.many] = words[at : len(words) - after]
        for name, word in zip(self.names[at + 1 :], words[len(words) - after :]):
            found[name] = [word]
        return found


#: What the words of each game's type line are, by their place (for the filters' headings).
FACETS: dict[str, Facets] = {
    "battlefight": Facets(("type",), "type"),
    "cordes": Facets(("type",), "type"),
    "cardia": Facets(("type", "faction"), "faction"),
    "dragons": Facets(("category", "rarity"), "category"),
}
#: The facets of a game this module does not know: every word of its type line is a type.
ANY_GAME = Facets(("type",), "type")
#: The language each game's cards are written in (the `lang` of its page); a game not listed gets none.
LANGUAGES_OF_CARDS: dict[str, str] = {"battlefight": "fr", "cordes": "en", "cardia": "fr", "dragons": "fr"}
#: Cards whose printed face holds no text, and the rules file's parameters that say what they are
#: (by game, then by the word of their type line): Dans les Cordes' boxers and its GONG.
RULES_ON_FACE: dict[str, dict[str, tuple[str, ...]]] = {
    "cordes": {
        "CHARACTER": ("Starting life", "Starting energy", "Starting hand", "Hand limit"),
        "GONG": ("GONGs that end the game", "GONG bonus life", "GONG bonus energy", "Cards removed at each GONG"),
    },
}
#: How a card of a designer's set stands to its base: (facet value, what its mark says).
MARKS = {
    "base": ("from the base", ""),
    "new": ("new", "new card"),
    "replaced": ("replaced", "replaces the base's card"),
    "removed": ("left out", "left out of this set"),
}
#: The filter of a designer's set that shows its cards by how they stand to the base.
SET_FACET = "in this set"
#: A part of a type line that is a figure: "cost 3", "influence 1", "3 copies", "difficulté ★★".
_FIGURE = re.compile(r"^(?:[^\d]+ \d+|\d+ [^\d]+|[^\d★]+ ★+)$")
#: A line of statistics: "Puissance 48 · Ruse 30 · Savoir 18 · Charisme 26".
_STATS = re.compile(r"^(?:[^\d·]+ -?\d+)(?: · [^\d·]+ -?\d+)+$")

GALLERY_STYLE = """
.filters { margin: .8em 0 1.2em; } .filters div { margin: .3em 0; }
.filters button { border: 1px solid #bbb; background: #fff; border-radius: 1em; padding: .1em .8em; margin: .15em; cursor: pointer; }
.filters button.on { background: var(--accent); color: #fff; border-color: var(--accent); }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(15em, 1fr)); gap: 1em; }
.card { border: 2px solid #444; border-radius: 12px; padding: .7em .8em; background: #fffdf7; box-shadow: 0 1px 3px #0002; min-height: 11em; display: flex; flex-direction: column; overflow-wrap: break-word; }
/* the corner beside the title, or under it when the title's longest word leaves it no room */
.card header { display: flex; flex-wrap: wrap; gap: 0 .5em; align-items: flex-start; }
.card h3 { flex: 1 1 0; margin: 0 0 .3em; font-size: 1.05em; }
.card .chips span { display: inline-block; font-size: .78em; background: #eef1f5; border-radius: .8em; padding: 0 .6em; margin: 0 .2em .2em 0; }
.card .corner { flex: none; margin-left: auto; font-size: .8em; text-align: right; color: #333; }
.card table { border-collapse: collapse; margin: .4em 0; font-size: .9em; } .card td { padding: 0 .6em 0 0; }
.card .text { white-space: pre-wrap; font-size: .92em; margin-top: .4em; }
.card .from { margin-top: auto; padding-top: .5em; align-self: flex-end; text-align: right; font-size: .7em; color: #767676; }
.card .mark { align-self: flex-start; font-size: .72em; font-weight: 600; border-radius: .8em; padding: 0 .6em; margin: .2em 0; color: #fff; }
.card.new { box-shadow: 0 0 0 3px #2e7d32; } .card.new .mark { background: #2e7d32; }
.card.replaced { box-shadow: 0 0 0 3px #b26a00; } .card.replaced .mark { background: #b26a00; }
.card.removed { opacity: .6; border-style: dashed; } .card.removed h3 { text-decoration: line-through; } .card.removed .mark { background: #555; }
.battlefight .card { background: #fbf7ef; border-color: #6b4f2a; }
.cordes .card { background: #f6f8fb; border-color: #23395d; }
.cardia .card { background: #fbf8f3; border-color: #7a2e2e; }
.dragons .card { background: #f5fbf6; border-color: #245c34; }
.card.hidden { display: none; }
"""

GALLERY_SCRIPT = """
const chosen = {};
function apply() {
  let shown = 0;
  for (const card of document.querySelectorAll(".card")) {
    const words = JSON.parse(card.dataset.facets);
    const fits = Object.entries(chosen).every(([facet, values]) => values.size === 0 || (words[facet] || []).some((word) => values.has(word)));
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
    #: The card's file, by name (shown on the face) and as found (to tell a designer's files from the base's).
    source: str = ""
    path: str = ""
    #: For a designer's set over a base, how the card stands to it (a key of `MARKS`); "" for a set of its own.
    mark: str = ""

    def facets(self, filing: Facets) -> dict[str, list[str]]:
        """The card's values for each filter: its type line's words, filed by place (and its mark, if any)."""
        found = filing.file(self.words)
        if self.mark:
            found[SET_FACET] = [MARKS[self.mark][0]]
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


def rules_values(rules: Any, names: tuple[str, ...]) -> list[tuple[str, str]]:
    """The values the set's rules give to the parameters `names` (as the rules file writes them), in order."""
    if rules is None:
        return []
    by_alias = {info.alias or name: name for name, info in type(rules).model_fields.items()}
    values = []
    for alias in names:
        if alias in by_alias:
            value = getattr(rules, by_alias[alias])
            values.append((alias, "none" if value is None else str(getattr(value, "value", value))))
    return values


def _card_faces(game: Any, documents: list[Any], rules: Any) -> list[Face]:
    """The faces of the cards of `documents` (card files), in file order; a face with no text shows what the rules say of it."""
    found = []
    on_face = RULES_ON_FACE.get(game.name, {})
    for document in documents:
        node = document.node
        if document.kind is None or document.kind.unit != "card" or node is None:
            continue
        for card in getattr(node, "cards", []):
            shown = face(game.write_card(card), Path(document.path).name)
            shown.path = document.path
            if not shown.text and not shown.stats:
                shown.stats = [pair for word in shown.words for pair in rules_values(rules, on_face.get(word, ()))]
            found.append(shown)
    return found


def _within(path: str, folder: Path) -> bool:
    """True when the file `path` lies in `folder`."""
    return Path(path).resolve().is_relative_to(folder.resolve())


def faces_of(folder: str | Path | None, game: Any) -> list[Face]:
    """The faces of every card of a game's set (the shipped set when `folder` is None), in file order.

    For a designer's folder laid over a base (an extension, or files added
    to the shipped game), its cards are marked new or replaced, and the
    base's cards it leaves out follow, marked removed.
    """
    from atout.interpreter.engine.loading import load_files
    from atout.interpreter.language.diagnostics import DiagnosticError
    from atout.interpreter.language.text import fold

    if game.write_card is None:
        return []
    files = load_files(game, [folder] if folder is not None else None)
    try:
        rules = files.rules()
    except DiagnosticError:  # a set without main rules shows no rules' values
        rules = None
    faces = _card_faces(game, files.documents, rules)
    if folder is None:
        return faces
    base = _card_faces(game, [d for d in files.sources if not _within(d.path, Path(folder))], rules)
    if not base:
        return faces  # a whole set of its own: nothing to compare with
    below = {fold(card.title) for card in base}
    here = {fold(card.title) for card in faces}
    for card in faces:
        card.mark = ("replaced" if fold(card.title) in below else "new") if _within(card.path, Path(folder)) else "base"
    left_out: dict[str, Face] = {}
    for card in base:
        if fold(card.title) not in here:
            left_out.setdefault(fold(card.title), card)
    for card in left_out.values():
        card.mark = "removed"
    return faces + list(left_out.values())


def game_page(game: Any, faces: list[Face]) -> str:
    """One game's gallery page: the filters, and every card's face, in the language of the game's cards."""
    filing = FACETS.get(game.name, ANY_GAME)
    facets = [card.facets(filing) for card in faces]
    groups: dict[str, list[str]] = {}
    for found in facets:
        for facet, values in found.items():
            for value in values:
                if value not in groups.setdefault(facet, []):
                    groups[facet].append(value)
    filters = "".join(
        f'<div><strong lang="en">{esc(facet)}</strong> '
        + "".join(f'<button data-facet="{esc(facet)}" data-value="{esc(value)}"{_ENGLISH if facet == SET_FACET else ""}>{esc(value)}</button>' for value in values)
        + "</div>"
        for facet, values in groups.items()
        if len(values) > 1
    )
    cards = "".join(_card_html(card, found) for card, found in zip(faces, facets))
    left_out = sum(card.mark == "removed" for card in faces)
    aside = f" ({left_out} left out of this set, struck through)" if left_out else ""
    body = (
        f'<p lang="en"><a href="index.html">All games</a></p><h1>{esc(game.title)}</h1>'
        f'<p class="muted" lang="en"><span id="shown">{len(faces)}</span> of {len(faces)} cards shown{aside}; click a word to show only the cards that have it.</p>'
        f'<div class="filters">{filters}</div><section class="cards {esc(game.name)}">{cards}</section>'
    )
    return page(f"{game.title}: the cards", body, GALLERY_STYLE, GALLERY_SCRIPT, lang=LANGUAGES_OF_CARDS.get(game.name, ""))


#: The attribute of a piece of atout's own words (English) on a page in a game's language.
_ENGLISH = ' lang="en"'


def _card_html(card: Face, found: dict[str, list[str]]) -> str:
    """A card's face: its title and figures, its words, its mark, its statistics, its text, its file."""
    stats = "".join(f"<tr><td>{esc(name)}</td><td>{esc(value)}</td></tr>" for name, value in card.stats)
    said = MARKS[card.mark][1] if card.mark else ""
    mark = f'<div class="mark"{_ENGLISH}>{esc(said)}</div>' if said else ""
    return (
        f'<article class="card{" " + card.mark if said else ""}" data-facets="{esc(script_data(found))}" data-title="{esc(card.title)}">'
        f"<header><h3>{esc(card.title)}</h3>"
        f'<div class="corner">{"<br>".join(esc(figure) for figure in card.figures)}</div></header>'
        f'<div class="chips">{"".join(f"<span>{esc(word)}</span>" for word in card.words)}</div>'
        + mark
        + (f"<table>{stats}</table>" if stats else "")
        + (f'<div class="text">{esc(card.text)}</div>' if card.text else "")
        + f'<div class="from">{esc(card.source)}</div></article>'
    )


def index_page(games: list[tuple[Any, int]]) -> str:
    """The site's first page: each game and how many cards it has."""
    items = "".join(
        f'<li><a href="{esc(game.name)}.html"{_lang(game)}>{esc(game.title)}</a>: {count} cards</li>' for game, count in games
    )
    return page("The cards", f"<h1>The cards</h1><ul>{items}</ul>")


def _lang(game: Any) -> str:
    """The `lang` attribute of a game's own words (its title), where the language of its cards is known."""
    code = LANGUAGES_OF_CARDS.get(game.name)
    return f' lang="{code}"' if code else ""


def write_site(output: Path, sets: list[tuple[Any, Path | None]]) -> list[tuple[Any, int]]:
    """Write the gallery of each (game, folder) into `output`; each game and its number of cards (those left out not counted)."""
    output.mkdir(parents=True, exist_ok=True)
    written = []
    for game, folder in sets:
        faces = faces_of(folder, game)
        write_text(output / f"{game.name}.html", game_page(game, faces))  # whole or not at all
        written.append((game, sum(card.mark != "removed" for card in faces)))
    write_text(output / "index.html", index_page(written))
    return written
