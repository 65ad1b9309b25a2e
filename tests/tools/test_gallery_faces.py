"""`atout gallery`: what each face says and where, as a designer reads it.

A card of two categories is filed under both, a Lieu's difficulty is no
faction, no face is blank, a designer's new, replacing and left-out cards
are marked and filterable, a long text stays clear of the file's label, each
step's number shows whole (10. and 11. too), and each page speaks the
language of its game's cards.
"""

from __future__ import annotations

import html
import json
import re

import pytest
from click.testing import CliRunner

from atout.cli.main import main
from atout.interpreter.engine.loading import load_files
from atout.interpreter.games import LANGUAGES
from browser import browser, console_errors, file_url, need_browser

#: Where the rulebooks' cards are written: Dans les Cordes in English, the three others in French.
LANGS = {"battlefight": "fr", "cordes": "en", "cardia": "fr", "dragons": "fr"}


def gallery(tmp_path, *folder: str) -> dict[str, str]:
    """Run `atout gallery [FOLDER]`; each page's HTML by its game."""
    result = CliRunner().invoke(main, ["gallery", *folder, "-o", str(tmp_path / "site")], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return {path.stem: path.read_text(encoding="utf-8") for path in (tmp_path / "site").glob("*.html")}


def cards(page: str) -> dict[str, tuple[str, dict]]:
    """Each card of a page by its title: its classes and its filters' values."""
    found = re.findall(r'<article class="([^"]*)" data-facets="([^"]*)" data-title="([^"]*)">', page)
    return {html.unescape(title): (classes, json.loads(html.unescape(facets))) for classes, facets, title in found}


def filter_rows(page: str) -> dict[str, list[str]]:
    """The filters of a page: each heading and its buttons' values."""
    rows = re.findall(r"<div><strong[^>]*>([^<]*)</strong> (.*?)</div>", page)
    return {html.unescape(name): [html.unescape(v) for v in re.findall(r'data-value="([^"]*)"', buttons)] for name, buttons in rows}


@pytest.fixture
def designer_set(tmp_path):
    """A designer's extension of Duel de dragons: a dragon that is also a character, a card replaced, one left out."""
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "extension.atout").write_text("Duel de dragons : extension\nSans : Guivre des Marais\n", encoding="utf-8")
    (mine / "cartes.atout").write_text(
        "Duel de dragons : cartes\n\n"
        "== Dragon du Test ==\nDragon · Personnage · Rare\nPuissance 60 · Ruse 50 · Savoir 40 · Charisme 40\n\n"
        "== Dragonnet des Cendres ==\nDragon · Commune\nPuissance 50 · Ruse 30 · Savoir 18 · Charisme 26\n",
        encoding="utf-8",
    )
    return mine


def test_a_card_of_two_categories_is_filed_under_both_and_under_its_rarity(tmp_path, designer_set):
    page = gallery(tmp_path, str(designer_set))["dragons"]
    _, facets = cards(page)["Dragon du Test"]
    assert facets["category"] == ["Dragon", "Personnage"] and facets["rarity"] == ["Rare"]
    rows = filter_rows(page)
    assert not [name for name in rows if name.startswith("word")], rows
    assert set(rows["rarity"]) == {"Commune", "Rare", "Épique", "Légendaire", "Mythique"}


def test_a_lieu_s_difficulty_is_a_figure_of_its_corner_not_a_faction(tmp_path):
    page = gallery(tmp_path)["cardia"]
    assert set(filter_rows(page)["faction"]) == {"Rébellion", "Guilde", "Académie", "Dynastie"}
    lieux = {title: facets for title, (_, facets) in cards(page).items() if facets.get("type") == ["Lieu"]}
    assert len(lieux) == 8 and all("faction" not in facets for facets in lieux.values())
    corners = re.findall(r'<span class="figure figure-difficulté">.*?<b>(★+)</b></span>', page)
    assert len(corners) == 8


def test_no_face_is_blank_the_boxers_and_the_gong_say_what_the_rules_give_them(tmp_path):
    pages = gallery(tmp_path)
    for game in LANGS:
        for article in re.findall(r"<article.*?</article>", pages[game], re.S):
            assert '<ol class="steps">' in article or '<table class="stats">' in article or "<p>" in article, article
    rules = load_files(LANGUAGES["cordes"]).rules()

    def stat(name: str, value: object) -> str:
        return f'<td class="stat-name">{name}</td><td class="stat-value">{value}</td>'

    gong = re.search(r'<article[^>]*data-title="GONG">.*?</article>', pages["cordes"], re.S).group(0)
    assert stat("GONG bonus life", rules.gong_bonus_life) in gong
    assert stat("GONGs that end the game", rules.gongs_to_end) in gong
    boxer = re.search(r'<article[^>]*data-title="Karpentier">.*?</article>', pages["cordes"], re.S).group(0)
    assert stat("Starting life", rules.starting_life) in boxer


@pytest.mark.slow  # a real browser
def test_a_designer_s_new_replacing_and_left_out_cards_are_marked_and_filtered(tmp_path, designer_set):
    page = gallery(tmp_path, str(designer_set))["dragons"]
    found = cards(page)
    assert found["Dragon du Test"][0] == "card new" and found["Dragon du Test"][1]["in this set"] == ["new"]
    assert found["Dragonnet des Cendres"][0] == "card replaced"
    assert found["Guivre des Marais"][0] == "card removed" and found["Guivre des Marais"][1]["in this set"] == ["left out"]
    assert found["Lézard-Tonnerre"][0] == "card"
    assert set(filter_rows(page)["in this set"]) == {"from the base", "new", "replaced", "left out"}
    assert "1 left out of this set" in page
    # the shipped gallery marks nothing
    assert "in this set" not in gallery(tmp_path / "shipped")["dragons"]
    need_browser()
    with browser() as driver:
        driver.get(file_url(tmp_path / "site" / "dragons.html"))
        assert console_errors(driver) == []
        driver.find_element("css selector", 'button[data-facet="in this set"][data-value="new"]').click()
        shown = [card.get_attribute("data-title") for card in driver.find_elements("css selector", ".card") if card.is_displayed()]
        assert shown == ["Dragon du Test"]
        marks = {
            card.get_attribute("data-title"): card.find_element("css selector", ".mark").get_attribute("textContent")
            for card in driver.find_elements("css selector", ".card.new, .card.replaced, .card.removed")
        }
        assert marks == {
            "Dragon du Test": "new card",
            "Dragonnet des Cendres": "replaces the base's card",
            "Guivre des Marais": "left out of this set",
        }


#: The parts of a face that must not overlap each other.
PARTS = [".title", ".corner", ".typeline", ".art", ".body", "footer", ".mark", ".from", ".unfit-note"]

OVERLAPS = """
const found = [];
const box = (e) => e.getBoundingClientRect();
const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
for (const card of document.querySelectorAll(".card")) {
  const parts = arguments[0].flatMap((s) => [...card.querySelectorAll(s)]).filter((e) => e.textContent.trim() !== "");
  for (let i = 0; i < parts.length; i++) {
    for (let j = i + 1; j < parts.length; j++) {
      if (!parts[i].contains(parts[j]) && !parts[j].contains(parts[i]) && meet(box(parts[i]), box(parts[j]))) {
        found.push(card.dataset.title + ": " + parts[i].className + parts[i].tagName + " / " + parts[j].className + parts[j].tagName);
      }
    }
    const outer = box(card), inner = box(parts[i]);
    if (inner.right > outer.right + 0.5 || inner.bottom > outer.bottom + 0.5) found.push(card.dataset.title + ": " + parts[i].tagName + " leaves the card");
  }
  // a title wider than its line, or a text taller than its box, is cut: the page sets them smaller until they fit,
  // and says so on the card when even the smallest type is not enough
  for (const part of card.querySelectorAll(".title, .body")) {
    const cut = part.scrollWidth > part.clientWidth + 0.5 || part.scrollHeight > part.clientHeight + 0.5;
    if (cut && !card.querySelector(".unfit-note")) found.push(card.dataset.title + ": " + part.className + " is cut, and the card does not say so");
  }
}
return found;
"""


@pytest.mark.slow  # a real browser
def test_a_long_text_or_title_stays_clear_of_the_file_label_and_the_corner(tmp_path):
    need_browser()
    mine = tmp_path / "mine"
    mine.mkdir()
    steps = " ; ".join(["Corps à Corps", "Blesser 4", "Défausser 1"] * 6)
    (mine / "un-nom-de-fichier-vraiment-tres-long-pour-voir.atout").write_text(
        "BattleFight : cartes\n\n== L'Élan du Phénix Flamboyant Qui Ne Finit Jamais De Renaître ==\nAttaque\n" + steps + "\n",
        encoding="utf-8",
    )
    gallery(tmp_path / "designer", str(mine))
    gallery(tmp_path / "shipped")
    pages = [tmp_path / "designer" / "site" / "battlefight.html"] + [tmp_path / "shipped" / "site" / f"{game}.html" for game in LANGS]
    with browser() as driver:
        for width in (1280, 700):
            driver.set_window_size(width, 2000)
            for path in pages:
                driver.get(file_url(path))
                assert console_errors(driver) == []
                assert driver.execute_script(OVERLAPS, PARTS) == [], (path, width)
                unfit = [card.get_attribute("data-title") for card in driver.find_elements("css selector", ".card.unfit")]
                # the designer's card of 18 steps cannot fit a poker card; every shipped card does
                assert unfit == (["L'Élan du Phénix Flamboyant Qui Ne Finit Jamais De Renaître"] if "designer" in str(path) else []), path


#: Each step whose number is cut: an outside marker ("10. ", bold) ends where its step begins, and the nearest
#: box that cuts what overflows it (the card's body) must hold it whole.
CUT_NUMBERS = """
const found = [];
const canvas = document.createElement("canvas").getContext("2d");
for (const card of document.querySelectorAll(".card")) {
  [...card.querySelectorAll(".steps > .step")].forEach((step, index) => {
    let clip = step.parentElement;
    while (getComputedStyle(clip).overflowX === "visible") clip = clip.parentElement;
    const marker = getComputedStyle(step, "::marker");
    canvas.font = `${marker.fontStyle} ${marker.fontWeight} ${marker.fontSize} ${marker.fontFamily}`;
    const number = `${index + 1}. `;
    const left = step.getBoundingClientRect().left - canvas.measureText(number).width;
    const room = left - clip.getBoundingClientRect().left;
    if (room < -0.5) found.push(`${card.dataset.title}: "${number.trim()}" is cut by ${(-room).toFixed(1)}px`);
  });
}
return found;
"""


@pytest.mark.slow  # a real browser
def test_every_steps_number_is_whole_ten_and_more_included(tmp_path):
    need_browser()
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "longues.atout").write_text(
        "BattleFight : cartes\n\n" + "".join(f"== {title} ==\nAttaque\n{' ; '.join(['Blesser 1'] * count)}\n\n" for title, count in (("Neuf Coups", 9), ("Onze Coups", 11), ("Dix-Huit Coups", 18))),
        encoding="utf-8",
    )
    gallery(tmp_path / "designer", str(mine))
    gallery(tmp_path / "shipped")
    designer, shipped = (tmp_path / folder / "site" / "battlefight.html" for folder in ("designer", "shipped"))
    with browser() as driver:
        for width in (1280, 700):
            driver.set_window_size(width, 2000)
            driver.get(file_url(designer))
            assert driver.execute_script(CUT_NUMBERS) == [], width
            counted = {card.get_attribute("data-title"): len(card.find_elements("css selector", ".steps > .step")) for card in driver.find_elements("css selector", ".card")}
            assert (counted["Neuf Coups"], counted["Onze Coups"], counted["Dix-Huit Coups"]) == (9, 11, 18)
            unfit = {card.get_attribute("data-title") for card in driver.find_elements("css selector", ".card.unfit")}
            assert unfit == {"Dix-Huit Coups"}  # eleven steps fit a poker card: their numbers must show whole
            driver.get(file_url(shipped))
            assert driver.execute_script(CUT_NUMBERS) == [], width


def test_each_page_speaks_the_language_of_its_game_s_cards(tmp_path):
    pages = gallery(tmp_path)
    for game, lang in LANGS.items():
        assert pages[game].startswith(f'<!DOCTYPE html>\n<html lang="{lang}">'), game
        # atout's own words (the link, the count, the filters' headings) are marked as English
        assert '<p lang="en"><a href="index.html">All games</a></p>' in pages[game]
        assert re.search(r'<p class="muted" lang="en"><span id="shown">', pages[game])
        assert all(f'<strong lang="en">{name}</strong>' in pages[game] for name in filter_rows(pages[game]))
    assert pages["index"].startswith('<!DOCTYPE html>\n<html lang="en">')
    assert '<a href="dragons.html" lang="fr">Duel de dragons</a>' in pages["index"]
