"""Records are untrusted input: what a record carries is read from the record only, and what atout writes, it reads.

A record made by a designer's extension laid over another of their folders
(`Base : ../a`) is tampered with as an attacker would: its extension's base
pointed at a folder elsewhere on the disk, above its own files, or at the
root; its embedded files given names no file can have. `replay` and `view`
refuse each with a message at the record's header that quotes nothing from
outside the record, and read nothing outside it. The other way round, every
character a designer may type survives a record's round trip, and a record
that starts with a byte-order mark is read.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import example, given, settings
from hypothesis import strategies as st

from atout.cli.main import main
from atout.interpreter.engine import record as records
from atout.interpreter.engine.record import RecordError, RecordWriter, parse_records, read_records

#: Named pipes, devices and closing a child's standard input are POSIX's.
POSIX = pytest.mark.skipif(os.name != "posix", reason="named pipes, /dev/zero and a closed standard input are POSIX's")
#: A line of the foreign file: it must never reach a message.
SECRET = "== Secret du voisin ==\nmot-de-passe-du-voisin\n"


def run(*args: object, input: str | bytes | None = None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input, catch_exceptions=False)


@pytest.fixture(scope="module")
def layered(tmp_path_factory) -> tuple[Path, list[str]]:
    """A record of a game of a set laid over another folder of the designer's (its lines)."""
    work = tmp_path_factory.mktemp("layered")
    assert run("init", work / "a", "--game", "battlefight").exit_code == 0
    (work / "b").mkdir()
    (work / "b" / "extension.atout").write_text("BattleFight : extension\n\nBase : ../a\n", encoding="utf-8")
    record = work / "game.jsonl"
    played = run("play", "battlefight", "--cards", work / "b", "--deck", "mon-deck", "--deck", "random", "--p1", "random", "--p2", "random", "--seed", 2, "-q", "--record", record)
    assert played.exit_code == 0, played.output
    return record, record.read_text(encoding="utf-8").split("\n")


def tampered(folder: Path, lines: list[str], change) -> Path:
    """The record with its header's files changed by `change` (which gets the `files` object)."""
    header = json.loads(lines[0])
    change(header["files"])
    path = folder / "tampered.jsonl"
    path.write_text("\n".join([json.dumps(header, ensure_ascii=False), *lines[1:]]), encoding="utf-8")
    return path


@pytest.fixture
def foreign(tmp_path) -> Path:
    """A folder elsewhere on the disk, with a card file and an extension file of the same game."""
    folder = tmp_path / "voisin"
    folder.mkdir()
    (folder / "cartes.atout").write_text("BattleFight : cartes\n\n" + SECRET, encoding="utf-8")
    return folder


def _bases(foreign: Path) -> list[str]:
    climbing = "../" * (len(foreign.resolve().parts) + 4) + foreign.resolve().as_posix().lstrip("/")
    return [str(foreign.resolve()), climbing, "/", "../../../..", "../" * 40]


@pytest.mark.parametrize("which", range(5))
@pytest.mark.parametrize("command", ["replay", "view"])
def test_a_base_outside_the_files_a_record_carries_is_refused_quoting_nothing_from_outside(layered, foreign, tmp_path, which, command):
    _, lines = layered
    base = _bases(foreign)[which]
    path = tampered(tmp_path, lines, lambda files: files["designer"].update({"extension.atout": f"BattleFight : extension\n\nBase : {base}\n"}))
    args = [path] if command == "replay" else [path, "-o", tmp_path / "page.html"]
    refused = run(command, *args)
    assert refused.exit_code == 1 and "Traceback" not in refused.output
    assert f"{path}:1:extension.atout:3:" in refused.output
    assert "is not among the files the record carries" in refused.output
    assert "mot-de-passe" not in refused.output and "voisin/cartes" not in refused.output


def test_a_base_inside_the_files_a_record_carries_is_still_followed(layered, tmp_path):
    record, lines = layered
    assert run("replay", record).exit_code == 0
    # the lower layer named from the upper one by another path that stays inside the record's files
    path = tampered(tmp_path, lines, lambda files: files["designer"].update({"extension.atout": "BattleFight : extension\n\nBase : ../set/../a\n"}))
    replayed = run("replay", path)
    assert "is not among the files" not in replayed.output


def test_a_base_that_holds_the_extension_itself_is_a_cycle(layered, tmp_path):
    _, lines = layered
    path = tampered(tmp_path, lines, lambda files: files["designer"].update({"extension.atout": "BattleFight : extension\n\nBase : ..\n"}))
    refused = run("replay", path)
    assert refused.exit_code == 1 and 'the base ".." is a folder that holds this one: a set cannot be its own base' in refused.output


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("a\x00b.atout", "has a control character in its name"),
        ("nul\u2028.atout", "has a control character in its name"),
        ("x" * 300 + ".atout", "is longer than 255 bytes"),
        ("a/" * 2000 + "x.atout", "is named through 2,001 folders"),
        ("notes.txt", "is not named as a card file (.atout)"),
        ("mes-cartes.atout/x.atout", "is also named as a folder of another embedded file"),
        ("../set/extension.atout", "name the same file"),
    ],
)
def test_an_embedded_file_with_a_name_no_file_can_have_is_refused(layered, tmp_path, name, message):
    _, lines = layered
    path = tampered(tmp_path, lines, lambda files: files["designer"].update({name: "BattleFight : cartes\n"}))
    if name == "mes-cartes.atout/x.atout":
        path = tampered(tmp_path, lines, lambda files: files["designer"].update({"mes-cartes.atout": "BattleFight : cartes\n", name: "BattleFight : cartes\n"}))
    refused = run("replay", path)
    assert refused.exit_code == 1 and "Traceback" not in refused.output
    assert refused.output.startswith(f"error: {path}:1: ") and message in refused.output
    assert len(refused.output) < 400  # the name is quoted cut, not whole


def test_a_shipped_file_named_from_outside_the_game_is_not_looked_for_there(tmp_path):
    outside = tmp_path / "ailleurs" / "ext"
    outside.mkdir(parents=True)
    (outside / "extension.atout").write_text("BattleFight : extension\n\nBase : BattleFight\n", encoding="utf-8")
    (outside / "cartes.atout").write_text("BattleFight : cartes\n\n" + SECRET, encoding="utf-8")
    record = tmp_path / "game.jsonl"
    assert run("play", "battlefight", "--p1", "random", "--p2", "random", "--seed", 1, "-q", "--record", record).exit_code == 0
    lines = record.read_text(encoding="utf-8").split("\n")
    climbing = "../" * 30 + outside.resolve().as_posix().lstrip("/") + "/cartes.atout"
    path = tampered(tmp_path, lines, lambda files: files.update(shipped={climbing: "0" * 16}))
    refused = run("replay", path)
    assert refused.exit_code == 1 and "which this atout does not have" in refused.output
    assert "mot-de-passe" not in refused.output


# ---------------------------------------------------------------------------
# What atout writes, atout reads
# ---------------------------------------------------------------------------


def test_a_designer_file_holding_line_separators_replays_and_so_does_its_record_with_a_bom(tmp_path):
    folder = tmp_path / "set"
    assert run("init", folder, "--game", "battlefight").exit_code == 0
    cards = folder / "mes-cartes.atout"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("\n", "\n# séparateurs : \u2028 \u2029 \u0085 \x0b \x0c \x1c fin\n", 1), encoding="utf-8")
    record = tmp_path / "game.jsonl"
    played = run("play", "battlefight", "--cards", folder, "--deck", "mon-deck", "--deck", "random", "--p1", "random", "--p2", "random", "--seed", 1, "-q", "--record", record)
    assert played.exit_code == 0, played.output
    assert "\u2028" in record.read_text(encoding="utf-8")  # written raw, as JSON allows
    assert run("replay", record).exit_code == 0
    with_bom = tmp_path / "bom.jsonl"
    with_bom.write_bytes(b"\xef\xbb\xbf" + record.read_bytes())
    replayed = run("replay", with_bom)
    assert replayed.exit_code == 0, replayed.output


class _Stream:
    """A text stream that keeps what is written (the record's lines)."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def write(self, text: str) -> int:
        self.parts.append(text)
        return len(text)


@settings(max_examples=200, deadline=None)
@given(text=st.text(st.characters(blacklist_categories=("Cs",))), label=st.text(st.characters(blacklist_categories=("Cs",))))
def test_any_text_a_designer_may_type_survives_a_record_round_trip(text, label):
    stream = _Stream()
    writer = RecordWriter(stream, "game.jsonl")  # type: ignore[arg-type]
    header = {
        "record": "atout",
        "version": 2,
        "game": "battlefight",
        "digest": "0" * 16,
        "files": {"shipped": {}, "designer": {"mes-cartes.atout": text}},
        "setup": {"nom": text},
        "players": ["random", "random"],
        "seed": 1,
    }
    writer._write(header)
    writer._write({"start": [{"e": "note", "text": text}]})
    writer._write({"n": 1, "turn": 1, "player": "P1", "kind": "play", "index": 0, "label": label, "events": [{"e": "play", "card": label}]})
    (record,) = parse_records("".join(stream.parts), "game.jsonl")
    assert record.header["files"]["designer"]["mes-cartes.atout"] == text and record.header["setup"] == {"nom": text}
    assert record.start == [{"e": "note", "text": text}]
    assert record.actions[0].label == label and record.actions[0].events == [{"e": "play", "card": label}]


# ---------------------------------------------------------------------------
# Bounds on what is read
# ---------------------------------------------------------------------------


@POSIX
def test_a_record_that_is_a_named_pipe_is_refused_without_waiting(tmp_path):
    pipe = tmp_path / "game.jsonl"
    os.mkfifo(pipe)
    with pytest.raises(RecordError, match="this is a named pipe, not a file: give atout a record file"):
        read_records(pipe)
    refused = run("replay", pipe)
    assert refused.exit_code == 1 and "named pipe" in refused.output


def test_a_record_larger_than_the_bound_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(records, "MAX_RECORD_BYTES", 1000)
    path = tmp_path / "game.jsonl"
    path.write_text("{}\n" * 1000, encoding="utf-8")
    with pytest.raises(RecordError, match="the file is 3,000 bytes; atout reads at most 1,000 bytes"):
        read_records(path)


def test_a_line_nested_too_deeply_is_refused_at_its_line():
    deepest = records.MAX_LINE_DEPTH
    nested: object = 1
    for _ in range(deepest + 5):
        nested = [nested]
    header = {"record": "atout", "version": 2, "game": "battlefight", "digest": None, "files": None, "setup": {"deep": nested}, "players": ["a", "b"]}
    with pytest.raises(RecordError, match=f"game.jsonl:1: this line is nested more than {deepest} deep"):
        parse_records(json.dumps(header) + "\n", "game.jsonl")


def test_a_message_about_an_embedded_file_names_the_record_never_the_temporary_folder(layered, tmp_path):
    _, lines = layered
    header = json.loads(lines[0])
    cards = header["files"]["designer"]["../a/mes-cartes.atout"]
    path = tampered(tmp_path, lines, lambda files: files["designer"].update({"../a/double.atout": cards}))
    refused = run("replay", path)
    assert refused.exit_code == 1 and "E300" in refused.output
    assert f"(first at {path}:1:../a/double.atout:" in refused.output and "atout-record-" not in refused.output


@pytest.fixture(scope="module")
def starter(tmp_path_factory) -> Path:
    """A designer's folder made by `atout init` (Duel de dragons)."""
    folder = tmp_path_factory.mktemp("starter") / "set"
    assert run("init", folder, "--game", "dragons").exit_code == 0
    return folder


#: Characters a designer may type in a file: anything but a NUL (a binary file) and the line ends the loader reads.
TYPED = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00\n\r"), min_size=1, max_size=40)


@settings(max_examples=12, deadline=None)
@given(typed=TYPED)
@example(typed="ligne\u2028paragraphe\u2029suivante\u0085fin \x0b\x0c\x1c\x1d\x1e")
def test_any_text_a_designer_types_in_a_file_replays_from_the_record(starter, tmp_path_factory, typed):
    folder = tmp_path_factory.mktemp("typed")
    cards = sorted(p.name for p in starter.glob("*.atout"))
    for name in cards:
        (folder / name).write_bytes((starter / name).read_bytes())
    target = folder / cards[0]
    first, rest = target.read_text(encoding="utf-8").split("\n", 1)
    target.write_text(f"{first}\n# {typed}\n{rest}", encoding="utf-8")
    record = folder / "game.jsonl"
    played = run("play", "dragons", "--cards", folder, "--p1", "random", "--p2", "random", "--seed", 1, "-q", "--record", record)
    assert played.exit_code == 0, played.output
    assert typed in json.loads(record.read_text(encoding="utf-8").split("\n")[0])["files"]["designer"][cards[0]]
    replayed = run("replay", record)
    assert replayed.exit_code == 0, replayed.output


def test_a_long_label_or_name_in_a_record_is_quoted_short(layered, tmp_path):
    record, lines = layered
    action = next(n for n, line in enumerate(lines) if line.startswith('{"n":'))
    data = json.loads(lines[action])
    data["label"] = "L" * 50_000
    changed = tmp_path / "label.jsonl"
    changed.write_text("\n".join([*lines[:action], json.dumps(data), *lines[action + 1 :]]), encoding="utf-8")
    refused = run("replay", changed)
    assert refused.exit_code == 1 and "L" * 79 + "…" in refused.output and len(refused.output) < 2_000
    path = tampered(tmp_path, lines, lambda files: files.update(shipped={"s" * 50_000 + ".atout": "0" * 16}))
    refused = run("replay", path)
    assert refused.exit_code == 1 and "which this atout does not have" in refused.output and len(refused.output) < 2_000


@pytest.mark.parametrize("field", ["game", "version"])
def test_a_long_game_or_version_in_a_header_is_quoted_short(layered, tmp_path, field):
    _, lines = layered
    header = json.loads(lines[0])
    header[field] = field[0] * 5_000
    path = tmp_path / "long.jsonl"
    path.write_text("\n".join([json.dumps(header), *lines[1:]]), encoding="utf-8")
    for command in (["replay", path], ["view", path, "-o", tmp_path / "page.html"]):
        refused = run(*command)
        assert refused.exit_code == 1 and len(refused.output) < 400, refused.output[:400]


def test_an_action_nested_too_deeply_is_refused_at_its_line(layered):
    _, lines = layered
    deepest = records.MAX_LINE_DEPTH
    action = next(n for n, line in enumerate(lines) if line.startswith('{"n":'))
    data = json.loads(lines[action])
    nested: object = 1
    for _ in range(deepest + 5):
        nested = {"x": nested}
    data["events"] = [{"e": "deep", "facts": nested}]
    text = "\n".join([*lines[:action], json.dumps(data), *lines[action + 1 :]])
    with pytest.raises(RecordError, match=f"game.jsonl:{action + 1}: this line is nested more than {deepest} deep"):
        parse_records(text, "game.jsonl")


def test_a_record_of_too_many_lines_is_refused_before_they_are_read(monkeypatch):
    monkeypatch.setattr(records, "MAX_RECORD_LINES", 100)
    with pytest.raises(RecordError, match="game.jsonl:1: the record has more than 100 lines"):
        parse_records("\n" * 100, "game.jsonl")
