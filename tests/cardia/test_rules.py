"""The rules of Duel pour Cardia, as scenarios: encounters, seals, the end of the game, the rulebook's traps."""

from __future__ import annotations

from .conftest import kinds

#: Four past encounters that P1 wins (P1 then has 4 seals).
P1_FOUR = [("Chevalier", "Assassin"), ("Oracle", "Messagère"), ("Stratège", "Espionne"), ("Duelliste", "Saboteur")]


def arrange(s, pairs):
    """Put past encounters in the line."""
    for p1, p2 in pairs:
        s.past(p1, p2)
    return s


def activations(events):
    """(seat, card) of every ability activated."""
    return [(e["player"], e["card"]) for e in events if e["e"] == "activate"]


# ---------------------------------------------------------------------------
# An encounter
# ---------------------------------------------------------------------------


def test_the_higher_influence_wins_a_seal_and_the_loser_activates(scenario):
    s = scenario().hand(0, "Oracle", "Djinn").hand(1, "Messagère", "Djinn")
    events = s.play("Oracle", "Messagère")
    assert s.seals() == [1, 0]
    result = next(e for e in events if e["e"] == "result")
    assert (result["player"], result["loser"], result["card"]) == (0, 1, "Messagère")
    assert activations(events) == [(1, "Messagère")]
    # Messagère: Piocher 2 cartes, then one card each at the end of the turn
    assert len(s.state.seats[1].hand) == 4 and len(s.state.seats[0].hand) == 2


def test_a_hand_holding_both_decks_copies_of_a_card_names_them_apart(scenario):
    """Both decks hold the same characters: a card taken from the other's deck may share a name with one in hand."""
    s = scenario().hand(0, "Oracle", "Djinn").hand(1, "Messagère")
    theirs = s._take(1, "Djinn")
    s.state.seats[0].hand.append(theirs)
    s.start()
    labels = s.state.decision().labels()
    assert len(set(labels)) == 3 and "Oracle" in labels, labels
    assert sorted(label for label in labels if label.startswith("Djinn")) == sorted([f"Djinn #{s.card(0, 'Djinn')}", f"Djinn #{theirs}"])
    s.state.seats[0].hand.remove(theirs)  # cards of both decks whose names differ: named as printed
    s.state.seats[0].hand.append(s._take(1, "Oracle"))
    s.state.seats[0].hand.remove(s.card(0, "Oracle"))
    s.state.start(s.state.turns)
    assert sorted(s.state.decision().labels()) in (["Djinn", "Oracle"],)


def test_played_cards_stay_in_play_in_a_line(scenario):
    s = scenario().hand(0, "Oracle", "Djinn").hand(1, "Marchande", "Contrebandier")
    s.play("Oracle", "Marchande")
    s.play("Djinn", "Contrebandier")
    line = [[s.state.names[c] if c is not None else None for c in enc.cards] for enc in s.state.line]
    assert line == [["Oracle", "Marchande"], ["Djinn", None]]  # the Contrebandier went back to the hand
    assert [s.state.names[c] for c in s.state.line[1].played] == ["Djinn", "Contrebandier"]
    assert "Contrebandier" in s.names(1, "hand")
    assert s.state.check_invariants() == []


def test_a_tie_gives_neither_seal_nor_ability(scenario):
    s = scenario().hand(0, "Saboteur", "Djinn").hand(1, "Saboteur", "Djinn")
    events = s.play("Saboteur", "Saboteur")
    assert s.seals() == [0, 0]
    assert activations(events) == []
    assert "tie" in kinds(events) and "seal" not in kinds(events)


def test_only_this_turns_loser_acts_never_a_past_loser(scenario):
    # Encounter 1: P2's Espionne (3) beats P1's Messagère (2).
    s = arrange(scenario(), [("Messagère", "Espionne")]).hand(0, "Chevalier").hand(1, "Djinn", "Oracle")
    assert s.seals() == [0, 1]
    # Chevalier loses: +5 on one of P1's past cards → Messagère 7 beats Espionne 3.
    events = s.play("Chevalier", "Djinn")
    assert s.influence(0, "Messagère") == 7
    assert {"e": "seal_moves", "encounter": 1, "player": 0, "card": "Messagère"} in events
    # The Espionne now loses encounter 1 but never activates; only the Chevalier did.
    assert activations(events) == [(0, "Chevalier")]
    assert "discard" not in kinds(events)
    assert s.seals() == [1, 1]


def test_a_retroactive_change_moves_the_seal_without_an_ability(scenario):
    # Encounter 1: P2's Garde royale (7) beats P1's Contrebandier (6).
    s = arrange(scenario(), [("Contrebandier", "Garde royale")]).hand(0, "Oracle", "Marchande").hand(1, "Djinn", "Marchande")
    assert s.seals() == [0, 1]
    # The Oracle loses to the Djinn: −5 on a past card of P2 (only one: chosen at once).
    events = s.play("Oracle", "Djinn")
    assert s.influence(1, "Garde royale") == 2
    assert {"e": "seal_moves", "encounter": 1, "player": 0, "card": "Contrebandier"} in events
    assert activations(events) == [(0, "Oracle")]  # the Garde royale, now losing, gets no token
    assert s.state.persistent == []
    assert s.seals() == [1, 1]


def test_a_change_to_a_tie_returns_the_seal_to_the_reserve(scenario):
    # Encounter 1: P1's Magistrat beats P2's Saboteur.
    s = arrange(scenario(), [("Magistrat", "Saboteur")]).hand(0, "Assassin", "Djinn").hand(1, "Espionne", "Djinn")
    # Assassin (1) loses to Espionne (3): both played cards are discarded; encounter 2 has no winner.
    events = s.play("Assassin", "Espionne")
    assert {"e": "seal_returns", "encounter": 2, "player": 1} in events
    assert s.seals() == [1, 0]
    assert s.names(0, "discard") == ["Assassin"] and s.names(1, "discard") == ["Espionne"]


def test_influence_can_become_negative(scenario):
    s = arrange(scenario(), [("Messagère", "Assassin")]).hand(0, "Djinn", "Marchande").hand(1, "Oracle", "Marchande")
    s.play("Djinn", "Oracle")  # the Oracle loses: −5 on P1's past Messagère: 2 − 5
    assert s.influence(0, "Messagère") == -3
    assert s.seals() == [1, 1]  # Assassin (1) now beats the Messagère (−3)


# ---------------------------------------------------------------------------
# Seals and the end of the game
# ---------------------------------------------------------------------------


def test_seals_are_counted_at_the_end_of_the_turn_after_abilities(scenario):
    s = scenario()
    arrange(s, [("Chevalier", "Assassin"), ("Oracle", "Messagère"), ("Stratège", "Espionne"), ("Duelliste", "Archiviste")])
    s.hand(0, "Contrebandier", "Djinn").hand(1, "Saboteur", "Djinn")
    # P1 wins with 6 against 4, and would have 5 seals; the Saboteur's −3 takes the seal back.
    events = s.play("Contrebandier", "Saboteur")
    seals_at_reveal = next(i for i, e in enumerate(events) if e["e"] == "seal")
    assert events[seals_at_reveal]["player"] == 0
    assert {"e": "count", "seals": [4, 1]} in events
    assert s.outcome() is None


def test_five_seals_and_more_than_the_opponent_win_at_the_end_of_the_turn(scenario):
    s = arrange(scenario(), P1_FOUR).hand(0, "Djinn", "Archiviste").hand(1, "Marchande", "Archiviste")
    events = s.play("Djinn", "Marchande")
    assert s.outcome().winner == 0
    end = events[-1]
    assert end["e"] == "end" and end["how"] == "seals" and end["seals"] == [5, 0]
    assert (end["deck"], end["lieu"], end["level"]) == ("I", None, 1)
    assert "5 seals" in s.outcome().reason and "deck I" in s.outcome().reason


def test_five_seals_each_goes_on(scenario):
    s = scenario()
    arrange(s, P1_FOUR + [("Inventrice", "Magistrat")])
    arrange(s, [("Assassin", "Inventrice"), ("Messagère", "Djinn"), ("Espionne", "Chevalier"), ("Saboteur", "Oracle")])
    assert s.seals() == [5, 4]
    s.hand(0, "Archiviste", "Djinn").hand(1, "Stratège", "Alchimiste")
    events = s.play("Archiviste", "Stratège")
    assert {"e": "count", "seals": [5, 5]} in events
    assert s.outcome() is None
    s.play("Djinn", "Alchimiste")
    assert s.outcome().winner == 0 and s.seals() == [6, 5]


def test_the_djinn_wins_at_once_even_over_five_opposing_seals(scenario):
    s = scenario()
    arrange(s, [("Assassin", "Inventrice"), ("Messagère", "Chevalier"), ("Espionne", "Oracle"), ("Saboteur", "Archiviste"), ("Garde royale", "Stratège")])
    s.persistent(1, "Archiviste")  # P2's Académie cards have +1: P2's Djinn is 17
    assert s.seals() == [0, 5]
    s.hand(0, "Djinn").hand(1, "Djinn")
    events = s.play("Djinn", "Djinn")
    assert s.outcome().winner == 0
    assert events[-1]["how"] == "ability" and events[-1]["card"] == "Djinn"
    assert "count" not in kinds(events)  # at once, before the seals are counted


def test_the_worked_example_of_the_rulebook(scenario):
    """Hugo (P1) has 4 seals and plays his Djinn (16); Camille (P2) her Inventrice (15)."""
    s = arrange(scenario(), P1_FOUR).hand(0, "Djinn", "Marchande").hand(1, "Inventrice", "Marchande")
    assert s.seals() == [4, 0]
    # The Inventrice loses and activates: +3 on itself (18), it takes the Djinn's seal;
    # −3 on another card of Camille's choice.
    decision_events = s.play("Djinn", "Inventrice", "Chevalier (P1)")
    assert activations(decision_events) == [(1, "Inventrice")]
    assert s.influence(1, "Inventrice") == 18
    assert {"e": "seal_moves", "encounter": 5, "player": 1, "card": "Inventrice"} in decision_events
    assert s.influence(0, "Chevalier") == 11
    # Hugo stays at 4 seals, and the Djinn, now the loser, does not activate: the game goes on.
    assert s.seals() == [4, 1]
    assert s.outcome() is None


def test_the_inventrices_other_card_is_chosen_by_its_owner_among_all_other_cards(scenario):
    s = arrange(scenario(), [("Oracle", "Messagère")]).hand(0, "Djinn", "Marchande").hand(1, "Inventrice", "Marchande")
    s.start()
    s.choose("Djinn")
    s.choose("Inventrice")
    decision = s.decision
    assert decision.player == 1 and decision.kind == "target"
    assert decision.labels() == ["Oracle (P1)", "Messagère (P2)", "Djinn (P1)"]


def test_the_discard_is_never_reshuffled_and_a_player_without_a_card_loses(scenario):
    s = scenario().hand(0, "Oracle").hand(1, "Marchande", "Djinn").empty_pile(0)
    events = s.play("Oracle", "Marchande")
    assert {"e": "draw_nothing", "player": 0} in events
    assert "reshuffle" not in kinds(events)
    assert s.outcome().winner == 1
    assert events[-1]["how"] == "no_card" and "P1 has no card to play" in s.outcome().reason


def test_when_neither_can_play_the_most_seals_win(scenario):
    s = scenario().hand(0, "Oracle").hand(1, "Marchande").empty_pile(0).empty_pile(1)
    events = s.play("Oracle", "Marchande")
    assert s.outcome().winner == 0 and events[-1]["how"] == "no_card_both"


def test_when_neither_can_play_with_equal_seals_it_is_a_draw(scenario):
    s = scenario().hand(0, "Oracle").hand(1, "Oracle").empty_pile(0).empty_pile(1)
    s.play("Oracle", "Oracle")
    assert s.outcome().winner is None


def test_each_player_draws_one_card_at_the_end_of_the_turn(scenario):
    s = scenario().hand(0, "Oracle", "Djinn").hand(1, "Duelliste", "Djinn")
    events = s.play("Oracle", "Duelliste")
    draws = [e["player"] for e in events if e["e"] == "draw"]
    assert draws == [0, 1]
    assert len(s.state.seats[0].hand) == 2 and len(s.state.seats[1].hand) == 2


# ---------------------------------------------------------------------------
# Secret choices
# ---------------------------------------------------------------------------


def test_the_choices_are_secret_until_the_reveal(scenario):
    s = scenario().hand(0, "Oracle", "Djinn").hand(1, "Duelliste", "Marchande").start()
    first = s.decision
    assert (first.player, first.kind, first.secret) == (0, "play", True)
    events = s.choose("Djinn")
    assert events == [{"e": "chosen", "player": 0}]
    second = s.decision
    assert (second.player, second.secret) == (1, True)
    seen = s.state.view(1)
    assert seen.shown is None and "Djinn" not in [c.name for c in seen.hand]
    assert "Djinn" not in s.state.describe(1) and "has chosen a card" in s.state.describe(1)
    assert "has chosen Djinn" in s.state.describe(0)
    events = s.choose("Marchande")
    reveal = next(e for e in events if e["e"] == "reveal")
    assert reveal["cards"] == ["Djinn", "Marchande"]


def test_the_other_players_draws_are_hidden_in_the_commentary(scenario):
    s = scenario().hand(0, "Oracle", "Djinn").hand(1, "Duelliste", "Djinn")
    events = s.play("Oracle", "Duelliste")
    draw = next(e for e in events if e["e"] == "draw" and e["player"] == 1)
    assert s.game.render(draw, 0).endswith("P2 draws a card")
    assert s.game.render(draw, 1).endswith(f"P2 draws {draw['card']}")


def test_setup_deals_the_starting_hands_by_chance(cardia_files, cardia_engine):
    game = cardia_engine.build(cardia_files, {"deck": "II"})
    state = game.new_state()
    setup = state.start_events()[0]
    assert setup["e"] == "setup" and setup["deck"] == "II" and setup["level"] == 2
    count = 0
    while state.decision().kind == "draw":
        state.apply(0)
        count += 1
    assert count == 10
    assert [len(seat.hand) for seat in state.seats] == [5, 5]
    assert [len(seat.pile) for seat in state.seats] == [11, 11]
    assert state.decision().kind == "play" and state.turn == 1
