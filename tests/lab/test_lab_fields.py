"""The cards the lab reads from an event's facts (`LabTraits.fields`) are those the game's `card_events` gives.

Each game declares, for the kinds of events that show their cards in their
facts alone, where the seat and the card are; the lab reads those events
so, and every other kind by `card_events`. Here both readings follow the
same games, action by action (the same events with the same states), and
must count the same cards the same way after every action.
"""

from __future__ import annotations

from typing import Any

import pytest

from atout.interpreter.api import load_game
from atout.interpreter.engine.play import play_game, seeded
from atout.interpreter.engine.registry import find_engine
from atout.interpreter.lab.run import _Reading
from atout.interpreter.lab.traits import Fields, LabTraits

#: The games whose lab reads events (the others keep a ledger: tests/lab/test_ledger.py).
GAMES = tuple(name for name in ("battlefight", "cordes", "cardia", "dragons") if not find_engine(name).lab.ledger)


def _both_ways(name: str, traits: LabTraits, seeds: range) -> int:
    """Play random games of `name`, read by `traits.fields` and by `card_events` alone; the events read from fields."""
    engine = find_engine(name)
    game = load_game(name).game
    make = engine.bots["random"]
    by_fields = cards = 0
    for seed in seeds:
        fast, plain = _Reading(traits), _Reading(traits)
        plain.fields = {}

        def read(events: list[dict[str, Any]], state: Any) -> None:
            nonlocal by_fields
            by_fields += sum(event["e"] in traits.fields for event in events)
            fast.events(events, state)
            plain.events(events, state)
            assert fast.cards == plain.cards, (name, seed, events)

        play_game(game, [make(seeded(seed, "P1")), make(seeded(seed, "P2"))], seed, on_events=read, hear=traits.heard)
        assert fast.cards == plain.cards
        cards += sum(len(seat) for seat in plain.cards)
    assert cards > len(seeds)  # cards were read (a short game may show none)
    return by_fields


@pytest.mark.parametrize("name", GAMES)
def test_the_cards_read_from_the_facts_are_those_card_events_gives(name):
    traits = find_engine(name).lab
    assert traits is not None and traits.fields
    assert set(traits.fields) <= (traits.heard or set())  # a kind read from its facts is one the game makes for the lab
    assert _both_ways(name, traits, range(15)) > 15


@pytest.mark.parametrize("name", GAMES)
def test_a_field_declared_wrong_is_told(name):
    """The comparison can fail: each game's fields, each made to read a card as the wrong use, no longer agree with its `card_events`."""
    from dataclasses import replace

    traits = find_engine(name).lab
    assert traits is not None
    for kind, fields in traits.fields.items():
        wrong = "played" if fields.use != "played" else "held"
        broken = replace(traits, fields={**traits.fields, kind: Fields(fields.seat, fields.card, wrong, fields.unless)})
        with pytest.raises(AssertionError):
            _both_ways(name, broken, range(15))


def test_the_plain_path_reads_every_event_with_card_events(monkeypatch):
    """With the fast paths off (`ATOUT_PLAIN=1`), a reading keeps no fields: `card_events` reads every kind."""
    from atout.interpreter.lab import run

    traits = find_engine("cordes").lab
    assert traits is not None
    assert _Reading(traits).fields == traits.fields
    monkeypatch.setattr(run, "FAST", False)
    assert _Reading(traits).fields == {}
