"""`atout view` in a real headless Chromium: at step N the page shows the engine's state at step N."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from atout.cli.main import main
from atout.interpreter.pages.viewer import steps_of
from browser import browser, console_errors, file_url, need_browser

GAMES = [
    ("battlefight", ["--deck", "le-renard", "--deck", "la-forteresse"]),
    ("cordes", []),
    ("cardia", []),
    ("dragons", []),
]


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.mark.slow  # a real browser
@pytest.mark.parametrize(("game", "options"), GAMES, ids=[game for game, _ in GAMES])
def test_the_page_shows_the_state_of_each_step(tmp_path, game, options):
    need_browser()
    record, page = tmp_path / "game.jsonl", tmp_path / "game.html"
    assert run("play", game, "--p1", "heuristic", "--p2", "random", "--seed", "5", "-q", "--record", str(record), *options).exit_code == 0
    result = run("view", str(record), "-o", str(page), "--seat", "P1")
    assert result.exit_code == 0, result.output
    _, steps, _ = steps_of(record, seat=0)
    middle = len(steps) // 2
    with browser() as driver:
        driver.get(file_url(page))
        assert console_errors(driver) == []
        state = driver.find_element("id", "state")
        assert state.text.split() == steps[0]["state"].split()
        body = driver.find_element("tag name", "body")
        for _ in range(middle):
            body.send_keys("\ue014")  # the right arrow
        assert driver.find_element("id", "number").text == str(middle)
        assert state.text.split() == steps[middle]["state"].split()
        assert driver.find_element("id", "action").text == steps[middle]["action"]
        driver.find_element("id", "back").click()
        assert state.text.split() == steps[middle - 1]["state"].split()
        driver.find_element("id", "last").click()
        assert state.text.split() == steps[-1]["state"].split()
        if game == "battlefight":
            pawns = {p.get_attribute("data-pawn"): p.get_attribute("data-cell") for p in driver.find_elements("css selector", "#picture [data-pawn]")}
            lines = {line.strip().split(":")[0]: line for line in steps[-1]["state"].splitlines() if line.strip().startswith("P")}
            assert pawns and all(f"on {cell}" in lines[pawn] for pawn, cell in pawns.items())
        # P1's view: P2's hand is counted, not named
        assert "P1" in steps[middle]["state"]


def test_a_record_that_does_not_replay_is_refused(tmp_path):
    record = tmp_path / "game.jsonl"
    run("play", "cordes", "--p1", "random", "--p2", "random", "--seed", "2", "-q", "--record", str(record))
    lines = record.read_text(encoding="utf-8").splitlines()
    lines[4] = lines[4].replace('"turn":', '"turn":9', 1) if '"turn":' in lines[4] else lines[4]
    record.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("view", str(record), "-o", str(tmp_path / "game.html"))
    assert result.exit_code == 1 and "error:" in result.output and not (tmp_path / "game.html").exists()


@pytest.mark.parametrize(("game", "hidden"), [("cordes", "P2 draws a card"), ("cardia", "P2 draws a card")])
def test_a_seat_s_page_names_no_card_the_other_player_drew(tmp_path, game, hidden):
    """The headings of chance's steps named the card drawn where the commentary says only `P2 draws a card`."""
    record = tmp_path / "game.jsonl"
    assert run("play", game, "--p1", "heuristic", "--p2", "random", "--seed", "5", "-q", "--record", str(record)).exit_code == 0
    _, steps, _ = steps_of(record, seat=0)
    draws = [step for step in steps if step["commentary"].strip() == hidden]
    assert len(draws) >= 4
    assert all(step["action"].endswith("chance, draw") for step in draws), [step["action"] for step in draws]
    _, everything, _ = steps_of(record)
    assert all(": " in step["action"].split("chance, draw")[1] for step in everything[1:] if "chance, draw" in step["action"])
