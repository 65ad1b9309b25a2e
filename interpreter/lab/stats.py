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
