"""The cache of whole `atout validate` runs: answered at once when nothing it read has changed, never otherwise."""

from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner

import atout.cli.main as cli
from atout.cli.main import main

GOOD = "Duel de dragons : cartes\n\n== Dragon du Test ==\nDragon · Commune\nPuissance 50 · Ruse 40 · Savoir 30 · Charisme 20\n"


@pytest.fixture()
def counted(monkeypatch):
    """How many times the check itself ran (not answered from the cache)."""
    calls = []
    real = cli._validate

    def spy(*args):
        calls.append(args)
        return real(*args)

    monkeypatch.setattr(cli, "_validate", spy)
    return calls


def validate(*args):
    return CliRunner().invoke(main, ["validate", *map(str, args)], catch_exceptions=False)


def test_an_unchanged_set_is_answered_from_the_cache_with_the_same_output(tmp_path, counted):
    folder = tmp_path / "set"
    folder.mkdir()
    (folder / "extension.atout").write_text("Duel de dragons : extension\nBase : dragons\n", encoding="utf-8")
    (folder / "cartes.atout").write_text(GOOD, encoding="utf-8")
    first, second = validate(folder), validate(folder)
    assert first.exit_code == second.exit_code == 0
    assert first.output == second.output and "all valid" in first.output
    assert len(counted) == 1


@pytest.mark.parametrize("change", ["edit", "add", "remove", "options"])
def test_any_change_runs_the_check_again(tmp_path, counted, change):
    folder = tmp_path / "set"
    folder.mkdir()
    (folder / "extension.atout").write_text("Duel de dragons : extension\nBase : dragons\n", encoding="utf-8")
    (folder / "cartes.atout").write_text(GOOD, encoding="utf-8")
    assert validate(folder).exit_code == 0
    args: list = [folder]
    if change == "edit":
        (folder / "cartes.atout").write_text(GOOD.replace("Puissance 50", "Puissance 500"), encoding="utf-8")
    elif change == "add":
        (folder / "plus.atout").write_text("Duel de dragons : cartes\n== Y ==\n", encoding="utf-8")
    elif change == "remove":
        (folder / "cartes.atout").unlink()
    else:
        args.append("--format=json")
    again = validate(*args)
    assert len(counted) == 2
    assert again.exit_code == (0 if change in ("remove", "options") else 1)


def test_a_change_in_the_base_a_set_extends_is_seen(tmp_path, counted, cards_dir):
    base = tmp_path / "base"
    shutil.copytree(cards_dir / "dragons", base)
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "extension.atout").write_text("Duel de dragons : extension\nBase : ../base\n", encoding="utf-8")
    (mine / "cartes.atout").write_text(GOOD, encoding="utf-8")
    assert validate(mine).exit_code == 0 and validate(mine).exit_code == 0
    assert len(counted) == 1
    (base / "en-plus.atout").write_text("Duel de dragons : cartes\n== Cassé ==\n", encoding="utf-8")
    again = validate(mine)
    assert len(counted) == 2 and again.exit_code == 1 and "en-plus.atout" in again.output


def test_without_a_cache_every_run_checks(tmp_path, counted, monkeypatch):
    monkeypatch.setenv("ATOUT_NO_CACHE", "1")
    (tmp_path / "cartes.atout").write_text(GOOD, encoding="utf-8")
    validate(tmp_path), validate(tmp_path)
    assert len(counted) == 2


def test_without_a_cache_a_run_has_no_key_and_atout_s_code_is_not_read(monkeypatch):
    from atout.interpreter.language import runs

    monkeypatch.setattr(runs, "code_digest", lambda: pytest.fail("the code's digest was computed"))
    monkeypatch.setenv("ATOUT_NO_CACHE", "1")
    assert runs.key("validate", [["cards"], "text", False, 20]) is None


def test_another_atout_does_not_reuse_the_answer(tmp_path, counted, monkeypatch):
    from atout.interpreter.language import store

    (tmp_path / "cartes.atout").write_text(GOOD, encoding="utf-8")
    validate(tmp_path)
    monkeypatch.setattr("atout.interpreter.language.runs.code_digest", lambda: "another atout")
    validate(tmp_path)
    assert len(counted) == 2
    assert store.code_digest() != "another atout"
