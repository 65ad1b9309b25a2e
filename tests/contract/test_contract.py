"""One contract for every registered game, every shipped rules file, several seeds, every bot pairing.

A game joins the suite by registering its engine (`atout.interpreter.games.ENGINES`):
nothing here names a game. For each game × rules file × seed × pairing:

- the game ends, and the state's invariants hold after every action;
- its record replays identically (same events, same outcome) and without a
  warning about anything;
- for one seed per game and rules file, every kind of tampering is refused,
  naming a line of the record: each field of the header, the start line,
  the outcome and one action line of each kind mutated to wrong types and
  values, lines dropped, duplicated, swapped, the record truncated after
  each line or cut inside its last line;
- the same seed gives byte-identical records in two processes with
  different PYTHONHASHSEED;
- a game played with a designer's folder replays from the files its
  record carries, and every tampering with them is refused at the header.

The tests register their own games (`tests/extra_games.py`) before collection:
they are played here like atout's, and the processes get them through
`ATOUT_GAMES`.
"""

from __future__ import annotations

import itertools
import json
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1]))

import extra_games  # noqa: E402

from tampering import (  # noqa: E402
    field_variants,
    play_recorded,
    rules_names,
    sample_lines,
    setup_for,
    setups,
    variants,
    verdict,
)

from atout.interpreter.engine.loading import load_files  # noqa: E402
from atout.interpreter.engine.record import parse_record  # noqa: E402
from atout.interpreter.engine.registry import find_engine  # noqa: E402
from atout.interpreter.engine.replay import replay  # noqa: E402
from atout.interpreter.games import ENGINES  # noqa: E402

SEEDS = (1, 2)


@cache
def files_of_name(name: str):
    return load_files(ENGINES[name].language)


def files_of(engine):
    return files_of_name(engine.name)


@cache
def game_of(name: str, rules: str | None):
    engine = ENGINES[name]
    files = files_of_name(name)
    return engine.build(files, setup_for(engine, files, rules))


def _cases():
    for name in ENGINES:
        for rules in rules_names(files_of_name(name)):
            yield name, rules


CASES = list(_cases())
PAIRINGS = {name: list(itertools.product(engine.bots, repeat=2)) for name, engine in ENGINES.items()}


def _id(case) -> str:
    return f"{case[0]}-{case[1] or 'main'}"


@cache
def recorded(name: str, rules: str | None, bots: tuple[str, str], seed: int):
    return play_recorded(ENGINES[name], game_of(name, rules), bots, seed)


def test_every_game_and_rules_file_is_in_the_suite():
    assert {name for name, _ in CASES} == set(ENGINES)
    assert any(rules is not None for _, rules in CASES), "the shipped variants are found"


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_games_end_hold_their_invariants_and_replay_identically(case):
    name, rules = case
    engine = ENGINES[name]
    for bots, seed in itertools.product(PAIRINGS[name], SEEDS):
        text, events, played, problems = recorded(name, rules, bots, seed)
        where = f"{name} {rules or 'main rules'} {bots} seed {seed}"
        assert played.state.outcome() is not None, where
        assert problems == [], where
        record = parse_record(text, "game.jsonl")
        assert record.header["setup"] == game_of(name, rules).setup()
        replayed = list(record.start)
        for step in replay(record, engine, files_of(engine)):
            replayed.extend(step.events)
            assert step.state.check_invariants() == [], where
        assert replayed == events, where
        assert record.outcome == played.state.outcome().as_json(), where
        assert verdict(text, files_of) is None, where


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_every_kind_of_tampering_is_refused_naming_its_line(case):
    name, rules = case
    bots = PAIRINGS[name][-1]
    text = recorded(name, rules, bots, SEEDS[0])[0]
    lines = text.splitlines()
    counts: dict[str, int] = {}
    for variant in variants(lines, sample_lines(lines), every=4, limit=14):
        refusal = verdict(variant.text, files_of)
        counts[variant.kind] = counts.get(variant.kind, 0) + 1
        if variant.kind == "informational":
            continue  # does not change the game (see tampering.py): may be accepted
        assert refusal is not None, f"accepted: {variant.kind} at line {variant.line}: {variant.what}"
        assert 1 <= refusal.line <= len(lines) + 1, (variant, refusal)
        if variant.kind in ("wrong type", "wrong value") and not (variant.line == 1 and refusal.line > 1 and variant.what.startswith(("seed", "match", "setup"))):
            # A field is refused at its own line; but a header whose seed or setup is changed to
            # another legal one starts another game, refused where it parts from the record.
            assert refusal.line == variant.line, f"{variant.what} at line {variant.line}: {refusal.message}"
    for kind in ("wrong type", "wrong value", "drop", "duplicate", "swap", "truncate", "cut"):
        assert counts.get(kind), kind


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_a_truncated_record_is_refused_saying_who_was_to_choose(case):
    name, rules = case
    text = recorded(name, rules, PAIRINGS[name][0], SEEDS[1])[0]
    lines = text.splitlines()
    middle = "\n".join(lines[: len(lines) // 2]) + "\n"
    refusal = verdict(middle, files_of)
    assert refusal is not None and refusal.line == len(lines) // 2
    assert "before the game ends" in refusal.message and "was to choose" in refusal.message
    assert verdict(middle, files_of, unfinished=True) is None
    assert verdict(lines[0] + "\n", files_of) is not None


_SCRIPT = """
import sys
sys.path.insert(0, {path!r})
from tampering import play_recorded, rules_names, setup_for
from atout.interpreter.engine.loading import load_files
from atout.interpreter.games import ENGINES
for name, engine in ENGINES.items():
    files = load_files(engine.language)
    for rules in rules_names(files):
        game = engine.build(files, setup_for(engine, files, rules))
        for bots in [(b, b) for b in engine.bots]:
            sys.stdout.write(play_recorded(engine, game, bots, 5, check=False)[0])
"""


def test_the_same_seed_gives_byte_identical_records_in_separate_processes():
    script = _SCRIPT.format(path=str(Path(__file__).parent))
    outputs = []
    for hashseed in ("1", "2"):
        environment = {**extra_games.environment(), "PYTHONHASHSEED": hashseed}
        result = subprocess.run([sys.executable, "-c", script], capture_output=True, env=environment, timeout=120)
        assert result.returncode == 0, result.stderr.decode()
        outputs.append(result.stdout)
    assert outputs[0] == outputs[1]
    headers = [json.loads(line) for line in outputs[0].decode().splitlines() if line.startswith('{"record"')]
    assert {h["game"] for h in headers} == set(ENGINES)
    # and the same as this process
    name, rules = CASES[0]
    engine = find_engine(name)
    bots = (next(iter(engine.bots)),) * 2
    mine = play_recorded(engine, game_of(name, rules), bots, 5, check=False)[0]
    assert outputs[0].decode().startswith(mine)


def _lines(case, seed=SEEDS[0]):
    name, rules = case
    return recorded(name, rules, PAIRINGS[name][0], seed)[0].splitlines()


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_divergences_say_line_action_turn_and_event_and_what_differs(case):
    lines = _lines(case)
    number, data = next((n, d) for n, d in ((n, json.loads(line)) for n, line in enumerate(lines, start=1)) if d.get("events"))
    changed = dict(data, events=[dict(data["events"][0], zz=1)] + data["events"][1:])
    refusal = verdict("\n".join(lines[: number - 1] + [json.dumps(changed)] + lines[number:]), files_of)
    assert f"line {number}, action {data['n']}, turn {data['turn']}, event 1: expected «" in refusal.message
    assert "found «" in refusal.message
    header = dict(json.loads(lines[0]), digest="0000000000000000")
    refusal = verdict("\n".join([json.dumps(header)] + lines[1:]), files_of)
    assert refusal.line == 1 and "made with other card or rules files (digest 0000000000000000" in refusal.message
    outcome = json.loads(lines[-1])
    outcome["outcome"]["code"] += "!"
    refusal = verdict("\n".join(lines[:-1] + [json.dumps(outcome)]), files_of)
    assert refusal.line == len(lines) and "expected the outcome" in refusal.message


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_a_record_transcribed_by_hand_replays_from_players_and_labels(case):
    lines = _lines(case)
    header = dict(json.loads(lines[0]), digest=None, seed=None, players=["Alice", "Bob"])
    transcribed = [json.dumps(header, ensure_ascii=False)]
    for line in lines[2:-1]:
        data = json.loads(line)
        transcribed.append(json.dumps({"player": data["player"], "label": data["label"]}, ensure_ascii=False))
    assert verdict("\n".join(transcribed), files_of) is None
    # an illegal choice lists the legal ones; a field given must be right
    number = len(transcribed) // 2
    wrong = dict(json.loads(transcribed[number]), label="No Such Choice")
    refusal = verdict("\n".join(transcribed[:number] + [json.dumps(wrong)] + transcribed[number + 1 :]), files_of)
    assert refusal.line == number + 1 and '"No Such Choice" is not a legal choice; the choices are: ' in refusal.message
    wrong = dict(json.loads(transcribed[number]), n=1)
    refusal = verdict("\n".join(transcribed[:number] + [json.dumps(wrong)] + transcribed[number + 1 :]), files_of)
    assert refusal.line == number + 1 and f"this is action {number}" in refusal.message
    # and one cut short is refused like any other
    assert "before the game ends" in verdict("\n".join(transcribed[:number]), files_of).message


EXAMPLES = [(name, rules, example) for name, engine in ENGINES.items() for rules, example in setups(engine, files_of_name(name)) if example]


@pytest.mark.parametrize("case", EXAMPLES, ids=lambda c: f"{c[0]}-{c[1] or 'main'}-{'-'.join(map(str, c[2].values()))}")
def test_every_example_setup_plays_records_replays_and_refuses_a_cut(case):
    name, rules, example = case
    engine = ENGINES[name]
    files = files_of_name(name)
    game = engine.build(files, setup_for(engine, files, rules, example))
    for bots in (PAIRINGS[name][0], PAIRINGS[name][-1]):
        text, events, played, problems = play_recorded(engine, game, bots, 3)
        assert played.state.outcome() is not None and problems == []
        assert verdict(text, files_of) is None
        lines = text.splitlines()
        assert verdict("\n".join(lines[:-2]), files_of) is not None
        header = json.loads(lines[0])
        assert header["setup"] == game.setup()


# ---------------------------------------------------------------------------
# A designer's folder: the record carries its files
# ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def designer_record(tmp_path_factory):
    """For a game: (the record of a game played with a designer's folder, its files).

    The folder is a copy of the game's shipped files, one of them changed (a
    line added), in another place: every file is the designer's, so the
    record carries them all.
    """
    from atout.interpreter.engine.loading import shipped_folder

    made: dict[str, tuple[str, object]] = {}

    def make(name: str) -> tuple[str, object]:
        if name not in made:
            engine = ENGINES[name]
            folder = tmp_path_factory.mktemp(f"designer-{name}") / "mine"
            # the game's own files (not the examples' folder, a set of its own)
            shutil.copytree(shipped_folder(engine.language), folder, ignore=shutil.ignore_patterns("exemples"))
            first = sorted(folder.rglob("*.atout"))[0]
            first.write_text(first.read_text(encoding="utf-8") + "\n", encoding="utf-8")
            files = load_files(engine.language, [folder])
            game = engine.build(files, setup_for(engine, files, None))
            made[name] = (play_recorded(engine, game, PAIRINGS[name][-1], SEEDS[0], check=False)[0], files)
        return made[name]

    return make


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_a_record_carries_the_designer_files_and_any_tampering_with_them_is_refused(name, designer_record):
    text, files = designer_record(name)
    lines = text.splitlines()
    header = json.loads(lines[0])
    assert header["files"]["shipped"] == {}
    assert set(header["files"]["designer"]) == {files.name(d)[0] for d in files.used(header["setup"])}
    # replayed from the files it carries, not from the shipped ones, which differ
    assert verdict(text, files_of) is None
    assert header["digest"] != files_of(ENGINES[name]).used_digest(header["setup"])
    counts = 0
    for variant in field_variants(lines, 1, limit=14):
        if not variant.what.startswith("files"):
            continue
        counts += 1
        refusal = verdict(variant.text, files_of)
        assert refusal is not None and refusal.line == 1, f"{variant.what}: {refusal}"
    assert counts > 10
    # a text changed, even harmlessly: the digest says so, at the header's line
    changed = json.loads(lines[0])
    first = sorted(changed["files"]["designer"])[0]
    changed["files"]["designer"][first] += "\n"
    refusal = verdict("\n".join([json.dumps(changed, ensure_ascii=False)] + lines[1:]), files_of)
    assert refusal.line == 1 and f"digest {header['digest']}" in refusal.message


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_a_shipped_file_tampered_with_in_the_header_is_refused_naming_it(name):
    engine = ENGINES[name]
    text = recorded(name, None, PAIRINGS[name][0], SEEDS[0])[0]
    lines = text.splitlines()
    header = json.loads(lines[0])
    first = sorted(header["files"]["shipped"])[0]
    header["files"]["shipped"][first] = "0" * 16
    refusal = verdict("\n".join([json.dumps(header, ensure_ascii=False)] + lines[1:]), files_of)
    assert refusal.line == 1 and f"{engine.name}/{first}" in refusal.message and "--cards" in refusal.message
