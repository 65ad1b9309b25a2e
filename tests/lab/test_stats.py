"""The lab's statistics: Wilson intervals and quantiles, checked against published values."""

from __future__ import annotations

import pytest

from atout.interpreter.lab.stats import Rate, quantile, wilson


@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    [
        # Newcombe (1998), "Two-sided confidence intervals for the single proportion", table I (Wilson, no correction)
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        (29, 29, 0.8830, 1.0),
    ],
)
def test_wilson_intervals_match_newcombe_s_table(k, n, low, high):
    interval = wilson(k, n)
    assert interval == pytest.approx((low, high), abs=6e-5)


def test_an_interval_narrows_with_more_games_and_stays_inside_0_1():
    widths = [wilson(n // 2, n)[1] - wilson(n // 2, n)[0] for n in (10, 100, 1000)]
    assert widths == sorted(widths, reverse=True)
    assert widths[1] == pytest.approx(0.19, abs=0.01)  # 100 games at 50%: about ±10 points
    assert wilson(0, 5)[0] == 0.0 and wilson(5, 5)[1] == 1.0


def test_a_rate_prints_its_interval_and_none_without_games():
    assert Rate(55.5, 100).text() == "55.5% (45.7–64.9)"
    assert Rate(0, 0).text() == "–" and Rate(0, 0).interval is None and Rate(0, 0).as_json()["rate"] is None
    with pytest.raises(ValueError):
        wilson(0, 0)


def test_quantiles_interpolate_as_numpy_does():
    values = [7, 1, 3, 5]
    assert quantile(values, 0.5) == 4.0
    assert quantile(values, 0.1) == pytest.approx(1.6)
    assert quantile(values, 0.9) == pytest.approx(6.4)
    assert quantile([3], 0.9) == 3
