"""Every keyword and both modifiers of BattleFight, against the rules note."""

from __future__ import annotations

import pytest

CARDS = """
== Frappe ==
Attaque
Blesser 3

== Entaille ==
Attaque
Se Blesser 2

== Portée ==
Attaque
Distance ; Blesser 1

== Portée 3 ==
Attaque
Distance 3 ; Blesser 1

== Sacrifice ==
Attaque
Défausser 2 ; Blesser 5

== Tri ==
Concentration
Si Possible Défausser 2 ; Piocher 1

== Soin ==
Défense
Bloquer 3

== Lecture ==
Concentration
Piocher 2

== Bélier ==
Attaque
Pousser 2

== Course ==
Déplacement
Se Déplacer 2

== Enchaînement ==
Attaque
Rejouer ; Blesser 1

== Muraille ==
Défense
Protection 2 ; Stable 2 ; Blesser 2

== Colère ==
Concentration
Force +2 ; Stable

== Faiblesse ==
Concentration
Force -1 ; Stable

== Ailes ==
Déplacement
Vitesse +1 ; Stable

== Plomb ==
Déplacement
Vitesse -1 ; Stable

== Sourire ==
Rhétorique
Charme +1 ; Stable

== Serment ==
Rhétorique
S'Empêcher Attaque ; Stable

== Vœu ==
Rhétorique
S'Empêcher Carte ; Stable

== Vœu de Silence ==
Rhétorique
S'Empêcher Carte Rhétorique ; Stable

== Réplique ==
Rhétorique
Déstabiliser

== Tribut ==
Attaque
L'adversaire a Blesser 2

== Mêlée ==
Attaque
Tout le monde a Blesser 2

== Cadeau ==
Concentration
Tout le monde a Piocher 1
"""


@pytest.fixture
def s(scenario):
    return scenario(CARDS)


def kinds(events):
    return [e["e"] for e in events]


def test_corps_a_corps_holds_at_distance_1_and_fails_beyond(s):
    s.place("D4", "D5")
    events = s.play("Attaque de base")
    assert {"e": "condition", "player": 0, "ok": True, "distance": 1} in events
    assert s.seat(1).life == 19
    s.pass_turn()  # P2's turn
    s.place("D4", "D6")
    events = s.play("Attaque de base")
    assert {"e": "condition", "player": 0, "ok": False, "distance": 2} in events
    assert s.seat(1).life == 19


def test_distance_defaults_to_2(s):
    s.give(0, "Portée").place("D4", "D5")
    s.play("Portée")
    assert s.seat(1).life == 20  # distance 1 < 2: fails
    s.pass_turn()
    s.give(0, "Portée").place("D4", "D6")
    s.play("Portée")
    assert s.seat(1).life == 19


def test_distance_n(s):
    s.give(0, "Portée 3").place("D4", "D6")
    events = s.play("Portée 3")
    assert {"e": "deactivate", "technique": "Portée 3", "player": 0, "why": "failed", "discarded": True} in events


def test_defausser_discards_n_chosen_cards(s):
    s.give(0, "Sacrifice", "Frappe", "Soin", "Lecture")
    s.play("Sacrifice", "Frappe", "Soin")
    assert s.hand(0) == ["Lecture"]
    assert s.discard(0) == ["Frappe", "Sacrifice", "Soin"]
    assert s.seat(1).life == 15


def test_defausser_with_too_few_cards_discards_the_hand_and_fails(s):
    s.give(0, "Sacrifice", "Frappe")
    events = s.play("Sacrifice")
    assert s.hand(0) == []
    assert s.discard(0) == ["Frappe", "Sacrifice"]
    assert s.seat(1).life == 20
    assert {"e": "condition", "player": 0, "ok": False, "hand": 0, "needed": 2} in events


def test_si_possible_defausser_never_fails(s):
    s.give(0, "Tri", "Frappe")
    s.play("Tri")
    s.draw_any()
    assert "Frappe" in s.discard(0)
    assert len(s.hand(0)) == 1  # the Piocher 1 after it still ran


def test_blesser_adds_force_and_takes_protection(s):
    s.give(0, "Colère", "Frappe").give(1, "Muraille")
    s.play("Colère")  # P1: Force +2
    s.play("Muraille")  # P2: Protection 2
    s.play("Frappe")  # 3 + 2 - 2
    assert s.seat(1).life == 17


def test_blesser_never_heals(s):
    s.give(0, "Faiblesse", "Frappe").give(1, "Muraille")
    s.play("Faiblesse")  # Force -1
    s.play("Muraille")  # Protection 2
    events = s.play("Frappe")  # 3 - 1 - 2 = 0
    assert {"e": "damage", "player": 1, "amount": 0, "life": 20} in events


def test_se_blesser_uses_own_force_and_protection(s):
    s.give(0, "Colère", "Entaille")
    s.play("Colère")
    s.pass_turn()
    s.play("Entaille")  # 2 + 2 - 0
    assert s.seat(0).life == 16


def test_bloquer_heals_only_damage_taken_since_the_players_last_turn(s):
    s.give(0, "Frappe", "Frappe").give(1, "Soin", "Soin")
    s.play("Frappe")  # P2 takes 3: damage points 3
    s.play("Soin")  # P2 blocks 3 of them
    assert s.seat(1).life == 20 and s.seat(1).damage == 0
    s.play("Frappe")  # P2 takes 3 again
    s.play("Défense de base")  # P2 blocks 1 (damage points 3 -> 2), which reset at the end of P2's turn
    assert s.seat(1).life == 18
    s.pass_turn()  # P1
    s.play("Soin")
    assert s.seat(1).life == 18  # nothing left to block


def test_piocher_draws_n_cards(s):
    s.give(0, "Lecture")
    pile = len(s.seat(0).pile)
    s.choose("Lecture")
    while s.decision.kind == "draw":
        s.choose(s.decision.labels()[0])
    assert len(s.hand(0)) == 2 and len(s.seat(0).pile) == pile - 2


def test_drawing_from_an_empty_pile_halves_life_rounded_up_then_reshuffles(s):
    s.empty_pile(0)
    s.seat(0).life = 7
    discard = len(s.discard(0))
    events = s.choose("Concentration de base")
    if s.decision.kind == "draw":
        events += s.choose(s.decision.labels()[0])
    assert {"e": "halve", "player": 0, "life": 4} in events
    assert {"e": "reshuffle", "player": 0, "cards": discard} in events
    assert s.seat(0).life == 4 and s.seat(0).damage == 0  # halving is not damage: Bloquer cannot heal it
    assert len(s.seat(0).pile) == discard - 1 and len(s.hand(0)) == 1


def test_drawing_with_no_pile_and_no_discard_draws_nothing(s):
    s.empty_pile(0)
    s.seat(0).discard.clear()
    s.state.owners = [o if o != 0 else 1 for o in s.state.owners]  # the cards are gone from the game
    events = s.play("Concentration de base")
    assert kinds(events)[:4] == ["play", "step", "halve", "draw_nothing"]


def test_pousser_moves_the_opponent_farther_away(s):
    s.give(0, "Bélier").place("D4", "D5")
    s.choose("Bélier")
    # from D5, the cells farther from D4 than distance 1
    assert s.decision.labels() == ["C5", "D6", "E5"]
    s.choose("D6")
    assert s.decision.labels() == ["C6", "D7", "E6"]
    s.choose("D7")
    assert s.seat(1).position == s.game.board.by_name["D7"]


def test_pousser_off_the_edge_wins(s):
    s.give(0, "Bélier").place("D6", "D7")
    s.choose("Bélier")
    assert s.decision.labels() == ["off the board", "do not push"]
    events = s.choose("off the board")
    assert events[-1] == {"e": "end", "winner": 0, "code": "off_board", "facts": {"loser": 1}}
    assert s.state.outcome().winner == 0


def test_pousser_off_the_edge_is_the_pushers_choice(s):
    s.give(0, "Bélier").place("D6", "D7")
    events = s.play("Bélier", "do not push")
    assert {"e": "not_pushed", "player": 1, "cell": "D7"} in events
    assert s.state.outcome() is None and s.seat(1).position == s.game.board.by_name["D7"]


def test_se_deplacer_moves_up_to_n_cells_and_may_stop(s):
    s.give(0, "Course").place("D4", "A1")
    s.choose("Course")
    assert s.decision.labels() == ["stay", "C3", "C4", "D3", "D5", "E3", "E4"]
    s.choose("D5")
    s.choose("stay")
    assert s.seat(0).position == s.game.board.by_name["D5"]
    assert s.state.current == 1


def test_se_deplacer_never_enters_the_opponents_cell(s):
    s.place("D4", "D5")
    s.choose("Déplacement de base")
    assert "D5" not in s.decision.labels()


def test_rejouer_plays_a_whole_technique_then_goes_on(s):
    s.give(0, "Enchaînement", "Frappe")
    s.choose("Enchaînement")
    assert s.decision.kind == "replay"
    s.choose("Frappe")
    assert s.seat(1).life == 16  # Frappe 3, then Enchaînement's Blesser 1
    assert s.discard(0) == ["Enchaînement", "Frappe"]
    assert s.state.current == 1


def test_stable_keeps_the_technique_in_play_with_its_cost(s):
    s.give(0, "Muraille")
    events = s.play("Muraille")
    assert {"e": "stable", "technique": "Muraille", "player": 0, "cost": 2} in events
    assert s.in_play() == ["Muraille"]
    assert s.state.actives[0].next_step == 2


def test_stable_without_a_number_costs_nothing_to_destabilise(s):
    s.give(0, "Ailes")
    s.play("Ailes")
    events = s.play("Rhétorique de base", "Ailes #1 (P1, Stable 0)")
    assert {"e": "destabilise", "player": 1, "technique": "Ailes", "owner": 0, "cost": 0} in events
    assert s.in_play() == []


def test_destabilised_technique_resumes_its_remaining_steps(s):
    s.give(0, "Muraille").give(1, "Frappe", "Soin")
    s.play("Muraille")
    s.play("Rhétorique de base", "Muraille #1 (P1, Stable 2)", "Frappe")
    # the cost was 2 cards: with a single name left, the second is taken at once
    assert s.hand(1) == []
    assert s.seat(1).life == 18  # Muraille resumed: Blesser 2 of its owner, P1
    assert s.discard(0) == ["Muraille"]


def test_destabiliser_is_optional(s):
    s.give(0, "Ailes")
    s.play("Ailes")
    events = s.play("Rhétorique de base", "none")
    assert {"e": "destabilise_declined", "player": 1} in events
    assert s.in_play() == ["Ailes"]


def test_destabiliser_offers_only_what_the_hand_can_pay(s):
    s.give(0, "Muraille")
    s.play("Muraille")
    events = s.play("Rhétorique de base")  # P2 has no card: Stable 2 is out of reach
    assert {"e": "nothing_to_destabilise", "player": 1} in events


def test_charme_lowers_the_cost_of_destabiliser(s):
    s.give(0, "Muraille").give(1, "Sourire", "Frappe")
    s.pass_turn()
    s.play("Sourire")  # P2: Charme +1
    s.play("Muraille")  # P1: Stable 2
    events = s.play("Rhétorique de base", "Muraille #3 (P1, Stable 2)")
    assert {"e": "destabilise", "player": 1, "technique": "Muraille", "owner": 0, "cost": 1} in events
    assert s.hand(1) == []


def test_force_protection_vitesse_charme_count_while_active(s):
    s.give(0, "Colère", "Ailes", "Sourire").give(1, "Muraille", "Réplique")
    s.play("Colère")
    s.play("Muraille")
    assert (s.state.bonus(0, type(s.state.actives[0].permanents[0][1])), s.seat(0).life) == (2, 20)
    s.play("Ailes")
    s.pass_turn()
    s.play("Sourire")
    from atout.interpreter.games.battlefight import ast

    assert [s.state.bonus(0, k) for k in (ast.Force, ast.Protection, ast.Vitesse, ast.Charme)] == [2, 0, 1, 1]
    assert [s.state.bonus(1, k) for k in (ast.Force, ast.Protection, ast.Vitesse, ast.Charme)] == [0, 2, 0, 0]


def test_a_bonus_counted_but_not_in_play_is_a_broken_invariant(s):
    s.give(0, "Colère")
    s.play("Colère")
    assert s.state.check_invariants() == []
    s.state.bonuses = (s.state.bonuses[0] + 1, *s.state.bonuses[1:])
    assert [p for p in s.state.check_invariants() if "bonuses" in p] == [f"the bonuses counted {list(s.state.bonuses)} are not those in play {[s.state.bonuses[0] - 1, *s.state.bonuses[1:]]}"]


def test_negative_vitesse_can_leave_no_move(s):
    s.give(0, "Plomb")
    s.play("Plomb")
    s.pass_turn()
    events = s.play("Déplacement de base")
    assert {"e": "no_move", "player": 0, "moves": 0} in events


def test_s_empecher_forbids_a_type_cards_and_basics(s):
    s.give(0, "Serment", "Frappe")
    s.play("Serment")
    s.pass_turn()
    labels = s.decision.labels()
    assert "Frappe" not in labels and "Attaque de base" not in labels


def test_s_empecher_carte_forbids_cards_but_not_basics(s):
    s.give(0, "Vœu", "Frappe", "Lecture")
    s.play("Vœu")
    s.pass_turn()
    assert s.decision.labels() == ["Attaque de base", "Défense de base", "Déplacement de base", "Concentration de base", "Rhétorique de base"]


def test_s_empecher_carte_of_a_type_leaves_the_basic_technique(s):
    s.give(0, "Vœu de Silence", "Réplique", "Frappe")
    s.play("Vœu de Silence")
    s.pass_turn()
    labels = s.decision.labels()
    assert "Réplique" not in labels and "Rhétorique de base" in labels and "Frappe" in labels


def test_l_adversaire_a_runs_the_step_for_the_opponent_against_the_owner(s):
    s.give(0, "Tribut").give(1, "Colère")
    s.pass_turn()
    s.play("Colère")  # P2: Force +2
    s.play("Tribut")  # P2 deals 2 + their Force 2 to P1
    assert s.seat(0).life == 16 and s.seat(1).life == 20


def test_tout_le_monde_a_runs_for_each_player_owner_first(s):
    s.give(0, "Mêlée", "Cadeau")
    events = s.play("Mêlée")
    damages = [e for e in events if e["e"] == "damage"]
    assert [d["player"] for d in damages] == [1, 0]
    assert s.seat(0).life == 18 and s.seat(1).life == 18
    s.pass_turn()
    hands = (len(s.hand(0)), len(s.hand(1)))
    s.choose("Cadeau")
    while s.decision.kind == "draw":
        s.choose(s.decision.labels()[0])
    assert (len(s.hand(0)), len(s.hand(1))) == (hands[0], hands[1] + 1)


def test_a_player_at_zero_life_loses_at_once(s):
    s.give(0, "Frappe", "Frappe")
    s.seat(1).life = 3
    events = s.play("Frappe")
    assert events[-1] == {"e": "end", "winner": 0, "code": "no_life", "facts": {"loser": 1}}
    assert s.decision is None


def test_both_players_falling_at_once_is_a_draw(s):
    s.give(0, "Mêlée")
    s.seat(0).life = s.seat(1).life = 2
    events = s.play("Mêlée")
    # the owner's blow comes first and P2 is out at once: the second blow never comes
    assert events[-1]["winner"] == 0


def test_damage_points_reset_at_the_end_of_the_players_own_turn(s):
    s.give(0, "Frappe")
    s.play("Frappe")
    assert s.seat(1).damage == 3
    s.pass_turn()
    assert s.seat(1).damage == 0
