"""Bots play a game's example cards with a record, and the record replays to the same events: a helper of the games' scenario tests."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from atout.interpreter.engine.loading import load_files
from atout.interpreter.engine.play import play_game, seeded
from atout.interpreter.engine.record import RecordWriter, parse_record
from atout.interpreter.engine.replay import replay
from atout.interpreter.games import ENGINES


def played_and_replayed(name: str, folder: Path, options: dict[str, Any], games: int = 30) -> list[dict]:
    """`games` games of game `name` with the cards of `folder` (a bot in three heuristic, the others random), each recorded
    and replayed: every replay's events must be the events played; all the games' events, for the test to look into."""
    engine = ENGINES[name]
    files = load_files(engine.language, [folder])
    built = engine.build(files, engine.setup_from_options(files, options))
    every: list[dict] = []
    for seed in range(games):
        stream = io.StringIO()
        events: list[dict] = []
        bots = [engine.bots["heuristic" if (seed + i) % 3 == 0 else "random"](seeded(seed, f"P{i + 1}")) for i in range(2)]
        play_game(built, bots, seed, writer=RecordWriter(stream), on_event=events.append)
        record = parse_record(stream.getvalue())
        replayed = list(record.start or []) + [event for step in replay(record, engine, files) for event in step.events]
        assert replayed == events, (name, seed)
        every += events
    return every
