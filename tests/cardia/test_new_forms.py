"""Duel pour Cardia's new forms: the two played cards swapped, a hand played shown, a limit spent only
when an effect acts, and conditions on what just happened (the encounter before, the margin, a result
that changed).

Each scenario plays the example card that uses the form (`cards/cardia/exemples/nouvelles-formes.atout`)
and asserts what it did: influences, seals, owners, hands, what each seat sees. Each would fail if the
form did nothing.
"""

from __future__ import annotations

import contextlib
import io
import random

import pytest

from atout.cards import CARDS_DIR
from atout.interpreter.engine.human import HumanPlayer
from atout.interpreter.engine.loading import load_files
from atout.interpreter.engine.players import View
from atout.interpreter.games import ENGINES, LANGUAGES
from atout.interpreter.games.cardia import conditions as C
from atout.interpreter.games.cardia.commentary import describe, render, zones
from atout.interpreter.games.cardia.writing import write_card
from atout.interpreter.language.loader import read_document
from atout.interpreter.pages.viewer import step_of

from .conftest import Scenario, duel, kinds

EXAMPLES = CARDS_DIR / "cardia" / "exemples"
NEW_FORMS = EXAMPLES / "nouvelles-formes.atout"


@pytest.fixture(scope="module")
def examples():
    """The example set, with the new forms' cards."""
    return load_files(LANGUAGES["cardia"], [EXAMPLES])


def game(files, protecteur: str | None = None) -> Scenario:
    """Deck II of the examples (the Voyante's), with the Protecteurs and this one first, if named."""
    sc = Scenario(files, deck="II", protecteurs=protecteur is not None)
    return sc.protecteur(protecteur) if protecteur is not None else sc


def end_turn(sc: Scenario) -> list[dict]:
    """The end of the turn: the draws (chance's first options), up to the next choice of cards."""
    events: list[dict] = []
    while (decision := sc.state.decision()) is not None and decision.kind != "play":
        assert decision.is_chance, decision.kind
        events += sc.choose(decision.labels()[0])
    return events


def of(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["e"] == kind]


def before_count(events: list[dict]) -> list[dict]:
    return events[: kinds(events).index("count")]


def draws(events: list[dict], seat: int) -> int:
    """The cards `seat` drew during the encounter (before the end of the turn's draws)."""
    return len([e for e in of(before_count(events), "draw") if e["player"] == seat])


def to_discard(sc: Scenario, seat: int, *names: str) -> Scenario:
    """Put these cards of the seat (from the pile) in its discard."""
    for name in names:
        sc.state.seats[seat].discard.append(sc._take(seat, name))
    return sc


# ---------------------------------------------------------------------------
# The example cards read back as themselves
# ---------------------------------------------------------------------------


def test_the_new_forms_cards_read_and_write_back_as_themselves():
    text = NEW_FORMS.read_text(encoding="utf-8")
    document = read_document(NEW_FORMS.name, text, LANGUAGES)
    assert document.diagnostics == []
    written = [write_card(card) for card in document.node.cards]
    assert [block.splitlines()[0] for block in written] == ["== Voyante ==", "== Coucou Usurpateur ==", "== Sanglier Rancunier ==", "== Loutre Joueuse ==", "== Hibou Veilleur =="]
    for block in written:
        assert block in text  # the canonical form is the file's own
        (again,) = read_document("x.atout", "Duel pour Cardia : cartes\n" + block, LANGUAGES).node.cards
        assert write_card(again) == block


@pytest.mark.parametrize(
    "line",
    [
        "Capacité instantanée : Échanger les deux cartes jouées",
        "Capacité persistante : L'adversaire joue avec sa main visible",
        "Propriété : Tu joues avec ta main visible",
        "Capacité instantanée : Si tu as gagné la rencontre précédente, Piocher 1 carte",
        "Capacité instantanée : Si l'adversaire a perdu la rencontre précédente, Piocher 1 carte",
        "Capacité instantanée : Si l'écart d'influence est supérieur à 3, Piocher 1 carte",
        "Capacité instantanée : Si l'écart d'influence est égal à 0, Piocher 1 carte",
        "Capacité instantanée : Sauf si le résultat de la rencontre a changé, −1 sur la carte adverse",
    ],
)
def test_each_new_form_is_written_as_read(line):
    text = f"Duel pour Cardia : cartes\n\n== Essai ==\nPaquet I · Guilde · influence 3\n{line}\n"
    document = read_document("essai.atout", text, LANGUAGES)
    assert document.diagnostics == []
    assert write_card(document.node.cards[0]).splitlines()[-1] == line


def test_a_margin_compared_to_over_99_is_refused_at_its_number():
    text = "Duel pour Cardia : cartes\n\n== Essai ==\nPaquet I · Guilde · influence 3\nCapacité instantanée : Si l'écart d'influence est au moins 100, Piocher 1 carte\n"
    (problem,) = read_document("essai.atout", text, LANGUAGES).diagnostics
    assert (problem.code, problem.line, problem.column) == ("E200", 5, 60)


# ---------------------------------------------------------------------------
# Échanger les deux cartes jouées (Coucou Usurpateur: a narrow loser alone of the Rébellion swaps)
# ---------------------------------------------------------------------------


def test_the_two_played_cards_change_sides_and_the_seal_follows(examples):
    sc = game(examples, "Coucou Usurpateur").hand(0, "Corsaire").hand(1, "Sage")
    corsaire, sage = sc.card(0, "Corsaire"), sc.card(1, "Sage")
    events = duel(sc, "Corsaire", "Sage")  # 13 against 14: a margin of 1, P1 alone of the Rébellion
    (swap,) = of(events, "swap_played")
    assert swap == {**swap, "player": 0, "encounter": 1, "cards": ["Sage", "Corsaire"]}
    enc = sc.state.line[0]
    assert enc.cards == [sage, corsaire] and enc.played == (sage, corsaire)
    assert (sc.state.owners[sage], sc.state.owners[corsaire]) == (0, 1)  # each card is now its side's player's
    assert sc.seals() == [1, 0] and enc.winner == 0
    assert [e["player"] for e in of(events, "seal_moves")] == [0]
    assert sc.state.check_invariants() == []
    sc.state.leave_play(sage, "discard")  # it leaves play for its new owner's discard
    assert sc.names(0, "discard") == ["Sage"] and sc.names(1, "discard") == []


def test_no_swap_when_the_margin_is_wide(examples):
    sc = game(examples, "Coucou Usurpateur").hand(0, "Faussaire").hand(1, "Magistrate")
    events = duel(sc, "Faussaire", "Magistrate")  # 6 against 9: a margin of 3
    assert of(events, "swap_played") == []
    assert sc.state.owners[sc.card(0, "Faussaire")] == 0 and sc.seals() == [0, 1]


# ---------------------------------------------------------------------------
# Conditions on what just happened
# ---------------------------------------------------------------------------


def test_who_won_the_encounter_before(examples):
    # Sanglier Rancunier (Dynastie): Si l'adversaire a gagné la rencontre précédente, +2 sur ta carte
    sc = game(examples, "Sanglier Rancunier").past("Mendiante", "Pie").hand(0, "Duchesse").hand(1, "Usurier")
    duel(sc, "Duchesse", "Usurier")
    assert sc.influence(0, "Duchesse") == 9
    sc = game(examples, "Sanglier Rancunier").past("Sage", "Pie").hand(0, "Duchesse").hand(1, "Usurier")
    duel(sc, "Duchesse", "Usurier")  # P1 won the encounter before
    assert sc.influence(0, "Duchesse") == 7


def test_the_encounter_before_as_it_stands_now(examples):
    sc = game(examples).past("Mendiante", "Pie").past("Sage", "Devin")
    act = type("Act", (), {"me": 0, "at": 1})()
    won = C.RencontrePrecedente(joueur="adversaire", gagne=True)
    assert won.holds(sc.state, act) and not C.RencontrePrecedente(joueur="toi", gagne=True).holds(sc.state, act)
    assert C.RencontrePrecedente(joueur="toi", gagne=False).holds(sc.state, act)
    sc.state.tokens[sc.card(0, "Mendiante")] = [5]  # the Mendiante wins it now: 6 against 2
    sc.state.evaluate()
    assert not won.holds(sc.state, act) and C.RencontrePrecedente(joueur="toi", gagne=True).holds(sc.state, act)
    first = type("Act", (), {"me": 0, "at": 0})()
    assert not won.holds(sc.state, first) and not C.RencontrePrecedente(joueur="toi", gagne=False).holds(sc.state, first)


def test_the_margin_of_the_encounter(examples):
    # Loutre Joueuse (Guilde): Si l'écart d'influence est au moins 6, Piocher 1 carte
    sc = game(examples, "Loutre Joueuse").hand(0, "Mendiante").hand(1, "Régente")
    events = duel(sc, "Mendiante", "Régente")  # 1 against 12
    assert [e["name"] for e in of(events, "protector")] == ["Loutre Joueuse"]
    assert draws(events, 0) == 1
    sc = game(examples, "Loutre Joueuse").hand(0, "Usurier").hand(1, "Régente")
    events = duel(sc, "Usurier", "Régente")  # 10 against 12
    assert [e["name"] for e in of(events, "protector")] == ["Loutre Joueuse"]
    assert draws(events, 0) == 0


def test_the_margin_is_read_now_and_is_zero_once_a_card_has_left(examples):
    sc = game(examples).past("Mendiante", "Régente")
    act = type("Act", (), {"me": 0, "at": 0})()
    at_least = C.EcartEst(left=C.Ecart(), comparison=C.C.AT_LEAST, right=11)
    assert C.Ecart().value(sc.state, act) == 11 and at_least.holds(sc.state, act)
    sc.state.tokens[sc.card(1, "Régente")] = [-1]
    assert C.Ecart().value(sc.state, act) == 10 and not at_least.holds(sc.state, act)
    sc.state.leave_play(sc.card(0, "Mendiante"), "discard")
    assert C.Ecart().value(sc.state, act) == 0


def test_a_result_that_changed(examples):
    # Hibou Veilleur (Académie): Si le résultat de la rencontre a changé, Piocher 2 cartes. The Sage (14)
    # loses to the Empereur (16), then takes +1 for each card in P2's discard.
    sc = to_discard(game(examples, "Hibou Veilleur"), 1, "Pie", "Devin", "Tisserande").hand(0, "Sage").hand(1, "Empereur")
    events = duel(sc, "Sage", "Empereur")
    assert sc.influence(0, "Sage") == 17 and sc.seals() == [1, 0]
    assert of(events, "condition")[-1]["ok"] is True and draws(events, 0) == 2
    sc = to_discard(game(examples, "Hibou Veilleur"), 1, "Pie").hand(0, "Sage").hand(1, "Empereur")
    events = duel(sc, "Sage", "Empereur")
    assert sc.influence(0, "Sage") == 15 and sc.seals() == [0, 1]
    assert of(events, "condition")[-1]["ok"] is False and draws(events, 0) == 0


# ---------------------------------------------------------------------------
# A hand played shown (the Voyante), and its limit spent only when an effect acts
# ---------------------------------------------------------------------------


def test_the_opponents_hand_is_shown_to_every_output_of_the_seat(examples):
    sc = game(examples).hand(0, "Voyante", "Devin").hand(1, "Marchand Royal", "Pie", "Corsaire")
    sc.start()
    state = sc.state
    assert not state.hand_shown(1)
    assert "Pie" not in describe(state, 0) and ("P2's hand", ["Pie", "Corsaire"]) not in zones(state, 0)
    duel(sc, "Voyante", "Marchand Royal")  # the Voyante loses: its Persistant token
    assert sc.card(0, "Voyante") in state.persistent
    assert state.hand_shown(1) and not state.hand_shown(0)
    p2_hand = sorted(state.seats[1].hand, key=lambda c: state.cards[c].influence)
    names = [state.names[c] for c in p2_hand]
    assert "Pie" in names and "Corsaire" in names
    assert f"({', '.join(f'{state.names[c]} {state.cards[c].influence}' for c in p2_hand)}) shown" in describe(state, 0)
    assert ("P2's hand", names) in zones(state, 0)
    assert sorted(c.name for c in state.view(0).their_hand) == sorted(names)
    # P1's own hand stays hidden from P2
    p1_names = [state.names[c] for c in state.seats[0].hand]
    assert p1_names and not any(name in describe(state, 1).split("P1: hand")[1].split("\n")[0] for name in p1_names)
    assert not any(zone == "P1's hand" for zone, _ in zones(state, 1)) and state.view(1).their_hand is None
    # a position dealt anew for P1 keeps P2's hand; only P2's pile is dealt anew
    for seed in range(3):
        again = state.resample(0, random.Random(seed))
        assert sorted(again.seats[1].hand) == sorted(state.seats[1].hand)
        assert describe(again, 0) == describe(state, 0)


def test_a_card_drawn_into_a_shown_hand_is_seen(examples):
    sc = game(examples).hand(0, "Voyante").hand(1, "Marchand Royal", "Pie")
    duel(sc, "Voyante", "Marchand Royal")
    events = end_turn(sc)
    (p2_draw,) = [e for e in of(events, "draw") if e["player"] == 1]
    assert p2_draw["seen"] is True and render(p2_draw, 0) == f"    P2 draws {p2_draw['card']}"
    assert sc.card(1, p2_draw["card"]) in sc.state.seats[1].hand and p2_draw["card"] in describe(sc.state, 0)
    (p1_draw,) = [e for e in of(events, "draw") if e["player"] == 0]
    assert "seen" not in p1_draw and render(p1_draw, 1) == "    P1 draws a card"


def test_the_card_chosen_from_a_shown_hand_stays_secret(examples):
    sc = game(examples).hand(1, "Voyante", "Devin").hand(0, "Marchand Royal", "Pie", "Corsaire")
    duel(sc, "Marchand Royal", "Voyante")  # P2's Voyante loses: P1 plays with the hand shown
    end_turn(sc)
    state = sc.state
    assert state.hand_shown(0)
    sc.choose("Corsaire")  # P1 chooses first, in secret
    assert state.chosen[0] == sc.card(0, "Corsaire")
    p1_line = describe(state, 1).split("P1: hand")[1].split("\n")[0]
    assert "Corsaire" in p1_line and "Pie" in p1_line and p1_line.endswith("has chosen a card")
    assert not any(zone.startswith("chosen by P1") for zone, _ in zones(state, 1))
    assert ("chosen by P1", ["Corsaire"]) in zones(state, 0)


def test_a_limited_ability_whose_condition_fails_is_not_spent(examples):
    # Voyante: Capacité instantanée, une fois par duel : Si tu as perdu la rencontre précédente, Piocher 2 cartes
    sc = game(examples).past("Sage", "Pie").hand(0, "Voyante").hand(1, "Marchand Royal")
    voyante = sc.card(0, "Voyante")
    events = duel(sc, "Voyante", "Marchand Royal")  # P1 won the encounter before: nothing acts
    assert of(events, "condition")[-1]["ok"] is False and draws(events, 0) == 0
    assert sc.state.used == {}
    sc = game(examples).past("Mendiante", "Pie").hand(0, "Voyante").hand(1, "Marchand Royal")
    events = duel(sc, "Voyante", "Marchand Royal")  # P1 lost it: the ability acts, and is spent
    assert draws(events, 0) == 2 and sc.state.used == {(voyante, 1): 1}


def test_a_spent_limited_ability_does_not_act_again(examples):
    sc = game(examples).past("Mendiante", "Pie").hand(0, "Voyante").hand(1, "Marchand Royal")
    voyante = sc.card(0, "Voyante")
    sc.state.used = {(voyante, 1): 1}
    events = duel(sc, "Voyante", "Marchand Royal")
    assert [e["card"] for e in of(events, "limit_reached")] == ["Voyante"] and draws(events, 0) == 0


def _terminal(state, seat: int) -> str:
    """What a person at `seat` reads at the prompt of the pending decision (theirs)."""
    person = HumanPlayer(seat, state.describe, read=lambda prompt: "1")
    person.colour = False
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        person.choose(state.decision(), View(state, seat))
    return printed.getvalue()


def test_every_output_of_the_seat_shows_the_hand_shown_and_nothing_else(examples):
    sc = game(examples).hand(0, "Voyante", "Devin").hand(1, "Marchand Royal", "Pie", "Corsaire")
    duel(sc, "Voyante", "Marchand Royal")
    end_turn(sc)
    state, engine = sc.state, ENGINES["cardia"]
    assert state.decision().player == 0 and state.hand_shown(1)
    p2 = [state.names[c] for c in state.seats[1].hand]
    p1 = [state.names[c] for c in state.seats[0].hand]
    prompt = _terminal(state, 0)  # P1's prompt, `atout view --seat 1`'s step: P2's hand in both
    step = step_of(sc.game, engine, 0, "", [], state)
    assert all(name in prompt and name in step["state"] for name in p2)
    assert ("P2's hand", sorted(p2, key=lambda name: state.cards[sc.card(1, name)].influence)) in step["zones"]
    other = step_of(sc.game, engine, 1, "", [], state)  # P2 sees none of P1's hand
    assert not any(name in other["state"].split("P1: hand")[1].split("\n")[0] for name in p1)
    # what each seat cannot see, dealt anew, changes none of its outputs
    for seed in range(3):
        dealt = state.resample(0, random.Random(seed))
        assert _terminal(dealt, 0) == prompt and step_of(sc.game, engine, 0, "", [], dealt) == step
        dealt = state.resample(1, random.Random(seed))
        assert step_of(sc.game, engine, 1, "", [], dealt) == other
    assert any(state.resample(1, random.Random(seed)).seats[0].hand != state.seats[0].hand for seed in range(3))  # P1's hand, not shown, is dealt anew


def _voyante_as(tmp_path, ability: str):
    """The examples, the Voyante's instantaneous ability written `ability` (a card of the same name replaces it)."""
    folder = tmp_path / "essai"
    folder.mkdir()
    (folder / "extension.atout").write_text(f"Duel pour Cardia : extension\nBase : {EXAMPLES}\n", encoding="utf-8")
    card = f"== Voyante ==\nPaquet II · Académie · influence 11\nCapacité persistante : L'adversaire joue avec sa main visible\n{ability}\n"
    (folder / "cartes.atout").write_text("Duel pour Cardia : cartes\n" + card, encoding="utf-8")
    return load_files(LANGUAGES["cardia"], [folder])


@pytest.mark.parametrize(
    ("ability", "drawn", "used"),
    [
        ("Capacité instantanée, une fois par duel : Si tu as perdu la rencontre précédente, Piocher 2 cartes, sinon Piocher 1 carte", 1, 1),
        ("Capacité instantanée, 2 fois par duel : Si tu as perdu la rencontre précédente, Piocher 2 cartes ; Piocher 1 carte", 1, 1),
        ("Capacité instantanée, 2 fois par duel : Si tu as perdu la rencontre précédente, Piocher 2 cartes ; Si tu as gagné la rencontre précédente, Piocher 1 carte", 1, 1),
        ("Capacité instantanée, 2 fois par duel : Si tu as perdu la rencontre précédente, Piocher 2 cartes ; Sauf si tu as gagné la rencontre précédente, Piocher 1 carte", 0, 0),
    ],
)
def test_a_limited_ability_counts_once_when_any_of_its_effects_acts(tmp_path, ability, drawn, used):
    sc = game(_voyante_as(tmp_path, ability)).past("Sage", "Pie").hand(0, "Voyante").hand(1, "Marchand Royal")  # P1 won the encounter before
    events = duel(sc, "Voyante", "Marchand Royal")
    assert draws(events, 0) == drawn
    assert sc.state.used.get((sc.card(0, "Voyante"), 1), 0) == used


def test_cards_drawn_into_or_taken_from_a_shown_hand_are_named_to_the_other_seat(examples):
    # P2's Voyante has its token: P1 plays with the hand shown. The Marchand Royal loses: L'adversaire
    # pioche 1 carte ; Prendre 1 carte de la main adverse
    sc = game(examples).past("Pie", "Voyante").persistent(1, "Voyante").hand(0, "Empereur", "Devin").hand(1, "Marchand Royal")
    events = before_count(duel(sc, "Empereur", "Marchand Royal", "Devin"))
    (drawn,) = [e for e in of(events, "draw") if e["player"] == 0]
    assert drawn["seen"] is True and render(drawn, 1) == f"    P1 draws {drawn['card']}"
    (taken,) = of(events, "take")
    assert (taken["card"], taken["owner"], taken["to"], taken["seen"]) == ("Devin", 0, 1, True)
    assert render(taken, 0).startswith("        Devin goes from P1's hand into the hand of P2")
    assert sc.names(1, "hand") == ["Devin"]
