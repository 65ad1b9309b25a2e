"""Whatever a person types at the prompt is answered with a message, and a closed input ends the game cleanly.

`²` (beside `1` on an AZERTY keyboard), `①` and numbers of thousands of
digits once crashed the game and lost its record; so did a closed standard
input. Ambiguous starts (`d` in BattleFight, `jab` in Dans les Cordes) were
refused as illegal without saying why.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from atout.interpreter.engine.decision import Decision, Option
from atout.interpreter.engine.human import Abandoned, HumanPlayer, parse_answer, read_answer

#: What the tests' prompt prints before each answer read.
PROMPT = "<prompt>"

BATTLEFIGHT = Decision(
    0,
    "play",
    [Option(label, label) for label in ("Attaque de base", "Défense de base", "Déplacement de base", "Concentration de base", "Rhétorique de base")],
    "Play a technique",
)
CORDES = Decision(
    0,
    "act",
    [Option(label, label) for label in ("Play Jab", "Play Cross", "Spit Jab", "Spit Cross", "End the turn")],
    "your turn",
)


def typed(decision: Decision, *lines: str) -> tuple[int | None, str]:
    """The option chosen (None: the person left) and what was printed, for these lines typed at the prompt."""
    answers = iter(lines)

    def read(prompt: str) -> str:
        print(PROMPT)
        return next(answers, "q")

    player = HumanPlayer(0, lambda seat: "the board", read=read)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            chosen: int | None = player.choose(decision, None)
        except Abandoned:
            chosen = None
    return chosen, out.getvalue()


@pytest.mark.parametrize("answer", ["²", "①", "1" * 4301, "9" * 20, "٣٣", "0", "-1", "1.5", "\x00", "\x1b[2J", "\udcff"])
def test_strange_numbers_are_refused_with_a_message(answer):
    chosen, printed = typed(BATTLEFIGHT, answer)
    assert chosen is None  # refused, then the person leaves
    assert "is not a legal choice" in printed and "Type a number from 1 to 5" in printed
    assert "\x1b[2J" not in printed and "\x00" not in printed  # control characters are shown escaped, never sent


def test_a_long_answer_is_quoted_cut():
    chosen, printed = typed(BATTLEFIGHT, "x" * 100_000)
    assert chosen is None and '"' + "x" * 40 + '…" is not a legal choice' in printed and len(printed) < 1000


def test_digits_of_other_scripts_are_numbers():
    assert parse_answer("٢", BATTLEFIGHT) == 1 and parse_answer("２", BATTLEFIGHT) == 1  # Arabic-Indic, full-width


def test_a_start_of_several_labels_is_ambiguous_and_lists_them():
    chosen, printed = typed(BATTLEFIGHT, "d")
    assert chosen is None
    assert '"d" is ambiguous: it could be 2. Défense de base, 3. Déplacement de base. Type more of the name, or its number' in printed
    assert typed(BATTLEFIGHT, "d", "dep")[0] == 2


def test_a_name_inside_several_labels_is_ambiguous():
    chosen, printed = typed(CORDES, "jab")
    assert chosen is None and '"jab" is ambiguous: it could be 1. Play Jab, 3. Spit Jab.' in printed
    assert read_answer("play j", CORDES).index == 0


def test_a_name_inside_one_label_is_never_chosen_alone():
    decision = Decision(0, "act", [Option("Play Cross", "x"), Option("Spit Jab", "y"), Option("End the turn", "z")])
    chosen, printed = typed(decision, "jab")
    assert chosen is None and '"jab" is not a whole name: did you mean 2. Spit Jab? Type its number or more of its name' in printed


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60) | st.from_regex(r"[0-9²③٣\s]{0,12}", fullmatch=True))
def test_any_answer_is_answered(answer):
    for decision in (BATTLEFIGHT, CORDES):
        chosen, printed = typed(decision, answer)
        if chosen is not None:  # a legal answer: a number in range, a label, or the start of one
            assert 0 <= chosen < len(decision.options)
        elif answer.strip().casefold() not in ("q", "quit", "quitter"):
            answered = printed.split(PROMPT)[1]  # between the answer and the next prompt
            assert answered.strip(), f"{answer!r} got no answer"


def run_play(stdin, record) -> subprocess.CompletedProcess:
    """`atout play battlefight` with a person as P1, seeded, its standard input as given."""
    return subprocess.run(
        [sys.executable, "-m", "atout.cli.main", "play", "battlefight", "--p1", "human", "--p2", "random", "--seed", "4", "--record", str(record)],
        stdin=stdin,
        capture_output=True,
        timeout=120,
    )


def test_strange_answers_at_the_real_prompt_keep_the_game_and_its_record(tmp_path):
    record = tmp_path / "game.jsonl"
    answers = "²\n①\n" + "7" * 5000 + "\nd\n"
    played = subprocess.run(
        [sys.executable, "-m", "atout.cli.main", "play", "battlefight", "--p1", "human", "--p2", "random", "--seed", "4", "--record", str(record)],
        input=answers.encode() + b"\xff\xfe\n1\nq\n",
        capture_output=True,
        timeout=120,
    )
    out = played.stdout.decode("utf-8", "replace") + played.stderr.decode("utf-8", "replace")
    assert "Traceback" not in out and played.returncode == 1, out
    assert '"²" is not a legal choice' in out and '"①" is not a legal choice' in out and '"d" is ambiguous' in out
    lines = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert "abandoned" in lines[-1] and any(line.get("player") == "P1" and line.get("kind") == "play" for line in lines)


def test_a_closed_standard_input_ends_the_game_with_its_record(tmp_path):
    record = tmp_path / "game.jsonl"
    played = subprocess.run(  # as `atout play … <&-` in a shell
        [sys.executable, "-m", "atout.cli.main", "play", "battlefight", "--p1", "human", "--p2", "random", "--seed", "4", "--record", str(record)],
        stdin=subprocess.DEVNULL,
        preexec_fn=lambda: os.close(0),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "Traceback" not in played.stderr and played.returncode == 1, played.stderr
    assert "standard input is closed: P1 cannot answer; the game is abandoned." in played.stderr
    assert "seed 4: add --seed 4 to play this game again" in played.stderr
    lines = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert "standard input is closed" in lines[-1]["abandoned"]["reason"]
    from click.testing import CliRunner

    from atout.cli.main import main

    replayed = CliRunner().invoke(main, ["replay", str(record)])
    assert replayed.exit_code == 0 and "the game was abandoned" in replayed.output, replayed.output


def test_end_of_input_is_leaving(tmp_path):
    record = tmp_path / "game.jsonl"
    played = run_play(subprocess.DEVNULL, record)
    assert played.returncode == 1 and b"P1 left the game; the game is abandoned." in played.stderr
    assert b"Traceback" not in played.stderr and "abandoned" in record.read_text(encoding="utf-8")


def test_strange_answers_at_a_real_terminal():
    """Through a pseudo-terminal, where the line is read as a person types it (not from a pipe)."""
    import pty
    import select
    import time

    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "atout.cli.main", "play", "cordes", "--p1", "human", "--p2", "random", "--seed", "2"],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env={**os.environ, "NO_COLOR": "1", "COLUMNS": "120"},
    )
    os.close(follower)
    seen = b""

    def until(text: bytes) -> None:
        nonlocal seen
        deadline = time.monotonic() + 60
        while text not in seen:
            ready, _, _ = select.select([leader], [], [], max(0.0, deadline - time.monotonic()))
            assert ready, f"{text!r} never came: {seen[-1500:]!r}"
            seen += os.read(leader, 65536)

    try:
        until(b"P1 chooses:")
        for typed_line, answer in ((b"\xc2\xb2", '"²" is not a legal choice'), (b"\xe2\x91\xa0", '"①" is not a legal choice')):
            os.write(leader, typed_line + b"\n")
            until(answer.encode())
        os.write(leader, b"q\n")
        assert process.wait(timeout=60) == 1
    finally:
        if process.poll() is None:
            process.kill()
        os.close(leader)
    assert b"Traceback" not in seen
