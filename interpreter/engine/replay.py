"""Replaying a record: every action re-derived and checked, stopping at the first divergence.

Reading a record is checking it (as python-chess replays each PGN move on a
board): the game is rebuilt from the header — its setup must be a legal
setup of the game, and its files those the digest names — each recorded
answer must be a legal option of the decision the game poses — same action
number, same turn, same player, same kind, same label at that index — chance's
answers must be those the record's seed draws, and the events an answer
causes must be the recorded ones. The record must then end where the game
does, with the same outcome.

The first difference raises `Divergence`, which says where (the line of the
record, the action, the turn, the event) and what was expected and found;
replay never goes on past it. A record that stops before the game ends
raises `Unfinished` (a `Divergence`), unless the caller asks to check an
unfinished record (a transcription still being written). A match's record is
checked game after game (`replay_match`): each game's number, seed and setup
must follow from the one before.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from atout.interpreter.errors import AtoutError
from atout.interpreter.language.diagnostics import DiagnosticError, shorten

from .decision import CHANCE, Decision, seat_name
from .loading import GameFiles, text_digest
from .play import MAX_MATCH_GAMES, seeded
from .players import ChanceSampler
from .record import Action, Record
from .registry import GameEngine
from .state import Event, Game, State, ended


#: How a record names each seat (`seat_name`'s, looked up: replay names one at every action).
_SEATS = {seat: seat_name(seat) for seat in (CHANCE, 0, 1)}


class Divergence(AtoutError):
    """Where a record and its replay part ways."""

    def __init__(
        self,
        record: Record,
        message: str,
        action: Action | None = None,
        step: int | None = None,
        line: int | None = None,
        number: int | None = None,
        turn: int | None = None,
    ):
        where = [record.file]
        line = action.line if action is not None and line is None else line
        if line is not None:
            where.append(f"line {line}")
        if number is not None:
            where.append(f"action {number}")
        if turn is not None:
            where.append(f"turn {turn}")
        if step is not None:
            where.append(f"event {step}")
        super().__init__(f"{', '.join(where)}: {message}")
        self.action = action
        self.step = step
        self.line = line


class Unfinished(Divergence):
    """A record that stops before its game ends (`pending` says who was to choose)."""

    def __init__(self, record: Record, message: str, line: int, pending: str):
        super().__init__(record, message, line=line)
        self.pending = pending


@dataclass(slots=True)
class Replayed:
    """One replayed action: the decision the game posed, the answer, its events."""

    action: Action
    decision: Decision
    index: int
    events: list[Event]
    state: State[Any]


def waiting(decision: Decision | None) -> str:
    """Who is to choose, and what: "P1 was to choose (play: Décharge, Esquive)"."""
    if decision is None:
        return "the game is over"
    labels = decision.labels()
    shown = ", ".join(labels[:8]) + (f", … ({len(labels)} options)" if len(labels) > 8 else "")
    return f"{seat_name(decision.player)} was to choose ({decision.kind}: {shown})"


def start(record: Record, engine: GameEngine, files: GameFiles) -> tuple[Game, State[Any]]:
    """Rebuild the game of a record and check its header and start; the game and its first state."""
    header = record.header_line
    if record.game != engine.name:
        raise Divergence(record, f"the record is a game of {shorten(record.game)}, not {engine.name}", line=header)
    said = json.dumps(record.header["setup"], sort_keys=True, ensure_ascii=False)
    try:
        built = _built(engine, files, record.header["setup"], said)
    except DiagnosticError as error:
        problems = "; ".join(d.message + (f' (did you mean "{d.suggestion}"?)' if d.suggestion else "") for d in error.diagnostics) or "it names something these files do not have"
        raise Divergence(record, f"the header's setup cannot be played: {problems}", line=header) from None
    game = built.game
    digest = record.header.get("digest")
    if digest is not None:
        if said != built.written:
            raise Divergence(record, f"the header's setup is not the one this game writes: {built.written}", line=header)
        if record.header.get("seed") is None:
            raise Divergence(record, 'a record written by atout gives the "seed" chance drew from', line=header)
    if record.version >= 2 and record.header.get("files") is not None:
        _check_files(record, built.by_name)
    found = built.digest if record.version >= 2 else files.v1_digest()
    if digest is not None and digest != found:
        raise Divergence(
            record,
            f"the record was made with other card or rules files (digest {digest}; these files give {found}): replay it with the files it was played with",
            line=header,
        )
    state = game.new_state()
    if record.start is not None:
        derived = _as_written(record, state.start_events(), state)
        if not _identical(record.start, derived):
            _compare(record, game, None, record.start, derived, line=record.start_line)
    elif not record.transcribed and (record.actions or record.ended):
        raise Divergence(record, "the record has no start line after its header", line=header)
    return game, state


@dataclass(frozen=True, slots=True)
class _Built:
    """A game made from a set of files and a setup, with what a header is checked against."""

    files: GameFiles
    game: Game
    #: The game's setup as a record's header writes it (JSON, keys sorted).
    written: str
    #: The digest of the files the game is built from, and those files by name (`GameFiles.used_digest`,
    #: `GameFiles.used_by_name`).
    digest: str
    by_name: dict[str, list[str]]


_games: dict[tuple[int, str], _Built] = {}


def _built(engine: GameEngine, files: GameFiles, setup: dict[str, Any], key: str) -> _Built:
    """The game of a setup (`key`: its JSON text), made once per set of files: replaying many
    records of the same setup (a test suite, a benchmark) rebuilds nothing and writes the
    setup out once, where each header's check would write it four times."""
    known = _games.get((id(files), key))
    if known is None or known.files is not files:
        if len(_games) > 64:
            _games.clear()
        game = engine.build(files, setup)
        written = game.setup()
        known = _games[(id(files), key)] = _Built(
            files,
            game,
            json.dumps(written, sort_keys=True, ensure_ascii=False),
            files.used_digest(written),
            files.used_by_name(written),
        )
    return known


def replay(
    record: Record,
    engine: GameEngine,
    files: GameFiles,
    state: tuple[Game, State[Any]] | None = None,
    unfinished: bool = False,
) -> Iterator[Replayed]:
    """Replay a record action by action; raises `Divergence` at the first difference.

    `state` is the (game, first state) `start` gave, when the caller needs to
    watch the state itself (a debugger). With `unfinished`, a record that
    stops before the game's end (and has no end line) is accepted; otherwise
    it raises `Unfinished`.
    """
    game, position = state if state is not None else start(record, engine, files)
    seed = record.header.get("seed")
    chance = ChanceSampler(seeded(seed, "chance")) if seed is not None else None
    as_written = record.version < 2  # version 1 wrote the `end` event otherwise (`_as_written`)
    for number, action in enumerate(record.actions, start=1):
        decision = position.decision()
        turn = position.turn
        if decision is None:
            raise Divergence(record, "the game is already over, but the record goes on", action, number=number)
        if action.number is not None and action.number != number:
            raise Divergence(record, f'"n" is {action.number}, but this is action {number} of the game', action)
        if action.turn is not None and action.turn != turn:
            raise Divergence(record, f'"turn" is {action.turn}, but action {number} is played in turn {turn}', action, number=number)
        player = decision.player
        if action.player is not None and action.player != (who := _SEATS.get(player) or seat_name(player)):
            raise Divergence(record, f"expected a decision of {shorten(action.player)}, found one of {who} ({decision.kind})", action, number=number, turn=turn)
        if action.kind is not None and action.kind != decision.kind:
            raise Divergence(record, f'expected a "{shorten(action.kind)}" decision, found "{decision.kind}"', action, number=number, turn=turn)
        index = action.index
        options = decision.options
        if index is None:
            index = decision.index_of(action.label)
            if index is None:
                raise Divergence(record, f'"{shorten(action.label)}" is not a legal choice; the choices are: {", ".join(decision.labels())}', action, number=number, turn=turn)
        elif not 0 <= index < len(options):
            raise Divergence(record, f"option {index} does not exist; there are {len(options)}: {', '.join(decision.labels())}", action, number=number, turn=turn)
        elif options[index].label != action.label:
            raise Divergence(
                record,
                f'option {index} is "{options[index].label}", but the record says "{shorten(action.label)}"; the choices are: {", ".join(decision.labels())}',
                action,
                number=number,
                turn=turn,
            )
        if chance is not None and player == CHANCE:
            drawn = chance.choose(decision)
            if drawn != index:
                raise Divergence(
                    record,
                    f'with the record\'s seed {seed}, chance draws "{options[drawn].label}", but the record says "{shorten(action.label)}"',
                    action,
                    number=number,
                    turn=turn,
                )
        events = position.apply(index)
        written = _as_written(record, events, position) if as_written else events
        recorded = action.events
        if recorded is not None and not (recorded == written and _same_types(recorded, written)):
            _compare(record, game, action, recorded, written, number=number, turn=turn)
        yield Replayed(action, decision, index, events, position)
    _check_end(record, position, unfinished)


def _check_end(record: Record, state: State[Any], unfinished: bool) -> None:
    """The record ends where the game does: the same outcome, or the same waiting decision if abandoned."""
    outcome = state.outcome()
    decision = state.decision()
    if record.abandoned is not None:
        left = record.abandoned
        if decision is None:
            raise Divergence(record, f"the record says the game was abandoned, but it is over ({ended(state).reason})", line=record.end_line)
        found = {"turn": state.turn, "player": seat_name(decision.player), "kind": decision.kind}
        claimed = {key: left[key] for key in found}
        if claimed != found:
            raise Divergence(
                record,
                f"the record says the game was abandoned in turn {left['turn']} waiting for {shorten(left['player'])} "
                f"({shorten(left['kind'])}), but it is turn {found['turn']} and {waiting(decision)}",
                line=record.end_line,
            )
        return
    if record.outcome is not None:
        said = shorten(json.dumps(record.outcome, ensure_ascii=False), 400)
        if outcome is None:
            raise Divergence(record, f"the record ends with the outcome {said}, but the game goes on: {waiting(decision)}", line=record.end_line)
        derived = outcome.as_json() if record.version >= 2 else outcome.as_json_v1()
        if not _identical(record.outcome, derived):
            raise Divergence(
                record,
                f"expected the outcome {said}, found {json.dumps(derived, ensure_ascii=False)} ({outcome.reason})",
                line=record.end_line,
            )
        return
    if outcome is None:
        if unfinished:
            return
        raise Unfinished(
            record,
            f"the record stops here, before the game ends: {waiting(decision)}; a record still being written can be checked with --unfinished",
            record.last_line,
            waiting(decision),
        )
    if not record.transcribed:
        raise Divergence(
            record,
            f"the record stops here without its outcome line (the game ended: {outcome.reason}); it was cut short",
            line=record.last_line,
        )


def replay_match(records: list[Record], engine: GameEngine, files: GameFiles, unfinished: bool = False) -> Iterator[tuple[Record, Game, State[Any], Replayed | None]]:
    """Replay every game of a record file, checking that the games of a match follow each other.

    Yields (record, game, first state, None) as each game starts, then
    (record, game, state, replayed) for each action. A file of several games
    must be a match: the games numbered 1, 2…, the seeds consecutive, each
    setup the one the last game's outcome gives (BattleFight: the loser
    starts), no game after the match is won, and the last game ends it.
    """
    previous: tuple[Record, Game, State[Any]] | None = None
    wins = [0, 0]
    for position, record in enumerate(records, start=1):
        match = record.header.get("match")
        if len(records) > 1 or match is not None:
            _check_match(records, position, record, previous, engine, files, wins)
        game, state = start(record, engine, files)
        yield record, game, state, None
        last = unfinished and position == len(records)
        for replayed in replay(record, engine, files, state=(game, state), unfinished=last):
            yield record, game, replayed.state, replayed
        outcome = state.outcome()
        if outcome is not None and outcome.winner is not None:
            wins[outcome.winner] += 1
        previous = (record, game, state)
    if previous is not None and (len(records) > 1 or records[0].header.get("match") is not None):
        last_record, last_game, last_state = previous
        if not unfinished and last_record.abandoned is None and max(wins) < engine.games_to_win(last_game) and len(records) < MAX_MATCH_GAMES:
            raise Unfinished(
                last_record,
                f"the match stops after game {len(records)} at {wins[0]}–{wins[1]}, but it is not won ({engine.games_to_win(last_game)} games win it): the next game is missing",
                last_record.last_line,
                "the next game of the match",
            )


def _check_match(records: list[Record], position: int, record: Record, previous: tuple[Record, Game, State[Any]] | None, engine: GameEngine, files: GameFiles, wins: list[int]) -> None:
    line = record.header_line
    match = record.header.get("match")
    if match != position:
        raise Divergence(record, f'a record of several games is a match: this header must say "match": {position} (it says {match})', line=line)
    if previous is None:
        return
    before, game_before, state_before = previous
    if before.abandoned is not None:
        raise Divergence(record, f"a game of the match after the abandoned game (line {before.end_line})", line=line)
    if max(wins) >= engine.games_to_win(game_before):
        raise Divergence(record, f"the match was already won {wins[0]}–{wins[1]}; no game follows", line=line)
    if record.game != before.game or record.header.get("digest") != before.header.get("digest"):
        raise Divergence(record, "every game of a match is of the same game, with the same files", line=line)
    seed_before = before.header.get("seed")
    if seed_before is not None and record.header.get("seed") != seed_before + 1:
        raise Divergence(record, f"game {position} of the match is played with seed {seed_before + 1}, not {record.header.get('seed')}", line=line)
    setup = before.header["setup"]
    if engine.next_setup is not None:
        outcome = state_before.outcome()
        if outcome is None:
            raise Divergence(record, f"game {position} of the match follows a game that did not end (line {before.end_line})", line=line)
        setup = engine.next_setup(setup, outcome)
    expected = _built(engine, files, setup, json.dumps(setup, sort_keys=True, ensure_ascii=False)).written
    said = json.dumps(record.header["setup"], sort_keys=True, ensure_ascii=False)
    try:
        found = _built(engine, files, record.header["setup"], said).written
    except DiagnosticError:
        found = said
    if found != expected:
        raise Divergence(record, f"after the last game, the match goes on with the setup {expected}, not {found}", line=line)


def _check_files(record: Record, used: dict[str, list[str]]) -> None:
    """The header's files are those the game is built from: the same names, the same texts.

    A file is matched by its name and digest, shipped or not: a folder
    holding copies of the shipped files the game was played with replays it.
    """
    listed = record.header["files"]
    claimed: dict[str, list[str]] = {}
    for name, digest in listed["shipped"].items():
        claimed.setdefault(name, []).append(digest)
    for name, text in listed["designer"].items():
        claimed.setdefault(name, []).append(text_digest(text))
    for name in sorted(claimed.keys() | used.keys()):
        if name not in used:
            problem = f'the header names the file "{shorten(name)}", but the game is built without it'
        elif name not in claimed:
            problem = f'the game is built from the file "{name}" too, which the header does not name'
        elif sorted(claimed[name]) != used[name]:
            found, said = ", ".join(sorted(used[name])), ", ".join(sorted(claimed[name]))
            problem = f'the file "{shorten(name)}" is not the one the header names (digest {found}, the header says {said})'
        else:
            continue
        raise Divergence(record, f"{problem}: replay it with the files it was played with", line=record.header_line)


def _as_written(record: Record, events: list[Event], state: State[Any]) -> list[Event]:
    """The events as a record of this version writes them: version 1 kept the
    reason's text in the `end` event, not its code and facts."""
    if record.version >= 2 or not any(event.get("e") == "end" for event in events):
        return events
    outcome = state.outcome()
    reason = outcome.reason if outcome is not None else ""
    return [{key: value for key, value in {**event, "reason": reason}.items() if key not in ("code", "facts")} if event.get("e") == "end" else event for event in events]


def _show(game: Game, event: Event) -> str:
    """An event as commentary; as JSON when the game cannot render it (a tampered event)."""
    try:
        text = game.render(event).strip()
    except Exception:  # noqa: BLE001 - a recorded event may be anything
        text = json.dumps(event, ensure_ascii=False)
    return text if len(text) <= 400 else text[:400] + "…"


def _identical(recorded: object, derived: object) -> bool:
    """Equal, types included: a recorded 4.0 or true is not the 4 or 1 the game derives."""
    return recorded == derived and _same_types(recorded, derived)


def _same_types(recorded: object, derived: object) -> bool:
    """The same JSON types all the way down, of two values already equal: Python holds
    true == 1 == 1.0, JSON does not.

    Replay checks every event with it: the strings, nulls and integers of a
    dict or list (nearly every value of an event) are looked at in place.
    """
    kind = type(recorded)
    if kind is dict:
        if not isinstance(derived, dict):
            return False
        for key, value in recorded.items():  # type: ignore[attr-defined]
            leaf = type(value)
            if leaf is str or value is None:
                continue
            if leaf is int:
                other = type(derived[key])
                if other is bool or other is float:
                    return False
            elif not _same_types(value, derived[key]):
                return False
        return True
    if kind is list:
        if not isinstance(derived, list):
            return False
        for value, found in zip(recorded, derived):  # type: ignore[call-overload]
            leaf = type(value)
            if leaf is str or value is None:
                continue
            if leaf is int:
                other = type(found)
                if other is bool or other is float:
                    return False
            elif not _same_types(value, found):
                return False
        return True
    if kind is int:
        return type(derived) is not bool and type(derived) is not float
    if kind is bool:
        return type(derived) is bool
    if kind is float:
        return type(derived) is float
    return True


def _compare(
    record: Record,
    game: Game,
    action: Action | None,
    expected: list[Event],
    found: list[Event],
    line: int | None = None,
    number: int | None = None,
    turn: int | None = None,
) -> None:
    where = {"line": line, "number": number, "turn": turn}
    for step, (want, got) in enumerate(zip(expected, found), start=1):
        if not _identical(want, got):
            shown = _show(game, want), _show(game, got)
            if shown[0] == shown[1]:
                shown = json.dumps(want, ensure_ascii=False, sort_keys=True), json.dumps(got, ensure_ascii=False, sort_keys=True)
            raise Divergence(record, f"expected «{shown[0]}», found «{shown[1]}»", action, step, **where)
    if len(expected) != len(found):
        step = min(len(expected), len(found)) + 1
        if len(expected) > len(found):
            message = f"expected «{_show(game, expected[step - 1])}», found nothing more"
        else:
            message = f"expected nothing more, found «{_show(game, found[step - 1])}»"
        raise Divergence(record, message, action, step, **where)
