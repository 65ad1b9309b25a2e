"""Replaying a record: every action re-derived and checked, stopping at the first divergence.

Reading a record is checking it (as python-chess replays each PGN move on a
board): the game is rebuilt from the header, each recorded answer must be a
legal option of the decision the game poses — same player, same kind, same
label at that index — and the events it causes must be the recorded ones.
The first difference raises `Divergence`, which says where (turn, action,
line of the record, step) and what was expected and found; replay never goes
on past it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass

from .decision import Decision, seat_name
from .loading import GameFiles
from .record import Action, Record
from .registry import GameEngine
from .state import Event, Game, State


class Divergence(Exception):
    """Where a record and its replay part ways."""

    def __init__(self, record: Record, message: str, action: Action | None = None, step: int | None = None):
        where = [record.file]
        if action is not None:
            where.append(f"line {action.line}")
            where.append(f"action {action.number}")
            if action.turn is not None:
                where.append(f"turn {action.turn}")
        if step is not None:
            where.append(f"event {step}")
        super().__init__(f"{', '.join(where)}: {message}")
        self.action = action
        self.step = step


@dataclass
class Replayed:
    """One replayed action: the decision the game posed, the answer, its events."""

    action: Action
    decision: Decision
    index: int
    events: list[Event]
    state: State


def start(record: Record, engine: GameEngine, files: GameFiles) -> tuple[Game, State]:
    """Rebuild the game of a record and check its setup; the game and its first state."""
    if record.game != engine.name:
        raise Divergence(record, f'the record is a game of {record.game}, not {engine.name}')
    game = _built(engine, files, record.header["setup"])
    digest = record.header.get("digest")
    if digest is not None and digest != game.digest():
        raise Divergence(
            record,
            f"the record was made with other card or rules files (digest {digest}; "
            f"these files give {game.digest()}): replay it with the files it was played with",
        )
    state = game.new_state()
    if record.start is not None:
        _compare(record, game, None, record.start, state.start_events())
    return game, state


_games: dict[tuple[int, str], tuple[GameFiles, Game]] = {}


def _built(engine: GameEngine, files: GameFiles, setup: dict) -> Game:
    """The game of a setup, made once per set of files: replaying many records
    of the same setup (a test suite, a benchmark) rebuilds nothing."""
    key = (id(files), json.dumps(setup, sort_keys=True))
    known = _games.get(key)
    if known is None or known[0] is not files:
        if len(_games) > 64:
            _games.clear()
        known = _games[key] = (files, engine.build(files, setup))
    return known[1]


def replay(
    record: Record, engine: GameEngine, files: GameFiles, state: tuple[Game, State] | None = None
) -> Iterator[Replayed]:
    """Replay a record action by action; raises `Divergence` at the first difference.

    `state` is the (game, first state) `start` gave, when the caller needs to
    watch the state itself (a debugger).
    """
    game, state = state if state is not None else start(record, engine, files)
    for action in record.actions:
        decision = state.decision()
        if decision is None:
            raise Divergence(record, "the game is already over, but the record goes on", action)
        who = seat_name(decision.player)
        if action.player and action.player != who:
            raise Divergence(record, f"expected a decision of {action.player}, found one of {who} ({decision.kind})", action)
        if action.kind and action.kind != decision.kind:
            raise Divergence(record, f'expected a "{action.kind}" decision, found "{decision.kind}"', action)
        index = action.index
        if index is None:
            index = decision.index_of(action.label)
            if index is None:
                raise Divergence(record, f'"{action.label}" is not a legal choice; the choices are: {", ".join(decision.labels())}', action)
        elif not 0 <= index < len(decision.options):
            raise Divergence(record, f"option {index} does not exist; there are {len(decision.options)}: {', '.join(decision.labels())}", action)
        elif action.label and decision.options[index].label != action.label:
            raise Divergence(
                record,
                f'option {index} is "{decision.options[index].label}", but the record says "{action.label}"; '
                f'the choices are: {", ".join(decision.labels())}',
                action,
            )
        events = state.apply(index)
        if action.events is not None:
            _compare(record, game, action, action.events, events)
        yield Replayed(action, decision, index, events, state)
    outcome = state.outcome()
    if record.outcome is not None:
        if outcome is None:
            raise Divergence(record, f"the record ends with {record.outcome}, but the game goes on ({state.decision().kind} for {seat_name(state.decision().player)})")
        if outcome.as_json() != record.outcome:
            raise Divergence(record, f"expected the outcome {record.outcome}, found {outcome.as_json()}")


def _compare(record: Record, game: Game, action: Action | None, expected: list[Event], found: list[Event]) -> None:
    for step, (want, got) in enumerate(zip(expected, found), start=1):
        if want != got:
            raise Divergence(
                record,
                f"expected «{game.render(want).strip()}», found «{game.render(got).strip()}»",
                action,
                step,
            )
    if len(expected) != len(found):
        step = min(len(expected), len(found)) + 1
        if len(expected) > len(found):
            message = f"expected «{game.render(expected[step - 1]).strip()}», found nothing more"
        else:
            message = f"expected nothing more, found «{game.render(found[step - 1]).strip()}»"
        raise Divergence(record, message, action, step)
