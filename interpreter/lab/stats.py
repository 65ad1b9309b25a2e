"""The statistics the balance lab prints: rates with Wilson intervals, quantiles.

A win rate over 200 games is known to about ±7 points; printing it without
its interval invites reading noise as a signal. Every rate the lab shows
carries its 95% Wilson score interval (Wilson 1927), which stays inside
0..1 and behaves at 0 or n successes, unlike the normal approximation.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Rate:
    """`k` successes out of `n`, with its 95% Wilson interval."""

    k: float
    n: int

    @property
    def value(self) -> float | None:
        """k / n, or None when there is no trial."""
        return self.k / self.n if self.n else None

    @property
    def interval(self) -> tuple[float, float] | None:
        """The 95% Wilson score interval, or None when there is no trial."""
        return wilson(self.k, self.n) if self.n else None

    def text(self) -> str:
        """`55.5% (48.6–62.2)`, or `–` with no trial."""
        if not self.n:
            return "–"
        low, high = wilson(self.k, self.n)
        return f"{100 * self.k / self.n:.1f}% ({100 * low:.1f}–{100 * high:.1f})"

    def as_json(self) -> dict[str, float | int | None]:
        """`{"k", "n", "rate", "low", "high"}`."""
        interval = self.interval
        return {
            "k": self.k,
            "n": self.n,
            "rate": self.value,
            "low": interval[0] if interval else None,
            "high": interval[1] if interval else None,
        }


def wilson(k: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of `k` successes in `n` trials (a draw may count as half a success)."""
    if n <= 0:
        raise ValueError("an interval needs at least one trial")
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def quantile(values: Sequence[float], q: float) -> float:
    """The `q` quantile (0..1) of sorted or unsorted values, linearly interpolated (numpy's default)."""
    if not values:
        raise ValueError("no values")
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def mean(values: Sequence[float]) -> float | None:
    """The mean, or None for no value."""
    return sum(values) / len(values) if values else None


def difference(a: Rate, b: Rate) -> tuple[float, float, float] | None:
    """`a − b` with its 95% interval (Newcombe's hybrid score interval, from the two Wilson intervals); None when either has no trial.

    Newcombe (1998), method 10: it stays sensible at 0 or n successes,
    where the normal approximation's interval does not.
    """
    if not a.n or not b.n:
        return None
    p1, p2 = a.k / a.n, b.k / b.n
    (l1, u1), (l2, u2) = wilson(a.k, a.n), wilson(b.k, b.n)
    d = p1 - p2
    return d, d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)


def score_p_value(k: float, n: int, p0: float) -> float:
    """The two-sided p-value of the score test of `k` of `n` against the rate `p0`.

    It is the test the Wilson interval inverts: at level α, the interval
    excludes `p0` exactly when this p-value is below α. 1.0 when there is
    no trial; 0 or 1 for `p0` when the observed rate differs from it.
    """
    if n <= 0:
        return 1.0
    p = k / n
    if p0 <= 0.0 or p0 >= 1.0:
        return 1.0 if p == p0 else 0.0
    z = abs(p - p0) / math.sqrt(p0 * (1 - p0) / n)
    return math.erfc(z / math.sqrt(2))


def benjamini_hochberg(p_values: Sequence[float], q: float = 0.05) -> list[bool]:
    """Which of the hypotheses the Benjamini–Hochberg procedure rejects at false discovery rate `q`.

    With m p-values sorted, the largest i with p₍ᵢ₎ ≤ i·q/m and every
    smaller one are rejected: among the cards flagged, about a share `q`
    at most are flagged by chance, however many cards are compared.
    """
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    cut = 0
    for rank, i in enumerate(order, 1):
        if p_values[i] <= rank * q / m:
            cut = rank
    rejected = [False] * m
    for i in order[:cut]:
        rejected[i] = True
    return rejected
