"""The card figures players trust: in hand, opening hand, drawn, not seen, IWD, played rate, mean turn, the corrected flag."""

from __future__ import annotations

import random

import pytest

from atout.interpreter.api import load_game
from atout.interpreter.lab.run import GameResult, Study, play_one, study_of
from atout.interpreter.lab.stats import Rate, benjamini_hochberg, difference, score_p_value, wilson
from atout.interpreter.lab.summary import Summary

MIRROR = Study("cordes", {"shipped": {}, "designer": {}}, {}, ("heuristic", "heuristic"), 4)


def result(index: int, winner: int | None, cards, bots=("heuristic", "heuristic")) -> GameResult:
    return GameResult(study=0, index=index, seed=index, swapped=False, bots=list(bots), winner=winner, first=0, turns=10, actions=40, code="ko", cards=cards)


def test_newcombe_s_interval_of_a_difference_matches_his_paper():
    """Newcombe (1998), table II, example (a): 56/70 against 48/80, method 10: 0.0524 to 0.3339."""
    value, low, high = difference(Rate(56, 70), Rate(48, 80))
    assert value == pytest.approx(0.2)
    assert (low, high) == (pytest.approx(0.0524, abs=1e-4), pytest.approx(0.3339, abs=1e-4))
    assert difference(Rate(1, 2), Rate(0, 0)) is None


@pytest.mark.parametrize("seed", range(5))
def test_the_score_test_rejects_exactly_where_the_wilson_interval_excludes_the_rate(seed):
    rng = random.Random(seed)
    for _ in range(200):
        n = rng.randint(1, 300)
        k = rng.randint(0, n)
        p0 = rng.uniform(0.02, 0.98)
        low, high = wilson(k, n)
        excluded = p0 < low or p0 > high
        if min(abs(p0 - low), abs(p0 - high)) > 1e-9:
            assert (score_p_value(k, n, p0) < 0.05) == excluded, (k, n, p0)


def test_benjamini_hochberg_rejects_up_to_the_largest_p_under_its_line():
    # sorted: .001 <= .05/5=.01 yes; .008 <= .02 yes; .039 <= .03 no; .041 <= .04 no; .6 no
    assert benjamini_hochberg([0.041, 0.001, 0.6, 0.008, 0.039]) == [False, True, False, True, False]
    # a p-value above its own line is still rejected when a larger one is under its line
    assert benjamini_hochberg([0.012, 0.02]) == [True, True]
    assert benjamini_hochberg([]) == []


def test_each_figure_counts_the_seats_it_says():
    """Jab: opening hand in game 0 (won), drawn in game 1 (lost), not seen in games 2 and 3 (won both)."""
    results = [
        result(0, 0, [{"Jab": [1, 2, 3, 1, 3 + 7]}, {}]),
        result(1, 1, [{"Jab": [1, 0, None, 0, 0]}, {}]),
        result(2, 0, [{}, {}]),
        result(3, 1, [{}, {}]),
    ]
    (jab,) = Summary(MIRROR, results).cards()
    assert (jab.held, jab.opening, jab.drawn, jab.played) == (2, 1, 1, 1)
    assert (jab.in_hand.k, jab.in_hand.n) == (1, 2)
    assert (jab.in_opening.k, jab.in_opening.n) == (1, 1)
    assert (jab.when_drawn.k, jab.when_drawn.n) == (0, 1)
    # not seen: the 8 seats less the 2 that held it; of the 6, P1 won twice and P2 won twice
    assert (jab.not_seen.k, jab.not_seen.n) == (3, 6)
    assert jab.improvement is not None and jab.improvement[0] == pytest.approx(0.5 - 0.5)
    assert (jab.played_rate.k, jab.played_rate.n) == (1, 2)
    assert jab.mean_turn == 5.0 and jab.mean_first_turn == 3.0
    row = jab.as_json()
    assert row["bot"] == "heuristic" and row["in_hand"]["n"] == 2 and row["not_seen"]["n"] == 6


def test_a_card_far_from_the_bot_s_score_is_flagged_and_noise_is_not():
    """Among 20 cards, one always held by the winner is flagged; one a little off (uncorrected p ≈ 0.03) is not."""
    rng = random.Random(4)
    results = []
    for index in range(400):
        winner = index % 2
        cards: list[dict] = [{}, {}]
        cards[winner]["Atout"] = [1, 1, 2, 1, 2]  # held by the winner in every game
        if index % 20 < 12:  # "Presque": a small, uncorrected edge
            cards[winner if index % 20 < 7 else 1 - winner]["Presque"] = [1, 0, None, 1, 0]
        for n in range(18):
            if rng.random() < 0.5:
                cards[rng.randrange(2)][f"Carte {n}"] = [1, 0, None, 0, 0]
        results.append(result(index, winner, cards))
    figures = {card.name: card for card in Summary(MIRROR, results).cards()}
    assert figures["Atout"].flagged and figures["Atout"].in_hand.value == 1.0
    presque = figures["Presque"]
    assert presque.p_value < 0.05 and not presque.flagged  # would be marked without the correction
    assert sum(card.flagged for card in figures.values()) == 1
    assert Summary(MIRROR, results).cards()[0].name == "Atout"  # ranked by the win rate in hand


def test_two_bots_cards_are_never_pooled():
    study = Study("cordes", {"shipped": {}, "designer": {}}, {}, ("heuristic", "random"), 2)
    results = [
        result(0, 0, [{"Jab": [1, 1, 2, 1, 2]}, {"Jab": [1, 0, None, 1, 0]}], bots=("heuristic", "random")),
        result(1, 1, [{"Jab": [1, 1, 4, 0, 4]}, {}], bots=("random", "heuristic")),
    ]
    summary = Summary(study, results)
    jabs = summary.cards()
    assert [card.bot for card in jabs] == ["heuristic", "random"]
    heuristic, random_ = jabs
    assert (heuristic.held, heuristic.seats, heuristic.in_hand.k) == (1, 2, 1)
    assert (random_.held, random_.seats, random_.in_hand.k) == (2, 2, 0)
    assert summary.cards("random") == [random_]


@pytest.mark.parametrize("game", ["battlefight", "cordes", "cardia", "dragons"])
def test_each_game_tells_the_lab_its_opening_hands_and_the_turns_cards_are_played_in(game):
    study = study_of(load_game(game), ("random", "random"), 6, seed=2)
    results = [play_one(study, 0, index) for index in range(6)]
    entries = [entry for r in results for seat in r.cards for entry in seat.values()]
    assert entries and all(len(entry) == 5 for entry in entries)
    assert all(entry == [0, 0, None, 0, 0] for entry in entries if not entry[0])  # a card of the seat's own, never held
    for r in results:
        for seat in r.cards:
            for _held, played, first, opening, turns in seat.values():
                assert opening in (0, 1)
                if played:
                    assert first is not None and 0 <= first <= r.turns and first * played <= turns <= r.turns * played
                else:
                    assert first is None and turns == 0
    if game != "battlefight":  # BattleFight's hands start empty: every card is drawn by a step
        assert any(entry[3] for entry in entries) and any(not entry[3] for entry in entries)


def test_the_text_table_shows_every_measure_with_intervals_and_counts():
    from atout.interpreter.lab.report import html_page, text

    results = [result(i, i % 2, [{"Jab": [1, 1, 2, 1, 2]}, {"Crochet": [1, 0, None, 0, 0]}]) for i in range(4)]
    summary = Summary(MIRROR, results)
    lines = text(summary)
    header = next(line for line in lines if "in hand" in line and "opening hand" in line)
    for column in ("drawn", "not seen", "IWD", "played", "turn"):
        assert column in header
    jab = next(line for line in lines if " Jab " in line)
    assert "50.0 15.0–85.0 [4]" in jab  # 2 of 4, its Wilson interval, its count
    page = html_page([summary])
    cards = page[page.index('<section class="cards">') :]
    assert "IWD" in cards and "<td>Jab</td>" in cards and "50.0 15.0–85.0 [4]" in cards


def test_not_seen_counts_only_the_seats_that_had_the_card_where_the_game_says():
    """Jab was in P1's deck in games 0 and 1 (held in game 0 only), never in P2's: not seen is game 1's P1 alone."""
    results = [
        GameResult(
            study=0,
            index=0,
            seed=0,
            swapped=False,
            bots=["heuristic", "heuristic"],
            winner=0,
            first=0,
            turns=5,
            actions=9,
            code="ko",
            cards=[{"Jab": [1, 1, 2, 0, 2]}, {"Crochet": [1, 0, None, 0, 0]}],
            pooled=True,
        ),
        GameResult(study=0, index=1, seed=1, swapped=False, bots=["heuristic", "heuristic"], winner=1, first=0, turns=5, actions=9, code="ko", cards=[{"Jab": [0, 0, None, 0, 0]}, {}], pooled=True),
    ]
    cards = {card.name: card for card in Summary(MIRROR, results).cards()}
    assert set(cards) == {"Jab", "Crochet"}  # a card only listed, never held, has no row
    assert (cards["Jab"].not_seen.k, cards["Jab"].not_seen.n) == (0, 1)
    assert (cards["Crochet"].not_seen.k, cards["Crochet"].not_seen.n) == (0, 0)


@pytest.mark.parametrize("game", ["battlefight", "dragons"])
def test_a_game_whose_seats_bring_their_own_cards_lists_them(game):
    study = study_of(load_game(game), ("random", "random"), 4, seed=3)
    results = [play_one(study, 0, index) for index in range(4)]
    assert all(r.pooled for r in results)
    assert any(not entry[0] for r in results for seat in r.cards for entry in seat.values())  # a card of the deck never held
    summary = Summary(study, results)
    for card in summary.cards():
        assert card.in_hand.n + card.not_seen.n <= 8
