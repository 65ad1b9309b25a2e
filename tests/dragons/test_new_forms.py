"""Duel de dragons: the forms its cards could not say before, each played in a duel and what it does asserted.

- `cette carte gagne les égalités`: equal totals are won by the card;
- `la carte adverse perd 15 en Puissance pour cette manche`: a malus on the
  other's card, for this round's totals only;
- `une autre carte de ta main récupère …`: another card of the hand, chosen;
- `quand cette carte est échangée`: a trigger when the card is swapped out;
- `choisis les statistiques de la manche`: the card's player chooses them;
- a limit (`une fois par duel`) counted only when the power did something.

Each scenario also plays the same round without the form where that makes the
form's part plain (the conftest's `powered` duels: five cards a player, the
whole collection in hand; a sixth card makes a reserve).
"""

from __future__ import annotations

import io

import pytest

from atout.cards import CARDS_DIR
from atout.interpreter.engine.loading import load_files
from atout.interpreter.engine.play import play_game, seeded
from atout.interpreter.engine.record import RecordWriter, parse_record
from atout.interpreter.engine.replay import replay
from atout.interpreter.games import ENGINES, LANGUAGES
from atout.interpreter.language.loader import read_document
from atout.interpreter.language.project import validate

from dragon_cards import FIVE, HEADER, NEW_FORMS, card, kinds, last


# ---------------------------------------------------------------------------
# This card wins ties
# ---------------------------------------------------------------------------

TETUE = card("Têtue", "Personnage · Commune", "30 30 30 30", "Pouvoir : cette carte gagne les égalités.")
TETU = card("Têtu", "Personnage · Commune", "30 30 30 30", "Pouvoir : cette carte gagne les égalités.")


def test_a_card_that_wins_ties_wins_a_round_of_equal_totals(powered):
    s = powered(TETUE, ["Têtue", *FIVE[1:]], FIVE)
    events = s.round("Puissance + Ruse", "Têtue", "Modeste")  # 60 against 60
    assert last(events, "totals")["totals"] == [60, 60]
    assert last(events, "tie_won")["player"] == 0
    assert "tie" not in kinds(events)
    assert s.state.score == [1, 0]
    # the same round with a card without the power is a tie: nobody scores
    events = s.round("Savoir + Charisme", "Modeste", "Modeste")
    assert "tie" in kinds(events) and s.state.score == [1, 0]


def test_a_card_that_wins_ties_fires_its_winning_trigger_and_the_other_loses(powered):
    cards = card("Fière", "Personnage · Commune", "30 30 30 30", "Pouvoir : cette carte gagne les égalités.", "Pouvoir : quand cette carte gagne une manche : marque 1 point.")
    s = powered(cards, FIVE, ["Fière", *FIVE[1:]])
    events = s.round("Puissance + Ruse", "Modeste", "Fière")
    assert kinds(events).index("tie_won") < kinds(events).index("won")
    assert s.state.score == [0, 2]


def test_a_tie_won_is_not_played_again_under_manche_rejouee(powered):
    s = powered(TETUE, ["Têtue", *FIVE[1:]], FIVE, equal_totals="manche rejouee")
    events = s.round("Puissance + Ruse", "Têtue", "Modeste")
    assert "tie" not in kinds(events) and s.state.score == [1, 0]
    assert s.state.round == 2 and not s.state.replay


def test_when_both_cards_win_ties_the_tie_stays(powered):
    s = powered(TETUE + TETU, ["Têtue", *FIVE[1:]], ["Têtu", *FIVE[1:]])
    events = s.round("Puissance + Ruse", "Têtue", "Têtu")
    assert "tie_won" not in kinds(events) and "tie" in kinds(events)
    assert s.state.score == [0, 0]


def test_winning_ties_does_not_change_a_round_won_on_the_totals(powered):
    s = powered(TETUE, ["Têtue", *FIVE[1:]], FIVE)
    events = s.round("Puissance + Ruse", "Têtue", "Dragon d'Exemple")
    assert "tie_won" not in kinds(events)
    assert s.state.score == [0, 1]


# ---------------------------------------------------------------------------
# A malus on the other's card, this round only
# ---------------------------------------------------------------------------

GIVRE = card("Givre", "Personnage · Commune", "30 30 30 30", "Pouvoir : la carte adverse perd 15 en Puissance pour cette manche.")


def test_a_malus_on_the_other_card_counts_this_round_only(powered):
    s = powered(GIVRE, ["Givre", *FIVE[1:]], FIVE)
    events = s.round("Puissance + Ruse", "Givre", "Réserviste")  # 60 against 100 - 15
    assert last(events, "bonus") | {} == {"e": "bonus", "player": 1, "card": "Réserviste", "amount": -15, "text": "la carte adverse perd 15 en Puissance pour cette manche"}
    assert last(events, "totals")["totals"] == [60, 85]
    # after the round, only the fatigue: the malus is gone
    assert s.stats_of(1, "Réserviste") == [40, 40, 50, 40]


def test_a_malus_on_a_statistic_the_round_does_not_ask_changes_nothing(powered):
    s = powered(GIVRE, ["Givre", *FIVE[1:]], FIVE)
    events = s.round("Savoir + Charisme", "Givre", "Modeste")
    assert last(events, "totals")["totals"] == [60, 60]
    assert last(events, "totals")["bonus"] == [0, 0]


def test_a_malus_never_takes_a_statistic_below_zero(powered):
    cards = card("Grand Givre", "Personnage · Commune", "30 30 30 30", "Pouvoir : la carte adverse perd 20 sur chaque statistique pour cette manche.")
    s = powered(cards, ["Grand Givre", *FIVE[1:]], FIVE)
    events = s.round("Puissance + Ruse", "Grand Givre", "Usé")  # Usé: Puissance 5, Ruse 5
    assert last(events, "bonus")["amount"] == -10
    assert last(events, "totals")["totals"] == [60, 0]
    assert s.stats_of(1, "Usé") == [0, 0, 45, 45]  # the fatigue only


# ---------------------------------------------------------------------------
# Another card of your hand
# ---------------------------------------------------------------------------

MENTOR = card("Mentor", "Personnage · Rare", "60 60 30 30", "Pouvoir : quand cette carte gagne une manche : une autre carte de ta main récupère 10 sur chaque statistique.")


def test_another_card_of_the_hand_is_chosen_and_recovers(powered):
    s = powered(MENTOR, ["Mentor", *FIVE[1:]], FIVE)
    s.round("Puissance + Ruse", "Modeste", "Dragon d'Exemple")  # Modeste tires: 20 20
    assert s.stats_of(0, "Modeste") == [20, 20, 30, 30]
    s.round("Puissance + Ruse", "Mentor", "Faible")
    decision = s.decision
    assert (decision.player, decision.kind) == (0, "power_target")
    assert not any(label.startswith("Mentor") for label in decision.labels())  # another card: never itself
    assert len(decision.labels()) == 4
    events = s.choose(s.label("Modeste"))
    assert last(events, "stats_changed")["card"] == "Modeste"
    assert s.stats_of(0, "Modeste") == [30, 30, 30, 30]
    assert s.stats_of(0, "Mentor") == [50, 50, 30, 30]  # itself: its fatigue only


# ---------------------------------------------------------------------------
# When this card is swapped
# ---------------------------------------------------------------------------

FUYARD = card("Fuyard", "Dragon · Commune", "30 30 30 30", "Pouvoir : quand cette carte est échangée : marque 1 point, +1 échange avec la réserve.")


def test_a_card_swapped_out_works_from_the_reserve(powered):
    s = powered(FUYARD, ["Fuyard", *FIVE], FIVE)
    for name in ["Fuyard", "Modeste", "Faible", "Usé", "Réserviste"]:
        s.choose(name)  # the hand drawn; Dragon d'Exemple stays in the reserve
    s.choose("2")
    s.choose("Puissance + Ruse")
    assert s.decision.kind == "swap"
    events = s.choose(s.label("swap Fuyard"))  # the reserve's one card comes at once
    assert kinds(events)[:4] == ["swap", "power", "points", "exchanges"]
    assert last(events, "power")["secret"] is True  # the other does not see which card left
    assert s.state.score == [1, 0]
    assert s.state.exchanges[0] == s.state.rules.exchanges  # one spent, one given back
    assert [s.state.names[c] for c in s.state.reserve[0].cards()] == ["Fuyard"]
    assert s.decision.kind == "play"


def test_the_other_player_is_not_told_which_card_was_swapped_out(powered):
    from atout.interpreter.games.dragons.commentary import render

    s = powered(FUYARD, ["Fuyard", *FIVE], FIVE)
    for name in ["Fuyard", "Modeste", "Faible", "Usé", "Réserviste"]:
        s.choose(name)
    s.choose("2")
    s.choose("Puissance + Ruse")
    power = last(s.choose(s.label("swap Fuyard")), "power")
    assert "Fuyard" in render(power, 0)
    assert "Fuyard" not in render(power, 1)


def test_a_card_swapped_out_may_choose_the_round_s_statistics(powered):
    cards = card("Girouette", "Dragon · Commune", "30 30 30 30", "Pouvoir : quand cette carte est échangée : choisis les statistiques de la manche.")
    s = powered(cards, ["Girouette", *FIVE], FIVE)
    for name in ["Girouette", "Modeste", "Faible", "Usé", "Réserviste"]:
        s.choose(name)
    s.choose("2")
    s.choose("Puissance + Ruse")
    s.choose(s.label("swap Girouette"))
    assert (s.decision.player, s.decision.kind) == (0, "power_stats")
    s.choose("Savoir + Charisme")
    events = s.choose(s.label("Usé"))
    events += s.choose(s.label("Modeste"))
    assert last(events, "reveal")["stats"] == ["Savoir", "Charisme"]


def test_a_card_kept_in_hand_is_not_swapped_and_does_nothing(powered):
    s = powered(FUYARD, ["Fuyard", *FIVE], FIVE)
    for name in ["Fuyard", "Modeste", "Faible", "Usé", "Réserviste"]:
        s.choose(name)
    s.choose("2")
    s.choose("Puissance + Ruse")
    events = s.choose(s.label("swap Modeste"))
    assert "power" not in kinds(events)
    assert s.state.score == [0, 0]


# ---------------------------------------------------------------------------
# Choosing the round's statistics
# ---------------------------------------------------------------------------

ORACLE = card("Oracle", "Personnage · Commune", "30 30 30 30", "Pouvoir : au début de la manche, une fois par duel : choisis les statistiques de la manche.")


def test_the_card_s_player_chooses_the_round_s_statistics_once_per_duel(powered):
    s = powered(ORACLE, ["Oracle", *FIVE[1:]], FIVE)
    s.choose("2")
    s.choose("Puissance + Ruse")
    decision = s.decision
    assert (decision.player, decision.kind) == (0, "power_stats")
    assert len(decision.options) == 6  # every pair of the four statistics
    events = s.choose("Savoir + Charisme")
    assert last(events, "stats_chosen") | {} == {"e": "stats_chosen", "player": 0, "round": 1, "stats": ["Savoir", "Charisme"]}
    events = s.choose(s.label("Usé"))
    events += s.choose(s.label("Dragon d'Exemple"))
    assert last(events, "reveal")["stats"] == ["Savoir", "Charisme"]
    assert last(events, "reveal")["totals"] == [90, 80]
    assert s.state.score == [1, 0]
    assert s.stats_of(0, "Usé") == [5, 5, 35, 35]  # the fatigue falls on the statistics chosen
    s.choose("3")
    s.choose("Puissance + Ruse + Savoir")  # once per duel: no choice this round
    assert s.decision.kind == "play"


def test_three_statistics_drawn_three_chosen(powered):
    s = powered(ORACLE, ["Oracle", *FIVE[1:]], FIVE)
    s.choose("3")
    s.choose("Puissance + Ruse + Savoir")
    assert s.decision.labels() == ["Puissance + Ruse + Savoir", "Puissance + Ruse + Charisme", "Puissance + Savoir + Charisme", "Ruse + Savoir + Charisme"]


# ---------------------------------------------------------------------------
# A limit counts only when the power did something
# ---------------------------------------------------------------------------


def test_a_power_whose_condition_is_false_keeps_its_use_for_later(powered):
    cards = card("Patiente", "Personnage · Commune", "30 30 30 30", "Pouvoir : une fois par duel : si la manche demande la Ruse : +20 au total.")
    s = powered(cards, ["Patiente", *FIVE[1:]], FIVE)
    bonuses = []
    for stats in ("Savoir + Charisme", "Puissance + Ruse", "Ruse + Savoir"):
        events = s.round(stats, "Patiente", "Faible")
        bonuses.append(sum(e["amount"] for e in events if e["e"] == "bonus"))
    assert bonuses == [0, 20, 0]  # false: not counted; true: counted; then spent


def test_a_power_with_an_otherwise_counts_either_way(powered):
    cards = card("Prudente", "Personnage · Commune", "30 30 30 30", "Pouvoir : une fois par duel : si la manche demande la Ruse : +20 au total ; sinon : +5 au total.")
    s = powered(cards, ["Prudente", *FIVE[1:]], FIVE)
    bonuses = []
    for stats in ("Savoir + Charisme", "Puissance + Ruse"):
        events = s.round(stats, "Prudente", "Faible")
        bonuses.append(sum(e["amount"] for e in events if e["e"] == "bonus"))
    assert bonuses == [5, 0]


# ---------------------------------------------------------------------------
# The forms are read, written back and refused where they cannot work
# ---------------------------------------------------------------------------


def test_the_example_cards_of_the_new_forms_are_valid_and_round_trip():
    assert validate([NEW_FORMS], LANGUAGES).problems == []
    text = NEW_FORMS.read_text(encoding="utf-8")
    document = read_document(str(NEW_FORMS), text, LANGUAGES)
    write = LANGUAGES["dragons"].write_card
    for parsed in document.node.cards:
        again = read_document("again.atout", HEADER + "\n" + write(parsed), LANGUAGES)
        assert again.diagnostics == []
        assert again.node.cards[0] == parsed  # (places aside)
        assert write(again.node.cards[0]) == write(parsed)


BASE = "== Essai ==\nDragon · Commune\nPuissance 30 · Ruse 30 · Savoir 30 · Charisme 30\n"


@pytest.mark.parametrize(
    ("power", "code", "words"),
    [
        ("Pouvoir : quand cette carte gagne une manche : cette carte gagne les égalités.", "E350", "write it in a power without"),
        ("Pouvoir : au début de la manche : cette carte perd 5 en Ruse pour cette manche.", "E350", "write it in a power without"),
        ("Pouvoir : quand cette carte est échangée : si la carte adverse est un Dragon : marque 1 point.", "E351", "when a card is swapped no card is"),
        ("Pouvoir : choisis les statistiques de la manche.", "E353", "au début de la manche"),
        ("Pouvoir : quand cette carte perd une manche : choisis les statistiques de la manche.", "E353", "comes too late"),
    ],
)
def test_a_new_form_where_it_cannot_work_is_refused(tmp_path, power, code, words):
    path = tmp_path / "essai.atout"
    path.write_text(HEADER + BASE + power + "\n", encoding="utf-8")
    (problem,) = validate([path], LANGUAGES).diagnostics
    assert (problem.code, problem.line) == (code, 5)
    assert words in problem.message


def test_another_card_of_the_hand_is_never_changed_for_this_round_only():
    line = "Pouvoir : une autre carte de ta main perd 5 en Ruse pour cette manche.\n"
    document = read_document("essai.atout", HEADER + BASE + line, LANGUAGES)
    assert [d.code for d in document.diagnostics] == ["E111"]


# ---------------------------------------------------------------------------
# The bots play a collection holding them, and the duels replay
# ---------------------------------------------------------------------------

#: A collection of the new forms' example cards (two of each) and some of the other examples.
FORMES = [
    *["Chevalier Obstiné", "Wyverne du Givre", "Mentor des Écuyers", "Dragonnet Farceur", "Astrologue de la Cour", "Duelliste Patiente"] * 2,
    *["Barde des Tavernes", "Alchimiste Patient", "Crieur de la Reine", "Ermite du Col", "Wyverne Chasseuse", "Salamandre Infatigable", "Drake des Orages", "Dragon Glouton"],
]


@pytest.mark.slow
@pytest.mark.parametrize("bots", [("random", "random"), ("heuristic", "heuristic")])
def test_bots_play_the_new_forms_and_the_duels_replay(bots):
    engine = ENGINES["dragons"]
    files = load_files(LANGUAGES["dragons"], [CARDS_DIR / "dragons" / "exemples"])
    collection = {"name": "formes", "cards": FORMES}
    game = engine.build(files, {"collections": [collection, collection]})
    seen: set[str] = set()
    for seed in range(12):
        players = [engine.bots[kind](seeded(seed, f"P{i + 1}")) for i, kind in enumerate(bots)]
        buffer = io.StringIO()
        problems: list[str] = []
        played = play_game(game, players, seed, writer=RecordWriter(buffer), on_decision=lambda state, decision, index: problems.extend(state.check_invariants()))
        assert problems == [] and played.state.check_invariants() == []
        record = parse_record(buffer.getvalue())
        events = [event for action in record.actions for event in action.events or []]
        assert [event for step in replay(record, engine, files) for event in step.events] == events
        seen |= {event["e"] for event in events} | {str(action.kind) for action in record.actions}
    # each form worked: ties won, a malus this round, another card chosen, a swapped card's power, statistics chosen
    assert {"wins_ties", "power_target", "power_stats", "stats_chosen"} <= seen, seen
