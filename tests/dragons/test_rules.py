"""Every rule of Duel de dragons and every value of every option, as scenarios."""

from __future__ import annotations

import pytest

from atout.interpreter.engine.decision import CHANCE
from atout.interpreter.games.dragons.engine import default_opponent, setup_from_options
from atout.interpreter.games.dragons.game import CollectionChoice, DragonsGame
from atout.interpreter.language.diagnostics import DiagnosticError

from .conftest import FIVE

SIX = FIVE + ["Modeste"]


def won_rounds(s, rounds: int, p1: str = "Dragon", p2: str = "Faible") -> None:
    """Play `rounds` rounds on Savoir + Charisme where P1's card beats P2's."""
    for _ in range(rounds):
        s.round("Savoir + Charisme", p1, p2)


# ---------------------------------------------------------------------------
# Préparation
# ---------------------------------------------------------------------------


def test_preparation_draws_20_cards_then_5_for_the_hand_the_rest_is_the_reserve(dr_files):
    game = DragonsGame.from_files(dr_files, (_shipped(dr_files, "veterane"), _shipped(dr_files, "debutant")))
    state = game.new_state()
    kinds = []
    while state.decision().kind in ("draw", "leave", "hand"):
        decision = state.decision()
        assert decision.player == CHANCE
        kinds.append((state.decision().kind, decision.prompt.split()[0]))
        state.apply(0)
        assert state.check_invariants() == []
    # veterane has 40 cards: 20 drawn one by one; debutant has 25: the 5 left out are drawn.
    assert kinds.count(("draw", "P1")) == 20 and kinds.count(("hand", "P1")) == 5
    assert kinds.count(("leave", "P2")) == 5 and kinds.count(("hand", "P2")) == 5
    for seat, size in ((0, 40), (1, 25)):
        assert len(state.hands[seat]) == 5
        assert len(state.reserve[seat]) == 15
        assert len(state.left[seat]) == size - 20
    assert state.decision().kind == "stat_count"


def test_every_set_of_20_cards_is_possible_the_left_out_cards_stay_out(dr_files):
    game = DragonsGame.from_files(dr_files, (_shipped(dr_files, "debutant"), _shipped(dr_files, "debutant")))
    state = game.new_state()
    labels = state.decision().labels()
    assert state.decision().kind == "leave"
    weights = {o.label: o.weight for o in state.decision().options}
    assert weights["Dragonnet des Cendres"] == 2 and weights["Chevalier Errant"] == 1  # weighted by copies
    state.apply(labels.index("Chevalier Errant"))
    assert [state.names[c] for c in state.left[0].cards()] == ["Chevalier Errant"]


def _shipped(files, name: str) -> CollectionChoice:
    return CollectionChoice.from_list(files.lists[name])


# ---------------------------------------------------------------------------
# La manche
# ---------------------------------------------------------------------------


def test_a_round_draws_how_many_statistics_then_which_the_same_for_both(scenario):
    s = scenario()
    count = s.decision
    assert (count.player, count.kind, count.labels()) == (CHANCE, "stat_count", ["2", "3"])
    s.choose("3")
    which = s.decision
    assert (which.player, which.kind) == (CHANCE, "stats")
    assert which.labels() == ["Puissance + Ruse + Savoir", "Puissance + Ruse + Charisme", "Puissance + Savoir + Charisme", "Ruse + Savoir + Charisme"]
    events = s.choose("Ruse + Savoir + Charisme")
    assert {"e": "stats", "round": 1, "stats": ["Ruse", "Savoir", "Charisme"]} in events
    # both players sum the same statistics
    assert s.decision.labels()[0] == "Dragon d'Exemple (120)"
    s.choose("Dragon d'Exemple (120)")
    assert s.decision.labels()[0] == "Dragon d'Exemple (120)"


def test_the_rules_file_gives_the_number_of_statistics(scenario):
    s = scenario(stats_min=4, stats_max=4)
    assert s.decision.kind == "play"  # one count, one combination: nothing to draw
    assert s.state.asked == (0, 1, 2, 3)


def test_cards_are_chosen_in_secret_then_revealed_together(scenario):
    s = scenario()
    s.play("2", "Puissance + Ruse")
    assert s.decision.player == 0 and s.decision.kind == "play" and s.decision.secret
    events = s.choose(s.label("Dragon"))
    assert events == [{"e": "chosen", "player": 0}]  # no card named
    assert s.decision.player == 1 and s.decision.secret
    assert s.state.view(1).seen == ()  # P2 cannot see P1's choice
    assert s.state.describe(1).splitlines()[1] == "  P1: 5 cards in hand, 0 in reserve, 1 exchange left"
    events = s.choose(s.label("Faible"))
    reveal = next(e for e in events if e["e"] == "reveal")
    assert reveal["cards"] == ["Dragon d'Exemple", "Faible"]
    assert reveal["values"] == [[80, 40], [25, 25]] and reveal["totals"] == [120, 50]


def test_the_higher_total_wins_one_point(scenario):
    s = scenario()
    events = s.round("Savoir + Charisme", "Faible", "Usé")
    assert {"e": "won", "round": 1, "player": 1, "score": [0, 1]} in events
    assert s.state.score == [0, 1]


def test_played_cards_stay_in_the_hand_and_can_be_played_again(scenario):
    s = scenario()
    s.round("Puissance + Ruse", "Dragon", "Modeste")
    assert s.hand(0) == sorted(FIVE)
    s.round("Puissance + Ruse", "Dragon", "Modeste")
    assert s.stats_of(0, "Dragon d'Exemple")[:2] == [60, 20]


# ---------------------------------------------------------------------------
# La fatigue
# ---------------------------------------------------------------------------


def test_the_rulebook_fatigue_example(scenario):
    """Ruse + Puissance; the dragon (Puissance 80, Ruse 40) wins, goes to 70 and 30; Savoir, Charisme unchanged."""
    s = scenario()
    events = s.round("Puissance + Ruse", "Dragon", "Modeste")
    kinds = s.kinds(events)
    assert kinds.index("reveal") < kinds.index("won") < kinds.index("fatigue")  # fatigue after the winner is decided
    assert s.stats_of(0, "Dragon d'Exemple") == [70, 30, 30, 50]
    assert {"e": "fatigue", "player": 0, "card": "Dragon d'Exemple", "changes": [["Puissance", 80, 70], ["Ruse", 40, 30]]} in events


def test_fatigue_hits_the_losing_card_too_and_only_the_statistics_asked(scenario):
    s = scenario()
    s.round("Puissance + Ruse", "Dragon", "Modeste")
    assert s.stats_of(1, "Modeste") == [20, 20, 30, 30]
    assert s.stats_of(1, "Dragon d'Exemple") == [80, 40, 30, 50]  # not played: unchanged


def test_fatigue_accumulates_and_never_goes_below_zero(scenario):
    s = scenario()
    s.round("Puissance + Ruse", "Usé", "Faible")
    assert s.stats_of(0, "Usé") == [0, 0, 45, 45]
    s.round("Puissance + Savoir", "Usé", "Faible")
    assert s.stats_of(0, "Usé") == [0, 0, 35, 45]
    assert s.stats_of(1, "Faible") == [5, 15, 15, 25]


def test_the_fatigue_comes_from_the_rules_file(scenario):
    s = scenario(fatigue=25)
    s.round("Puissance + Ruse", "Dragon", "Modeste")
    assert s.stats_of(0, "Dragon d'Exemple") == [55, 15, 30, 50]


def test_fatigue_counts_in_the_next_rounds_totals(scenario):
    s = scenario()
    s.round("Puissance + Ruse", "Dragon", "Modeste")
    s.play("2", "Puissance + Ruse")
    assert s.label("Dragon") == "Dragon d'Exemple (100)"


# ---------------------------------------------------------------------------
# La réserve
# ---------------------------------------------------------------------------


def test_swap_is_offered_before_the_card_then_a_reserve_card_is_drawn_without_fatigue(scenario):
    s = scenario(p1=SIX)
    # six cards: a reduced duel; the hand is drawn from them, the last one is the reserve
    for label in ["Dragon d'Exemple", "Faible", "Modeste", "Réserviste", "Usé"]:
        s.choose(label)
    assert s.hand(0) == sorted(FIVE) and len(s.state.reserve[0]) == 1
    s.play("2", "Puissance + Ruse")
    swap = s.decision
    assert (swap.player, swap.kind, swap.secret) == (0, "swap", True)
    assert swap.labels() == ["no swap", "swap Dragon d'Exemple (120)", "swap Faible (50)", "swap Modeste (60)", "swap Réserviste (100)", "swap Usé (10)"]
    s.choose("no swap")
    s.choose(s.label("Dragon"))  # P2 has no reserve: not asked; P1 plays
    s.choose(s.label("Faible"))
    assert s.stats_of(0, "Dragon d'Exemple") == [70, 30, 30, 50]
    s.play("2", "Puissance + Ruse")
    events = s.choose("swap Dragon d'Exemple (100)")
    # the reserve holds one Modeste: the draw has one option and is taken at once
    assert {"e": "swap", "player": 0, "out": "Dragon d'Exemple", "card": "Modeste", "left": 0} in events
    assert s.hand(0) == ["Faible", "Modeste", "Modeste", "Réserviste", "Usé"]
    assert [s.state.names[c] for c in s.state.reserve[0].cards()] == ["Dragon d'Exemple"]
    assert s.decision.labels() == ["Faible (50)", "Modeste (60)", "Modeste #2 (60)", "Réserviste (100)", "Usé (10)"]


def test_the_card_from_the_reserve_arrives_without_fatigue(scenario):
    s = scenario(p1=FIVE + ["Dragon d'Exemple"])
    for label in ["Dragon d'Exemple", "Faible", "Modeste", "Réserviste", "Usé"]:
        s.choose(label)
    s.play("2", "Puissance + Ruse", "no swap", "Dragon d'Exemple (120)", "Faible (50)")
    s.play("2", "Puissance + Ruse", "swap Dragon d'Exemple (100)")
    # the other copy comes in at full strength; the tired one goes to the reserve
    assert s.stats_of(0, "Dragon d'Exemple") == [80, 40, 30, 50]


def test_swap_only_once_per_duel(scenario):
    s = scenario(p1=SIX, p2=SIX)
    s.play("Dragon d'Exemple", "Faible", "Modeste", "Réserviste", "Usé")
    s.play("Dragon d'Exemple", "Faible", "Modeste", "Réserviste", "Usé")
    s.play("2", "Puissance + Ruse", "swap Usé (10)", "swap Faible (50)")
    assert s.state.exchanges == [0, 0]
    s.play(s.label("Dragon"), s.label("Dragon"))
    s.play("2", "Puissance + Ruse")
    assert s.decision.kind == "play"  # no more swap decision


def test_both_swaps_are_decided_in_secret_before_either_is_made(scenario):
    s = scenario(p1=SIX, p2=SIX)
    s.play("Dragon d'Exemple", "Faible", "Modeste", "Réserviste", "Usé")
    s.play("Dragon d'Exemple", "Faible", "Modeste", "Réserviste", "Usé")
    s.play("2", "Puissance + Ruse")
    assert s.choose("swap Usé (10)") == []  # nothing shown before P2 decides
    assert s.state.view(1).exchanges == (1, 1)
    events = s.choose("no swap")
    assert s.kinds(events) == ["swap"]


def test_the_number_of_exchanges_comes_from_the_rules_file(scenario):
    s = scenario(p1=SIX, exchanges=0)
    s.play("Dragon d'Exemple", "Faible", "Modeste", "Réserviste", "Usé", "2", "Puissance + Ruse")
    assert s.decision.kind == "play"


# ---------------------------------------------------------------------------
# Fin du duel
# ---------------------------------------------------------------------------


def test_most_points_after_5_rounds_wins(scenario):
    s = scenario()
    won_rounds(s, 3)
    s.round("Savoir + Charisme", "Faible", "Dragon")
    assert s.state.outcome() is None
    events = s.round("Savoir + Charisme", "Faible", "Réserviste")
    assert s.state.outcome().winner == 0
    assert s.state.outcome().reason == "P1 wins 3–2 after 5 rounds"
    assert events[-1] == {"e": "end", "winner": 0, "code": "score", "facts": {"score": [3, 2], "decisive": 0}, "score": [3, 2]}


def test_the_number_of_rounds_comes_from_the_rules_file(scenario):
    s = scenario(rounds=1)
    won_rounds(s, 1)
    assert s.state.outcome().winner == 0


def test_a_tie_after_5_rounds_plays_decisive_rounds_like_the_others(scenario):
    s = scenario()
    won_rounds(s, 2)
    won_rounds(s, 2, "Faible", "Dragon")
    events = s.round("Savoir + Charisme", "Modeste", "Modeste")  # equal totals: nobody scores
    assert s.state.score == [2, 2] and s.state.outcome() is None
    assert events[-1] == {"e": "round", "round": 6, "decisive": 1, "replay": False, "score": [2, 2]}
    events = s.round("Puissance + Ruse", "Réserviste", "Usé", count="2")
    assert s.state.asked == (0, 1)  # random statistics, like any round
    assert "fatigue" in s.kinds(events)  # fatigue included
    assert s.state.outcome().reason == "P1 wins 3–2 in decisive round 1"


# ---------------------------------------------------------------------------
# Options: Égalité de totaux
# ---------------------------------------------------------------------------


def test_equal_totals_personne_ne_marque(scenario):
    s = scenario(equal_totals="personne ne marque")
    events = s.round("Puissance + Ruse", "Modeste", "Modeste")
    assert {"e": "tie", "round": 1, "rule": "personne ne marque", "replay": False, "score": [0, 0]} in events
    assert s.stats_of(0, "Modeste")[:2] == [20, 20]  # fatigue still applies
    assert s.state.round == 2 and s.decision.kind == "stat_count"  # the next round


def test_equal_totals_les_deux_marquent(scenario):
    s = scenario(equal_totals="les deux marquent")
    events = s.round("Puissance + Ruse", "Modeste", "Modeste")
    assert s.state.score == [1, 1]
    assert {"e": "tie", "round": 1, "rule": "les deux marquent", "replay": False, "score": [1, 1]} in events


def test_equal_totals_manche_rejouee_replays_once_with_new_statistics(scenario):
    s = scenario(equal_totals="manche rejouee")
    events = s.round("Puissance + Ruse", "Modeste", "Modeste")
    assert {"e": "tie", "round": 1, "rule": "manche rejouee", "replay": True, "score": [0, 0]} in events
    assert events[-1] == {"e": "round", "round": 1, "decisive": 0, "replay": True, "score": [0, 0]}
    assert s.stats_of(0, "Modeste")[:2] == [20, 20]  # the tied round's fatigue counts
    events = s.round("Savoir + Charisme", "Faible", "Faible")  # tied again: nobody scores
    assert {"e": "tie", "round": 1, "rule": "manche rejouee", "replay": False, "score": [0, 0]} in events
    s.play("2", "Savoir + Charisme")
    assert s.state.round == 2


def test_equal_totals_manche_rejouee_then_won(scenario):
    s = scenario(equal_totals="manche rejouee")
    s.round("Puissance + Ruse", "Modeste", "Modeste")
    s.round("Savoir + Charisme", "Dragon", "Faible")
    assert s.state.score == [1, 0]
    s.play("2", "Savoir + Charisme")
    assert s.state.round == 2


# ---------------------------------------------------------------------------
# Options: Fin des manches décisives
# ---------------------------------------------------------------------------


def _tied_after_regular_rounds(s) -> None:
    won_rounds(s, 2)
    won_rounds(s, 2, "Faible", "Dragon")
    s.round("Savoir + Charisme", "Modeste", "Modeste")


def test_endless_ties_nulle_draws_after_the_decisive_rounds_allowed(scenario):
    s = scenario(endless_ties="nulle", decisive_max=2)
    _tied_after_regular_rounds(s)
    s.round("Savoir + Charisme", "Réserviste", "Réserviste")
    assert s.state.outcome() is None
    events = s.round("Savoir + Charisme", "Modeste", "Modeste")
    outcome = s.state.outcome()
    assert outcome.winner is None
    assert outcome.reason == "a draw, 2–2: 2 decisive rounds tied (Fin des manches décisives : nulle)"
    assert events[-1]["e"] == "end"


def test_endless_ties_sans_fin_goes_past_the_maximum(scenario):
    s = scenario(endless_ties="sans fin", decisive_max=1)
    _tied_after_regular_rounds(s)
    for _ in range(3):
        s.round("Savoir + Charisme", "Réserviste", "Réserviste")
        assert s.state.outcome() is None
    s.round("Savoir + Charisme", "Usé", "Faible")
    assert s.state.outcome().reason == "P1 wins 3–2 in decisive round 4"


def test_endless_ties_sans_fin_ends_in_a_draw_when_every_card_is_worn_out(scenario):
    s = scenario(p1=["Modeste"] * 5, p2=["Modeste"] * 5, endless_ties="sans fin", fatigue=100, rounds=1, hand=5)
    for copy in ("Modeste", "Modeste #2", "Modeste #3", "Modeste #4", "Modeste #5"):
        assert s.state.outcome() is None
        s.round("Puissance + Ruse", copy, copy)
        s.round("Savoir + Charisme", copy, copy)
    assert s.state.decisive == 9
    assert s.state.outcome().reason == "a draw, 0–0: every card in play is worn down to 0, no round can be won"


# ---------------------------------------------------------------------------
# Options: Petite collection
# ---------------------------------------------------------------------------


def test_petite_collection_duel_reduit_plays_every_card(dr_files):
    poignee = _shipped(dr_files, "poignee")
    game = DragonsGame.from_files(dr_files, (poignee, poignee))
    state = game.new_state()
    assert state.decision().kind == "hand"  # nothing drawn from the collection: all 12 play
    events = []
    while state.decision().kind == "hand":
        events += state.apply(0)
    assert len(state.hands[0]) == 5 and len(state.reserve[0]) == 7 and len(state.left[0]) == 0
    prepared = next(e for e in events if e["e"] == "prepared")
    assert (prepared["size"], prepared["drawn"], len(prepared["reserve"])) == (12, 12, 7)


def test_petite_collection_refusee_gives_a_clear_message(dr_files):
    poignee = _shipped(dr_files, "poignee")
    with pytest.raises(DiagnosticError) as error:
        DragonsGame.from_files(dr_files, (poignee, _shipped(dr_files, "debutant")), rules="duel-strict")
    (problem,) = error.value.diagnostics
    assert problem.code == "E401"
    assert problem.message == (
        'P1\'s collection "poignee" has 12 cards, and a duel draws 20 ("Cartes tirées de la collection"); '
        'with "Petite collection : refusée" it cannot be used: add 8 cards, or play with "Petite collection : duel réduit"'
    )


def test_a_collection_smaller_than_a_hand_is_refused_even_for_a_reduced_duel(scenario):
    with pytest.raises(DiagnosticError) as error:
        scenario(p1=["Modeste"] * 4)
    assert error.value.diagnostics[0].message == 'P1\'s collection "p1" has 4 cards, fewer than a hand of 5 ("Cartes en main"): add 1'


# ---------------------------------------------------------------------------
# Options: Adversaire
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "player"),
    [("ordinateur", "heuristic"), ("humain", "human"), ("bot random", "random"), ("bot heuristic", "heuristic")],
)
def test_adversaire_gives_the_default_p2(dr_files, monkeypatch, value, player):
    rules = dr_files.rules().model_copy(update={"opponent": value})
    monkeypatch.setattr(type(dr_files), "rules", lambda self, name=None: rules)
    assert default_opponent(dr_files, {}) == player


def test_adversaire_naming_an_unknown_bot_is_a_clear_error(dr_files, monkeypatch):
    rules = dr_files.rules().model_copy(update={"opponent": "bot prudent"})
    monkeypatch.setattr(type(dr_files), "rules", lambda self, name=None: rules)
    with pytest.raises(DiagnosticError) as error:
        setup_from_options(dr_files, {})
    assert error.value.diagnostics[0].message == '"Adversaire : bot prudent": there is no bot "prudent"; the bots are random, heuristic'
