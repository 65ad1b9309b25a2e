"""Scenarios of Duel de dragons: collections made for a test, decisions answered by label."""

from __future__ import annotations

import pytest

from atout.interpreter.engine.loading import load_files
from atout.interpreter.games import ENGINES, LANGUAGES
from atout.interpreter.games.dragons.game import CollectionChoice, DragonsGame
from atout.interpreter.language.loader import read_document

#: Cards made for the scenarios (each within its rarity's band).
CARDS = """
== Dragon d'Exemple ==
Dragon · Rare
Puissance 80 · Ruse 40 · Savoir 30 · Charisme 50

== Modeste ==
Personnage · Commune
Puissance 30 · Ruse 30 · Savoir 30 · Charisme 30

== Faible ==
Personnage · Commune
Puissance 25 · Ruse 25 · Savoir 25 · Charisme 25

== Usé ==
Personnage · Commune
Puissance 5 · Ruse 5 · Savoir 45 · Charisme 45

== Réserviste ==
Dragon · Rare
Puissance 50 · Ruse 50 · Savoir 50 · Charisme 40
"""


@pytest.fixture(scope="session")
def dr_files():
    """The shipped Duel de dragons files."""
    return load_files(LANGUAGES["dragons"])


@pytest.fixture(scope="session")
def dr_engine():
    """Duel de dragons' registry entry."""
    return ENGINES["dragons"]


class Scenario:
    """A duel between two collections given by card names, with the shipped rules changed as asked.

    With five cards in a collection (a reduced duel), the hand is the whole
    collection and no card is drawn: the duel starts at round 1's chance
    decisions. Decisions are answered by their options' labels.
    """

    def __init__(self, files, p1: list[str], p2: list[str], more_cards: str = "", **rules_changes):
        cards = {c.name: c for f in files.card_files for c in f.cards}
        document = read_document("scenario.atout", "Duel de dragons : cartes\n" + CARDS + more_cards, LANGUAGES)
        assert not document.diagnostics, [d.render() for d in document.diagnostics]
        cards.update({c.name: c for c in document.node.cards})
        rules = files.rules().model_copy(update=rules_changes)
        collections = (CollectionChoice("p1", tuple(p1)), CollectionChoice("p2", tuple(p2)))
        self.game = DragonsGame(rules, cards, collections, files.digest())
        self.state = self.game.new_state()
        self.events: list[dict] = list(self.state.start_events())

    def choose(self, label: str) -> list[dict]:
        """Answer the pending decision by its option's label; the events."""
        decision = self.state.decision()
        assert decision is not None, "the duel is over"
        index = decision.index_of(label)
        assert index is not None, f"{label!r} is not among {decision.labels()} ({decision.kind})"
        events = self.state.apply(index)
        assert self.state.check_invariants() == []
        self.events.extend(events)
        return events

    def play(self, *labels: str) -> list[dict]:
        """Answer several decisions in order."""
        events: list[dict] = []
        for label in labels:
            events += self.choose(label)
        return events

    def round(self, stats: str, p1: str, p2: str, count: str | None = None) -> list[dict]:
        """A round: the statistics drawn ("Puissance + Ruse"), then each player's card (label start)."""
        events: list[dict] = []
        if self.decision is not None and self.decision.kind == "stat_count":
            events += self.choose(count or str(stats.count("+") + 1))
        events += self.choose(stats)
        while self.decision is not None and self.decision.kind == "swap":
            events += self.choose("no swap")
        for card in (p1, p2):
            events += self.choose(self.label(card))
        return events

    def label(self, start: str) -> str:
        """The label of the pending decision's option that starts with `start`."""
        labels = self.decision.labels()
        exact = [label for label in labels if label.rsplit(" (", 1)[0] == start]
        found = exact or [label for label in labels if label.startswith(start)]
        assert len(found) == 1, f"{start!r}: {self.decision.labels()}"
        return found[0]

    @property
    def decision(self):
        """The pending decision."""
        return self.state.decision()

    def stats_of(self, seat: int, name: str) -> list[int]:
        """The statistics now of the (first) card of this name in a seat's hand."""
        card = next(c for c in self.state.hands[seat] if self.state.names[c] == name)
        return list(self.state.now[card])

    def hand(self, seat: int) -> list[str]:
        """A seat's hand, by names."""
        return [self.state.names[c] for c in self.state.hands[seat]]

    def kinds(self, events: list[dict]) -> list[str]:
        """The kinds of some events."""
        return [event["e"] for event in events]


FIVE = ["Dragon d'Exemple", "Modeste", "Faible", "Usé", "Réserviste"]


@pytest.fixture
def scenario(dr_files):
    """`scenario(p1, p2, **rules)`: a fresh `Scenario` (five scenario cards each by default)."""
    return lambda p1=FIVE, p2=FIVE, **changes: Scenario(dr_files, list(p1), list(p2), **changes)


@pytest.fixture
def powered(dr_files):
    """`powered(cards, p1, p2, **rules)`: a `Scenario` with cards of its own (card text, powers and all)."""
    return lambda cards, p1=FIVE, p2=FIVE, **changes: Scenario(dr_files, list(p1), list(p2), cards, **changes)
