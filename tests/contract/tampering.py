"""Tampered records, made from a real record, and the check every one of them must fail.

`variants(lines)` mutates a record's lines every way a careless editor or an
attacker would: each field of each line changed to a wrong type or a wrong
value (nested fields too: the setup's decks and names, the events' facts),
lines dropped, duplicated, swapped with the next, the record truncated after
each line or cut inside its last line. `verdict(text, files_of)` replays a
record text as `atout replay` does and says whether it was accepted or
refused, and at which line. The contract suite and the soak script
(benchmarks/soak_games.py) share both, so a new game is tampered with by
registering, with no code of its own.

A few mutations do not change the game and are *meant* to be accepted
(kind "informational"): the header's `players` (who played is not
re-derived) and a `digest` made null (the record becomes a transcription,
every field of which is still checked).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from atout.interpreter.engine.record import RecordError, parse_records
from atout.interpreter.engine.registry import GameEngine, UnknownGame, find_engine
from atout.interpreter.engine.replay import Divergence, replay_match
from atout.interpreter.engine.sources import FilesError, files_for
from atout.interpreter.language.diagnostics import DiagnosticError

#: The kinds of tampering, in the order the soak prints them.
KINDS = ("wrong type", "wrong value", "drop", "duplicate", "swap", "truncate", "cut", "informational")


@dataclass(frozen=True)
class Variant:
    """One tampered record: what was done, to which line (from 1), and the text."""

    kind: str
    line: int
    what: str
    text: str


@dataclass(frozen=True)
class Refusal:
    """Why a record was refused, and the line the message names."""

    line: int
    message: str


def _dump(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _type(value: Any) -> str:
    return "bool" if isinstance(value, bool) else "number" if isinstance(value, (int, float)) else type(value).__name__


def _wrong(value: Any) -> list[Any]:
    """Values to put in place of `value`: other types, and other values of its type."""
    if isinstance(value, bool):
        return [not value, int(value), "true", None]
    if isinstance(value, int):
        return [value + 1, value - 1, str(value), float(value), None, [value], True if value != 1 else False]
    if isinstance(value, float):
        return [value + 1, int(value), str(value)]
    if isinstance(value, str):
        return ["", value + "x", "x" + value[1:], 0, None, [value]]
    if value is None:
        return [0, 1, "x", [], {}, True]
    if isinstance(value, list):
        options: list[Any] = ["x", {}, None]
        if value:
            options += [value[:-1], value + value[-1:], value[::-1] if len(value) > 1 and value[0] != value[-1] else None]
        else:
            options += [[{}], [0]]
        return options
    if isinstance(value, dict):
        return ["x", [], None, {**value, "zz": 1}, {k: v for k, v in list(value.items())[:-1]} if value else {"zz": 0}]
    return [None]


def _mutations(value: Any, depth: int) -> Iterator[tuple[str, Any]]:
    """(path, new value) for `value` itself and, down to `depth`, for what it holds.

    Lists are entered by their first and last element: enough to reach every
    field of every kind of element without one variant per element.
    """
    seen = {_dump(value)}
    for wrong in _wrong(value):
        if _dump(wrong) not in seen:
            seen.add(_dump(wrong))
            yield "", wrong
    if depth <= 0:
        return
    if isinstance(value, dict):
        for key, inner in value.items():
            for path, wrong in _mutations(inner, depth - 1):
                yield f".{key}{path}", {**value, key: wrong}
    elif isinstance(value, list) and value:
        for position in sorted({0, len(value) - 1}):
            for path, wrong in _mutations(value[position], depth - 1):
                changed = list(value)
                changed[position] = wrong
                yield f"[{position}]{path}", changed


def field_variants(lines: list[str], number: int, depth: int = 4, limit: int | None = None) -> Iterator[Variant]:
    """Every field of line `number` (from 1) mutated, one at a time.

    With `limit`, at most that many mutations per top-level field, spread
    evenly over its nested fields (the field itself first).
    """
    data = json.loads(lines[number - 1])
    for key, value in data.items():
        mutations = list(_mutations(value, depth))
        if limit is not None and len(mutations) > limit:
            top = [m for m in mutations if m[0] == ""]
            nested = [m for m in mutations if m[0] != ""]
            room = max(limit - len(top), 1)
            mutations = top + nested[:: max(1, -(-len(nested) // room))]
        for path, wrong in mutations:
            changed = dict(data)
            changed[key] = wrong
            kind = "wrong type" if path == "" and _type(wrong) != _type(value) else "wrong value"
            if "record" in data and (key == "players" and _names_two_players(wrong) or key == "digest" and wrong is None):
                kind = "informational"
            text = _replace(lines, number, _dump(changed))
            yield Variant(kind, number, f"{key}{path} = {_dump(_at(wrong, path))[:40]}", text)
    yield Variant("wrong type", number, "line is a list", _replace(lines, number, _dump([data])))
    if "record" not in data:
        yield Variant("wrong value", number, "line without its fields", _replace(lines, number, "{}"))


def _names_two_players(value: Any) -> bool:
    """A `players` field of the right shape (its names are informational)."""
    return isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) and v for v in value)


def _at(value: Any, path: str) -> Any:
    """The value at a mutation's path (for the description)."""
    for part in path.replace("[", ".[").split(".")[1:]:
        value = value[int(part[1:-1])] if part.startswith("[") else value.get(part) if isinstance(value, dict) else None
    return value


def _replace(lines: list[str], number: int, line: str) -> str:
    return "\n".join(lines[: number - 1] + [line] + lines[number:]) + "\n"


def structure_variants(lines: list[str], every: int = 1) -> Iterator[Variant]:
    """Lines dropped, duplicated, swapped with the next; the record truncated after a line, or cut inside its last."""
    total = len(lines)
    for number in range(1, total + 1):
        if number % every and number not in (1, 2, total - 1, total):
            continue
        kept = lines[: number - 1] + lines[number:]
        if kept:
            yield Variant("drop", number, "line dropped", "\n".join(kept) + "\n")
        yield Variant("duplicate", number, "line duplicated", "\n".join(lines[:number] + lines[number - 1 :]) + "\n")
        if number < total and lines[number - 1] != lines[number]:
            swapped = list(lines)
            swapped[number - 1], swapped[number] = swapped[number], swapped[number - 1]
            yield Variant("swap", number, "swapped with the next line", "\n".join(swapped) + "\n")
        if number < total:
            yield Variant("truncate", number, f"record truncated after line {number}", "\n".join(lines[:number]) + "\n")
    last = lines[-1]
    yield Variant("cut", total, "last line cut in its middle", "\n".join(lines[:-1] + [last[: len(last) // 2]]))


def sample_lines(lines: list[str]) -> list[int]:
    """The lines whose fields the contract suite mutates: header, start, end, and the
    first action of each (player, kind) with the last action (every kind of line)."""
    chosen = {1, 2, len(lines)}
    seen: set[tuple[str, str]] = set()
    for number, line in enumerate(lines[2:-1], start=3):
        data = json.loads(line)
        key = (data.get("player"), data.get("kind"))
        if key not in seen:
            seen.add(key)
            chosen.add(number)
    chosen.add(len(lines) - 1)
    return sorted(n for n in chosen if 1 <= n <= len(lines))


def variants(lines: list[str], numbers: list[int] | None = None, every: int = 1, limit: int | None = None) -> Iterator[Variant]:
    """Every tampered variant: fields of the lines `numbers` (all by default), then the structure
    (every `every`-th line, and the first and last two); `limit` as in `field_variants`."""
    for number in numbers if numbers is not None else range(1, len(lines) + 1):
        yield from field_variants(lines, number, limit=limit)
    yield from structure_variants(lines, every)


def rules_names(files) -> list[str | None]:
    """Every rules file of a game: None for the main one, then each variant's name."""
    from pathlib import Path

    from atout.interpreter.language.project import RULES_STEMS

    stems = sorted(Path(d.path).stem for d in files.documents if d.rules is not None)
    return [None] + [stem for stem in stems if stem not in RULES_STEMS]


def setup_for(engine: GameEngine, files, rules: str | None, example: dict[str, Any] | None = None) -> dict[str, Any]:
    """The setup `atout play GAME [--rules NAME]` gives, with the options of `example`
    (one of the engine's `option_examples`) or none: checked against the game's
    declarations as the CLI and the API check them, options not given left out."""
    from atout.interpreter.engine.options import check_options

    given = {**({"rules": rules} if rules is not None else {}), **(example or {})}
    return engine.setup_from_options(files, check_options(engine.options, files, given, engine.name))


def setups(engine: GameEngine, files) -> list[tuple[str | None, dict[str, Any] | None]]:
    """Every (rules file, options example) a game can be played with: each rules file with
    no option and with each of the engine's examples the rules file accepts."""
    from atout.interpreter.language.diagnostics import DiagnosticError

    found = []
    for rules in rules_names(files):
        for example in [None, *engine.option_examples(files)]:
            try:
                setup_for(engine, files, rules, example)
            except DiagnosticError:
                continue  # these rules refuse it (a collection too small for "duel strict")
            found.append((rules, example))
    return found


def play_recorded(engine: GameEngine, game, bots: tuple[str, str], seed: int, check: bool = True):
    """Play one game between two named bots with its record; (record text, events, played, invariant problems).

    With `check`, the state's invariants are checked after every action.
    """
    import io

    from atout.interpreter.engine.play import play_game, seeded
    from atout.interpreter.engine.record import RecordWriter

    stream = io.StringIO()
    events: list = []
    problems: list[str] = []
    players = [engine.bots[bot](seeded(seed, f"P{seat + 1}")) for seat, bot in enumerate(bots)]

    def on_decision(state, decision, index) -> None:
        # before each answer: the state the last action left
        problems.extend(state.check_invariants())

    played = play_game(game, players, seed, writer=RecordWriter(stream), on_event=events.append, on_decision=on_decision if check else None)
    if check:
        problems.extend(played.state.check_invariants())
    return stream.getvalue(), events, played, problems


def verdict(text: str, files_of: Callable[[GameEngine], Any], unfinished: bool = False) -> Refusal | None:
    """Check a record text as `atout replay` does (with the files the record carries;
    `files_of` gives the shipped ones): None when accepted, else the refusal and its line.

    Any other exception is a bug (a traceback a user would see) and goes up.
    """
    try:
        records = parse_records(text, "tampered.jsonl")
        try:
            engine = find_engine(records[0].game)
        except UnknownGame as error:
            return Refusal(records[0].header_line, str(error))
        try:
            files = files_for(records, engine, shipped=lambda: files_of(engine))
        except DiagnosticError as error:  # an embedded file with problems, named RECORD:LINE:FILE
            first = error.diagnostics[0]
            return Refusal(records[0].header_line, first.render())
        for _ in replay_match(records, engine, files, unfinished=unfinished):
            pass
    except RecordError as error:
        return Refusal(error.line, error.message)
    except FilesError as error:
        return Refusal(error.line, error.message)
    except Divergence as error:
        return Refusal(error.line or 0, str(error))
    return None
