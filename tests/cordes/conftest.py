"""Scenarios of Dans les Cordes: a position set by hand, then decisions answered by label."""

from __future__ import annotations

import pytest

from atout.interpreter.engine.decision import CHANCE
from atout.interpreter.engine.loading import load_files
from atout.interpreter.engine.piles import Pile
from atout.interpreter.games import ENGINES, LANGUAGES
from atout.interpreter.games.cordes.game import CordesGame
from atout.interpreter.games.cordes.state import CordesState
from atout.interpreter.language.loader import read_document


@pytest.fixture(scope="session")
def cordes_files():
    """The shipped Dans les Cordes files."""
    return load_files(LANGUAGES["cordes"])


@pytest.fixture(scope="session")
def cordes_engine():
    """Dans les Cordes's registry entry."""
    return ENGINES["cordes"]


class Scenario:
    """A game of Dans les Cordes arranged by a test, before P1's first turn.

    Every playable card is in the draw pile, hands are empty, life and energy
    as the rules say (changes to the rules are keyword arguments, by field
    name). `give` puts cards in a hand, `stack` puts known cards on top of the
    pile (drawn in that order, with no chance decision), `begin` starts the
    turn. `cards` adds card definitions (a card file's text without header).
    """

    def __init__(self, files, cards: str = "", gong_depth: int = 20, **rules_changes):
        box = {c.name: c for f in files.card_files for c in f.cards}
        if cards:
            document = read_document("scenario.atout", "Dans les Cordes : cards\n" + cards, LANGUAGES)
            assert not document.diagnostics, [d.render() for d in document.diagnostics]
            box.update({c.name: c for c in document.node.cards})
        rules = files.rules().model_copy(update=rules_changes)
        self.game = CordesGame(rules, box, ("Karpentier", "Lewis"), 0, files.digest())
        self.state = CordesState.arranged(self.game, first=0, gong_depth=gong_depth)
        self.events: list[dict] = []

    # -- arranging ---------------------------------------------------------

    def _take_from_pile(self, name: str) -> int:
        state = self.state
        for segment in state.pile.segments:
            card = next((c for c in segment if state.names[c] == name), None)
            if card is not None:
                segment.remove(card)
                state.pile.segments = [s for s in state.pile.segments if s]
                if state.gong_depth:
                    state.gong_depth = min(state.gong_depth, len(state.pile))
                return card
        raise KeyError(name)

    def give(self, seat: int, *names: str) -> Scenario:
        """Move cards of these names from the pile to a hand."""
        for name in names:
            self.state.seats[seat].hand.append(self._take_from_pile(name))
        return self

    def stack(self, *names: str) -> Scenario:
        """Put these cards on top of the pile, to be drawn in this order (the GONG stays below them)."""
        cards = [self._take_from_pile(name) for name in names]
        for card in reversed(cards):
            self.state.pile.put_on_top([card])
        if self.state.gong_depth is not None:
            self.state.gong_depth += len(cards)
        return self

    def gong_on_top(self, after: int = 0) -> Scenario:
        """Put the GONG under `after` cards (after `stack`, it comes right after the stacked cards)."""
        self.state.gong_depth = after
        return self

    def set(self, seat: int, life: int | None = None, energy: int | None = None) -> Scenario:
        """Set a boxer's markers."""
        if life is not None:
            self.state.seats[seat].life = life
        if energy is not None:
            self.state.seats[seat].energy = energy
        return self

    def begin(self) -> list[dict]:
        """Start P1's turn; the events."""
        events = self.state.begin()
        self.events.extend(events)
        return events

    # -- playing -------------------------------------------------------------

    def choose(self, *labels: str) -> list[dict]:
        """Answer the pending decisions by their options' labels, in order; the events."""
        events: list[dict] = []
        for label in labels:
            decision = self.state.decision()
            assert decision is not None, "the game is over"
            index = decision.index_of(label)
            assert index is not None, f"{label!r} is not among {decision.labels()} ({decision.kind} for {decision.player})"
            new = self.state.apply(index)
            events += new
            assert self.state.check_invariants() == []
        self.events.extend(events)
        return events

    def draw_any(self) -> list[dict]:
        """Answer pending chance decisions with their first option."""
        events: list[dict] = []
        while self.decision is not None and self.decision.player == CHANCE:
            events += self.choose(self.decision.labels()[0])
        return events

    @property
    def decision(self):
        """The pending decision."""
        return self.state.decision()

    @property
    def labels(self) -> list[str]:
        """The pending decision's labels."""
        return self.state.decision().labels()

    def seat(self, index: int):
        """A boxer's markers and zones."""
        return self.state.seats[index]

    def hand(self, index: int) -> list[str]:
        """A hand, by names, sorted."""
        return sorted(self.state.names[c] for c in self.state.seats[index].hand)

    def spittoon(self, index: int) -> list[str]:
        """A spittoon, by names, sorted."""
        return sorted(self.state.names[c] for c in self.state.seats[index].spittoon)

    def ring(self) -> list[str]:
        """The ring, by names, in the order played."""
        return [self.state.names[c] for c in self.state.ring]

    def kinds(self, events: list[dict] | None = None) -> list[str]:
        """The kinds of the events (all events so far by default)."""
        return [e["e"] for e in (self.events if events is None else events)]


@pytest.fixture
def scenario(cordes_files):
    """A fresh `Scenario` (keyword arguments change the rules, by field name)."""
    return lambda cards="", **changes: Scenario(cordes_files, cards, **changes)


@pytest.fixture
def pile_of():
    """A Pile from names (for tests of the pile's zones)."""
    return Pile
