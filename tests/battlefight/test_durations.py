"""Delayed and lasting steps in BattleFight: each acts at its moment, once; a lasting bonus ends when it says."""

from __future__ import annotations

from pathlib import Path

import pytest

from atout.interpreter.engine.durations import NO_DURATIONS
from atout.interpreter.games import LANGUAGES
from atout.interpreter.games.battlefight import ast, commentary, writing
from atout.interpreter.language.loader import read_document
from replayed_examples import played_and_replayed

EXAMPLES = Path(__file__).resolve().parents[2] / "cards" / "battlefight" / "exemples"
CARDS = (EXAMPLES / "durees.atout").read_text(encoding="utf-8").split("\n", 1)[1]


@pytest.fixture
def arena(scenario):
    """A game with the example cards of durations; P1 to play, the pawns side by side."""
    return scenario(CARDS).place("D4", "D5")


def _durations(events: list[dict]) -> list[str]:
    """The events `duration` of these events, as the commentary tells them."""
    return [commentary.render(e).strip() for e in events if e["e"] == "duration"]


def _pass(arena) -> list[dict]:
    """A turn that changes nothing (Déplacement de base, staying), then the draws."""
    return arena.pass_turn() + arena.draw_any()


def test_au_debut_de_ton_prochain_tour_acts_then_once(arena):
    arena.give(0, "Coup Différé")
    life = arena.seat(1).life
    events = arena.play("Coup Différé")
    assert arena.seat(1).life == life - 1
    assert _durations(events) == ["P1: kept (au début de ton prochain tour): Blesser 2 puis Piocher 1"]
    assert arena.state.current == 1 and arena.state.durations is not NO_DURATIONS  # P2's turn: nothing yet
    hand = len(arena.seat(0).hand)
    events = _pass(arena)  # P1's next turn starts: the block runs, then P1 chooses a technique
    assert _durations(events) == ["P1: now (au début de ton prochain tour): Blesser 2 puis Piocher 1"]
    assert arena.seat(1).life == life - 3 and len(arena.seat(0).hand) == hand + 1
    assert arena.state.durations is NO_DURATIONS and arena.decision.kind == "play" and arena.state.current == 0
    assert "Coup Différé" not in arena.in_play()
    _pass(arena)
    _pass(arena)
    assert arena.seat(1).life == life - 3


def test_au_debut_du_prochain_tour_de_l_adversaire_runs_for_the_cards_player(arena):
    arena.give(0, "Piège Lent")
    arena.give(1, "Coup Différé")
    life = arena.seat(1).life
    hand = len(arena.seat(1).hand)
    arena.play("Piège Lent")
    arena.draw_any()
    # P2's turn starts: the block runs from P1's point of view, P2 discards as "l'adversaire", then takes 1
    assert _durations(arena.events)[-1] == "P1: now (au début du prochain tour de l'adversaire): [L'adversaire a] Si Possible Défausser 1 puis Blesser 1"
    assert arena.seat(1).life == life - 1
    assert len(arena.seat(1).hand) == hand - 1 and arena.discard(1) == ["Coup Différé"]
    assert arena.state.current == 1 and arena.decision.kind == "play" and arena.in_play() == []


def test_jusqu_a_la_fin_du_tour_adds_force_then_ends(arena):
    arena.give(0, "Élan")
    life = arena.seat(1).life
    arena.play("Élan")
    assert arena.state.bonus(0, ast.Force) == 2
    arena.play("Attaque de base")  # Rejouer: the bonus holds for the technique played again
    assert arena.seat(1).life == life - 1 - 2
    arena.draw_any()
    assert arena.state.bonus(0, ast.Force) == 0
    assert "P1: no longer (jusqu'à la fin du tour): Force +2" in _durations(arena.events)
    assert arena.state.durations is NO_DURATIONS


def test_jusqu_a_la_fin_de_ton_prochain_tour_holds_through_the_opponents_turn(arena):
    arena.give(0, "Garde Longue")
    arena.play("Garde Longue")
    arena.draw_any()
    assert arena.state.current == 1 and arena.state.bonus(0, ast.Protection) == 2
    _pass(arena)  # P2's turn over: still holding
    assert arena.state.bonus(0, ast.Protection) == 2
    _pass(arena)  # P1's next turn over: ends
    assert arena.state.bonus(0, ast.Protection) == 0
    assert _durations(arena.events)[-1] == "P1: no longer (jusqu'à la fin de ton prochain tour): Protection +2"


def test_tout_le_monde_a_a_lasting_bonus_is_each_players(arena):
    arena.give(0, "Lenteur")
    arena.play("Lenteur")
    arena.draw_any()
    assert arena.state.bonus(0, ast.Vitesse) == 0 and arena.state.bonus(1, ast.Vitesse) == 0
    kept = [e for e in arena.events if e["e"] == "duration"]
    assert [(e["player"], e["change"]) for e in kept] == [(0, "kept"), (1, "kept"), (0, "ends"), (1, "ends")]


def test_a_copy_does_not_share_the_steps_kept(arena):
    arena.give(0, "Coup Différé")
    copy = arena.state.clone()
    arena.play("Coup Différé")
    assert arena.state.durations is not NO_DURATIONS and copy.durations is NO_DURATIONS
    again = arena.state.clone()
    _pass(arena)
    arena.draw_any()
    assert arena.state.durations is NO_DURATIONS and again.durations is not NO_DURATIONS


def test_what_waits_is_part_of_the_position_for_the_draw_by_repetition(arena):
    signature = arena.state.signature()
    arena.give(0, "Garde Longue")
    arena.play("Garde Longue")
    assert len(arena.state.signature()) == 5 and len(signature) == 3


def test_the_example_cards_read_back_as_written():
    text = (EXAMPLES / "durees.atout").read_text(encoding="utf-8")
    document = read_document("durees.atout", text, LANGUAGES)
    assert document.diagnostics == []
    for card in document.node.cards:
        again = read_document("again.atout", f"BattleFight : cartes\n\n{writing.write_card(card)}", LANGUAGES)
        assert again.diagnostics == [] and again.node.cards == [card]


def test_a_refused_line_is_taught_the_form():
    document = read_document("bad.atout", "BattleFight : cartes\n\n== Bad ==\nAttaque\nAu prochain tour : Blesser 2\n", LANGUAGES)
    assert "Au début de ton prochain tour" in document.diagnostics[0].render()


def test_bots_play_the_examples_and_their_records_replay():
    events = played_and_replayed("battlefight", EXAMPLES, {"deck": ("random", "random")})
    assert {e["change"] for e in events if e["e"] == "duration"} == {"kept", "acts", "ends"}
