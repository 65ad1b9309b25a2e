"""The forms of version 2 of BattleFight's language, each in a position set by hand.

Several modifiers and several types in one step, "Si … : …, sinon : …" and
its conditions, "pour chaque" and "autant que", "Prendre", and the powers
"Quand … : …" with their limits and their bound.
"""

from __future__ import annotations

import pytest

from atout.interpreter.engine.decision import CHANCE
from atout.interpreter.games import LANGUAGES
from atout.interpreter.language.loader import read_document
from atout.interpreter.language.project import validate

CARDS = """
== Double Renvoi ==
Attaque
Tout le monde a [L'adversaire a] Blesser 2

== Renvoi Renvoyé ==
Attaque
L'adversaire a L'adversaire a Blesser 2

== Entraves ==
Rhétorique
[L'adversaire a] S'Empêcher Attaque ou Défense ; Stable

== Mains Liées ==
Rhétorique
[L'adversaire a] S'Empêcher Carte Concentration et Rhétorique ; Stable

== Choix ==
Attaque
Si la distance est de 1 : Blesser 2 puis Blesser 1, sinon : Piocher 1 ; Se Blesser 1

== Peut-être ==
Attaque
Si ta vie est d'au plus 5 : Bloquer 5 ; Se Blesser 1

== Au Contact ==
Attaque
Si ta vie est d'au moins 1 : Corps à Corps puis Blesser 1 ; Piocher 1

== Érudition ==
Attaque
Blesser 1 pour chaque carte de ta main

== Portée ==
Attaque
Blesser 2 pour chaque case de distance

== Rancune ==
Défense
Bloquer autant que tes points de dégâts

== Emprunt ==
Rhétorique
Prendre 1 carte de la défausse de l'adversaire

== Vol ==
Rhétorique
Prendre 1 carte de la main de l'adversaire au hasard

== Aveu ==
Rhétorique
Prendre 2 cartes de la main de l'adversaire au choix de l'adversaire dans la défausse de l'adversaire

== Présent ==
Rhétorique
Prendre 1 carte de ta main dans la pioche de l'adversaire

== Augure ==
Concentration
Prendre 1 carte parmi les 3 premières de ta pioche

== Rebond ==
Défense
Quand tu es poussé : Se Déplacer 1 ; Stable

== Coup ==
Attaque
Pousser 1

== Double Coup ==
Attaque
Blesser 1 ; Blesser 1

== Vigilance ==
Défense
Une fois par tour, quand tu es blessé : Piocher 1 ; Stable

== Aube ==
Concentration
Une fois par partie, au début de ton tour : Piocher 2 ; Stable

== Écho ==
Attaque
Quand l'adversaire est blessé : Blesser 1 ; Stable

== Riposte ==
Défense
Quand tu es blessé : Blesser 1 ; Stable

== Contre ==
Défense
Quand tu es poussé : Distance 3 puis Blesser 2 ; Stable
"""


@pytest.fixture
def game(scenario):
    """A scenario with the cards above; P1 to play."""
    return scenario(CARDS)


def damages(events: list[dict]) -> list[tuple[int, int]]:
    """(player, amount) of each damage event, in order."""
    return [(e["player"], e["amount"]) for e in events if e["e"] == "damage"]


def kinds(events: list[dict]) -> list[str]:
    return [e["e"] for e in events]


# ---------------------------------------------------------------------------
# Several modifiers, several types
# ---------------------------------------------------------------------------


def test_modifiers_are_read_left_to_right(game):
    """`Tout le monde a [L'adversaire a] X`: for each player, the other has X: the opponent hits first."""
    events = game.give(0, "Double Renvoi").play("Double Renvoi")
    assert damages(events) == [(0, 2), (1, 2)]
    assert (game.seat(0).life, game.seat(1).life) == (18, 18)


def test_two_l_adversaire_a_give_the_step_back_to_its_owner(game):
    events = game.give(0, "Renvoi Renvoyé").play("Renvoi Renvoyé")
    assert damages(events) == [(1, 2)]


def test_s_empecher_several_types(game):
    game.give(0, "Entraves").play("Entraves")
    labels = [option.label for option in game.state.playable(1)]
    assert "Attaque de base" not in labels and "Défense de base" not in labels
    assert "Déplacement de base" in labels and "Concentration de base" in labels


def test_s_empecher_carte_several_types_leaves_the_basics(game):
    game.give(0, "Mains Liées").play("Mains Liées")
    game.give(1, "Augure", "Méditation", "Décharge")
    labels = [option.label for option in game.state.playable(1)]
    assert "Augure" not in labels and "Méditation" not in labels and "Décharge" in labels
    assert "Concentration de base" in labels and "Rhétorique de base" in labels


# ---------------------------------------------------------------------------
# Si … : …, sinon : …
# ---------------------------------------------------------------------------


def test_si_runs_its_block_when_the_condition_holds_then_the_technique_goes_on(game):
    game.place("D4", "D5")
    events = game.give(0, "Choix").play("Choix")
    assert damages(events) == [(1, 2), (1, 1), (0, 1)]
    assert [e["ok"] for e in events if e["e"] == "test"] == [True]
    assert game.discard(0) == ["Choix"]


def test_si_runs_the_sinon_block_otherwise(game):
    game.give(0, "Choix")
    pile = len(game.seat(0).pile)
    events = game.play("Choix") + game.draw_any()
    assert [e["ok"] for e in events if e["e"] == "test"] == [False]
    assert len(game.seat(0).pile) == pile - 1 and len(game.seat(0).hand) == 1
    assert damages(events) == [(0, 1)]


def test_si_without_sinon_does_nothing_when_false(game):
    events = game.give(0, "Peut-être").play("Peut-être")
    assert [e["e"] for e in events if e["e"] in ("heal", "block_step")] == []
    assert damages(events) == [(0, 1)]


def test_a_condition_that_fails_in_a_block_stops_the_technique(game):
    events = game.give(0, "Au Contact").play("Au Contact")
    assert damages(events) == [] and "draw" not in kinds(events)
    assert any(e["e"] == "deactivate" and e["why"] == "failed" for e in events)


def condition(text: str):
    """The condition of a card `Si <text> : Blesser 1`."""
    card = "BattleFight : cartes\n== T ==\nAttaque\nSi " + text + " : Blesser 1\n"
    document = read_document("t.atout", card, LANGUAGES)
    assert document.diagnostics == [], [d.render() for d in document.diagnostics]
    return document.node.cards[0].steps[0].keyword.condition


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ta vie est d'au plus 8", True),
        ("ta vie est d'au moins 9", False),
        ("ta vie est de 8", True),
        ("ta vie n'est pas de 8", False),
        ("la vie de l'adversaire est supérieure à 11", True),
        ("la vie de l'adversaire est inférieure à 12", False),
        ("la distance est de 1", True),
        ("tes points de dégâts sont de 3", True),
        ("les points de dégâts de l'adversaire ne sont pas de 0", False),
        ("le nombre de cartes de ta main est de 2", True),
        ("le nombre de cartes de la main de l'adversaire est de 0", True),
        ("le nombre de cartes de ta défausse est d'au moins 1", False),
        ("tu as moins de vie que l'adversaire", True),
        ("tu as plus de cartes en main que l'adversaire", True),
        ("tu as autant de cartes en défausse que l'adversaire", True),
        ("tu as plus de points de dégâts que l'adversaire", True),
        ("ta vie est de 8 et la distance est de 2", False),
        ("ta vie est de 7 ou la distance est de 1", True),
        ("ta vie est de 7 ou la distance est de 3 et ta vie est de 8", False),
        ("ta vie est de 7 et la distance est de 3 ou ta vie est de 8", True),
    ],
)
def test_conditions(game, text, expected):
    """P1: life 8, damage points 3, 2 cards in hand; P2: life 12; the pawns side by side."""
    game.place("D4", "D5").give(0, "Coup", "Coup")
    game.seat(0).life, game.seat(0).damage, game.seat(1).life = 8, 3, 12
    assert condition(text).holds(game.state, 0, 1) is expected
    # from the other side, "ta" is the opponent's: the comparison of lives turns round
    if text == "tu as moins de vie que l'adversaire":
        assert condition(text).holds(game.state, 1, 0) is False


# ---------------------------------------------------------------------------
# Computed amounts
# ---------------------------------------------------------------------------


def test_pour_chaque_carte_de_ta_main(game):
    events = game.give(0, "Érudition", "Coup", "Coup", "Vol").play("Érudition")
    assert damages(events) == [(1, 3)]  # three cards are left in hand once it is played


def test_pour_chaque_case_de_distance(game):
    game.place("D4", "D6")
    events = game.give(0, "Portée").play("Portée")
    assert damages(events) == [(1, 4)]


def test_autant_que_tes_points_de_degats(game):
    game.seat(0).life, game.seat(0).damage = 10, 5
    events = game.give(0, "Rancune").play("Rancune")
    assert [(e["player"], e["amount"]) for e in events if e["e"] == "heal"] == [(0, 5)]
    assert game.seat(0).life == 15


def test_a_computed_amount_is_bounded():
    from atout.interpreter.games.battlefight.quantities import Cartes, PourChaque
    from atout.interpreter.language.logic import MAX_AMOUNT

    class Many:
        seats = [type("S", (), {"hand": list(range(500)), "pile": [], "discard": []})()]

    assert PourChaque(per=20, quantity=Cartes()).value(Many(), 0, 0) == MAX_AMOUNT


# ---------------------------------------------------------------------------
# Prendre
# ---------------------------------------------------------------------------


def to_discard(game, seat: int, name: str) -> None:
    """Move a card of that name from the seat's pile to its discard."""
    game.give(seat, name)
    card = next(c for c in game.seat(seat).hand if game.state.name_of(c) == name)
    game.seat(seat).hand.remove(card)
    game.seat(seat).discard.append(card)


def test_prendre_from_the_opponents_discard(game):
    to_discard(game, 1, "Javelot")
    events = game.give(0, "Emprunt").play("Emprunt")
    assert game.hand(0) == ["Javelot"] and game.discard(1) == []
    card = game.seat(0).hand[0]
    assert game.state.owners[card] == 0  # P1's from now on: it goes to P1's discard when played
    assert [e["card"] for e in events if e["e"] == "take"] == ["Javelot"]
    assert game.state.check_invariants() == []


def test_prendre_from_an_empty_zone_takes_nothing(game):
    events = game.give(0, "Emprunt").play("Emprunt")
    assert "take_none" in kinds(events) and game.hand(0) == []


def test_prendre_au_hasard_is_chance(game):
    game.give(1, "Javelot", "Parade", "Parade")
    game.give(0, "Vol").choose("Vol")
    decision = game.decision
    assert decision.player == CHANCE and decision.kind == "take"
    assert sorted((o.label, o.weight) for o in decision.options) == [("Javelot", 1), ("Parade", 2)]
    game.choose("Parade")
    assert game.hand(0) == ["Parade"] and game.hand(1) == ["Javelot", "Parade"]


def test_prendre_au_choix_de_l_adversaire_into_a_discard(game):
    game.give(1, "Javelot", "Parade", "Méditation")
    game.give(0, "Aveu").choose("Aveu")
    assert game.decision.player == 1 and game.decision.kind == "take"
    game.choose("Javelot")
    game.choose("Méditation")
    assert game.hand(1) == ["Parade"] and game.discard(1) == ["Javelot", "Méditation"]
    assert game.state.check_invariants() == []


def test_prendre_into_the_opponents_pile_puts_the_card_on_top(game):
    game.give(0, "Présent", "Javelot")
    game.play("Présent")  # a single card to choose from: taken at once
    top = game.seat(1).pile.segments[0]
    assert [game.state.name_of(c) for c in top] == ["Javelot"]
    assert game.state.owners[next(iter(top))] == 1
    assert game.state.check_invariants() == []


def test_prendre_parmi_les_premieres_cartes_de_ta_pioche(game):
    game.give(0, "Augure")
    game.choose("Augure")
    looked = []
    while game.decision.player == CHANCE:  # chance turns the three top cards face up, one by one
        label = game.decision.labels()[len(looked)]  # three different cards
        looked.append(label)
        game.choose(label)
        assert game.state.check_invariants() == []
    assert len(looked) == 3 and game.decision.player == 0 and game.decision.kind == "take"
    game.choose(looked[1])
    assert game.hand(0) == [looked[1]]
    rest = [game.state.name_of(c) for segment in game.seat(0).pile.segments[:2] for c in segment]
    assert rest == [looked[0], looked[2]]  # back on top, in the order they were
    assert game.state.looking == () and game.state.check_invariants() == []


# ---------------------------------------------------------------------------
# Powers
# ---------------------------------------------------------------------------


def test_quand_tu_es_pousse(game):
    game.place("D4", "D5").give(0, "Rebond").play("Rebond")
    assert "power" in kinds(game.events)
    game.give(1, "Coup")
    events = game.play("Coup")
    if game.decision.kind == "push":
        events += game.choose(game.decision.labels()[0])
    assert "fire" in kinds(events)
    assert game.decision.player == 0 and game.decision.kind == "move"  # the power's Se Déplacer 1
    events = game.choose("stay")
    assert game.decision.player == 0 and game.decision.kind == "play"  # P2's turn is over: P1 plays


def test_une_fois_par_tour(game):
    game.give(0, "Vigilance").play("Vigilance")
    hand = len(game.seat(0).hand)
    game.give(1, "Double Coup")
    events = game.play("Double Coup") + game.draw_any()
    assert damages(events) == [(0, 1), (0, 1)]
    assert kinds(events).count("fire") == 1 and len(game.seat(0).hand) == hand + 1
    game.pass_turn()
    game.give(1, "Double Coup")
    events = game.play("Double Coup") + game.draw_any()
    assert kinds(events).count("fire") == 1  # another turn: it fires again, once


def test_une_fois_par_partie_au_debut_de_ton_tour(game):
    game.give(0, "Aube").play("Aube")
    events = game.pass_turn()  # P2's turn; then P1's starts: the power fires before P1 chooses
    events += game.draw_any()
    assert kinds(events).count("fire") == 1 and len(game.seat(0).hand) == 2
    assert game.decision.player == 0 and game.decision.kind == "play"
    game.pass_turn()
    events = game.pass_turn() + game.draw_any()
    assert "fire" not in kinds(events) and len(game.seat(0).hand) == 2


def test_a_condition_that_fails_in_a_power_stops_the_power_not_its_technique(game):
    game.place("D4", "D5").give(0, "Contre").play("Contre")
    game.give(1, "Coup")
    events = game.play("Coup")
    if game.decision.kind == "push":
        events += game.choose(game.decision.labels()[0])
    assert "fire" in kinds(events) and "power_stops" in kinds(events)
    assert damages(events) == [] and "Contre" in game.in_play()


def test_a_power_never_sets_itself_off(game):
    """`Quand l'adversaire est blessé : Blesser 1`: the blow it deals does not set it off again."""
    game.give(0, "Écho").play("Écho")
    game.pass_turn()
    game.place("D4", "D5")
    events = game.play("Attaque de base")
    assert damages(events) == [(1, 1), (1, 1)] and kinds(events).count("fire") == 1


def test_a_chain_of_powers_ends(game):
    """P1 strikes back when P2 is hurt, P2 when hurt: each fires once, and the turn ends."""
    game.give(0, "Écho").play("Écho")
    game.give(1, "Riposte").play("Riposte")
    game.place("D4", "D5")
    events = game.play("Attaque de base")
    assert damages(events) == [(1, 1), (1, 1), (0, 1)]
    assert kinds(events).count("fire") == 2
    assert game.decision.player == 1 and game.decision.kind == "play"


def test_a_power_that_sets_itself_off_without_a_limit_is_refused(tmp_path):
    path = tmp_path / "boucle.atout"
    path.write_text(
        "BattleFight : cartes\n\n== Boucle ==\nDéfense\nQuand l'adversaire est blessé : Blesser 1 ; Stable\n\n"
        "== Boucle Bornée ==\nDéfense\nUne fois par tour, quand l'adversaire est blessé : Blesser 1 ; Stable\n\n"
        "== Miroir ==\nDéfense\nQuand tu es poussé : L'adversaire a Pousser 1 ; Stable\n",
        encoding="utf-8",
    )
    problems = [(d.code, d.line) for d in validate([path], LANGUAGES).problems]
    assert problems == [("E330", 5), ("E330", 13)]


def test_a_basic_technique_that_only_replays_inside_a_si_is_refused(tmp_path):
    from atout.interpreter.games.battlefight.checks import only_replays

    document = read_document("b.atout", "BattleFight : cartes\n== B ==\nAttaque\nSi ta vie est d'au moins 1 : Rejouer, sinon : Corps à Corps puis Rejouer\n", LANGUAGES)
    assert only_replays(document.node.cards[0])


def test_compound_steps_take_no_modifier_and_blocks_no_stable(read):
    for text in ("L'adversaire a Si ta vie est de 1 : Blesser 1", "Si ta vie est de 1 : Stable 2", "Si ta vie est de 1 : Si la distance est de 1 : Blesser 1"):
        document = read(f"BattleFight : cartes\n== X ==\nAttaque\n{text}\n")
        assert [d.code for d in document.diagnostics] == ["E111"], text


@pytest.mark.parametrize(
    ("text", "column", "suggestion"),
    [
        ("Si ta vie est d'au mons 3 : Blesser 1", 20, "moins"),
        ("Prendre 1 carte de la mian de l'adversaire", 23, "main"),
        ("Quand tu es pouse : Bloquer 1", 13, "poussé"),
        ("Blesser 1 pour chaque carte de ta pioch", 35, "pioche"),
    ],
)
def test_a_misspelt_word_of_a_new_form_is_told_with_the_nearest(read, text, column, suggestion):
    document = read(f"BattleFight : cartes\n== X ==\nAttaque\n{text}\n")
    (problem,) = document.diagnostics
    assert (problem.code, problem.line, problem.column, problem.suggestion) == ("E111", 4, column, suggestion)
