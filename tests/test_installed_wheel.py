"""What a user installs is what is tested: a wheel built from this folder, installed with no extras.

The wheel is built as `pip install .` builds it, installed in a fresh virtual
environment that knows nothing of this folder, and every subcommand of
`atout` is run from there, in a folder of its own: a module or a data file
that the wheel leaves out fails here, not on a user's machine.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: One process builds the wheel and runs every test of it.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("installed-wheel")]


def run(command: list[str], cwd: Path, stdin: str | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
    """Run `command` with an environment that has nothing of this folder's (no PYTHONPATH, no cache of the tests)."""
    environment = {key: value for key, value in os.environ.items() if key not in {"PYTHONPATH", "ATOUT_GAMES"}}
    environment["ATOUT_CACHE_DIR"] = str(cwd / "cache")
    return subprocess.run(
        command,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        input=stdin,
        env=environment,
        stdin=None if stdin is not None else subprocess.DEVNULL,
    )


#: What builds, tools and tests leave in a checkout, never part of the source a wheel is built from.
LEFT_BY_BUILDS = ("build", "dist", "*.egg-info", "__pycache__", ".git", ".venv", "venv", ".pytest_cache", ".hypothesis", ".mypy_cache", ".ruff_cache")


@pytest.fixture(scope="session")
def installed(tmp_path_factory) -> Path:
    """A fresh environment with the wheel of this folder installed, no extras: its `bin` folder.

    Made once per process, whatever order the tests come in (a module's
    fixture is made again when another module's tests run between two of
    this one's, as the slow tests' ordering may do).
    """
    where = tmp_path_factory.mktemp("wheel")
    # built from a copy without what earlier builds left (build/, *.egg-info): a stale file there could hide one the wheel misses
    source = where / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*LEFT_BY_BUILDS))
    built = run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(where / "dist"), str(source)], where)
    assert built.returncode == 0, built.stderr
    (wheel,) = (where / "dist").glob("atout-*.whl")
    venv.create(where / "venv", with_pip=True)
    bin_folder = where / "venv" / "bin"
    done = run([str(bin_folder / "python"), "-m", "pip", "install", "--quiet", str(wheel)], where)
    assert done.returncode == 0, done.stderr
    return bin_folder


@pytest.fixture(scope="session")
def home(tmp_path_factory) -> Path:
    """The folder the installed commands run in: nothing of this checkout is in it."""
    return tmp_path_factory.mktemp("user")


def atout(installed: Path, home: Path, *arguments: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """The installed `atout` command, run in `home`."""
    return run([str(installed / "atout"), *arguments], home, stdin)


def site_packages(installed: Path) -> Path:
    """The site-packages folder of the environment whose `bin` is `installed`."""
    return next((installed.parent / "lib").glob("python3.*/site-packages"))


def test_the_wheel_holds_every_module_and_file_of_the_four_folders(installed):
    """Every file git tracks under grammar/, cards/, interpreter/ and cli/ is installed, and nothing else of the tree."""
    site = site_packages(installed)
    tracked = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "grammar", "cards", "interpreter", "cli"],
        capture_output=True,
        text=True,
    )
    if tracked.returncode != 0:
        pytest.skip("not a git checkout: the files tracked cannot be listed")
    expected = set()
    for name in tracked.stdout.splitlines():
        if name.startswith("cli/entry/"):
            expected.add("atout/" + name.removeprefix("cli/entry/"))
        else:
            expected.add("atout/" + name)
    found = {path.relative_to(site).as_posix() for path in (site / "atout").rglob("*") if path.is_file() and "__pycache__" not in path.parts}
    assert sorted(expected - found) == [], "tracked but not installed"
    assert sorted(found - expected) == [], "installed but not tracked"


#: The commands whose lack of an extra has a test of its own below.
NEEDING_AN_EXTRA = {"lsp", "print"}


def listed_commands(installed: Path, home: Path) -> set[str]:
    """The subcommands `atout --help` lists (the names under its "Commands:" line)."""
    shown = atout(installed, home, "--help").stdout
    listing = shown.split("Commands:", 1)[1]
    return {line.split()[0] for line in listing.splitlines() if line.startswith("  ") and not line.startswith("   ")}


def test_every_subcommand_runs_from_the_installed_wheel(installed, home):
    """Every command `atout --help` lists runs (lsp and print say how to get their extra, below)."""
    checks = [
        ("validate", ["validate", str(site_packages(installed) / "atout" / "cards")], 0, "all valid"),
        ("init", ["init", "mes-dragons", "--game", "dragons"], 0, "created mes-dragons"),
        ("validate mine", ["validate", "mes-dragons"], 0, "all valid"),
        ("ast", ["ast", "mes-dragons/mes-cartes.atout"], 0, '"cards"'),
        ("fmt", ["fmt", "--check", "mes-dragons"], 0, ""),
        ("play", ["play", "dragons", "--cards", "mes-dragons", "--p1", "random", "--p2", "random", "--seed", "3", "--record", "game.jsonl", "-q"], 0, "record written"),
        ("replay", ["replay", "game.jsonl"], 0, "replayed"),
        ("simulate", ["simulate", "cordes", "--games", "4", "--workers", "1", "--p1", "random", "--p2", "random"], 0, "games"),
        ("tournament", ["tournament", "dragons", "random", "heuristic", "--games", "2", "--workers", "1"], 0, "random"),
        ("gallery", ["gallery", "-o", "site"], 0, ""),
        ("view", ["view", "game.jsonl", "-o", "game.html"], 0, ""),
        ("schema", ["schema", "record"], 0, '"$schema"'),
        ("explain", ["explain", "E301"], 0, "E301"),
        ("forms", ["forms", "dragons", "égalité"], 0, "Duel de dragons"),
        ("sweep", ["sweep", "dragons", "--card", "Dragonnet des Cendres", "--number", "puissance", "--values", "40,50", "--games", "2", "--workers", "1"], 0, "Dragonnet des Cendres"),
        ("diff-report", ["diff-report", "a.json", "b.json"], 0, "diff-report: dragons"),
    ]
    for name, seed in (("a.json", "0"), ("b.json", "9")):
        saved = atout(installed, home, "simulate", "dragons", "--games", "4", "--seed", seed, "--workers", "1", "--format", "json")
        assert saved.returncode == 0 and "Traceback" not in saved.stderr, saved.stderr
        (home / name).write_text(saved.stdout, encoding="utf-8")
    failures = []
    for _name, arguments, code, expected in checks:
        done = atout(installed, home, *arguments)
        output = done.stdout + done.stderr
        if done.returncode != code or expected not in output or "Traceback" in output:
            failures.append(f"atout {' '.join(arguments)}: exit {done.returncode}\n{output[-1500:]}")
    assert failures == []
    run_here = {arguments[0] for _name, arguments, _code, _expected in checks}
    assert sorted(listed_commands(installed, home) - run_here - NEEDING_AN_EXTRA) == [], "listed by atout --help, run by no test here"
    assert (home / "site" / "index.html").is_file() and (home / "game.html").is_file()
    json.loads(atout(installed, home, "schema", "record").stdout)


def test_the_language_server_without_its_extra_says_how_to_get_it(installed, home):
    done = atout(installed, home, "lsp", stdin="")
    assert done.returncode == 2
    assert done.stderr == "error: the language server needs pygls: pip install 'atout[lsp]'\n", done.stderr  # no usage line: the command was right


def test_printing_without_its_extra_says_how_to_get_it(installed, home):
    done = atout(installed, home, "print", "dragons", "-o", "cards.pdf")
    assert done.returncode == 2
    assert "pip install 'atout[print]'" in done.stderr and "Traceback" not in done.stderr
    assert done.stderr.startswith("error: printing needs") and "Usage:" not in done.stderr
    assert not (home / "cards.pdf").exists()


def test_python_dash_m_atout_is_the_atout_command(installed, home):
    done = run([str(installed / "python"), "-m", "atout", "--version"], home)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("atout, version ")
    shown = run([str(installed / "python"), "-m", "atout", "--help"], home)
    assert shown.stdout.startswith("Usage: atout "), shown.stdout
