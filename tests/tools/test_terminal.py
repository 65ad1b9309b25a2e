"""Playing at the terminal, through a real pseudo-terminal: options that say what they do, ?, show, undo, prefixes, colour."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time

import pytest

from atout.interpreter.engine.decision import Decision, Option
from atout.interpreter.engine.human import parse_answer

ANSI = re.compile(r"\x1b\[[0-9;]*m")
PROMPT = "P1 chooses:"


class Terminal:
    """`atout` run on a pseudo-terminal, as a person at a terminal runs it."""

    def __init__(self, *args: str, env: dict[str, str] | None = None) -> None:
        self.leader, follower = pty.openpty()
        environment = {key: value for key, value in os.environ.items() if key != "NO_COLOR"}
        environment.update({"COLUMNS": "120", "TERM": "xterm", **(env or {})})
        self.process = subprocess.Popen([sys.executable, "-m", "atout.cli.main", *args], stdin=follower, stdout=follower, stderr=follower, env=environment)
        os.close(follower)
        self.seen = ""

    def read_until(self, text: str, timeout: float = 60) -> str:
        """Everything printed until `text` appears (after what was read before)."""
        start = len(self.seen)
        deadline = time.monotonic() + timeout
        while text not in self.seen[start:]:
            ready, _, _ = select.select([self.leader], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise AssertionError(f"{text!r} never came; the terminal shows:\n{self.seen[start:][-2000:]}")
            try:
                chunk = os.read(self.leader, 65536)
            except OSError:
                break
            self.seen += chunk.decode("utf-8", "replace")
        return self.seen[start:]

    def answer(self, line: str) -> str:
        """Type a line; what the terminal shows until the next prompt."""
        os.write(self.leader, (line + "\n").encode())
        return self.read_until(PROMPT)

    def close(self) -> int:
        os.write(self.leader, b"q\n")
        try:
            while True:
                ready, _, _ = select.select([self.leader], [], [], 30)
                if not ready or not os.read(self.leader, 65536):
                    break
        except OSError:
            pass
        os.close(self.leader)
        return self.process.wait(timeout=30)


@pytest.fixture()
def terminal(tmp_path):
    opened: list[Terminal] = []

    def start(*args: str, env: dict[str, str] | None = None) -> Terminal:
        opened.append(Terminal(*args, env=env))
        return opened[-1]

    yield start
    for session in opened:
        if session.process.poll() is None:
            session.process.kill()


def test_a_game_at_the_terminal_with_help_show_and_undo(terminal, tmp_path):
    record = tmp_path / "game.jsonl"
    session = terminal("play", "battlefight", "--p1", "human", "--p2", "heuristic", "--seed", "3", "--record", str(record))
    first = session.read_until(PROMPT)
    plain = ANSI.sub("", first)
    # each option says what it does: a technique's type and steps
    assert re.search(r"1\. Attaque de base +Attaque · Corps à Corps ; Blesser 1", plain)
    assert "\x1b[" in first  # colour on a terminal
    shown = ANSI.sub("", session.answer("?"))
    for command in ("show", "undo", "?", "q"):
        assert f"  {command}: " in shown
    board = ANSI.sub("", session.answer("show"))
    assert "P1: life 20" in board and "discard" in board and "G1  G2  G3  P1" in board
    assert "no decision of yours to take back yet" in session.answer("undo")
    # a unique start of a label, in another case and without accents
    played = ANSI.sub("", session.answer("attaq"))
    assert "P1 plays Attaque de base" in played
    back = ANSI.sub("", session.answer("undo"))
    assert "P1 takes back their decision of turn 2" in back and "Turn 2, P1 to play" in back
    again = ANSI.sub("", session.answer("concentration"))
    assert "P1 plays Concentration de base" in again and "P1 draws" in again
    assert session.close() == 1  # left at the prompt: the game is abandoned
    from click.testing import CliRunner

    from atout.cli.main import main

    replayed = CliRunner().invoke(main, ["replay", str(record), "--show"])
    assert replayed.exit_code == 0, replayed.output
    assert "P1 plays Attaque de base" not in replayed.output and "P1 plays Concentration de base" in replayed.output


def test_no_colour_when_no_color_is_set_or_when_piped(terminal):
    session = terminal("play", "cordes", "--p1", "human", "--p2", "random", "--seed", "1", env={"NO_COLOR": "1"})
    assert "\x1b[" not in session.read_until(PROMPT).replace("\x1b[?25l", "").replace("\x1b[?25h", "")
    session.close()
    piped = subprocess.run(
        [sys.executable, "-m", "atout.cli.main", "play", "cordes", "--p1", "human", "--p2", "random", "--seed", "1"],
        input="q\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "\x1b[" not in piped.stdout and PROMPT in piped.stdout


def test_an_answer_is_a_number_a_label_or_the_start_of_exactly_one():
    decision = Decision(0, "play", [Option("Décharge", "Décharge"), Option("Défense de base", "Défense de base"), Option("Déplacement de base", "Déplacement de base")])
    assert parse_answer("2", decision) == 1
    assert parse_answer("DECHARGE", decision) == 0
    assert parse_answer("defen", decision) == 1
    assert parse_answer("dé", decision) is None  # three labels start so: ambiguous
    assert parse_answer("4", decision) is None and parse_answer("", decision) is None
