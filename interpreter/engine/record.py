"""Game records: a versioned JSON Lines format, written while playing, read to replay.

A record is one JSON object per line:

1. the header::

     {"record": "atout", "version": 1, "game": "battlefight",
      "digest": "3f2a…", "setup": {...}, "players": ["heuristic", "random"],
      "seed": 3}

   `digest` identifies the card and rules files the game was played with;
   `setup` holds the game's options (decks, first player…), everything needed
   to start the same game again;
2. the events of the setup, before the first decision: ``{"start": [...]}``;
3. one line per decision answered, in order::

     {"n": 12, "turn": 5, "player": "P1", "kind": "play", "index": 2,
      "label": "Décharge", "events": [{"e": "play", ...}, ...]}

   `player` is "P1", "P2" or "chance"; the option is given by its index *and*
   its label, and `events` is the trace of what the answer caused. A record
   transcribed by hand from a game on a table may leave out `index` (the
   label is looked up) and `events` (nothing to compare: the replay derives
   them);
4. the end: ``{"outcome": {"winner": 0, "reason": "P2 has no life left"}}``
   (winner 0 for P1, 1 for P2, null for a draw).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from .decision import Decision, seat_name
from .state import Event, Game, Outcome

FORMAT = "atout"
VERSION = 1


class RecordError(Exception):
    """A record that cannot be read: says which line and what is wrong."""

    def __init__(self, file: str, line: int, message: str):
        super().__init__(f"{file}:{line}: {message}")
        self.file, self.line, self.message = file, line, message


@dataclass
class Action:
    """One answered decision of a record."""

    number: int
    turn: int | None
    player: str
    kind: str
    index: int | None
    label: str
    events: list[Event] | None
    line: int = 0


@dataclass
class Record:
    """A whole record, as read from a file."""

    header: dict[str, Any]
    start: list[Event] | None = None
    actions: list[Action] = field(default_factory=list)
    outcome: dict[str, Any] | None = None
    file: str = "record"

    @property
    def game(self) -> str:
        """The game's command-line name."""
        return self.header["game"]


class RecordWriter:
    """Writes a record line by line as the game is played."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self.count = 0

    def _write(self, data: dict[str, Any]) -> None:
        self.stream.write(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n")

    def header(self, game: Game, players: list[str], seed: int | None) -> None:
        """The first line."""
        self._write(
            {
                "record": FORMAT,
                "version": VERSION,
                "game": game.name,
                "digest": game.digest(),
                "setup": game.setup(),
                "players": players,
                "seed": seed,
            }
        )

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
        """The last line."""
        self._write({"outcome": outcome.as_json()})


def read_record(path: str | Path) -> Record:
    """Read a record file, checking its shape line by line (not its moves)."""
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise RecordError(name, 1, "the record is not UTF-8 text") from None
    except OSError as error:
        raise RecordError(name, 1, f"cannot read the record: {error.strerror}") from None
    return parse_record(text, name)


def parse_record(text: str, name: str = "record") -> Record:
    """Parse a record's text."""
    record: Record | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as error:
            raise RecordError(name, number, f"this line is not JSON ({error.msg} at column {error.colno}); the record may be truncated") from None
        if not isinstance(data, dict):
            raise RecordError(name, number, "each line of a record is a JSON object")
        if record is None:
            if data.get("record") != FORMAT:
                raise RecordError(name, number, 'the first line must be the header, with "record": "atout"')
            if data.get("version") != VERSION:
                raise RecordError(name, number, f"record version {data.get('version')!r} is not known; this atout reads version {VERSION}")
            for key in ("game", "digest", "setup"):
                if key not in data:
                    raise RecordError(name, number, f'the header has no "{key}"')
            record = Record(header=data, file=name)
        elif "start" in data:
            record.start = data["start"]
        elif "outcome" in data:
            record.outcome = data["outcome"]
        else:
            if record.outcome is not None:
                raise RecordError(name, number, "an action after the outcome line")
            if "label" not in data and "index" not in data:
                raise RecordError(name, number, 'an action needs a "label" (or an "index")')
            record.actions.append(
                Action(
                    number=data.get("n", len(record.actions) + 1),
                    turn=data.get("turn"),
                    player=str(data.get("player", "")),
                    kind=str(data.get("kind", "")),
                    index=data.get("index"),
                    label=str(data.get("label", "")),
                    events=data.get("events"),
                    line=number,
                )
            )
    if record is None:
        raise RecordError(name, 1, "the record is empty")
    return record
