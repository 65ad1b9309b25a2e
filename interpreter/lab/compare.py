"""Versions of a set compared on the same seeds: what a change did, with paired intervals.

`atout simulate G --vs FOLDER` plays the base set (`--cards`, or the game as
shipped) and every version on the same seeds, with the same bots and
seatings: game *i* of each version is dealt from the same seed. The
difference a version makes is then measured **per seed** (a seed is a pair
of games when the sides change seats, one game otherwise): for each seed,
the version's value minus the base's, and the interval is the paired
Student t interval of the mean of these differences (95%). Pairing removes
most of the luck of the deal, which both versions share: the same change
is told apart from noise with far fewer games than two independent
studies would need.

The measures compared (each game gives a value; a rate is in points of
percentage):

- side A's score (a draw is half a win), P1's score (the seat's edge), the
  first player's score (games with a first player), the draw rate, the
  length in turns and in decisions, and the rate of each way of ending;
- per card: the score of the seats that played it (over the seeds where it
  was played in both versions) and the share of the seats holding it that
  played it (over the seeds where it was held in both).

A card is *new*, *changed* or *removed* by comparing its written form
(the language's own writer: the canonical text of the card) in both sets.
A difference is *clear* when its interval excludes zero; the verdict lines
name every clear difference of each version. The cards a version did not
change are many: among them, a difference is clear only if the
Benjamini–Hochberg procedure (false discovery rate 5%, over the p-values of
their paired t tests) keeps it too, so that a few of twenty unchanged
cards are not called changed by chance.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any

from .run import GameResult
from .summary import Summary

#: The two-sided confidence of every interval.
CONFIDENCE = 0.95


def t_quantile(p: float, df: int) -> float:
    """The `p` quantile (p > 0.5) of Student's t with `df` degrees of freedom.

    Up to 30 degrees of freedom, found by bisection on the exact
    distribution (the finite sums of Abramowitz & Stegun 26.7.3–4); above,
    the Cornish–Fisher expansion in 1/df (26.7.5), within 0.0001 of it there.
    """
    if df < 1:
        raise ValueError("a t quantile needs at least one degree of freedom")
    if df <= 30:
        low, high = 0.0, 1000.0
        for _ in range(100):
            middle = (low + high) / 2
            if 0.5 + _t_central(middle, df) / 2 < p:
                low = middle
            else:
                high = middle
        return (low + high) / 2
    z = NormalDist().inv_cdf(p)
    n = float(df)
    return (
        z
        + (z**3 + z) / (4 * n)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * n**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * n**3)
        + (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / (92160 * n**4)
    )


def _t_central(t: float, df: int) -> float:
    """P(|T| < t) for Student's t with `df` degrees of freedom (A&S 26.7.3 and 26.7.4)."""
    theta = math.atan(t / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    if df % 2 == 1:
        total, term = 0.0, math.cos(theta)
        for k in range(1, (df - 1) // 2 + 1):
            total += term
            term *= c2 * (2 * k) / (2 * k + 1)
        return 2 / math.pi * (theta + math.sin(theta) * total) if df > 1 else 2 / math.pi * theta
    total, term = 0.0, 1.0
    for k in range(1, df // 2 + 1):
        total += term
        term *= c2 * (2 * k - 1) / (2 * k)
    return math.sin(theta) * total


def paired_interval(differences: Sequence[float]) -> tuple[float, float, float] | None:
    """The mean of paired differences and its 95% Student t interval; None with fewer than two."""
    n = len(differences)
    if n < 2:
        return None
    centre = sum(differences) / n
    variance = sum((d - centre) ** 2 for d in differences) / (n - 1)
    half = t_quantile(0.5 + CONFIDENCE / 2, n - 1) * math.sqrt(variance / n)
    return centre, centre - half, centre + half


def paired_p(differences: Sequence[float]) -> float | None:
    """The two-sided p-value of the paired t test (mean difference zero); None with fewer than two."""
    n = len(differences)
    if n < 2:
        return None
    centre = sum(differences) / n
    variance = sum((d - centre) ** 2 for d in differences) / (n - 1)
    if variance == 0:
        return 1.0 if centre == 0 else 0.0
    return max(0.0, 1 - _t_central(abs(centre) / math.sqrt(variance / n), n - 1))


def benjamini_hochberg(p_values: Sequence[float | None], rate: float = 1 - CONFIDENCE) -> list[bool]:
    """Which tests are kept at false discovery rate `rate` (Benjamini & Hochberg 1995); a None is never kept."""
    known = sorted((p, i) for i, p in enumerate(p_values) if p is not None)
    m = len(known)
    largest = max((rank for rank, (p, _) in enumerate(known, 1) if p <= rank / m * rate), default=0)
    kept = [False] * len(p_values)
    for _, index in known[:largest]:
        kept[index] = True
    return kept


# ---------------------------------------------------------------------------
# What each seed gives
# ---------------------------------------------------------------------------


def _points(winner: int | None, seat: int | None) -> float | None:
    """1 for a win of `seat`, 0.5 for a draw, 0 for a loss; None when there is no such seat."""
    if seat is None:
        return None
    return 0.5 if winner is None else float(winner == seat)


#: The overall measures: key, name, unit ("rate": a share, its difference in points).
OVERALL = [
    ("side_a", "side A's score", "rate"),
    ("p1", "P1's score", "rate"),
    ("first_player", "first player's score", "rate"),
    ("draws", "draws", "rate"),
    ("turns", "length (turns)", "turns"),
    ("decisions", "decisions", "decisions"),
]


class SeedTally:
    """A study's figures seed by seed, counted as its games come: per seed and measure, a sum and a count.

    Kept small (a few numbers per seed and card), so a long comparison does
    not keep its games. Endings are counted per seed (`ending:CODE`, over
    the seed's games); each card gives `played:NAME` (the points of the
    seats that played it, over those seats) and `share:NAME` (the seats that
    played it, over those that held it).
    """

    def __init__(self) -> None:
        self.seeds: dict[int, dict[str, list[float]]] = {}
        self.codes: set[str] = set()
        self.cards: set[str] = set()
        self.with_first = False

    def add(self, result: GameResult) -> None:
        """Count one game."""
        seed = self.seeds.setdefault(result.seed, {})

        def put(key: str, value: float | None, count: int = 1) -> None:
            if value is None:
                return
            entry = seed.setdefault(key, [0.0, 0])
            entry[0] += value
            entry[1] += count

        put("side_a", _points(result.winner, int(result.swapped)))
        put("p1", _points(result.winner, 0))
        put("first_player", _points(result.winner, result.first))
        self.with_first = self.with_first or result.first is not None
        put("draws", float(result.winner is None))
        put("turns", float(result.turns))
        put("decisions", float(result.actions))
        code = result.code or "?"
        self.codes.add(code)
        put(f"ending:{code}", 1.0, 0)
        for seat in (0, 1):
            points = _points(result.winner, seat) or 0.0
            for name, entry in result.cards[seat].items():
                self.cards.add(name)
                if entry[1]:
                    put(f"played:{name}", points)
                if entry[0]:
                    put(f"share:{name}", float(bool(entry[1])))

    def games(self, seed: int) -> int:
        """How many games of a seed were counted."""
        return int(self.seeds.get(seed, {}).get("draws", [0.0, 0])[1])

    def value(self, seed: int, key: str) -> tuple[float, float] | None:
        """A seed's sum and count for `key` (an ending's count is the seed's games); None when it gives none."""
        figures = self.seeds.get(seed, {})
        if key.startswith("ending:"):
            games = figures.get("draws")
            return None if games is None else (figures.get(key, [0.0, 0])[0], games[1])
        entry = figures.get(key)
        return None if entry is None or not entry[1] else (entry[0], entry[1])


@dataclass
class Difference:
    """A measure in the base and in a version, and the paired difference (version − base) with its interval."""

    key: str
    name: str
    unit: str
    base: float | None
    version: float | None
    #: Seeds (pairs) the difference is measured over.
    pairs: int
    mean: float | None = None
    low: float | None = None
    high: float | None = None
    #: The two-sided p-value of the paired t test.
    p: float | None = None
    #: Kept by the Benjamini–Hochberg procedure, for a difference among many (the cards a version did not change); None: not corrected.
    kept: bool | None = None

    @property
    def clear(self) -> bool:
        """The interval excludes zero (and, among many, the difference is kept by the correction)."""
        excludes = self.low is not None and self.high is not None and (self.low > 0 or self.high < 0)
        return excludes and self.kept is not False

    def value_text(self, value: float | None) -> str:
        """A value as the report prints it: `52.0%`, `14.2`."""
        if value is None:
            return "–"
        return f"{100 * value:.1f}%" if self.unit == "rate" else f"{value:.1f}"

    def text(self) -> str:
        """The difference with its interval: `+4.1 points (+1.2 to +7.0)`, `-0.3 turns (-0.9 to +0.2)`."""
        if self.mean is None:
            return "–"
        scale, unit = (100.0, "points") if self.unit == "rate" else (1.0, self.unit)
        if self.low is None or self.high is None:
            return f"{scale * self.mean:+.1f} {unit} (no interval: {self.pairs} pair)"
        if self.low == self.high == self.mean == 0:
            return f"0 {unit} (the same at every seed)"
        return f"{scale * self.mean:+.1f} {unit} ({scale * self.low:+.1f} to {scale * self.high:+.1f})"

    def as_json(self) -> dict[str, Any]:
        return {
            "measure": self.key,
            "name": self.name,
            "unit": self.unit,
            "base": self.base,
            "version": self.version,
            "pairs": self.pairs,
            "difference": self.mean,
            "low": self.low,
            "high": self.high,
            "p": self.p,
            "corrected": self.kept is not None,
            "clear": self.clear,
        }


def paired(key: str, name: str, unit: str, base: SeedTally, version: SeedTally) -> Difference:
    """One measure compared over the seeds both give it at: each side's mean there, and the paired difference with its interval.

    A seed is compared only when both have played as many of its games (a
    stopped run may have played one game of a pair).
    """
    differences: list[float] = []
    sums = [0.0, 0.0, 0.0, 0.0]
    for seed in sorted(set(base.seeds) & set(version.seeds)):
        if base.games(seed) != version.games(seed):  # a run stopped between the two games of a pair
            continue
        a, b = base.value(seed, key), version.value(seed, key)
        if a is None or b is None:
            continue
        differences.append(b[0] / b[1] - a[0] / a[1])
        sums[0] += a[0]
        sums[1] += a[1]
        sums[2] += b[0]
        sums[3] += b[1]
    found = Difference(key, name, unit, sums[0] / sums[1] if sums[1] else None, sums[2] / sums[3] if sums[3] else None, len(differences))
    if differences:
        found.mean = sum(differences) / len(differences)
    interval = paired_interval(differences)
    if interval is not None:
        found.mean, found.low, found.high = interval
        found.p = paired_p(differences)
    return found


# ---------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------


def card_texts(files: Any) -> dict[str, str]:
    """Each card of a set (by name) in its written form, the language's canonical text."""
    language = files.game
    texts: dict[str, str] = {}
    for card_file in files.card_files:
        for card in card_file.cards:
            name = getattr(card, "name", None)
            if isinstance(name, str):
                texts[name] = language.write_card(card) if language.write_card is not None else repr(card)
    return texts


def card_changes(base: dict[str, str], version: dict[str, str]) -> dict[str, str]:
    """The cards that differ between two sets' written forms: "new", "changed" or "removed", by name."""
    changes = {name: "new" for name in version if name not in base}
    changes.update({name: "removed" for name in base if name not in version})
    changes.update({name: "changed" for name in version if name in base and base[name] != version[name]})
    return dict(sorted(changes.items()))


@dataclass
class CardDifference:
    """One card compared: how it changed, and its paired differences (score when played, share played)."""

    name: str
    #: "new", "changed", "removed" or "" (the same text in both).
    change: str
    played_score: Difference
    play_share: Difference

    @property
    def clear(self) -> bool:
        return self.played_score.clear or self.play_share.clear

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "change": self.change or None, "played_score": self.played_score.as_json(), "play_share": self.play_share.as_json()}


# ---------------------------------------------------------------------------
# A comparison
# ---------------------------------------------------------------------------


@dataclass
class VersionComparison:
    """One version against the base: the overall and per-card differences."""

    label: str
    summary: Summary
    overall: list[Difference]
    cards: list[CardDifference]
    changes: dict[str, str]

    def verdicts(self) -> list[str]:
        """One line per clear difference (its interval excludes zero); one line saying so when there is none."""
        lines = [f"{self.label}: {d.name} {d.text()}: changed" for d in self.overall if d.clear]
        for card in self.cards:
            for d in (card.played_score, card.play_share):
                if d.clear:
                    lines.append(f"{self.label}: {card.name}{f' ({card.change})' if card.change else ''}, {d.name} {d.text()}: changed")
        return lines or [f"{self.label}: no clear difference (every interval includes zero)"]

    def as_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "changes": self.changes,
            "overall": [d.as_json() for d in self.overall],
            "cards": [card.as_json() for card in self.cards],
            "verdicts": self.verdicts(),
        }


@dataclass
class Comparison:
    """The base and each version, played on the same seeds, and their differences."""

    game: str
    labels: list[str]
    summaries: list[Summary]
    versions: list[VersionComparison] = field(default_factory=list)

    @property
    def base(self) -> Summary:
        return self.summaries[0]

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "base": self.labels[0],
            "method": "paired: per seed, the version's mean minus the base's; 95% Student t interval of the mean difference",
            "versions": [version.as_json() for version in self.versions],
        }


def _correct(differences: list[Difference]) -> None:
    """Mark which of many differences the Benjamini–Hochberg procedure keeps (false discovery rate 5%)."""
    for difference, kept in zip(differences, benjamini_hochberg([d.p for d in differences])):
        difference.kept = kept


def compare(summaries: Sequence[Summary], tallies: Sequence[SeedTally], labels: Sequence[str], texts: Sequence[dict[str, str]]) -> Comparison:
    """Compare each study after the first (a version) with the first (the base), seed by seed.

    `tallies` are the studies' figures per seed (`SeedTally`), `texts`
    each set's cards in written form (`card_texts`), to mark the cards new,
    changed or removed.
    """
    base = tallies[0]
    comparison = Comparison(summaries[0].study.game, list(labels), list(summaries))
    for label, summary, tally, written in zip(labels[1:], summaries[1:], tallies[1:], texts[1:]):
        with_first = base.with_first or tally.with_first
        overall = [paired(key, name, unit, base, tally) for key, name, unit in OVERALL if key != "first_player" or with_first]
        overall += [paired(f"ending:{code}", f"ending {code}", "rate", base, tally) for code in sorted(base.codes | tally.codes)]
        changes = card_changes(texts[0], written)
        cards = [
            CardDifference(
                name,
                changes.get(name, ""),
                paired(f"played:{name}", "score when played", "rate", base, tally),
                paired(f"share:{name}", "share of holders playing it", "rate", base, tally),
            )
            for name in sorted(base.cards | tally.cards | set(changes))
        ]
        _correct([d for card in cards if not card.change for d in (card.played_score, card.play_share)])
        cards.sort(key=lambda card: (not card.change, not card.clear, card.name))
        comparison.versions.append(VersionComparison(label, summary, overall, cards, changes))
    return comparison


# ---------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------


def text(comparison: Comparison, cards_shown: int = 16) -> list[str]:
    """The comparison for the terminal: the setting, each version's differences (clear ones marked *), the verdicts."""
    base = comparison.base
    study = base.study
    a, b = study.side_names()
    interrupted = any(s.interrupted for s in comparison.summaries)
    lines = [f"games: {base.games} per version" + (" (interrupted)" if interrupted else "")]
    how = "sides change seats every other game" if study.swap else "sides keep their seats"
    lines.append(f"{study.game}: {a} (side A) against {b} (side B), seed {study.seed}; the same seeds and deals for every version; {how}")
    lines.append(f"base: {comparison.labels[0]}")
    for version in comparison.versions:
        lines.append("")
        lines.append(f"{version.label} against {comparison.labels[0]} (difference: {version.label} − base; 95% paired interval over {_pairs(version)}; * the interval excludes zero):")
        marked = [f"{name} ({change})" for name, change in version.changes.items()]
        lines.append("  cards: " + (", ".join(marked) if marked else "the same in both"))
        rows = [(d.name, d.value_text(d.base), d.value_text(d.version), d.text(), d.clear) for d in version.overall]
        lines.extend(_rows(["measure", "base", version.label, "difference"], rows))
        shown = [card for card in version.cards if card.change or card.clear][: max(cards_shown, 0) or None]
        if shown:
            lines.append("  per card (changed, new and removed cards first, then the clear differences):")
            card_rows = []
            for card in shown:
                for d in (card.played_score, card.play_share):
                    card_rows.append((f"{card.name}{f' ({card.change})' if card.change else ''}: {d.name}", d.value_text(d.base), d.value_text(d.version), d.text(), d.clear))
            lines.extend(_rows(["card", "base", version.label, "difference"], card_rows))
        hidden = sum(1 for card in version.cards if not (card.change or card.clear))
        if hidden:
            lines.append(f"  {hidden} other cards: no clear difference (the JSON and the report hold them all)")
    lines.append("")
    lines.append("verdict:")
    for version in comparison.versions:
        lines.extend(f"  {line}" for line in version.verdicts())
    return lines


def _pairs(version: VersionComparison) -> str:
    pairs = max((d.pairs for d in version.overall), default=0)
    return f"{pairs} seed" if pairs == 1 else f"{pairs} seeds"


def _rows(head: list[str], rows: list[tuple[str, str, str, str, bool]]) -> list[str]:
    """Rows of text in aligned columns, a clear one marked *."""
    widths = [max(len(head[i]), *(len(str(row[i])) for row in rows)) for i in range(3)]
    lines = [f"    {head[0]:<{widths[0]}}  {head[1]:>{widths[1]}}  {head[2]:>{widths[2]}}  {head[3]}"]
    for name, base, version, difference, clear in rows:
        lines.append(f"  {'*' if clear else ' '} {name:<{widths[0]}}  {base:>{widths[1]}}  {version:>{widths[2]}}  {difference}")
    return lines


def json_document(comparison: Comparison) -> dict[str, Any]:
    """What `--format json` prints for a comparison: the studies (one per version) and the comparison."""
    return {"lab": "atout", "version": 1, "studies": [summary.as_json() for summary in comparison.summaries], "comparison": comparison.as_json()}


def html_page(comparison: Comparison, title: str, side_word: str = "side") -> str:
    """The comparison as one self-contained page: the verdicts and differences first, then both versions side by side."""
    from . import report

    body = [f"<h1>{report._esc(title)}</h1>"]
    base = comparison.base
    body.append(
        f'<p class="note">{base.games} games per version, seed {base.study.seed}, the same seeds and deals for every version. '
        "Each difference is the version's minus the base's, measured seed by seed, with its 95% paired interval; "
        "● marks an interval that excludes zero.</p>"
    )
    body.append('<section id="verdicts"><h2>Verdict</h2><ul>')
    for version in comparison.versions:
        body.extend(f"<li>{report._esc(line)}</li>" for line in version.verdicts())
    body.append("</ul></section>")
    for number, version in enumerate(comparison.versions):
        body.append(f'<section class="differences" id="differences-{number}"><h2>{report._esc(version.label)} against {report._esc(comparison.labels[0])}</h2>')
        marked = ", ".join(f"{name} ({change})" for name, change in version.changes.items()) or "the same in both"
        body.append(f"<p>Cards: {report._esc(marked)}</p>")
        body.append(_difference_plot([(d.name, d) for d in version.overall if d.unit == "rate"]))
        body.append(
            report._table(
                ["measure", comparison.labels[0], version.label, "difference (95% paired interval)"],
                [[("● " if d.clear else "") + d.name, d.value_text(d.base), d.value_text(d.version), d.text()] for d in version.overall],
                {1, 2},
            )
        )
        rows = []
        for card in version.cards:
            name = ("● " if card.clear else "") + card.name + (f" ({card.change})" if card.change else "")
            rows.append(
                [
                    name,
                    card.played_score.value_text(card.played_score.base),
                    card.played_score.value_text(card.played_score.version),
                    card.played_score.text(),
                    card.play_share.value_text(card.play_share.base),
                    card.play_share.value_text(card.play_share.version),
                    card.play_share.text(),
                ]
            )
        if rows:
            body.append(
                '<h3>Cards</h3><p class="note">Score of the seats that played the card (seeds where it was played in both versions), '
                "and the share of the seats holding it that played it; changed, new and removed cards first.</p>"
            )
            head = ["card", f"score when played: {comparison.labels[0]}", version.label, "difference", f"played when held: {comparison.labels[0]}", version.label, "difference"]
            body.append(report._table(head, rows, {1, 2, 4, 5}))
        body.append("</section>")
    body.append('<section id="versions"><h2>Both versions, side by side</h2><div class="side-by-side">')
    for number, summary in enumerate(comparison.summaries):
        body.append(f'<div class="version">{report._study_html(summary, number, None, side_word)}</div>')  # headed by its label, "version: NAME"
    body.append("</div></section>")
    style = (
        report._STYLE + ".side-by-side { display: flex; gap: 1.5em; align-items: flex-start; overflow-x: auto; } .version { flex: 1; min-width: 30em; } .version svg { max-width: 100%; height: auto; }"
    )
    return f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{report._esc(title)}</title><style>{style}</style></head><body>' + "\n".join(body) + "</body></html>\n"


def _difference_plot(rows: list[tuple[str, Difference]]) -> str:
    """Each rate's difference (in points) with its interval, around a line at zero."""
    from .report import _esc

    rows = [(name, d) for name, d in rows if d.mean is not None]
    if not rows:
        return ""
    reach = max(0.05, *(abs(v) for _, d in rows for v in (d.mean, d.low, d.high) if v is not None))
    label_width, plot_width, row_height = 220, 440, 22
    height = row_height * len(rows) + 30
    x = lambda v: label_width + plot_width / 2 + v / reach * plot_width / 2  # noqa: E731
    parts = [f'<svg role="img" class="difference-plot" width="{label_width + plot_width + 60}" height="{height}" viewBox="0 0 {label_width + plot_width + 60} {height}">']
    for tick in (-reach, -reach / 2, 0.0, reach / 2, reach):
        parts.append(f'<line x1="{x(tick):.1f}" y1="0" x2="{x(tick):.1f}" y2="{height - 20}" stroke="{"#999" if tick == 0 else "#ddd"}"/>')
        parts.append(f'<text x="{x(tick):.1f}" y="{height - 5}" text-anchor="middle">{100 * tick:+.0f}{" points" if tick == reach else ""}</text>')
    for i, (name, d) in enumerate(rows):
        y = i * row_height + 4
        low = d.low if d.low is not None else d.mean
        high = d.high if d.high is not None else d.mean
        colour = "#b3261e" if d.clear else "#1d3f6e"
        parts.append(f'<text x="{label_width - 8}" y="{y + 13}" text-anchor="end">{_esc(name[:32])}</text>')
        parts.append(f'<line x1="{x(low or 0):.1f}" y1="{y + 9}" x2="{x(high or 0):.1f}" y2="{y + 9}" stroke="{colour}" stroke-width="2"/>')
        parts.append(f'<circle cx="{x(d.mean or 0):.1f}" cy="{y + 9}" r="4" fill="{colour}"><title>{_esc(name)}: {_esc(d.text())}</title></circle>')
    parts.append("</svg>")
    return "".join(parts)
