"""Stopping `atout simulate --workers 2`: SIGTERM, SIGHUP, Ctrl-C, even SIGKILL, never leave a worker behind.

Each test starts the command in a real process, waits until games are done
(the progress bar, on a terminal, shows a rate), sends the signal, and reads
/proc: every worker must be gone within a couple of seconds. The waits are
bounds, never measures of speed.
"""

from __future__ import annotations

import os
import pty
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the processes from /proc (Linux)")

#: Random bots play fast: games are done soon after the workers start, and a million would take minutes.
COMMAND = [sys.executable, "-m", "atout.cli.main", "simulate", "dragons", "--games", "1000000", "--workers", "2", "--p1", "random", "--p2", "random"]
#: A tournament's games are played by the same workers.
TOURNAMENT = [sys.executable, "-m", "atout.cli.main", "tournament", "dragons", "random", "heuristic", "--games", "1000000", "--workers", "2"]

#: How long the workers may take to start and finish their first games, at most (a busy machine).
STARTING = 120.0

#: How long after the signal the workers may still be seen: one second, what a person waits for a stopped command.
ENDING = 1.0


def _stat(pid: int) -> tuple[str, int] | None:
    """A process's state letter and its parent's id, from /proc; None when it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    fields = text[text.rindex(")") + 2 :].split()
    return fields[0], int(fields[1])


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid`."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            stat = _stat(int(entry.name))
            if stat is not None and stat[1] == pid:
                found.append(int(entry.name))
    return found


def running(pid: int) -> bool:
    """The process exists and is not a zombie (a zombie has ended; only its exit status waits to be read)."""
    stat = _stat(pid)
    return stat is not None and stat[0] not in "ZX"


def _as_at_a_terminal() -> None:
    """The command starts with Ctrl-C handled by default (a background job, CI's say, ignores SIGINT, and its children inherit that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Terminal:
    """The command run with its standard error (the progress bar) on a pseudo-terminal, read by a thread."""

    def __init__(self, tmp_path: Path, both: bool = False, group: bool = False, command: list[str] = COMMAND) -> None:
        """`both`: standard output on the terminal too (else a pipe); `group`: the command leads a process group of its own."""
        self.leader, follower = pty.openpty()
        env = {**os.environ, "COLUMNS": "120", "TERM": "xterm"}
        self.process = subprocess.Popen(
            command,
            stdout=follower if both else subprocess.PIPE,
            stderr=follower,
            cwd=tmp_path,
            env=env,
            preexec_fn=_as_at_a_terminal,
            start_new_session=group,
        )
        os.close(follower)
        self.seen = b""
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                chunk = os.read(self.leader, 4096)
            except OSError:  # the terminal is closed
                return
            if not chunk:
                return
            self.seen += chunk

    def workers_playing(self) -> list[int]:
        """Wait until both workers run and some games are finished (the bar shows a rate); the workers' ids."""
        deadline = time.monotonic() + STARTING
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.seen.decode("utf-8", "replace")
            workers = children(self.process.pid)
            if len(workers) == 2 and b"games/s" in self.seen:
                return workers
            time.sleep(0.1)
        self.process.kill()
        pytest.fail("the workers did not finish a game in time: " + self.seen.decode("utf-8", "replace")[-400:])

    def hang_up(self) -> None:
        """Close the terminal: what the command writes to it now fails."""
        os.close(self.leader)
        self.leader = -1

    def close(self) -> None:
        if self.leader >= 0:
            os.close(self.leader)


def assert_gone(workers: list[int]) -> None:
    """No worker runs `ENDING` seconds after the signal (checked often, so that a slow /proc is waited for, not measured)."""
    deadline = time.monotonic() + ENDING
    while any(running(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [pid for pid in workers if running(pid)]
    for pid in left:  # leave nothing behind, even when failing
        os.kill(pid, signal.SIGKILL)
    assert not left, f"workers still running {ENDING} s after the signal: {left}"


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT], ids=["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_signal_ends_every_worker_and_prints_the_games_finished(tmp_path, signum):
    terminal = Terminal(tmp_path)
    try:
        workers = terminal.workers_playing()
        terminal.process.send_signal(signum)
        assert_gone(workers)
        stdout, _ = terminal.process.communicate(timeout=60)
    finally:
        terminal.close()
    assert terminal.process.returncode == 128 + signum
    lines = stdout.decode("utf-8").splitlines()
    played = re.fullmatch(r"games: (\d+) of 1000000 \(interrupted\)", lines[0])
    assert played and int(played[1]) > 0, lines[:3]
    assert any(line.startswith("  random (side A) wins") for line in lines)
    shown = terminal.seen.decode("utf-8", "replace")
    name = "Ctrl-C" if signum == signal.SIGINT else signal.Signals(signum).name
    assert f"interrupted: {name}" in shown and f"{played[1]} of 1000000 games finished" in shown
    assert "Traceback" not in shown


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_signal_to_the_whole_process_group_is_one_stop(tmp_path, signum):
    """A closed terminal sends SIGHUP to every process of the job, `kill -- -PGID` SIGTERM: the workers die with it, the run stops as one."""
    terminal = Terminal(tmp_path, group=True)
    try:
        workers = terminal.workers_playing()
        os.killpg(terminal.process.pid, signum)
        assert_gone(workers)
        stdout, _ = terminal.process.communicate(timeout=60)
    finally:
        terminal.close()
    assert terminal.process.returncode == 128 + signum
    assert re.fullmatch(r"games: \d+ of 1000000 \(interrupted\)", stdout.decode("utf-8").splitlines()[0])
    assert "Traceback" not in terminal.seen.decode("utf-8", "replace")


def test_a_hang_up_with_the_terminal_gone_still_ends_every_worker_and_exits_129(tmp_path):
    """The terminal closed (SIGHUP, and every write to it fails): nothing can be shown, the workers end, the code tells."""
    terminal = Terminal(tmp_path, both=True)
    try:
        workers = terminal.workers_playing()
        terminal.hang_up()
        terminal.process.send_signal(signal.SIGHUP)
        assert_gone(workers)
        terminal.process.wait(timeout=60)
    finally:
        terminal.close()
    assert terminal.process.returncode == 128 + signal.SIGHUP  # an uncaught error would have exited 1


def test_killed_outright_the_command_still_leaves_no_worker(tmp_path):
    """SIGKILL cannot be handled: each worker sees its parent gone and ends."""
    terminal = Terminal(tmp_path)
    try:
        workers = terminal.workers_playing()
        terminal.process.kill()
        terminal.process.wait(timeout=60)
        assert_gone(workers)
    finally:
        terminal.close()


@pytest.mark.parametrize(("signum", "code"), [(signal.SIGKILL, 1), (signal.SIGTERM, 143)], ids=["SIGKILL", "SIGTERM"])
def test_a_worker_killed_from_outside_stops_the_run_with_the_games_finished(tmp_path, signum, code):
    """A worker that dies (the out-of-memory killer, a stray kill) is said, the other one ended, the summary printed.

    Exit 1; SIGTERM (or SIGHUP), which a whole job gets, tells its number as when the command gets it.
    """
    terminal = Terminal(tmp_path)
    try:
        workers = terminal.workers_playing()
        os.kill(workers[0], signum)
        assert_gone(workers)
        stdout, _ = terminal.process.communicate(timeout=60)
    finally:
        terminal.close()
    assert terminal.process.returncode == code
    assert stdout.decode("utf-8").startswith("games: ")
    shown = terminal.seen.decode("utf-8", "replace")
    assert f"interrupted: a worker process was killed by {signal.Signals(signum).name}" in shown and "Traceback" not in shown


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_signal_ends_every_worker_of_a_tournament(tmp_path, signum):
    terminal = Terminal(tmp_path, command=TOURNAMENT)
    try:
        workers = terminal.workers_playing()
        terminal.process.send_signal(signum)
        assert_gone(workers)
        stdout, _ = terminal.process.communicate(timeout=60)
    finally:
        terminal.close()
    assert terminal.process.returncode == 128 + signum
    assert stdout.decode("utf-8").startswith("tournament: dragons, 1000000 games per pairing")
    shown = terminal.seen.decode("utf-8", "replace")
    assert f"interrupted: {signal.Signals(signum).name}" in shown and "of 1000000 games finished" in shown
    assert "Traceback" not in shown
