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

import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..files import WriteError, write_texts
from .cards import CardDrawer, box_style
from .faces import LANGUAGES_OF_CARDS, Face, bands, face, printed
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
GALLERY_STYLE = """
.filters { margin: .8em 0 1.2em; } .filters div { margin: .3em 0; }
.filters button { border: 1px solid #bbb; background: #fff; border-radius: 1em; padding: .1em .8em; margin: .15em; cursor: pointer; }
.filters button.on { background: var(--accent); color: #fff; border-color: var(--accent); }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(66mm, 1fr)); gap: 1.2em .8em; justify-items: center; }
/* each card is its face at its real size (the printed one), its mark and its file under it */
.card { display: flex; flex-direction: column; align-items: center; gap: .3em; }
.card .face-box { border-radius: 3mm; overflow: hidden; box-shadow: 0 1px 4px #0003; }
.card .from { font-size: .7em; color: #767676; max-width: 63mm; overflow-wrap: anywhere; text-align: center; }
.card .mark { font-size: .72em; font-weight: 600; border-radius: .8em; padding: 0 .6em; color: #fff; }
.card.new .face-box { box-shadow: 0 0 0 3px #2e7d32; } .card.new .mark { background: #2e7d32; }
.card.replaced .face-box { box-shadow: 0 0 0 3px #b26a00; } .card.replaced .mark { background: #b26a00; }
.card.removed .face-box { opacity: .55; } .card.removed .title { text-decoration: line-through; } .card.removed .mark { background: #555; }
.card.hidden { display: none; }
.card .unfit-note { font-size: .72em; font-weight: 600; color: #b3261e; max-width: 63mm; text-align: center; }
.card.unfit .face-box { box-shadow: 0 0 0 3px #b3261e; }
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
/* a title wider than its line, a text taller than its box: set smaller until they fit, as the printed faces are
   (a title that would need type smaller than 80% goes on two lines); what does not fit even then is said on the card */
const cut = (part, wide) => (wide ? part.scrollWidth > part.clientWidth + 0.5 : false) || part.scrollHeight > part.clientHeight + 0.5;
for (const face of document.querySelectorAll(".face")) {
  const title = face.querySelector(".title"), body = face.querySelector(".body");
  let scale = 1;
  while (title && cut(title, !face.classList.contains("wrap-title")) && scale > 0.55) {
    scale = Math.max(0.55, scale - 0.03);
    if (scale < 0.8 && !face.classList.contains("wrap-title")) { face.classList.add("wrap-title"); scale = 0.8; }
    face.style.setProperty("--title-scale", String(scale));
  }
  scale = 1;
  while (body && cut(body, true) && scale > 0.55) {
    scale = Math.max(0.55, scale - 0.03);
    face.style.setProperty("--text-scale", String(scale));
  }
  const card = face.closest(".card");
  if (card && ((title && cut(title, !face.classList.contains("wrap-title"))) || (body && cut(body, true)))) {
    card.classList.add("unfit");
    const note = document.createElement("div");
    note.className = "unfit-note";
    note.lang = "en";
    note.textContent = "does not fit its card even in small type: shorten it";
    card.appendChild(note);
  }
}
"""


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


def card_faces(game: Any, documents: list[Any], rules: Any) -> list[Face]:
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
    """The faces of every card of a game's set (the shipped set when `folder` is None), in file order (see `faces_and_rules`)."""
    return faces_and_rules(folder, game)[0]


def faces_and_rules(folder: str | Path | None, game: Any) -> tuple[list[Face], Any]:
    """The faces of every card of a game's set (the shipped set when `folder` is None), in file order, and the set's rules.

    For a designer's folder laid over a base (an extension, or files added
    to the shipped game), its cards are marked new or replaced, and the
    base's cards it leaves out follow, marked removed.
    """
    from atout.interpreter.engine.loading import load_files
    from atout.interpreter.language.diagnostics import DiagnosticError
    from atout.interpreter.language.text import fold

    if game.write_card is None:
        return [], None
    files = load_files(game, [folder] if folder is not None else None)
    try:
        rules = files.rules()
    except DiagnosticError:  # a set without main rules shows no rules' values
        rules = None
    faces = card_faces(game, files.documents, rules)
    if folder is None:
        return faces, rules
    base = card_faces(game, [d for d in files.sources if not _within(d.path, Path(folder))], rules)
    if not base:
        return faces, rules  # a whole set of its own: nothing to compare with
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
    return faces + list(left_out.values()), rules


#: The size of the faces on the pages: a poker card, as printed.
FACE_SIZE = (63.0, 88.0)


def game_page(game: Any, faces: list[Face], rules_bands: dict[str, tuple[int, int]] | None = None, folders: list[Path] | None = None) -> str:
    """One game's gallery page: the filters, and every card's face as printed, in the language of the game's cards.

    The faces are drawn as `atout print` draws them (the designer's
    templates and stylesheet included, from `folders`).
    """
    filing = FACETS.get(game.name, ANY_GAME)
    facets = [_facets(card, filing) for card in faces]
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
    drawer = CardDrawer(game.name, game.title, folders or [])
    cards = "".join(_card_html(card, found, drawer.card_html(printed(game.name, card, rules_bands))) for card, found in zip(faces, facets))
    left_out = sum(card.mark == "removed" for card in faces)
    aside = f" ({left_out} left out of this set, struck through)" if left_out else ""
    body = (
        f'<p lang="en"><a href="index.html">All games</a></p><h1>{esc(game.title)}</h1>'
        f'<p class="muted" lang="en"><span id="shown">{len(faces)}</span> of {len(faces)} cards shown{aside}; click a word to show only the cards that have it.</p>'
        f'<div class="filters">{filters}</div><section class="cards {esc(game.name)}">{cards}</section>'
    )
    return page(f"{game.title}: the cards", body, GALLERY_STYLE + drawer.style(), GALLERY_SCRIPT, lang=LANGUAGES_OF_CARDS.get(game.name, ""))


def _facets(card: Face, filing: Facets) -> dict[str, list[str]]:
    """The card's values for each filter: its type line's words, filed by place (and its mark, if any)."""
    found = filing.file(card.words)
    if card.mark:
        found[SET_FACET] = [MARKS[card.mark][0]]
    return found


#: The attribute of a piece of atout's own words (English) on a page in a game's language.
_ENGLISH = ' lang="en"'


def _card_html(card: Face, found: dict[str, list[str]], drawn: str) -> str:
    """A card of the page: its face as printed (`drawn`), its mark, its file."""
    said = MARKS[card.mark][1] if card.mark else ""
    mark = f'<div class="mark"{_ENGLISH}>{esc(said)}</div>' if said else ""
    return (
        f'<article class="card{" " + card.mark if said else ""}" data-facets="{esc(script_data(found))}" data-title="{esc(card.title)}">'
        f'<div class="face-box" style="{box_style(FACE_SIZE, 0.0)}">{drawn}</div>' + mark + f'<div class="from">{esc(card.source)}</div></article>'
    )


def index_page(games: list[tuple[Any, int]]) -> str:
    """The site's first page: each game and how many cards it has."""
    items = "".join(f'<li><a href="{esc(game.name)}.html"{_lang(game)}>{esc(game.title)}</a>: {count} cards</li>' for game, count in games)
    return page("The cards", f"<h1>The cards</h1><ul>{items}</ul>")


def _lang(game: Any) -> str:
    """The `lang` attribute of a game's own words (its title), where the language of its cards is known."""
    code = LANGUAGES_OF_CARDS.get(game.name)
    return f' lang="{code}"' if code else ""


def write_site(output: Path, sets: list[tuple[Any, Path | None]]) -> list[tuple[Any, int]]:
    """Write the gallery of each (game, folder) into `output`; each game and its number of cards (those left out not counted).

    The pages land together (`write_texts`): a page that cannot be written
    (a full disk) leaves every page already in `output` as it was, never a
    site of new pages beside old ones; a folder made for them and left
    empty is removed. Raises `WriteError` (or `OSError` for the folder).
    """
    pages: dict[Path, str] = {}
    written = []
    for game, folder in sets:
        faces, rules = faces_and_rules(folder, game)
        pages[output / f"{game.name}.html"] = game_page(game, faces, bands(rules), [Path(folder)] if folder is not None else [])
        written.append((game, sum(card.mark != "removed" for card in faces)))
    pages[output / "index.html"] = index_page(written)
    made = not output.exists()
    output.mkdir(parents=True, exist_ok=True)
    try:
        write_texts(pages)  # all or none
    except WriteError:
        if made:
            with contextlib.suppress(OSError):
                output.rmdir()  # only when empty
        raise
    return written
