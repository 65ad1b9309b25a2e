"""Delayed and lasting effects in Dans les Cordes: each acts at its moment, once; a lasting one ends when it says."""

from __future__ import annotations

from pathlib import Path

import pytest

from atout.interpreter.engine.durations import NO_DURATIONS
from atout.interpreter.games import LANGUAGES
from atout.interpreter.games.cordes import commentary, writing
from atout.interpreter.language.loader import read_document
from replayed_examples import played_and_replayed

EXAMPLES = Path(__file__).resolve().parents[2] / "cards" / "cordes" / "exemples"
CARDS = (EXAMPLES / "durations.atout").read_text(encoding="utf-8").split("\n", 1)[1]


@pytest.fixture
def ring(scenario):
    """A fight with the example cards of durations; P1 to play."""
    return scenario(CARDS)


def _durations(events: list[dict]) -> list[str]:
    """The events `duration` of these events, as the commentary tells them."""
    return [commentary.render(e).strip() for e in events if e["e"] == "duration"]


def _play(ring, *labels: str) -> list[dict]:
    """Answer these labels in order, skipping a label whose decision was taken at once (its only option)."""
    events: list[dict] = []
    for label in labels:
        if ring.decision is not None and label in ring.labels:
            events += ring.choose(label)
    return events


def _turn(ring) -> list[dict]:
    """End the turn, and play the chance decisions of the next turn's draw."""
    events = ring.choose("End the turn")
    return events + ring.draw_any()


def test_at_the_start_of_your_next_turn_acts_then_once(ring):
    ring.give(0, "Souffle Long").set(0, energy=3)
    ring.begin()
    ring.draw_any()
    events = ring.choose("Play Souffle Long")
    assert _durations(events) == ["P1: keeps for the start of your next turn: +2 energy"]
    assert ring.seat(0).energy == 3
    _turn(ring)  # P2's turn: not yet
    assert ring.seat(0).energy == 3 and ring.state.durations is not NO_DURATIONS
    events = _turn(ring)  # P1's next turn
    assert _durations(events) == ["P1: the start of your next turn: +2 energy"]
    assert ring.seat(0).energy == 5 and ring.state.durations is NO_DURATIONS
    _turn(ring)
    assert _durations(_turn(ring)) == [] and ring.seat(0).energy == 5


def test_at_the_start_of_the_opponents_next_turn_hits_the_opponent_then(ring):
    ring.give(0, "Crochet Retardé").set(0, energy=3).set(1, life=5, energy=2)
    ring.begin()
    ring.draw_any()
    _play(ring, "Play Crochet Retardé", "Take the blow")
    assert ring.seat(1).life == 4 and ring.seat(1).energy == 2
    events = _play(ring, "End the combat") + _turn(ring)
    assert _durations(events) == ["P1: the start of the opponent's next turn: -1 life to the opponent and -1 energy to the opponent"]
    assert ring.seat(1).life == 3 and ring.seat(1).energy == 1
    assert _durations(_turn(ring) + _turn(ring)) == []


def test_a_defense_keeps_a_card_for_its_players_next_turn(ring):
    ring.give(0, "Jab").give(1, "Garde Patiente").set(0, energy=3).set(1, energy=2)
    ring.begin()
    ring.draw_any()
    _play(ring, "Play Jab", "Garde Patiente")
    hand = len(ring.seat(1).hand)
    events = _play(ring, "End the combat") + _turn(ring)
    assert _durations(events) == ["P2: the start of your next turn: +1 card"]
    assert len(ring.seat(1).hand) == hand + 2  # the turn's draw, then the card kept for it


def test_this_turn_only_attacks_cost_less_then_the_price_comes_back(ring):
    ring.give(0, "Élan", "Crochet", "Crochet").set(0, energy=3)
    ring.begin()
    ring.draw_any()
    ring.choose("Play Élan")  # energy 2: a Crochet (cost 3) costs 2 this turn
    assert "Play Crochet" in ring.labels
    events = ring.choose("Play Crochet")
    assert [e["cost"] for e in events if e["e"] == "play"] == [2] and ring.seat(0).energy == 0
    _play(ring, "Take the blow", "End the combat")
    events = ring.choose("End the turn")
    assert _durations(events) == ["P1: no longer: your attacks cost 1 less"]
    assert ring.state.durations is NO_DURATIONS


def test_until_the_end_of_your_next_turn_holds_through_the_opponents_turn(ring):
    ring.give(0, "Pression").give(1, "Crochet").set(0, energy=3).set(1, energy=3)
    ring.begin()
    ring.draw_any()
    ring.choose("Play Pression")
    events = _turn(ring)  # P2 to play: the Crochet costs 4
    assert "Play Crochet" not in ring.labels
    events = _turn(ring)  # P1's next turn: still holding
    assert _durations(events) == []
    events = _turn(ring)
    assert _durations(events) == ["P1: no longer: the opponent's attacks cost 1 more"]
    assert "Play Crochet" in ring.labels


def test_this_turn_only_blows_deal_more_damage(ring):
    ring.give(0, "Rage Froide", "Jab").set(0, energy=5).set(1, life=8)
    ring.begin()
    ring.draw_any()
    _play(ring, "Play Rage Froide", "Take the blow")
    assert ring.seat(1).life == 7  # the card's own blow: the modifier holds after it
    events = _play(ring, "Play Jab", "Take the blow")
    assert [e["change"] for e in events if e["e"] == "life"] == [-1, -1]  # the Jab's own, then one more
    assert ring.seat(1).life == 5
    events = _play(ring, "End the combat") + ring.choose("End the turn")
    assert _durations(events) == ["P1: no longer: your blows deal 1 more damage"]


def test_a_copy_does_not_share_the_effects_kept(ring):
    ring.give(0, "Souffle Long").set(0, energy=3)
    ring.begin()
    ring.draw_any()
    copy = ring.state.clone()
    ring.choose("Play Souffle Long")
    assert ring.state.durations is not NO_DURATIONS and copy.durations is NO_DURATIONS
    again = ring.state.clone()
    _turn(ring)
    _turn(ring)
    assert ring.state.durations is NO_DURATIONS and again.durations is not NO_DURATIONS


def test_the_example_cards_read_back_as_written():
    text = (EXAMPLES / "durations.atout").read_text(encoding="utf-8")
    document = read_document("durations.atout", text, LANGUAGES)
    assert document.diagnostics == []
    for card in document.node.cards:
        again = read_document("again.atout", f"Dans les Cordes : cards\n\n{writing.write_card(card)}", LANGUAGES)
        assert again.diagnostics == [] and again.node.cards == [card]


@pytest.mark.parametrize(
    "line, number",
    [("This turn only: your attacks cost 9 less", "9"), ("This turn only: your blows deal 0 more damage", "0")],
)
def test_a_number_out_of_range_is_told_at_its_place(line, number):
    document = read_document("bad.atout", f"Dans les Cordes : cards\n\n== Bad ==\nRECOVERY · cost 1\n{line}\n", LANGUAGES)
    assert [d.code for d in document.diagnostics] == ["E200"]
    assert document.diagnostics[0].column == line.index(number) + 1


def test_a_refused_next_turn_line_is_taught_the_form():
    document = read_document("bad.atout", "Dans les Cordes : cards\n\n== Bad ==\nRECOVERY · cost 1\nnext turn: +2 energy\n", LANGUAGES)
    assert "At the start of your next turn" in document.diagnostics[0].render()


def test_bots_play_the_examples_and_their_records_replay():
    events = played_and_replayed("cordes", EXAMPLES, {"deck": (), "rules": None, "boxer": ("Ali", "Tyson")})
    assert {e["change"] for e in events if e["e"] == "duration"} == {"kept", "acts", "ends"}
