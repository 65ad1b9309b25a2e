"""Duel pour Cardia's new families of mechanics: the opponent's choice between two effects.

Each scenario plays the example card that uses the form
(`cards/cardia/exemples/nouvelles-familles.atout`) and asserts what it did:
influences, hands, who was asked, what the commentary says, what a bot
chooses. Each would fail if the form did nothing.
"""

from __future__ import annotations


import pytest

from atout.cards import CARDS_DIR
from atout.interpreter.engine.loading import load_files
from atout.interpreter.engine.players import View
from atout.interpreter.games import LANGUAGES
from atout.interpreter.games.cardia.bots import HeuristicBot
from atout.interpreter.games.cardia.commentary import render
from atout.interpreter.games.cardia.writing import write_card
from atout.interpreter.language.loader import read_document

from .conftest import Scenario, kinds

EXAMPLES = CARDS_DIR / "cardia" / "exemples"
NEW_FAMILIES = EXAMPLES / "nouvelles-familles.atout"

RAISE, DISCARD = "+3 sur ta carte", "L'adversaire défausse 1 carte de sa main au hasard"


@pytest.fixture(scope="module")
def examples():
    """The example set, with the new families' cards."""
    return load_files(LANGUAGES["cardia"], [EXAMPLES])


def game(files, protecteur: str) -> Scenario:
    """Deck II of the examples, with the Protecteurs and this one first."""
    return Scenario(files, deck="II", protecteurs=True).protecteur(protecteur)


def up_to(sc: Scenario, kind: str, p1: str, p2: str) -> list[dict]:
    """Start, play both cards, answer chance's decisions with their first option, up to a decision of `kind`."""
    events = list(sc.start().events)
    while (decision := sc.state.decision()) is not None and decision.kind != kind:
        if decision.kind == "play":
            events += sc.choose((p1, p2)[decision.player])
        else:
            assert decision.is_chance, decision.kind
            events += sc.choose(decision.labels()[0])
    return events


def of(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["e"] == kind]


# ---------------------------------------------------------------------------
# Reading and writing
# ---------------------------------------------------------------------------


def test_the_new_families_cards_read_and_write_back_as_themselves():
    text = NEW_FAMILIES.read_text(encoding="utf-8")
    document = read_document(NEW_FAMILIES.name, text, LANGUAGES)
    assert document.diagnostics == []
    assert [card.name for card in document.node.cards] == ["Renard Marchand"]
    for card in document.node.cards:
        block = write_card(card)
        assert block in text  # the canonical form is the file's own
        (again,) = read_document("x.atout", "Duel pour Cardia : cartes\n" + block, LANGUAGES).node.cards
        assert again == card


@pytest.mark.parametrize(
    "line",
    [
        "Capacité instantanée : L'adversaire choisit : −3 sur cette carte ou Piocher 2 cartes",
        "Capacité instantanée : L'adversaire choisit : Piocher 1 carte et +2 sur cette carte ou −4 sur la carte adverse ; Piocher 1 carte",
        "Capacité instantanée, une fois par duel : L'adversaire choisit : Défausser la carte adverse ou Reprendre cette carte en main",
    ],
)
def test_the_choice_is_written_as_read(line):
    text = f"Duel pour Cardia : cartes\n\n== Essai ==\nPaquet I · Guilde · influence 3\n{line}\n"
    document = read_document("essai.atout", text, LANGUAGES)
    assert document.diagnostics == []
    (effet, *_) = document.node.cards[0].capacites[0].effets
    assert effet.kind == "choix_adverse"
    assert write_card(document.node.cards[0]).splitlines()[-1] == line


@pytest.mark.parametrize(
    "line",
    [
        "Capacité instantanée : L'adversaire choisit : −3 sur cette carte",  # one block only
        "Capacité instantanée : L'adversaire choisit : Si tu as au moins 2 sceaux, Piocher 1 carte ou −1 sur cette carte",  # no Si inside
        "Capacité instantanée : Si tu as au moins 2 sceaux, L'adversaire choisit : Piocher 1 carte ou −1 sur cette carte",  # nor in a Si
    ],
)
def test_a_malformed_choice_is_refused_with_its_teaching(line):
    text = f"Duel pour Cardia : cartes\n\n== Essai ==\nPaquet I · Guilde · influence 3\n{line}\n"
    diagnostics = read_document("essai.atout", text, LANGUAGES).diagnostics
    assert diagnostics and diagnostics[0].line == 5


def test_a_line_near_the_form_is_taught_it():
    text = "Duel pour Cardia : cartes\n\n== Essai ==\nPaquet I · Guilde · influence 3\nCapacité instantanée : L'adversaire choisit −3 sur cette carte ou Piocher 1 carte\n"
    (diagnostic,) = read_document("essai.atout", text, LANGUAGES).diagnostics
    assert "L'adversaire choisit :" in (diagnostic.hint or "")


# ---------------------------------------------------------------------------
# Playing: the opponent chooses, the chosen block acts, the other does not
# ---------------------------------------------------------------------------


def test_the_opponent_is_asked_between_the_two_blocks(examples):
    # Renard Marchand (Guilde): L'adversaire choisit : +3 sur ta carte ou L'adversaire défausse 1 carte de sa main au hasard
    sc = game(examples, "Renard Marchand").hand(0, "Mendiante", "Pie").hand(1, "Régente", "Devin", "Sage")
    up_to(sc, "choice", "Mendiante", "Régente")
    decision = sc.decision
    assert decision.kind == "choice" and decision.player == 1  # P1 played the Guilde card: P2 chooses
    assert decision.labels() == [RAISE, DISCARD]


def test_the_first_block_chosen_acts_alone(examples):
    sc = game(examples, "Renard Marchand").hand(0, "Mendiante", "Pie").hand(1, "Régente", "Devin", "Sage")
    up_to(sc, "choice", "Mendiante", "Régente")
    events = sc.choose(RAISE)
    assert sc.influence(0, "Mendiante") == 4  # 1 + 3
    assert sc.names(1, "hand") == ["Devin", "Sage"]  # nothing discarded
    (choice,) = of(events, "choice")
    assert choice == {"e": "choice", "player": 1, "text": RAISE}
    assert render(choice) == f"        P2 chooses: {RAISE}"


def test_the_second_block_chosen_acts_alone(examples):
    sc = game(examples, "Renard Marchand").hand(0, "Mendiante", "Pie").hand(1, "Régente", "Devin", "Sage")
    up_to(sc, "choice", "Mendiante", "Régente")
    discard = sc.names(1, "discard")
    events = sc.choose(DISCARD)
    assert sc.decision.kind == "random_discard" and sc.decision.labels() == ["Devin", "Sage"]  # P2's hand, at random
    events += sc.choose("Sage")
    assert sc.influence(0, "Mendiante") == 1  # no +3
    assert sc.names(1, "hand") == ["Devin"] and sc.names(1, "discard") == sorted([*discard, "Sage"])
    assert [(e["player"], e["card"]) for e in of(events, "discard")] == [(1, "Sage")]
    assert kinds(events)[0] == "choice"


def test_the_choice_flips_a_result_when_the_raise_is_taken(examples):
    sc = game(examples, "Renard Marchand").hand(0, "Usurier", "Pie").hand(1, "Régente", "Devin")
    up_to(sc, "choice", "Usurier", "Régente")  # 10 against 12: P2 wins the seal
    assert sc.seals() == [0, 1]
    sc.choose(RAISE)  # 13 against 12
    assert sc.seals() == [1, 0]


@pytest.mark.parametrize(
    ("p1", "expected"),
    [
        ("Usurier", DISCARD),  # +3 would turn the encounter (13 against 12): a seal is worth more than a card
        ("Mendiante", RAISE),  # +3 changes nothing (4 against 12): better than losing a card
    ],
)
def test_a_bot_chooses_by_trying_both(examples, p1, expected):
    sc = game(examples, "Renard Marchand").hand(0, p1, "Pie").hand(1, "Régente", "Devin", "Sage")
    up_to(sc, "choice", p1, "Régente")
    decision = sc.decision
    bot = HeuristicBot(seed=7)
    assert decision.labels()[bot.choose(decision, View(sc.state, 1))] == expected


def test_a_limited_ability_is_spent_by_the_choice(examples):
    text = "Duel pour Cardia : cartes\n\n== Essai ==\nPaquet I · Guilde · influence 3\nCapacité instantanée, une fois par duel : L'adversaire choisit : Piocher 1 carte ou −1 sur cette carte\n"
    (card,) = read_document("essai.atout", text, LANGUAGES).node.cards
    assert card.capacites[0].limite is not None
    sc = Scenario(examples, deck="II")
    index = sc.card(0, "Mendiante")
    sc.state.cards = [card if i == index else c for i, c in enumerate(sc.state.cards)]
    sc.hand(0, "Mendiante", "Pie").hand(1, "Régente", "Devin")
    up_to(sc, "choice", "Mendiante", "Régente")
    sc.choose("−1 sur cette carte")
    assert sc.state.used == {(index, 0): 1}
