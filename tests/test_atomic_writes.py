"""Nothing the user wrote is lost: every file atout writes is written whole or not at all.

A write that fails (a full disk) leaves the file that was at the path byte
for byte as it was, says so with an exit code, and leaves no stray file;
output to a full device ends with a message, never a traceback. The full
disk is real where the system lets the tests mount a small filesystem (as
root), and a write made to fail otherwise.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from atout.cli.main import main
from atout.interpreter import files
from atout.interpreter.files import NewFile, WriteError, write_text

#: Cards whose canonical form is longer than their text: spaces around "·", a blank line before each card.
CARD = "== Dragon {n} ==\ndragon·commune\nPuissance 30·Ruse 50·Savoir 40·Charisme 30\n"


def cramped_cards(count: int) -> str:
    """A valid Duel de dragons card file that `fmt` makes longer."""
    return "Duel de dragons : cartes\n" + "".join(CARD.format(n=n) for n in range(count))


def fill(folder: Path) -> None:
    """Take every free byte of `folder`'s filesystem."""
    with open(folder / "filler", "wb", buffering=0) as stream:
        try:
            while True:
                stream.write(b"\0" * 512)
        except OSError as error:
            assert error.errno == errno.ENOSPC


@pytest.fixture
def full_disk(tmp_path):
    """A small filesystem of its own (128 KiB of memory), unmounted after the test; skipped where mounting is refused."""
    place = tmp_path / "small"
    place.mkdir()
    if not shutil.which("mount") or os.geteuid() != 0:
        pytest.skip("mounting a small filesystem needs root and mount(8): the write made to fail covers this case")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=128k", "tmpfs", str(place)], capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"mounting a small filesystem was refused ({mounted.stderr.strip()}): the write made to fail covers this case")
    try:
        yield place
    finally:
        subprocess.run(["umount", str(place)], check=False)


def ls(folder: Path) -> list[str]:
    """The names in a folder but the filler."""
    return sorted(name for name in os.listdir(folder) if name != "filler")


# ---------------------------------------------------------------------------
# atout fmt
# ---------------------------------------------------------------------------


def test_fmt_on_a_full_disk_leaves_the_file_byte_identical(full_disk):
    path = full_disk / "dragons.atout"
    original = cramped_cards(500).encode("utf-8")
    assert 35_000 < len(original) < 45_000
    path.write_bytes(original)
    fill(full_disk)
    result = CliRunner().invoke(main, ["fmt", str(path)])
    assert path.read_bytes() == original
    assert result.exit_code == 1
    assert f"error: cannot write {path}: No space left on device ({path} is left as it was)" in result.output
    assert "1 that could not be written (left as they were)" in result.output
    assert "Traceback" not in result.output
    assert ls(full_disk) == ["dragons.atout"]  # no new file left behind
    (full_disk / "filler").unlink()
    assert CliRunner().invoke(main, ["fmt", str(path)]).exit_code == 0
    assert path.read_bytes() != original and ls(full_disk) == ["dragons.atout"]


class FullHalfway:
    """A stream that writes half of what it is given, then finds the disk full."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, data):
        self.stream.write(data[: len(data) // 2])
        self.stream.flush()
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def close(self):
        self.stream.close()


def test_fmt_whose_write_fails_leaves_the_file_and_formats_the_others(tmp_path, monkeypatch):
    first, second = tmp_path / "a.atout", tmp_path / "b.atout"
    original = cramped_cards(3)
    first.write_text(original, encoding="utf-8")
    second.write_text(original, encoding="utf-8")
    real_write = NewFile.write

    def full_for_a(self, data):
        if self.path.name == "a.atout":
            self.stream = FullHalfway(self.stream)
        real_write(self, data)

    monkeypatch.setattr(NewFile, "write", full_for_a)
    result = CliRunner().invoke(main, ["fmt", str(tmp_path)])
    assert result.exit_code == 1
    assert f"cannot write {first}: No space left on device ({first} is left as it was)" in result.output
    assert f"reformatted {second}" in result.output
    assert "1 file reformatted, 0 unchanged, 1 that could not be written (left as they were)" in result.output
    assert first.read_text(encoding="utf-8") == original
    assert second.read_text(encoding="utf-8") != original
    assert ls(tmp_path) == ["a.atout", "b.atout"]


# ---------------------------------------------------------------------------
# The writing itself
# ---------------------------------------------------------------------------


def test_a_new_file_has_the_mode_the_umask_gives(tmp_path):
    previous = os.umask(0o027)
    try:
        write_text(tmp_path / "new.txt", "x")
    finally:
        os.umask(previous)
    assert stat.S_IMODE(os.stat(tmp_path / "new.txt").st_mode) == 0o640


def test_a_replaced_file_keeps_its_mode(tmp_path):
    path = tmp_path / "script.atout"
    path.write_text("old", encoding="utf-8")
    path.chmod(0o751)
    write_text(path, "new")
    assert path.read_text(encoding="utf-8") == "new" and stat.S_IMODE(path.stat().st_mode) == 0o751


def test_a_symbolic_link_is_kept_and_its_target_written(tmp_path):
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "cards.atout"
    target.write_text("old", encoding="utf-8")
    link = tmp_path / "link.atout"
    link.symlink_to(target)
    write_text(link, "new")
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text(encoding="utf-8") == "new"
    assert ls(tmp_path / "real") == ["cards.atout"] and ls(tmp_path) == ["link.atout", "real"]


def test_a_device_is_written_directly(tmp_path):
    write_text(Path(os.devnull), "nothing")
    assert Path(os.devnull).is_char_device()
    with pytest.raises(WriteError) as raised:
        write_text(Path("/dev/full"), "x" * 100_000)
    assert str(raised.value) == "cannot write /dev/full: No space left on device"


def test_a_folder_that_cannot_be_written_is_told(tmp_path):
    path = tmp_path / "missing" / "report.html"
    with pytest.raises(WriteError) as raised:
        write_text(path, "x")
    assert str(raised.value) == f"cannot write {path}: No such file or directory (nothing was written)"
    assert raised.value.errno == errno.ENOENT and isinstance(raised.value, OSError)


def test_a_long_name_still_gets_its_new_file(tmp_path):
    path = tmp_path / ("n" * 250)
    write_text(path, "x")
    assert path.read_text(encoding="utf-8") == "x" and ls(tmp_path) == ["n" * 250]


def test_a_long_name_of_letters_of_two_bytes_still_gets_its_new_file(tmp_path):
    name = "é" * 127  # 254 bytes: the new file's name keeps a start counted in bytes, not in letters
    write_text(tmp_path / name, "x")
    assert (tmp_path / name).read_text(encoding="utf-8") == "x" and ls(tmp_path) == [name]


def test_a_name_too_long_is_a_write_error(tmp_path):
    path = tmp_path / ("n" * 300)
    with pytest.raises(WriteError) as raised:
        write_text(path, "x")
    assert str(raised.value) == f"cannot write {path}: File name too long (nothing was written)"
    assert raised.value.errno == errno.ENAMETOOLONG and ls(tmp_path) == []


def test_an_interrupted_block_leaves_the_old_file(tmp_path):
    path = tmp_path / "kept.txt"
    path.write_text("old", encoding="utf-8")
    with pytest.raises(KeyboardInterrupt), NewFile(path) as new:
        new.write("half")
        raise KeyboardInterrupt
    assert path.read_text(encoding="utf-8") == "old" and ls(tmp_path) == ["kept.txt"]


def test_the_module_is_what_writes_files():
    """No other place of atout's code writes a file in place: only the cache (its own atomic, private writes)
    and the copies of a record's files and of standard input in a private temporary folder."""
    root = Path(files.__file__).parents[1]
    allowed = {
        ("interpreter/engine/sources.py", 'path.write_text(text, encoding="utf-8", newline="")'),
        ("cli/main.py", "path.write_bytes(data)"),
        ("interpreter/language/store.py", 'with os.fdopen(descriptor, "wb") as stream:'),
    }
    found = []
    for path in sorted([*root.joinpath("interpreter").rglob("*.py"), *root.joinpath("cli").rglob("*.py")]):
        name = path.relative_to(root).as_posix()
        if name == "interpreter/files.py":
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if re.search(r"\.write_(text|bytes)\(|open\([^)]*[\"'](w|wb|a|ab|x)[\"']", line) and (name, line.strip()) not in allowed:
                found.append(f"{name}: {line.strip()}")
    assert found == []


# ---------------------------------------------------------------------------
# Standard output on a full device
# ---------------------------------------------------------------------------

COMMANDS = {
    "validate": ["validate", "cards/dragons"],
    "ast": ["ast", "cards/dragons/dragons.atout"],
    "play": ["play", "dragons", "--p1", "random", "--p2", "random", "--seed", "1"],
    "simulate --csv -": ["simulate", "dragons", "--games", "2", "--seed", "1", "--csv", "-"],
    "schema": ["schema", "record"],
    "help": ["--help"],
}


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
@pytest.mark.parametrize("args", COMMANDS.values(), ids=COMMANDS.keys())
def test_output_to_a_full_device_is_an_error_not_a_traceback(args):
    root = Path(files.__file__).parents[1]
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-c", "from atout.cli.main import main; main()", *args],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            cwd=root,
            timeout=300,
        )
    assert result.returncode == 1, result.stderr
    assert result.stderr.endswith("error: cannot write to standard output: No space left on device\n"), result.stderr
    assert "Traceback" not in result.stderr and "Exception ignored" not in result.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_init_with_output_to_a_full_device_still_makes_the_folder(tmp_path):
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-c", "from atout.cli.main import main; main()", "init", str(tmp_path / "set"), "--game", "dragons"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=300,
        )
    assert result.returncode == 1 and result.stderr == "error: cannot write to standard output: No space left on device\n"
    assert "extension.atout" in os.listdir(tmp_path / "set")


# ---------------------------------------------------------------------------
# atout init
# ---------------------------------------------------------------------------


def test_init_on_a_full_disk_leaves_nothing_half_made(full_disk):
    fill(full_disk)
    folder = full_disk / "set"
    result = CliRunner().invoke(main, ["init", str(folder), "--game", "dragons"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"error: cannot write {folder}/" in result.output and "No space left on device" in result.output
    assert "the starter is not made (what it had written is removed)" in result.output
    assert ls(full_disk) == []


def test_init_whose_third_file_cannot_be_written_removes_the_first_two(tmp_path, monkeypatch):
    real_write = NewFile.write
    calls = []

    def third_full(self, data):
        calls.append(self.path.name)
        if len(calls) == 3:
            self.stream = FullHalfway(self.stream)
        real_write(self, data)

    monkeypatch.setattr(NewFile, "write", third_full)
    folder = tmp_path / "set"
    result = CliRunner().invoke(main, ["init", str(folder), "--game", "dragons"])
    assert result.exit_code == 1
    assert f"error: cannot write {folder / calls[2]}: No space left on device (nothing was written)" in result.output
    assert not folder.exists() and ls(tmp_path) == []


# ---------------------------------------------------------------------------
# Records (--record, --save-records)
# ---------------------------------------------------------------------------

PLAY = ["play", "dragons", "--p1", "random", "--p2", "random", "--seed", "1", "-q"]


def test_a_record_has_the_mode_the_umask_gives(tmp_path):
    for umask, mode in ((0o022, 0o644), (0o077, 0o600), (0o002, 0o664)):
        path = tmp_path / f"game-{umask:o}.jsonl"
        previous = os.umask(umask)
        try:
            result = CliRunner().invoke(main, [*PLAY, "--record", str(path)])
        finally:
            os.umask(previous)
        assert result.exit_code == 0, result.output
        assert stat.S_IMODE(path.stat().st_mode) == mode


def test_a_symbolic_link_at_the_record_path_is_kept_and_its_target_written(tmp_path):
    (tmp_path / "games").mkdir()
    target = tmp_path / "games" / "last.jsonl"
    target.write_text("an older record\n", encoding="utf-8")
    link = tmp_path / "game.jsonl"
    link.symlink_to(target)
    result = CliRunner().invoke(main, [*PLAY, "--record", str(link)])
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and link.resolve() == target.resolve()
    assert target.read_text(encoding="utf-8").startswith('{"record":"atout"')
    assert CliRunner().invoke(main, ["replay", str(link)]).exit_code == 0
    assert ls(tmp_path / "games") == ["last.jsonl"]


def test_a_record_on_a_full_disk_leaves_the_old_record(full_disk):
    path = full_disk / "game.jsonl"
    path.write_bytes(b'{"an older record": 1}\n')
    fill(full_disk)
    result = CliRunner().invoke(main, [*PLAY, "--record", str(path)])
    assert result.exit_code == 2
    assert f"error: cannot write the record to {path}: No space left on device ({path} is left as it was)" in result.output
    assert path.read_bytes() == b'{"an older record": 1}\n' and ls(full_disk) == ["game.jsonl"]


def test_saved_records_on_a_full_disk_are_an_error_not_a_traceback(full_disk):
    fill(full_disk)
    folder = full_disk / "records"
    result = CliRunner().invoke(main, ["simulate", "dragons", "--games", "2", "--seed", "1", "--save-records", str(folder)])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.output
    assert "cannot write the record to " in result.output and "No space left on device (nothing was written)" in result.output
    assert "0 records were saved to" in result.output
    assert os.listdir(folder) == []


def test_saved_records_whose_write_fails_are_an_error_not_a_traceback(tmp_path, monkeypatch):
    real_init = NewFile.__init__

    def full_halfway(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        self.stream = FullHalfway(self.stream)

    monkeypatch.setattr(NewFile, "__init__", full_halfway)
    folder = tmp_path / "records"
    result = CliRunner().invoke(main, ["simulate", "dragons", "--games", "2", "--seed", "1", "--save-records", str(folder)])
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit)
    assert "cannot write the record to " in result.output and "No space left on device (nothing was written)" in result.output
    assert "0 records were saved to" in result.output
    assert os.listdir(folder) == []


def test_a_read_only_file_is_not_replaced(tmp_path, monkeypatch):
    path = tmp_path / "kept.atout"
    path.write_text("old", encoding="utf-8")
    path.chmod(0o444)
    real_access = os.access
    monkeypatch.setattr(files.os, "access", lambda where, mode: False if Path(where) == path else real_access(where, mode))  # root may write anything
    with pytest.raises(WriteError) as raised:
        write_text(path, "new")
    assert str(raised.value) == f"cannot write {path}: Permission denied ({path} is left as it was)"
    assert path.read_text(encoding="utf-8") == "old" and ls(tmp_path) == ["kept.atout"]


# ---------------------------------------------------------------------------
# Files that go together: the gallery's pages
# ---------------------------------------------------------------------------


def full_at_write(monkeypatch, number: int) -> list[str]:
    """Make the `number`-th write of a `NewFile` find the disk full halfway; the names written to, in order."""
    real_write = NewFile.write
    calls: list[str] = []

    def write(self, data):
        calls.append(self.path.name)
        if len(calls) == number:
            self.stream = FullHalfway(self.stream)
        real_write(self, data)

    monkeypatch.setattr(NewFile, "write", write)
    return calls


def test_files_written_together_are_all_or_none(tmp_path, monkeypatch):
    paths = [tmp_path / name for name in ("a.html", "b.html", "c.html")]
    for path in paths[:2]:
        path.write_text("old " + path.name, encoding="utf-8")
    calls = full_at_write(monkeypatch, 3)
    with pytest.raises(WriteError) as raised:
        files.write_texts({path: "new " + path.name for path in paths})
    assert calls == ["a.html", "b.html", "c.html"]
    assert str(raised.value) == f"cannot write {paths[2]}: No space left on device (nothing was written: the 3 files are left as they were)"
    assert [path.read_text(encoding="utf-8") for path in paths[:2]] == ["old a.html", "old b.html"]
    assert ls(tmp_path) == ["a.html", "b.html"]  # no new file left behind, none made
    monkeypatch.undo()
    files.write_texts({path: "new " + path.name for path in paths})
    assert [path.read_text(encoding="utf-8") for path in paths] == ["new a.html", "new b.html", "new c.html"]
    assert ls(tmp_path) == ["a.html", "b.html", "c.html"]


def test_files_written_together_whose_rename_fails_name_those_renamed(tmp_path, monkeypatch):
    paths = [tmp_path / name for name in ("a.html", "b.html", "c.html")]
    for path in paths:
        path.write_text("old", encoding="utf-8")
    real_replace = os.replace

    def replace(source, target):
        if Path(target).name == "b.html":
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        real_replace(source, target)

    monkeypatch.setattr(files.os, "replace", replace)
    with pytest.raises(WriteError) as raised:
        files.write_texts({path: "new" for path in paths})
    assert str(raised.value) == f"cannot write {paths[1]}: {os.strerror(errno.EIO)} ({paths[0]} written; the others left as they were)"
    assert [path.read_text(encoding="utf-8") for path in paths] == ["new", "old", "old"]
    assert ls(tmp_path) == ["a.html", "b.html", "c.html"]


GALLERY = ["gallery", str(Path(files.__file__).parents[1] / "cards" / "dragons")]


def test_a_gallery_whose_last_page_cannot_be_written_leaves_the_old_site_whole(tmp_path, monkeypatch):
    site = tmp_path / "site"
    site.mkdir()
    old = {"index.html": "the old index", "dragons.html": "the old dragons' page"}
    for name, text in old.items():
        (site / name).write_text(text, encoding="utf-8")
    calls = full_at_write(monkeypatch, 2)
    result = CliRunner().invoke(main, [*GALLERY, "-o", str(site)])
    assert calls == ["dragons.html", "index.html"]
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    assert {name: (site / name).read_text(encoding="utf-8") for name in ls(site)} == old  # not the new dragons' page beside the old index
    assert result.output == f"error: cannot write {site / 'index.html'}: No space left on device (nothing was written: the 2 files are left as they were)\n"
    monkeypatch.undo()
    result = CliRunner().invoke(main, [*GALLERY, "-o", str(site)])
    assert result.exit_code == 0, result.output
    assert ls(site) == ["dragons.html", "index.html"] and "Duel de dragons" in (site / "dragons.html").read_text(encoding="utf-8")


def test_a_gallery_that_cannot_be_written_in_a_new_folder_leaves_no_folder(tmp_path, monkeypatch):
    full_at_write(monkeypatch, 1)
    result = CliRunner().invoke(main, [*GALLERY, "-o", str(tmp_path / "site")])
    assert result.exit_code == 2 and "nothing was written: the 2 files are left as they were" in result.output, result.output
    assert ls(tmp_path) == []
