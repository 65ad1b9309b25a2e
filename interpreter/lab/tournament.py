"""A tournament: every pair of entrants plays a study, seats swapped.

An entrant is a deck, a boxer or a collection (played by one bot), or a bot
(playing the game's default setup). Each unordered pair plays one study;
the matrix shows the row's score against the column, with its interval, and
the standings each entrant's score over all its games, and the ratings a
Bradley–Terry model fitted on every pairing gives each entrant (Elo scale,
with 95% intervals: `rating.py`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from .rating import Ratings, fit
from .stats import Rate
from .summary import Summary


@dataclass
class Tournament:
    """The studies of every pairing, once played."""

    game: str
    entrants: list[str]
    games: int
    #: The pairs, in the order of the studies: (entrant of side A, entrant of side B).
    pairs: list[tuple[str, str]]
    summaries: list[Summary]

    def _pair(self, row: str, column: str) -> tuple[Summary, int] | None:
        for (a, b), summary in zip(self.pairs, self.summaries):
            if (a, b) == (row, column):
                return summary, 0
            if (b, a) == (row, column):
                return summary, 1
        return None

    def score(self, row: str, column: str) -> Rate | None:
        """The row's score against the column (a draw is half a win); None on the diagonal."""
        found = self._pair(row, column)
        if found is None:
            return None
        summary, side = found
        return summary.side_score(side)

    def standings(self) -> list[tuple[str, Rate]]:
        """Each entrant's score over all its games, best first."""
        totals: dict[str, list[float]] = {name: [0.0, 0] for name in self.entrants}
        for (a, b), summary in zip(self.pairs, self.summaries):
            for side, name in ((0, a), (1, b)):
                rate = summary.side_score(side)
                totals[name][0] += rate.k
                totals[name][1] += rate.n
        rates = [(name, Rate(k, int(n))) for name, (k, n) in totals.items()]
        return sorted(rates, key=lambda item: (-(item[1].value or 0.0), item[0]))

    def ratings(self) -> Ratings:
        """The Bradley–Terry ratings of the entrants, best first, from every pairing's score (see `rating.py`)."""
        scores = {}
        for (a, b), summary in zip(self.pairs, self.summaries):
            rate = summary.side_score(0)
            scores[(a, b)] = (rate.k, rate.n)
        return fit(self.entrants, scores)

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "entrants": self.entrants,
            "games_per_pairing": self.games,
            "matrix": {row: {column: (r.as_json() if (r := self.score(row, column)) else None) for column in self.entrants} for row in self.entrants},
            "standings": [{"entrant": name, "score": rate.as_json()} for name, rate in self.standings()],
            "ratings": self.ratings().as_json(),
        }


def pairings(entrants: Sequence[str]) -> list[tuple[str, str]]:
    """Every unordered pair of entrants, in the order given."""
    return list(combinations(entrants, 2))
