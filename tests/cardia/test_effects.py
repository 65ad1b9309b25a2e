"""Every effect kind, target kind, condition and persistent effect of Duel pour Cardia, as scenarios."""

from __future__ import annotations

from atout.interpreter.games.cardia.effects import tokens_for

from .conftest import kinds


def activations(events):
    return [(e["player"], e["card"]) for e in events if e["e"] == "activate"]


# ---------------------------------------------------------------------------
# Modifier tokens
# ---------------------------------------------------------------------------


def test_a_change_is_made_of_the_fewest_tokens_largest_first():
    assert tokens_for(3, None) == [3]
    assert tokens_for(2, None) == [1, 1]
    assert tokens_for(-7, None) == [-5, -1, -1]
    assert tokens_for(9, None) == [5, 3, 1]


def test_limited_tokens_use_only_the_supply_without_going_past_the_value():
    supply = {5: 0, 3: 0, 1: 1}
    assert tokens_for(4, supply) == [1] and supply == {5: 0, 3: 0, 1: 0}
    assert tokens_for(-3, {5: 1, 3: 0, 1: 0}) == []


def test_modifier_influence_on_the_opposing_card_wins_the_seal_back(scenario):
    # Saboteur (4) loses to Contrebandier (6): −3 on la carte adverse → 3.
    s = scenario().hand(0, "Saboteur", "Djinn").hand(1, "Contrebandier", "Djinn")
    events = s.play("Saboteur", "Contrebandier")
    modify = next(e for e in events if e["e"] == "modify")
    assert (modify["player"], modify["card"], modify["n"], modify["tokens"], modify["influence"]) == (1, "Contrebandier", -3, [-3], 3)
    assert s.seals() == [1, 0]
    assert s.state.tokens[s.card(1, "Contrebandier")] == [-3]


def test_limited_modifiers_place_nothing_when_the_supply_is_empty(scenario):
    s = scenario(limited_modifiers=True, modifiers_of_1=0, modifiers_of_3=0, modifiers_of_5=0)
    s.hand(0, "Saboteur", "Djinn").hand(1, "Contrebandier", "Djinn")
    s.play("Saboteur", "Contrebandier")
    assert s.influence(1, "Contrebandier") == 6 and s.seals() == [0, 1]


def test_chacune_de_tes_cartes_of_a_faction(scenario):
    # Alchimiste: +1 on each of your Académie cards (itself included), not on others.
    s = scenario()
    s.past("Archiviste", "Assassin").past("Marchande", "Messagère")
    s.hand(0, "Alchimiste", "Djinn").hand(1, "Oracle", "Djinn")
    s.play("Alchimiste", "Oracle")
    assert s.influence(0, "Archiviste") == 6 and s.influence(0, "Alchimiste") == 9
    assert s.influence(0, "Marchande") == 10 and s.influence(1, "Oracle") == 13


def test_chacune_des_cartes_adverses(scenario):
    # Conspiratrice (deck II): −1 on each of the opponent's cards.
    s = scenario(deck="II")
    s.past("Ombre", "Apprentie")
    s.hand(0, "Conspiratrice", "Archimage").hand(1, "Baronne", "Archimage")
    s.play("Conspiratrice", "Baronne")
    assert s.influence(1, "Apprentie") == 2 and s.influence(1, "Baronne") == 12
    assert s.influence(0, "Ombre") == 1


def test_une_carte_au_choix_de_l_adversaire_is_chosen_by_the_opponent(scenario):
    # Impératrice (deck II): +5 on this card; +2 on a card chosen by the opponent.
    s = scenario(deck="II").hand(0, "Impératrice", "Ombre").hand(1, "Archimage", "Ombre")
    s.start()
    s.choose("Impératrice")
    s.choose("Archimage")
    assert s.influence(0, "Impératrice") == 20 and s.seals() == [1, 0]
    decision = s.decision
    assert (decision.player, decision.kind) == (1, "target")
    assert decision.labels() == ["Impératrice (P1)", "Archimage (P2)"]
    s.choose("Archimage (P2)")
    assert s.influence(1, "Archimage") == 18


def test_une_carte_au_choix_with_nothing_eligible_does_nothing(scenario):
    # Oracle: −5 on an opposing card of a past encounter; there is none.
    s = scenario().hand(0, "Oracle", "Djinn").hand(1, "Djinn", "Oracle")
    events = s.play("Oracle", "Djinn")
    assert "no_target" in kinds(events) and "modify" not in kinds(events)


# ---------------------------------------------------------------------------
# Cards leaving play, hands, piles
# ---------------------------------------------------------------------------


def test_defausser_les_deux_cartes_jouees(scenario):
    s = scenario().hand(0, "Assassin", "Djinn").hand(1, "Oracle", "Djinn")
    events = s.play("Assassin", "Oracle")
    assert [(e["player"], e["card"], e["to"]) for e in events if e["e"] == "leave"] == [(0, "Assassin", "discard"), (1, "Oracle", "discard")]
    assert s.seals() == [0, 0]
    assert s.state.line[0].cards == [None, None]


def test_defausser_la_carte_adverse(scenario):
    s = scenario(deck="II").hand(0, "Ombre", "Archimage").hand(1, "Impératrice", "Archimage")
    s.play("Ombre", "Impératrice")
    assert s.names(1, "discard") == ["Impératrice"] and s.seals() == [0, 0]
    assert s.state.line[0].cards[0] == s.card(0, "Ombre")


def test_defausser_une_carte_adverse_d_une_rencontre_passee(scenario):
    # Geôlier (deck II): discard an opposing card of a past encounter; its seal returns.
    s = scenario(deck="II").past("Ombre", "Sentinelle").past("Apprentie", "Baronne")
    s.hand(0, "Geôlier", "Archimage").hand(1, "Impératrice", "Archimage")
    assert s.seals() == [0, 2]
    s.start()
    s.choose("Geôlier")
    s.choose("Impératrice")
    assert s.decision.labels() == ["Sentinelle (P2)", "Baronne (P2)"]
    s.choose("Baronne (P2)")
    assert s.names(1, "discard") == ["Baronne"] and s.seals() == [0, 2]


def test_l_adversaire_defausse_une_carte_au_hasard(scenario):
    s = scenario().hand(0, "Espionne", "Djinn").hand(1, "Oracle", "Djinn", "Chevalier")
    s.start()
    s.choose("Espionne")
    s.choose("Oracle")
    decision = s.decision
    assert decision.is_chance and decision.kind == "random_discard"
    assert decision.labels() == ["Chevalier", "Djinn"]
    events = s.choose("Djinn")
    assert {"e": "discard", "player": 1, "card": "Djinn", "random": True} in events


def test_defausser_une_carte_de_ta_main_is_your_choice_then_piocher(scenario):
    # Baronne (deck II): discard 1 card of your hand; draw 2.
    s = scenario(deck="II").hand(0, "Baronne", "Ombre", "Héraut").hand(1, "Archimage", "Ombre")
    s.start()
    s.choose("Baronne")
    s.choose("Archimage")
    assert (s.decision.player, s.decision.kind, s.decision.labels()) == (0, "discard", ["Ombre", "Héraut"])
    events = s.choose("Héraut")
    assert {"e": "discard", "player": 0, "card": "Héraut", "random": False} in events
    assert s.decision.is_chance and s.decision.kind == "draw"  # then Piocher 2 cartes
    hand = len(s.state.seats[0].hand)
    s.choose(s.decision.labels()[0])
    s.choose(s.decision.labels()[0])
    assert len(s.state.seats[0].hand) == hand + 2


def test_discarding_more_than_the_hand_discards_the_whole_hand(scenario):
    s = scenario().hand(0, "Espionne", "Djinn").hand(1, "Oracle")
    events = s.play("Espionne", "Oracle")
    assert "discard" not in kinds(events)  # P2's hand is empty after playing: nothing to discard


def test_piocher_draws_fewer_when_the_pile_runs_out(scenario):
    s = scenario().hand(0, "Messagère", "Djinn").hand(1, "Oracle", "Djinn")
    zones = s.state.seats[0]
    keep = [s.card(0, "Chevalier")]
    zones.discard.extend(c for c in zones.pile.cards() if c not in keep)
    zones.pile.segments = [keep]
    events = s.play("Messagère", "Oracle")
    assert [e for e in events if e["e"] in ("draw", "draw_nothing") and e["player"] == 0] == [
        {"e": "draw", "player": 0, "card": "Chevalier"},
        {"e": "draw_nothing", "player": 0},
        {"e": "draw_nothing", "player": 0},
    ]


def test_reprendre_cette_carte_en_main(scenario):
    s = scenario().hand(0, "Contrebandier", "Djinn").hand(1, "Oracle", "Djinn")
    events = s.play("Contrebandier", "Oracle")
    assert {"e": "leave", "player": 0, "card": "Contrebandier", "to": "hand", "encounter": 1} in events
    assert "Contrebandier" in s.names(0, "hand")
    assert s.seals() == [0, 0]  # the encounter lost a card: its seal returned


def test_reprendre_une_de_tes_cartes_passees_en_main(scenario):
    # Cartographe (deck II): take back one of your cards of a past encounter.
    s = scenario(deck="II").past("Archimage", "Ombre")
    s.hand(0, "Cartographe", "Héraut").hand(1, "Impératrice", "Héraut")
    s.play("Cartographe", "Impératrice")
    assert "Archimage" in s.names(0, "hand") and s.seals() == [0, 1]


def test_gagner_la_partie_ends_the_game_at_once(scenario):
    s = scenario().past("Garde royale", "Archiviste").persistent(1, "Archiviste")
    s.hand(0, "Djinn", "Oracle").hand(1, "Djinn", "Oracle")
    events = s.play("Djinn", "Djinn")
    assert s.outcome().winner == 0 and events[-1]["how"] == "ability"


def test_retirer_un_jeton_persistant_adverse(scenario):
    # P2's Archiviste has a token: P2's Académie cards have +1. The Magistrat takes it off.
    s = scenario().past("Espionne", "Archiviste").persistent(1, "Archiviste")
    s.past("Oracle", "Oracle")  # 13 against 14: P2 wins
    s.hand(0, "Magistrat", "Djinn").hand(1, "Duelliste", "Djinn")
    assert s.seals() == [0, 2]
    events = s.play("Magistrat", "Duelliste")
    assert {"e": "token_removed", "player": 1, "card": "Archiviste"} in events
    assert s.state.persistent == [] and s.influence(1, "Oracle") == 13
    assert s.seals() == [0, 2]  # the Oracles tie now: the seal returned; the Duelliste took the turn's


def test_retirer_un_jeton_persistant_au_choix_may_take_any(scenario):
    # Prêtresse (deck II): take a Persistant token off any card; +2 on this card.
    s = scenario(deck="II").past("Érudite", "Ombre").persistent(0, "Érudite")
    s.hand(0, "Prêtresse", "Ombre").hand(1, "Archimage", "Ombre")
    s.play("Prêtresse", "Archimage")
    assert s.state.persistent == [] and s.influence(0, "Érudite") == 9
    assert s.influence(0, "Prêtresse") == 14


def test_si_tu_as_moins_de_sceaux(scenario):
    # Apprentie (deck II): if you have fewer seals, draw 2.
    s = scenario(deck="II").hand(0, "Apprentie", "Ombre").hand(1, "Archimage", "Ombre")
    events = s.play("Apprentie", "Archimage")  # P2's seal is taken before the ability
    assert {"e": "condition", "player": 0, "ok": True} in events
    assert len([e for e in events if e["e"] == "draw" and e["player"] == 0]) == 3
    s2 = scenario(deck="II").past("Archimage", "Ombre").hand(0, "Apprentie", "Ombre").hand(1, "Impératrice", "Ombre")
    events = s2.play("Apprentie", "Impératrice")  # 1 seal each: not fewer
    assert {"e": "condition", "player": 0, "ok": False} in events


def test_si_la_carte_adverse_est_de_la_guilde(scenario):
    # Héraut (deck II, 5): +5 on this card if the opposing card is of the Guilde.
    s = scenario(deck="II").hand(0, "Héraut", "Ombre").hand(1, "Cartographe", "Ombre")
    s.play("Héraut", "Cartographe")  # 6 (Guilde) beats 5, then the Héraut has 10
    assert s.influence(0, "Héraut") == 10 and s.seals() == [1, 0]
    s2 = scenario(deck="II").hand(0, "Héraut", "Ombre").hand(1, "Érudite", "Ombre")
    s2.play("Héraut", "Érudite")
    assert s2.influence(0, "Héraut") == 5


# ---------------------------------------------------------------------------
# Persistent abilities
# ---------------------------------------------------------------------------


def test_a_persistent_ability_gets_a_token_and_acts_while_it_is_there(scenario):
    # Archiviste: your Académie cards have +1, those played later too.
    s = scenario().hand(0, "Archiviste", "Oracle", "Djinn").hand(1, "Duelliste", "Oracle", "Djinn")
    events = s.play("Archiviste", "Duelliste")
    assert {"e": "activate", "player": 0, "card": "Archiviste", "ability": "persistent"} in events
    assert s.state.persistent == [s.card(0, "Archiviste")] and s.influence(0, "Archiviste") == 6
    events = s.play("Oracle", "Oracle")  # 14 against 13
    assert s.seals() == [1, 1]
    assert activations(events) == [(1, "Oracle")]


def test_limited_persistent_tokens_may_run_out(scenario):
    s = scenario(limited_persistent_tokens=True, persistent_tokens=0)
    s.hand(0, "Archiviste", "Djinn").hand(1, "Duelliste", "Djinn")
    events = s.play("Archiviste", "Duelliste")
    assert {"e": "no_token", "player": 0, "card": "Archiviste", "why": "supply"} in events
    assert s.state.persistent == []


def test_cette_carte_a_plus_4(scenario):
    # Érudite (deck II, 9): this card has +4 while its token is there.
    s = scenario(deck="II").hand(0, "Érudite", "Ombre").hand(1, "Sentinelle", "Ombre")
    s.play("Érudite", "Sentinelle")  # 9 against 11; then 13 against 11
    assert s.influence(0, "Érudite") == 13 and s.seals() == [1, 0]


def test_les_cartes_adverses_de_la_dynastie_ont_moins_2(scenario):
    # Agitateur (deck II, Rébellion 4): the opponent's Dynastie cards have −2.
    s = scenario(deck="II").past("Ombre", "Sentinelle")
    s.hand(0, "Agitateur", "Apprentie").hand(1, "Héraut", "Apprentie")
    s.play("Agitateur", "Héraut")  # 4 against 5 (Dynastie) → 5 − 2 = 3: the Agitateur wins
    assert s.influence(1, "Héraut") == 3 and s.influence(1, "Sentinelle") == 9
    assert s.seals() == [1, 1]


def test_tes_cartes_gagnent_les_egalites(scenario):
    s = scenario().past("Garde royale", "Oracle").persistent(0, "Garde royale")
    s.hand(0, "Saboteur", "Djinn").hand(1, "Saboteur", "Djinn")
    events = s.play("Saboteur", "Saboteur")
    result = next(e for e in events if e["e"] == "result")
    assert result["player"] == 0
    assert activations(events) == [(1, "Saboteur")]  # the opponent's card loses the tie and acts
    assert s.seals() == [0, 2]  # ... and its −3 takes the seal


def test_capacites_instantanees_adverses_bloquees(scenario):
    s = scenario().past("Duelliste", "Djinn").persistent(0, "Duelliste")
    s.hand(0, "Oracle", "Assassin").hand(1, "Messagère", "Archiviste")
    events = s.play("Oracle", "Messagère")
    assert {"e": "blocked", "player": 1, "card": "Messagère", "by": "Duelliste"} in events
    assert not [e for e in events if e["e"] == "draw" and e["player"] == 1][1:]
    events = s.play("Assassin", "Archiviste")  # P1's own instant ability is not blocked
    assert activations(events) == [(0, "Assassin")]


def test_persistent_abilities_of_the_blocked_player_still_act(scenario):
    s = scenario().past("Duelliste", "Djinn").persistent(0, "Duelliste")
    s.hand(0, "Oracle", "Assassin").hand(1, "Archiviste", "Messagère")
    events = s.play("Oracle", "Archiviste")
    assert activations(events) == [(1, "Archiviste")]


def test_l_adversaire_joue_sa_carte_face_visible(scenario):
    s = scenario().past("Stratège", "Djinn").persistent(0, "Stratège")
    s.hand(0, "Oracle", "Assassin").hand(1, "Messagère", "Chevalier").start()
    decision = s.decision
    assert (decision.player, decision.secret) == (1, False)  # P2 chooses first, face up
    events = s.choose("Chevalier")
    assert events == [{"e": "shown", "player": 1, "card": "Chevalier"}]
    assert s.state.view(0).shown.name == "Chevalier"
    assert s.decision.player == 0
    s.choose("Assassin")


def test_tu_pioches_une_carte_de_plus(scenario):
    s = scenario().hand(0, "Marchande", "Djinn", "Oracle").hand(1, "Djinn", "Oracle")
    events = s.play("Marchande", "Djinn")
    assert [e["player"] for e in events if e["e"] == "draw"] == [0, 0, 1]


def test_leaving_play_takes_the_tokens_with_the_card(scenario):
    s = scenario().past("Archiviste", "Djinn").persistent(0, "Archiviste")
    s.hand(0, "Oracle", "Djinn").hand(1, "Assassin", "Oracle")
    s.play("Oracle", "Assassin")  # the Assassin discards both played cards
    assert s.influence(0, "Archiviste") == 6  # still active: the Archiviste stayed
    assert s.state.check_invariants() == []
