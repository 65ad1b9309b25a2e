"""A game's state keeps fewer than 30 fields: Python 3.11 reads an object's fields fastest below that.

An object's fields live in a table its class shares with its other
instances, up to 30 names; an instance with more gets a dictionary of its
own, and every field of it is slower to read and write (a random game of
BattleFight 3% slower, of Dans les Cordes 6%, measured with one field
more than their 29). A field added to a state (or to the engine's
`AgendaState`) that crosses the line fails here: group fields that go
together, or read a game's constants from the game. Duel pour Cardia's and
Duel de dragons' states hold more than 30 fields today (see `OVER`): Duel
pour Cardia's brought down to 29, its constants read through properties,
played no faster (the properties cost what the layout saved).
"""

from __future__ import annotations

import pytest

from atout.interpreter.engine.loading import load_files
from atout.interpreter.engine.options import check_options
from atout.interpreter.engine.play import play_game, seeded
from atout.interpreter.engine.registry import find_engine

#: The fastest layout holds at most this many fields.
FIELDS = 29

#: The games whose states hold more today, with their count (it may only go down).
OVER = {"cardia": 42, "dragons": 38}


def _fields(name: str) -> set[str]:
    """Every field a state of the game holds, over a random and a heuristic game and the bots' copies."""
    engine = find_engine(name)
    files = load_files(engine.language)
    game = engine.build(files, engine.setup_from_options(files, check_options(engine.options, files, {}, name)))
    seen: set[str] = set()
    for bot in ("random", "heuristic"):
        make = engine.bots[bot]
        state = play_game(game, [make(seeded(2, "P1")), make(seeded(2, "P2"))], 2).state
        seen |= set(vars(state))
        copy = game.new_state().clone()
        seen |= set(vars(copy))
    return seen


@pytest.mark.parametrize("name", ["battlefight", "cordes", "cardia", "dragons"])
def test_a_state_keeps_under_thirty_fields(name):
    fields = _fields(name)
    most = OVER.get(name, FIELDS)
    assert len(fields) <= most, (
        f"a {name} state holds {len(fields)} fields (at most {most}): {sorted(fields)}; "
        "past 29, Python reads and writes every one of them more slowly"
    )
