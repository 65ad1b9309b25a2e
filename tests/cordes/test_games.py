"""Whole games of Dans les Cordes: snapshots, records and replay, bots, hidden information, the CLI."""

from __future__ import annotations

import re

import io
import json

import pytest
from click.testing import CliRunner

from atout.cli.main import main
from atout.interpreter.engine.play import play_game, seeded
from atout.interpreter.engine.players import RandomBot, View
from atout.interpreter.engine.record import RecordWriter, parse_record
from atout.interpreter.engine.replay import replay
from atout.interpreter.games.cordes.bots import HeuristicBot


@pytest.fixture(scope="module")
def game(cordes_engine, cordes_files):
    """The shipped game: Karpentier against Lewis, the first player drawn."""
    return cordes_engine.build(cordes_files, cordes_engine.setup_from_options(cordes_files, {"deck": (), "rules": None}))


# ---------------------------------------------------------------------------
# Snapshots of whole games, as commentary
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "seed, bots",
    [(3, ["heuristic", "random"]), (11, ["random", "random"]), (5, ["heuristic", "heuristic"])],
)
def test_game_commentary(game, play_commentary, game_log, seed, bots):
    played, text = play_commentary(game, seed, bots, "cordes")
    assert played.state.outcome() is not None
    assert text.splitlines()[-1].startswith("Game over")
    assert text == game_log


# ---------------------------------------------------------------------------
# Play, record, replay
# ---------------------------------------------------------------------------


def _record(game, seed, bots=("random", "random")):
    stream = io.StringIO()
    makers = {"random": RandomBot, "heuristic": HeuristicBot}
    players = [makers[kind](seeded(seed, f"P{i + 1}")) for i, kind in enumerate(bots)]
    played_events: list = []
    played = play_game(game, players, seed, writer=RecordWriter(stream), on_event=played_events.append)
    return played, played_events, stream.getvalue()


def test_play_record_replay_over_many_seeds_with_every_card_accounted_for(game, cordes_engine, cordes_files):
    for seed in range(220):
        bots = ("random", "random") if seed % 4 else ("heuristic", "random")
        played, played_events, text = _record(game, seed, bots)
        record = parse_record(text)
        replayed_events = list(record.start or [])
        for step in replay(record, cordes_engine, cordes_files):
            problems = step.state.check_invariants()
            assert problems == [], f"seed {seed}, action {step.action.number}: {problems}"
            zones = step.state.zones()
            assert sum(len(cards) for cards in zones.values()) == 57
            replayed_events.extend(step.events)
        assert replayed_events == played_events
        assert step.state.outcome() == played.state.outcome()


def test_records_hold_chance_and_both_players_answers(game):
    _, _, text = _record(game, 4, ("heuristic", "heuristic"))
    actions = [json.loads(line) for line in text.splitlines()[2:-1]]
    kinds = {(a["player"], a["kind"]) for a in actions}
    assert ("chance", "gong_place") in kinds and ("chance", "draw") in kinds and ("chance", "first_player") in kinds
    assert ("chance", "remove") in kinds
    # answers of the player who is not on turn are in the record too
    answers = [a for a in actions if a["kind"] == "answer"]
    assert answers and all(a["player"] in ("P1", "P2") for a in answers)
    assert any(a["player"] != _on_turn(actions, a) for a in answers)
    header = json.loads(text.splitlines()[0])
    assert header["setup"] == {"boxers": ["Karpentier", "Lewis"], "first_player": None}


def _on_turn(actions, action):
    """Who played the last "act" decision before this action."""
    last = None
    for a in actions:
        if a is action:
            return last
        if a["kind"] == "act":
            last = a["player"]
    return last


# ---------------------------------------------------------------------------
# Hidden information
# ---------------------------------------------------------------------------


def test_views_and_commentary_hide_the_other_hand(game):
    state = game.new_state()
    while state.turn == 0:
        state.apply(0)
    view = state.view(0)
    mine = sorted(state.names[c] for c in state.seats[0].hand)
    assert sorted(c.name for c in view.hand) == mine
    assert view.hand_sizes == (len(state.seats[0].hand), len(state.seats[1].hand))
    text = state.describe(0)
    assert ", 0 GONGs rung" in text.splitlines()[0]
    other = sorted({state.names[c] for c in state.seats[1].hand} - set(mine))
    assert all(f"      {name}" not in text for name in other)
    assert game.render({"e": "draw", "player": 1, "card": "Jab"}, 0) == "  P2 draws a card"
    assert game.render({"e": "draw", "player": 1, "card": "Jab"}, 1) == "  P2 draws Jab"
    assert "Jab" not in game.render({"e": "lose_card", "player": 1, "card": "Jab", "spat": False}, 0)
    assert "Jab" not in game.render({"e": "coach", "player": 1, "cards": ["Jab"]}, 0)
    assert "Jab" not in game.render({"e": "removed", "card": "Jab", "removed": 1}, 1)


# ---------------------------------------------------------------------------
# Bots
# ---------------------------------------------------------------------------


def test_the_heuristic_bot_beats_the_random_bot(game):
    wins = 0
    for seed in range(40):
        heuristic = seed % 2
        bots = [RandomBot(seeded(seed, "P1")), RandomBot(seeded(seed, "P2"))]
        bots[heuristic] = HeuristicBot(seeded(seed, "H"))
        outcome = play_game(game, bots, seed).state.outcome()
        wins += outcome.winner == heuristic
    assert wins >= 28


def test_the_heuristic_bot_keeps_a_defense_and_spits_to_afford_its_plan(cordes_files):
    from .conftest import Scenario

    s = Scenario(cordes_files)
    s.give(0, "Crochet", "Jab", "Rafraîchissement", "Retrait de Buste", "Blocage")
    s.stack("Conseils du Coin")
    s.set(0, energy=4)
    s.begin()
    bot = HeuristicBot(1)
    picks = []
    while s.decision is not None and s.decision.player == 0 and s.decision.kind in ("act", "attack"):
        index = bot.choose(s.decision, View(s.state, 0))
        picks.append(s.decision.options[index].label)
        s.choose(picks[-1])
        if picks[-1] == "End the turn":
            break
    # the recovery first; a spit before the combat to pay for Crochet and Jab while
    # keeping Retrait de Buste and the energy to pay for it on P2's turn
    assert picks == ["Play Rafraîchissement", "Spit Conseils du Coin", "Play Crochet", "Play Jab", "End the turn"]
    assert "Retrait de Buste" in s.hand(0)
    assert s.seat(0).energy == 1


# ---------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------


def test_cli_play_record_and_replay(tmp_path):
    runner = CliRunner()
    path = tmp_path / "game.jsonl"
    result = runner.invoke(main, ["play", "cordes", "--p1", "heuristic", "--p2", "random", "--seed", "2", "-q", "--record", str(path)])
    assert result.exit_code == 0, result.output
    assert "record written" in result.output
    result = runner.invoke(main, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "all legal and identical" in result.output


def test_cli_simulate(tmp_path):
    result = CliRunner().invoke(main, ["simulate", "cordes", "--games", "6", "--p1", "heuristic", "--p2", "random"])
    assert result.exit_code == 0, result.output
    assert "games: 6" in result.output


def test_cli_boxers_from_the_boxer_option(tmp_path):
    runner = CliRunner()
    path = tmp_path / "game.jsonl"
    result = runner.invoke(main, ["play", "cordes", "--boxer", "lewis", "--p1", "random", "--p2", "random", "--seed", "1", "-q", "--record", str(path)])
    assert result.exit_code == 0, result.output
    assert json.loads(path.read_text().splitlines()[0])["setup"]["boxers"] == ["Lewis", "Karpentier"]
    result = runner.invoke(main, ["play", "cordes", "--boxer", "Ali", "--p1", "random", "--p2", "random"])
    assert result.exit_code == 2  # Ali is a card, but not a boxer: a usage error listing the boxers
    assert '--boxer: no boxer "Ali" in cordes' in result.output and "Valid values: choose, " in result.output


def test_cli_a_person_sees_their_hand_and_answers_blows(tmp_path):
    # P1 is a person who always picks the first option; the game is shown from P1's seat
    result = CliRunner().invoke(main, ["play", "cordes", "--p1", "human", "--p2", "heuristic", "--seed", "1"], input="1\n" * 400)
    out = result.output
    assert "P1, the coach's advice: pick a card to swap" in out
    assert "P1, your turn (energy" in out
    assert "P2 draws a card" in out and "P2 draws Jab" not in out
    # the person answers the opponent's blows
    assert "P1, P2 hits you with Jab (-1 life to you): answer with a DEFENSE or a RIPOSTE, or take the blow:" in out
    # each option says what it does: a card's text after its name
    assert re.search(r"\n +1\. Take the blow\n +2\. Blocage +DEFENSE · cost 0", out)


def test_cli_replay_step_shows_the_state_before_each_card_played(tmp_path):
    runner = CliRunner()
    path = tmp_path / "game.jsonl"
    assert runner.invoke(main, ["play", "cordes", "--p1", "heuristic", "--p2", "random", "--seed", "3", "-q", "--record", str(path)]).exit_code == 0
    result = runner.invoke(main, ["replay", str(path), "--step"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    first = next(i for i, line in enumerate(lines) if "attacks with" in line)
    # the state just before the first blow: the card still in hand, not yet paid for
    before = "\n".join(lines[first - 16 : first])
    assert "— in a combat" in before and "ring: -" in before
