"""Whole games of Duel pour Cardia: snapshots, records that replay, tampering, invariants, matches, CLI."""

from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner

from atout.cli.main import main
from atout.interpreter.engine.play import play_game, play_match, seeded
from atout.interpreter.engine.record import RecordWriter, parse_record
from atout.interpreter.engine.replay import replay

#: Setups that every whole-game test goes through in turn.
SETUPS = [
    {"deck": ("I",)},
    {"deck": ("II",), "protecteurs": True},
    {"deck": ("I",), "lieu": "Arène des Braves"},
    {"deck": ("II",), "lieu": "Puits sans Fond", "protecteurs": True},
    {"deck": ("I",), "lieu": "Tribunal d'Équité"},
    {"deck": ("II",), "lieu": "Col des Tempêtes"},
    {"deck": ("I",), "lieu": "Carrefour des Quatre Vents", "protecteurs": True},
    {"deck": ("II",), "lieu": "Bibliothèque d'Ossa"},
    {"deck": ("I",), "lieu": "Marché de Lumen"},
    {"deck": ("II",), "lieu": "Forteresse d'Arven"},
]


def game_of(engine, files, **options):
    return engine.build(files, engine.setup_from_options(files, options))


@pytest.mark.parametrize(
    ("seed", "options", "bots"),
    [
        (1, {"deck": ("I",)}, ("heuristic", "random")),
        (5, {"deck": ("II",), "lieu": "Arène des Braves"}, ("random", "heuristic")),
        (8, {"deck": ("I",), "protecteurs": True}, ("heuristic", "heuristic")),
    ],
    ids=["deck-I-seed1", "deck-II-arene-seed5", "protecteurs-seed8"],
)
def test_full_game_commentary(cardia_engine, cardia_files, play_commentary, game_log, seed, options, bots):
    game = game_of(cardia_engine, cardia_files, **options)
    played, text = play_commentary(game, seed, list(bots), "cardia")
    assert played.state.outcome() is not None
    assert text == game_log


def record_of(engine, game, seed: int, bots=("random", "random")) -> tuple[str, list, list]:
    stream = io.StringIO()
    players = [engine.bots[b](seeded(seed, f"P{i + 1}")) for i, b in enumerate(bots)]
    events: list = []
    problems: list = []
    play_game(
        game,
        players,
        seed,
        writer=RecordWriter(stream),
        on_event=events.append,
        on_decision=lambda state, decision, index: problems.extend(state.check_invariants()),
    )
    return stream.getvalue(), events, problems


def test_play_record_replay_gives_the_same_events_over_200_seeds(cardia_engine, cardia_files):
    games = [game_of(cardia_engine, cardia_files, **options) for options in SETUPS]
    hows = set()
    for seed in range(200):
        text, played_events, problems = record_of(cardia_engine, games[seed % len(games)], seed)
        assert problems == []
        record = parse_record(text)
        replayed_events = []
        for step in replay(record, cardia_engine, cardia_files):
            replayed_events.extend(step.events)
            assert step.state.check_invariants() == []
        assert played_events[: len(record.start)] == record.start
        assert replayed_events == played_events[len(record.start) :]
        assert record.outcome is not None
        hows.add(played_events[-1]["how"])
    assert {"seals", "no_card"} <= hows


def test_heuristic_games_keep_every_card(cardia_engine, cardia_files):
    for seed, options in enumerate(SETUPS):
        game = game_of(cardia_engine, cardia_files, **options)
        _, events, problems = record_of(cardia_engine, game, seed, ("heuristic", "random"))
        assert problems == [] and events[-1]["e"] == "end"


def test_the_record_keeps_both_secret_choices_as_two_actions(cardia_engine, cardia_files):
    game = game_of(cardia_engine, cardia_files, deck=("I",))
    text, _, _ = record_of(cardia_engine, game, 2)
    plays = [json.loads(line) for line in text.splitlines() if '"kind":"play"' in line]
    assert [p["player"] for p in plays[:2]] == ["P1", "P2"]
    assert plays[0]["events"] == [{"e": "chosen", "player": 0}]  # no card named before the reveal
    assert plays[1]["events"][1]["e"] == "reveal"


def test_a_match_is_won_with_two_games(cardia_engine, cardia_files):
    setup = cardia_engine.setup_from_options(cardia_files, {"deck": ("I",)})
    make = lambda seed: [cardia_engine.bots["heuristic"](seeded(seed, "P1")), cardia_engine.bots["random"](seeded(seed, "P2"))]  # noqa: E731
    result = play_match(cardia_engine, cardia_files, setup, make, 11)
    assert result.winner is not None and max(result.wins) == 2
    assert 2 <= len(result.games) <= 3 + sum(1 for g in result.games if g.state.outcome().winner is None)
    assert cardia_engine.games_to_win(cardia_engine.build(cardia_files, setup)) == 2


def test_the_end_event_is_the_result_sheet(cardia_engine, cardia_files):
    game = game_of(cardia_engine, cardia_files, deck=("II",), lieu="Forteresse d'Arven")
    _, events, _ = record_of(cardia_engine, game, 9, ("heuristic", "random"))
    end = events[-1]
    assert {"winner", "how", "seals", "deck", "lieu", "level"} <= set(end) and "reason" not in set(end)
    assert (end["deck"], end["lieu"], end["level"]) == ("II", "Forteresse d'Arven", 4)
    assert f"seals {end['seals'][0]}–{end['seals'][1]}" in game.render(end)  # the reason, written from the sheet


def test_cli_play_match_and_simulate():
    runner = CliRunner()
    result = runner.invoke(main, ["play", "cardia", "--p1", "heuristic", "--p2", "random", "--seed", "3", "--match", "-q", "--lieu", "marche"])
    assert result.exit_code == 0, result.output
    assert "Game 1: " in result.output and "Marché de Lumen" in result.output and "wins the match" in result.output
    result = runner.invoke(main, ["simulate", "cardia", "--games", "20", "--deck", "II", "--protecteurs"])
    assert result.exit_code == 0 and "games: 20" in result.output
    result = runner.invoke(main, ["play", "cardia", "--p1", "random", "--p2", "random", "--lieu", "Nulle Part"])
    assert result.exit_code == 2 and '--lieu: no Lieu "Nulle Part" in cardia' in result.output
    assert "Valid values: Arène des Braves, " in result.output


def test_cli_record_and_replay(tmp_path):
    runner = CliRunner()
    path = tmp_path / "game.jsonl"
    result = runner.invoke(main, ["play", "cardia", "--p1", "heuristic", "--p2", "random", "--seed", "2", "-q", "--deck", "II", "--protecteurs", "--record", str(path)])
    assert result.exit_code == 0, result.output
    result = runner.invoke(main, ["replay", str(path), "--show"])
    assert result.exit_code == 0 and "all legal and identical" in result.output and "Encounter 1:" in result.output


def test_a_person_sees_only_their_own_hand(cardia_engine, cardia_files):
    game = game_of(cardia_engine, cardia_files, deck=("I",))
    state = game.new_state()
    while state.decision().is_chance:
        state.apply(0)
    text = state.describe(0)
    mine = ", ".join(f"{state.names[c]} {state.cards[c].influence}" for c in sorted(state.seats[0].hand, key=lambda c: state.cards[c].influence))
    assert mine in text
    theirs = [state.names[c] for c in state.seats[1].hand if state.names[c] not in [state.names[x] for x in state.seats[0].hand]]
    assert all(name not in text for name in theirs)


def test_a_person_at_the_prompt_sees_each_turn_headed_once():
    """The turn's event heads the turn (`Turn 2 — seals P1 0, P2 1`); the view under it says the deck and the seals, not the turn again."""
    result = CliRunner().invoke(main, ["play", "cardia", "--p1", "human", "--p2", "random", "--seed", "3"], input="1\n1\n")
    lines = result.output.splitlines()
    turns = [index for index, line in enumerate(lines) if line.startswith("Turn ")]
    assert len(turns) >= 2 and all(lines[index].split(" — ")[0] == f"Turn {number}" for number, index in enumerate(turns, start=1))  # once each
    for index in turns:  # each turn: its event, then the view that the person chooses from
        seals = lines[index].split(" — ", 1)[1]
        assert lines[index + 1] == "" and lines[index + 2] == f"Deck I; {seals} (5 to win)"
        assert lines[index + 3].startswith(("  the line is empty", "   1. P1 "))
