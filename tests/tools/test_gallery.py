"""`atout gallery` in a real headless Chromium: every card present as a face, the filters work, no console error."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from atout.cli.main import main
from atout.interpreter.engine.loading import load_files
from atout.interpreter.games import LANGUAGES
from atout.interpreter.pages.gallery import face
from browser import browser, console_errors, file_url, need_browser


def card_names(game: str) -> list[str]:
    language = LANGUAGES[game]
    return [language.card_name(card) for card_file in load_files(language).card_files for card in card_file.cards]


@pytest.mark.slow  # a real browser
def test_every_shipped_card_is_on_its_game_s_page_and_filters_show_only_what_fits(tmp_path):
    need_browser()
    result = CliRunner().invoke(main, ["gallery", "-o", str(tmp_path / "site")])
    assert result.exit_code == 0, result.output
    with browser() as driver:
        driver.get(file_url(tmp_path / "site" / "index.html"))
        assert console_errors(driver) == []
        links = [a.get_attribute("href").rsplit("/", 1)[1] for a in driver.find_elements("css selector", "li a")]
        assert links == [f"{game}.html" for game in LANGUAGES]
        for game in LANGUAGES:
            driver.get(file_url(tmp_path / "site" / f"{game}.html"))
            assert console_errors(driver) == []
            titles = [card.get_attribute("data-title") for card in driver.find_elements("css selector", ".card")]
            assert sorted(titles) == sorted(card_names(game)), game
        driver.get(file_url(tmp_path / "site" / "dragons.html"))
        rare = driver.find_element("css selector", 'button[data-value="Rare"]')
        rare.click()
        shown = [card for card in driver.find_elements("css selector", ".card") if card.is_displayed()]
        assert shown and all(json.loads(card.get_attribute("data-facets"))["rarity"] == ["Rare"] for card in shown)
        hidden = [card for card in driver.find_elements("css selector", ".card") if not card.is_displayed()]
        assert hidden and all(json.loads(card.get_attribute("data-facets"))["rarity"] != ["Rare"] for card in hidden)
        assert driver.find_element("id", "shown").text == str(len(shown))
        rare.click()
        assert driver.find_element("id", "shown").text == str(len(card_names("dragons")))


def test_a_face_is_read_from_the_card_s_canonical_text():
    card = face("== Crochet ==\nATTACK · cost 3 · 3 copies\n-2 life to the opponent\n", "attacks.atout")
    assert (card.title, card.words, card.figures, card.text) == ("Crochet", ["ATTACK"], ["cost 3", "3 copies"], "-2 life to the opponent")
    dragon = face("== Guivre ==\nDragon · Commune\nPuissance 35 · Ruse 44 · Savoir 20 · Charisme 22\n")
    assert dragon.stats == [("Puissance", "35"), ("Ruse", "44"), ("Savoir", "20"), ("Charisme", "22")] and dragon.text == ""


def test_a_designer_set_s_gallery_and_a_folder_of_no_game(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "extension.atout").write_text("Duel de dragons : extension\nBase : dragons\n", encoding="utf-8")
    (mine / "cartes.atout").write_text("Duel de dragons : cartes\n== Dragon du Test ==\nDragon · Rare\nPuissance 60 · Ruse 50 · Savoir 50 · Charisme 40\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["gallery", str(mine), "-o", str(tmp_path / "site")])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "site" / "dragons.html").read_text(encoding="utf-8")
    assert 'data-title="Dragon du Test"' in page and 'data-title="Guivre des Marais"' in page
    empty = tmp_path / "empty"
    empty.mkdir()
    refused = CliRunner().invoke(main, ["gallery", str(empty), "-o", str(tmp_path / "x")])
    assert refused.exit_code == 2 and "no card file of any game" in refused.output
