"""The lab's figures from games' results: sides, seats, quality measures, cards, decks."""

from __future__ import annotations

import pytest

from atout.interpreter.lab.run import GameResult, Study
from atout.interpreter.lab.summary import Summary, _comeback, _decisiveness, _lead_changes

STUDY = Study("cordes", {"shipped": {}, "designer": {}}, {}, ("heuristic", "random"), 4)


def result(index: int, winner: int | None, swapped: bool = False, leads=(), cards=None, sides=None, code="ko", first=0) -> GameResult:
    return GameResult(
        study=0,
        index=index,
        seed=index // 2,
        swapped=swapped,
        bots=["heuristic", "random"][:: -1 if swapped else 1],
        winner=winner,
        first=first,
        turns=10 + index,
        actions=50,
        code=code,
        sides=sides,
        leads=list(leads),
        cards=cards or [{}, {}],
    )


def test_sides_follow_the_seat_swap():
    results = [result(0, 0), result(1, 1, swapped=True), result(2, 0), result(3, None, swapped=True, code="last_gong")]
    summary = Summary(STUDY, results)
    assert summary.side_wins(0).k == 3 and summary.side_wins(1).k == 0 and summary.draws.k == 1
    assert summary.side_score(0).k == 3.5 and summary.side_score(1).k == 0.5
    assert summary.seat_one.k == 2 and summary.seat_one.n == 3  # P1 won games 0 and 2 of the 3 decided
    assert summary.fairness == pytest.approx(1 - abs(2 * 2 / 3 - 1))
    assert summary.quality()["stalemates"] == 1 and summary.endings() == {"ko": 3, "last_gong": 1}


def test_lead_changes_comeback_and_decisiveness():
    # P1 leads, falls behind by 3, comes back and wins
    leads = [0, 1, -2, -3, 1, 4]
    assert _lead_changes(leads) == 2
    assert _comeback(leads, winner=0) == pytest.approx(3 / 4)
    assert _decisiveness(leads, winner=0) == pytest.approx(2 / 6)
    # P2 wins a game it led from the start
    assert _comeback([-1, -2, -5], winner=1) == 0.0
    assert _decisiveness([-1, -2, -5], winner=1) == 1.0
    # decided on the last reading only
    assert _decisiveness([0, -1, 2], winner=0) == pytest.approx(1 / 3)
    assert _decisiveness([0, 0, 0], winner=0) == 0.0


def test_a_card_s_figures_compare_playing_it_with_holding_it():
    played = {"Jab": [1, 2, 3]}
    idle = {"Jab": [1, 0, None]}
    results = [
        result(0, 0, cards=[played, idle]),
        result(1, 0, cards=[played, {}]),
        result(2, 1, cards=[idle, played]),
        result(3, 1, cards=[{}, {"Jab": [1, 1, 5]}]),
    ]
    mirror = [GameResult(**{**r.as_json(), "bots": ["heuristic", "heuristic"]}) for r in results]
    (jab,) = Summary(Study("cordes", {"shipped": {}, "designer": {}}, {}, ("heuristic", "heuristic"), 4), mirror).cards()
    assert (jab.held, jab.played, jab.idle) == (6, 4, 2)
    assert jab.when_played.k == 4 and jab.when_idle.k == 0
    assert jab.mean_first_turn == (3 + 3 + 3 + 5) / 4
    assert not jab.clear  # 4 of 4 against 0 of 2: the intervals still overlap


def test_per_deck_figures_count_each_seat():
    results = [result(0, 0, sides=["le-renard", "la-forteresse"]), result(1, 0, swapped=True, sides=["la-forteresse", "le-renard"])]
    by = Summary(STUDY, results).by_side_name()
    assert by["le-renard"].k == 1 and by["la-forteresse"].k == 1 and by["le-renard"].n == 2
