"""The rulebook's situations, with the shipped cards, as scenarios."""

from __future__ import annotations

from atout.interpreter.games.battlefight import ast


def test_decharge_out_of_melee_fails_and_goes_to_the_discard(scenario):
    s = scenario().give(0, "Décharge", "Javelot").place("D1", "D4")
    events = s.play("Décharge")
    assert {"e": "condition", "player": 0, "ok": False, "distance": 3} in events
    assert s.discard(0) == ["Décharge"] and s.hand(0) == ["Javelot"]
    assert s.seat(1).life == 20


def test_decharge_with_an_empty_hand_still_goes_to_the_discard(scenario):
    s = scenario().give(0, "Décharge").place("D4", "D5")
    events = s.play("Décharge")
    assert {"e": "condition", "player": 0, "ok": True, "distance": 1} in events
    assert {"e": "condition", "player": 0, "ok": False, "hand": 0, "needed": 1} in events
    assert s.discard(0) == ["Décharge"] and s.seat(1).life == 20


def test_decharge_in_melee_with_a_card_to_discard_deals_4(scenario):
    s = scenario().give(0, "Décharge", "Javelot").place("D4", "D5")
    s.play("Décharge")
    assert s.discard(0) == ["Décharge", "Javelot"] and s.seat(1).life == 16


def test_celerite_gives_vitesse_1_while_stable_and_not_after(scenario):
    s = scenario().give(0, "Célérité").place("D1", "G4")
    s.play("Célérité")
    assert s.in_play() == ["Célérité"]
    s.pass_turn()
    s.choose("Déplacement de base")
    s.choose("D2")
    s.choose("D3")  # a second move: Se Déplacer 1 + Vitesse 1
    assert s.seat(0).position == s.game.board.by_name["D3"]
    assert s.state.current == 1
    s.play("Rhétorique de base", "Célérité #1 (P1, Stable 0)")  # P2 destabilises it
    assert s.in_play() == [] and s.discard(0) == ["Célérité"]
    s.choose("Déplacement de base")
    s.choose("D4")
    assert s.state.current == 1  # only one move now


def test_s_empecher_forbids_a_type_but_leaves_stable_cards_of_that_type_active(scenario):
    cards = """
== Vœu Pacifique ==
Rhétorique
S'Empêcher Défense ; Stable
"""
    s = scenario(cards).give(0, "Bouclier de Chêne", "Vœu Pacifique", "Parade")
    s.play("Bouclier de Chêne")  # a Stable Défense: Protection +1
    s.pass_turn()
    s.play("Vœu Pacifique")
    s.pass_turn()
    labels = s.decision.labels()
    assert "Parade" not in labels and "Défense de base" not in labels
    assert s.in_play() == ["Bouclier de Chêne", "Vœu Pacifique"]
    assert s.state.bonus(0, ast.Protection) == 1


def test_charme_lowers_the_cost_of_destabiliser(scenario):
    s = scenario().give(0, "Éloquence", "Parade").give(1, "Forteresse")
    s.play("Éloquence")  # P1: Charme +2
    s.play("Forteresse")  # P2: Stable 3
    events = s.play("Rhétorique de base", "Forteresse #2 (P2, Stable 3)")
    assert {"e": "destabilise", "player": 0, "technique": "Forteresse", "owner": 1, "cost": 1} in events
    assert s.hand(0) == [] and "Forteresse" in s.discard(1)


def test_reshuffling_halves_life_rounded_up(scenario):
    s = scenario().empty_pile(0)
    s.seat(0).life = 15
    events = s.choose("Concentration de base") + s.draw_any()
    assert {"e": "halve", "player": 0, "life": 8} in events
    assert s.seat(0).life == 8


def test_bloquer_heals_only_damage_taken_since_the_players_last_turn(scenario):
    s = scenario().give(0, "Décharge", "Javelot").give(1, "Parade").place("D4", "D5")
    s.seat(1).life = 15  # lost long ago: not damage points
    s.play("Décharge")
    assert s.seat(1).life == 11 and s.seat(1).damage == 4
    s.play("Parade")  # Bloquer 3
    assert s.seat(1).life == 14 and s.seat(1).damage == 0


def test_bloquer_without_damage_since_the_last_turn_does_nothing(scenario):
    s = scenario().give(1, "Parade")
    s.seat(1).life = 12
    s.pass_turn()
    events = s.play("Parade")
    assert {"e": "heal", "player": 1, "amount": 0, "life": 12} in events


def test_a_push_off_the_edge_wins(scenario):
    s = scenario().give(0, "Bousculade").place("B1", "A1")
    events = s.play("Bousculade", "off the board")
    assert events[-1] == {"e": "end", "winner": 0, "code": "off_board", "facts": {"loser": 1}}


def test_pawns_start_in_opposite_corners_at_distance_6(scenario):
    s = scenario()
    board = s.game.board
    assert len(board.cells) == 37
    assert board.distance(s.seat(0).position, s.seat(1).position) == 6
    assert {board.names[s.seat(0).position], board.names[s.seat(1).position]} == {"A1", "G4"}


def test_each_player_starts_with_20_life_and_an_empty_hand(scenario):
    s = scenario()
    assert [s.seat(i).life for i in (0, 1)] == [20, 20]
    assert s.hand(0) == [] and s.hand(1) == []


def test_the_rules_file_sets_life_and_board_size(scenario):
    s = scenario(life=30, board_radius=4)
    assert [s.seat(i).life for i in (0, 1)] == [30, 30]
    assert len(s.game.board.cells) == 61
    assert s.game.board.distance(s.seat(0).position, s.seat(1).position) == 8


def test_draw_by_repetition_the_third_time_a_position_starts_a_turn(scenario):
    s = scenario().place("D1", "D7")  # turn 1 started elsewhere: on the corners
    s.pass_turn()  # turn 2 starts, P2 to play, on D1 and D7: once
    s.pass_turn()
    s.pass_turn()  # turn 4, the same position: twice
    s.pass_turn()
    assert s.decision is not None
    s.pass_turn()  # turn 6: the third time
    assert s.decision is None and s.state.turn == 6
    assert s.state.outcome().winner is None
    assert s.state.outcome().reason == "the same position starts a turn for the 3rd time"


def test_the_turn_limit_ends_the_game_in_a_draw(scenario):
    s = scenario(turn_limit=3)
    s.choose("Concentration de base")
    s.draw_any()
    s.choose("Concentration de base")
    s.draw_any()
    s.choose("Concentration de base")
    s.draw_any()
    assert s.state.outcome().reason == "the turn limit (3) is reached"


def test_the_loser_of_a_game_starts_the_next_game_of_a_match(bf_engine):
    from atout.interpreter.engine.state import Outcome

    setup = {"decks": [{"kind": "random"}, {"kind": "random"}], "first_player": None}
    assert bf_engine.next_setup(setup, Outcome(0, "P2 has no life left"))["first_player"] == 1
    assert bf_engine.next_setup(setup, Outcome(1, "P1 is pushed off the board"))["first_player"] == 0
    assert bf_engine.next_setup(setup, Outcome(None, "a draw"))["first_player"] is None


def test_a_match_is_won_with_the_rules_number_of_games(bf_engine, bf_files):
    from atout.interpreter.engine.play import play_match, seeded

    setup = bf_engine.setup_from_options(bf_files, {"deck": ("le-renard", "le-lutteur")})
    bots = bf_engine.bots["heuristic"]
    result = play_match(bf_engine, bf_files, setup, lambda seed: [bots(seeded(seed, "P1")), bots(seeded(seed, "P2"))], 11)
    assert result.winner is not None and result.wins[result.winner] == 2
    firsts = [played.state.first_player for played in result.games]
    for previous, following in zip(result.games, firsts[1:]):
        winner = previous.state.outcome().winner
        if winner is not None:
            assert following == 1 - winner
