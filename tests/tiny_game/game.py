"""Haut la carte's game and states: a `FlowState` whose flow reads like the rules."""

from __future__ import annotations

from collections import Counter
from typing import Any

from atout.interpreter.engine.decision import CHANCE, Decision, Option, seat_name
from atout.interpreter.engine.flow import Flow, FlowState
from atout.interpreter.engine.loading import GameFiles
from atout.interpreter.engine.state import Event, Game
from atout.interpreter.language.diagnostics import Diagnostic, DiagnosticError

from .ast import Card
from . import commentary
from .language import TinyRules


class TinyGame(Game):
    """The rules, the deck (a name per copy) and the variant of one game."""

    name = "tiny"

    def __init__(self, files: GameFiles, deck: str | None, lowest: bool, rules: str | None) -> None:
        self.files = files
        self.rules: TinyRules = files.rules(rules)
        self.rules_name = rules
        self.deck_name = deck
        self.lowest = lowest
        self.cards: dict[str, Card] = {c.name: c for f in files.card_files for c in f.cards if isinstance(c, Card)}
        if deck is None:
            self.deck = sorted(name for name in self.cards for _ in range(2))
        else:
            if deck not in files.lists:
                raise DiagnosticError([Diagnostic("E400", f'no deck "{deck}"; the decks are {", ".join(files.lists)}', "deck")])
            self.deck = sorted(e.name for e in files.lists[deck].entries for _ in range(e.count))
        if len(self.deck) < 2 * self.rules.hand:
            raise DiagnosticError(
                [Diagnostic("E401", f"the deck has {len(self.deck)} cards: two hands of {self.rules.hand} need more", "deck")]
            )

    def new_state(self) -> TinyState:
        return TinyState(self)

    def setup(self) -> dict[str, Any]:
        return {"deck": self.deck_name, "lowest": self.lowest, "rules": self.rules_name}

    def digest(self) -> str:
        return self.files.digest()

    def render(self, event: Event, viewer: int | None = None) -> str:
        return commentary.render(event, viewer)


#: The AST classes no dispatch table runs, and the code that reads each.
READ_BY: dict[type, str] = {Card: "TinyGame.__init__"}


class TinyState(FlowState):
    """A position: the pile, the hands, the rounds won."""

    game: TinyGame
    first_player = 0

    def __init__(self, game: TinyGame) -> None:
        self.game = game
        self.pile = Counter(game.deck)
        self.hands: list[list[str]] = [[], []]
        self.rounds_won = [0, 0]
        self._turn = 0
        self.start(self._flow())

    @property
    def turn(self) -> int:
        return self._turn

    def _flow(self) -> Flow:
        rules = self.game.rules
        for seat in (0, 1):
            for _ in range(rules.hand):
                options = [Option(name, name, count) for name, count in sorted(self.pile.items()) if count]
                drawn = yield from self.ask(Decision(CHANCE, "deal", options, f"deal {seat_name(seat)} a card"))
                self.pile[drawn.value] -= 1
                self.hands[seat].append(drawn.value)
                self.emit("deal", player=seat, card=drawn.value)
        for number in range(1, min(rules.rounds, rules.hand) + 1):
            self._turn = number
            self.emit("round", round=number)
            played: dict[int, Card] = {}
            for seat in ((number - 1) % 2, number % 2):
                options = [Option(name, self.game.cards[name]) for name in sorted(set(self.hands[seat]))]
                chosen = yield from self.ask(Decision(seat, "play", options, "play a card"))
                self.hands[seat].remove(chosen.label)
                played[seat] = chosen.value
                self.emit("play", player=seat, card=chosen.label)
            values = [played[0].value, played[1].value]
            if values[0] == values[1]:
                self.emit("take", player=None)
                continue
            taker = values.index(min(values) if self.game.lowest else max(values))
            self.rounds_won[taker] += 1
            self.emit("take", player=taker)
        won = self.rounds_won
        winner = None if won[0] == won[1] else won.index(max(won))
        self.finish(winner, f"rounds {won[0]}–{won[1]}", "rounds", {"rounds": list(won)})

    def view(self, player: int) -> dict[str, Any]:
        return {"hand": list(self.hands[player]), "rounds": list(self.rounds_won)}

    def describe(self, viewer: int | None = None) -> str:
        hands = [
            ", ".join(hand) if viewer is None or viewer == seat else f"{len(hand)} cards"
            for seat, hand in enumerate(self.hands)
        ]
        return f"round {self._turn}; P1: {hands[0]}; P2: {hands[1]}; rounds {self.rounds_won[0]}–{self.rounds_won[1]}"
