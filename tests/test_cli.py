"""The `atout` command, through click's CliRunner."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from atout.cli.main import main


@pytest.fixture
def run():
    runner = CliRunner()

    def invoke(*args, input=None):
        return runner.invoke(main, list(args), input=input, catch_exceptions=False)

    return invoke


def test_validate_the_shipped_cards(run, cards_dir):
    result = run("validate", str(cards_dir))
    assert result.exit_code == 0
    assert result.output.strip().endswith("all valid")


def test_validate_without_a_path_checks_the_shipped_cards(run):
    result = run("validate")
    assert result.exit_code == 0 and "all valid" in result.output


def test_validate_prints_every_problem_with_its_place(run, tmp_path):
    bad = tmp_path / "bad.atout"
    bad.write_text("BattleFight : cartes\n== A ==\nAttak\n\n== B ==\nAttaque\nBlesser 99\n", encoding="utf-8")
    result = run("validate", str(bad))
    assert result.exit_code == 1
    assert f'{bad}:3:1: E111 unexpected word "Attak"' in result.output
    assert 'did you mean "Attaque"?' in result.output
    assert f"{bad}:7:9: E200 Blesser 99: must be 20 or less" in result.output
    assert "2 problems in 1 file" in result.output


def test_validate_json_for_ci(run, tmp_path):
    bad = tmp_path / "bad.atout"
    bad.write_text("BattleFight : cartes\n== A ==\nAttak\n", encoding="utf-8")
    result = run("validate", "--format", "json", str(bad))
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["valid"] is False and data["files"] == 1
    assert data["diagnostics"][0] | {"file": "?"} == {
        "file": "?",
        "line": 3,
        "column": 1,
        "code": "E111",
        "message": data["diagnostics"][0]["message"],
        "suggestion": "Attaque",
        "hint": None,
    }


def test_validate_a_missing_path_is_a_usage_error(run):
    result = run("validate", "no/such/file.atout")
    assert result.exit_code == 2


def test_ast_prints_the_validated_ast(run, cards_dir):
    result = run("ast", str(cards_dir / "battlefight" / "techniques-de-base.atout"))
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["kind"] == "basics" and data["cards"][0]["name"] == "Attaque de base"


def test_ast_of_an_invalid_file_exits_1_with_the_problems(run, tmp_path):
    bad = tmp_path / "bad.atout"
    bad.write_text("BattleFight : cartes\n== A ==\n", encoding="utf-8")
    result = run("ast", str(bad))
    assert result.exit_code == 1 and "E112" in result.output


def test_play_between_bots_writes_a_record_that_replays(run, tmp_path):
    record = tmp_path / "game.jsonl"
    result = run("play", "battlefight", "--p1", "heuristic", "--p2", "random", "--seed", "3", "--record", str(record), "-q")
    assert result.exit_code == 0, result.output
    assert "(seed 3" in result.output
    replayed = run("replay", str(record))
    assert replayed.exit_code == 0, replayed.output
    assert "actions replayed, all legal and identical" in replayed.output


def test_replay_show_prints_the_commentary(run, tmp_path):
    record = tmp_path / "game.jsonl"
    run("play", "battlefight", "--p1", "random", "--p2", "random", "--seed", "8", "--record", str(record), "-q")
    result = run("replay", "--show", str(record))
    assert result.exit_code == 0 and "Turn 1 — " in result.output and "Game over" in result.output


def test_replay_step_shows_the_state_before_each_step(run, tmp_path):
    record = tmp_path / "game.jsonl"
    run("play", "battlefight", "--p1", "random", "--p2", "random", "--seed", "8", "--record", str(record), "-q")
    result = run("replay", "--step", str(record))
    assert result.exit_code == 0
    lines = result.output.splitlines()
    first_step = next(i for i, line in enumerate(lines) if line.startswith("    1. "))
    assert lines[first_step - 11].startswith("Turn 1, P")  # the state, then the step it starts
    assert lines[first_step - 10].startswith("  P1: life 20, damage points 0, on ")
    assert lines[first_step - 8].startswith("  in play: ") and lines[first_step - 8].endswith("(running, at step 1)")


def test_replay_of_a_tampered_record_exits_1_naming_the_divergence(run, tmp_path):
    record = tmp_path / "game.jsonl"
    run("play", "battlefight", "--p1", "random", "--p2", "random", "--seed", "8", "--record", str(record), "-q")
    lines = record.read_text(encoding="utf-8").splitlines()
    lines = lines[: len(lines) // 2] + [lines[-1]]
    record.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("replay", str(record))
    assert result.exit_code == 1
    assert result.output.startswith("error: divergence: ")


def test_replay_of_a_broken_file_exits_1(run, tmp_path):
    record = tmp_path / "game.jsonl"
    record.write_text('{"record": "atout", "version": 1, "game": "battlefight", "digest": null, "setup": {}, "players": ["a", "b"]}\n{"n": 1, "label"', encoding="utf-8")
    result = run("replay", str(record))
    assert result.exit_code == 1
    assert "game.jsonl:2: this line is not JSON" in result.output


def test_simulate_is_deterministic_and_summarises(run):
    first = run("simulate", "battlefight", "--games", "6", "--seed", "2", "--p1", "heuristic", "--p2", "random")
    second = run("simulate", "battlefight", "--games", "6", "--seed", "2", "--p1", "heuristic", "--p2", "random")
    assert first.exit_code == 0
    assert first.output == second.output
    for word in ("games: 6", "  heuristic wins", "  draws", "length:", "first player wins"):
        assert word in first.output


def test_an_unknown_game_lists_the_games(run):
    result = run("simulate", "batlefight")
    assert result.exit_code == 2
    assert 'unknown game "batlefight" (did you mean "battlefight"?)' in result.output


def test_an_unknown_deck_is_a_clear_error(run):
    result = run("simulate", "battlefight", "--deck", "le-rnard", "--games", "1")
    assert result.exit_code == 2
    assert '--deck: no deck "le-rnard" in battlefight; did you mean "le-renard"?' in result.output


def test_a_person_is_refused_an_illegal_choice_and_sees_the_choices(run):
    result = run("play", "battlefight", "--p1", "human", "--p2", "heuristic", "--seed", "1", input="banana\n99\nConcentration de base\nq\n")
    assert "is not a legal choice. Type a number from 1 to 5, one of: Attaque de base" in result.output and "or ? for the commands" in result.output
    assert '"banana" is not a legal choice' in result.output and '"99" is not a legal choice' in result.output
    assert "P1 plays Concentration de base" in result.output
    assert "left the game; the game is abandoned." in result.output
    assert result.exit_code == 1


def test_a_person_sees_their_hand_but_never_the_bots(run):
    result = run("play", "battlefight", "--p1", "human", "--p2", "heuristic", "--seed", "1", input="5\n5\n5\n5\nq\n")
    lines = [line for line in result.output.splitlines() if line.startswith("  P2: ")]
    assert lines and all("hand" in line and "(" not in line.split("hand")[1].split(",")[0] for line in lines)
    assert "P2 draws a card" in result.output


def test_validate_a_folder_without_card_files_says_so(run, tmp_path):
    result = run("validate", str(tmp_path))
    assert result.exit_code == 1
    assert result.output.strip() == f"no .atout file in {tmp_path}"


# ---------------------------------------------------------------------------
# Records: finished, unfinished, abandoned, never lost
# ---------------------------------------------------------------------------


def _record(run, tmp_path, *args, name="game.jsonl", seed="3"):
    record = tmp_path / name
    result = run("play", *args, "--p1", "random", "--p2", "random", "--seed", seed, "--record", str(record), "-q")
    assert result.exit_code == 0, result.output
    return record


def test_a_record_cut_short_or_a_header_alone_is_refused_saying_who_was_to_choose(run, tmp_path):
    record = _record(run, tmp_path, "battlefight")
    lines = record.read_text(encoding="utf-8").splitlines()
    for keep in (60, 1):
        record.write_text("\n".join(lines[:keep]) + "\n", encoding="utf-8")
        result = run("replay", str(record))
        assert result.exit_code == 1
        assert f"game.jsonl, line {keep}: the record stops here, before the game ends: " in result.output
        assert " was to choose (" in result.output and "--unfinished" in result.output
        unfinished = run("replay", "--unfinished", str(record))
        assert unfinished.exit_code == 0, unfinished.output
        assert f"{keep - 2 if keep > 2 else 0} actions replayed" in unfinished.output
        assert f"unfinished: the record stops at line {keep}, " in unfinished.output


def test_a_record_without_its_outcome_line_is_refused(run, tmp_path):
    record = _record(run, tmp_path, "cordes")
    lines = record.read_text(encoding="utf-8").splitlines()
    record.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")
    result = run("replay", str(record))
    assert result.exit_code == 1 and "without its outcome line" in result.output


def test_a_variant_s_record_keeps_its_rules_and_replays(run, tmp_path):
    record = _record(run, tmp_path, "battlefight", "--rules", "grand-plateau")
    assert json.loads(record.read_text(encoding="utf-8").splitlines()[0])["setup"]["rules"] == "grand-plateau"
    result = run("replay", str(record))
    assert result.exit_code == 0, result.output


def test_a_rules_name_in_another_case_is_the_rules_file_it_names(run, tmp_path):
    record = _record(run, tmp_path, "battlefight", "--rules", "Grand-Plateau")
    assert json.loads(record.read_text(encoding="utf-8").splitlines()[0])["setup"]["rules"] == "grand-plateau"


def _tampered(record, change) -> None:
    lines = record.read_text(encoding="utf-8").splitlines()
    change(lines)
    record.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _set(lines, number, key, value):
    data = json.loads(lines[number - 1])
    data[key] = value
    lines[number - 1] = json.dumps(data, ensure_ascii=False)


def _setup(lines, key, value):
    data = json.loads(lines[0])
    data["setup"][key] = value
    lines[0] = json.dumps(data, ensure_ascii=False)


MALFORMED = {
    "index as a string": ("battlefight", lambda l: _set(l, 3, "index", "1"), 3, '"index": input should be a valid integer (found "1")'),
    "index as a float": ("battlefight", lambda l: _set(l, 3, "index", 1.0), 3, '"index": input should be a valid integer'),
    "events not a list": ("battlefight", lambda l: _set(l, 3, "events", "x"), 3, '"events": input should be a valid list'),
    "game as a list": ("battlefight", lambda l: _set(l, 1, "game", ["cordes"]), 1, '"game": input should be a valid string'),
    "setup null": ("battlefight", lambda l: _set(l, 1, "setup", None), 1, '"setup": input should be a valid dictionary'),
    "unknown rules": ("battlefight", lambda l: _setup(l, "rules", "grand-plato"), 1, 'no rules file "grand-plato"; the rules files are grand-plateau, regles (did you mean "grand-plateau"?)'),
    "unknown boxer": (
        "cordes",
        lambda l: _setup(l, "boxers", ["Karpentir", "Lewis"]),
        1,
        'P1\'s boxer "Karpentir" is not a CHARACTER card; the boxers are Karpentier, Lewis (did you mean "Karpentier"?)',
    ),
    "unknown deck kind": (
        "battlefight",
        lambda l: _setup(l, "decks", [{"kind": "draft"}, {"kind": "random"}]),
        1,
        "setup option \"decks.0.kind\": input should be 'constructed', 'random' or 'sealed'",
    ),
    "unknown Cardia deck": ("cardia", lambda l: _setup(l, "deck", "III"), 1, 'no deck "III": the decks are I, II'),
    "unknown Lieu": ("cardia", lambda l: _setup(l, "lieu", "Forteresse d'Arvin"), 1, '(did you mean "Forteresse d\'Arven"?)'),
    "first player 2": ("battlefight", lambda l: _setup(l, "first_player", 2), 1, 'setup option "first_player": input should be less than or equal to 1'),
    "first player true": ("cordes", lambda l: _setup(l, "first_player", True), 1, 'setup option "first_player": input should be a valid integer'),
    "illegal decks": (
        "battlefight",
        lambda l: _setup(l, "decks", [{"kind": "constructed", "name": "x", "cards": ["Décharge"] * 60}, {"kind": "constructed", "name": "y", "cards": []}]),
        1,
        'P1\'s deck "x" has 60 cards; a deck has 20; P2\'s deck "y" has 0 cards; a deck has 20',
    ),
    "a player out of range in an event": ("cardia", lambda l: _set(l, 2, "start", [dict(json.loads(l[1])["start"][0], player=7)]), 2, "line 2, event 1: expected «"),
    "n not consecutive": ("battlefight", lambda l: _set(l, 6, "n", 99), 6, '"n" is 99, but this is action 4 of the game'),
    "turn not the game's": ("cordes", lambda l: _set(l, 6, "turn", 9), 6, '"turn" is 9, but action 4 is played in turn'),
    "empty player": ("battlefight", lambda l: _set(l, 6, "player", ""), 6, '"player": string should have at least 1 character'),
    "empty kind": ("battlefight", lambda l: _set(l, 6, "kind", ""), 6, '"kind": string should have at least 1 character'),
    "another seed": ("dragons", lambda l: _set(l, 1, "seed", 5), 3, "with the record's seed 5, chance draws "),
    "three players": ("battlefight", lambda l: _set(l, 1, "players", ["a", "b", "c"]), 1, '"players": list should have at most 2 items'),
    "another outcome": (
        "dragons",
        lambda l: l.__setitem__(-1, '{"outcome": {"winner": null, "code": "x", "facts": {}}}'),
        -1,
        'expected the outcome {"winner": null, "code": "x", "facts": {}}, found ',
    ),
    "an outcome in prose": ("dragons", lambda l: l.__setitem__(-1, '{"outcome": {"winner": null, "reason": "x"}}'), -1, 'no "outcome.code"'),
    "a line after the outcome": ("cordes", lambda l: l.append(l[-2]), -1, "a line after the end of the game"),
}


@pytest.mark.parametrize("case", MALFORMED, ids=list(MALFORMED))
def test_a_malformed_or_tampered_record_is_an_error_naming_its_line(run, tmp_path, case):
    game, change, line, message = MALFORMED[case]
    record = _record(run, tmp_path, game)
    _tampered(record, change)
    total = len(record.read_text(encoding="utf-8").splitlines())
    line = total + 1 + line if line < 0 else line
    result = run("replay", str(record))
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert f"game.jsonl:{line}: " in result.output or f"game.jsonl, line {line}" in result.output, result.output
    assert message in result.output, result.output


def test_play_refuses_a_record_path_it_cannot_write_exit_2(run, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("x", encoding="utf-8")
    for path in (tmp_path / "missing" / "game.jsonl", blocker / "game.jsonl", "/dev/full"):
        result = run("play", "cordes", "--p1", "random", "--p2", "random", "--seed", "1", "-q", "--record", str(path))
        assert result.exit_code == 2, result.output
        assert f"error: cannot write the record to {path}: " in result.output
        assert "Traceback" not in result.output
    assert blocker.read_text(encoding="utf-8") == "x"


def test_a_match_records_every_game_in_one_file_and_replays_as_a_match(run, tmp_path):
    record = tmp_path / "match.jsonl"
    result = run("play", "cardia", "--match", "--p1", "random", "--p2", "random", "--seed", "2", "-q", "--record", str(record))
    assert result.exit_code == 0, result.output
    games = result.output.count("Game ")
    headers = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines() if line.startswith('{"record"')]
    assert [h["match"] for h in headers] == list(range(1, games + 1)) and games >= 2
    assert [h["seed"] for h in headers] == [2 + i for i in range(games)]
    replayed = run("replay", str(record))
    assert replayed.exit_code == 0, replayed.output
    assert f"in {games} games, all legal and identical" in replayed.output and "wins the match" in replayed.output
    # a match cut after a game is not a finished match
    lines = record.read_text(encoding="utf-8").splitlines()
    second = next(i for i, line in enumerate(lines) if i and line.startswith('{"record"'))
    record.write_text("\n".join(lines[:second]) + "\n", encoding="utf-8")
    cut = run("replay", str(record))
    assert cut.exit_code == 1 and "the match stops after game 1" in cut.output


def test_a_game_left_at_the_prompt_ends_its_record_with_an_abandoned_line(run, tmp_path):
    record = tmp_path / "left.jsonl"
    result = run("play", "cordes", "--p2", "random", "--seed", "1", "--record", str(record), input="")
    assert result.exit_code == 1
    assert "the game is abandoned" in result.output
    last = json.loads(record.read_text(encoding="utf-8").splitlines()[-1])
    assert last["abandoned"]["player"] == "P1" and last["abandoned"]["reason"] == "P1 left the game"
    replayed = run("replay", str(record))
    assert replayed.exit_code == 0, replayed.output
    assert "the game was abandoned in turn " in replayed.output and "(P1 left the game)" in replayed.output
    _tampered(record, lambda lines: _set(lines, len(lines), "abandoned", dict(last["abandoned"], player="P2")))
    assert run("replay", str(record)).exit_code == 1


def test_an_abandoned_line_on_a_finished_game_is_refused_naming_its_line(run, tmp_path):
    left = tmp_path / "left.jsonl"
    run("play", "cordes", "--p2", "random", "--seed", "1", "--record", str(left), input="")
    abandoned = left.read_text(encoding="utf-8").splitlines()[-1]
    finished = _record(run, tmp_path, "cordes")
    lines = finished.read_text(encoding="utf-8").splitlines()
    lines[-1] = abandoned  # the outcome line replaced by "abandoned"
    finished.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("replay", str(finished))
    assert result.exit_code == 1
    assert f"line {len(lines)}" in result.output
    assert "the record says the game was abandoned, but it is over" in result.output


def test_a_kill_during_play_leaves_an_existing_record_intact(tmp_path):
    import os
    import signal
    import subprocess
    import sys
    import time

    record = tmp_path / "game.jsonl"
    CliRunner().invoke(main, ["play", "cordes", "--p1", "random", "--p2", "random", "--seed", "1", "-q", "--record", str(record)])
    complete = record.read_bytes()
    assert complete.count(b"\n") > 10
    process = subprocess.Popen(
        [sys.executable, "-m", "atout.cli.main", "play", "cordes", "--p2", "random", "--seed", "2", "--record", str(record)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        seen = b""
        while b"chooses" not in seen:  # the game is under way: a person is asked
            chunk = process.stdout.read1(4096)
            assert chunk, process.stderr.read().decode()
            seen += chunk
        process.stdin.write(b"1\n")
        process.stdin.flush()
        time.sleep(0.2)
        assert list(tmp_path.glob(".game.jsonl.*.part")), "the game writes beside the record"
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
    assert record.read_bytes() == complete


def test_a_game_s_turns_count_only_turns_played(run, tmp_path):
    from atout.interpreter.engine.loading import load_files
    from atout.interpreter.engine.play import play_game, seeded
    from atout.interpreter.engine.registry import find_engine

    engine = find_engine("battlefight")
    files = load_files(engine.language)
    game = engine.build(files, engine.setup_from_options(files, {"deck": (), "rules": None}))
    for seed in range(40):
        bots = [engine.bots["random"](seeded(seed, "P1")), engine.bots["heuristic"](seeded(seed, "P2"))]
        played = play_game(game, bots, seed)
        if played.state.turn != played.turns:
            break
    else:
        pytest.fail("no game ended as a new turn began")
    assert played.turns == played.state.turn - 1
    result = run("play", "battlefight", "--p1", "random", "--p2", "heuristic", "--seed", str(seed), "-q")
    assert f"({played.turns} turns)" in result.output
    # a summary of undecided games with a first player does not say there is none
    from atout.interpreter.lab.report import text
    from atout.interpreter.lab.run import GameResult, Study
    from atout.interpreter.lab.summary import Summary

    study = Study("battlefight", {}, {}, ("random", "heuristic"), 1)
    kept = GameResult(0, 0, seed, False, ["random", "heuristic"], None, 0, played.turns, played.actions, "repetition")
    assert played.state.outcome().winner is None  # a game that ends as a turn begins is a draw
    assert "first player wins: no game was decided" in text(Summary(study, [kept]))
    simultaneous = GameResult(0, 0, seed, False, ["a", "b"], None, None, played.turns, played.actions, "repetition")
    assert "first player: none (both players choose at once)" in text(Summary(study, [simultaneous]))


def test_validate_has_the_process_freeze_its_objects_at_exit_once(run, tmp_path, monkeypatch):
    import atexit
    import gc

    from atout.cli import main as cli

    registered = []
    monkeypatch.setattr(atexit, "register", lambda handler, *args, **kwargs: registered.append(handler))
    monkeypatch.setattr(cli, "_FREEZING_AT_EXIT", [])
    (tmp_path / "deck.atout").write_text("BattleFight : deck\n3 Esquive\n", encoding="utf-8")
    monkeypatch.setenv("ATOUT_NO_CACHE", "1")
    run("validate", str(tmp_path))
    run("validate", "--format", "json", str(tmp_path))
    assert registered == [gc.freeze]


def test_validate_reads_with_the_collector_paused_and_leaves_it_as_it_was(run, tmp_path, monkeypatch):
    import gc

    from atout.interpreter.language import project

    seen = []
    validate = project.validate

    def recording(*args, **kwargs):
        seen.append(gc.isenabled())
        return validate(*args, **kwargs)

    monkeypatch.setattr(project, "validate", recording)
    monkeypatch.setenv("ATOUT_NO_CACHE", "1")
    (tmp_path / "deck.atout").write_text("BattleFight : deck\n3 Esquive\n", encoding="utf-8")
    assert gc.isenabled()
    run("validate", str(tmp_path))
    assert seen == [False] and gc.isenabled()
    gc.disable()
    try:
        run("validate", "--format", "json", str(tmp_path))
        assert seen == [False, False] and not gc.isenabled()
    finally:
        gc.enable()
