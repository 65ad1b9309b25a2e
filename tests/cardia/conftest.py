"""Scenarios of Duel pour Cardia: hands and a line set by hand, then encounters played by name."""

from __future__ import annotations

import dataclasses

import pytest

from atout.interpreter.engine.loading import load_files
from atout.interpreter.games import ENGINES, LANGUAGES
from atout.interpreter.games.cardia.game import CardiaGame
from atout.interpreter.games.cardia.state import Encounter
from atout.interpreter.language.loader import read_document


def lieu_card(regles: str):
    """A Lieu card whose rules are written `regles` (a `Règle :` line's text)."""
    text = f"Duel pour Cardia : cartes\n== Essai ==\nLieu · difficulté ★★\nRègle : {regles}\n"
    document = read_document("essai.atout", text, LANGUAGES)
    assert document.diagnostics == [], [d.render() for d in document.diagnostics]
    (lieu,) = document.node.cards
    return lieu


@pytest.fixture(scope="session")
def cardia_files():
    """The shipped Duel pour Cardia files."""
    return load_files(LANGUAGES["cardia"])


@pytest.fixture(scope="session")
def cardia_engine():
    """Duel pour Cardia's registry entry."""
    return ENGINES["cardia"]


class Scenario:
    """A game of Duel pour Cardia arranged by a test, then played encounter by encounter.

    Hands start empty and the piles full; `hand` moves named cards to a hand,
    `past` puts an encounter in the line as if played before, `start` begins
    the turns. `regles` gives the game a Lieu of the test's own, its rules
    written as on a `Règle :` line. `play(p1, p2, *answers)` plays one encounter: both cards by
    name, then the answers to the decisions that follow (by label); chance
    decisions not answered take their first option.
    """

    def __init__(
        self,
        files,
        deck: str = "I",
        lieu: str | None = None,
        protecteurs: bool = False,
        regles: str | None = None,
        **rules_changes,
    ):
        game = CardiaGame.from_files(files, {"deck": deck, "lieu": lieu, "protecteurs": protecteurs})
        if regles is not None:  # a Lieu of our own, written as its `Règle :` line
            game = dataclasses.replace(game, lieu=lieu_card(regles))
        if rules_changes:
            game.rules = game.rules.model_copy(update=rules_changes)
        self.game = game
        self.state = game.new_state()
        state = self.state
        for seat in state.seats:  # undo the setup's draws: every card back in its pile
            seat.pile.segments = [sorted(seat.pile.cards() + seat.hand)]
            seat.hand = []
        self.events: list[dict] = []

    # -- arranging ---------------------------------------------------------

    def card(self, seat: int, name: str) -> int:
        """The id of a seat's card by name."""
        return next(c for c in range(len(self.state.cards)) if self.state.owners[c] == seat and self.state.names[c] == name)

    def _take(self, seat: int, name: str) -> int:
        card = self.card(seat, name)
        zones = self.state.seats[seat]
        for segment in zones.pile.segments:
            if card in segment:
                segment.remove(card)
        zones.pile.segments = [s for s in zones.pile.segments if s]
        for zone in (zones.hand, zones.discard):
            if card in zone:
                zone.remove(card)
        return card

    def hand(self, seat: int, *names: str) -> Scenario:
        """Put these cards (from the pile) in the seat's hand."""
        for name in names:
            self.state.seats[seat].hand.append(self._take(seat, name))
        return self

    def past(self, p1: str, p2: str) -> Scenario:
        """An encounter already in the line (its seal given as usual, no ability)."""
        state = self.state
        a, b = self._take(0, p1), self._take(1, p2)
        number = len(state.line) + 1
        state.line.append(Encounter(number, (a, b), [a, b]))
        state.place[a] = state.place[b] = number - 1
        state.evaluate()
        return self

    def persistent(self, seat: int, name: str) -> Scenario:
        """Give a card in play its Persistant token."""
        self.state.persistent.append(self.card(seat, name))
        self.state.refresh_active()
        self.state.evaluate()
        return self

    def protecteur(self, name: str) -> Scenario:
        """The Protecteur of the next encounter, taken from the Protecteurs' pile."""
        state = self.state
        index = next(i for i, p in enumerate(self.game.protecteurs) if p.name == name)
        for segment in state.protector_pile.segments:
            if index in segment:
                segment.remove(index)
        state.protector_pile.segments = [s for s in state.protector_pile.segments if s]
        state.upcoming = index
        return self

    def empty_pile(self, seat: int) -> Scenario:
        """Move the seat's whole pile to its discard."""
        zones = self.state.seats[seat]
        zones.discard.extend(zones.pile.cards())
        zones.pile.segments = []
        return self

    def start(self) -> Scenario:
        """Begin the turns from the arranged position."""
        self.state.start(self.state.turns)
        self.events.extend(self.state.start_events())
        return self

    # -- playing -------------------------------------------------------------

    def choose(self, label: str) -> list[dict]:
        """Answer the pending decision by its option's label; the events."""
        decision = self.state.decision()
        assert decision is not None, "the game is over"
        index = decision.index_of(label)
        assert index is not None, f"{label!r} is not among {decision.labels()} ({decision.kind})"
        events = self.state.apply(index)
        self.events.extend(events)
        return events

    def play(self, p1: str, p2: str, *answers: str) -> list[dict]:
        """Play one encounter and the decisions after it, up to the next encounter's choice."""
        events: list[dict] = []
        if self.state.turn == 0:
            self.start()
            events += self.state.start_events()
        turn = self.state.turn
        labels = {0: p1, 1: p2}
        while (decision := self.state.decision()) is not None and decision.kind == "play" and self.state.turn == turn:
            events += self.choose(labels[decision.player])
        left = list(answers)
        while (decision := self.state.decision()) is not None and not (decision.kind == "play" and self.state.turn > turn):
            if left and decision.index_of(left[0]) is not None:
                events += self.choose(left.pop(0))
            elif decision.is_chance:
                events += self.choose(decision.labels()[0])
            else:
                raise AssertionError(f"no answer for {decision.kind} {decision.labels()} (answers left: {left})")
        assert not left, f"answers not used: {left}"
        return events

    # -- reading -------------------------------------------------------------

    @property
    def decision(self):
        """The pending decision."""
        return self.state.decision()

    def seals(self) -> list[int]:
        """Each seat's seals now."""
        return self.state.seals()

    def influence(self, seat: int, name: str) -> int:
        """A card's influence now."""
        return self.state.influence(self.card(seat, name))

    def names(self, seat: int, zone: str) -> list[str]:
        """A seat's hand or discard, by names, sorted."""
        return sorted(self.state.names[c] for c in getattr(self.state.seats[seat], zone))

    def outcome(self):
        """The outcome, if over."""
        return self.state.outcome()


def kinds(events: list[dict]) -> list[str]:
    """The kinds of events, in order."""
    return [e["e"] for e in events]


def duel(sc: Scenario, p1: str, p2: str, *answers: str) -> list[dict]:
    """Play one encounter up to its end (the seals counted): both cards by name, then the answers by label.

    Chance decisions not answered take their first option; a second choice of
    P1's (after a card played face up) takes the same card.
    """
    events: list[dict] = []
    if sc.state.turn == 0:
        sc.start()
        events += sc.state.start_events()
    left = list(answers)
    while "count" not in kinds(events) and sc.outcome() is None:
        decision = sc.state.decision()
        assert decision is not None
        if decision.kind == "play":
            events += sc.choose((p1, p2)[decision.player])
        elif left and not decision.is_chance and decision.index_of(left[0]) is not None:
            events += sc.choose(left.pop(0))
        elif decision.is_chance:
            events += sc.choose(decision.labels()[0])
        else:
            raise AssertionError(f"no answer for {decision.kind} {decision.labels()} (answers left: {left})")
    assert not left, f"answers not used: {left}"
    return events


@pytest.fixture
def scenario(cardia_files):
    """A fresh `Scenario` (deck I by default)."""
    return lambda **options: Scenario(cardia_files, **options)
