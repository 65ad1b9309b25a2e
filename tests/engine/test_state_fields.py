"""A game's state keeps fewer than 30 fields: Python 3.11 reads an object's fields fastest below that.

An object's fields live in a table its class shares with its other
instances, up to 30 names; an instance with more gets a dictionary of its
own, and every field of it is slower to read and write (a random game of
BattleFight 3% slower, of Dans les Cordes 6%, measured with one field
more than their 29). A field added to a state (or to the engine's
`AgendaState`) that crosses the line fails here: group fields that go
together, or read a game's constants from the game. Duel pour Cardia's
state holds more than 30 fields today (see `OVER`): brought down to 29, its
constants read through properties, it played no faster (the properties cost
what the layout saved). Duel de dragons' was brought down to 28: its
constants read from the game, what its cards' powers have done kept
together (`Marks`).

A state that has been copied (a bot's trials copy the position they start
from) is past that: a copy reads the state's fields as a dictionary, which
would leave them slow to read; the state and its copies are then given a
dictionary of their own (`AgendaState.clone`), marked by one more field,
`_own_dict`, not counted here.
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
OVER = {"cardia": 41}


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
    fields.discard("_own_dict")  # set once copied: a dictionary of its own from then on (see the module's docstring)
    assert len(fields) <= most, f"a {name} state holds {len(fields)} fields (at most {most}): {sorted(fields)}; past 29, Python reads and writes every one of them more slowly"


def test_a_state_copied_keeps_its_fields_in_a_dictionary_of_its_own_and_so_do_its_copies():
    engine = find_engine("cordes")
    files = load_files(engine.language)
    game = engine.build(files, engine.setup_from_options(files, check_options(engine.options, files, {}, "cordes")))
    state = game.new_state()
    assert "_own_dict" not in vars(state)
    copy = state.clone()
    assert state._own_dict and copy._own_dict and vars(copy) is not vars(state)
    again = copy.clone()
    assert set(vars(again)) == set(vars(copy)) == set(vars(state)) and vars(again) is not vars(copy)
