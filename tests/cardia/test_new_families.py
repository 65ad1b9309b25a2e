"""Duel pour Cardia's new families of mechanics: the opponent's choice between two effects, effects kept for the next encounter.

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
from atout.interpreter.games.cardia.commentary import describe, render
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
    assert [card.name for card in document.node.cards] == ["Renard Marchand", "Tortue Patiente"]
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
        "Capacité instantanée : À la prochaine rencontre : +3 sur ta carte",
        "Capacité instantanée : À la prochaine rencontre : −2 sur la carte adverse et Piocher 1 carte ; Piocher 1 carte",
    ],
)
def test_the_new_forms_are_written_as_read(line):
    text = f"Duel pour Cardia : cartes\n\n== Essai ==\nPaquet I · Guilde · influence 3\n{line}\n"
    document = read_document("essai.atout", text, LANGUAGES)
    assert document.diagnostics == []
    (effet, *_) = document.node.cards[0].capacites[0].effets
    assert effet.kind in ("choix_adverse", "a_la_prochaine_rencontre")
    assert write_card(document.node.cards[0]).splitlines()[-1] == line


@pytest.mark.parametrize(
    "line",
    [
        "Capacité instantanée : L'adversaire choisit : −3 sur cette carte",  # one block only
        "Capacité instantanée : L'adversaire choisit : Si tu as au moins 2 sceaux, Piocher 1 carte ou −1 sur cette carte",  # no Si inside
        "Capacité instantanée : Si tu as au moins 2 sceaux, L'adversaire choisit : Piocher 1 carte ou −1 sur cette carte",  # nor in a Si
        "Capacité instantanée : À la prochaine rencontre : L'adversaire choisit : Piocher 1 carte ou −1 sur cette carte",  # simple effects only
        "Capacité instantanée : À la prochaine rencontre +3 sur ta carte",  # its colon
    ],
)
def test_a_malformed_form_is_refused(line):
    text = f"Duel pour Cardia : cartes\n\n== Essai ==\nPaquet I · Guilde · influence 3\n{line}\n"
    diagnostics = read_document("essai.atout", text, LANGUAGES).diagnostics
    assert diagnostics and diagnostics[0].line == 5


@pytest.mark.parametrize(
    ("line", "taught"),
    [
        ("Capacité instantanée : L'adversaire choisit −3 sur cette carte ou Piocher 1 carte", "L'adversaire choisit :"),
        ("Capacité instantanée : À la prochaine rencontre +3 sur ta carte", "À la prochaine rencontre :"),
    ],
)
def test_a_line_near_a_form_is_taught_it(line, taught):
    text = f"Duel pour Cardia : cartes\n\n== Essai ==\nPaquet I · Guilde · influence 3\n{line}\n"
    (diagnostic,) = read_document("essai.atout", text, LANGUAGES).diagnostics
    assert taught in (diagnostic.hint or "")


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


# ---------------------------------------------------------------------------
# Playing: effects kept for the next encounter
# ---------------------------------------------------------------------------


def with_ability(sc: Scenario, seat: int, name: str, line: str) -> Scenario:
    """The seat's card of this name plays with this ability instead of its own (its influence kept)."""
    text = f"Duel pour Cardia : cartes\n\n== {name} ==\nPaquet II · Académie · influence 3\n{line}\n"
    (card,) = read_document("essai.atout", text, LANGUAGES).node.cards
    index = sc.card(seat, name)
    sc.state.cards = [card if i == index else c for i, c in enumerate(sc.state.cards)]
    return sc


def turn(sc: Scenario, p1: str, p2: str) -> list[dict]:
    """One encounter, every other decision answered by its first option, up to the next choice of cards (no Protecteur then)."""
    events: list[dict] = []
    if sc.state.turn == 0:
        events += sc.start().events
    number = sc.state.turn
    while (decision := sc.decision) is not None and not (decision.kind == "play" and sc.state.turn > number):
        events += sc.choose((p1, p2)[decision.player] if decision.kind == "play" else decision.labels()[0])
    sc.state.protector_now = None  # the encounters after the first have no Protecteur: only the form acts
    return events


def test_the_effects_wait_for_the_next_encounter_then_act_before_its_abilities(examples):
    sc = with_ability(Scenario(examples, deck="II"), 0, "Devin", "Capacité instantanée : À la prochaine rencontre : +3 sur ta carte et +2 sur cette carte")
    sc.hand(0, "Devin", "Mendiante", "Pie").hand(1, "Sage", "Pie", "Faussaire")
    events = turn(sc, "Devin", "Sage")  # 3 against 14: the Devin loses, its ability acts
    assert "delayed" in kinds(events)
    assert sc.influence(0, "Devin") == 3  # nothing acted yet
    assert len(sc.state.delayed) == 1 and sc.seals() == [0, 1]
    assert "kept for the next encounter, for P1: Devin — À la prochaine rencontre : +3 sur ta carte et +2 sur cette carte" in describe(sc.state, 1)
    events = turn(sc, "Mendiante", "Pie")  # 1 against 2 at the reveal
    assert sc.influence(0, "Mendiante") == 4  # ta carte: the card of this encounter
    assert sc.influence(0, "Devin") == 5  # cette carte: still the card that wrote them
    assert sc.seals() == [1, 1]  # this encounter's seal moved to P1's card
    assert sc.state.delayed == ()  # they act once
    order = kinds(events)
    assert order.index("delayed_acts") < order.index("activate")  # before the Mendiante's own ability
    (acts,) = of(events, "delayed_acts")
    assert render(acts) == "    Devin's effects kept for this encounter act for P1"
    events = turn(sc, "Pie", "Faussaire")
    assert "delayed_acts" not in kinds(events) and sc.influence(0, "Pie") == 2


def test_the_example_protecteur_keeps_its_effects_for_the_next_encounter(examples):
    # Tortue Patiente (Académie): À la prochaine rencontre : +3 sur ta carte
    sc = game(examples, "Tortue Patiente").hand(0, "Devin", "Mendiante").hand(1, "Pie", "Mendiante")
    events = turn(sc, "Devin", "Pie")  # 3 against 2: P1 wins; the Protecteur acts for P1 (Académie)
    assert [e["card"] for e in of(events, "delayed")] == ["Tortue Patiente"]
    assert sc.seals() == [1, 0]
    events = turn(sc, "Mendiante", "Mendiante")  # a tie at the reveal: no ability acts
    assert "activate" not in kinds(events)
    assert sc.influence(0, "Mendiante") == 4 and sc.influence(1, "Mendiante") == 1
    assert sc.seals() == [2, 0]  # the tie is won by P1's card once the effect acted


def test_kept_effects_make_positions_differ(examples):
    sc = with_ability(Scenario(examples, deck="II"), 0, "Devin", "Capacité instantanée : À la prochaine rencontre : +3 sur ta carte")
    sc.hand(0, "Devin", "Mendiante").hand(1, "Sage", "Pie")
    before = sc.state.signature()
    other = sc.state.clone()
    turn(sc, "Devin", "Sage")
    assert sc.state.delayed and other.delayed == ()  # a copy made before does not share them
    copy = sc.state.clone()
    assert copy.delayed == sc.state.delayed and copy.signature() == sc.state.signature()
    copy.delayed = ()
    assert copy.signature() != sc.state.signature() and before != sc.state.signature()
