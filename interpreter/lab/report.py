"""A study's figures written out: text for the terminal, CSV rows, JSON, and an HTML page.

The HTML page is one self-contained file (its style and its plots inline,
drawn in SVG by this module: no script, no font or library fetched), so it
opens in any browser, offline, and can be mailed or kept beside a card set.
"""

from __future__ import annotations

import csv
import html
import io
import json
from collections.abc import Sequence
from typing import Any

from .run import GameResult
from .rating import Fit, Rating, Ratings, expected_score, signed_points
from .stats import Rate
from .summary import CardFigures, Summary
from .tournament import Tournament

#: How many cards of the ranking the text shows by default (half at each end), besides the designer's own.
TEXT_CARDS = 16

#: How a difference of ratings reads, for the text and the report.
RATING_READING = f"100 points above another: about {100 * expected_score(100):.0f}% against it"


def _num(value: float | None, digits: int = 1) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# ---------------------------------------------------------------------------
# Text
# ---------------------------------------------------------------------------


def text(
    summary: Summary,
    ending_text: dict[str, str] | None = None,
    side_word: str = "side",
    cards_shown: int = TEXT_CARDS,
    own: frozenset[str] = frozenset(),
    terminal: int | None = None,
) -> list[str]:
    """The study as lines for the terminal.

    The card ranking shows `cards_shown` cards (half from each end; 0: all)
    and every card of `own` (the designer's files); the lines it leaves out
    are counted where they would be, with how to see them all. With the
    width of a `terminal`, the card table fits it (see `_fit_columns`).
    """
    study = summary.study
    a, b = study.side_names()
    lines = [f"games: {summary.games}" + (f" of {study.games} (interrupted)" if summary.interrupted else "")]
    if summary.games == 0:
        return lines
    how = "each side plays half of the games as P1, with the same deals" if study.swap else "sides keep their seats"
    lines.append(f"{study.game}: {a} (side A) against {b} (side B), seed {study.seed}; {how}")
    labels = study.side_labels()
    width = max(len(label) for label in labels) + 10
    for side, label in enumerate(labels):
        wins = summary.side_wins(side)
        lines.append(f"  {f'{label} wins':<{width}} {int(wins.k):>6}  {wins.text()}")
    draws = summary.draws
    lines.append(f"  {'draws':<{width}} {int(draws.k):>6}  {draws.text()}")
    lines.append(f"  score of side A (a draw is half a win): {summary.side_score(0).text()}")
    seat = summary.seat_one
    lines.append(f"seats: P1 wins {seat.text()} of the {_plural(seat.n, 'decided game')}")
    first = summary.first_player
    if first is None:
        lines.append("first player: none (both players choose at once)")
    elif first.n:
        lines.append(f"first player wins {first.text()} of the decided games")
    else:
        lines.append("first player wins: no game was decided")
    lengths = summary.lengths()
    lines.append(
        f"length: {_num(lengths['mean'])} turns on average, median {_num(lengths['median'], 0)}, "
        f"10%–90%: {_num(lengths['p10'], 0)}–{_num(lengths['p90'], 0)} turns; {_num(lengths['actions'])} decisions"
    )
    endings = ", ".join(f"{(ending_text or {}).get(code, code)} {n}" for code, n in summary.endings().items())
    lines.append(f"endings: {endings}")
    q = summary.quality()
    lines.append(
        f"quality: fairness {_num(q['fairness'], 2)} · lead changes {_num(q['lead_changes'], 2)} per game · "
        f"comeback {_num(q['comeback'], 2)} · decisiveness {_num(q['decisiveness'], 2)} · "
        f"stalemates {q['stalemates']} · cut by a bound {q['cut']}"
    )
    lines.extend(_cards_text(summary, cards_shown, own, terminal))
    sides = summary.by_side_name()
    if len(sides) > 1:
        lines.append(f"by {side_word} (score of the seats that had it):")
        for name, rate in sides.items():
            lines.append(f"  {name}: {rate.text()} over {_plural(rate.n, 'seat')}")
    for key, values in summary.by_condition().items():
        if len(values) > 1:
            lines.append(f"by {key} (score of P1):")
            for value, rate in values.items():
                lines.append(f"  {value}: {rate.text()}")
    return lines


def shown_cards(ranked: Sequence[CardFigures], limit: int, own: frozenset[str] = frozenset()) -> list[bool]:
    """Which cards of the ranking the text shows: `limit` of them (0: all), half from each end, and every one of `own`."""
    if limit <= 0 or len(ranked) <= limit:
        return [True] * len(ranked)
    top = (limit + 1) // 2
    bottom = len(ranked) - (limit - top)
    return [rank < top or rank >= bottom or card.name in own for rank, card in enumerate(ranked)]


def _cards_text(summary: Summary, limit: int, own: frozenset[str], terminal: int | None = None) -> list[str]:
    """The card tables, one per bot (figures of two bots never pooled): ranked by win rate in hand.

    A run of rows left out is one line that counts them; the last line
    says how to see every row. Then the designer's cards no seat held.
    """
    lines: list[str] = []
    seen: set[str] = set()
    for bot in summary.card_bots():
        every = summary.cards(bot)
        seen.update(card.name for card in every)
        if every:
            lines.extend(_bot_cards_text(summary, bot, every, limit, own, terminal))
    unseen = sorted(name for name in own if name not in seen)
    if unseen:
        lines.append("your cards never held in these games: " + ", ".join(unseen))
    return lines


#: The card table's columns after the name.
_CARD_COLUMNS = ("in hand", "opening hand", "drawn", "not seen", "IWD", "played", "turn")


#: The columns a narrow terminal leaves out first (the whole table is in the JSON and the report).
_DROPPED_FIRST = ("opening hand", "drawn", "turn", "not seen")


def _fit_columns(name_width: int, rows: dict[str, list[str]], compact: dict[str, list[str]], width: int | None) -> tuple[list[str], dict[str, list[str]], list[str] | None]:
    """The card table's columns for a terminal `width` (None: every column, in full).

    First the intervals' bounds are rounded to whole points (`54.2 48–60
    [412]`); then, while the table is still wider than the terminal, the
    columns of `_DROPPED_FIRST` are left out. The columns kept, their
    cells, and the columns left out (None: the table in full).
    """
    columns = list(_CARD_COLUMNS)

    def wide(table: dict[str, list[str]], kept: list[str]) -> int:
        at = [columns.index(head) for head in kept]
        return 4 + name_width + sum(2 + max(len(head), *(len(cells[i]) for cells in table.values())) for head, i in zip(kept, at))

    if width is None or wide(rows, columns) <= width:
        return columns, rows, None
    kept = list(columns)
    dropped: list[str] = []
    for head in _DROPPED_FIRST:
        if wide(compact, kept) <= width:
            break
        kept.remove(head)
        dropped.append(head)
    at = [columns.index(head) for head in kept]
    return kept, {name: [cells[i] for i in at] for name, cells in compact.items()}, dropped


def _bot_cards_text(summary: Summary, bot: str, ranked: list[CardFigures], limit: int, own: frozenset[str], terminal: int | None = None) -> list[str]:
    """One bot's card table (fitted to the width of a `terminal`, if given)."""
    base = ranked[0].base
    whose = f"{bot}'s seats" if len(summary.card_bots()) > 1 else f"the seats of {bot}, on both sides"
    lines = [
        f"cards, {whose} (score {base.text()} over {_plural(base.n, 'seat')}), by win rate in hand:",
        "  win rates in % with their 95% interval and [seats]; IWD: in hand minus not seen, in points; turn: mean turn played;",
        f"  * the win rate in hand differs from {bot}'s score beyond chance, over {_plural(len(ranked), 'card')} (Benjamini–Hochberg, 5%)",
    ]
    shown = shown_cards(ranked, limit, own)
    rows = {card.name: card_cells(card) for card, show in zip(ranked, shown) if show}
    name_width = max(4, *(len(name) for name in rows))
    compact = {card.name: card_cells(card, whole=True) for card, show in zip(ranked, shown) if show}
    heads, rows, dropped = _fit_columns(name_width, rows, compact, terminal)
    if dropped is not None:
        left_out = f", {', '.join(dropped)} left out" if dropped else ""
        lines.append(f"  (for this terminal's width: bounds in whole points{left_out}; --format json or the report has every column in full)")
    widths = [max(len(head), *(len(cells[i]) for cells in rows.values())) for i, head in enumerate(heads)]
    lines.append("  " + f"  {'card':<{name_width}}" + "".join(f"  {head:>{width}}" for head, width in zip(heads, widths)))
    rank = 0
    while rank < len(ranked):
        if shown[rank]:
            card = ranked[rank]
            lines.append("  " + f"{'*' if card.flagged else ' '} {card.name:<{name_width}}" + "".join(f"  {cell:>{width}}" for cell, width in zip(rows[card.name], widths)))
            rank += 1
            continue
        end = rank
        while end < len(ranked) and not shown[end]:
            end += 1
        where = f"ranked {rank + 1}" if end - rank == 1 else f"ranked {rank + 1} to {end}"
        lines.append(f"  … {_plural(end - rank, 'card')} not shown ({where})")
        rank = end
    hidden = shown.count(False)
    if hidden:
        lines.append(f"  ({hidden} of {_plural(len(ranked), 'card')} not shown: --cards-shown 0 shows them all)")
    idle = [card for card in ranked if not card.played]
    if idle:
        lines.append("  held but never played: " + ", ".join(f"{card.name} ({_plural(card.held, 'seat')})" for card in sorted(idle, key=lambda c: c.name)))
    return lines


def _cell(rate: Rate, whole: bool = False) -> str:
    """`54.2 48.1–60.3 [412]`: a rate in %, its interval and its count (`whole`: the bounds in whole points, `54.2 48–60 [412]`); `–` with no seat."""
    if not rate.n:
        return "–"
    low, high = rate.interval or (0.0, 0.0)
    if whole:
        return f"{100 * (rate.value or 0.0):.1f} {100 * low:.0f}–{100 * high:.0f} [{rate.n}]"
    return f"{100 * (rate.value or 0.0):.1f} {100 * low:.1f}–{100 * high:.1f} [{rate.n}]"


def _points_text(value: float) -> str:
    """A difference in points, signed, with one decimal (never `-0.0`)."""
    text = f"{100 * value:+.1f}"
    return "+0.0" if text == "-0.0" else text


def _iwd(card: CardFigures, whole: bool = False) -> str:
    """The improvement when drawn, in points, with its interval: `+3.1 (-0.4…+6.6)` (`whole`: `+3.1 (-0…+7)`)."""
    found = card.improvement
    if found is None:
        return "–"
    value, low, high = found
    if whole:
        return f"{_points_text(value)} ({100 * low:+.0f}…{100 * high:+.0f})"
    return f"{_points_text(value)} ({_points_text(low)}…{_points_text(high)})"


def card_cells(card: CardFigures, whole: bool = False) -> list[str]:
    """A card's row after its name: in hand, opening hand, drawn, not seen, IWD, played rate, mean turn played (`whole`: bounds in whole points)."""
    return [
        _cell(card.in_hand, whole),
        _cell(card.in_opening, whole),
        _cell(card.when_drawn, whole),
        _cell(card.not_seen, whole),
        _iwd(card, whole),
        _cell(card.played_rate, whole),
        _num(card.mean_turn),
    ]


def comparison_text(summaries: Sequence[Summary], option: str) -> list[str]:
    """Studies that differ by one setup option, side by side: one line each."""
    first = summaries[0]
    lines = [f"games: {first.games} per {option}" + (" (interrupted)" if any(s.interrupted for s in summaries) else "")]
    a, b = first.study.side_names()
    lines.append(f"{first.study.game}: {a} (side A) against {b} (side B), seed {first.study.seed}, the same seeds for each {option}")
    labels = [summary.study.label.partition(": ")[2] for summary in summaries]
    width = max(len(label) for label in labels)
    for label, summary in zip(labels, summaries):
        first_player = summary.first_player
        lengths = summary.lengths()
        parts = [f"side A scores {summary.side_score(0).text()}", f"P1 {summary.seat_one.text()}"]
        if first_player is not None:
            parts.append(f"first player {first_player.text()}")
        parts.append(f"{_num(lengths['mean'])} turns")
        parts.append(f"fairness {_num(summary.fairness, 2)}")
        lines.append(f"  {label:<{width}}  " + " · ".join(parts))
    return lines


def tournament_text(tournament: Tournament) -> list[str]:
    """The tournament as a matrix: each row's score against each column, then each entrant's overall score."""
    names = tournament.entrants
    width = max(len(name) for name in names)
    cell = 22
    lines = [f"tournament: {tournament.game}, {_plural(tournament.games, 'game')} per pairing, seats swapped; row's score against column"]
    lines.append(" " * (width + 2) + "".join(f"{name[: cell - 2]:<{cell}}" for name in names))
    for row in names:
        cells = []
        for column in names:
            rate = tournament.score(row, column)
            cells.append(f"{'—' if rate is None else rate.text():<{cell}}")
        lines.append(f"{row:<{width}}  " + "".join(cells))
    lines.append("overall:")
    for name, rate in tournament.standings():
        lines.append(f"  {name:<{width}}  {rate.text()}")
    lines.extend(ratings_text(tournament.ratings()))
    return lines


def ratings_text(ratings: Ratings) -> list[str]:
    """The ratings, best first: each entrant's Elo rating with its 95% interval, and its score over its games."""
    if not ratings.ratings and not ratings.unrated:
        return []
    lines = [f"ratings (Bradley–Terry, Elo scale, the field's mean 0, 95% intervals; {RATING_READING}):"]
    rows = [
        (f"{rank}. {r.entrant}", f"{signed_points(r.rating)}", f"({signed_points(r.low)} to {signed_points(r.high)})", f"{r.score.text()} over {_plural(r.score.n, 'game')}")
        for rank, r in enumerate(ratings.ratings, 1)
    ]
    if rows:
        widths = [max(len(row[i]) for row in rows) for i in range(3)]
        for row in rows:
            lines.append(f"  {row[0]:<{widths[0]}}  {row[1]:>{widths[1]}} {row[2]:<{widths[2]}}  score {row[3]}")
    for name, why in ratings.unrated.items():
        lines.append(f"  {name}: no rating ({why})")
    if ratings.fit is not None:
        lines.append(f"  {fit_text(ratings.fit)}")
    return lines


def _p_text(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def fit_text(fit: Fit) -> str:
    """Whether the ratings explain the matrix, in a sentence; the pairings furthest from them when they do not."""
    test = f"χ² {fit.chi2:.1f} on {_plural(fit.df, 'degree')} of freedom, {_p_text(fit.p)}"
    if fit.explained:
        return f"the ratings explain the matrix: no departure beyond chance ({test})"
    furthest = "; ".join(f"{d.first} against {d.second} {100 * d.score:.1f}%, the ratings expect {100 * d.expected:.1f}%" for d in fit.furthest())
    return f"the matrix departs from the ratings beyond chance ({test}): an entrant does better against one rated above it than any ranking allows (a cycle)" + (
        f"; furthest: {furthest}" if furthest else ""
    )


# ---------------------------------------------------------------------------
# CSV and JSON
# ---------------------------------------------------------------------------

CSV_FIELDS = ["study", "label", "index", "seed", "swapped", "p1", "p2", "p1_side", "p2_side", "winner", "winning_side", "first", "turns", "actions", "code", "conditions"]


def csv_text(summaries: Sequence[Summary]) -> str:
    """One row per game: who sat where, who won, how long, how it ended."""
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    for summary in summaries:
        for r in summary.results:  # kept when a CSV is asked for
            writer.writerow(game_row(summary, r))
    return out.getvalue()


def game_row(summary: Summary, r: GameResult) -> dict[str, Any]:
    """One game as a row of the CSV: its seed, who sat where, who won, how long, how it ended."""
    sides = r.sides or ["", ""]
    return {
        "study": r.study,
        "label": summary.study.label,
        "index": r.index,
        "seed": r.seed,
        "swapped": int(r.swapped),
        "p1": r.bots[0],
        "p2": r.bots[1],
        "p1_side": sides[0],
        "p2_side": sides[1],
        "winner": "" if r.winner is None else f"P{r.winner + 1}",
        "winning_side": "" if r.winning_side is None else "AB"[r.winning_side],
        "first": "" if r.first is None else f"P{r.first + 1}",
        "turns": r.turns,
        "actions": r.actions,
        "code": r.code or "",
        "conditions": ";".join(f"{k}={v}" for k, v in sorted(r.conditions.items())),
    }


def json_document(summaries: Sequence[Summary], tournament: Tournament | None = None, workers: int = 1) -> dict[str, Any]:
    """What `--format json` prints (schema: docs/lab-schema.json)."""
    document: dict[str, Any] = {"lab": "atout", "version": 1, "studies": [summary.as_json() for summary in summaries]}
    if tournament is not None:
        document["tournament"] = tournament.as_json()
    return document


def json_text(summaries: Sequence[Summary], tournament: Tournament | None = None) -> str:
    """`json_document` as indented text."""
    return json.dumps(json_document(summaries, tournament), ensure_ascii=False, indent=2)


# ---------------------------------------------------------------------------
# HTML
# ---------------------------------------------------------------------------

_STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 72em; padding: 0 1em; color: #1d1d1f; }
h1 { font-size: 1.6em; } h2 { font-size: 1.25em; margin-top: 2em; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: .5em 0; } td, th { padding: .2em .7em; text-align: left; border-bottom: 1px solid #eee; }
th { font-weight: 600; } td.n { text-align: right; font-variant-numeric: tabular-nums; }
.note { color: #555; font-size: .9em; } .clear { font-weight: 600; }
section.cards { overflow-x: auto; } section.cards table { font-size: .8em; } section.cards td { white-space: nowrap; padding: .2em .45em; }
svg text { font: 12px system-ui, sans-serif; }
table.heatmap { border-collapse: separate; border-spacing: 2px; } table.heatmap th { text-align: center; vertical-align: bottom; max-width: 10em; }
table.heatmap td.entrant { text-align: right; font-weight: 600; background: none; min-width: 0; } table.heatmap td { text-align: center; min-width: 7em; padding: .45em .6em; border: 0; color: #111; font-variant-numeric: tabular-nums; }
table.heatmap td.self, table.heatmap td.empty { background: #e4e4e4; color: #777; } table.heatmap .value { display: block; font-size: 1.1em; }
table.heatmap td.clear .value { font-weight: 700; } table.heatmap td.unexpected { outline: 3px dashed #222; outline-offset: -4px; } table.heatmap .interval { display: block; font-size: .8em; font-weight: 400; color: #333; }
p.legend span { display: inline-block; padding: .1em .6em; font-size: .8em; } p.legend span.note { padding: 0; }
"""


def _esc(value: Any) -> str:
    return html.escape(str(value))


def _interval_plot(rows: list[tuple[str, Rate]], reference: float | None = 0.5) -> str:
    """Horizontal bars with their 95% intervals, on a 0–100% axis."""
    rows = [(name, rate) for name, rate in rows if rate.n]
    if not rows:
        return ""
    label_width, plot_width, row_height = 220, 440, 22
    height = row_height * len(rows) + 30
    parts = [f'<svg role="img" width="{label_width + plot_width + 20}" height="{height}" viewBox="0 0 {label_width + plot_width + 20} {height}">']
    x = lambda v: label_width + v * plot_width  # noqa: E731
    for tick in (0, 0.25, 0.5, 0.75, 1):
        parts.append(f'<line x1="{x(tick):.1f}" y1="0" x2="{x(tick):.1f}" y2="{height - 20}" stroke="#ddd"/>')
        parts.append(f'<text x="{x(tick):.1f}" y="{height - 5}" text-anchor="middle">{int(tick * 100)}%</text>')
    if reference is not None:
        parts.append(f'<line x1="{x(reference):.1f}" y1="0" x2="{x(reference):.1f}" y2="{height - 20}" stroke="#999" stroke-dasharray="4 3"/>')
    for i, (name, rate) in enumerate(rows):
        y = i * row_height + 4
        value = rate.value or 0.0
        low, high = rate.interval or (value, value)
        parts.append(f'<text x="{label_width - 8}" y="{y + 13}" text-anchor="end">{_esc(name[:32])}</text>')
        parts.append(f'<rect x="{label_width}" y="{y + 3}" width="{value * plot_width:.1f}" height="12" fill="#8fb3de"/>')
        parts.append(f'<line x1="{x(low):.1f}" y1="{y + 9}" x2="{x(high):.1f}" y2="{y + 9}" stroke="#1d3f6e" stroke-width="2"/>')
        for end in (low, high):
            parts.append(f'<line x1="{x(end):.1f}" y1="{y + 4}" x2="{x(end):.1f}" y2="{y + 14}" stroke="#1d3f6e" stroke-width="2"/>')
        parts.append(f"<title>{_esc(name)}: {_esc(rate.text())}</title>")
    parts.append("</svg>")
    return "".join(parts)


def _histogram(values: dict[int, int]) -> str:
    """The games' lengths in turns (games per number of turns), in up to 30 bins."""
    if not values:
        return ""
    low, high = min(values), max(values)
    bins = min(30, high - low + 1)
    size = max(1, -(-(high - low + 1) // bins))
    counts = [0] * bins
    for value, n in values.items():
        counts[min(bins - 1, (value - low) // size)] += n
    width, height, left = 600, 180, 40
    bar = (width - left) / bins
    top = max(counts)
    parts = [f'<svg role="img" width="{width}" height="{height + 30}" viewBox="0 0 {width} {height + 30}">']
    for i, count in enumerate(counts):
        h = height * count / top
        parts.append(
            f'<rect x="{left + i * bar:.1f}" y="{height - h:.1f}" width="{max(1.0, bar - 2):.1f}" height="{h:.1f}" fill="#8fb3de"><title>{low + i * size}–{low + (i + 1) * size - 1} turns: {count}</title></rect>'
        )
    parts.append(f'<text x="{left}" y="{height + 18}">{low} turns</text>')
    parts.append(f'<text x="{width}" y="{height + 18}" text-anchor="end">{high} turns</text>')
    parts.append(f'<text x="{left - 6}" y="12" text-anchor="end">{top}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _table(head: list[str], rows: list[list[Any]], numeric: set[int] | None = None) -> str:
    numeric = numeric or set()
    out = ["<table><thead><tr>", *(f"<th>{_esc(h)}</th>" for h in head), "</tr></thead><tbody>"]
    for row in rows:
        out.append("<tr>" + "".join(f"<td{' class=n' if i in numeric else ''}>{_esc(v)}</td>" for i, v in enumerate(row)) + "</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def html_page(
    summaries: Sequence[Summary],
    tournament: Tournament | None = None,
    title: str = "Balance report",
    ending_text: dict[str, str] | None = None,
    side_word: str = "side",
) -> str:
    """The whole report as one self-contained HTML page."""
    body: list[str] = [f"<h1>{_esc(title)}</h1>"]
    if tournament is not None:
        body.append('<section id="tournament"><h2>Tournament</h2>')
        body.append(
            f'<p class="note">{_plural(tournament.games, "game")} per pairing, seats swapped; each cell is the row\'s score against the column (a draw is half a win), with its 95% interval.</p>'
        )
        ratings = tournament.ratings()
        body.append(_heatmap(tournament, ratings))
        body.append(_ratings_html(ratings))
        body.append("<h3>Overall score</h3>")
        body.append(_interval_plot([(name, rate) for name, rate in tournament.standings()]))
        body.append("</section>")
    for number, summary in enumerate(summaries):
        body.append(_study_html(summary, number, ending_text, side_word))
    return f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{_esc(title)}</title><style>{_STYLE}</style></head><body>' + "\n".join(body) + "</body></html>\n"


#: The heatmap's colours: a score of 0 (orange), ½ (near white) and 1 (blue), a scale readable with the commonest colour blindness.
_LOW, _MIDDLE, _HIGH = (230, 97, 1), (247, 247, 247), (33, 102, 172)


def score_colour(score: float) -> str:
    """The colour of a score in the heatmap: orange below ½, blue above, paler near ½ (`#rrggbb`)."""
    score = min(1.0, max(0.0, score))
    end = _HIGH if score >= 0.5 else _LOW
    t = abs(score - 0.5) * 2 * 0.8  # never the full colour: the text stays readable
    return "#" + "".join(f"{round(m + (e - m) * t):02x}" for m, e in zip(_MIDDLE, end))


def _heatmap(tournament: Tournament, ratings: Ratings | None = None) -> str:
    """The matrix as a coloured table: each cell the row's score against the column, its interval and its games.

    When the matrix departs from the ratings beyond chance, the cells
    furthest from them (|z| > 1.96) are outlined.
    """
    names = tournament.entrants
    expected: dict[tuple[str, str], tuple[float, bool]] = {}
    fit = ratings.fit if ratings is not None else None
    if fit is not None:
        for d in fit.pairings:
            far = not fit.explained and abs(d.z) > 1.959963984540054
            expected[(d.first, d.second)] = (d.expected, far)
            expected[(d.second, d.first)] = (1 - d.expected, far)
    out = ['<table class="heatmap"><thead><tr><th></th>', *(f'<th scope="col">{_esc(name)}</th>' for name in names), "</tr></thead><tbody>"]
    for row in names:
        out.append(f'<tr><td class="entrant">{_esc(row)}</td>')
        for column in names:
            rate = tournament.score(row, column)
            if rate is None:
                out.append('<td class="self">—</td>')
                continue
            if not rate.n:
                out.append('<td class="empty" title="no game">no game</td>')
                continue
            low, high = rate.interval or (0.0, 0.0)
            value = rate.value or 0.0
            clear = " clear" if low > 0.5 or high < 0.5 else ""
            tip = f"{row} against {column}: {rate.text()} over {_plural(rate.n, 'game')}"
            if (row, column) in expected:
                model, far = expected[(row, column)]
                tip += f"; the ratings expect {100 * model:.1f}%"
                clear += " unexpected" if far else ""
            out.append(
                f'<td class="score{clear}" style="background:{score_colour(value)}" title="{_esc(tip)}" data-score="{value:.4f}">'
                f'<span class="value">{100 * value:.1f}%</span><span class="interval">{100 * low:.1f}–{100 * high:.1f}</span></td>'
            )
        out.append("</tr>")
    out.append("</tbody></table>")
    legend = "".join(f'<span style="background:{score_colour(v)}">{int(100 * v)}%</span>' for v in (0, 0.25, 0.4, 0.5, 0.6, 0.75, 1))
    outlined = "; outlined: far from what the ratings expect" if any(far for _, far in expected.values()) else ""
    out.append(f'<p class="legend">{legend} <span class="note">bold: the interval excludes 50%{outlined}</span></p>')
    return "".join(out)


def _ratings_html(ratings: Ratings) -> str:
    """The ratings' table, best first, and their intervals on the Elo scale."""
    if not ratings.ratings and not ratings.unrated:
        return ""
    out = ['<section class="ratings"><h3>Ratings</h3>']
    out.append(
        '<p class="note">A Bradley–Terry model fitted on every pairing (a draw is half a win), on the Elo scale with the field\'s mean at 0, '
        f"with 95% intervals from the model's Fisher information; {_esc(RATING_READING)}.</p>"
    )
    rows = [[rank, r.entrant, signed_points(r.rating), f"{signed_points(r.low)} to {signed_points(r.high)}", r.score.text(), r.score.n] for rank, r in enumerate(ratings.ratings, 1)]
    rows += [["", name, "–", why, "", ""] for name, why in ratings.unrated.items()]
    out.append(_table(["rank", "entrant", "rating", "95% interval", "score", "games"], rows, {0, 2, 5}))
    if ratings.fit is not None:
        out.append(f'<p class="fit">{_esc(fit_text(ratings.fit)[0].upper() + fit_text(ratings.fit)[1:])}.</p>')
    out.append(_rating_plot(ratings.ratings))
    out.append("</section>")
    return "".join(out)


def _rating_plot(ratings: Sequence[Rating]) -> str:
    """Each rating as a dot with its interval, around the field's mean (0)."""
    if not ratings:
        return ""
    reach = max(50.0, *(abs(v) for r in ratings for v in (r.low, r.high)))
    reach = 50 * -(-reach // 50)
    label_width, plot_width, row_height = 220, 440, 22
    height = row_height * len(ratings) + 30
    x = lambda v: label_width + plot_width / 2 + v / reach * plot_width / 2  # noqa: E731
    parts = [f'<svg role="img" class="rating-plot" width="{label_width + plot_width + 60}" height="{height}" viewBox="0 0 {label_width + plot_width + 60} {height}">']
    for tick in (-reach, -reach / 2, 0.0, reach / 2, reach):
        parts.append(f'<line x1="{x(tick):.1f}" y1="0" x2="{x(tick):.1f}" y2="{height - 20}" stroke="{"#999" if tick == 0 else "#ddd"}"/>')
        parts.append(f'<text x="{x(tick):.1f}" y="{height - 5}" text-anchor="middle">{signed_points(tick)}{" Elo" if tick == reach else ""}</text>')
    for i, r in enumerate(ratings):
        y = i * row_height + 4
        parts.append(f'<text x="{label_width - 8}" y="{y + 13}" text-anchor="end">{_esc(r.entrant[:32])}</text>')
        parts.append(f'<line x1="{x(r.low):.1f}" y1="{y + 9}" x2="{x(r.high):.1f}" y2="{y + 9}" stroke="#1d3f6e" stroke-width="2"/>')
        parts.append(f'<circle cx="{x(r.rating):.1f}" cy="{y + 9}" r="4" fill="#1d3f6e"><title>{_esc(r.entrant)}: {_esc(r.text())}</title></circle>')
    parts.append("</svg>")
    return "".join(parts)


def _study_html(summary: Summary, number: int, ending_text: dict[str, str] | None, side_word: str) -> str:
    study = summary.study
    a, b = study.side_names()
    out = [f'<article id="study-{number}"><h2>{_esc(study.label or f"{study.game}: {a} against {b}")}</h2>']
    note = f"{summary.games} games" + (f" of {study.games} (interrupted)" if summary.interrupted else "")
    note += f", seed {study.seed}; " + ("sides change seats every other game, with the same deals." if study.swap else "sides keep their seats.")
    out.append(f'<p class="note">{_esc(note)}</p>')
    if not summary.games:
        return "".join(out) + "</article>"
    out.append('<section class="wins"><h3>Win rates</h3>')
    out.append(
        _interval_plot(
            [(f"{a} (A) wins", summary.side_wins(0)), (f"{b} (B) wins", summary.side_wins(1)), ("draws", summary.draws), ("P1 of decided games", summary.seat_one)]
            + ([("first player of decided", summary.first_player)] if summary.first_player is not None else [])
        )
    )
    out.append("</section>")
    q = summary.quality()
    out.append('<section class="quality"><h3>Quality</h3>')
    out.append(
        _table(
            ["measure", "value"],
            [
                ["fairness (1: seats balanced)", _num(q["fairness"], 2)],
                ["lead changes per game", _num(q["lead_changes"], 2)],
                ["comeback (how far behind the winner was)", _num(q["comeback"], 2)],
                ["decisiveness (share of the game the winner led for good)", _num(q["decisiveness"], 2)],
                ["stalemates", q["stalemates"]],
                ["games cut by a safety bound", q["cut"]],
            ],
            {1},
        )
    )
    out.append("</section>")
    lengths = summary.lengths()
    out.append('<section class="lengths"><h3>Lengths</h3>')
    out.append(f"<p>{_num(lengths['mean'])} turns on average; median {_num(lengths['median'], 0)}; 10%–90%: {_num(lengths['p10'], 0)}–{_num(lengths['p90'], 0)}.</p>")
    out.append(_histogram(summary.turn_counts()))
    out.append(_table(["ending", "games"], [[(ending_text or {}).get(code, code), n] for code, n in summary.endings().items()], {1}))
    out.append("</section>")
    bots = summary.card_bots()
    if any(summary.cards(bot) for bot in bots):
        out.append(
            '<section class="cards"><h3>Cards</h3><p class="note">Per bot, over the seats it played: win rate in hand (games in hand, GIH), in the opening hand, when drawn later, when not seen, with their 95% intervals and [seats]; IWD: in hand minus not seen, in points; played: the share of the seats holding it that played it; turn: the mean turn it was played in. ●: the win rate in hand differs from the bot\'s score beyond chance (Benjamini–Hochberg over the cards compared, 5%).</p>'
        )
        for bot in bots:
            cards = summary.cards(bot)
            if not cards:
                continue
            if len(bots) > 1:
                out.append(f"<h4>Played by {_esc(bot)}</h4>")
            out.append(_interval_plot([(card.name, card.in_hand) for card in cards], reference=cards[0].base.value))
            rows = [[("● " if card.flagged else "") + card.name, card.held, *card_cells(card)] for card in cards]
            out.append(_table(["card", "GIH", "win rate in hand", "opening hand", "drawn", "not seen", "IWD", "played", "turn"], rows, {1, 7, 8}))
        out.append("</section>")
    sides = summary.by_side_name()
    if len(sides) > 1:
        out.append(f'<section class="sides"><h3>By {_esc(side_word)}</h3>')
        out.append(_interval_plot(list(sides.items())))
        out.append("</section>")
    for key, values in summary.by_condition().items():
        if len(values) > 1:
            out.append(f'<section class="conditions"><h3>By {_esc(key)}</h3>')
            out.append(_interval_plot(list(values.items())))
            out.append("</section>")
    out.append("</article>")
    return "".join(out)
