"""One number of one card tried at several values, on the same seeds: the curve of its effect.

`atout sweep G --card NAME --number ADDRESS --values 3,4,5` rewrites the card
once per value, through the language's own writer (the game's
`write_card`), reads the set again and validates it, so what is played is a
valid card of a valid set; each value then plays the same study (same
bots, seeds and deals).

A card's numbers are addressed by the keyword (or statistic) that holds
them, as the card is written: `Blesser`; the second `Blesser` of a card is
`Blesser#2`. A keyword with several numbers, or a number of the card itself,
is addressed by its field: `cost`, `copies`, `Statistiques.puissance` (or
`puissance` alone, when only one thing has that name). Case and accents do
not matter. `numbers(card)` lists every address of a card with its value.

The figures per value are the score (a draw is half a win) of the seats
that held the card, of those that played it, and side A's score, each with
its 95% Wilson interval, and the games' mean length; and each value's side
A score against the set's value, with its interval paired by seed (as
`simulate --vs` compares versions). The score of the seats
holding the card tells most when one side holds it (a deck, a boxer, a
collection of its own): when both seats hold it, a game gives one win and
one loss to its holders.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from atout.interpreter.errors import AtoutError
from atout.interpreter.language.text import fold

from .compare import Difference
from .run import GameResult, Study
from .stats import Rate
from .summary import Summary


class SweepError(AtoutError):
    """A card, a number or a value that cannot be swept: the message says what exists."""


@dataclass(frozen=True)
class Number:
    """A number of a card: its address, its value, and where it is in the card's AST."""

    address: str
    value: int
    #: The path from the card to the number: field names and list indices.
    path: tuple[str | int, ...]
    #: Other names the address is known by (the field alone, the keyword alone).
    aliases: tuple[str, ...] = ()


def _word(node: BaseModel) -> str:
    """How a node is named in an address: its keyword as printed, else its class's name."""
    word = getattr(type(node), "word", None)
    return word if isinstance(word, str) and word else type(node).__name__


def _ints(node: BaseModel) -> list[tuple[str, int]]:
    """A node's own fields that hold a whole number (not a flag, not its place)."""
    return [(name, value) for name, value in node.__dict__.items() if name not in ("span", "kind") and type(value) is int]


def _walk(node: Any, path: tuple[str | int, ...]) -> Iterator[tuple[BaseModel, tuple[str | int, ...]]]:
    """Every node under `node` (itself first), with its path, in the order the card is written."""
    if isinstance(node, BaseModel):
        yield node, path
        for name, value in node.__dict__.items():
            if name != "span":
                yield from _walk(value, (*path, name))
    elif isinstance(node, (list, tuple)):
        for index, value in enumerate(node):
            yield from _walk(value, (*path, index))


def numbers(card: BaseModel) -> list[Number]:
    """Every number of a card, with its address (see the module's docstring)."""
    found: list[tuple[str, int, tuple[str | int, ...], tuple[str, ...]]] = []
    for node, path in _walk(card, ()):
        fields = _ints(node)
        for name, value in fields:
            aliases: tuple[str, ...]
            if node is card:
                address, aliases = name, ()
            elif len(fields) == 1 and getattr(type(node), "word", None):
                address, aliases = _word(node), (f"{_word(node)}.{name}",)
            else:
                address, aliases = f"{_word(node)}.{name}", (name,)
            found.append((address, value, (*path, name), aliases))
    counts: dict[str, int] = {}
    totals: dict[str, int] = {}
    for address, *_ in found:
        totals[address] = totals.get(address, 0) + 1
    result = []
    for address, value, path, known in found:
        counts[address] = counts.get(address, 0) + 1
        if totals[address] > 1:
            n = counts[address]
            address, known = f"{address}#{n}", tuple(f"{alias}#{n}" for alias in known)
        result.append(Number(address, value, path, known))
    return result


def find_number(card: BaseModel, address: str) -> Number:
    """The number of `card` at `address` (case- and accent-blind; an alias that names one number only).

    Raises `SweepError` listing the card's numbers with their addresses.
    """
    listed = numbers(card)
    wanted = fold(address.strip()).replace(" ", "")
    if "#" not in wanted:
        wanted_first = wanted + "#1"
    else:
        wanted_first = wanted
    for number in listed:
        if fold(number.address).replace(" ", "") in (wanted, wanted_first):
            return number
    by_alias = [n for n in listed if any(fold(alias).replace(" ", "") in (wanted, wanted_first) for alias in n.aliases)]
    if len(by_alias) == 1:
        return by_alias[0]
    name = getattr(card, "name", "the card")
    if not listed:
        raise SweepError(f"{name} has no number to sweep")
    shown = ", ".join(f"{n.address} ({n.value})" for n in listed)
    raise SweepError(f"{name} has no number {address!r}; its numbers: {shown}")


def with_value(card: BaseModel, number: Number, value: int) -> BaseModel:
    """The card with `number` set to `value` (a new card; nodes are frozen)."""
    return _set(card, number.path, value)


def _set(node: Any, path: tuple[str | int, ...], value: int) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(node, BaseModel):
        assert isinstance(head, str)
        return node.model_copy(update={head: _set(getattr(node, head), rest, value)})
    assert isinstance(head, int)
    items = list(node)
    items[head] = _set(items[head], rest, value)
    return type(node)(items) if isinstance(node, tuple) else items


def parse_values(text: str) -> list[int]:
    """`3,4,5` or a range `2..6` (both ends in): the values to try, in order, each once."""
    values: list[int] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        try:
            if ".." in part:
                low, high = (int(v) for v in part.split("..", 1))
                if high < low or high - low > 100:
                    raise SweepError(f"the range {part} must go up, over at most 100 values")
                values.extend(range(low, high + 1))
            else:
                values.append(int(part))
        except ValueError:
            raise SweepError(f"{part!r} is not a whole number: give values as 3,4,5 or a range 2..6") from None
    values = list(dict.fromkeys(values))
    if len(values) < 2:
        raise SweepError("give at least two values to sweep: 3,4,5 or 2..6")
    return values


# ---------------------------------------------------------------------------
# A card rewritten in the files a study carries
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Located:
    """A card found in a set: its document's name in the study's files, whether it is shipped, the file's node."""

    card: BaseModel
    name: str
    shipped: bool
    document: Any


def locate(files: Any, card_name: str) -> Located:
    """The card named `card_name` in a set (the nearest layer's, when layers replace it); `SweepError` naming the nearest card."""
    from atout.interpreter.language.diagnostics import nearest
    from atout.interpreter.language.nodes import CardFile

    found: Located | None = None
    every: list[str] = []
    for document in files.documents:
        if not isinstance(document.node, CardFile):
            continue
        for card in document.node.cards:
            name = getattr(card, "name", None)
            if isinstance(name, str):
                every.append(name)
                if fold(name) == fold(card_name.strip()):
                    named, shipped = files.name(document)
                    found = Located(card, named, shipped, document)
    if found is None:
        near = nearest(card_name, every)
        raise SweepError(f"no card {card_name!r} in {files.game.title}'s set" + (f"; did you mean {near!r}?" if near else ""))
    return found


def variant_files(files: Any, study_files: dict[str, dict[str, str]], located: Located, card: BaseModel) -> dict[str, dict[str, str]]:
    """The files of a study (as a record carries them) with `located`'s card replaced by `card`.

    A designer's file is written again whole, with the card in its place; a
    shipped card is replaced by a card file of one card laid over the set
    (beside the designer's extension file, or with an extension file of its
    own over the shipped game).
    """
    from atout.interpreter.language.writing import write_file

    language = files.game
    designer = dict(study_files["designer"])
    if not located.shipped:
        node = located.document.node
        cards = [card if existing is located.card else existing for existing in node.cards]
        designer[located.name] = write_file(node.model_copy(update={"cards": cards}), language)
        return {"shipped": dict(study_files["shipped"]), "designer": designer}
    if not designer and _shipped_extension(files):
        raise SweepError("a card of an extension shipped with atout cannot be swept in place: copy the extension's folder and sweep it with --cards")
    folder = _extension_folder(designer, language)
    if folder is None:
        if designer:
            raise SweepError(f"{located.card.name} is a shipped card, and this set is no extension of the shipped game: copy the card into your files to sweep it")  # type: ignore[attr-defined]
        kind = next(k for k in language.kinds if k.name == "extension")
        designer["extension.atout"] = f"{language.title} : {kind.words[0]}\n"
        folder = ""
    node = located.document.node.model_copy(update={"cards": [card]})
    designer[f"{folder}swept-card.atout"] = write_file(node, language)
    return {"shipped": dict(study_files["shipped"]), "designer": designer}


def _shipped_extension(files: Any) -> bool:
    """The set is an extension shipped with atout (its examples), laid over the game."""
    from atout.interpreter.language.nodes import Extension

    return any(isinstance(d.node, Extension) and files.name(d)[1] for d in [*files.sources, *files.documents])


def _extension_folder(designer: dict[str, str], language: Any) -> str | None:
    """The folder (`""` or `"sub/"`) of the designer's extension file, if any."""
    from atout.interpreter.language.loader import read_document
    from atout.interpreter.language.nodes import Extension
    from atout.interpreter.language.registry import languages

    for name, text in sorted(designer.items(), key=lambda item: item[0].count("/")):
        if name.startswith(".."):
            continue
        if isinstance(read_document(name, text, languages()).node, Extension):
            return name.rpartition("/")[0] + "/" if "/" in name else ""
    return None


# ---------------------------------------------------------------------------
# The curve
# ---------------------------------------------------------------------------


def _points(result: GameResult, seat: int) -> float:
    return 0.5 if result.winner is None else float(result.winner == seat)


class CardTally:
    """One value's figures for the swept card, counted as its games come (no game kept)."""

    def __init__(self, card: str) -> None:
        from .compare import SeedTally

        self.card = card
        #: The study's figures seed by seed, to compare values paired by seed.
        self.seeds = SeedTally()
        self.held = [0.0, 0]
        self.played = [0.0, 0]
        self.turns = 0
        self.games = 0

    def add(self, result: GameResult) -> None:
        """Count one game: the seats that held the card and those that played it, with their points."""
        self.seeds.add(result)
        self.games += 1
        self.turns += result.turns
        for seat in (0, 1):
            entry = result.cards[seat].get(self.card)
            if entry and entry[0]:
                points = _points(result, seat)
                self.held[0] += points
                self.held[1] += 1
                if entry[1]:
                    self.played[0] += points
                    self.played[1] += 1


@dataclass
class Point:
    """One value of the sweep and its figures."""

    value: int
    summary: Summary
    tally: CardTally
    #: Side A's score against the reference value's (the set's), paired by seed; None for the reference.
    difference: Difference | None = None

    @property
    def held(self) -> Rate:
        """The score of the seats that held the card."""
        return Rate(self.tally.held[0], int(self.tally.held[1]))

    @property
    def played(self) -> Rate:
        """The score of the seats that played the card."""
        return Rate(self.tally.played[0], int(self.tally.played[1]))

    @property
    def turns(self) -> float | None:
        """The games' mean length in turns."""
        return self.tally.turns / self.tally.games if self.tally.games else None

    def as_json(self) -> dict[str, Any]:
        return {
            "value": self.value,
            "held": self.held.as_json(),
            "played": self.played.as_json(),
            "side_a": self.summary.side_score(0).as_json(),
            "turns": self.turns,
            "games": self.summary.games,
            "side_a_difference": self.difference.as_json() if self.difference is not None else None,
        }


@dataclass
class Sweep:
    """A card's number at several values, each played on the same seeds."""

    game: str
    card: str
    address: str
    #: The card's value in the set, as given.
    current: int
    points: list[Point]

    @property
    def reference(self) -> Point:
        """The value the others are compared with: the set's own, else the first."""
        return next((point for point in self.points if point.value == self.current), self.points[0])

    def as_json(self) -> dict[str, Any]:
        return {"game": self.game, "card": self.card, "number": self.address, "current": self.current, "values": [point.as_json() for point in self.points]}


def sweep_of(game: str, card: str, address: str, current: int, values: Sequence[int], summaries: Sequence[Summary], tallies: Sequence[CardTally]) -> Sweep:
    """The sweep's figures, from one summary and one card tally per value (in the order of `values`).

    Each value's side A score is compared with the reference value's (the
    set's own, else the first), paired by seed as `simulate --vs` compares
    versions (`compare.paired`).
    """
    from .compare import paired

    sweep = Sweep(game, card, address, current, [Point(value, summary, tally) for value, summary, tally in zip(values, summaries, tallies)])
    reference = sweep.reference
    for point in sweep.points:
        if point is not reference:
            point.difference = paired("side_a", "side A's score", "rate", reference.tally.seeds, point.tally.seeds)
    return sweep


def study_label(card: str, address: str, value: int) -> str:
    """A study's label in a sweep: `Javelot Blesser 4`."""
    return f"{card} {address} {value}"


def text(sweep: Sweep) -> list[str]:
    """The curve for the terminal: one line per value."""
    first = sweep.points[0].summary
    study: Study = first.study
    a, b = study.side_names()
    interrupted = any(point.summary.interrupted for point in sweep.points)
    lines = [f"games: {first.games} per value" + (" (interrupted)" if interrupted else "")]
    lines.append(f"{study.game}: {a} (side A) against {b} (side B), seed {study.seed}; the same seeds and deals for every value")
    lines.append(f"{sweep.card}, {sweep.address} at {', '.join(str(p.value) for p in sweep.points)} (the set has {sweep.current}); score of the seats (a draw is half a win), 95% intervals:")
    rows = [(f"{p.value}{' (the set)' if p.value == sweep.current else ''}", p.held, p.played, p.summary.side_score(0), p.turns) for p in sweep.points]
    width = max(len("value"), *(len(r[0]) for r in rows))
    lines.append(f"  {'value':<{width}}  {'holding it':<30}  {'playing it':<30}  {'side A':<20}  turns")
    for label, held, played, side, turns in rows:
        lines.append(f"  {label:<{width}}  {_rate(held):<30}  {_rate(played):<30}  {side.text():<20}  {'–' if turns is None else f'{turns:.1f}'}")
    reference = sweep.reference
    lines.append(f"side A's score against {reference.value} (95% interval paired by seed; * it excludes zero):")
    for point in sweep.points:
        if point.difference is not None:
            lines.append(f"  {'*' if point.difference.clear else ' '} {point.value:<{width}}  {point.difference.text()}")
    return lines


def _rate(rate: Rate) -> str:
    return f"{rate.text()} of {rate.n}" if rate.n else "–"


def json_document(sweep: Sweep) -> dict[str, Any]:
    """What `--format json` prints for a sweep: the studies (one per value) and the curve."""
    return {"lab": "atout", "version": 1, "studies": [point.summary.as_json() for point in sweep.points], "sweep": sweep.as_json()}


def curve_svg(sweep: Sweep) -> str:
    """The curve as an SVG plot: per value, the score of the seats holding the card and of those playing it, with interval bars."""
    from .report import _esc

    width, height, left, right, top, bottom = 640, 300, 60, 150, 20, 40
    plot_w, plot_h = width - left - right, height - top - bottom
    values = [p.value for p in sweep.points]
    low_v, high_v = min(values), max(values)
    span = max(1, high_v - low_v)
    x = lambda v: left + 24 + (v - low_v) / span * (plot_w - 48)  # noqa: E731  (the ends inset: bars clear of the axis)
    y = lambda r: top + (1 - r) * plot_h  # noqa: E731
    parts = [f'<svg role="img" class="sweep-curve" width="{width}" height="{height}" viewBox="0 0 {width} {height}">']
    for tick in (0, 0.25, 0.5, 0.75, 1):
        dashed = ' stroke="#999" stroke-dasharray="4 3"' if tick == 0.5 else ' stroke="#ddd"'
        parts.append(f'<line x1="{left}" y1="{y(tick):.1f}" x2="{left + plot_w}" y2="{y(tick):.1f}"{dashed}/>')
        parts.append(f'<text x="{left - 6}" y="{y(tick) + 4:.1f}" text-anchor="end">{int(tick * 100)}%</text>')
    for value in values:
        parts.append(f'<text x="{x(value):.1f}" y="{height - bottom + 18}" text-anchor="middle">{value}{"*" if value == sweep.current else ""}</text>')
    parts.append(f'<text x="{left + plot_w / 2:.1f}" y="{height - 4}" text-anchor="middle">{_esc(sweep.card)}: {_esc(sweep.address)}{" (* the set’s value)" if sweep.current in values else ""}</text>')
    series = [("holding it", "#1d3f6e", -4, lambda p: p.held), ("playing it", "#c0671b", 4, lambda p: p.played)]
    for number, (name, colour, shift, rate_of) in enumerate(series):
        line = []
        for point in sweep.points:
            rate = rate_of(point)
            if not rate.n:
                continue
            px = x(point.value) + shift
            share = rate.value or 0.0
            low, high = rate.interval or (share, share)
            parts.append(f'<line class="interval" x1="{px:.1f}" y1="{y(low):.1f}" x2="{px:.1f}" y2="{y(high):.1f}" stroke="{colour}" stroke-width="2"/>')
            for end in (low, high):
                parts.append(f'<line x1="{px - 4:.1f}" y1="{y(end):.1f}" x2="{px + 4:.1f}" y2="{y(end):.1f}" stroke="{colour}" stroke-width="2"/>')
            parts.append(f'<circle cx="{px:.1f}" cy="{y(share):.1f}" r="4" fill="{colour}"><title>{point.value}: {_esc(name)} {_esc(rate.text())} of {rate.n}</title></circle>')
            line.append(f"{px:.1f},{y(share):.1f}")
        if len(line) > 1:
            parts.append(f'<polyline points="{" ".join(line)}" fill="none" stroke="{colour}" stroke-opacity="0.6"/>')
        legend_y = top + 14 + 18 * number
        parts.append(f'<line x1="{left + plot_w + 16}" y1="{legend_y - 4}" x2="{left + plot_w + 34}" y2="{legend_y - 4}" stroke="{colour}" stroke-width="3"/>')
        parts.append(f'<text x="{left + plot_w + 40}" y="{legend_y}">{_esc(name)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def html_page(sweep: Sweep, title: str, side_word: str = "side") -> str:
    """The sweep as one self-contained page: the curve with its intervals, its table, then each value's study."""
    from . import report

    first = sweep.points[0].summary
    body = [f"<h1>{report._esc(title)}</h1>"]
    body.append(
        f'<p class="note">{first.games} games per value, seed {first.study.seed}, the same seeds and deals for every value. '
        f"Score of the seats (a draw is half a win) that held {report._esc(sweep.card)}, and of those that played it, with 95% intervals.</p>"
    )
    body.append(f'<section id="curve"><h2>{report._esc(sweep.card)}: {report._esc(sweep.address)}</h2>')
    body.append(curve_svg(sweep))
    rows = [
        [
            f"{p.value}{' (the set)' if p.value == sweep.current else ''}",
            _rate(p.held),
            _rate(p.played),
            p.summary.side_score(0).text(),
            "–" if p.difference is None else ("● " if p.difference.clear else "") + p.difference.text(),
            "–" if p.turns is None else f"{p.turns:.1f}",
        ]
        for p in sweep.points
    ]
    body.append(report._table(["value", "seats holding it", "seats playing it", "side A's score", f"side A against {sweep.reference.value} (paired)", "turns"], rows))
    body.append("</section>")
    for number, point in enumerate(sweep.points):
        body.append(report._study_html(point.summary, number, None, side_word))
    return f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{report._esc(title)}</title><style>{report._STYLE}</style></head><body>' + "\n".join(body) + "</body></html>\n"
