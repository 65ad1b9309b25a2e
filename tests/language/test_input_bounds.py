"""Every read of what a user gives is bounded, and bad input is a clear message, never a traceback or a wait.

A named pipe, a device or a socket, given as a card file or found in a
folder given, is refused at once (E100); a file of too many lines is
refused; standard input closed or too large is an E100 at <stdin> with exit
1, as a file too large is; a base too long to be a path, a base that holds the
extension itself, more extensions laid one over the other than allowed, a
folder too large to be a game's: each is told. The cache of whole runs
shrugs off an entry of any shape, sees a missing base appear, and depends on
the command's code too.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

import atout.cli.main as cli
from atout.cli.main import main
from atout.interpreter.games import LANGUAGES
from atout.interpreter.language import inputs, store
from atout.interpreter.language.diagnostics import DETAILED_PER_FILE
from atout.interpreter.language.loader import read_document
from atout.interpreter.language.project import load_shipped, validate

GOOD = "Duel de dragons : cartes\n\n== Dragon du Test ==\nDragon · Commune\nPuissance 50 · Ruse 40 · Savoir 30 · Charisme 20\n"
#: Named pipes, devices and closing a child's standard input are POSIX's.
POSIX = pytest.mark.skipif(os.name != "posix", reason="named pipes, /dev/zero and a closed standard input are POSIX's")
#: The `atout` command in a process of its own (for a pipe, a device, a closed standard input).
ATOUT = [sys.executable, "-c", "from atout.cli.main import main; main()"]


def run(*args: object, input: str | bytes | None = None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input, catch_exceptions=False)


def write(folder: Path, files: dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


# ---------------------------------------------------------------------------
# Files that are no files, and files too large
# ---------------------------------------------------------------------------


@POSIX
def test_a_named_pipe_given_as_a_card_file_is_refused_without_waiting(tmp_path):
    pipe = tmp_path / "cartes.atout"
    os.mkfifo(pipe)
    done = subprocess.run([*ATOUT, "validate", str(pipe)], capture_output=True, text=True, timeout=60, env={**os.environ, "ATOUT_NO_CACHE": "1"})
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"{pipe}:1:1: E100 this is a named pipe, not a file: give atout a card file" in done.stdout


@POSIX
@pytest.mark.parametrize("command", ["validate", "fmt"])
def test_a_named_pipe_in_a_folder_is_told_as_when_given_never_read(tmp_path, command):
    folder = write(tmp_path / "set", {"cartes.atout": GOOD})
    os.mkfifo(folder / "tube.atout")
    (folder / ".#cartes.atout").symlink_to("ana@machine.4242")  # an editor's lock, a link that leads nowhere: not a file
    done = subprocess.run([*ATOUT, command, str(folder)], capture_output=True, text=True, timeout=60, env={**os.environ, "ATOUT_NO_CACHE": "1"})
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stdout + done.stderr
    told = [line for line in (done.stdout + done.stderr).splitlines() if " E100 " in line]
    assert told == [f"{folder / 'tube.atout'}:1:1: E100 this is a named pipe, not a file: give atout a card file"]
    given = subprocess.run([*ATOUT, command, str(folder / "tube.atout")], capture_output=True, text=True, timeout=60, env={**os.environ, "ATOUT_NO_CACHE": "1"})
    assert given.returncode == done.returncode and told[0] in given.stdout + given.stderr  # the same as the pipe given by its path


@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="no Unix sockets on this system")
def test_a_socket_in_a_folder_is_told_never_read(tmp_path):
    folder = write(tmp_path / "set", {"cartes.atout": GOOD})
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(folder / "prise.atout"))
        problems = [d for d in validate([folder], LANGUAGES).diagnostics if not d.is_note]
    finally:
        server.close()
    assert [(Path(d.file).name, d.code, d.message) for d in problems] == [("prise.atout", "E100", "this is a socket, not a file: give atout a card file")]


@POSIX
def test_a_device_is_refused_without_reading_it():
    done = subprocess.run([*ATOUT, "validate", "/dev/zero"], capture_output=True, text=True, timeout=60, env={**os.environ, "ATOUT_NO_CACHE": "1"})
    assert done.returncode == 1 and "/dev/zero:1:1: E100 this is a device, not a file" in done.stdout


def test_a_file_of_too_many_lines_is_refused():
    text = "Duel de dragons : cartes\n" + "\n" * inputs.MAX_FILE_LINES
    (problem,) = read_document("x.atout", text.encode(), LANGUAGES).diagnostics
    assert problem.code == "E100"
    assert problem.message == f"the file has {inputs.MAX_FILE_LINES + 2:,} lines; atout reads card files of at most {inputs.MAX_FILE_LINES:,} lines: split it"


def test_a_file_larger_than_the_bound_is_refused_before_it_is_read(tmp_path, monkeypatch):
    path = tmp_path / "x.atout"
    path.write_bytes(b"#" * 100)
    with pytest.raises(inputs.InputError, match="the file is 100 bytes; atout reads at most 10 bytes"):
        inputs.read_bounded(path, 10)


@POSIX
@pytest.mark.parametrize("command", [["validate", "-"], ["ast", "-"], ["replay", "-"]])
def test_standard_input_closed_is_a_clear_error(command):
    done = subprocess.run(
        [*ATOUT, *command],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "ATOUT_NO_CACHE": "1"},
        stdin=subprocess.DEVNULL,
        preexec_fn=lambda: os.close(0),
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    told = done.stdout if command == ["validate", "-"] else done.stderr  # where each command tells a file refused
    said = "standard input is closed: pipe the text into atout, or give the path of a file"
    assert (f"<stdin>:1:1: E100 {said}" if command != ["replay", "-"] else f"error: <stdin>:1: cannot read the record: {said}") in told


@pytest.mark.parametrize("command", ["validate", "ast"])
def test_standard_input_larger_than_a_card_file_is_told_as_a_file_too_large(tmp_path, command):
    large = tmp_path / "large.atout"
    with open(large, "wb") as stream:
        stream.truncate(inputs.MAX_FILE_BYTES + 1)  # its size is looked at before it is read
    as_a_file = CliRunner().invoke(main, [command, str(large)])
    refused = CliRunner().invoke(main, [command, "-"], input=b"#" * (inputs.MAX_FILE_BYTES + 1))
    bound = f"atout reads at most {inputs.MAX_FILE_BYTES:,} bytes: split it into several files"
    assert f"{large}:1:1: E100 the file is {inputs.MAX_FILE_BYTES + 1:,} bytes; {bound}" in as_a_file.output
    assert f"<stdin>:1:1: E100 standard input is more than {inputs.MAX_FILE_BYTES:,} bytes; {bound}" in refused.output
    assert refused.exit_code == as_a_file.exit_code == 1 and "Error:" not in refused.output


def test_standard_input_too_large_is_a_problem_of_the_json_answer_and_the_other_files_are_checked(tmp_path):
    other = write(tmp_path / "set", {"cartes.atout": GOOD})
    refused = CliRunner().invoke(main, ["validate", "--format", "json", "-", str(other)], input=b"#" * (inputs.MAX_FILE_BYTES + 1))
    answer = json.loads(refused.stdout)
    assert refused.exit_code == 1 and answer["valid"] is False and answer["files"] == 2 and answer["problems"] == 1
    assert [(d["file"], d["line"], d["code"]) for d in answer["diagnostics"]] == [("<stdin>", 1, "E100")]
    assert answer["diagnostics"][0]["message"].startswith(f"standard input is more than {inputs.MAX_FILE_BYTES:,} bytes")


# ---------------------------------------------------------------------------
# Bases
# ---------------------------------------------------------------------------


def test_a_base_too_long_to_be_a_path_is_e302_quoted_short(tmp_path):
    folder = write(tmp_path / "set", {"jeu.atout": "Duel de dragons : extension\nBase : " + "x" * 300 + "\n"})
    (problem,) = [d for d in validate([folder], LANGUAGES).diagnostics if d.code == "E302"]
    assert problem.message.startswith('the base "xxxx') and "…" in problem.message and len(problem.message) < 250
    assert "is neither Duel de dragons nor a folder" in problem.message


def test_a_base_that_holds_the_extension_is_a_cycle_not_a_depth(tmp_path):
    folder = write(tmp_path / "set", {"jeu.atout": "Duel de dragons : extension\nBase : ..\n"})
    problems = [d.message for d in validate([folder], LANGUAGES).diagnostics if d.code == "E302"]
    assert problems == ['the base ".." is a folder that holds this one: a set cannot be its own base']


def _layers(root: Path, count: int) -> Path:
    """`count` extensions laid one over the other (the lowest over the game); the top one's folder."""
    for number in range(count):
        base = f"../l{number - 1}" if number else "Duel de dragons"
        write(root / f"l{number}", {"jeu.atout": f"Duel de dragons : extension\nBase : {base}\n"})
    return root / f"l{count - 1}"


def test_at_most_sixteen_extensions_are_laid_one_over_the_other(tmp_path):
    from atout.interpreter.language.sets import MAX_LAYERS

    assert not [d for d in validate([_layers(tmp_path / "ok", MAX_LAYERS)], LANGUAGES).diagnostics if d.code == "E302"]
    problems = [d.message for d in validate([_layers(tmp_path / "over", MAX_LAYERS + 1)], LANGUAGES).diagnostics if d.code == "E302"]
    assert problems == [f'the base "../l0" would lay more than {MAX_LAYERS} extensions one over the other: lay fewer']


def test_a_base_folder_too_large_to_be_a_games_is_e302(tmp_path, monkeypatch):
    load_shipped(LANGUAGES["dragons"])  # the shipped game read before the bound is lowered, whatever ran before
    monkeypatch.setattr(inputs, "MAX_LISTED", 5)
    write(tmp_path / "base", {f"c{n}.atout": GOOD.replace("Test", f"Test {n}") for n in range(8)})
    folder = write(tmp_path / "set", {"jeu.atout": "Duel de dragons : extension\nBase : ../base\n"})
    (problem,) = [d for d in validate([folder], LANGUAGES).diagnostics if d.code == "E302"]
    assert problem.message.startswith('the base "../base" cannot be read: the folder') and "holds more than 5 files and folders" in problem.message


@pytest.mark.parametrize("command", [["validate"], ["fmt"], ["fmt", "--check"], ["gallery", "-o", "site"]], ids=["validate", "fmt", "fmt --check", "gallery"])
def test_a_folder_too_large_to_be_a_games_is_e100_for_each_command_that_reads_folders(tmp_path, monkeypatch, command):
    monkeypatch.setattr(inputs, "MAX_LISTED", 5)
    monkeypatch.chdir(tmp_path)
    folder = write(tmp_path / "grand", {f"c{n}.atout": GOOD.replace("Test", f"Test {n}") for n in range(8)})
    refused = run(command[0], folder, *command[1:])
    assert refused.exit_code == 1 and "Traceback" not in refused.output
    assert refused.output.startswith(f"{folder}:1:1: E100 the folder ")
    assert "holds more than 5 files and folders: give atout the folder of a game's files\n" in refused.output
    assert not (tmp_path / "site").exists()


def test_a_folder_too_large_to_be_a_games_is_e100_in_validates_json(tmp_path, monkeypatch):
    monkeypatch.setattr(inputs, "MAX_LISTED", 5)
    folder = write(tmp_path / "grand", {f"c{n}.atout": GOOD for n in range(8)})
    refused = run("validate", folder, "--format", "json")
    assert refused.exit_code == 1
    told = json.loads(refused.output)
    assert (told["valid"], told["problems"], [(d["file"], d["code"]) for d in told["diagnostics"]]) == (False, 1, [(str(folder), "E100")])
    assert "holds more than 5 files and folders" in told["diagnostics"][0]["message"]


def test_a_long_title_is_quoted_short_in_its_message():
    text = "BattleFight : cartes\n\n== " + "T" * 19_000 + " ==\nAttaque\nCorps à Corps ; Blesser 4\n"
    (problem,) = read_document("x.atout", text, LANGUAGES).diagnostics
    assert problem.code == "E200" and len(problem.message) < 200 and "…" in problem.message
    assert problem.message.startswith('the title "TTT') and problem.message.endswith("must be at most 60 characters long; it has 19,000")


#: A name or a word of 19,000 characters, as a tester wrote one.
LONG = "Z" * 19_000


def quoted_short(message: str, start: str) -> bool:
    """The message starts as `start` says, then quotes the long text cut ("…"), never whole."""
    return message.startswith(start + "ZZZ") and "…" in message and len(message) < 400 and LONG[:200] not in message


@pytest.mark.parametrize(
    "text",
    [
        "BattleFight : cartes\n\n== Décharge ==\nAttaque\nCorps à Corps ; Blesser 4 " + LONG + "\n",
        "BattleFight : cartes\n\n== Décharge ==\nAttaque\nCorps à Corps ; " + LONG + " 4\n",
        "Duel pour Cardia : cartes\n\n== Veilleuse ==\nPaquet I · Guilde · influence 1\nCapacité instantanée : " + LONG + " piocher 1 carte\n",
        "Duel de dragons : cartes\n\n== D ==\nDragon · Commune\nPuissance 50 · Ruse 40 · Savoir 30 · Charisme 20\nPouvoir : " + LONG + "\n",
        "Dans les Cordes : cards\n\n== X ==\n" + LONG + "\n",
    ],
    ids=["battlefight, after a step", "battlefight, a step", "cardia", "dragons", "cordes"],
)
def test_a_long_unexpected_word_is_quoted_short_in_its_e111(text):
    (problem,) = read_document("x.atout", text, LANGUAGES).diagnostics
    assert problem.code == "E111" and quoted_short(problem.message, 'unexpected word "')
    assert problem.width == 19_000  # the caret still underlines the whole word (its line shown as a window)


def test_a_long_word_past_a_files_first_problems_is_quoted_short_too():
    cards = "".join(f"== Carte {n} ==\nAttaque\nCorps à Corps ; Blesser 4 {LONG[:1_000]}\n\n" for n in range(DETAILED_PER_FILE + 2))
    problems = read_document("x.atout", "BattleFight : cartes\n\n" + cards, LANGUAGES).diagnostics
    assert len(problems) == DETAILED_PER_FILE + 2 and {p.code for p in problems} == {"E111"}
    assert all(quoted_short(p.message, 'unexpected word "') for p in problems)
    assert problems[-1].message.endswith('…"')  # the brief message: the word and nothing else


def test_a_long_card_name_in_a_deck_is_quoted_short_in_its_e400(tmp_path):
    folder = write(tmp_path / "set", {"deck.atout": "BattleFight : deck\n\n2 Décharge\n1 " + LONG + "\n"})
    (problem,) = [d for d in validate([folder], LANGUAGES).diagnostics if d.code == "E400"]
    assert quoted_short(problem.message, 'no card is named "') and problem.message.endswith('…" in the BattleFight card files')
    assert problem.line == 4


def test_a_long_name_left_out_by_an_extension_is_quoted_short_in_its_e303(tmp_path):
    folder = write(tmp_path / "set", {"jeu.atout": "BattleFight : extension\nSans : " + LONG + "\n"})
    (problem,) = validate([folder], LANGUAGES).diagnostics
    assert problem.code == "E303" and quoted_short(problem.message, 'no card of the base is named "')
    assert problem.message.endswith('…": only a card of the base can be left out')


def test_many_names_left_out_on_one_line_are_told_short(tmp_path):
    folder = write(tmp_path / "set", {"jeu.atout": "BattleFight : extension\nSans : " + ", ".join(["Décharge"] * 1_800) + "\n"})
    (problem,) = validate([folder], LANGUAGES).diagnostics
    assert problem.code == "E303" and problem.message.startswith('no card of the base is named "Décharge, Décharge')
    assert "write one line for each (Sans : Décharge / Sans : Décharge" in problem.message and len(problem.message) < 600


def test_two_long_titles_alike_are_quoted_short_in_their_e300(tmp_path):
    card = "== " + LONG + " ==\nAttaque\nCorps à Corps ; Blesser 4\n\n"
    folder = write(tmp_path / "set", {"cartes.atout": "BattleFight : cartes\n\n" + card + card})
    problems = validate([folder], LANGUAGES).diagnostics
    (twice,) = [d for d in problems if d.code == "E300"]
    assert quoted_short(twice.message, 'a card named "') and twice.message.endswith("; rename one")
    assert [d.code for d in problems if d is not twice] == ["E200", "E200"]


def test_a_long_basic_technique_name_is_quoted_short_in_its_e301(tmp_path):
    basics = "BattleFight : techniques de base\n\n== Attaque de base ==\nAttaque\nCorps à Corps ; Blesser 1\n\n== " + LONG + " ==\nAttaque\nCorps à Corps ; Blesser 1\n"
    folder = write(tmp_path / "set", {"base.atout": basics})
    (problem,) = [d for d in validate([folder], LANGUAGES).diagnostics if d.code == "E301"]
    assert '"Attaque de base" and "ZZZ' in problem.message and "…" in problem.message and len(problem.message) < 600


@pytest.mark.parametrize(
    ("line", "start"),
    [(LONG + " : 3", 'unknown parameter "'), ("Points de vie : " + LONG, 'Points de vie "')],
    ids=["E500", "E501"],
)
def test_a_long_rules_parameter_or_value_is_quoted_short(tmp_path, line, start):
    folder = write(tmp_path / "set", {"regles.atout": "BattleFight : règles\n\n" + line + "\n"})
    (problem,) = validate([folder], LANGUAGES).diagnostics
    assert problem.code == ("E500" if start.startswith("unknown") else "E501") and quoted_short(problem.message, start)


def test_a_long_blow_named_by_a_restriction_is_quoted_short_in_its_e400(tmp_path):
    card = 'Dans les Cordes : cards\n\n== Pas de côté ==\nDEFENSE · cost 0 · 1 copy\nAgainst an attack of type "' + LONG + '" you dodge the blow\n'
    folder = write(tmp_path / "set", {"more.atout": card})
    (problem,) = [d for d in validate([folder], LANGUAGES).diagnostics if d.code == "E400"]
    assert quoted_short(problem.message, 'no ATTACK or RIPOSTE card is named "')


@pytest.mark.parametrize(
    ("game", "option", "noun"),
    [("cardia", "--deck", "deck"), ("battlefight", "--deck", "deck"), ("dragons", "--collection", "collection"), ("cardia", "--lieu", "Lieu")],
)
def test_a_long_option_value_is_quoted_short_never_a_traceback(game, option, noun):
    refused = CliRunner().invoke(main, ["play", game, option, LONG, "--p1", "random", "--p2", "random"])
    assert refused.exit_code == 2 and isinstance(refused.exception, SystemExit), refused.exception  # a usage error, no traceback
    (told,) = [line for line in refused.output.splitlines() if line.startswith("Error:")]
    assert quoted_short(told, f'Error: {option}: no {noun} "')


@pytest.mark.parametrize(
    ("args", "start"),
    [
        (["play", "battlefight", "--p1", LONG, "--p2", "random"], 'battlefight has no player "'),
        (["play", "battlefight", "--p1", "mcts:" + LONG, "--p2", "random"], 'bad budget "'),
        (["play", LONG], 'unknown game "'),
        (["explain", LONG], 'no code "'),
    ],
    ids=["a player", "a search budget", "a game", "a code"],
)
def test_a_long_name_on_the_command_line_is_quoted_short(args, start):
    refused = CliRunner().invoke(main, args)
    assert refused.exit_code == 2 and isinstance(refused.exception, SystemExit), refused.exception
    (told,) = [line for line in refused.output.splitlines() if line.startswith("Error:")]
    assert start in told and quoted_short(told[told.index(start) :], start)


def test_a_long_game_or_bot_name_given_to_the_api_is_quoted_short():
    from atout.interpreter.api import bot_maker, load_game
    from atout.interpreter.engine.options import OptionError
    from atout.interpreter.engine.registry import UnknownGame, find_engine

    with pytest.raises(UnknownGame) as unknown:
        find_engine(LONG)
    assert quoted_short(str(unknown.value).strip("'"), 'unknown game "')
    loaded = load_game("battlefight")
    with pytest.raises(OptionError) as no_bot:
        bot_maker(loaded.engine, loaded.game, LONG)
    assert quoted_short(no_bot.value.message, 'battlefight has no bot "')


# ---------------------------------------------------------------------------
# The cache of whole runs
# ---------------------------------------------------------------------------


@pytest.fixture()
def counted(monkeypatch):
    """How many times the check itself ran (not answered from the cache)."""
    calls: list = []
    real = cli._validate

    def spy(*args):
        calls.append(args)
        return real(*args)

    monkeypatch.setattr(cli, "_validate", spy)
    return calls


@pytest.mark.parametrize("entry", ["deep", "shapes"])
def test_a_run_cache_entry_of_any_shape_is_ignored(tmp_path, counted, entry):
    folder = write(tmp_path / "set", {"extension.atout": "Duel de dragons : extension\nBase : dragons\n", "cartes.atout": GOOD})
    first = run("validate", folder)
    assert first.exit_code == 0 and len(counted) == 1
    place = store.private_folder()
    assert place is not None
    (kept,) = [p for p in place.glob("run-*.json") if str(folder) in json.loads(p.read_bytes()).get("listings", {})]
    if entry == "deep":
        kept.write_bytes(b"[" * 100_000 + b"]" * 100_000)
    else:
        kept.write_text(json.dumps({"files": [], "listings": {"x": 3}, "stdout": 1, "stderr": None, "code": "0"}), encoding="utf-8")
    again = run("validate", folder)
    assert again.exit_code == 0 and again.output == first.output and len(counted) == 2


def test_a_missing_base_made_later_is_seen_by_the_run_cache(tmp_path, counted):
    folder = write(tmp_path / "set", {"extension.atout": "Duel de dragons : extension\nBase : ../base\n", "cartes.atout": GOOD})
    missing = run("validate", folder)
    assert missing.exit_code == 1 and "E302" in missing.output
    write(tmp_path / "base", {"extension.atout": "Duel de dragons : extension\nBase : dragons\n"})
    found = run("validate", folder)
    assert found.exit_code == 0 and "E302" not in found.output and len(counted) == 2


def test_the_run_cache_depends_on_the_commands_code(tmp_path, monkeypatch):
    import atout.cli

    assert Path(atout.cli.__file__).resolve().parent in store.code_roots()
    code = write(tmp_path / "cli", {"main.py": "print('one')\n"})
    monkeypatch.setattr(store, "code_roots", lambda: [code])
    before = store.code_digest.__wrapped__()
    (code / "main.py").write_text("print('two')\n", encoding="utf-8")
    assert store.code_digest.__wrapped__() != before


@POSIX
def test_a_named_pipe_given_as_the_cards_to_play_is_refused_without_waiting(tmp_path):
    pipe = tmp_path / "cartes.atout"
    os.mkfifo(pipe)
    done = subprocess.run(
        [*ATOUT, "play", "dragons", "--cards", str(pipe), "--p1", "random", "--p2", "random", "--seed", "1", "-q"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "ATOUT_NO_CACHE": "1"},
    )
    assert done.returncode == 1 and "E100 this is a named pipe, not a file" in done.stderr, done.stderr


@POSIX
def test_a_named_pipe_in_place_of_a_cache_entry_is_passed_over_without_waiting(tmp_path):
    entry = tmp_path / "entry.json"
    os.mkfifo(entry, 0o600)
    found: list = []
    reading = threading.Thread(target=lambda: found.append(store.read_private(entry)), daemon=True)
    reading.start()
    reading.join(30)
    assert found == [None]


def test_the_editors_diagnostics_of_a_base_too_long_to_be_a_path_are_e302(tmp_path):
    from atout.interpreter.language.assist import check

    path = tmp_path / "set" / "extension.atout"
    path.parent.mkdir()
    text = "Duel de dragons : extension\nBase : " + "x" * 300 + "\n"
    path.write_text(text, encoding="utf-8")
    (problem,) = check(path, text).diagnostics
    assert (problem.code, problem.line) == ("E302", 2)


def test_a_folder_too_large_to_be_a_games_is_refused_by_play(tmp_path, monkeypatch):
    monkeypatch.setattr(inputs, "MAX_LISTED", 5)
    folder = write(tmp_path / "grand", {f"c{n}.atout": GOOD for n in range(8)})
    refused = run("play", "dragons", "--cards", folder, "--p1", "random", "--p2", "random", "--seed", 1, "-q")
    assert refused.exit_code == 1 and "Traceback" not in refused.output
    assert f"{folder}:1:1: E100 the folder " in refused.output and "holds more than 5 files and folders" in refused.output


@pytest.mark.parametrize(
    "text",
    [
        "X" * 19_000 + " : cartes\n",
        "Duel de dragons : " + "k" * 19_000 + "\n",
        "Duel de dragons : extension\n" + "L" * 19_000 + " : 3\n",
    ],
)
def test_a_long_header_or_line_name_is_quoted_short(text):
    (problem,) = read_document("x.atout", text, LANGUAGES).diagnostics
    assert len(problem.message) < 400 and "…" in problem.message
