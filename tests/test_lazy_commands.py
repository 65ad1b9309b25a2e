"""The `atout` command imports what the command run needs: the other commands' modules on first use, no engine to check files."""

from __future__ import annotations

import os
import subprocess
import sys

import click

from atout.cards import CARDS_DIR
from atout.cli.main import LAZY_COMMANDS, main

#: Run one command line in a fresh process, then print the modules it imported that the test asks about.
PROBE = """
import sys
from atout.cli.main import main
try:
    main(sys.argv[2:], standalone_mode=False)
except SystemExit:
    pass
print("imported:" + ",".join(name for name in sys.argv[1].split(",") if name in sys.modules))
"""


def imported(modules: list[str], *command: str) -> set[str]:
    """Which of `modules` a fresh process running `atout COMMAND…` imported."""
    environment = {**os.environ, "ATOUT_NO_CACHE": "1"}  # the files checked, not an answer from the cache
    done = subprocess.run([sys.executable, "-c", PROBE, ",".join(modules), *command], capture_output=True, text=True, timeout=120, env=environment)
    assert done.returncode == 0, done.stderr
    last = done.stdout.strip().splitlines()[-1]
    assert last.startswith("imported:"), done.stdout
    return set(filter(None, last.removeprefix("imported:").split(",")))


def test_every_lazy_command_is_found_under_its_name():
    context = click.Context(main)
    assert main.list_commands(context) == sorted({*main.commands, *LAZY_COMMANDS})
    for name in LAZY_COMMANDS:
        command = main.get_command(context, name)
        assert isinstance(command, click.Command) and command.name == name, name
    assert main.get_command(context, "no-such-command") is None


def test_validate_imports_neither_the_other_commands_nor_an_engine():
    others = ["atout.cli.lab", "atout.cli.lsp", "atout.cli.printing", "atout.cli.pages", "atout.cli.fmt", "atout.cli.init", "atout.interpreter.engine.registry", "atout.interpreter.lab.run"]
    assert imported(others, "validate", "-q", str(CARDS_DIR / "dragons")) == set()


def test_play_imports_the_engines_but_not_the_other_commands():
    found = imported(["atout.cli.lab", "atout.cli.lsp", "atout.cli.printing", "atout.interpreter.engine.registry"], "play", "dragons", "--p1", "random", "--p2", "random", "--seed", "1", "-q")
    assert found == {"atout.interpreter.engine.registry"}


def test_a_lazy_command_runs_as_before(tmp_path):
    """`atout simulate` comes from its own module, imported when it is run."""
    found = imported(["atout.cli.lab"], "simulate", "dragons", "--games", "2", "--p1", "random")
    assert found == {"atout.cli.lab"}
