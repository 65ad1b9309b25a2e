"""Game records: a versioned JSON Lines format, written while playing, read to replay.

A record is one JSON object per line:

1. the header::

     {"record": "atout", "version": 2, "game": "battlefight",
      "digest": "3f2a…", "files": {"shipped": {"attaque.atout": "9c1e…"},
      "designer": {"mes-cartes.atout": "BattleFight : cartes\n…"}},
      "setup": {...}, "players": ["heuristic", "random"], "seed": 3}

   `files` holds what the game was built from (`GameFiles.used`): each
   shipped file's name and digest, each designer file's name and text, so
   that the record replays anywhere (`sources.py`); `digest` is a digest
   of those files;
   `setup` holds the game's options (decks, first player, rules file…),
   everything needed to start the same game again, and must be a legal setup
   of the game; `seed` is the seed chance drew from (replay checks that every
   chance action is the one this seed draws); `players` says who played
   (informational: a bot's choices depend on its version, so they are not
   re-derived). A game of a match also has ``"match": N``, its number in the
   match;
2. the events of the setup, before the first decision: ``{"start": [...]}``;
3. one line per decision answered, in order::

     {"n": 12, "turn": 5, "player": "P1", "kind": "play", "index": 2,
      "label": "Décharge", "events": [{"e": "play", ...}, ...]}

   `n` counts the actions from 1, `turn` is the turn the decision was posed
   in, `player` is "P1", "P2" or "chance"; the option is given by its index
   *and* its label, and `events` is the trace of what the answer caused;
4. the end: ``{"outcome": {"winner": 0, "code": "no_life", "facts": {"loser": 1}}}``
   (winner 0 for P1, 1 for P2, null for a draw; how the game ended as a
   code and its facts, never as prose: the game's commentary writes the
   reason from them, `Game.outcome_text`), or, for a game a person
   left at the terminal, ``{"abandoned": {"turn": 5, "player": "P1", "kind":
   "play", "reason": "P1 left the game"}}`` (the decision that was waiting).

A match is recorded in one file: the records of its games one after another,
each from its own header (``"match": 1``, ``2``…).

Records of format version 1 are read too: their header has no `files`
(the digest covers every card and rules file), their outcome and `end`
event give the reason as text. `record_schema()` is the JSON Schema of the
lines of the version written (`atout schema record`).

**Every field is checked.** Each line's shape is a pydantic model with strict
types (an index is an integer, not ``"2"`` nor ``2.0``); unknown fields are
refused; the replay checks what the fields claim. The one rule that depends
on who wrote the record:

- a record written by atout has a ``digest``: every action line gives all of
  ``n``, ``turn``, ``player``, ``kind``, ``index``, ``label`` and ``events``,
  the start line and the end line are required;
- a record **transcribed by hand** from a game on a table has ``"digest":
  null``: an action line needs only ``player`` and ``label``; ``n``, ``turn``,
  ``kind``, ``index`` and ``events`` may be left out (the replay derives
  them), and are checked when given. The start and outcome lines may be left
  out too; the game must still reach its end.

Whatever is present must be right: an empty ``player`` or ``kind`` is an
error, not a field left out.

Records are written to a temporary file beside the path, renamed over it
when the record is complete (or the game abandoned): a game killed halfway
never destroys a record already at that path (see `RecordFile`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Iterator
from types import TracebackType
from typing import IO, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from ..files import NewFile, WriteError
from atout.interpreter.errors import AtoutError
from atout.interpreter.language.diagnostics import shorten

from .decision import Decision, seat_name
from .loading import GameFiles, files_of, manifest
from .state import Event, Game, Outcome

FORMAT = "atout"
#: The format version atout writes.
VERSION = 2
#: The format versions atout reads (and replays).
VERSIONS = (1, 2)


class RecordError(AtoutError):
    """A record that cannot be read: says which line and what is wrong."""

    def __init__(self, file: str, line: int, message: str):
        super().__init__(f"{file}:{line}: {message}")
        self.file, self.line, self.message = file, line, message


class RecordWriteError(AtoutError):
    """A record that cannot be written (missing folder, no permission, full disk)."""

    def __init__(self, path: str | Path, error: OSError, outcome: str | None = None):
        reason = error.strerror or str(error)
        if outcome is None:
            outcome = getattr(error, "outcome", "")  # what a `WriteError` left at the path
        super().__init__(f"cannot write the record to {path}: {reason}" + (f" ({outcome})" if outcome else ""))
        self.path = path


# ---------------------------------------------------------------------------
# The shapes of a record's lines
# ---------------------------------------------------------------------------

Name = Annotated[str, Field(min_length=1)]
#: A game's command-line name (a registered game's is a short word).
GameName = Annotated[str, Field(min_length=1, max_length=100)]
Count = Annotated[int, Field(ge=0)]
#: A player's seat: 0 for P1, 1 for P2 (an integer: true is not 1).
Seat = Annotated[int, Field(strict=True, ge=0, le=1)]


class _Line(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class FilesData(_Line):
    """The files a game was built from: each shipped file's digest, each designer file's text.

    Names are paths in their folder, with "/" between folders: a shipped
    file's in the game's folder shipped with atout, a designer's in the
    folder the game was played with.
    """

    shipped: dict[Name, Name]
    designer: dict[Name, str]


class HeaderLine(_Line):
    """The first line of a game's record (format version 2)."""

    record: Literal["atout"]
    version: Literal[2]
    game: GameName
    digest: Name | None
    files: FilesData | None = None
    setup: dict[str, Any]
    players: Annotated[list[Name], Field(min_length=2, max_length=2)]
    seed: int | None = None
    match: Annotated[int, Field(ge=1)] | None = None


class HeaderLineV1(_Line):
    """The first line of a record of format version 1 (no files; the outcome in prose)."""

    record: Literal["atout"]
    version: Literal[1]
    game: GameName
    digest: Name | None
    setup: dict[str, Any]
    players: Annotated[list[Name], Field(min_length=2, max_length=2)]
    seed: int | None = None
    match: Annotated[int, Field(ge=1)] | None = None


class StartLine(_Line):
    """The setup's events, before the first decision."""

    start: list[dict[str, Any]]


class ActionLine(_Line):
    """One answered decision."""

    n: Annotated[int, Field(ge=1)] | None = None
    turn: Count | None = None
    player: Name | None = None
    kind: Name | None = None
    index: Count | None = None
    label: str
    events: list[dict[str, Any]] | None = None


class OutcomeData(_Line):
    """How the game ended: the winner (0 for P1, 1 for P2, null for a draw), the
    way it ended as a code, and its facts; the reason's text is rendered from them."""

    winner: Seat | None
    code: Name
    facts: dict[str, Any]


class OutcomeLine(_Line):
    """How the game ended."""

    outcome: OutcomeData


class OutcomeDataV1(_Line):
    winner: Seat | None
    reason: Name


class OutcomeLineV1(_Line):
    """How the game ended, in format version 1: the reason as text."""

    outcome: OutcomeDataV1


class AbandonedData(_Line):
    turn: Count
    player: Name
    kind: Name
    reason: Name


class AbandonedLine(_Line):
    """The game was left before its end: the decision that was waiting, and why."""

    abandoned: AbandonedData


def record_schema() -> dict[str, Any]:
    """The JSON Schema of a record's lines in the format version atout writes, made from the line models.

    Each line of a record (JSON Lines) is one of its objects: the header,
    the start line, an action, the outcome or the abandoned game. What the
    schema cannot say (which fields a record written by atout must give,
    the order of the lines, what replay re-derives) is in docs/records.md.
    """
    lines: TypeAdapter[HeaderLine | StartLine | ActionLine | OutcomeLine | AbandonedLine] = TypeAdapter(HeaderLine | StartLine | ActionLine | OutcomeLine | AbandonedLine)
    schema = lines.json_schema()
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"atout record line, format version {VERSION}",
        "description": (
            f'One line of an atout game record (JSON Lines), format version {VERSION}: a header ("record": "atout"), the start line, one line per decision, then the outcome or the abandoned game.'
        ),
        "version": VERSION,
        **schema,
    }


#: Fields an action line written by atout always has.
FULL_ACTION = ("n", "turn", "player", "kind", "index", "label", "events")
#: Fields a transcribed action line must have.
TRANSCRIBED_ACTION = ("player", "label")


@dataclass
class Action:
    """One answered decision of a record."""

    number: int | None
    turn: int | None
    player: str | None
    kind: str | None
    index: int | None
    label: str
    events: list[Event] | None
    line: int = 0


@dataclass
class Record:
    """One game's record, as read from a file (a match file holds several)."""

    header: dict[str, Any]
    start: list[Event] | None = None
    actions: list[Action] = field(default_factory=list)
    outcome: dict[str, Any] | None = None
    #: The `abandoned` line's data, for a game left before its end.
    abandoned: dict[str, Any] | None = None
    file: str = "record"
    #: Lines of the header, the start line and the end line (0: absent).
    header_line: int = 1
    start_line: int = 0
    end_line: int = 0
    #: The last line of this game's record.
    last_line: int = 1

    @property
    def game(self) -> str:
        """The game's command-line name."""
        return str(self.header["game"])

    @property
    def version(self) -> int:
        """The record's format version."""
        return int(self.header["version"])

    @property
    def transcribed(self) -> bool:
        """True for a record transcribed by hand (its header's digest is null)."""
        return self.header.get("digest") is None

    @property
    def ended(self) -> bool:
        """True when the record has its end line (outcome or abandoned)."""
        return self.outcome is not None or self.abandoned is not None


# ---------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------


#: A record's line as JSON: compact, UTF-8 kept as written (one encoder, made once: a line is written per action).
_encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


class RecordWriter:
    """Writes a record line by line as the game is played (one game, or each game of a match)."""

    def __init__(self, stream: IO[str], path: str | Path | None = None, files: GameFiles | None = None) -> None:
        self.stream = stream
        self.path = path if path is not None else getattr(stream, "name", "record")
        #: The files the games are built from (by default, those the game's digest names).
        self.files = files
        self.count = 0
        #: What a failed write leaves at the path (said in the error): set by `RecordFile`.
        self.outcome = ""

    def _write(self, data: dict[str, Any]) -> None:
        try:
            self.stream.write(_encode(data) + "\n")
        except OSError as error:
            raise RecordWriteError(self.path, error, self.outcome) from None

    def mark(self) -> tuple[int, int] | None:
        """Where the record is now (to come back to with `rewind`), or None when its stream cannot go back."""
        try:
            if not self.stream.seekable():
                return None
            self.stream.flush()
            return self.stream.tell(), self.count
        except (OSError, ValueError):
            return None

    def rewind(self, mark: tuple[int, int]) -> None:
        """Drop what was written since `mark` (a decision taken back)."""
        position, count = mark
        try:
            self.stream.flush()
            self.stream.seek(position)
            self.stream.truncate()
        except OSError as error:
            raise RecordWriteError(self.path, error) from None
        self.count = count

    def header(self, game: Game, players: list[str], seed: int | None, match: int | None = None) -> None:
        """The first line of a game (`match`: its number in a match)."""
        self.count = 0
        files = self.files if self.files is not None else files_of(game)
        setup = game.setup()
        data = {
            "record": FORMAT,
            "version": VERSION,
            "game": game.name,
            "digest": files.used_digest(setup),
            "files": manifest(files, setup),
            "setup": setup,
            "players": players,
            "seed": seed,
        }
        if match is not None:
            data["match"] = match
        self._write(data)

    def start(self, events: list[Event]) -> None:
        """The setup's events, before the first decision."""
        self._write({"start": events})

    def action(self, turn: int, decision: Decision, index: int, events: list[Event]) -> None:
        """One answered decision and its trace."""
        self.count += 1
        self._write(
            {
                "n": self.count,
                "turn": turn,
                "player": seat_name(decision.player),
                "kind": decision.kind,
                "index": index,
                "label": decision.options[index].label,
                "events": events,
            }
        )

    def end(self, outcome: Outcome) -> None:
        """The last line: the winner, and how the game ended as a code and its facts."""
        self._write({"outcome": outcome.as_json()})

    def abandoned(self, turn: int, decision: Decision, reason: str) -> None:
        """The last line of a game left before its end: the decision that was waiting."""
        self._write({"abandoned": {"turn": turn, "player": seat_name(decision.player), "kind": decision.kind, "reason": reason}})


class RecordFile:
    """The file a record is written to, never leaving a record half-written at its path.

    The lines go to a new file beside the path (`atout.interpreter.files`:
    the mode a new file gets from the umask, a symbolic link kept and its
    target replaced), renamed over the path when the record is complete —
    or ends with its `abandoned` line. A game killed halfway leaves the new
    file (``.NAME.*.part``, the lines written so far) and whatever was at
    the path untouched; a game stopped by an error (a full disk) removes it,
    the path byte for byte as it was. A path that exists and is not a
    regular file (a device, a pipe) is written directly, and so is a stream
    given instead of a path (standard output), which is left open.

    Raises `RecordWriteError` when the path cannot be written (a missing
    folder, no permission, a full disk), on opening, writing or closing.
    """

    def __init__(self, path: str | Path | IO[str], files: GameFiles | None = None) -> None:
        #: The new file the record goes to (None for a stream given).
        self.new: NewFile | None = None
        #: True when the stream is the caller's (standard output): flushed, never closed.
        self.borrowed = not isinstance(path, (str, Path))
        if not isinstance(path, (str, Path)):
            self.stream: IO[str] = path
            self.path = Path("-")
            self.writer = RecordWriter(self.stream, "standard output", files)
            return
        self.path = Path(path)
        try:
            self.new = NewFile(self.path)
        except WriteError as error:
            raise RecordWriteError(self.path, error) from None
        self.stream = self.new.stream
        self.writer = RecordWriter(self.stream, self.path, files)
        self.writer.outcome = self.new.outcome

    def commit(self) -> None:
        """Close the record and put it at its path."""
        try:
            if self.new is None:
                self.stream.flush()
            else:
                self.new.commit()
        except OSError as error:
            self.discard()
            raise RecordWriteError(self.path, error) from None

    def discard(self) -> None:
        """Drop the record: the path keeps what it had."""
        if self.new is not None:
            self.new.discard()

    def __enter__(self) -> RecordWriter:
        return self.writer

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None) -> None:
        from .players import Abandoned

        if kind is None or issubclass(kind, (Abandoned, KeyboardInterrupt)):
            self.commit()
        else:
            self.discard()


# ---------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------


#: The largest record atout reads (a game of a hundred thousand actions, the default bound, is about 40 MB).
MAX_RECORD_BYTES = 256 * 1024 * 1024
#: What to do with a record past `MAX_RECORD_BYTES`.
_TOO_LARGE = "a record holds one game or one match, and no game of atout's bounds on actions is that long"
#: The most lines a record may have (a record of `MAX_RECORD_BYTES` has at most a few million actions).
MAX_RECORD_LINES = 4_000_000
#: The deepest a record's line may nest (a header's setup, an event's facts go a few levels deep).
MAX_LINE_DEPTH = 32


def read_records(path: str | Path) -> list[Record]:
    """Read a record file (one game, or every game of a match), checking each line's shape.

    The path "-" is standard input (named ``<stdin>`` in messages). A record
    is read only from a regular file or standard input, and only up to
    `MAX_RECORD_BYTES`.
    """
    from atout.interpreter.language.inputs import InputError, read_bounded, read_stdin

    name = str(path)
    try:
        if name == "-":
            name = "<stdin>"
            data = read_stdin(MAX_RECORD_BYTES, _TOO_LARGE)
        else:
            data = read_bounded(path, MAX_RECORD_BYTES, "record file", _TOO_LARGE)
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(name, 1, "the record is not UTF-8 text") from None
    except InputError as error:
        raise RecordError(name, 1, f"cannot read the record: {error.reason}") from None
    except OSError as error:
        raise RecordError(name, 1, f"cannot read the record: {error.strerror or error}") from None
    return parse_records(text, name)


def parse_record(text: str, name: str = "record") -> Record:
    """Parse a record's text: one game (the first, for a match)."""
    return parse_records(text, name)[0]


def _problem(error: ValidationError) -> str:
    """The first problem of a line, naming its field."""
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"])
    message = first["msg"]
    if first["type"] == "extra_forbidden":
        return f'unknown field "{where}"'
    if first["type"] == "missing":
        return f'no "{where}"'
    found = json.dumps(first.get("input"), ensure_ascii=False)
    if len(found) > 60:
        found = found[:57] + "..."
    return f'"{where}": {message[0].lower()}{message[1:]} (found {found})'


def _shape(model: type[_Line], data: dict[str, Any], name: str, number: int) -> Any:
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise RecordError(name, number, _problem(error)) from None


def parse_records(text: str, name: str = "record") -> list[Record]:
    """Parse a record file's text into its games; raises `RecordError` naming the line."""
    records: list[Record] = []
    record: Record | None = None
    number = 0
    # lines end at "\n" only: a designer's text may hold U+2028, U+0085… raw (JSON allows them in strings)
    if text.count("\n") >= MAX_RECORD_LINES:
        raise RecordError(name, 1, f"the record has more than {MAX_RECORD_LINES:,} lines; a record of atout is shorter")
    for number, line in enumerate(_lines(text.removeprefix("\ufeff")), start=1):
        if not line.strip():
            continue
        action = _action_line(line) if record is not None and (record.start is not None or record.transcribed) else None
        if action is not None and record is not None:  # the usual line, read and checked in one step
            if record.ended:
                raise RecordError(name, number, f"a line after the end of the game (line {record.end_line}); a new game starts with its header")
            record.last_line = number
            # a line with fewer brackets than the bound cannot nest deeper (counting them costs next to nothing)
            if line.count("[") + line.count("{") > MAX_LINE_DEPTH and 1 + _depth(action.events) > MAX_LINE_DEPTH:
                raise RecordError(name, number, f"this line is nested more than {MAX_LINE_DEPTH} deep")
            _add_action(record, action, name, number)
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as error:
            raise RecordError(name, number, f"this line is not JSON ({error.msg} at column {error.colno}); the record may be truncated") from None
        except RecursionError:
            raise RecordError(name, number, "this line is nested too deeply") from None
        except ValueError as error:  # a number of thousands of digits
            raise RecordError(name, number, f"this line cannot be read: {str(error).split(';')[0]}") from None
        if not isinstance(data, dict):
            raise RecordError(name, number, "each line of a record is a JSON object")
        if _depth(data) > MAX_LINE_DEPTH:
            raise RecordError(name, number, f"this line is nested more than {MAX_LINE_DEPTH} deep")
        if "record" in data or record is None:
            if data.get("record") != FORMAT:
                raise RecordError(name, number, 'the first line must be the header, with "record": "atout"')
            version = data.get("version")
            if type(version) is not int or version not in VERSIONS:
                raise RecordError(
                    name,
                    number,
                    f"record version {shorten(repr(data.get('version')))} is not known; this atout reads versions {', '.join(map(str, VERSIONS))}",
                )
            if record is not None:
                _finish(record, name, number)
            header = _shape(HeaderLine if version == 2 else HeaderLineV1, data, name, number).model_dump()
            if version == 2 and header["digest"] is not None and header["files"] is None:
                raise RecordError(name, number, 'no "files": a record written by atout says which files its game was built from')
            record = Record(header=header, file=name, header_line=number, last_line=number)
            records.append(record)
            continue
        if record.ended:
            raise RecordError(name, number, f"a line after the end of the game (line {record.end_line}); a new game starts with its header")
        record.last_line = number
        if "start" in data:
            if record.start is not None or record.actions:
                raise RecordError(name, number, "the start line comes once, right after the header")
            record.start = _shape(StartLine, data, name, number).start
            record.start_line = number
        elif "outcome" in data:
            model = OutcomeLine if record.version == 2 else OutcomeLineV1
            record.outcome = _shape(model, data, name, number).outcome.model_dump()
            record.end_line = number
        elif "abandoned" in data:
            record.abandoned = _shape(AbandonedLine, data, name, number).abandoned.model_dump()
            record.end_line = number
        else:
            if record.start is None and not record.transcribed:
                raise RecordError(name, number, "an action before the start line (a record written by atout has one after its header)")
            _add_action(record, _shape(ActionLine, data, name, number), name, number)
    if record is None:
        raise RecordError(name, max(number, 1), "the record is empty")
    return records


def _lines(text: str) -> Iterator[str]:
    """A record's lines, one at a time, ended by a line feed only (not by U+2028 nor any other
    character `str.splitlines` takes for a line end: JSON strings hold them raw)."""
    start = 0
    while start <= len(text):
        end = text.find("\n", start)
        if end < 0:
            end = len(text)
        yield text[start:end]
        start = end + 1


def _depth(value: Any) -> int:
    """How deep a line's data nests (1: an object of plain values), counted without recursion."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        elif not isinstance(item, list):
            continue
        deepest = max(deepest, depth)
        if depth <= MAX_LINE_DEPTH:
            stack.extend((inner, depth + 1) for inner in item)
    return deepest


#: Keys of the lines that are not actions: a line that holds none of them, quoted, may be an action.
_NOT_ACTIONS = ('"record"', '"start"', '"outcome"', '"abandoned"')


def _action_line(line: str) -> ActionLine | None:
    """The line as an action, parsed and checked at once (pydantic reads its JSON); None when it may be
    anything else or is not a well-formed action: the line is then read step by step, which says what is wrong."""
    if any(key in line for key in _NOT_ACTIONS):
        return None
    try:
        return ActionLine.model_validate_json(line)
    except ValidationError:
        return None


def _add_action(record: Record, line: ActionLine, name: str, number: int) -> None:
    """An action line, with the fields its record needs (all of them, unless transcribed by hand)."""
    needed = TRANSCRIBED_ACTION if record.transcribed else FULL_ACTION
    missing = [key for key in needed if getattr(line, key) is None]
    if missing:
        why = "" if record.transcribed else ' (only a record transcribed by hand, with "digest": null, may leave fields out)'
        raise RecordError(name, number, f"an action needs {', '.join(f'{key!r}' for key in missing)}{why}")
    record.actions.append(Action(line.n, line.turn, line.player, line.kind, line.index, line.label, line.events, number))


def _finish(record: Record, name: str, number: int) -> None:
    """A game followed by another's header must have ended."""
    if not record.ended:
        raise RecordError(name, number, f"a new game starts here, but the game before (from line {record.header_line}) has no outcome line")
