"""Scenarios of BattleFight: a position set by hand, then techniques played by name."""

from __future__ import annotations

import pytest

from atout.interpreter.engine.loading import load_files
from atout.interpreter.games import ENGINES, LANGUAGES
from atout.interpreter.games.battlefight.game import BattleFightGame, DeckChoice
from atout.interpreter.language.loader import read_document


@pytest.fixture(scope="session")
def bf_files():
    """The shipped BattleFight files."""
    return load_files(LANGUAGES["battlefight"])


@pytest.fixture(scope="session")
def bf_engine():
    """BattleFight's registry entry."""
    return ENGINES["battlefight"]


class Scenario:
    """A game of BattleFight with P1 to play at turn 1, arranged by a test.

    Both players use the same constructed deck of three copies of every card
    of the set (and of the scenario's own cards), so any card can be put in a
    hand with `give`. Arranging re-poses P1's decision with the new hand.
    """

    def __init__(self, files, cards: str = "", **rules_changes):
        techniques = {c.name: c for f in files.card_files if f.kind == "cards" for c in f.cards}
        basics = {c.type: c for f in files.card_files if f.kind == "basics" for c in f.cards}
        if cards:
            document = read_document("scenario.atout", "BattleFight : cartes\n" + cards, LANGUAGES)
            assert not document.diagnostics, [d.render() for d in document.diagnostics]
            techniques.update({c.name: c for c in document.node.cards})
        deck = DeckChoice("constructed", "all", tuple(sorted(techniques)) * 3)
        rules = files.rules().model_copy(update=rules_changes)
        self.game = BattleFightGame(rules, techniques, basics, (deck, deck), 0, files.digest())
        self.state = self.game.new_state()
        self.events: list[dict] = []

    # -- arranging ---------------------------------------------------------

    def give(self, seat: int, *names: str) -> Scenario:
        """Move cards of these names from the seat's pile to its hand."""
        seat_state = self.state.seats[seat]
        for name in names:
            for segment in seat_state.pile.segments:
                card = next((c for c in segment if self.state.name_of(c) == name), None)
                if card is not None:
                    segment.remove(card)
                    seat_state.hand.append(card)
                    break
            else:
                raise KeyError(name)
        seat_state.pile.segments = [s for s in seat_state.pile.segments if s]
        return self.repose()

    def repose(self) -> Scenario:
        """Ask the player to play again, with the options of the arranged position."""
        decision = self.state.decision()
        if decision is not None and decision.kind == "play":
            self.state._pending = None
            self.state.ask_turn(self.state.current)
        return self

    def place(self, p1: str, p2: str) -> Scenario:
        """Put the pawns on cells named like "D4"."""
        names = self.game.board.by_name
        self.state.seats[0].position, self.state.seats[1].position = names[p1], names[p2]
        return self

    def empty_pile(self, seat: int) -> Scenario:
        """Move a seat's whole pile to its discard."""
        seat_state = self.state.seats[seat]
        seat_state.discard.extend(seat_state.pile.cards())
        seat_state.pile.segments = []
        return self.repose()

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

    def play(self, technique: str, *answers: str) -> list[dict]:
        """Play a technique by name, then answer the decisions that follow in order."""
        events = self.choose(technique)
        for answer in answers:
            events += self.choose(answer)
        return events

    def draw_any(self) -> list[dict]:
        """Answer pending chance draws with their first option."""
        events: list[dict] = []
        while self.state.decision() is not None and self.state.decision().kind == "draw":
            events += self.choose(self.state.decision().labels()[0])
        return events

    def pass_turn(self) -> list[dict]:
        """Play Déplacement de base and stay where one is: a turn that changes nothing."""
        events = self.choose("Déplacement de base")
        if self.state.decision() is not None and self.state.decision().kind == "move":
            events += self.choose("stay")
        return events

    @property
    def decision(self):
        """The pending decision."""
        return self.state.decision()

    def seat(self, index: int):
        """A seat's counters and zones."""
        return self.state.seats[index]

    def hand(self, index: int) -> list[str]:
        """A seat's hand, by names, sorted."""
        return sorted(self.state.name_of(c) for c in self.state.seats[index].hand)

    def discard(self, index: int) -> list[str]:
        """A seat's discard, by names, sorted."""
        return sorted(self.state.name_of(c) for c in self.state.seats[index].discard)

    def in_play(self) -> list[str]:
        """The techniques in play, by names."""
        return [a.name for a in self.state.actives]


@pytest.fixture
def scenario(bf_files):
    """A fresh `Scenario`: P1 to play, empty hands, pawns in the corners."""
    return lambda cards="", **changes: Scenario(bf_files, cards, **changes)
