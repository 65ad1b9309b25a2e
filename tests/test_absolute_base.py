"""An extension laid over a folder named by an absolute path (`Base : /home/ana/base`) travels with its games.

A record, and each game the balance lab plays in another process or for
another version, carries the set's files, the base's among them (named from
the set's folder: `../base/…`). Laid out again elsewhere, the absolute path
of the machine it was made on is read as the carried folder it stood for:
the one whose path ends the same way. Nothing outside the record is read:
the base is moved away before the record is replayed.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from atout.cli.main import main

ROOT = Path(__file__).resolve().parents[1]


def run(*args: object):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture
def laid_over(tmp_path) -> Path:
    """A Cardia extension in `mine/`, laid over a copy of the game's files in `socle/`, named by its absolute path."""
    base = tmp_path / "socle"
    shutil.copytree(ROOT / "cards" / "cardia", base, ignore=shutil.ignore_patterns("exemples"))
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "extension.atout").write_text(f"Duel pour Cardia : extension\n\nBase : {base.resolve()}\n", encoding="utf-8")
    return mine


def test_a_record_replays_with_its_absolute_base_moved_away(laid_over, tmp_path):
    record = tmp_path / "partie.jsonl"
    played = run("play", "cardia", "--cards", laid_over, "--p1", "random", "--p2", "random", "--seed", 3, "-q", "--record", record)
    assert played.exit_code == 0, played.output
    (tmp_path / "socle").rename(tmp_path / "ailleurs")  # the base is gone: only the record's copy can serve
    replayed = run("replay", record)
    assert replayed.exit_code == 0, replayed.output
    assert "all legal and identical" in replayed.output


def test_the_lab_plays_an_absolute_base_in_other_processes_and_versions(laid_over):
    for extra in (["--workers", "2"], ["--vs", laid_over]):
        result = run("simulate", "cardia", "--cards", laid_over, "--games", 4, "--p1", "random", "--p2", "random", *extra)
        assert result.exit_code == 0, result.output
        assert "Traceback" not in result.output


def test_an_absolute_base_that_no_carried_folder_stands_for_is_refused_with_what_to_write(laid_over, tmp_path):
    record = tmp_path / "partie.jsonl"
    assert run("play", "cardia", "--cards", laid_over, "--p1", "random", "--p2", "random", "--seed", 3, "-q", "--record", record).exit_code == 0
    text = record.read_text(encoding="utf-8").replace(str((tmp_path / "socle").resolve()), "/nulle/part")
    tampered = tmp_path / "autre.jsonl"
    tampered.write_text(text, encoding="utf-8")
    refused = run("replay", tampered)
    assert refused.exit_code == 1 and "Traceback" not in refused.output
    assert 'the base "/nulle/part" is not among the files the record carries' in refused.output
    assert "Base : ../base" in refused.output
