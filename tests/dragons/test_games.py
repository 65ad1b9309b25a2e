"""Whole duels: snapshots as text, records and replay, collections untouched, the CLI, the bots."""

from __future__ import annotations

import hashlib
import io
import json

import pytest
from click.testing import CliRunner

from atout.cards import CARDS_DIR
from atout.cli.main import main
from atout.interpreter.engine.play import play_game, seeded
from atout.interpreter.engine.players import RandomBot
from atout.interpreter.engine.record import RecordWriter, parse_record
from atout.interpreter.engine.replay import replay

COLLECTIONS = CARDS_DIR / "dragons" / "collections"


def duel(engine, files, collections=(), rules=None):
    """A duel of the shipped files with these collections (the defaults when empty)."""
    return engine.build(files, engine.setup_from_options(files, {"collection": tuple(collections), "rules": rules}))


def recorded(game, seed: int, bots=("random", "random")):
    """Play a duel between bots, checking the invariants after every action; (played, record text)."""
    from atout.interpreter.games import ENGINES

    engine = ENGINES["dragons"]
    players = [engine.bots[kind](seeded(seed, f"P{i + 1}")) for i, kind in enumerate(bots)]
    buffer = io.StringIO()
    problems: list[str] = []

    def check(state, decision, index):
        problems.extend(state.check_invariants())

    played = play_game(game, players, seed, writer=RecordWriter(buffer), on_decision=check)
    problems.extend(played.state.check_invariants())
    assert problems == []
    return played, buffer.getvalue()


# ---------------------------------------------------------------------------
# Snapshots of whole duels, as commentary
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("collections", "seed", "bots"),
    [
        ((), 1, ["heuristic", "random"]),  # the default collections
        (("debutant", "veterane"), 46, ["heuristic", "random"]),  # a decisive round
        ((), 214, ["random", "random"]),  # two decisive rounds
    ],
    ids=["default-heuristic-random", "debutant-veterane-decisive", "random-two-decisive"],
)
def test_whole_duels_as_text(dr_engine, dr_files, play_commentary, game_log, collections, seed, bots):
    game = duel(dr_engine, dr_files, collections)
    played, text = play_commentary(game, seed, bots, "dragons")
    assert played.state.check_invariants() == []
    assert text == game_log


def test_the_snapshots_include_decisive_rounds(dr_engine, dr_files, play_commentary):
    _, text = play_commentary(duel(dr_engine, dr_files), 214, ["random", "random"], "dragons")
    assert "Decisive round 2 — score 2–2" in text
    _, text = play_commentary(duel(dr_engine, dr_files, ("debutant", "veterane")), 46, ["heuristic", "random"], "dragons")
    assert "Decisive round 1 — score 2–2" in text


# ---------------------------------------------------------------------------
# Records and replay
# ---------------------------------------------------------------------------


def test_play_record_replay_over_200_seeds(dr_engine, dr_files):
    games = [duel(dr_engine, dr_files), duel(dr_engine, dr_files, ("veterane", "poignee"))]
    for seed in range(200):
        game = games[seed % 2]
        played, text = recorded(game, seed)
        record = parse_record(text)
        replayed = [event for step in replay(record, dr_engine, dr_files) for event in step.events]
        played_events = [event for action in record.actions for event in action.events]
        assert replayed == played_events
        assert len(record.actions) == played.actions
        assert record.outcome == played.state.outcome().as_json()


def test_a_record_holds_every_chance_action(dr_engine, dr_files):
    _, text = recorded(duel(dr_engine, dr_files), 3)
    record = parse_record(text)
    kinds = {(a.player, a.kind) for a in record.actions}
    assert {("chance", "leave"), ("chance", "hand"), ("chance", "stat_count"), ("chance", "stats"), ("P1", "play"), ("P2", "play")} <= kinds
    assert record.header["setup"]["collections"][0]["name"] == "debutant"


# ---------------------------------------------------------------------------
# The collection is never modified
# ---------------------------------------------------------------------------


def test_collection_files_are_byte_identical_after_duels(dr_engine, dr_files, tmp_path):
    files = sorted(COLLECTIONS.glob("*.atout")) + sorted((CARDS_DIR / "dragons").glob("*.atout"))
    before = {path: hashlib.sha256(path.read_bytes()).hexdigest() for path in files}
    mine = tmp_path / "ma-collection.atout"
    mine.write_bytes((COLLECTIONS / "veterane.atout").read_bytes())
    mine_before = hashlib.sha256(mine.read_bytes()).hexdigest()
    game = duel(dr_engine, dr_files, (str(mine), "debutant"))
    for seed in range(20):
        recorded(game, seed, ("heuristic", "random"))
    result = CliRunner().invoke(main, ["simulate", "dragons", "--games", "5", "--collection", str(mine)])
    assert result.exit_code == 0, result.output
    assert {path: hashlib.sha256(path.read_bytes()).hexdigest() for path in files} == before
    assert hashlib.sha256(mine.read_bytes()).hexdigest() == mine_before


def test_a_duel_starts_every_card_at_full_strength(dr_engine, dr_files):
    game = duel(dr_engine, dr_files)
    recorded(game, 1)
    state = game.new_state()
    assert state.now == [tuple(stats) for stats in state.full]


# ---------------------------------------------------------------------------
# The bots
# ---------------------------------------------------------------------------


def test_heuristic_beats_random_in_both_seats(dr_engine, dr_files):
    game = duel(dr_engine, dr_files)
    for seats in (("heuristic", "random"), ("random", "heuristic")):
        winners = _winners(dr_engine, game, seats, 60)
        assert winners.count(seats.index("heuristic")) >= 0.75 * len(winners)


def _winners(engine, game, seats, count):
    """The winning seat (None for a draw) of `count` seeded games."""
    winners = []
    for seed in range(count):
        players = [engine.bots[kind](seeded(seed, f"P{i + 1}")) for i, kind in enumerate(seats)]
        winners.append(play_game(game, players, seed).outcome.winner)
    return winners


def test_bots_choose_from_their_view_only(dr_engine, dr_files):
    game = duel(dr_engine, dr_files)
    state = game.new_state()
    while state.decision().player < 0:
        state.apply(0)
    view = state.view(1)
    assert len(view.hand) == 5 and view.seen == () and not hasattr(view, "hands")
    assert view.me == 1


def test_random_bot_is_the_core_random_bot(dr_engine):
    assert dr_engine.bots["random"] is RandomBot


# ---------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------


def test_cli_play_a_person_with_a_collection_file(tmp_path):
    mine = tmp_path / "ma-collection.atout"
    mine.write_bytes((COLLECTIONS / "debutant.atout").read_bytes())
    result = CliRunner().invoke(main, ["play", "dragons", "--collection", str(mine), "--p2", "random", "--seed", "4"], input="1\n" * 40)
    assert result.exit_code == 0, result.output
    assert "P1, round 1, " in result.output and "choose your card (in secret)" in result.output
    assert "P1 plays the collection ma-collection (25 cards): 20 cards drawn\n  hand: " in result.output
    assert "P2 plays the collection ma-collection (25 cards): 20 cards drawn; 5 in hand, 15 in reserve" in result.output
    assert "Duel over:" in result.output


def test_cli_play_without_p2_takes_the_rules_opponent(tmp_path):
    record = tmp_path / "duel.jsonl"
    result = CliRunner().invoke(main, ["play", "dragons", "--p1", "random", "--seed", "2", "-q", "--record", str(record)])
    assert result.exit_code == 0, result.output
    header = json.loads(record.read_text(encoding="utf-8").splitlines()[0])
    assert header["players"] == ["random", "heuristic"]  # "Adversaire : ordinateur"


def test_cli_play_without_p2_with_adversaire_humain_asks_a_second_person():
    # the variant "duel-strict" says "Adversaire : humain"; its collections must hold 20 cards
    result = CliRunner().invoke(main, ["play", "dragons", "--p1", "random", "--rules", "duel-strict", "--collection", "veterane", "--seed", "1"], input="1\n" * 60)
    assert result.exit_code == 0, result.output
    assert "P2, round 1, " in result.output


def test_cli_refuses_a_small_collection_when_the_rules_do(tmp_path):
    result = CliRunner().invoke(main, ["simulate", "dragons", "--games", "1", "--rules", "duel-strict", "--collection", "poignee"])
    assert result.exit_code == 1
    assert 'P1\'s collection "poignee" has 12 cards' in result.output


def test_cli_unknown_collection_lists_the_shipped_ones():
    result = CliRunner().invoke(main, ["simulate", "dragons", "--games", "1", "--collection", "nulle-part"])
    assert result.exit_code == 2
    assert '--collection: no collection "nulle-part" in dragons. Valid values: debutant, poignee, veterane (or a file).' in result.output


def test_cli_replay_show_and_step_give_statistics_totals_and_fatigue(tmp_path):
    record = tmp_path / "duel.jsonl"
    runner = CliRunner()
    result = runner.invoke(main, ["play", "dragons", "--p1", "heuristic", "--p2", "random", "--seed", "9", "-q", "--record", str(record)])
    assert result.exit_code == 0, result.output
    shown = runner.invoke(main, ["replay", str(record), "--show"])
    assert shown.exit_code == 0, shown.output
    assert "  Statistics: " in shown.output and "  Fatigue: P1's " in shown.output
    assert " = " in shown.output and "all legal and identical" in shown.output
    step = runner.invoke(main, ["replay", str(record), "--step"])
    assert step.exit_code == 0, step.output
    assert "--- action 1: chance leave → " in step.output
    assert "— statistics: " in step.output and " → " in step.output  # the hands' totals for the round


def test_cli_simulate_prints_the_summary():
    result = CliRunner().invoke(main, ["simulate", "dragons", "--games", "20", "--p1", "heuristic", "--p2", "random"])
    assert result.exit_code == 0, result.output
    assert "  heuristic wins " in result.output and "seats: P1 wins" in result.output


def test_a_duel_drawing_200_cards_plays_quietly_as_watched(dr_files):
    """The largest duel the rules allow (200 cards drawn of 400, a hand of 50), played by random bots with nobody
    watching: its draws, answered where they are posed one after another, do not nest without bound (they once
    went past Python's bound on nested calls), and the game is the one a listener sees."""
    from atout.interpreter.games.dragons.game import CollectionChoice, DragonsGame

    cards = {c.name: c for f in dr_files.card_files for c in f.cards}
    names = sorted(cards)[:4]
    collection = tuple(name for name in names for _ in range(99)) + (sorted(cards)[4],) * 4
    rules = dr_files.rules().model_copy(update={"drawn": 200, "hand": 50})
    game = DragonsGame(rules, cards, (CollectionChoice("p1", collection), CollectionChoice("p2", collection)), dr_files.digest())
    quiet = play_game(game, [RandomBot(seeded(1, "P1")), RandomBot(seeded(1, "P2"))], 1)
    events: list = []
    watched = play_game(game, [RandomBot(seeded(1, "P1")), RandomBot(seeded(1, "P2"))], 1, on_event=events.append)
    assert quiet.actions == watched.actions > 500 and quiet.outcome == watched.outcome
    assert quiet.state.describe() == watched.state.describe()
