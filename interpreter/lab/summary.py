"""The figures of a study, from its games' results: every rate with its interval.

The figures are counted as games finish (`Tally.add`): a study's memory
does not grow with its number of games; the results themselves are kept
only when asked (`Tally(keep=True)`: a CSV of every game, every record).
`summarize(studies, results)` gives a `Summary` per study, whose `as_json()` is what
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
- **cards**: per card and per bot (the figures of two different bots are
  never pooled), over the seats that bot played: games in hand (GIH), the
  win rate in hand, in the opening hand, when drawn later, when not seen,
  the improvement when drawn (IWD: in hand minus not seen, as 17lands), the
  played rate and the mean turn played, every rate with its interval and
  count; a card is *flagged* when its win rate in hand differs from the
  bot's own score by more than chance, with the Benjamini–Hochberg
  correction for the number of cards compared (`flags`);
- **per side's deck / boxer / collection**, and **per condition** (a Lieu, a
  deck both share): the win rate of the seats with it.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .run import GameResult, Study
from .stats import Rate, benjamini_hochberg, difference, score_p_value

#: The end code of a game cut by a safety bound (`engine/limits.py`).
CUT = "action_limit"

#: The false discovery rate of the cards' flags (Benjamini–Hochberg).
FLAG_RATE = 0.05

#: With `--save sample`: the records kept per way a game ended.
SAMPLES = 3


@dataclass
class CardFigures:
    """One card's figures over the seats one bot played: counts, and the points (a draw half) of those seats.

    `seats` and `points` are the bot's seats in the study and their points:
    the seats that never saw the card are those, less the seats that held it.
    """

    name: str
    bot: str = ""
    seats: int = 0
    points: float = 0.0
    #: Seats that held the card (games in hand), and their points.
    held: int = 0
    held_won: float = 0.0
    #: Seats that held it in their opening hand.
    opening: int = 0
    opening_won: float = 0.0
    #: Seats that drew it after the opening hand (and did not have it in it).
    drawn: int = 0
    drawn_won: float = 0.0
    #: Seats that played it at least once.
    played: int = 0
    played_won: float = 0.0
    #: Seats that held it and never played it.
    idle: int = 0
    idle_won: float = 0.0
    #: Times played, the sum of the turns played in, and of the first turns played in.
    plays: int = 0
    turn_sum: int = 0
    first_sum: int = 0
    #: Set by `Summary.cards`: the win rate in hand differs from the bot's score (Benjamini–Hochberg).
    flagged: bool = False
    #: In games that say which cards each seat brought: the seats that had the card among theirs, and their points.
    listed: int = 0
    listed_won: float = 0.0

    def add(self, points: float, entry: Sequence[Any]) -> None:
        """Count one seat that held the card: its points and the entry `play_one` kept."""
        played, first = entry[1], entry[2]
        opening = len(entry) > 3 and bool(entry[3])
        self.held += 1
        self.held_won += points
        if opening:
            self.opening += 1
            self.opening_won += points
        else:
            self.drawn += 1
            self.drawn_won += points
        if played:
            self.played += 1
            self.played_won += points
            self.plays += played
            self.turn_sum += entry[4] if len(entry) > 4 else (first or 0) * played
            self.first_sum += first or 0
        else:
            self.idle += 1
            self.idle_won += points

    @property
    def in_hand(self) -> Rate:
        """The win rate (a draw half) of the seats that held it at some point (GIH WR)."""
        return Rate(self.held_won, self.held)

    @property
    def in_opening(self) -> Rate:
        """The win rate of the seats that had it in their opening hand."""
        return Rate(self.opening_won, self.opening)

    @property
    def when_drawn(self) -> Rate:
        """The win rate of the seats that drew it after the opening hand."""
        return Rate(self.drawn_won, self.drawn)

    @property
    def not_seen(self) -> Rate:
        """The win rate of the bot's seats that never held it (that had it among their cards, where the game says)."""
        if self.listed:
            return Rate(self.listed_won - self.held_won, self.listed - self.held)
        return Rate(self.points - self.held_won, self.seats - self.held)

    @property
    def improvement(self) -> tuple[float, float, float] | None:
        """In hand minus not seen (17lands' IWD), with its 95% interval; None when either is empty."""
        return difference(self.in_hand, self.not_seen)

    @property
    def played_rate(self) -> Rate:
        """The share of the seats that held it that played it."""
        return Rate(self.played, self.held)

    @property
    def when_played(self) -> Rate:
        """The win rate of the seats that played it."""
        return Rate(self.played_won, self.played)

    @property
    def when_idle(self) -> Rate:
        """The win rate of the seats that held it and did not play it."""
        return Rate(self.idle_won, self.idle)

    @property
    def base(self) -> Rate:
        """The bot's own score over its seats: what a card's win rate in hand is compared with."""
        return Rate(self.points, self.seats)

    @property
    def mean_turn(self) -> float | None:
        """The mean turn it was played in, over every time it was played."""
        return self.turn_sum / self.plays if self.plays else None

    @property
    def mean_first_turn(self) -> float | None:
        """The mean of the first turn each seat played it in."""
        return self.first_sum / self.played if self.played else None

    @property
    def p_value(self) -> float:
        """The score test's p-value of the win rate in hand against the bot's score (1 when not held)."""
        base = self.base.value
        return 1.0 if base is None else score_p_value(self.held_won, self.held, base)

    @property
    def clear(self) -> bool:
        """The intervals of played and held-unplayed do not overlap (the older, uncorrected measure)."""
        a, b = self.when_played.interval, self.when_idle.interval
        return a is not None and b is not None and (a[0] > b[1] or b[0] > a[1])

    def as_json(self) -> dict[str, Any]:
        improvement = self.improvement
        return {
            "name": self.name,
            "bot": self.bot,
            "held": self.held,
            "played": self.played,
            "in_hand": self.in_hand.as_json(),
            "in_opening_hand": self.in_opening.as_json(),
            "when_drawn": self.when_drawn.as_json(),
            "not_seen": self.not_seen.as_json(),
            "improvement_when_drawn": None if improvement is None else dict(zip(("value", "low", "high"), improvement)),
            "played_rate": self.played_rate.as_json(),
            "mean_turn_played": self.mean_turn,
            "flagged": self.flagged,
            "when_played": self.when_played.as_json(),
            "when_held_not_played": self.when_idle.as_json(),
            "clear": self.clear,
            "mean_first_turn": self.mean_first_turn,
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


def _quantile(counts: Counter[int], total: int, q: float) -> float:
    """The `q` quantile of the values counted in `counts`, interpolated as `stats.quantile` does."""
    position = q * (total - 1)
    low = int(position)
    ordered = sorted(counts)
    seen, below, above = 0, None, None
    for value in ordered:
        seen += counts[value]
        if below is None and seen > low:
            below = value
        if seen > min(low + 1, total - 1):
            above = value
            break
    assert below is not None and above is not None
    return below + (above - below) * (position - low)


class Tally:
    """A study's figures counted game by game: what it holds does not grow with the number of games.

    `keep`: keep every result too (for a CSV of every game, or every
    record); `samples`: keep the first few results of each way a game
    ended (the records `--save sample` writes).
    """

    def __init__(self, study: Study, keep: bool = False, samples: bool = False) -> None:
        self.study = study
        self.keep = keep
        self.samples_kept = samples
        self.results: list[GameResult] = []
        self.samples: list[GameResult] = []
        self.games = 0
        self.side_wins = [0, 0]
        self.side_points = [0.0, 0.0]
        self.draws = 0
        self.decided = 0
        self.p1_wins = 0
        self.had_first = 0
        self.first_decided = 0
        self.first_wins = 0
        self.endings: Counter[str] = Counter()
        self.turns: Counter[int] = Counter()
        self.actions = 0
        self.actions_squares = 0
        self.has_lead = False
        self.lead_changes = 0
        self.comebacks: list[float] = [0.0, 0.0]  # sum, count
        self.decisive: list[float] = [0.0, 0.0]
        self.stalemates = 0
        self.cut = 0
        self.cards: dict[tuple[str, str], CardFigures] = {}
        self.bot_seats: Counter[str] = Counter()
        self.bot_points: dict[str, float] = defaultdict(float)
        self.side_name_points: dict[str, float] = defaultdict(float)
        self.side_name_seats: Counter[str] = Counter()
        self.conditions: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(lambda: [0.0, 0]))

    def add(self, r: GameResult) -> None:
        """Count one game's result (in the games' order: the sums of fractions then do not depend on the workers)."""
        self.games += 1
        if self.keep:
            self.results.append(r)
        elif self.samples_kept and self.endings[r.code or "?"] < SAMPLES:
            self.samples.append(r)
        side = r.winning_side
        if side is not None:
            self.side_wins[side] += 1
        for s in (0, 1):
            self.side_points[s] += _points(r, s ^ int(r.swapped))
        self.endings[r.code or "?"] += 1
        self.turns[r.turns] += 1
        self.actions += r.actions
        self.actions_squares += r.actions * r.actions
        if r.code == CUT:
            self.cut += 1
        if r.winner is None:
            self.draws += 1
            self.stalemates += r.code != CUT
        else:
            self.decided += 1
            self.p1_wins += r.winner == 0
            comeback, decisive = _comeback(r.leads, r.winner), _decisiveness(r.leads, r.winner)
            if comeback is not None:
                self.comebacks[0] += comeback
                self.comebacks[1] += 1
            if decisive is not None:
                self.decisive[0] += decisive
                self.decisive[1] += 1
        if r.first is not None:
            self.had_first += 1
            if r.winner is not None:
                self.first_decided += 1
                self.first_wins += r.winner == r.first
        if r.leads:
            self.has_lead = True
        self.lead_changes += _lead_changes(r.leads)
        self._add_seats(r)

    def _add_seats(self, r: GameResult) -> None:
        """Each seat's cards (under its bot), side and P1's score under the game's conditions."""
        for seat in (0, 1):
            points = _points(r, seat)
            bot = r.bots[seat]
            self.bot_seats[bot] += 1
            self.bot_points[bot] += points
            for name, entry in r.cards[seat].items():
                card = self.cards.get((bot, name))
                if card is None:
                    card = self.cards[(bot, name)] = CardFigures(name, bot)
                if r.pooled:
                    card.listed += 1
                    card.listed_won += points
                if entry[0]:
                    card.add(points, entry)
        for seat, name in enumerate(r.sides or ()):
            self.side_name_points[name] += _points(r, seat)
            self.side_name_seats[name] += 1
        for key, value in r.conditions.items():
            cell = self.conditions[key][value]
            cell[0] += _points(r, 0)
            cell[1] += 1


@dataclass
class Summary:
    """A study's figures (see the module's docstring for each), read from its `Tally`.

    `Summary(study, results)` counts the results given; `Summary.of(tally)`
    reads a tally counted as the games finished. `results` holds the
    games' results only when they were kept.
    """

    study: Study
    results: list[GameResult] = field(default_factory=list)
    interrupted: bool = False
    tally: Tally | None = None

    def __post_init__(self) -> None:
        if self.tally is None:
            self.tally = Tally(self.study, keep=True)
            for result in self.results:
                self.tally.add(result)
        self.results = self.tally.results

    @classmethod
    def of(cls, tally: Tally, interrupted: bool = False) -> Summary:
        """The summary of a tally counted as the games finished."""
        return cls(tally.study, tally.results, interrupted, tally)

    @property
    def _t(self) -> Tally:
        assert self.tally is not None
        return self.tally

    @property
    def samples(self) -> list[GameResult]:
        """The results kept for records: every one when all were kept, else the first few of each ending."""
        return self._t.results or self._t.samples

    # -- sides and seats ---------------------------------------------------

    @property
    def games(self) -> int:
        return self._t.games

    def side_wins(self, side: int) -> Rate:
        return Rate(self._t.side_wins[side], self.games)

    def side_score(self, side: int) -> Rate:
        return Rate(self._t.side_points[side], self.games)

    @property
    def draws(self) -> Rate:
        return Rate(self._t.draws, self.games)

    @property
    def seat_one(self) -> Rate:
        """P1's share of decided games."""
        return Rate(self._t.p1_wins, self._t.decided)

    @property
    def first_player(self) -> Rate | None:
        """The first player's share of decided games that had one; None for simultaneous games."""
        if not self._t.had_first:
            return None
        return Rate(self._t.first_wins, self._t.first_decided)

    @property
    def fairness(self) -> float | None:
        share = self.seat_one.value
        return None if share is None else 1 - abs(2 * share - 1)

    # -- how games go --------------------------------------------------------

    def endings(self) -> dict[str, int]:
        """Games per end code, most frequent first."""
        return dict(self._t.endings.most_common())

    def turn_counts(self) -> dict[int, int]:
        """How many games lasted each number of turns."""
        return dict(sorted(self._t.turns.items()))

    def lengths(self) -> dict[str, float | None]:
        t = self._t
        if not t.games:
            return {"mean": None, "median": None, "p10": None, "p90": None, "actions": None, "sd": None, "actions_sd": None}
        mean = float(sum(turns * n for turns, n in t.turns.items())) / t.games
        return {
            "mean": mean,
            "median": _quantile(t.turns, t.games, 0.5),
            "p10": _quantile(t.turns, t.games, 0.1),
            "p90": _quantile(t.turns, t.games, 0.9),
            "actions": t.actions / t.games,
            # the turns' standard deviation (n − 1): what `atout diff-report` needs for Welch's interval
            "sd": math.sqrt(sum(n * (turns - mean) ** 2 for turns, n in t.turns.items()) / (t.games - 1)) if t.games > 1 else None,
            # the decisions' standard deviation (n − 1), from exact integer sums: Welch's interval for the decisions
            "actions_sd": math.sqrt(max(0, t.games * t.actions_squares - t.actions * t.actions) / (t.games * (t.games - 1))) if t.games > 1 else None,
        }

    def quality(self) -> dict[str, float | int | None]:
        t = self._t
        return {
            "fairness": self.fairness,
            "lead_changes": t.lead_changes / t.games if t.has_lead and t.games else None,
            "comeback": t.comebacks[0] / t.comebacks[1] if t.comebacks[1] else None,
            "decisiveness": t.decisive[0] / t.decisive[1] if t.decisive[1] else None,
            "stalemates": t.stalemates,
            "cut": t.cut,
        }

    # -- cards, decks, conditions -----------------------------------------

    def card_bots(self) -> list[str]:
        """The bots the card figures are given for: side A's, then side B's when it differs."""
        return list(dict.fromkeys(self.study.bots))

    def cards(self, bot: str | None = None) -> list[CardFigures]:
        """Every card held in some game (by `bot`'s seats; None: each bot's in turn), ranked by the win rate in hand.

        The interval's low end breaks ties, then the name. Each card's
        `flagged` is set here: over the cards one bot held, the
        Benjamini–Hochberg procedure at `FLAG_RATE` on the score test of
        its win rate in hand against the bot's own score.
        """
        bots = [bot] if bot is not None else self.card_bots()
        ranked: list[CardFigures] = []
        for name in bots:
            figures = [card for (b, _), card in self._t.cards.items() if b == name and card.held]
            for card in figures:
                card.seats, card.points = self._t.bot_seats[name], self._t.bot_points[name]
            for card, flag in zip(figures, benjamini_hochberg([card.p_value for card in figures], FLAG_RATE)):
                card.flagged = flag

            def rank(card: CardFigures) -> tuple[float, float, str]:
                rate = card.in_hand
                interval = rate.interval
                return (-(rate.value or 0.0), -(interval[0] if interval else 0.0), card.name)

            ranked.extend(sorted(figures, key=rank))
        return ranked

    def by_side_name(self) -> dict[str, Rate]:
        """Per deck / boxer / collection: the score of the seats that had it."""
        t = self._t
        return {name: Rate(t.side_name_points[name], t.side_name_seats[name]) for name in sorted(t.side_name_seats)}

    def by_condition(self) -> dict[str, dict[str, Rate]]:
        """Per condition (Lieu, shared deck, rules): P1's score under each value."""
        return {key: {value: Rate(cell[0], int(cell[1])) for value, cell in values.items()} for key, values in self._t.conditions.items()}

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
            "sides": [{"bot": self.study.bots[side], "wins": self.side_wins(side).as_json(), "score": self.side_score(side).as_json()} for side in (0, 1)],
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
    """One summary per study, from the results of a run (kept with it)."""
    by_study: dict[int, list[GameResult]] = defaultdict(list)
    for result in results:
        by_study[result.study].append(result)
    return [Summary(study, by_study[number], interrupted) for number, study in enumerate(studies)]
