"""The figures of a study, from its games' results: every rate with its interval.

`summarize(study, results)` gives a `Summary`, whose `as_json()` is what
`--format json` prints (its schema is `docs/lab-schema.json`) and what the
text and HTML reports show. The measures are defined in `docs/lab.md`;
in short, over the games of the study:

- **sides**: side A's and side B's wins and draws; a side's *score* counts a
  draw as half a win; each with its 95% Wilson interval;
- **seats**: P1's share of the decided games (seat balance), and the first
  player's share of the decided games that had one;
- **fairness** = 1 − |2·s − 1|, s being P1's share of decided games: 1 when
  the seats win equally often, 0 when one seat always wins;
- **lead changes**: how often the lead (the game's own measure: life,
  seals, rounds won) changes hands, per game, read at each turn's start;
- **comeback** (drama): in a decided game, how far behind the eventual
  winner was at worst, as a share of the largest lead of that game (0: the
  winner never trailed; 1: it trailed by the most anyone led by);
- **decisiveness**: in a decided game, the share of its turns played after
  the winner took the lead for good (1: it led from the first turn; near 0:
  decided at the last moment);
- **stalemates** (draws other than by a safety bound) and games **cut** by a
  safety bound (`action_limit`);
- **lengths**: turns, mean, median, 10th and 90th percentiles;
- **cards**: per card, in how many games a seat held it and played it; the
  win rate of the seats that played it against those that held it and did
  not; its mean first turn played; the ranking shows the intervals, and a
  card's difference is called *clear* only when the two intervals do not
  overlap;
- **per side's deck / boxer / collection**, and **per condition** (a Lieu, a
  deck both share): the win rate of the seats with it.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .run import GameResult, Study
from .stats import Rate, mean, quantile

#: The end code of a game cut by a safety bound (`engine/limits.py`).
CUT = "action_limit"


@dataclass
class CardFigures:
    """One card's figures over the seats that held it."""

    name: str
    held: int = 0
    played: int = 0
    played_won: float = 0.0
    idle: int = 0
    idle_won: float = 0.0
    first_turns: list[int] = field(default_factory=list)

    @property
    def when_played(self) -> Rate:
        """The win rate (a draw half) of the seats that played it."""
        return Rate(self.played_won, self.played)

    @property
    def when_idle(self) -> Rate:
        """The win rate of the seats that held it and did not play it."""
        return Rate(self.idle_won, self.idle)

    @property
    def clear(self) -> bool:
        """The two intervals do not overlap: the difference is more than noise (at 95% each)."""
        a, b = self.when_played.interval, self.when_idle.interval
        return a is not None and b is not None and (a[0] > b[1] or b[0] > a[1])

    def as_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "held": self.held,
            "played": self.played,
            "when_played": self.when_played.as_json(),
            "when_held_not_played": self.when_idle.as_json(),
            "clear": self.clear,
            "mean_first_turn": mean(self.first_turns),
        }


def _points(result: GameResult, seat: int) -> float:
    """1 for a win of `seat`, ½ for a draw, 0 for a loss."""
    return 0.5 if result.winner is None else float(result.winner == seat)


def _lead_changes(leads: Sequence[float]) -> int:
    signs = [1 if lead > 0 else -1 for lead in leads if lead != 0]
    return sum(1 for a, b in zip(signs, signs[1:]) if a != b)


def _comeback(leads: Sequence[float], winner: int) -> float | None:
    """How far behind the winner was at worst, as a share of the game's largest lead."""
    if not leads:
        return None
    own = [lead if winner == 0 else -lead for lead in leads]
    largest = max(abs(lead) for lead in own)
    return max(0.0, -min(own)) / largest if largest else 0.0


def _decisiveness(leads: Sequence[float], winner: int) -> float | None:
    """The share of the game's samples after which the winner led for good."""
    if len(leads) < 2:
        return None
    own = [lead if winner == 0 else -lead for lead in leads]
    last_not_ahead = max((i for i, lead in enumerate(own) if lead <= 0), default=-1)
    return (len(own) - 1 - last_not_ahead) / len(own) if last_not_ahead < len(own) - 1 else 0.0


@dataclass
class Summary:
    """A study's figures (see the module's docstring for each)."""

    study: Study
    results: list[GameResult]
    interrupted: bool = False

    # -- sides and seats ---------------------------------------------------

    @property
    def games(self) -> int:
        return len(self.results)

    def side_wins(self, side: int) -> Rate:
        return Rate(sum(1 for r in self.results if r.winning_side == side), self.games)

    def side_score(self, side: int) -> Rate:
        return Rate(sum(_points(r, side ^ int(r.swapped)) for r in self.results), self.games)

    @property
    def draws(self) -> Rate:
        return Rate(sum(1 for r in self.results if r.winner is None), self.games)

    @property
    def seat_one(self) -> Rate:
        """P1's share of decided games."""
        decided = [r for r in self.results if r.winner is not None]
        return Rate(sum(1 for r in decided if r.winner == 0), len(decided))

    @property
    def first_player(self) -> Rate | None:
        """The first player's share of decided games that had one; None for simultaneous games."""
        had = [r for r in self.results if r.first is not None]
        if not had:
            return None
        decided = [r for r in had if r.winner is not None]
        return Rate(sum(1 for r in decided if r.winner == r.first), len(decided))

    @property
    def fairness(self) -> float | None:
        share = self.seat_one.value
        return None if share is None else 1 - abs(2 * share - 1)

    # -- how games go --------------------------------------------------------

    def endings(self) -> dict[str, int]:
        """Games per end code, most frequent first."""
        return dict(Counter(r.code or "?" for r in self.results).most_common())

    def lengths(self) -> dict[str, float | None]:
        turns = [float(r.turns) for r in self.results]
        if not turns:
            return {"mean": None, "median": None, "p10": None, "p90": None, "actions": None}
        return {
            "mean": mean(turns),
            "median": quantile(turns, 0.5),
            "p10": quantile(turns, 0.1),
            "p90": quantile(turns, 0.9),
            "actions": mean([float(r.actions) for r in self.results]),
        }

    def quality(self) -> dict[str, float | int | None]:
        decided = [r for r in self.results if r.winner is not None]
        comebacks = [c for r in decided if (c := _comeback(r.leads, r.winner or 0)) is not None]
        decisive = [d for r in decided if (d := _decisiveness(r.leads, r.winner or 0)) is not None]
        has_lead = any(r.leads for r in self.results)
        return {
            "fairness": self.fairness,
            "lead_changes": mean([float(_lead_changes(r.leads)) for r in self.results]) if has_lead else None,
            "comeback": mean(comebacks),
            "decisiveness": mean(decisive),
            "stalemates": sum(1 for r in self.results if r.winner is None and r.code != CUT),
            "cut": sum(1 for r in self.results if r.code == CUT),
        }

    # -- cards, decks, conditions -----------------------------------------

    def cards(self) -> list[CardFigures]:
        """Every card held in some game, ranked by the win rate when played (the interval's low end breaks ties)."""
        figures: dict[str, CardFigures] = {}
        for r in self.results:
            for seat in (0, 1):
                points = _points(r, seat)
                for name, (held, played, first) in r.cards[seat].items():
                    card = figures.setdefault(name, CardFigures(name))
                    card.held += held
                    if played:
                        card.played += 1
                        card.played_won += points
                        if first is not None:
                            card.first_turns.append(first)
                    elif held:
                        card.idle += 1
                        card.idle_won += points

        def rank(card: CardFigures) -> tuple[float, float, str]:
            rate = card.when_played
            interval = rate.interval
            return (-(rate.value or 0.0), -(interval[0] if interval else 0.0), card.name)

        return sorted(figures.values(), key=rank)

    def by_side_name(self) -> dict[str, Rate]:
        """Per deck / boxer / collection: the score of the seats that had it."""
        points: dict[str, float] = defaultdict(float)
        seats: dict[str, int] = defaultdict(int)
        for r in self.results:
            for seat, name in enumerate(r.sides or ()):
                points[name] += _points(r, seat)
                seats[name] += 1
        return {name: Rate(points[name], seats[name]) for name in sorted(seats)}

    def by_condition(self) -> dict[str, dict[str, Rate]]:
        """Per condition (Lieu, shared deck, rules): P1's score under each value."""
        found: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
        for r in self.results:
            for key, value in r.conditions.items():
                found[key][value].append(_points(r, 0))
        return {key: {value: Rate(sum(p), len(p)) for value, p in values.items()} for key, values in found.items()}

    # -- output ----------------------------------------------------------------

    def as_json(self) -> dict[str, Any]:
        """Everything, as JSON data."""
        first = self.first_player
        return {
            "game": self.study.game,
            "label": self.study.label,
            "bots": list(self.study.bots),
            "seed": self.study.seed,
            "swap": self.study.swap,
            "games": self.games,
            "planned": self.study.games,
            "interrupted": self.interrupted,
            "sides": [
                {"bot": self.study.bots[side], "wins": self.side_wins(side).as_json(), "score": self.side_score(side).as_json()}
                for side in (0, 1)
            ],
            "draws": self.draws.as_json(),
            "seat_one": self.seat_one.as_json(),
            "first_player": first.as_json() if first is not None else None,
            "endings": self.endings(),
            "lengths": self.lengths(),
            "quality": self.quality(),
            "cards": [card.as_json() for card in self.cards()],
            "by_side_name": {name: rate.as_json() for name, rate in self.by_side_name().items()},
            "by_condition": {key: {v: r.as_json() for v, r in values.items()} for key, values in self.by_condition().items()},
        }


def summarize(studies: Sequence[Study], results: Sequence[GameResult], interrupted: bool = False) -> list[Summary]:
    """One summary per study, from the results of a run."""
    by_study: dict[int, list[GameResult]] = defaultdict(list)
    for result in results:
        by_study[result.study].append(result)
    return [Summary(study, by_study[number], interrupted) for number, study in enumerate(studies)]
