"""Records of format version 2: they carry their files, replay anywhere, keep outcomes as codes.

Through the command line, as a designer would: a folder of their own (a
copy of a game's files with a card renamed), a game played with it and
recorded, the record copied to another folder and replayed there without
`--cards`; the commentary names the renamed card. Also: records of format
version 1 (made by the atout before version 2, one per game) still replay;
the JSON Schema is the one the models give; `-` reads standard input or
writes standard output.
"""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from atout.cards import CARDS_DIR
from atout.cli.main import main
from atout.interpreter import api
from atout.interpreter.engine.loading import load_files, shipped_folder
from atout.interpreter.engine.record import VERSION, parse_records, record_schema
from atout.interpreter.games import ENGINES, LANGUAGES

HERE = Path(__file__).parent
VERSION_1 = sorted((HERE / "records" / "v1").glob("*.jsonl"))
#: Records of format version 2 made with the shipped files as they were before a change of their text.
KEPT_VERSION_2 = sorted((HERE / "records" / "v2").glob("*.jsonl"))

#: Per game: a card to rename in the designer's copy, its new name, the options and seed of a game that shows it.
RENAMED = {
    "battlefight": ("Javelot", "Javelot de Frêne", ["--deck", "le-renard"], 1),
    "cordes": ("Karpentier", "Karpentier le Jeune", [], 1),
    "cardia": ("Espionne", "Espionne du Nord", [], 1),
    "dragons": ("Guivre des Marais", "Guivre des Brumes", [], 1),
}


def run(*args: str, input: str | bytes | None = None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input, catch_exceptions=False)


def designer_folder(root: Path, game: str) -> Path:
    """A designer's folder: the game's files, one card renamed wherever it is named."""
    old, new, _, _ = RENAMED[game]
    folder = root / "mine"
    # the game's own files: not the examples' folder, a set of its own that names the game's cards
    shutil.copytree(shipped_folder(ENGINES[game].language), folder, ignore=shutil.ignore_patterns("exemples"))
    for path in folder.rglob("*.atout"):
        text = path.read_text(encoding="utf-8")
        if old in text:
            path.write_text(text.replace(old, new), encoding="utf-8")
    return folder


@pytest.fixture
def elsewhere(tmp_path, monkeypatch):
    """Another folder, the current one: nothing of the game's files in it."""
    other = tmp_path / "elsewhere"
    other.mkdir()
    monkeypatch.chdir(other)
    return other


# ---------------------------------------------------------------------------
# A designer's session
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(RENAMED))
def test_a_designer_plays_records_and_replays_elsewhere_without_their_folder(game, tmp_path, elsewhere):
    old, new, options, seed = RENAMED[game]
    folder = designer_folder(tmp_path / "work", game)
    assert run("validate", folder).exit_code == 0
    record = tmp_path / "work" / "game.jsonl"
    played = run("play", game, "--cards", folder, "--p1", "heuristic", "--p2", "random", "--seed", seed, "-q", *options, "--record", record)
    assert played.exit_code == 0, played.output
    header = json.loads(record.read_text(encoding="utf-8").splitlines()[0])
    assert header["version"] == VERSION == 2 and header["files"]["shipped"] == {}
    assert any(new in text for text in header["files"]["designer"].values())
    # copied elsewhere, replayed with no --cards: the commentary names the renamed card
    copy = elsewhere / "copy.jsonl"
    shutil.copy(record, copy)
    shown = run("replay", "copy.jsonl", "--show")
    assert shown.exit_code == 0, shown.output
    assert new in shown.output and "all legal and identical" in shown.output
    # the same record against atout's own files: they are not the ones it names
    refused = run("replay", "copy.jsonl", "--cards", shipped_folder(ENGINES[game].language))
    assert refused.exit_code == 1 and "copy.jsonl, line 1:" in refused.output
    # one choice changed: exit 1 with its line
    lines = copy.read_text(encoding="utf-8").splitlines()
    number = next(n for n, line in enumerate(lines, start=1) if n > 2 and (data := json.loads(line)).get("player") in ("P1", "P2") and data["index"] > 0)
    data = json.loads(lines[number - 1])
    data["index"] -= 1
    lines[number - 1] = json.dumps(data, ensure_ascii=False)
    copy.write_text("\n".join(lines) + "\n", encoding="utf-8")
    changed = run("replay", "copy.jsonl")
    assert changed.exit_code == 1 and f"copy.jsonl, line {number}" in changed.output


def test_the_python_api_replays_a_designer_record_from_anywhere(tmp_path, elsewhere):
    folder = designer_folder(tmp_path, "cordes")
    loaded = api.load_game("cordes", folder)
    played = api.play(loaded, ["random", "random"], seed=4, record=elsewhere / "game.jsonl")
    shutil.rmtree(folder)  # the folder is gone: the record is enough
    steps = list(api.replay(elsewhere / "game.jsonl"))
    assert len(steps) == played.actions and steps[-1].state.outcome() == played.outcome


def test_an_unrelated_file_added_to_the_folder_does_not_stop_an_older_record(tmp_path):
    folder = designer_folder(tmp_path, "battlefight")
    record = tmp_path / "game.jsonl"
    assert run("play", "battlefight", "--cards", folder, "--p1", "random", "--p2", "random", "--seed", 2, "-q", "--deck", "le-renard", "--record", record).exit_code == 0
    header = json.loads(record.read_text(encoding="utf-8").splitlines()[0])
    used = set(header["files"]["designer"])
    # the deck played and the main rules are used; the other decks and the variant are not
    assert {"decks/le-renard.atout", "regles.atout", "attaque.atout"} <= used
    assert not used & {"decks/la-forteresse.atout", "decks/le-lutteur.atout", "variantes/grand-plateau.atout"}
    # a new deck and a new variant in the folder: the record still replays with it
    shutil.copy(folder / "decks" / "le-lutteur.atout", folder / "decks" / "mon-deck.atout")
    shutil.copy(folder / "variantes" / "grand-plateau.atout", folder / "variantes" / "autre.atout")
    assert run("replay", record, "--cards", folder).exit_code == 0
    # a file the game used, changed: refused, naming it
    attaque = folder / "attaque.atout"
    attaque.write_text(attaque.read_text(encoding="utf-8") + "\n# une note\n", encoding="utf-8")
    refused = run("replay", record, "--cards", folder)
    assert refused.exit_code == 1 and 'the file "attaque.atout" is not the one the header names' in refused.output


def test_a_shipped_file_that_differs_says_which_and_how_to_replay_anyway(tmp_path):
    record = tmp_path / "game.jsonl"
    assert run("play", "cardia", "--p1", "random", "--p2", "random", "--seed", 1, "-q", "--record", record).exit_code == 0
    lines = record.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    assert header["files"]["designer"] == {} and "paquet-i.atout" in header["files"]["shipped"]
    header["files"]["shipped"]["paquet-i.atout"] = "0123456789abcdef"
    record.write_text("\n".join([json.dumps(header, ensure_ascii=False)] + lines[1:]) + "\n", encoding="utf-8")
    refused = run("replay", record)
    assert refused.exit_code == 1
    assert f"{record}:1: the shipped file cardia/paquet-i.atout of this atout differs" in refused.output
    assert "digest" in refused.output and "--cards FOLDER" in refused.output and "Traceback" not in refused.output
    # with a folder holding the files it was played with, the record is checked against that folder
    assert "paquet-i.atout" in run("replay", record, "--cards", shipped_folder(ENGINES["cardia"].language)).output


def test_an_error_in_an_embedded_file_names_the_record_line_and_the_file_line(tmp_path):
    folder = designer_folder(tmp_path, "cordes")
    record = tmp_path / "game.jsonl"
    assert run("play", "cordes", "--cards", folder, "--p1", "random", "--p2", "random", "--seed", 1, "-q", "--record", record).exit_code == 0
    lines = record.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    text = header["files"]["designer"]["attacks.atout"].splitlines()
    number = next(n for n, line in enumerate(text, start=1) if line.startswith("=="))
    text[number] = "Puissance : beaucoup"  # the line after the first title
    header["files"]["designer"]["attacks.atout"] = "\n".join(text) + "\n"
    record.write_text("\n".join([json.dumps(header, ensure_ascii=False)] + lines[1:]) + "\n", encoding="utf-8")
    refused = run("replay", record)
    assert refused.exit_code == 1 and "Traceback" not in refused.output
    assert f"{record}:1:attacks.atout:{number + 1}:" in refused.output


@pytest.mark.parametrize("name", ["a/../../evil.atout", "/etc/evil.atout", "a//b.atout", "./x.atout", "..", "C:/x.atout"])
def test_an_embedded_file_named_outside_its_folder_is_refused(tmp_path, name):
    folder = designer_folder(tmp_path, "cordes")
    record = tmp_path / "game.jsonl"
    assert run("play", "cordes", "--cards", folder, "--p1", "random", "--p2", "random", "--seed", 1, "-q", "--record", record).exit_code == 0
    lines = record.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["files"]["designer"][name] = "Dans les Cordes : cards\n"
    record.write_text("\n".join([json.dumps(header, ensure_ascii=False)] + lines[1:]) + "\n", encoding="utf-8")
    refused = run("replay", record)
    assert refused.exit_code == 1 and f'{record}:1: the embedded file "{name}" must be named by a relative path' in refused.output
    assert not (tmp_path / "evil.atout").exists()


# ---------------------------------------------------------------------------
# Outcomes as codes
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(RENAMED))
def test_the_outcome_and_end_event_are_a_code_and_facts_and_the_reason_is_rendered(game, tmp_path):
    record = tmp_path / "game.jsonl"
    result = run("play", game, "--p1", "heuristic", "--p2", "random", "--seed", 5, "-q", "--record", record)
    lines = record.read_text(encoding="utf-8").splitlines()
    outcome = json.loads(lines[-1])["outcome"]
    assert set(outcome) == {"winner", "code", "facts"}
    end = json.loads(lines[-2])["events"][-1]
    assert end["e"] == "end" and "reason" not in end
    engine = ENGINES[game]
    files = load_files(engine.language)
    built = engine.build(files, json.loads(lines[0])["setup"])
    reason = built.outcome_text(outcome["winner"], outcome["code"], outcome["facts"])
    assert reason and reason in result.output  # the text the game printed when it ended
    shown = run("replay", record, "--show").output
    assert reason in shown


# ---------------------------------------------------------------------------
# Format version 1
# ---------------------------------------------------------------------------


def test_there_is_a_version_1_record_of_every_game():
    games = {json.loads(path.read_text(encoding="utf-8").splitlines()[0])["game"] for path in VERSION_1}
    assert games == {"battlefight", "cordes", "cardia", "dragons"}
    assert all(json.loads(path.read_text(encoding="utf-8").splitlines()[0])["version"] == 1 for path in VERSION_1)


@pytest.mark.parametrize("path", VERSION_1, ids=lambda p: p.stem)
def test_a_version_1_record_still_replays(path, elsewhere):
    result = run("replay", path, "--show")
    assert result.exit_code == 0, result.output
    assert "all legal and identical" in result.output
    outcome = json.loads(path.read_text(encoding="utf-8").splitlines()[-1])["outcome"]
    assert outcome["reason"] in result.output


@pytest.mark.parametrize("path", KEPT_VERSION_2, ids=lambda p: p.stem)
def test_a_record_made_with_earlier_shipped_texts_still_replays(path, elsewhere):
    """Made before the shipped files were rewritten in canonical form: their earlier texts are kept."""
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    assert "all legal and identical" in result.output


def test_every_kept_text_is_valid_and_earlier_than_its_file():
    from atout.interpreter.engine.history import generations
    from atout.interpreter.engine.loading import text_digest
    from atout.interpreter.language.loader import read_document

    for game in LANGUAGES:
        for generation in generations(game):
            for name, text in generation.items():
                current = CARDS_DIR / game / name
                assert current.exists(), f"{game}/{name} is kept but no longer shipped"
                assert text_digest(text) != text_digest(current.read_text(encoding="utf-8")), f"{game}/{name} is kept unchanged"
                document = read_document(str(current), text, LANGUAGES)
                assert not [d for d in document.diagnostics if not d.is_note], f"{game}/{name}: {document.diagnostics}"


def test_a_version_1_record_is_checked_as_strictly(tmp_path):
    lines = (HERE / "records" / "v1" / "cordes.jsonl").read_text(encoding="utf-8").splitlines()
    outcome = json.loads(lines[-1])
    outcome["outcome"]["reason"] += "!"
    tampered = tmp_path / "old.jsonl"
    tampered.write_text("\n".join(lines[:-1] + [json.dumps(outcome, ensure_ascii=False)]) + "\n", encoding="utf-8")
    refused = run("replay", tampered)
    assert refused.exit_code == 1 and f"line {len(lines)}" in refused.output and "expected the outcome" in refused.output
    # a version 1 header has no files
    header = dict(json.loads(lines[0]), files={"shipped": {}, "designer": {}})
    tampered.write_text("\n".join([json.dumps(header, ensure_ascii=False)] + lines[1:]) + "\n", encoding="utf-8")
    refused = run("replay", tampered)
    assert refused.exit_code == 1 and ':1: unknown field "files"' in refused.output


def test_an_unknown_version_lists_the_versions_read(tmp_path):
    record = tmp_path / "future.jsonl"
    record.write_text('{"record": "atout", "version": 3, "game": "cordes"}\n', encoding="utf-8")
    refused = run("replay", record)
    assert refused.exit_code == 1 and "record version 3 is not known; this atout reads versions 1, 2" in refused.output


# ---------------------------------------------------------------------------
# The JSON Schema
# ---------------------------------------------------------------------------


def test_the_published_schema_is_the_one_the_models_give():
    published = json.loads((HERE.parent / "docs" / "record-schema.json").read_text(encoding="utf-8"))
    assert published == record_schema(), "regenerate it: atout schema record > docs/record-schema.json"
    assert published["version"] == VERSION
    printed = run("schema", "record")
    assert printed.exit_code == 0 and json.loads(printed.output) == published


def test_every_line_of_a_record_fits_the_schema_and_a_version_1_outcome_does_not(tmp_path):
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(record_schema())
    folder = designer_folder(tmp_path, "dragons")
    stream = io.StringIO()
    loaded = api.load_game("dragons", folder)
    api.play(loaded, ["random", "random"], seed=1, record=stream)
    lines = stream.getvalue().splitlines()
    assert len(parse_records(stream.getvalue())[0].actions) == len(lines) - 3
    for line in lines:
        validator.validate(json.loads(line))
    old = json.loads((HERE / "records" / "v1" / "dragons.jsonl").read_text(encoding="utf-8").splitlines()[-1])
    assert not validator.is_valid(old)


# ---------------------------------------------------------------------------
# Standard input and output
# ---------------------------------------------------------------------------


def test_validate_reads_one_file_from_standard_input():
    text = (shipped_folder(ENGINES["battlefight"].language) / "attaque.atout").read_text(encoding="utf-8")
    valid = run("validate", "-", input=text.encode())
    assert valid.exit_code == 0 and "1 file, 10 cards: all valid" in valid.output
    broken = text.replace("Blesser 4", "Blesse 4", 1)
    invalid = run("validate", "-", input=broken.encode())
    assert invalid.exit_code == 1 and "<stdin>:" in invalid.output and "stdin.atout" not in invalid.output
    as_json = run("validate", "--format", "json", "-", input=broken.encode())
    assert {d["file"] for d in json.loads(as_json.output)["diagnostics"]} == {"<stdin>"}
    # a deck alone from standard input is checked against the shipped cards
    deck = (shipped_folder(ENGINES["battlefight"].language) / "decks" / "le-renard.atout").read_text(encoding="utf-8")
    assert run("validate", "-", input=deck.encode()).exit_code == 0


def test_ast_reads_one_file_from_standard_input():
    text = (shipped_folder(ENGINES["battlefight"].language) / "attaque.atout").read_text(encoding="utf-8")
    tree = run("ast", "-", input=text.encode())
    assert tree.exit_code == 0 and "Javelot" in tree.output and json.loads(tree.output)
    broken = run("ast", "-", input=text.replace("Blesser 4", "Blesse 4", 1).encode())
    assert broken.exit_code == 1 and "<stdin>:" in broken.output


def test_play_writes_the_record_to_standard_output_and_replay_reads_it_from_standard_input():
    runner = CliRunner(mix_stderr=False) if "mix_stderr" in CliRunner.__init__.__code__.co_varnames else CliRunner()
    played = runner.invoke(main, ["play", "dragons", "--p1", "random", "--p2", "random", "--seed", "2", "--record", "-"])
    assert played.exit_code == 0
    lines = played.stdout.splitlines()
    assert all(json.loads(line) for line in lines)  # the record alone on standard output
    assert json.loads(lines[0])["record"] == "atout" and "outcome" in json.loads(lines[-1])
    assert "Duel over" in played.stderr and "record written to standard output" in played.stderr
    replayed = run("replay", "-", "--show", input=played.stdout)
    assert replayed.exit_code == 0 and replayed.output.rstrip().endswith(replayed.output.rstrip().splitlines()[-1])
    assert "<stdin>: " in replayed.output and "all legal and identical" in replayed.output
    broken = run("replay", "-", input="\n".join(lines[:1] + lines[2:]))
    assert broken.exit_code == 1 and "<stdin>" in broken.output


# ---------------------------------------------------------------------------
# Sets laid over sets
# ---------------------------------------------------------------------------

#: Per game: the options `atout init` prints for a game with its starter, and the starter's new card.
STARTERS = {
    "battlefight": (["--deck", "mon-deck", "--deck", "la-forteresse"], "Coup de Vent"),
    "cordes": ([], "Haymaker"),
    "cardia": (["--deck", "I"], "Colporteuse"),
    "dragons": (["--collection", "ma-collection", "--collection", "debutant"], "Dragon des Glaces"),
}


@pytest.mark.parametrize("game", sorted(STARTERS))
def test_a_starter_set_is_played_recorded_and_replayed_elsewhere_with_its_new_card(game, tmp_path, elsewhere):
    options, card = STARTERS[game]
    folder = tmp_path / "mon-jeu"
    assert run("init", folder, "--game", game).exit_code == 0
    assert run("validate", folder).exit_code == 0
    record = tmp_path / "game.jsonl"
    played = run("play", game, "--cards", folder, *options, "--p1", "heuristic", "--p2", "random", "--seed", 1, "-q", "--record", record)
    assert played.exit_code == 0, played.output
    header = json.loads(record.read_text(encoding="utf-8").splitlines()[0])
    # the designer's few files in full, the shipped ones by digest
    assert header["files"]["shipped"] and any(card in text for text in header["files"]["designer"].values())
    shutil.copy(record, elsewhere / "game.jsonl")
    shutil.rmtree(folder)
    shown = run("replay", "game.jsonl", "--show")
    assert shown.exit_code == 0 and card in shown.output, shown.output


def test_a_set_over_a_set_replays_elsewhere_with_what_each_layer_changes(tmp_path, elsewhere):
    work = tmp_path / "work"
    work.mkdir()
    assert run("init", work / "a", "--game", "battlefight").exit_code == 0
    # the lower layer leaves a shipped card out; the upper one changes one rule
    (work / "a" / "extension.atout").write_text("BattleFight : extension\n\nSans : Javelot\n", encoding="utf-8")
    (work / "b").mkdir()
    (work / "b" / "extension.atout").write_text("BattleFight : extension\n\nBase : ../a\n", encoding="utf-8")
    (work / "b" / "regles.atout").write_text("BattleFight : règles\n\nPoints de vie : 15\n", encoding="utf-8")
    record = tmp_path / "game.jsonl"
    played = run("play", "battlefight", "--cards", work / "b", "--deck", "mon-deck", "--deck", "random", "--p1", "heuristic", "--p2", "random", "--seed", 2, "-q", "--record", record)
    assert played.exit_code == 0, played.output
    header = json.loads(record.read_text(encoding="utf-8").splitlines()[0])
    assert {"../a/extension.atout", "../a/mes-cartes.atout", "../a/mon-deck.atout", "extension.atout", "regles.atout"} == set(header["files"]["designer"])
    assert "regles.atout" in header["files"]["shipped"]  # the shipped rules give what the layers do not change
    shutil.copy(record, elsewhere / "game.jsonl")
    shutil.rmtree(work)
    shown = run("replay", "game.jsonl", "--show")
    assert shown.exit_code == 0, shown.output
    assert "(life 15)" in shown.output and "Javelot" not in shown.output  # the upper rules, the lower layer's cards


def test_a_folder_holding_copies_of_the_shipped_files_replays_a_record_of_them(tmp_path):
    record = tmp_path / "game.jsonl"
    assert run("play", "cordes", "--p1", "random", "--p2", "random", "--seed", 3, "-q", "--record", record).exit_code == 0
    copy = tmp_path / "copie"
    shutil.copytree(shipped_folder(ENGINES["cordes"].language), copy)
    assert run("replay", record, "--cards", copy).exit_code == 0
    (copy / "ripostes.atout").write_text((copy / "ripostes.atout").read_text(encoding="utf-8") + "\n", encoding="utf-8")
    refused = run("replay", record, "--cards", copy)
    assert refused.exit_code == 1 and 'the file "ripostes.atout" is not the one the header names' in refused.output


@pytest.mark.parametrize(
    "events",
    [
        '[{"e":"play","player":0,"technique":"Coup droit","basic":false}]',
        '[{"v":1.0,"w":true,"x":-0.0,"y":1E2,"z":null}]',
        '[{"v":NaN},{"v":1e400}]',
        '[{"v":{"a":1,"a":2}}]',
        '[{"v":123456789012345678901234567890}]',
        '[{"v":"\\u00e9\\ud800"}]',
        '[{"v":' + "[" * 5000 + "]" * 5000 + "}]",
        '[{"v":' + "9" * 5000 + "}]",
    ],
)
def test_an_action_line_reads_alike_at_once_or_step_by_step(events):
    """An action line is read in one step (pydantic reads its JSON) where it can be: it reads as the
    standard JSON reader and the line's model read it, or, where they would fail, it is left to them."""
    from pydantic import ValidationError

    from atout.interpreter.engine.record import ActionLine, _action_line

    line = '{"n":1,"turn":1,"player":"P1","kind":"play","index":0,"label":"Coup droit","events":' + events + "}"
    fast = _action_line(line)
    try:
        slow = ActionLine.model_validate(json.loads(line))
    except (ValueError, RecursionError, ValidationError):
        assert fast is None
        return
    if fast is not None:
        assert repr(fast) == repr(slow)  # repr: a NaN is not equal to itself


@pytest.mark.parametrize("game", ["battlefight", "dragons"])
def test_a_header_manifest_made_once_per_setup_is_the_one_made_anew_and_its_own(game):
    """A simulation writes a header per game: its manifest is made once per setup, each header getting its own copy."""
    from atout.interpreter.engine.loading import manifest
    from atout.interpreter.engine.options import check_options

    engine = ENGINES[game]
    files = load_files(LANGUAGES[game])
    setups = [engine.setup_from_options(files, check_options(engine.options, files, {}, game))]
    for setup in setups:
        first = manifest(files, setup)
        first["shipped"]["changed"] = "by the caller"
        again = manifest(files, setup)
        assert "changed" not in again["shipped"]
        files._manifests.clear()
        assert manifest(files, setup) == again  # the one made anew
