"""Two saved tournaments compared: `atout diff-report A.json B.json` on two results of `atout tournament --format json`.

What a designer asks after changing a deck, a boxer or a collection and
playing the tournament again: which matchups moved, and did the ranking
change? For every pairing of entrants both tournaments played, the row's
score in A, in B, and B − A with Newcombe's unpaired interval (the two
tournaments' games are independent), a pairing marked clear only if the
Benjamini–Hochberg procedure (5%) over the pairings keeps it; for every
entrant of both, its overall score, B − A, the same way; and, when both
tournaments had the same entrants (the ratings are relative to their
field), each rating in A and B and their difference, with the interval of
two independent estimates (√(se_A² + se_B²), each se read from its 95%
interval).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .compare import benjamini_hochberg
from .diff import HOW, Diff, ResultError, Saved, Unpaired, compare, rate_difference, read_result
from .rating import signed_points
from .stats import Z95, Rate


@dataclass
class SavedTournament:
    """One saved tournament: its file, its label and its `tournament` part."""

    path: Path
    label: str
    board: dict[str, Any]

    @property
    def game(self) -> str:
        return str(self.board["game"])

    @property
    def entrants(self) -> list[str]:
        return [str(name) for name in self.board["entrants"]]

    def score(self, row: str, column: str) -> Rate | None:
        """The row's score against the column, or None when the pairing was not played."""
        found = self.board["matrix"].get(row, {}).get(column)
        return _rate(found)

    def overall(self, name: str) -> Rate | None:
        for standing in self.board["standings"]:
            if standing.get("entrant") == name:
                return _rate(standing.get("score"))
        return None

    def rating(self, name: str) -> tuple[float, float] | None:
        """An entrant's rating and its standard error (from its 95% interval); None without ratings."""
        ratings = self.board.get("ratings")
        if not isinstance(ratings, dict):
            return None
        for found in ratings.get("ratings", []):
            if isinstance(found, dict) and found.get("entrant") == name:
                try:
                    return float(found["rating"]), (float(found["high"]) - float(found["low"])) / (2 * Z95)
                except (KeyError, TypeError, ValueError):
                    return None
        return None


def _rate(value: Any) -> Rate | None:
    if not isinstance(value, dict):
        return None
    k, n = value.get("k"), value.get("n")
    if isinstance(k, bool) or isinstance(n, bool) or not isinstance(k, (int, float)) or not isinstance(n, int) or not 0 <= k <= n:
        return None
    return Rate(float(k), n)


def check_tournament(name: str, board: Any, how: str) -> None:
    """Refuse a tournament part whose fields diff-report reads are missing or malformed."""

    def bad(where: str) -> ResultError:
        return ResultError(f"{name}: not a result of atout's lab: tournament{'.' + where if where else ''} is missing or malformed; {how}")

    if not isinstance(board, dict):
        raise bad("")
    if not isinstance(board.get("game"), str):
        raise bad("game")
    entrants = board.get("entrants")
    if not isinstance(entrants, list) or not all(isinstance(e, str) for e in entrants):
        raise bad("entrants")
    matrix = board.get("matrix")
    if not isinstance(matrix, dict) or not all(isinstance(row, dict) for row in matrix.values()):
        raise bad("matrix")
    for row, cells in matrix.items():
        for column, cell in cells.items():
            if cell is not None and _rate(cell) is None:
                raise bad(f"matrix.{row}.{column}")
    standings = board.get("standings")
    if not isinstance(standings, list) or not all(isinstance(s, dict) and _rate(s.get("score")) is not None for s in standings):
        raise bad("standings")


@dataclass
class RatingChange:
    """An entrant's rating in both tournaments and the difference, with the interval of two independent estimates."""

    entrant: str
    a: float
    b: float
    low: float
    high: float

    @property
    def difference(self) -> float:
        return self.b - self.a

    @property
    def clear(self) -> bool:
        return self.low > 0 or self.high < 0

    def text(self) -> str:
        return f"{signed_points(self.difference)} ({signed_points(self.low)} to {signed_points(self.high)})"

    def as_json(self) -> dict[str, Any]:
        return {"entrant": self.entrant, "a": self.a, "b": self.b, "difference": self.difference, "low": self.low, "high": self.high, "clear": self.clear}


@dataclass
class TournamentDiff:
    """Two tournaments compared: each pairing's score, each entrant's overall score and rating, B − A."""

    a: SavedTournament
    b: SavedTournament
    #: (row, column) → the row's score in A and B; each unordered pairing once, in A's order.
    matchups: list[tuple[str, str, Unpaired]]
    overall: list[tuple[str, Unpaired]]
    ratings: list[RatingChange]
    notes: list[str] = field(default_factory=list)

    @property
    def game(self) -> str:
        return self.a.game

    def verdicts(self) -> list[str]:
        lines = [f"{row} against {column} {d.text()}: changed" for row, column, d in self.matchups if d.clear]
        lines += [f"{name}'s overall score {d.text()}: changed" for name, d in self.overall if d.clear]
        lines += [f"{r.entrant}'s rating {r.text()}: changed" for r in self.ratings if r.clear]
        return lines or ["no clear difference (every interval includes zero)"]

    def lines(self, cards_shown: int = 16) -> list[str]:
        return text(self)

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "a": {"file": self.a.label, "entrants": self.a.entrants, "games_per_pairing": self.a.board.get("games_per_pairing")},
            "b": {"file": self.b.label, "entrants": self.b.entrants, "games_per_pairing": self.b.board.get("games_per_pairing")},
            "matchups": [{"row": row, "column": column, **d.as_json()} for row, column, d in self.matchups],
            "overall": [{"entrant": name, **d.as_json()} for name, d in self.overall],
            "ratings": [r.as_json() for r in self.ratings],
            "notes": list(self.notes),
            "verdicts": self.verdicts(),
        }


def compare_tournaments(a: SavedTournament, b: SavedTournament) -> TournamentDiff:
    """Compare two tournaments of the same game (`ResultError` otherwise, or when they share fewer than two entrants)."""
    if a.game != b.game:
        raise ResultError(f"{a.label} is a tournament of {a.game}, {b.label} of {b.game}: diff-report compares two results of the same game")
    common = [name for name in a.entrants if name in b.entrants]
    if len(common) < 2:
        raise ResultError(f"{a.label} and {b.label} have fewer than two entrants in common: there is no matchup to compare")
    matchups = []
    for i, row in enumerate(common):
        for column in common[i + 1 :]:
            found = rate_difference("matchup", f"{row} against {column}", a.score(row, column), b.score(row, column))
            matchups.append((row, column, found))
    for d, kept in zip([d for _, _, d in matchups], benjamini_hochberg([d.p for _, _, d in matchups])):
        d.kept = kept
    overall = [(name, rate_difference("overall", f"{name}'s overall score", a.overall(name), b.overall(name))) for name in common]
    notes = []
    only = [f"{name} (only in {label})" for label, mine, theirs in (("A", a.entrants, b.entrants), ("B", b.entrants, a.entrants)) for name in mine if name not in theirs]
    if only:
        notes.append("entrants not in both, left out: " + ", ".join(only) + "; the overall scores count games against different fields, and the ratings are not compared")
    ratings = [] if only else _ratings(a, b, common)
    if not only and not ratings:
        notes.append("a file has no ratings (saved by an older atout): the ratings are not compared")
    return TournamentDiff(a, b, matchups, overall, ratings, notes)


def _ratings(a: SavedTournament, b: SavedTournament, names: list[str]) -> list[RatingChange]:
    changes = []
    for name in names:
        ra, rb = a.rating(name), b.rating(name)
        if ra is None or rb is None:
            return []
        half = Z95 * math.sqrt(ra[1] ** 2 + rb[1] ** 2)
        changes.append(RatingChange(name, ra[0], rb[0], rb[0] - ra[0] - half, rb[0] - ra[0] + half))
    return sorted(changes, key=lambda r: (-r.b, r.entrant))


def text(diff: TournamentDiff) -> list[str]:
    """Two tournaments compared, as lines for the terminal."""
    from .diff import _rows

    def about(saved: SavedTournament) -> str:
        return f"{saved.label}: {len(saved.entrants)} entrants, {saved.board.get('games_per_pairing')} games per pairing"

    lines = [f"diff-report: tournaments of {diff.game}, B − A", f"  A = {about(diff.a)}", f"  B = {about(diff.b)}"]
    lines.extend(f"note: {note}" for note in diff.notes)
    lines.append("")
    lines.append("unpaired 95% intervals (the two tournaments' games are independent): Newcombe's for a score; * the interval excludes zero")
    lines.append("matchups (the first entrant's score against the second; * corrected over the pairings by Benjamini–Hochberg at 5%):")
    lines.extend(
        _rows(["pairing", "A", "B", "difference (B − A)"], [(f"{row} against {column}", d.value_text(d.base), d.value_text(d.version), d.text(), d.clear) for row, column, d in diff.matchups])
    )
    lines.append("overall scores:")
    lines.extend(_rows(["entrant", "A", "B", "difference (B − A)"], [(name, d.value_text(d.base), d.value_text(d.version), d.text(), d.clear) for name, d in diff.overall]))
    if diff.ratings:
        lines.append("ratings (Elo scale, the field's mean 0), by B's rating:")
        lines.extend(_rows(["entrant", "A", "B", "difference (B − A)"], [(r.entrant, signed_points(r.a), signed_points(r.b), r.text(), r.clear) for r in diff.ratings]))
    lines.append("")
    lines.append("verdict:")
    lines.extend(f"  {line}" for line in diff.verdicts())
    return lines


def html_page(diff: TournamentDiff, title: str) -> str:
    """Two tournaments compared, as one self-contained page."""
    from . import report
    from .compare import _difference_plot

    esc = report._esc
    body = [f"<h1>{esc(title)}</h1>"]
    body.append(
        f'<p class="note">A = {esc(diff.a.label)}: {len(diff.a.entrants)} entrants; B = {esc(diff.b.label)}: {len(diff.b.entrants)} entrants. '
        "Each difference is B − A with its 95% <em>unpaired</em> interval (Newcombe's); ● marks an interval that excludes zero.</p>"
    )
    if diff.notes:
        body.append('<ul class="notes">' + "".join(f"<li>{esc(note)}</li>" for note in diff.notes) + "</ul>")
    body.append('<section id="verdicts"><h2>Verdict</h2><ul>' + "".join(f"<li>{esc(line)}</li>" for line in diff.verdicts()) + "</ul></section>")
    body.append('<section id="matchups"><h2>Matchups</h2>')
    body.append(_difference_plot([(f"{row} v {column}", d) for row, column, d in diff.matchups]))
    body.append(
        report._table(
            ["pairing", "A", "B", "difference B − A"],
            [[("● " if d.clear else "") + f"{row} against {column}", d.value_text(d.base), d.value_text(d.version), d.text()] for row, column, d in diff.matchups],
            {1, 2},
        )
    )
    body.append("</section>")
    body.append('<section id="overall"><h2>Overall scores</h2>')
    body.append(
        report._table(["entrant", "A", "B", "difference B − A"], [[("● " if d.clear else "") + name, d.value_text(d.base), d.value_text(d.version), d.text()] for name, d in diff.overall], {1, 2})
    )
    body.append("</section>")
    if diff.ratings:
        body.append('<section id="ratings"><h2>Ratings</h2>')
        body.append(
            report._table(["entrant", "A", "B", "difference B − A (Elo)"], [[("● " if r.clear else "") + r.entrant, signed_points(r.a), signed_points(r.b), r.text()] for r in diff.ratings], {1, 2})
        )
        body.append("</section>")
    return f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{esc(title)}</title><style>{report._STYLE}</style></head><body>' + "\n".join(body) + "</body></html>\n"


# ---------------------------------------------------------------------------
# Either kind of result
# ---------------------------------------------------------------------------


def read_any(path: Path) -> Saved | SavedTournament:
    """A saved study or a saved tournament; `ResultError` says what is wrong with any other file."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        document = None  # read_result says what is wrong with it
    if isinstance(document, dict) and document.get("lab") == "atout" and "tournament" in document:
        check_tournament(str(path), document["tournament"], "give files written by `atout tournament GAME … --format json > FILE.json`")
        return SavedTournament(path, str(path), document["tournament"])
    return read_result(path)


def compare_any(a: Saved | SavedTournament, b: Saved | SavedTournament) -> Diff | TournamentDiff:
    """Two studies or two tournaments compared; a study and a tournament are refused."""
    if isinstance(a, SavedTournament) and isinstance(b, SavedTournament):
        return compare_tournaments(a, b)
    if isinstance(a, Saved) and isinstance(b, Saved):
        return compare(a, b)
    kinds = ["a tournament" if isinstance(x, SavedTournament) else "a study" for x in (a, b)]
    raise ResultError(f"{a.label} is {kinds[0]}, {b.label} {kinds[1]}: diff-report compares two tournaments or two studies; {HOW}")
