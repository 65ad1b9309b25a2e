"""Version 2 of Duel pour Cardia's language: one scenario per new form, its bounds, its refusals, the examples played.

Each scenario sets a position with the example cards (`cards/cardia/exemples`),
plays one encounter and asserts exactly what the form did: influences, seals,
zones, owners, the events. A form that is not on an example card is put on a
card of a small extension written by the test, over the examples.
"""

from __future__ import annotations


import pytest

from atout.cards import CARDS_DIR
from atout.interpreter import api
from atout.interpreter.engine.loading import load_files
from atout.interpreter.games import LANGUAGES
from atout.interpreter.games.cardia import conditions as C
from atout.interpreter.language.loader import read_document
from atout.interpreter.language.logic import Comparison

from .conftest import Scenario, duel, kinds

EXAMPLES = CARDS_DIR / "cardia" / "exemples"


@pytest.fixture(scope="module")
def examples():
    """The example set: two new decks and two Protecteurs over the shipped game."""
    return load_files(LANGUAGES["cardia"], [EXAMPLES])


def game(files, deck: str = "I") -> Scenario:
    return Scenario(files, deck=deck)


def over_examples(tmp_path, cards: str):
    """The examples with these cards (same name as an example card: it replaces it)."""
    folder = tmp_path / "essai"
    folder.mkdir()
    (folder / "extension.atout").write_text(f"Duel pour Cardia : extension\nBase : {EXAMPLES}\n", encoding="utf-8")
    (folder / "cartes.atout").write_text("Duel pour Cardia : cartes\n" + cards, encoding="utf-8")
    return load_files(LANGUAGES["cardia"], [folder])


def events_of(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["e"] == kind]


def ids(sc: Scenario, seat: int, *names: str) -> list[int]:
    return [sc.card(seat, name) for name in names]


# ---------------------------------------------------------------------------
# Conditions: comparisons, et / ou / sauf si, sinon, a block of effects
# ---------------------------------------------------------------------------


def test_si_influence_at_least_its_block_and_its_sinon(examples):
    # Tacticienne: Si l'influence de la carte adverse est au moins 10, −4 sur la carte adverse, sinon +2 sur cette carte
    sc = game(examples).hand(0, "Tacticienne").hand(1, "Banquière")
    events = duel(sc, "Tacticienne", "Banquière")
    assert events_of(events, "condition")[0]["ok"] is True
    assert (sc.influence(1, "Banquière"), sc.influence(0, "Tacticienne")) == (6, 4)
    sc = game(examples).hand(0, "Tacticienne").hand(1, "Juge")
    events = duel(sc, "Tacticienne", "Juge")
    assert events_of(events, "condition")[0]["ok"] is False
    assert (sc.influence(1, "Juge"), sc.influence(0, "Tacticienne")) == (9, 6)


def test_sauf_si_acts_when_the_condition_does_not_hold(examples):
    # Juge: Sauf si tu as au moins 3 sceaux, −3 sur la carte adverse
    sc = game(examples).hand(0, "Juge").hand(1, "Banquière")
    duel(sc, "Juge", "Banquière")
    assert sc.influence(1, "Banquière") == 7 and sc.seals() == [1, 0]  # 9 against 7: the seal moved to P1
    sc = game(examples).past("Archonte", "Voleuse").past("Chef Rebelle", "Glaneuse").past("Contrebandière", "Éclaireur")
    sc.hand(0, "Juge").hand(1, "Banquière")
    duel(sc, "Juge", "Banquière")
    assert sc.influence(1, "Banquière") == 10 and sc.seals() == [3, 1]


def test_a_block_of_two_effects_and_its_sinon(examples):
    # Banquière: Si tu as moins de cartes en main que l'adversaire, Piocher 2 cartes et L'adversaire défausse
    # 1 carte de sa main au hasard, sinon Piocher 1 carte
    sc = game(examples).hand(0, "Banquière").hand(1, "Archonte", "Scribe", "Juge")
    events = duel(sc, "Banquière", "Archonte")
    before_count = events[: kinds(events).index("count")]
    assert len([e for e in events_of(before_count, "draw") if e["player"] == 0]) == 2
    assert [e["player"] for e in events_of(before_count, "discard")] == [1]
    assert len(sc.state.seats[1].discard) == 1
    sc = game(examples).hand(0, "Banquière", "Voleuse", "Juge").hand(1, "Archonte")
    events = duel(sc, "Banquière", "Archonte")
    before_count = events[: kinds(events).index("count")]
    assert len([e for e in events_of(before_count, "draw") if e["player"] == 0]) == 1
    assert events_of(before_count, "discard") == []


def test_et_needs_both_and_compares_two_players_counts(examples):
    # Chef Rebelle: Si tu as au moins 2 sceaux et l'adversaire a plus de sceaux que toi, +3 sur cette carte et Piocher 1 carte
    sc = game(examples).past("Archonte", "Voleuse").past("Contrebandière", "Glaneuse")
    sc.past("Voleuse", "Banquière").past("Glaneuse", "Juge").past("Éclaireur", "Scribe")
    assert sc.seals() == [2, 3]
    sc.hand(0, "Chef Rebelle").hand(1, "Archonte")
    duel(sc, "Chef Rebelle", "Archonte")
    assert sc.influence(0, "Chef Rebelle") == 18 and sc.seals() == [3, 3]
    sc = game(examples).past("Archonte", "Voleuse").past("Contrebandière", "Glaneuse").hand(0, "Chef Rebelle").hand(1, "Archonte")
    duel(sc, "Chef Rebelle", "Archonte")  # 2 seals each: the second condition fails
    assert sc.influence(0, "Chef Rebelle") == 15


def test_ou_holds_when_either_holds(examples):
    # Grand Maître, when it loses: Si la carte adverse est de l'Académie ou l'influence de cette carte est
    # inférieure à celle de la carte adverse, +2 sur cette carte
    sc = game(examples).hand(0, "Grand Maître").hand(1, "Chef Rebelle")  # Rébellion, but 12 < 15
    duel(sc, "Grand Maître", "Chef Rebelle")
    assert sc.influence(0, "Grand Maître") == 14


def test_conditions_mean_what_logic_means():
    class Fixed:
        """A quantity and a condition of a fixed value (the handlers get the state and the acting ability)."""

        def __init__(self, n):
            self.n = n

        def value(self, state, act):
            return self.n

        def holds(self, state, act):
            return bool(self.n)

    yes, no = Fixed(1), Fixed(0)
    assert C.Et.model_construct(conditions=[yes, no]).holds(None, None) is False
    assert C.Ou.model_construct(conditions=[no, yes]).holds(None, None) is True
    assert C.SaufSi.model_construct(condition=no).holds(None, None) is True
    assert C.Possession.model_construct(left=Fixed(2), comparison=Comparison.AT_LEAST, right=3).holds(None, None) is False
    assert C.Possession.model_construct(left=Fixed(3), comparison=Comparison.EQUAL, right=Fixed(3)).holds(None, None)


# ---------------------------------------------------------------------------
# Computed amounts
# ---------------------------------------------------------------------------


def test_plus_one_for_each_opponent_seal(examples):
    # Alchimiste Noire: +1 sur cette carte pour chaque sceau de l'adversaire (the example)
    sc = game(examples).past("Voleuse", "Banquière").past("Glaneuse", "Juge").past("Éclaireur", "Scribe")
    sc.hand(0, "Alchimiste Noire").hand(1, "Banquière")
    events = duel(sc, "Alchimiste Noire", "Banquière")
    # four seals: three past ones and the Banquière's, taken at the reveal; 12 against 10, the seal moves
    assert events_of(events, "modify")[0]["tokens"] == [3, 1]
    assert sc.influence(0, "Alchimiste Noire") == 12 and sc.seals() == [1, 3]
    # counted when the effect acts: the seal the Archonte took at the reveal is one
    sc = game(examples).hand(0, "Alchimiste Noire").hand(1, "Archonte")
    duel(sc, "Alchimiste Noire", "Archonte")
    assert sc.influence(0, "Alchimiste Noire") == 9


def test_draw_one_for_each_and_as_many_as(examples):
    # Scribe: Piocher 1 carte pour chaque sceau de l'adversaire
    sc = game(examples).past("Voleuse", "Banquière").past("Glaneuse", "Juge").hand(0, "Scribe").hand(1, "Archonte")
    events = duel(sc, "Scribe", "Archonte")
    before_count = events[: kinds(events).index("count")]
    assert len([e for e in events_of(before_count, "draw") if e["player"] == 0]) == 3  # two past seals and this one
    # Archonte, when it wins: Si l'adversaire a exactement 4 sceaux, Gagner la partie, sinon Piocher autant de
    # cartes que l'adversaire a de sceaux
    sc = game(examples).past("Voleuse", "Banquière").past("Glaneuse", "Juge").past("Éclaireur", "Scribe")
    sc.hand(0, "Archonte").hand(1, "Voleuse")
    events = duel(sc, "Archonte", "Voleuse")
    before_count = events[: kinds(events).index("count")]
    assert len([e for e in events_of(before_count, "draw") if e["player"] == 0]) == 3
    sc = game(examples).past("Voleuse", "Banquière").past("Glaneuse", "Juge").past("Éclaireur", "Scribe")
    sc.past("Tacticienne", "Imitateur").hand(0, "Archonte").hand(1, "Voleuse")
    duel(sc, "Archonte", "Voleuse")
    assert sc.outcome().winner == 0 and sc.outcome().code == "ability"


def test_minus_one_for_each_opponent_card_in_play(examples):
    # Saltimbanque: −1 sur la carte adverse pour chaque carte en jeu de l'adversaire
    sc = game(examples, "II").past("Mendiante", "Pie").past("Devin", "Tisserande").hand(0, "Saltimbanque").hand(1, "Faussaire")
    duel(sc, "Saltimbanque", "Faussaire")
    assert sc.influence(1, "Faussaire") == 3  # 6 − 3: Pie, Tisserande and Faussaire are in play


# ---------------------------------------------------------------------------
# Moving cards: Prendre, Regarder, Échanger, Copier
# ---------------------------------------------------------------------------


def test_take_a_card_of_the_opponents_hand_at_random(examples):
    # Voleuse: Prendre 1 carte de la main adverse au hasard — it becomes P1's
    sc = game(examples).hand(0, "Voleuse").hand(1, "Juge", "Scribe", "Archonte")
    scribe, archonte = ids(sc, 1, "Scribe", "Archonte")
    events = duel(sc, "Voleuse", "Juge")
    (taken,) = events_of(events, "take")
    assert (taken["card"], taken["owner"], taken["zone"], taken["to"], taken["to_zone"]) == ("Scribe", 1, "main", 0, "main")
    assert scribe in sc.state.seats[0].hand and scribe not in sc.state.seats[1].hand and archonte in sc.state.seats[1].hand
    assert sc.state.owners[scribe] == 0 and sc.state.check_invariants() == []
    # P2 does not see which card P1 took from a face-down pile … but from P2's own hand, P2 knows it
    render = sc.game.render
    assert "Scribe" in render(taken, 1) and "Scribe" in render(taken, 0)


def test_take_a_card_of_your_discard(examples):
    # Glaneuse: Prendre 1 carte de ta défausse ; Piocher 1 carte
    sc = game(examples).hand(0, "Glaneuse").hand(1, "Scribe")
    juge, voleuse = sc._take(0, "Juge"), sc._take(0, "Voleuse")
    sc.state.seats[0].discard += [juge, voleuse]
    duel(sc, "Glaneuse", "Scribe", "Juge")
    assert juge in sc.state.seats[0].hand and sc.state.seats[0].discard == [voleuse]


def test_take_from_the_opponents_pile_into_their_discard_and_face_up(examples):
    # Mendiante: Prendre 2 cartes de la pioche adverse au hasard dans la défausse adverse
    sc = game(examples, "II").hand(0, "Mendiante").hand(1, "Pie")
    pile = len(sc.state.seats[1].pile)
    duel(sc, "Mendiante", "Pie")
    assert len(sc.state.seats[1].discard) == 2 and len(sc.state.seats[1].pile) == pile - 2
    # Pie: Prendre 1 carte de la défausse adverse face visible
    sc = game(examples, "II").hand(0, "Pie").hand(1, "Devin")
    sage = sc._take(1, "Sage")
    sc.state.seats[1].discard.append(sage)
    events = duel(sc, "Pie", "Devin")  # the Sage: the only card in P2's discard
    (taken,) = events_of(events, "take")
    assert taken["visible"] and sage in sc.state.seats[0].hand and sc.state.owners[sage] == 0


def test_give_a_card_and_take_one_under_a_pile(examples):
    # Usurier: Prendre 1 carte de ta main dans la main adverse ; Prendre 1 carte de la main adverse au hasard
    sc = game(examples, "II").hand(0, "Usurier", "Mendiante").hand(1, "Empereur", "Pie")
    mendiante = sc.card(0, "Mendiante")
    events = duel(sc, "Usurier", "Empereur")  # the Mendiante: the only card left in P1's hand
    # given to P2 (it is P2's), then a card of P2's hand at random (chance's first option: the lowest influence)
    assert [(e["card"], e["owner"], e["to"]) for e in events_of(events, "take")] == [("Mendiante", 0, 1), ("Mendiante", 1, 0)]
    assert sc.state.owners[mendiante] == 0 and sc.names(1, "hand") == ["Pie"] and sc.state.check_invariants() == []
    # Faussaire: Prendre 1 carte de ta main sous ta pioche ; Piocher 2 cartes
    sc = game(examples, "II").hand(0, "Faussaire", "Sage").hand(1, "Empereur")
    sage = sc.card(0, "Sage")
    duel(sc, "Faussaire", "Empereur")  # the Sage: the only card left in P1's hand
    assert sc.state.seats[0].pile.segments[-1].cards == [sage]


def test_look_at_the_top_of_a_pile_and_keep_one(examples):
    # Éclaireur: Regarder les 3 premières cartes de ta pioche et en prendre 1 en main
    sc = game(examples).hand(0, "Éclaireur").hand(1, "Juge")
    events = duel(sc, "Éclaireur", "Juge", "Banquière")
    (look,) = events_of(events, "look")
    assert sorted(look["cards"]) == ["Alchimiste Noire", "Archonte", "Banquière"]  # chance drew them (first options)
    assert sc.card(0, "Banquière") in sc.state.seats[0].hand
    assert set(sc.state.seats[0].pile.segments[0].cards) == {sc.card(0, "Alchimiste Noire"), sc.card(0, "Archonte")}
    assert "Banquière" not in sc.game.render(look, 1) and "Banquière" in sc.game.render(look, 0)
    # while the player chooses, the cards looked at are set aside: every card is still in one place, copies too
    sc = game(examples).hand(0, "Éclaireur").hand(1, "Juge")
    sc.start()
    while (decision := sc.state.decision()).kind != "keep":
        sc.choose(("Éclaireur", "Juge")[decision.player] if decision.kind == "play" else decision.labels()[0])
        assert sc.state.check_invariants() == []
    assert len(sc.state.aside) == 3 and sc.state.check_invariants() == [] and sc.state.clone().check_invariants() == []
    sc.choose("Banquière")
    assert sc.state.aside == [] and sc.state.check_invariants() == []
    # Devin: Regarder les 2 premières cartes de la pioche adverse et en défausser 1
    sc = game(examples, "II").hand(0, "Devin").hand(1, "Empereur")
    events = duel(sc, "Devin", "Empereur", "Bretteur")
    assert [sc.state.names[c] for c in sc.state.seats[1].discard] == ["Bretteur"]


def test_exchange_your_card_with_a_card_of_your_hand(examples):
    # Contrebandière: Échanger ta carte avec une carte de ta main — the encounter is re-evaluated
    sc = game(examples).hand(0, "Contrebandière", "Archonte").hand(1, "Chef Rebelle")
    contrebandiere, archonte = sc.card(0, "Contrebandière"), sc.card(0, "Archonte")
    events = duel(sc, "Contrebandière", "Chef Rebelle")  # the Archonte: the only card left in hand
    assert sc.state.line[0].cards[0] == archonte and contrebandiere in sc.state.seats[0].hand
    assert sc.seals() == [1, 0] and "seal_moves" in kinds(events)
    # Corsaire: Échanger une de tes cartes d'une rencontre passée au choix avec une carte de ta main
    sc = game(examples, "II").past("Mendiante", "Pie").hand(0, "Corsaire", "Empereur").hand(1, "Marchand Royal")
    duel(sc, "Corsaire", "Marchand Royal")  # the Mendiante, the only past card; the Empereur, the only card in hand
    assert sc.state.names[sc.state.line[0].cards[0]] == "Empereur" and sc.seals() == [1, 1]


def test_copy_the_opponents_ability(examples):
    # Imitateur: Copier la capacité de la carte adverse — Juge's "−3 sur la carte adverse", for P1
    sc = game(examples).hand(0, "Imitateur").hand(1, "Juge")
    events = duel(sc, "Imitateur", "Juge")
    assert [e["card"] for e in events_of(events, "copy")] == ["Juge"]
    assert sc.influence(1, "Juge") == 6 and sc.seals() == [0, 0]  # 6 against 6: a tie, the seal returns


def test_a_copy_of_a_copy_copies_nothing(tmp_path, examples):
    files = over_examples(tmp_path, "== Tacticienne ==\nPaquet I · Dynastie · influence 4\nCapacité instantanée : Copier la capacité de la carte adverse\n")
    sc = game(files).hand(0, "Tacticienne").hand(1, "Imitateur")
    events = duel(sc, "Tacticienne", "Imitateur")
    assert [e["card"] for e in events_of(events, "copy")] == ["Imitateur"]
    assert len(events_of(events, "copy_nothing")) == 1


# ---------------------------------------------------------------------------
# Abilities: several per card, triggers, limits, properties
# ---------------------------------------------------------------------------


def test_an_instantaneous_and_a_persistent_ability_on_one_card(examples):
    # Duchesse: Capacité persistante : Tes cartes gagnent les égalités / Capacité instantanée : Piocher 1 carte
    sc = game(examples, "II").hand(0, "Duchesse").hand(1, "Empereur")
    events = duel(sc, "Duchesse", "Empereur")
    assert [e["ability"] for e in events_of(events, "activate") if e["player"] == 0] == ["persistent", "instant"]
    assert sc.card(0, "Duchesse") in sc.state.persistent


def test_quand_cette_carte_gagne_and_perd(examples):
    # Grand Maître wins: "quand cette carte gagne : Piocher 1 carte" acts, after the loser's ability
    sc = game(examples).hand(0, "Grand Maître").hand(1, "Tacticienne")
    events = duel(sc, "Grand Maître", "Tacticienne")
    assert [(e["player"], e["card"]) for e in events_of(events, "activate")] == [(1, "Tacticienne"), (0, "Grand Maître")]
    # Régente (deck II): persistent "quand cette carte perd", instant "quand cette carte gagne"
    sc = game(examples, "II").hand(0, "Régente").hand(1, "Empereur")
    events = duel(sc, "Régente", "Empereur")
    assert [e["ability"] for e in events_of(events, "activate") if e["player"] == 0] == ["persistent"]
    sc = game(examples, "II").hand(0, "Régente").hand(1, "Mendiante")
    events = duel(sc, "Régente", "Mendiante")
    assert [e["ability"] for e in events_of(events, "activate") if e["player"] == 0] == ["instant"]
    assert sc.card(0, "Régente") not in sc.state.persistent


def test_une_fois_par_duel_is_a_bound(examples):
    # Bretteur: Capacité instantanée, 2 fois par duel : −2 sur la carte adverse ; +1 sur cette carte
    sc = game(examples, "II").hand(0, "Bretteur").hand(1, "Empereur")
    bretteur = sc.card(0, "Bretteur")
    duel(sc, "Bretteur", "Empereur")
    assert sc.state.used == {(bretteur, 0): 1} and sc.influence(1, "Empereur") == 14
    sc = game(examples, "II").hand(0, "Bretteur").hand(1, "Empereur")
    sc.state.used[(bretteur, 0)] = 2  # twice already this game
    events = duel(sc, "Bretteur", "Empereur")
    assert events_of(events, "limit_reached")[0]["times"] == 2 and sc.influence(1, "Empereur") == 16
    # Capitaine des Gardes: "quand cette carte gagne, une fois par duel"
    sc = game(examples).past("Voleuse", "Sentinelle d'Argent").persistent(1, "Sentinelle d'Argent")
    sc.hand(0, "Capitaine des Gardes").hand(1, "Juge")
    capitaine = sc.card(0, "Capitaine des Gardes")
    duel(sc, "Capitaine des Gardes", "Juge")  # it wins (10 against 9 after the Juge's −3): its second ability acts
    assert sc.state.persistent == [] and sc.state.used == {(capitaine, 1): 1}
    sc = game(examples).past("Voleuse", "Sentinelle d'Argent").persistent(1, "Sentinelle d'Argent")
    sc.hand(0, "Capitaine des Gardes").hand(1, "Juge")
    sc.state.used[(capitaine, 1)] = 1
    events = duel(sc, "Capitaine des Gardes", "Juge")
    assert "limit_reached" in kinds(events) and sc.state.persistent == [sc.card(1, "Sentinelle d'Argent")]


def test_a_blocked_limited_ability_has_not_acted(tmp_path, examples):
    files = over_examples(tmp_path, "== Magistrate ==\nPaquet II · Dynastie · influence 9\nCapacité persistante : Les capacités instantanées adverses n'agissent pas\n")
    sc = game(files, "II").past("Empereur", "Magistrate").persistent(1, "Magistrate").hand(0, "Bretteur").hand(1, "Sage")
    events = duel(sc, "Bretteur", "Sage")
    assert "blocked" in kinds(events) and sc.state.used == {}


def test_a_property_acts_in_play_without_a_token(tmp_path, examples):
    # Sentinelle d'Argent: Propriété : Cette carte gagne les égalités — a past tie made later keeps its seal
    files = over_examples(
        tmp_path,
        "== Juge ==\nPaquet I · Dynastie · influence 9\nCapacité instantanée : +1 sur une de tes cartes d'une rencontre passée au choix\n",
    )
    sc = game(files).past("Imitateur", "Sentinelle d'Argent").hand(0, "Juge").hand(1, "Archonte")
    assert sc.seals() == [0, 1]
    duel(sc, "Juge", "Archonte")  # the Imitateur: the only past card of P1
    assert sc.influence(0, "Imitateur") == 7 and sc.state.line[0].winner == 1 and sc.seals() == [0, 2]
    assert sc.state.persistent == []


def test_a_set_of_cards_wins_ties(examples):
    # Capitaine des Gardes' persistent ability: Tes cartes de la Dynastie gagnent les égalités
    sc = game(examples).past("Capitaine des Gardes", "Voleuse").persistent(0, "Capitaine des Gardes")
    sc.hand(0, "Sentinelle d'Argent").hand(1, "Sentinelle d'Argent")
    events = duel(sc, "Sentinelle d'Argent", "Sentinelle d'Argent")
    # both cards win ties by their property; P1's also by the Capitaine: still both, a tie
    assert "tie" in kinds(events)
    # a Dynastie card of P1's against the same card of P2's: P1's wins the tie, P2's loses and acts
    sc = game(examples).past("Capitaine des Gardes", "Voleuse").persistent(0, "Capitaine des Gardes")
    sc.hand(0, "Juge").hand(1, "Juge")
    events = duel(sc, "Juge", "Juge")
    assert events_of(events, "result")[0]["player"] == 0
    assert [e["player"] for e in events_of(events, "activate")] == [1]


def test_cards_played_face_up(examples):
    # Rebelle Masquée (persistent, P1's): Les cartes adverses se jouent face visible — P2's card is shown,
    # and P1, who chose first, chooses again seeing it
    sc = game(examples).past("Rebelle Masquée", "Voleuse").persistent(0, "Rebelle Masquée")
    sc.hand(0, "Juge", "Banquière").hand(1, "Tacticienne")
    events = duel(sc, "Juge", "Tacticienne")
    turn = events[: kinds(events).index("reveal")]
    assert [(e["e"], e["player"]) for e in turn if e["e"] in ("chosen", "shown")] == [("chosen", 0), ("chosen", 1), ("shown", 1), ("chosen", 0)]
    # Saltimbanque (deck II): Propriété : Cette carte se joue face visible, wherever it is
    sc = game(examples, "II").hand(0, "Saltimbanque").hand(1, "Pie")
    events = duel(sc, "Saltimbanque", "Pie")
    turn = events[: kinds(events).index("reveal")]
    assert [(e["e"], e["player"]) for e in turn if e["e"] in ("chosen", "shown")] == [("chosen", 0), ("shown", 0), ("chosen", 1)]


# ---------------------------------------------------------------------------
# Refusals: what could not end or means nothing, at its place
# ---------------------------------------------------------------------------


def read_ability(text: str):
    body = f"Duel pour Cardia : cartes\n== Essai ==\nPaquet I · Guilde · influence 3\n{text}\n"
    return read_document("essai.atout", body, LANGUAGES)


@pytest.mark.parametrize(
    ("text", "code", "column"),
    [
        ("Capacité instantanée : Copier la capacité de cette carte", "E360", 24),
        ("Capacité instantanée : Prendre 1 carte de ta main", "E361", 24),
        ("Capacité instantanée : Regarder les 2 premières cartes de ta pioche et en prendre 3 en main", "E362", 83),
        ("Capacité instantanée : Échanger la carte adverse avec une carte de ta main", "E363", 24),
        ("Capacité instantanée, une fois par duel, 2 fois par duel : Piocher 1 carte", "E364", 42),
        ("Capacité instantanée : Si tu as au moins 500 sceaux, Piocher 1 carte", "E200", 42),
    ],
)
def test_refused_at_its_place(text, code, column):
    document = read_ability(text)
    assert [(d.code, d.line, d.column) for d in document.diagnostics] == [(code, 4, column)]


def test_a_misspelt_new_word_gets_the_nearest(tmp_path):
    (problem,) = read_ability("Capacité instantanée : Prenre 1 carte de la main adverse").diagnostics
    assert problem.code == "E111" and problem.suggestion == "Prendre"


# ---------------------------------------------------------------------------
# The examples: read back as themselves, played and replayed
# ---------------------------------------------------------------------------


def test_every_example_card_reads_back_as_itself(examples):
    from atout.interpreter.games.cardia.writing import write_card

    for path in sorted(EXAMPLES.glob("*.atout")):
        document = read_document(path.name, path.read_text(encoding="utf-8"), LANGUAGES)
        for card in getattr(document.node, "cards", []):
            text = write_card(card)
            (again,) = read_document("x.atout", "Duel pour Cardia : cartes\n" + text, LANGUAGES).node.cards
            assert again == card and write_card(again) == text


@pytest.mark.parametrize("setup", [{"deck": "I"}, {"deck": "II", "protecteurs": True}], ids=["deck-I", "deck-II-protecteurs"])
def test_fifty_seeded_example_games_play_and_replay(setup, tmp_path):
    """25 games a setup, random bots and the heuristic bot: each ends, and its record replays identically."""
    loaded = api.load_game("cardia", EXAMPLES, **setup)
    for seed in range(25):
        bots = ("random", "random") if seed % 2 else ("heuristic", "random")
        path = tmp_path / f"game-{seed}.jsonl"
        played = api.play(loaded, bots, seed=seed, record=path)
        assert played.state.check_invariants() == []
        # the bound: in a turn, a card activates each of its abilities at most once (a copy copies nothing more)
        activations: dict[tuple[int, int, str], int] = {}
        turn = 0
        for event in played.events:
            turn = event["turn"] if event["e"] == "turn" else turn
            if event["e"] == "activate":
                key = (turn, event["player"], event["card"])
                activations[key] = activations.get(key, 0) + 1
        abilities = {card.name: len(card.capacites) for card in loaded.game.characters}
        assert all(count <= abilities[card] for (_, _, card), count in activations.items())
        assert len([e for e in played.events if e["e"] == "copy"]) <= turn
        steps = list(api.replay(path))  # raises Divergence at the first difference
        assert len(steps) == played.actions and steps[-1].state.outcome() == played.outcome
