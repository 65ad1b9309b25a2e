"""Duel de dragons: the families of new mechanics its rulebook fits, each played in a duel and what it does asserted.

- what just happened: `tu as perdu la manche précédente`, `l'écart de la
  manche précédente`, and, once compared, `l'écart de la manche`;
- copying: `cette carte copie la Ruse de la carte adverse pour cette manche`;
- the other player's choice: `l'adversaire choisit : … ou …`;
- lasting effects: `la carte adverse perd 10 en Puissance pendant 2 manches`.

The scenarios are the conftest's `powered` duels (five cards a player, the
whole collection in hand). Each also plays the round where the form must do
nothing, so that a form that did nothing, or always the same, fails.
"""

from __future__ import annotations

import io

import pytest

from atout.cards import CARDS_DIR
from atout.interpreter.engine.loading import load_files
from atout.interpreter.engine.play import play_game, seeded
from atout.interpreter.engine.players import View
from atout.interpreter.engine.record import RecordWriter, parse_record
from atout.interpreter.engine.replay import replay
from atout.interpreter.games import ENGINES, LANGUAGES
from atout.interpreter.games.dragons.bots import HeuristicBot
from atout.interpreter.games.dragons.commentary import render
from atout.interpreter.language.loader import read_document
from atout.interpreter.language.project import validate

from dragon_cards import FIVE, HEADER, NEW_FORMS, card, kinds, last


def bonuses(events: list[dict], seat: int = 0) -> int:
    """The bonuses to a seat's total in these events."""
    return sum(event["amount"] for event in events if event["e"] == "bonus" and event["player"] == seat)


# ---------------------------------------------------------------------------
# What just happened: the previous round, its margin, this round's margin
# ---------------------------------------------------------------------------

RANCUNIERE = card("Rancunière", "Personnage · Commune", "30 30 30 30", "Pouvoir : si tu as perdu la manche précédente : +15 au total.")


def test_a_card_acts_when_its_player_lost_the_previous_round(powered):
    s = powered(RANCUNIERE, ["Rancunière", *FIVE[1:]], FIVE)
    events = s.round("Puissance + Ruse", "Rancunière", "Dragon d'Exemple")  # no round before: nothing
    assert bonuses(events) == 0 and s.state.score == [0, 1]
    events = s.round("Savoir + Charisme", "Rancunière", "Modeste")  # lost round 1: +15, 75 against 60
    assert bonuses(events) == 15 and last(events, "totals")["totals"] == [75, 60]
    assert s.state.score == [1, 1]
    events = s.round("Savoir + Charisme", "Rancunière", "Faible")  # won round 2: nothing
    assert bonuses(events) == 0


def test_after_a_tie_nobody_lost_the_previous_round(powered):
    cards = RANCUNIERE + card("Vengeuse", "Personnage · Commune", "30 30 30 30", "Pouvoir : si l'adversaire a gagné la manche précédente : +15 au total.")
    s = powered(cards, ["Rancunière", *FIVE[1:]], ["Vengeuse", *FIVE[1:]])
    s.round("Puissance + Ruse", "Modeste", "Modeste")  # a tie
    events = s.round("Savoir + Charisme", "Rancunière", "Vengeuse")
    assert bonuses(events, 0) == 0 and bonuses(events, 1) == 0
    assert "tie" in kinds(events)
    events = s.round("Puissance + Charisme", "Faible", "Réserviste")  # P2 wins
    events = s.round("Puissance + Savoir", "Rancunière", "Vengeuse")
    assert (bonuses(events, 0), bonuses(events, 1)) == (15, 0)


def test_a_tie_won_by_a_card_that_wins_ties_is_a_round_lost(powered):
    cards = RANCUNIERE + card("Têtue", "Personnage · Commune", "30 30 30 30", "Pouvoir : cette carte gagne les égalités.")
    s = powered(cards, ["Rancunière", *FIVE[1:]], ["Têtue", *FIVE[1:]])
    s.round("Puissance + Ruse", "Modeste", "Têtue")
    assert s.state.score == [0, 1]
    events = s.round("Savoir + Charisme", "Rancunière", "Faible")
    assert bonuses(events) == 15


ECART = card("Revancharde", "Personnage · Commune", "30 30 30 30", "Pouvoir : si l'écart de la manche précédente est d'au moins 20 : +10 au total.")


def test_the_previous_round_s_margin(powered):
    s = powered(ECART, ["Revancharde", *FIVE[1:]], FIVE)
    s.round("Puissance + Ruse", "Faible", "Dragon d'Exemple")  # 50 against 120: a margin of 70
    events = s.round("Savoir + Charisme", "Revancharde", "Modeste")
    assert bonuses(events) == 10 and s.state.score == [1, 1]  # 70 against 60: a margin of 10
    events = s.round("Puissance + Savoir", "Revancharde", "Faible")
    assert bonuses(events) == 0


def test_the_margin_counts_the_powers_bonuses(powered):
    cards = ECART + card("Boostée", "Personnage · Commune", "30 30 30 30", "Pouvoir : +20 au total.")
    s = powered(cards, ["Revancharde", "Boostée", *FIVE[2:]], FIVE)
    s.round("Puissance + Ruse", "Boostée", "Faible")  # 80 against 50 with the bonus: 30 (10 without)
    events = s.round("Savoir + Charisme", "Revancharde", "Faible")
    assert bonuses(events) == 10


BROYEUR = card("Broyeuse", "Dragon · Rare", "60 60 30 30", "Pouvoir : quand cette carte gagne une manche : si l'écart de la manche vaut au moins 30 : marque 1 point.")


def test_this_round_s_margin_when_the_card_wins(powered):
    s = powered(BROYEUR, ["Broyeuse", *FIVE[1:]], FIVE)
    events = s.round("Puissance + Ruse", "Broyeuse", "Modeste")  # 120 against 60: by 60
    assert last(events, "condition")["holds"] is True
    assert s.state.score == [2, 0]
    events = s.round("Puissance + Ruse", "Broyeuse", "Réserviste")  # 100 against 100: a tie, no trigger
    assert "power" not in kinds(events)
    events = s.round("Savoir + Charisme", "Broyeuse", "Faible")  # 60 against 50: by 10
    assert last(events, "condition")["holds"] is False
    assert s.state.score == [3, 0]


def test_this_round_s_margin_before_the_cards_are_compared_is_refused(tmp_path):
    path = tmp_path / "essai.atout"
    base = "== Essai ==\nDragon · Commune\nPuissance 30 · Ruse 30 · Savoir 30 · Charisme 30\n"
    path.write_text(HEADER + base + "Pouvoir : si l'écart de la manche vaut au moins 10 : +5 au total.\n", encoding="utf-8")
    (problem,) = validate([path], LANGUAGES).diagnostics
    assert (problem.code, problem.line) == ("E354", 5)
    assert "quand cette carte gagne une manche" in problem.message


# ---------------------------------------------------------------------------
# Copying a statistic of the other card
# ---------------------------------------------------------------------------

MIROIR = card("Miroir", "Dragon · Commune", "30 10 30 30", "Pouvoir : cette carte copie la Ruse de la carte adverse pour cette manche.")


def test_a_card_copies_the_other_card_s_statistic_for_this_round(powered):
    s = powered(MIROIR, ["Miroir", *FIVE[1:]], FIVE)
    events = s.round("Puissance + Ruse", "Miroir", "Dragon d'Exemple")  # Ruse 10 becomes 40
    assert bonuses(events) == 30
    assert last(events, "totals")["totals"] == [70, 120]
    assert s.stats_of(0, "Miroir") == [20, 0, 30, 30]  # after the round: the fatigue only


def test_a_copy_may_lower_the_card_and_counts_only_what_the_round_asks(powered):
    cards = card("Miroir Fier", "Dragon · Commune", "30 50 30 30", "Pouvoir : cette carte copie la Ruse de la carte adverse pour cette manche.")
    s = powered(cards, ["Miroir Fier", *FIVE[1:]], FIVE)
    events = s.round("Savoir + Charisme", "Miroir Fier", "Faible")
    assert bonuses(events) == 0 and last(events, "totals")["totals"] == [60, 50]
    events = s.round("Puissance + Ruse", "Miroir Fier", "Faible")  # Ruse 50 becomes 25
    assert bonuses(events) == -25 and last(events, "totals")["totals"] == [55, 50]


def test_a_card_copies_all_the_other_card_s_statistics_after_the_malus_read_before(powered):
    cards = card("Caméléon", "Dragon · Commune", "10 10 10 10", "Pouvoir : cette carte copie les statistiques de la carte adverse pour cette manche.")
    cards += card("Givre", "Personnage · Commune", "30 30 30 30", "Pouvoir : la carte adverse perd 15 en Puissance pour cette manche.")
    s = powered(cards, ["Givre", *FIVE[1:]], ["Caméléon", *FIVE[1:]])
    events = s.round("Puissance + Ruse + Savoir", "Givre", "Caméléon")  # P1's malus first: 10-10 → 0, then 30 30 30
    assert last(events, "totals")["totals"] == [90, 90]
    s = powered(cards, ["Caméléon", *FIVE[1:]], ["Givre", *FIVE[1:]])
    events = s.round("Puissance + Ruse + Savoir", "Caméléon", "Givre")  # the copy first (90), then the malus: 75
    assert last(events, "totals")["totals"] == [75, 90]


# ---------------------------------------------------------------------------
# The other player's choice between two effects
# ---------------------------------------------------------------------------

MARCHANDE = card(
    "Marchande",
    "Personnage · Commune",
    "30 30 30 30",
    "Pouvoir : l'adversaire choisit : la carte adverse perd 20 en Puissance pour cette manche ou marque 1 point.",
)


def test_the_other_player_chooses_between_two_effects(powered):
    s = powered(MARCHANDE, ["Marchande", *FIVE[1:]], FIVE)
    s.choose("2")
    s.choose("Puissance + Ruse")
    s.choose(s.label("Marchande"))
    s.choose(s.label("Réserviste"))
    decision = s.decision
    assert (decision.player, decision.kind) == (1, "power_choice")
    assert decision.labels() == ["la carte adverse perd 20 en Puissance pour cette manche", "marque 1 point"]
    events = s.choose("marque 1 point")
    assert last(events, "opponent_chose") | {} == {"e": "opponent_chose", "player": 1, "text": "marque 1 point"}
    assert "P2 chooses: marque 1 point" in render(last(events, "opponent_chose"))
    assert last(events, "totals")["totals"] == [60, 100]
    assert s.state.score == [1, 1]  # the point chosen, and P2 wins the round


def test_the_other_choice_does_the_other_effect(powered):
    s = powered(MARCHANDE, ["Marchande", *FIVE[1:]], FIVE)
    s.choose("2")
    s.choose("Puissance + Ruse")
    s.choose(s.label("Marchande"))
    s.choose(s.label("Réserviste"))
    events = s.choose("la carte adverse perd 20 en Puissance pour cette manche")
    assert last(events, "totals")["totals"] == [60, 80]
    assert s.state.score == [0, 1]


def test_the_heuristic_bot_chooses_the_effect_that_costs_it_least(powered):
    cards = card("Tentatrice", "Personnage · Commune", "30 30 30 30", "Pouvoir : l'adversaire choisit : marque 3 points ou la carte adverse perd 1 en Puissance pour cette manche.")
    cards += card("Tentatrice Inverse", "Personnage · Commune", "30 30 30 30", "Pouvoir : l'adversaire choisit : la carte adverse perd 1 en Puissance pour cette manche ou marque 3 points.")
    for name, cheap in (("Tentatrice", 1), ("Tentatrice Inverse", 0)):
        s = powered(cards, [name, *FIVE[1:]], FIVE)
        s.choose("2")
        s.choose("Puissance + Ruse")
        s.choose(s.label(name))
        s.choose(s.label("Réserviste"))
        assert s.decision.kind == "power_choice"
        bot = HeuristicBot(7)
        assert bot.choose(s.decision, View(s.state, 1)) == cheap


def test_a_choice_from_a_card_in_the_hand_does_not_name_it_to_the_chooser(powered):
    cards = card("Discrète", "Personnage · Commune", "30 30 30 30", "Pouvoir : au début de la manche : l'adversaire choisit : marque 1 point ou +1 échange avec la réserve.")
    s = powered(cards, ["Discrète", *FIVE[1:]], FIVE)
    s.choose("2")
    s.choose("Puissance + Ruse")
    decision = s.decision
    assert (decision.player, decision.kind) == (1, "power_choice")
    assert "Discrète" not in decision.prompt
    events = s.choose("marque 1 point")
    assert s.state.score == [1, 0]
    assert all("Discrète" not in render(event, 1) for event in events)


def test_a_choice_whose_effect_counts_in_the_totals_is_refused_after_the_reveal(tmp_path):
    path = tmp_path / "essai.atout"
    base = "== Essai ==\nDragon · Commune\nPuissance 30 · Ruse 30 · Savoir 30 · Charisme 30\n"
    power = "Pouvoir : quand cette carte gagne une manche : l'adversaire choisit : +10 au total ou marque 1 point.\n"
    path.write_text(HEADER + base + power, encoding="utf-8")
    (problem,) = validate([path], LANGUAGES).diagnostics
    assert problem.code == "E350"


# ---------------------------------------------------------------------------
# Lasting effects: for N rounds
# ---------------------------------------------------------------------------

VENIN = card("Venin", "Dragon · Commune", "30 30 30 30", "Pouvoir : la carte adverse perd 10 en Puissance pendant 2 manches.")


def test_a_change_lasts_two_rounds_then_stops(powered):
    s = powered(VENIN, ["Venin", *FIVE[1:]], FIVE)
    events = s.round("Puissance + Ruse", "Venin", "Dragon d'Exemple")  # 80 - 10 + 40
    assert last(events, "totals")["totals"] == [60, 110]
    assert last(events, "lasting")["rounds"] == 1
    events = s.round("Puissance + Savoir", "Modeste", "Dragon d'Exemple")  # no power played: 70 - 10 + 30
    assert bonuses(events, 1) == -10 and last(events, "totals")["totals"] == [60, 90]
    events = s.round("Puissance + Savoir", "Modeste", "Dragon d'Exemple")  # over: 60 + 20
    assert bonuses(events, 1) == 0 and last(events, "reveal")["totals"][1] == 80
    assert s.stats_of(1, "Dragon d'Exemple") == [50, 30, 10, 50]  # the fatigue only


def test_a_lasting_change_counts_only_where_its_card_is_played(powered):
    s = powered(VENIN, ["Venin", *FIVE[1:]], FIVE)
    s.round("Puissance + Ruse", "Venin", "Dragon d'Exemple")
    events = s.round("Puissance + Ruse", "Modeste", "Réserviste")
    assert bonuses(events, 1) == 0 and last(events, "totals")["totals"] == last(events, "reveal")["totals"]


def test_a_lasting_change_from_a_win_starts_at_the_next_round(powered):
    cards = card(
        "Mordeuse",
        "Dragon · Rare",
        "60 60 30 30",
        "Pouvoir : quand cette carte gagne une manche : la carte adverse perd 10 sur chaque statistique pendant 2 manches.",
    )
    s = powered(cards, ["Mordeuse", *FIVE[1:]], FIVE)
    events = s.round("Puissance + Ruse", "Mordeuse", "Faible")
    assert last(events, "lasting")["rounds"] == 2 and bonuses(events, 1) == 0
    totals = []
    for _ in range(3):
        events = s.round("Savoir + Charisme", "Modeste", "Faible")
        totals.append(last(events, "reveal")["totals"][1] + bonuses(events, 1))
    assert totals == [30, 10, 10]  # 50 − 20, then (tired) 30 − 20, then 10 with no malus


def test_a_bonus_from_a_win_counts_in_the_card_s_next_two_rounds_where_it_is_played(powered):
    cards = card("Élan", "Dragon · Rare", "60 60 30 30", "Pouvoir : quand cette carte gagne une manche, une fois par duel : +10 en Ruse pendant 2 manches.")
    s = powered(cards, ["Élan", *FIVE[1:]], FIVE)
    events = s.round("Puissance + Ruse", "Élan", "Faible")  # won: no bonus this round
    assert bonuses(events) == 0 and last(events, "lasting")["rounds"] == 2
    events = s.round("Savoir + Charisme", "Élan", "Faible")  # Ruse not asked: nothing, yet a round counted
    assert bonuses(events) == 0
    events = s.round("Puissance + Ruse", "Élan", "Modeste")  # the second round: +10
    assert bonuses(events) == 10
    events = s.round("Puissance + Ruse", "Élan", "Modeste")  # over
    assert bonuses(events) == 0


def test_a_lasting_bonus_at_the_reveal_counts_now_and_against_its_kind_of_card_only(powered):
    cards = card("Chasseuse", "Personnage · Commune", "30 30 30 30", "Pouvoir : une fois par duel : +10 au total contre un Dragon pendant 3 manches.")
    s = powered(cards, ["Chasseuse", *FIVE[1:]], FIVE)
    assert [bonuses(s.round("Puissance + Ruse", "Chasseuse", other)) for other in ("Réserviste", "Modeste", "Dragon d'Exemple", "Réserviste")] == [10, 0, 10, 0]


def test_a_duration_out_of_range_is_refused():
    line = "Pouvoir : la carte adverse perd 10 en Puissance pendant 12 manches.\n"
    base = "== Essai ==\nDragon · Commune\nPuissance 30 · Ruse 30 · Savoir 30 · Charisme 30\n"
    document = read_document("essai.atout", HEADER + base + line, LANGUAGES)
    assert [d.code for d in document.diagnostics] == ["E200"]


# ---------------------------------------------------------------------------
# A refused wording of a family is taught its form
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("power", "purpose"),
    [
        ("Pouvoir : si tu as perdu la dernière manche : +10 au total.", "to act on who won the previous round"),
        ("Pouvoir : quand cette carte gagne une manche : si elle gagne d'au moins 30 : marque 1 point.", "to act on the margin of a round"),
        ("Pouvoir : cette carte prend la Ruse de la carte adverse.", "to copy a statistic of the opposing card for this round"),
        ("Pouvoir : au choix de l'adversaire : marque 1 point ou +10 au total.", "to let the opponent choose between two effects"),
        ("Pouvoir : la carte adverse perd 10 en Puissance pour 2 manches.", "to change a card for several rounds"),
    ],
)
def test_a_family_written_otherwise_gets_its_form_as_a_hint(power, purpose):
    base = "== Essai ==\nDragon · Commune\nPuissance 30 · Ruse 30 · Savoir 30 · Charisme 30\n"
    document = read_document("essai.atout", HEADER + base + power + "\n", LANGUAGES)
    (problem,) = document.diagnostics
    assert problem.hint is not None and problem.hint.startswith(purpose), problem.hint


# ---------------------------------------------------------------------------
# Read and written back; the bots play them and the duels replay
# ---------------------------------------------------------------------------

FAMILIES = ["Dragon Rancunier", "Héraut des Revers", "Broyeur des Plaines", "Miroir d'Écailles", "Marchande de Serments", "Wyverne des Marais", "Porte-Étendard"]


def test_the_example_cards_of_the_families_round_trip():
    text = NEW_FORMS.read_text(encoding="utf-8")
    document = read_document(str(NEW_FORMS), text, LANGUAGES)
    assert document.diagnostics == []
    write = LANGUAGES["dragons"].write_card
    found = [parsed for parsed in document.node.cards if parsed.name in FAMILIES]
    assert len(found) == len(FAMILIES)
    for parsed in found:
        again = read_document("again.atout", HEADER + "\n" + write(parsed), LANGUAGES)
        assert again.diagnostics == []
        assert again.node.cards[0] == parsed
        assert write(again.node.cards[0]) == write(parsed)


@pytest.mark.slow
@pytest.mark.parametrize("bots", [("random", "random"), ("heuristic", "heuristic")])
def test_bots_play_the_families_and_the_duels_replay(bots):
    engine = ENGINES["dragons"]
    files = load_files(LANGUAGES["dragons"], [CARDS_DIR / "dragons" / "exemples"])
    collection = {"name": "familles", "cards": [*FAMILIES * 3, "Barde des Tavernes", "Ermite du Col"]}
    game = engine.build(files, {"collections": [collection, collection]})
    seen: set[str] = set()
    for seed in range(10):
        players = [engine.bots[kind](seeded(seed, f"P{i + 1}")) for i, kind in enumerate(bots)]
        buffer = io.StringIO()
        problems: list[str] = []
        played = play_game(game, players, seed, writer=RecordWriter(buffer), on_decision=lambda state, decision, index: problems.extend(state.check_invariants()))
        assert problems == [] and played.state.check_invariants() == []
        record = parse_record(buffer.getvalue())
        events = [event for action in record.actions for event in action.events or []]
        assert [event for step in replay(record, engine, files) for event in step.events] == events
        seen |= {event["e"] for event in events} | {str(action.kind) for action in record.actions}
        seen |= {"copied" for event in events if event["e"] == "bonus" and "copie" in event["text"]}
        seen |= {"previous" for event in events if event["e"] == "bonus" and event["card"] == "Dragon Rancunier"}
    assert {"power_choice", "opponent_chose", "lasting", "copied", "previous"} <= seen, seen
