"""A base folder's files are named in diagnostics as the designer named the set:
by a path from the working folder when the set was given by a relative path,
never by the machine's absolute path the base was resolved to."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from atout.cli.main import main


@pytest.fixture
def layered(tmp_path, monkeypatch):
    """`sets/base`, a dragons set with a fault on line 6 of its card file, and `sets/ext`, an extension laid over it by `Base : ../base`."""
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(main, ["init", "--game", "dragons", "sets/base"]).exit_code == 0
    card_file = tmp_path / "sets" / "base" / "mes-cartes.atout"
    lines = card_file.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(index for index, line in enumerate(lines) if line.startswith("Puissance"))
    lines[at] = "Puissance : 999\n"
    card_file.write_text("".join(lines), encoding="utf-8")
    (tmp_path / "sets" / "ext").mkdir()
    (tmp_path / "sets" / "ext" / "extension.atout").write_text("Duel de dragons : extension\nBase : ../base\n", encoding="utf-8")
    return tmp_path, at + 1


def validate(*args):
    return CliRunner().invoke(main, ["validate", *args])


def test_the_base_s_file_is_named_from_the_working_folder(layered):
    root, line = layered
    result = validate("sets/ext")
    assert result.exit_code != 0
    assert f"sets/base/mes-cartes.atout:{line}:" in result.output
    assert str(root) not in result.output


def test_from_inside_the_extension_the_base_is_named_with_dotdot(layered, monkeypatch):
    root, line = layered
    monkeypatch.chdir(root / "sets" / "ext")
    result = validate(".")
    assert f"../base/mes-cartes.atout:{line}:" in result.output
    assert str(root) not in result.output


def test_a_set_given_by_its_absolute_path_keeps_absolute_names(layered):
    root, line = layered
    result = validate(str(root / "sets" / "ext"))
    assert f"{root / 'sets' / 'base' / 'mes-cartes.atout'}:{line}:" in result.output
