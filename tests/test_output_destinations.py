"""Where a command writes a file: a destination that cannot be one is refused before the work, and a write that fails at the end is an error of its own.

A study of thousands of games whose `--report` names a missing folder is
refused at once, not after the games (whose results would be lost); a file
that cannot be written is told as `error: cannot write …`, exit 2, without
click's usage line (the command line itself was right).
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from atout.cli.main import main
from atout.interpreter import files

STUDY = ["simulate", "dragons", "--games", "2", "--p1", "random", "--seed", "1"]


@pytest.mark.parametrize("option", ["--report", "--csv"])
def test_a_study_whose_output_folder_is_missing_is_refused_before_any_game(tmp_path, option):
    path = tmp_path / "missing" / "out.file"
    result = CliRunner().invoke(main, [*STUDY, option, str(path)])
    assert result.exit_code == 2, result.output
    assert f"{option} {path}: {path.parent} does not exist; make the folder first" in result.output
    assert "games:" not in result.output  # nothing was played
    assert not path.parent.exists()


def test_a_study_whose_report_is_a_folder_is_refused_before_any_game(tmp_path):
    result = CliRunner().invoke(main, [*STUDY, "--report", str(tmp_path)])
    assert result.exit_code == 2
    assert "is a directory" in result.output and "games:" not in result.output


def test_saved_records_where_a_file_is_are_refused_before_any_game(tmp_path):
    (tmp_path / "records").write_text("mine\n", encoding="utf-8")
    result = CliRunner().invoke(main, [*STUDY, "--save-records", str(tmp_path / "records")])
    assert result.exit_code == 2
    assert "is a file" in result.output and "games:" not in result.output
    assert (tmp_path / "records").read_text(encoding="utf-8") == "mine\n"


@pytest.mark.parametrize(("command", "option"), [(STUDY, "--report"), (STUDY, "--csv"), (["print", "dragons"], "-o")])
def test_an_output_in_a_folder_whose_name_is_too_long_is_refused_before_the_work(tmp_path, command, option):
    path = tmp_path / ("a" * 300) / "out.file"
    result = CliRunner().invoke(main, [*command, option, str(path)])
    assert result.exit_code == 2 and not isinstance(result.exception, OSError), result.output
    assert f"{option} {path}: File name too long; give another path (nothing was " in result.output
    assert "games:" not in result.output and list(tmp_path.iterdir()) == []


def test_saved_records_in_a_folder_whose_name_is_too_long_are_refused_before_any_game(tmp_path):
    folder = tmp_path / ("a" * 300)
    result = CliRunner().invoke(main, [*STUDY, "--save-records", str(folder)])
    assert result.exit_code == 2 and not isinstance(result.exception, OSError), result.output
    assert "File name too long; give another folder (nothing was played)" in result.output and "a" * 300 not in result.output
    assert "games:" not in result.output and list(tmp_path.iterdir()) == []


def test_print_to_a_missing_folder_is_refused_before_printing(tmp_path):
    path = tmp_path / "missing" / "cards.pdf"
    result = CliRunner().invoke(main, ["print", "dragons", "-o", str(path)])
    assert result.exit_code == 2
    assert f"-o {path}: {path.parent} does not exist" in result.output and "(nothing was printed)" in result.output


def test_a_report_that_cannot_be_written_at_the_end_is_an_error_without_the_usage_line(tmp_path, monkeypatch):
    def refused(path, text, **_):
        raise files.WriteError(path, OSError(28, "No space left on device"), "nothing was written")

    monkeypatch.setattr(files, "write_text", refused)
    path = tmp_path / "report.html"
    result = CliRunner().invoke(main, [*STUDY, "--report", str(path)])
    assert result.exit_code == 2, result.output
    assert f"error: cannot write {path}: No space left on device" in result.output
    assert "Usage:" not in result.output and "Traceback" not in result.output
    assert "games: 2" in result.output  # the summary was shown before the report failed


@pytest.mark.parametrize("command", [["view", "RECORD"], ["gallery"]])
def test_a_page_that_cannot_be_written_is_an_error_without_the_usage_line(tmp_path, command):
    record = tmp_path / "game.jsonl"
    assert CliRunner().invoke(main, ["play", "dragons", "--p1", "random", "--p2", "random", "--seed", "2", "--record", str(record), "-q"]).exit_code == 0
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    args = [str(record) if word == "RECORD" else word for word in command]
    result = CliRunner().invoke(main, [*args, "-o", str(blocker / "page")])
    assert result.exit_code == 2, result.output
    assert result.output.startswith("error: cannot write ") or "\nerror: cannot write " in result.output, result.output
    assert "Usage:" not in result.output and "Traceback" not in result.output


LONG = "a" * 300  # more than the 255 bytes a file's name may have


@pytest.mark.parametrize(
    "command",
    [
        ["play", "dragons", "--p1", "random", "--p2", "random", "--seed", "1", "-q", "--record", "OUT"],
        [*STUDY, "--csv", "OUT"],
        [*STUDY, "--report", "OUT"],
        ["view", "RECORD", "-o", "OUT"],
    ],
    ids=["--record", "--csv", "--report", "view -o"],
)
def test_an_output_name_too_long_is_an_error_not_a_traceback(tmp_path, command):
    record = tmp_path / "game.jsonl"
    if "RECORD" in command:
        assert CliRunner().invoke(main, ["play", "dragons", "--p1", "random", "--p2", "random", "--seed", "2", "--record", str(record), "-q"]).exit_code == 0
    path = tmp_path / LONG
    args = [str(path) if word == "OUT" else str(record) if word == "RECORD" else word for word in command]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert f"cannot write {'the record to ' if '--record' in command else ''}{path}: File name too long (nothing was written)" in result.output
    assert "Traceback" not in result.output and not isinstance(result.exception, OSError)
