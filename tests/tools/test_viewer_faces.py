"""`atout view` shows the cards a seat sees as their printed faces: hands, cards in play, the line."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from atout.cli.main import main
from atout.interpreter.pages.viewer import steps_of
from browser import browser, console_errors, file_url, need_browser


def recorded(tmp_path, game: str, seed: int = 5) -> str:
    path = tmp_path / f"{game}.jsonl"
    done = CliRunner().invoke(main, ["play", game, "--p1", "heuristic", "--p2", "random", "--seed", str(seed), "--record", str(path), "-q"], catch_exceptions=False)
    assert done.exit_code == 0, done.output
    return str(path)


@pytest.mark.parametrize("game", ["cordes", "cardia", "dragons", "battlefight"])
def test_every_card_the_seat_sees_has_its_face_and_the_other_hand_is_not_among_them(tmp_path, game):
    record = recorded(tmp_path, game)
    _, steps, faces = steps_of(record, seat=0)
    labels = {label for step in steps for label, _ in step["zones"]}
    assert "P1's hand" in labels and "P2's hand" not in labels
    named = {name for step in steps for _, names in step["zones"] for name in names}
    assert named and named <= set(faces), sorted(named - set(faces))
    held = [names for step in steps for label, names in step["zones"] if label == "P1's hand" and names]
    assert held, "P1 holds cards at some step"
    _, everything, _ = steps_of(record)
    assert all("P2's hand" in {label for label, _ in step["zones"]} for step in everything)  # everything shown: both hands


def test_the_page_keeps_each_face_once_and_only_those_it_shows(tmp_path):
    record = recorded(tmp_path, "cardia")
    page = tmp_path / "game.html"
    done = CliRunner().invoke(main, ["view", record, "--seat", "P1", "-o", str(page)], catch_exceptions=False)
    assert done.exit_code == 0, done.output
    text = page.read_text("utf-8")
    faces = json.loads(re.search(r'<script id="faces" type="application/json">(.*?)</script>', text).group(1))
    steps = json.loads(re.search(r'<script id="steps" type="application/json">(.*?)</script>', text).group(1))
    shown = {name for step in steps for _, names in step["zones"] for name in names}
    assert set(faces) == shown
    assert all(html.count('class="face cardia') == 1 for html in faces.values())


@pytest.mark.slow  # a real browser
def test_the_faces_of_a_step_are_drawn_in_the_browser(tmp_path):
    need_browser()
    record = recorded(tmp_path, "cordes")
    page = tmp_path / "game.html"
    CliRunner().invoke(main, ["view", record, "--seat", "P1", "-o", str(page)], catch_exceptions=False)
    _, steps, _ = steps_of(record, seat=0)
    with browser() as driver:
        driver.get(file_url(page))
        assert console_errors(driver) == []
        for number in (0, 12, len(steps) - 1):
            driver.execute_script(f"show({number})")
            drawn = driver.find_elements("css selector", "#zones .mini .face")
            assert len(drawn) == sum(len(names) for _, names in steps[number]["zones"])
            for face in drawn:  # drawn at half its size, not an empty box
                assert face.size["width"] > 100 and face.find_element("css selector", ".title").text
