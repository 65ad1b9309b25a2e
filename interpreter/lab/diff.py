"""Two saved results of `atout simulate --format json` compared: `atout diff-report A.json B.json`.

The two studies were played apart (other seeds, another day, another set),
so their games are **not paired**: each difference (B − A) comes with an
unpaired 95% interval, which is wider than the paired one `atout simulate
--vs` gives for two versions played on the same seeds.

- A rate (side A's score, P1's share of the decided games, the first
  player's, the draws, each way of ending, a card's win rate in hand and
  its played rate): the difference of two proportions with Newcombe's
  hybrid score interval (from the two Wilson intervals; it behaves at 0% and
  100%), and the two-proportion z test's p-value.
- A mean (the length in turns, the decisions per game): Welch's t
  interval, from each study's mean, standard deviation and games, with
  Welch–Satterthwaite's degrees of freedom (rounded down). A result saved
  before atout kept the standard deviations gives the difference without
  an interval.
- Per card, besides the win rate in hand and the played rate: the win
  rate in the opening hand and when drawn (rates, as above), and the
  improvement when drawn (IWD: in hand minus not seen), whose difference
  (IWD of B − IWD of A) gets a normal interval from the four rates'
  variances, each taken at (k + 1) / (n + 2) so that a rate at 0% or 100%
  still counts its uncertainty.

A difference is *clear* when its interval excludes zero. The cards are many:
among them, a difference of a card's measure is clear only if the
Benjamini–Hochberg procedure (false discovery rate 5%, over the cards'
p-values for that measure) keeps it too.

Only results of one study each are compared here: a comparison of versions
(`--vs`), a sweep or several variants (`--each`) are refused with what to
do instead; two tournaments are compared by `tournament_diff.py`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from atout.interpreter.errors import AtoutError

from .compare import Difference, benjamini_hochberg, t_quantile, _t_central
from .stats import Rate, difference

#: The overall rates compared: key, name, where in a study's JSON.
RATES = [
    ("side_a", "side A's score", ("sides", 0, "score")),
    ("p1", "P1's share of decided games", ("seat_one",)),
    ("first_player", "first player's share of decided games", ("first_player",)),
    ("draws", "draws", ("draws",)),
]

#: What to run to get a result diff-report reads.
HOW = "give files written by `atout simulate GAME --format json > FILE.json`"


class ResultError(AtoutError):
    """A file that is not a saved result diff-report can compare: the message names the file and says what to do."""


# ---------------------------------------------------------------------------
# Reading a saved result
# ---------------------------------------------------------------------------


@dataclass
class Saved:
    """One saved result: its file, its label (the file's name as given) and its one study."""

    path: Path
    label: str
    study: dict[str, Any]

    @property
    def game(self) -> str:
        return str(self.study["game"])

    @property
    def games(self) -> int:
        return int(self.study["games"])


def read_result(path: Path, label: str | None = None) -> Saved:
    """Read a saved result of `atout simulate --format json`; `ResultError` says what is wrong with it."""
    name = label or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ResultError(f"{name}: no such file; {HOW}") from None
    except IsADirectoryError:
        raise ResultError(f"{name}: a folder, not a file; {HOW}") from None
    except UnicodeDecodeError:
        raise ResultError(f"{name}: not a text file (not UTF-8); {HOW}") from None
    except OSError as error:
        raise ResultError(f"{name}: cannot be read ({error.strerror}); {HOW}") from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise ResultError(f"{name}: not JSON (line {error.lineno}, column {error.colno}: {error.msg}); {HOW}") from None
    if not isinstance(document, dict) or document.get("lab") != "atout" or not isinstance(document.get("studies"), list):
        raise ResultError(f'{name}: not a result of atout\'s lab (JSON, but no "lab": "atout" with its "studies"); {HOW}')
    studies = document["studies"]
    if "tournament" in document:
        raise ResultError(f"{name}: a tournament's result, not a study's: compare it with another tournament's (tournament_diff.read_any reads either)")
    if "comparison" in document:
        raise ResultError(f"{name}: a comparison of versions (--vs), already compared on the same seeds: read its report (--report), or save each version's study alone; {HOW}")
    if "sweep" in document:
        raise ResultError(f"{name}: a sweep's result: its curve is compared in its own report (atout sweep … --report FILE.html); {HOW}")
    if len(studies) != 1:
        raise ResultError(f"{name}: {len(studies)} studies (--each): diff-report compares two results of one study each; {HOW}")
    study = studies[0]
    _check_study(name, study)
    return Saved(path, name, study)


def _check_study(name: str, study: Any) -> None:
    """Refuse a study whose fields diff-report reads are missing or of the wrong kind (a hand-edited or foreign file)."""

    def bad(where: str) -> ResultError:
        return ResultError(f"{name}: not a result of atout's lab: {where} is missing or malformed; {HOW}")

    if not isinstance(study, dict):
        raise bad("studies[0]")
    for key, kind in (("game", str), ("games", int), ("seed", int), ("bots", list), ("endings", dict), ("lengths", dict), ("cards", list), ("sides", list)):
        if not isinstance(study.get(key), kind):
            raise bad(f"studies[0].{key}")
    if len(study["sides"]) != 2:
        raise bad("studies[0].sides")
    for key, _, where in RATES:
        found = _at(study, where)
        if found is None and key == "first_player":
            continue
        if _rate(found) is None:
            raise bad("studies[0]." + ".".join(str(part) for part in where))
    for number, card in enumerate(study["cards"]):
        if not isinstance(card, dict) or not isinstance(card.get("name"), str) or _rate(card.get("in_hand")) is None or _rate(card.get("played_rate")) is None:
            raise bad(f"studies[0].cards[{number}]")
    for code, count in study["endings"].items():
        if not isinstance(count, int):
            raise bad(f"studies[0].endings.{code}")


def _at(study: dict[str, Any], where: Sequence[Any]) -> Any:
    found: Any = study
    for part in where:
        try:
            found = found[part]
        except (KeyError, IndexError, TypeError):
            return None
    return found


def _rate(value: Any) -> Rate | None:
    """A rate of the JSON (`{"k", "n", …}`) as a `Rate`; None when it is not one."""
    if not isinstance(value, dict):
        return None
    k, n = value.get("k"), value.get("n")
    if not isinstance(k, (int, float)) or isinstance(k, bool) or not isinstance(n, int) or isinstance(n, bool) or n < 0 or not 0 <= k <= n:
        return None
    return Rate(float(k), n)


# ---------------------------------------------------------------------------
# The differences
# ---------------------------------------------------------------------------


@dataclass
class Unpaired(Difference):
    """A measure in two independent studies, and the difference B − A with its unpaired 95% interval.

    `pairs` is unused (0); `games` are each study's games (or seats) behind it.
    """

    games: tuple[int, int] = (0, 0)
    #: "newcombe" for a rate, "welch" for a mean, "normal" for a difference of IWDs, "" when no interval can be given.
    method: str = ""

    def text(self) -> str:
        """`+4.1 points (+1.2 to +7.0)`; `+1.3 turns (no interval: …)` when none can be given."""
        if self.mean is None:
            return "–"
        scale, unit = (100.0, "points") if self.unit == "rate" else (1.0, self.unit)
        if self.low is None or self.high is None:
            return f"{scale * self.mean:+.1f} {unit} (no interval: {self.why_none()})"
        return f"{scale * self.mean:+.1f} {unit} ({scale * self.low:+.1f} to {scale * self.high:+.1f})"

    def value_text(self, value: float | None) -> str:
        """As `Difference.value_text`; an IWD, itself a difference of two rates, is signed in points: `+5.2 pts`."""
        if value is not None and self.key == "improvement_when_drawn":
            return f"{100 * value:+.1f} pts"
        return super().value_text(value)

    def why_none(self) -> str:
        if min(self.games) < 2:
            return "fewer than two games"
        return "a result saved without the spread"

    def as_json(self) -> dict[str, Any]:
        found = super().as_json()
        del found["pairs"]
        found["games"] = list(self.games)
        found["method"] = self.method
        return found


def rate_difference(key: str, name: str, a: Rate | None, b: Rate | None) -> Unpaired:
    """B − A for two rates: Newcombe's interval, and the two-proportion z test's p-value."""
    found = Unpaired(key, name, "rate", a.value if a else None, b.value if b else None, 0, games=(a.n if a else 0, b.n if b else 0))
    if a is None or b is None or not a.n or not b.n:
        if found.base is not None and found.version is not None:
            found.mean = found.version - found.base
        return found
    interval = difference(b, a)
    assert interval is not None
    found.mean, found.low, found.high = interval
    found.method = "newcombe"
    found.p = two_proportion_p(a, b)
    return found


def two_proportion_p(a: Rate, b: Rate) -> float:
    """The two-sided p-value of the pooled two-proportion z test (1 when either has no trial or the rates cannot differ)."""
    if not a.n or not b.n:
        return 1.0
    pooled = (a.k + b.k) / (a.n + b.n)
    spread = pooled * (1 - pooled) * (1 / a.n + 1 / b.n)
    if spread <= 0:
        return 1.0
    z = abs(b.k / b.n - a.k / a.n) / math.sqrt(spread)
    return math.erfc(z / math.sqrt(2))


def welch(key: str, name: str, unit: str, a: tuple[float | None, float | None, int], b: tuple[float | None, float | None, int]) -> Unpaired:
    """B − A for two means `(mean, standard deviation, n)`: Welch's t interval and test; no interval without both spreads."""
    (ma, sa, na), (mb, sb, nb) = a, b
    found = Unpaired(key, name, unit, ma, mb, 0, games=(na, nb))
    if ma is None or mb is None:
        return found
    found.mean = mb - ma
    if sa is None or sb is None or na < 2 or nb < 2:
        return found
    va, vb = sa * sa / na, sb * sb / nb
    spread = va + vb
    if spread == 0:
        found.low = found.high = found.mean
        found.p = 1.0 if found.mean == 0 else 0.0
        found.method = "welch"
        return found
    df = max(1, int(spread**2 / (va**2 / (na - 1) + vb**2 / (nb - 1))))
    half = t_quantile(0.975, df) * math.sqrt(spread)
    found.low, found.high = found.mean - half, found.mean + half
    found.p = max(0.0, 1 - _t_central(abs(found.mean) / math.sqrt(spread), df))
    found.method = "welch"
    return found


def iwd_difference(a: dict[str, Any] | None, b: dict[str, Any] | None) -> Unpaired:
    """B − A for a card's improvement when drawn (in hand minus not seen), from the four rates of the two saved cards.

    The interval is normal: the variance of each rate taken at (k + 1) / (n + 2)
    (so that 0% and 100% keep their uncertainty), the four added, the two
    studies and a study's two groups of seats (held, never seen) being apart.
    """

    def rates(card: dict[str, Any] | None) -> tuple[Rate, Rate] | None:
        if card is None:
            return None
        held, unseen = _rate(card.get("in_hand")), _rate(card.get("not_seen"))
        return (held, unseen) if held is not None and unseen is not None and held.n and unseen.n else None

    ra, rb = rates(a), rates(b)
    value = lambda pair: None if pair is None else pair[0].value - pair[1].value  # noqa: E731
    found = Unpaired("improvement_when_drawn", "improvement when drawn", "rate", value(ra), value(rb), 0, games=(ra[0].n if ra else 0, rb[0].n if rb else 0))
    if ra is None or rb is None:
        return found
    found.mean = value(rb) - value(ra)  # type: ignore[operator]
    variance = sum((r.k + 1) / (r.n + 2) * (1 - (r.k + 1) / (r.n + 2)) / r.n for r in (*ra, *rb))
    half = 1.959963984540054 * math.sqrt(variance)
    found.low, found.high = found.mean - half, found.mean + half
    found.p = math.erfc(abs(found.mean) / math.sqrt(variance) / math.sqrt(2))
    found.method = "normal"
    return found


#: A card's measures diff-report compares: attribute, key in the saved card, name; the IWD is computed apart.
CARD_RATES = [
    ("in_hand", "in_hand", "win rate in hand"),
    ("opening", "in_opening_hand", "win rate in opening hand"),
    ("drawn", "when_drawn", "win rate when drawn"),
    ("played", "played_rate", "played when held"),
]


@dataclass
class CardChange:
    """One card (as one bot held it) in both results: its win rates in hand, in the opening hand and when drawn, its IWD and its played rate, B − A."""

    name: str
    bot: str
    #: "a", "b": held only in that result; "" in both.
    only: str
    in_hand: Unpaired
    played: Unpaired
    opening: Unpaired | None = None
    drawn: Unpaired | None = None
    iwd: Unpaired | None = None

    def measures(self) -> list[Unpaired]:
        """Every measure compared, in the order shown: in hand, IWD, played, opening hand, drawn."""
        return [d for d in (self.in_hand, self.iwd, self.played, self.opening, self.drawn) if d is not None]

    @property
    def clear(self) -> bool:
        return any(d.clear for d in self.measures())

    def as_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {"name": self.name, "bot": self.bot, "only_in": self.only or None, "in_hand": self.in_hand.as_json(), "played_rate": self.played.as_json()}
        for key, d in (("in_opening_hand", self.opening), ("when_drawn", self.drawn), ("improvement_when_drawn", self.iwd)):
            found[key] = d.as_json() if d is not None else None
        return found


@dataclass
class Diff:
    """Two saved results compared: the overall measures and the cards, B − A, with unpaired intervals."""

    a: Saved
    b: Saved
    overall: list[Unpaired]
    cards: list[CardChange]
    notes: list[str] = field(default_factory=list)

    @property
    def game(self) -> str:
        return self.a.game

    def verdicts(self) -> list[str]:
        """One line per clear difference; one line saying so when there is none."""
        lines = [f"{d.name} {d.text()}: changed" for d in self.overall if d.clear]
        for card in self.cards:
            for d in card.measures():
                if d.clear:
                    lines.append(f"{card.name} ({card.bot}), {d.name} {d.text()}: changed")
        return lines or ["no clear difference (every interval includes zero)"]

    def lines(self, cards_shown: int = 16) -> list[str]:
        """The comparison as `atout diff-report` prints it."""
        return text(self, cards_shown)

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "a": {"file": self.a.label, "games": self.a.games, "seed": self.a.study.get("seed"), "bots": self.a.study.get("bots")},
            "b": {"file": self.b.label, "games": self.b.games, "seed": self.b.study.get("seed"), "bots": self.b.study.get("bots")},
            "overall": [d.as_json() for d in self.overall],
            "cards": [card.as_json() for card in self.cards],
            "notes": list(self.notes),
            "verdicts": self.verdicts(),
        }


class DifferentGames(ResultError):
    """The two results are of different games."""


def compare(a: Saved, b: Saved) -> Diff:
    """Compare two saved results of the same game (`DifferentGames` otherwise)."""
    if a.game != b.game:
        raise DifferentGames(f"{a.label} is a study of {a.game}, {b.label} of {b.game}: diff-report compares two results of the same game")
    overall = []
    for key, name, where in RATES:
        ra, rb = _rate(_at(a.study, where)), _rate(_at(b.study, where))
        if ra is None and rb is None:
            continue
        overall.append(rate_difference(key, name, ra, rb))
    la, lb = a.study["lengths"], b.study["lengths"]
    overall.append(welch("turns", "length (turns)", "turns", (la.get("mean"), la.get("sd"), a.games), (lb.get("mean"), lb.get("sd"), b.games)))
    overall.append(welch("decisions", "decisions", "decisions", (la.get("actions"), la.get("actions_sd"), a.games), (lb.get("actions"), lb.get("actions_sd"), b.games)))
    for code in sorted(set(a.study["endings"]) | set(b.study["endings"])):
        overall.append(rate_difference(f"ending:{code}", f"ending: {code}", Rate(a.study["endings"].get(code, 0), a.games), Rate(b.study["endings"].get(code, 0), b.games)))
    return Diff(a, b, overall, _cards(a, b), _notes(a, b))


def _cards(a: Saved, b: Saved) -> list[CardChange]:
    """Every card held in either result, per bot: the clear ones first, then by the size of the in-hand difference."""
    found_a = {(card.get("bot", ""), card["name"]): card for card in a.study["cards"]}
    found_b = {(card.get("bot", ""), card["name"]): card for card in b.study["cards"]}
    changes = []
    for bot, name in sorted(set(found_a) | set(found_b), key=lambda key: (key[0], key[1])):
        ca, cb = found_a.get((bot, name)), found_b.get((bot, name))
        only = "a" if cb is None else "b" if ca is None else ""
        found = {attribute: rate_difference(key, label, _rate(ca.get(key)) if ca else None, _rate(cb.get(key)) if cb else None) for attribute, key, label in CARD_RATES}
        changes.append(CardChange(name, bot, only, iwd=iwd_difference(ca, cb), **found))
    for measure in ("in_hand", "opening", "drawn", "iwd", "played"):
        differences = [getattr(card, measure) for card in changes]
        for d, kept in zip(differences, benjamini_hochberg([d.p for d in differences])):
            d.kept = kept
    changes.sort(key=lambda card: (not card.clear, not card.only, -abs(card.in_hand.mean or 0.0), card.bot, card.name))
    return changes


def _notes(a: Saved, b: Saved) -> list[str]:
    """What the reader should know before reading the differences."""
    notes = []
    if list(a.study["bots"]) != list(b.study["bots"]):
        notes.append(f"the bots differ: {' vs '.join(a.study['bots'])} in {a.label}, {' vs '.join(b.study['bots'])} in {b.label}: a difference may be the bots'")
    for saved in (a, b):
        if saved.study.get("interrupted"):
            notes.append(f"{saved.label} was interrupted: {saved.games} of {saved.study.get('planned')} games")
    if a.study.get("seed") == b.study.get("seed") and a.games == b.games and a.study.get("swap") == b.study.get("swap"):
        notes.append("both played the same seeds: if they are two versions of a set, `atout simulate GAME --vs FOLDER` compares them seed by seed, with paired intervals, far narrower")
    else:
        shared = len(_game_seeds(a) & _game_seeds(b))
        if shared:
            notes.append(
                f"the two studies share {shared} game seeds (a study's games use the seeds from its --seed on, one per game or per pair of games): "
                "their games are not independent, so the unpaired intervals do not hold; for independent studies give seeds far apart (--seed 1000000), "
                "for two versions of a set compare them on the same seeds with `atout simulate GAME --vs FOLDER`"
            )
    return notes


def _game_seeds(saved: Saved) -> set[int]:
    """The seeds of a saved study's games: from its seed on, one per game, or one per pair of games when the sides swapped seats."""
    seed = saved.study["seed"]
    count = (saved.games + 1) // 2 if saved.study.get("swap", True) else saved.games
    return set(range(seed, seed + count))


# ---------------------------------------------------------------------------
# Text and HTML
# ---------------------------------------------------------------------------


def _about(saved: Saved) -> str:
    study = saved.study
    bots = " vs ".join(str(bot) for bot in study["bots"])
    return f"{saved.label}: {saved.games} games, {bots}, seed {study['seed']}" + (" (interrupted)" if study.get("interrupted") else "")


def text(diff: Diff, cards_shown: int = 16) -> list[str]:
    """The comparison as lines for the terminal: the measures side by side, the cards, the verdict."""
    lines = [f"diff-report: {diff.game}, B − A", f"  A = {_about(diff.a)}", f"  B = {_about(diff.b)}"]
    lines.extend(f"note: {note}" for note in diff.notes)
    lines.append("")
    lines.append("unpaired 95% intervals (the two studies' games are independent): Newcombe's for a rate, Welch's for a mean; * the interval excludes zero")
    lines.extend(_rows(["measure", "A", "B", "difference (B − A)"], [(d.name, d.value_text(d.base), d.value_text(d.version), d.text(), d.clear) for d in diff.overall]))
    if diff.cards:
        shown = diff.cards if cards_shown <= 0 else [card for number, card in enumerate(diff.cards) if number < cards_shown or card.clear or card.only]
        lines.append("")
        lines.append(f"cards (per bot, over its seats; * clear, corrected over {len(diff.cards)} cards by Benjamini–Hochberg at 5%; the opening hand and when drawn are in the JSON and the report):")
        rows = []
        for card in shown:
            label = f"{card.name} ({card.bot})" + (f" [only in {card.only.upper()}]" if card.only else "")
            for d in (card.in_hand, card.iwd, card.played):
                if d is not None:
                    rows.append((f"{label}: {d.name}", _rate_cell(d, d.base, 0), _rate_cell(d, d.version, 1), d.text(), d.clear))
        lines.extend(_rows(["card", "A", "B", "difference (B − A)"], rows))
        hidden = len(diff.cards) - len(shown)
        if hidden:
            lines.append(f"  {hidden} other cards, smaller differences, none clear (--cards-shown 0 shows them all; the report holds them all)")
    lines.append("")
    lines.append("verdict:")
    lines.extend(f"  {line}" for line in diff.verdicts())
    return lines


def _rate_cell(d: Unpaired, value: float | None, side: int) -> str:
    """A card's rate with its count of seats: `54.2% [412]`."""
    return "–" if value is None else f"{d.value_text(value)} [{d.games[side]}]"


def _rows(head: list[str], rows: list[tuple[str, str, str, str, bool]]) -> list[str]:
    """Aligned columns, a clear row marked *."""
    widths = [max(len(head[i]), *(len(str(row[i])) for row in rows)) if rows else len(head[i]) for i in range(3)]
    lines = [f"    {head[0]:<{widths[0]}}  {head[1]:>{widths[1]}}  {head[2]:>{widths[2]}}  {head[3]}"]
    for name, a, b, change, clear in rows:
        lines.append(f"  {'*' if clear else ' '} {name:<{widths[0]}}  {a:>{widths[1]}}  {b:>{widths[2]}}  {change}")
    return lines


def html_page(diff: Diff, title: str) -> str:
    """The comparison as one self-contained page: the verdict, the measures with a plot of their differences, every card."""
    from . import report
    from .compare import _difference_plot

    esc = report._esc
    body = [f"<h1>{esc(title)}</h1>"]
    body.append(f'<p class="note">A = {esc(_about(diff.a))}<br>B = {esc(_about(diff.b))}</p>')
    body.append(
        '<p class="note">Each difference is B − A with its 95% <em>unpaired</em> interval (the two studies\' games are independent): '
        "Newcombe's for a rate, Welch's for a mean. ● marks an interval that excludes zero (for the cards, kept by Benjamini–Hochberg's correction too).</p>"
    )
    if diff.notes:
        body.append('<ul class="notes">' + "".join(f"<li>{esc(note)}</li>" for note in diff.notes) + "</ul>")
    body.append('<section id="verdicts"><h2>Verdict</h2><ul>' + "".join(f"<li>{esc(line)}</li>" for line in diff.verdicts()) + "</ul></section>")
    body.append('<section id="overall"><h2>Overall</h2>')
    body.append(_difference_plot([(d.name, d) for d in diff.overall if d.unit == "rate"]))
    body.append(
        report._table(
            ["measure", "A", "B", "difference B − A (95% unpaired interval)"],
            [[("● " if d.clear else "") + d.name, d.value_text(d.base), d.value_text(d.version), d.text()] for d in diff.overall],
            {1, 2},
        )
    )
    body.append("</section>")
    if diff.cards:
        body.append(
            '<section id="cards"><h2>Cards</h2><p class="note">Per bot, over its seats: the win rate of the seats that held the card (in hand), its improvement when drawn (IWD: in hand minus never seen), the share of the seats holding it that played it, and the win rates in the opening hand and when drawn, with [seats]; the clear differences first, then by the size of the in-hand difference.</p>'
        )
        rows = []
        measures = [("in hand", "in_hand"), ("IWD", "iwd"), ("played when held", "played"), ("opening hand", "opening"), ("when drawn", "drawn")]
        for card in diff.cards:
            row = [("● " if card.clear else "") + card.name + (f" (only in {card.only.upper()})" if card.only else ""), card.bot]
            for _, attribute in measures:
                d = getattr(card, attribute)
                row.extend(["–", "–", "–"] if d is None else [_rate_cell(d, d.base, 0), _rate_cell(d, d.version, 1), ("● " if d.clear else "") + d.text()])
            rows.append(row)
        head = ["card", "bot"] + [part for label, _ in measures for part in (f"{label}: A", "B", "difference")]
        body.append(report._table(head, rows, {2 + 3 * n + side for n in range(len(measures)) for side in (0, 1)}))
        body.append("</section>")
    style = report._STYLE + "section#cards { overflow-x: auto; } section#cards table { font-size: .85em; } section#cards td { white-space: nowrap; }"
    return f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{esc(title)}</title><style>{style}</style></head><body>' + "\n".join(body) + "</body></html>\n"
