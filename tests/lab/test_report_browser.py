"""The HTML report in a real headless Chromium: it loads without console errors and shows each section."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from atout.cli.main import main
from browser import browser, console_errors, file_url, need_browser

pytestmark = pytest.mark.slow


def test_a_simulation_report_shows_every_section(tmp_path):
    need_browser()
    page = tmp_path / "report.html"
    result = CliRunner().invoke(main, ["simulate", "cordes", "--games", "30", "--seed", "2", "--report", str(page)])
    assert result.exit_code == 0
    with browser() as driver:
        driver.get(file_url(page))
        assert console_errors(driver) == []
        assert driver.title == "Dans les Cordes: balance report"
        for section in ("wins", "quality", "lengths", "cards"):
            element = driver.find_element("css selector", f"section.{section}")
            assert element.is_displayed() and element.size["height"] > 40, section
        cards = driver.find_element("css selector", "section.cards").text
        assert "Jab" in cards and "win rate in hand" in cards and "IWD" in cards
        bars = driver.find_elements("css selector", "section.wins svg rect")
        assert len(bars) >= 4 and all(bar.size["width"] >= 0 for bar in bars)


def test_a_tournament_report_shows_the_matrix(tmp_path):
    need_browser()
    page = tmp_path / "tournament.html"
    result = CliRunner().invoke(main, ["tournament", "battlefight", "le-renard", "la-forteresse", "--games", "4", "--report", str(page)])
    assert result.exit_code == 0
    with browser() as driver:
        driver.get(file_url(page))
        assert console_errors(driver) == []
        matrix = driver.find_element("css selector", "#tournament table")
        rows = matrix.find_elements("css selector", "tbody tr")
        assert [row.find_element("css selector", "td").text for row in rows] == ["le-renard", "la-forteresse"]
        assert "—" in rows[0].text and "%" in rows[0].text
        # each pairing's win rates name its decks (and the bot that plays them)
        wins = driver.find_element("css selector", "#study-0 .wins").text
        assert "le-renard (heuristic) (A) wins" in wins and "la-forteresse (heuristic) (B) wins" in wins
