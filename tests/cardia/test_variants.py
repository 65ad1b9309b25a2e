"""The Lieu cards, the Protecteurs de la Nature and the limited supplies of Duel pour Cardia."""

from __future__ import annotations

import pytest

from atout.interpreter.language.diagnostics import DiagnosticError

from .conftest import kinds


def activations(events):
    return [(e["player"], e["card"]) for e in events if e["e"] == "activate"]


# ---------------------------------------------------------------------------
# Lieux
# ---------------------------------------------------------------------------


def test_the_level_is_the_decks_difficulty_plus_the_lieus(cardia_engine, cardia_files):
    setup = cardia_engine.setup_from_options(cardia_files, {"deck": ("II",), "lieu": "col des tempetes"})
    assert setup == {"deck": "II", "lieu": "Col des Tempêtes", "protecteurs": False, "rules": None}
    game = cardia_engine.build(cardia_files, setup)
    event = game.new_state().start_events()[0]
    assert (event["level"], event["lieu"], event["lieu_difficulty"]) == (5, "Col des Tempêtes", 3)
    assert "level 5" in game.render(event)


def test_an_unknown_lieu_or_deck_is_a_diagnostic(cardia_engine, cardia_files):
    with pytest.raises(DiagnosticError) as error:
        cardia_engine.setup_from_options(cardia_files, {"lieu": "Forteresse d'Arvin"})
    assert error.value.diagnostics[0].code == "E400" and error.value.diagnostics[0].suggestion == "Forteresse d'Arven"
    with pytest.raises(DiagnosticError):
        cardia_engine.setup_from_options(cardia_files, {"deck": ("III",)})
    with pytest.raises(DiagnosticError):
        cardia_engine.setup_from_options(cardia_files, {"deck": ("I", "II")})


def test_forteresse_six_seals_to_win(scenario):
    s = scenario(lieu="Forteresse d'Arven")
    for p1, p2 in [("Chevalier", "Assassin"), ("Oracle", "Messagère"), ("Stratège", "Espionne"), ("Duelliste", "Saboteur")]:
        s.past(p1, p2)
    s.hand(0, "Djinn", "Inventrice").hand(1, "Marchande", "Archiviste")
    s.play("Djinn", "Marchande")
    assert s.seals() == [5, 0] and s.outcome() is None
    s.play("Inventrice", "Archiviste")
    assert s.outcome().winner == 0 and "Forteresse d'Arven" in s.outcome().reason


def test_marche_two_cards_drawn_per_turn(scenario):
    s = scenario(lieu="Marché de Lumen").hand(0, "Oracle", "Djinn").hand(1, "Oracle", "Djinn")
    events = s.play("Oracle", "Oracle")
    assert [e["player"] for e in events if e["e"] == "draw"] == [0, 0, 1, 1]


def test_bibliotheque_academie_plus_one_and_six_cards(cardia_engine, cardia_files, scenario):
    game = cardia_engine.build(cardia_files, {"deck": "I", "lieu": "Bibliothèque d'Ossa"})
    assert game.rules.starting_hand == 6
    s = scenario(lieu="Bibliothèque d'Ossa").hand(0, "Oracle", "Djinn").hand(1, "Chevalier", "Djinn")
    s.play("Oracle", "Chevalier")  # Académie 14 against Dynastie 14: a tie
    assert s.influence(0, "Oracle") == 14 and s.influence(1, "Chevalier") == 14 and s.seals() == [0, 0]


def test_arene_on_a_tie_both_abilities_act_fewer_seals_first(scenario):
    s = scenario(lieu="Arène des Braves").past("Oracle", "Assassin")
    s.hand(0, "Messagère", "Djinn").hand(1, "Messagère", "Djinn")
    events = s.play("Messagère", "Messagère")
    assert activations(events)[:2] == [(1, "Messagère"), (0, "Messagère")]  # (then the Djinns, the last cards)
    assert s.seals() == [1, 0]


def test_arene_with_equal_seals_chance_decides_the_order(scenario):
    s = scenario(lieu="Arène des Braves").hand(0, "Messagère", "Djinn").hand(1, "Messagère", "Djinn")
    events = s.play("Messagère", "Messagère", "P2 first")
    assert activations(events)[:2] == [(1, "Messagère"), (0, "Messagère")]  # (then the Djinns, the last cards)


def test_arene_abilities_that_take_a_card_back_do_not_act_on_a_tie(scenario):
    s = scenario(lieu="Arène des Braves").past("Oracle", "Assassin")
    s.hand(0, "Contrebandier", "Djinn", "Messagère").hand(1, "Contrebandier", "Djinn", "Messagère")
    s.empty_pile(0).empty_pile(1)
    events = s.play("Contrebandier", "Contrebandier")
    assert activations(events) == []
    assert [e for e in events if e["e"] == "tie_kept"] == [
        {"e": "tie_kept", "player": 0, "card": "Contrebandier"},
        {"e": "tie_kept", "player": 1, "card": "Contrebandier"},
    ]
    assert "stays in play" in s.game.render(next(e for e in events if e["e"] == "tie_kept"))
    assert s.names(0, "hand") == s.names(1, "hand") == ["Djinn", "Messagère"]
    assert s.state.line[-1].cards == [s.card(0, "Contrebandier"), s.card(1, "Contrebandier")]
    events = s.play("Messagère", "Messagère")  # the other abilities still act on a tie, fewer seals first
    assert activations(events)[:2] == [(1, "Messagère"), (0, "Messagère")]  # (then the Djinns, the last cards)


def test_arene_only_the_card_that_takes_one_back_is_kept_out(scenario):
    # Deck II's Cartographe takes back one of its past cards: on a tie it does not act; the other card does.
    s = scenario(deck="II", lieu="Arène des Braves").past("Agitateur", "Ombre").persistent(0, "Agitateur")
    s.hand(0, "Cartographe", "Baronne", "Archimage").hand(1, "Geôlier", "Baronne", "Archimage").empty_pile(0).empty_pile(1)
    events = s.play("Cartographe", "Geôlier")  # Geôlier 8 − 2 (Agitateur) = 6: a tie
    assert next(e for e in events if e["e"] == "reveal")["influence"] == [6, 6]
    assert [e["player"] for e in events if e["e"] == "tie_kept"] == [0]
    assert activations(events) == [(1, "Geôlier")] and s.names(0, "hand") == ["Archimage", "Baronne"]
    assert s.card(0, "Agitateur") not in s.state.place and s.state.line[-1].cards[0] == s.card(0, "Cartographe")

    s = scenario(lieu="Tribunal d'Équité").past("Oracle", "Assassin")
    s.hand(0, "Saboteur", "Djinn").hand(1, "Saboteur", "Djinn")
    events = s.play("Saboteur", "Saboteur")
    assert {"e": "tie_to_fewer_seals", "encounter": 2, "player": 1} in events
    assert activations(events) == [(0, "Saboteur")]  # P1's card loses and acts: −3 on P2's
    assert s.seals() == [2, 0]


def test_tribunal_equal_seals_stay_a_tie(scenario):
    s = scenario(lieu="Tribunal d'Équité").hand(0, "Saboteur", "Djinn").hand(1, "Saboteur", "Djinn")
    events = s.play("Saboteur", "Saboteur")
    assert "tie" in kinds(events) and activations(events) == []


def test_carrefour_seals_on_four_factions_win(scenario):
    s = scenario(lieu="Carrefour des Quatre Vents")
    s.past("Djinn", "Assassin").past("Inventrice", "Messagère").past("Chevalier", "Espionne")  # Académie, Guilde, Dynastie
    s.hand(0, "Duelliste", "Oracle").hand(1, "Saboteur", "Oracle")
    events = s.play("Duelliste", "Saboteur")  # Rébellion: 4 seals on 4 factions
    assert s.outcome().winner == 0 and events[-1]["how"] == "factions"


def test_col_three_encounters_in_a_row_win(scenario):
    s = scenario(lieu="Col des Tempêtes").past("Assassin", "Djinn").past("Djinn", "Assassin").past("Inventrice", "Messagère")
    s.hand(0, "Chevalier", "Oracle").hand(1, "Espionne", "Oracle")
    events = s.play("Chevalier", "Espionne")
    assert s.outcome().winner == 0 and events[-1]["how"] == "streak"


def test_puits_the_discard_is_reshuffled_once_and_seven_seals_are_needed(scenario):
    s = scenario(lieu="Puits sans Fond").hand(0, "Oracle", "Djinn").hand(1, "Oracle", "Djinn").empty_pile(0)
    assert s.game.rules.seals_to_win == 7
    events = s.play("Oracle", "Oracle")
    assert {"e": "reshuffle", "player": 0, "cards": 14, "left": 0} in events
    assert "the last time" in s.game.render(next(e for e in events if e["e"] == "reshuffle"))
    draw = next(e for e in events if e["e"] == "draw" and e["player"] == 0)
    assert len(s.state.seats[0].pile) == 13 and draw["card"] in s.names(0, "hand")
    s.empty_pile(0)  # once more P1's pile is empty, the discard full: it stays discarded now
    events = s.play("Djinn", "Djinn")
    assert {"e": "draw_nothing", "player": 0} in events and "reshuffle" not in kinds(events)
    assert len(s.state.seats[0].discard) == 13 and s.state.reshuffled == [1, 0]


def test_puits_each_player_reshuffles_once(scenario):
    s = scenario(lieu="Puits sans Fond").hand(0, "Oracle", "Djinn").hand(1, "Oracle", "Djinn").empty_pile(0)
    s.play("Oracle", "Oracle")
    s.empty_pile(1)  # P1's reshuffle is used; P2's is not
    events = s.play("Djinn", "Djinn")
    assert {"e": "reshuffle", "player": 1, "cards": 13, "left": 0} in events  # P2 drew one last turn
    assert s.state.reshuffled == [1, 1]


def test_a_lieu_may_reshuffle_n_times_or_every_time(scenario):
    s = scenario(regles="La défausse se remélange 2 fois quand la pioche est vide").hand(0, "Oracle", "Djinn")
    s.hand(1, "Oracle", "Djinn", "Messagère").empty_pile(0)
    events = s.play("Oracle", "Oracle")
    assert {"e": "reshuffle", "player": 0, "cards": 14, "left": 1} in events
    assert "1 more time at most" in s.game.render(next(e for e in events if e["e"] == "reshuffle"))
    s.empty_pile(0)
    assert {"e": "reshuffle", "player": 0, "cards": 13, "left": 0} in s.play("Djinn", "Djinn")
    s = scenario(regles="La défausse se remélange quand la pioche est vide").hand(0, "Oracle", "Djinn")
    s.hand(1, "Oracle", "Djinn").empty_pile(0)
    assert {"e": "reshuffle", "player": 0, "cards": 14} in s.play("Oracle", "Oracle")
    s.empty_pile(0)
    assert {"e": "reshuffle", "player": 0, "cards": 13} in s.play("Djinn", "Djinn")


# ---------------------------------------------------------------------------
# Protecteurs de la Nature
# ---------------------------------------------------------------------------


def test_every_other_encounter_has_a_protecteur_revealed_at_the_end_of_the_turn(cardia_engine, cardia_files):
    from atout.interpreter.engine.play import play_game, seeded

    game = cardia_engine.build(cardia_files, {"deck": "I", "protecteurs": True})
    events: list = []
    bots = [cardia_engine.bots["random"](seeded(3, "P1")), cardia_engine.bots["random"](seeded(3, "P2"))]
    play_game(game, bots, 3, on_event=events.append)
    revealed = [e["encounter"] for e in events if e["e"] == "protecteur"]
    turns = [e["turn"] for e in events if e["e"] == "turn"]
    assert revealed == [n for n in range(1, max(turns) + 2, 2)][: len(revealed)]
    assert len(revealed) >= max(turns) // 2
    with_protector = [e["turn"] for e in events if e["e"] == "turn" and e["protecteur"]]
    assert with_protector == [t for t in turns if t % 2 == 1]


def test_each_player_of_the_faction_activates_the_protecteur_loser_first(scenario):
    s = scenario(protecteurs=True).protecteur("Chouette Savante")  # Académie: Piocher 1 carte
    s.hand(0, "Oracle", "Assassin").hand(1, "Djinn", "Assassin")
    events = s.play("Oracle", "Djinn")
    acts = [e["player"] for e in events if e["e"] == "protector"]
    assert acts == [0, 1]
    assert kinds(events).index("protector") > kinds(events).index("activate")  # after the loser's ability


def test_a_protecteur_acts_only_for_its_faction(scenario):
    s = scenario(protecteurs=True).protecteur("Chouette Savante")
    s.hand(0, "Oracle", "Assassin").hand(1, "Chevalier", "Assassin")
    events = s.play("Oracle", "Chevalier")
    assert [e["player"] for e in events if e["e"] == "protector"] == [0]


def test_seulement_si_tu_es_le_seul(scenario):
    s = scenario(protecteurs=True).protecteur("Gardienne des Sources")
    s.hand(0, "Oracle", "Assassin").hand(1, "Djinn", "Assassin")
    events = s.play("Oracle", "Djinn")
    assert {"e": "protector_not_alone", "name": "Gardienne des Sources"} in events
    s = scenario(protecteurs=True).protecteur("Loup des Cendres")  # Rébellion alone: +3 sur ta carte
    s.hand(0, "Duelliste", "Assassin").hand(1, "Chevalier", "Assassin")
    events = s.play("Duelliste", "Chevalier")  # 11 against 14, then 14 against 14
    assert s.influence(0, "Duelliste") == 14 and s.seals() == [0, 0]


def test_a_tie_triggers_no_protecteur(scenario):
    # "Une égalité ne déclenche aucune capacité" ; the Protecteur acts "après la capacité de la carte perdante".
    s = scenario(protecteurs=True).protecteur("Castor Bâtisseur")  # Guilde: +1 on each of your Guilde cards
    s.past("Marchande", "Djinn")
    s.hand(0, "Inventrice", "Assassin").hand(1, "Inventrice", "Assassin")
    events = s.play("Inventrice", "Inventrice")
    assert [e for e in events if e["e"] == "protector"] == []
    assert {"e": "protector_tie", "name": "Castor Bâtisseur"} in events
    assert s.influence(0, "Inventrice") == 15 and s.influence(1, "Inventrice") == 15
    assert s.influence(0, "Marchande") == 10 and s.seals() == [0, 1]
    assert s.state.protector_used == [s.game.protecteurs.index(next(p for p in s.game.protecteurs if p.name == "Castor Bâtisseur"))]


def test_a_tie_triggers_no_protecteur_even_when_the_lieu_makes_both_abilities_act(scenario):
    s = scenario(lieu="Arène des Braves", protecteurs=True).protecteur("Castor Bâtisseur")
    s.past("Marchande", "Djinn")
    s.hand(0, "Inventrice", "Assassin").hand(1, "Inventrice", "Assassin")
    events = s.play("Inventrice", "Inventrice", "Marchande (P1)", "Djinn (P2)")
    assert [e["player"] for e in events if e["e"] == "activate"] == [0, 1]  # the two abilities act (Lieu)
    assert [e for e in events if e["e"] == "protector"] == []
    assert {"e": "protector_tie", "name": "Castor Bâtisseur"} in events


def test_a_tie_won_by_the_lieu_has_a_loser_and_the_protecteur_acts(scenario):
    # Tribunal d'Équité: the player with fewer seals wins the tie, so the other card loses.
    s = scenario(lieu="Tribunal d'Équité", protecteurs=True).protecteur("Castor Bâtisseur")
    s.past("Marchande", "Djinn")
    s.hand(0, "Inventrice", "Assassin").hand(1, "Inventrice", "Assassin")
    events = s.play("Inventrice", "Inventrice", "Marchande (P1)")
    assert [e["player"] for e in events if e["e"] == "protector"] == [1, 0]  # the loser first


# ---------------------------------------------------------------------------
# Limited seals
# ---------------------------------------------------------------------------


def test_limited_seals_a_win_with_an_empty_reserve_takes_no_seal(scenario):
    s = scenario(limited_seals=True, total_seals=1).past("Djinn", "Assassin")
    s.hand(0, "Oracle", "Chevalier").hand(1, "Messagère", "Chevalier")
    events = s.play("Oracle", "Messagère")
    assert {"e": "no_seal_left", "encounter": 2, "player": 0} in events
    assert s.seals() == [1, 0] and s.state.check_invariants() == []


#: Lieux the language allows but we do not ship (ours limit these rules): play can come back to a position.
TIES_BOTH_ACT = "En cas d'égalité, les deux capacités agissent"
RESHUFFLE_ALWAYS = "La défausse se remélange quand la pioche est vide"


def test_a_game_that_cannot_progress_ends_when_its_position_comes_back(scenario):
    # Both abilities act on a tie: two Contrebandiers tie, both go back to the hand, for ever; nobody has another card.
    s = scenario(regles=TIES_BOTH_ACT).past("Oracle", "Assassin")
    s.hand(0, "Contrebandier").hand(1, "Contrebandier").empty_pile(0).empty_pile(1)
    events = s.play("Contrebandier", "Contrebandier")
    end = events[-1]
    assert (end["how"], end["positions"], end["hands"]) == ("no_progress", 1, [["Contrebandier"], ["Contrebandier"]])
    assert s.outcome().winner == 0 and s.state.turn == 2  # the second time the position starts a turn
    assert s.outcome().reason.startswith(
        "the game cannot progress: whatever anyone chooses, the cards played come back and play never leaves this position (P1 holds Contrebandier; P2 holds Contrebandier); P1 has more seals"
    )


def test_a_copy_played_up_to_the_next_turn_still_ends_when_its_position_comes_back(scenario):
    # A bot's copy told it is played only up to the next turn's start (`horizon`) leaves out the position
    # there only when it has seen none: this one has, and it comes back.
    s = scenario(regles=TIES_BOTH_ACT).past("Oracle", "Assassin")
    s.hand(0, "Contrebandier").hand(1, "Contrebandier").empty_pile(0).empty_pile(1)
    s.state.horizon = 2  # the game starts at turn 1 (its single options answered at once)
    events = s.play("Contrebandier", "Contrebandier")
    assert events[-1]["how"] == "no_progress" and s.state.turn == 2


def all_else_in_play(s, returned: tuple[int, str]):
    """Every card not in a hand goes into the line, in past encounters, the same card against itself where
    both decks have it (a tie); `returned` (seat, name), a card of a hand, is one that has come back from
    the line (its encounter keeps only the other deck's same card)."""
    from atout.interpreter.games.cardia.state import Encounter

    state = s.state
    rest = [state.seats[seat].pile.cards() for seat in (0, 1)]
    for seat in (0, 1):
        state.seats[seat].pile.segments = []
    seat, name = returned
    back = s.card(seat, name)
    alone = s.card(1 - seat, name)  # the same card of the other deck stays, alone, in that encounter
    rest[1 - seat].remove(alone)
    names = [sorted(rest[k], key=lambda c: (c not in [s.card(k, state.names[o]) for o in rest[1 - k]], c)) for k in (0, 1)]
    rest = names  # equal names face to face (ties: no seal), the odd ones last
    played = (back, alone) if seat == 0 else (alone, back)
    cards = [None, alone] if seat == 0 else [alone, None]
    state.line.append(Encounter(len(state.line) + 1, played, cards))
    state.place[alone] = len(state.line) - 1
    for a, b in zip(*rest, strict=True):
        state.line.append(Encounter(len(state.line) + 1, (a, b), [a, b]))
        state.place[a] = state.place[b] = len(state.line) - 1
    state.evaluate()
    assert state.check_invariants() == []


def test_choices_that_all_lead_back_do_not_make_progress(scenario):
    # The discard reshuffled every time: P1's lone Assassin discards both played cards and the reshuffled
    # discards give them back; P2 may play the Oracle or the Chevalier, and either way the same hands come back.
    s = scenario(regles=RESHUFFLE_ALWAYS)
    s.hand(0, "Assassin").hand(1, "Oracle", "Chevalier")
    all_else_in_play(s, (1, "Chevalier"))
    seals = s.seals()
    events = s.play("Assassin", "Oracle")
    assert s.state.check_invariants() == []
    assert events[-1]["how"] == "no_progress" and events[-1]["hands"] == [["Assassin"], ["Oracle", "Chevalier"]]
    assert events[-1]["positions"] == 1 and s.state.turn == 2
    assert s.outcome().winner == (None if seals[0] == seals[1] else int(seals[1] > seals[0]))


def test_a_position_that_comes_back_goes_on_while_a_choice_can_end_the_game(scenario):
    # As in the game of seed 1 under the former Puits sans Fond (which reshuffled every time): P2 holds only
    # an Assassin; P1 could play its own and tie it.
    s = scenario(regles=RESHUFFLE_ALWAYS)
    s.hand(0, "Assassin", "Oracle").hand(1, "Assassin")
    all_else_in_play(s, (0, "Oracle"))
    for _ in range(3):
        events = s.play("Oracle", "Assassin")
        assert s.outcome() is None and "end" not in kinds(events)
    events = s.play("Assassin", "Assassin")  # a tie: both stay in play, and P2 has no card left
    assert events[-1]["how"] == "no_card" and s.outcome().winner == 0


def test_heuristic_bots_find_the_way_out_when_a_position_comes_back(cards_dir, tmp_path):
    # Under a Puits sans Fond whose discard is reshuffled every time, two heuristic bots that always
    # played their best-looking card went round in circles (to the 200-turn limit) in these games:
    # they now try other cards.
    from atout.interpreter import load_game, play

    for path in (cards_dir / "cardia").glob("*.atout"):
        text = path.read_text(encoding="utf-8")
        (tmp_path / path.name).write_text(text.replace("se remélange une fois quand", "se remélange quand"), "utf-8")
    assert "se remélange quand" in (tmp_path / "lieux.atout").read_text(encoding="utf-8")
    loaded = load_game("cardia", cards=tmp_path, deck=["I"], lieu="Puits sans Fond")
    assert loaded.game.reshuffle and loaded.game.reshuffles is None
    for seed in (1, 6, 8, 9, 10):
        played = play(loaded, ["heuristic", "heuristic"], seed=seed)
        assert played.events[-1]["how"] != "turn_limit" and played.turns < 100, seed


def test_the_search_counts_no_action_of_the_game(scenario):
    # The copies the search plays count their own actions: shared, they used up the game's bound on
    # actions and a copy ended before the choices of another were replayed (a crash, with Protecteurs).
    from atout.interpreter.games.cardia import progress

    s = scenario(regles=RESHUFFLE_ALWAYS)
    s.hand(0, "Assassin", "Oracle").hand(1, "Assassin")
    all_else_in_play(s, (0, "Oracle"))
    s.play("Oracle", "Assassin")
    counted = s.state._actions.actions
    assert progress.closed_loop(s.state) is None  # P1 can still tie the Assassin with its own
    assert s.state._actions.actions == counted and progress.fork(s.state)._actions is not s.state._actions
