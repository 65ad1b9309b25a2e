"""Haut la carte's game and states: an `AgendaState` whose tasks read like the rules."""

from __future__ import annotations

from collections import Counter
from typing import Any

from atout.interpreter.engine.decision import CHANCE, Decision, Option, seat_name
from atout.interpreter.engine.agenda import AgendaState
from atout.interpreter.engine.loading import GameFiles
from atout.interpreter.engine.state import Event, Game
from atout.interpreter.engine.zones import conservation
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


class TinyState(AgendaState):
    """A position: the pile, the hands, the cards each seat has played, the rounds won.

    A card is its place in the game's deck (ids 0..n-1): the pile, the hands
    and the played cards hold ids, so that the core's conservation check finds
    a card lost or held twice.
    """

    game: TinyGame
    first_player = 0

    def __init__(self, game: TinyGame) -> None:
        self.game = game
        self.pile: list[int] = list(range(len(game.deck)))
        self.hands: list[list[int]] = [[], []]
        self.played: list[list[int]] = [[], []]
        self.rounds_won = [0, 0]
        self.ties = 0
        self._turn = 0
        self.start(self._deal, 0, game.rules.hand)

    @property
    def turn(self) -> int:
        return self._turn

    def _name(self, card: int) -> str:
        return self.game.deck[card]

    def _take(self, cards: list[int], name: str) -> int:
        """Remove the first card named `name` from `cards` and return it."""
        card = next(card for card in cards if self._name(card) == name)
        cards.remove(card)
        return card

    def _deal(self, seat: int, left: int) -> None:
        """Deal `seat` a card from the pile (chance), `left` cards still to deal to them."""
        counts = Counter(self._name(card) for card in self.pile)
        options = [Option(name, name, count) for name, count in sorted(counts.items())]
        self.ask(Decision(CHANCE, "deal", options, f"deal {seat_name(seat)} a card"), self._dealt, seat, left)

    def _dealt(self, drawn: Option, seat: int, left: int) -> None:
        self.hands[seat].append(self._take(self.pile, drawn.value))
        self.emit("deal", player=seat, card=drawn.value)
        if left > 1:
            self.then(self._deal, seat, left - 1)
        elif seat == 0:
            self.then(self._deal, 1, self.game.rules.hand)
        else:
            self.then(self._round, 1)

    def _round(self, number: int) -> None:
        """Round `number`: each seat plays a card, the first of them by turns; the higher (or lower) takes."""
        if number > min(self.game.rules.rounds, self.game.rules.hand):
            won = self.rounds_won
            winner = None if won[0] == won[1] else won.index(max(won))
            self.finish(winner, "rounds", {"rounds": list(won)})
            return
        self._turn = number
        self.emit("round", round=number)
        for seat in ((number - 1) % 2, number % 2):
            self.then(self._play, seat)
        self.then(self._take_round, number)

    def _play(self, seat: int) -> None:
        names = sorted({self._name(card) for card in self.hands[seat]})
        options = [Option(name, self.game.cards[name]) for name in names]
        self.ask(Decision(seat, "play", options, "play a card"), self._played, seat)

    def _played(self, chosen: Option, seat: int) -> None:
        self.played[seat].append(self._take(self.hands[seat], chosen.label))
        self.emit("play", player=seat, card=chosen.label)

    def _take_round(self, number: int) -> None:
        values = [self.game.cards[self._name(played[-1])].value for played in self.played]
        if values[0] == values[1]:
            self.ties += 1
            self.emit("take", player=None)
        else:
            taker = values.index(min(values) if self.game.lowest else max(values))
            self.rounds_won[taker] += 1
            self.emit("take", player=taker)
        self.then(self._round, number + 1)

    def copy_fields(self, new: TinyState) -> None:
        """The pile, the hands, the cards played and the rounds won change in play."""
        new.pile = self.pile[:]
        new.hands = [hand[:] for hand in self.hands]
        new.played = [played[:] for played in self.played]
        new.rounds_won = self.rounds_won[:]

    def resample(self, player: int, rng: Any) -> TinyState:
        """A copy where the other seat's hand and the pile are dealt anew from the cards `player` has not seen."""
        new = self.clone()
        other = 1 - player
        unseen = sorted(new.hands[other] + new.pile, key=lambda card: (self._name(card), card))
        rng.shuffle(unseen)
        size = len(new.hands[other])
        new.hands[other], new.pile = unseen[:size], unseen[size:]
        return new

    def check_invariants(self) -> list[str]:
        """Every card of the deck is in one zone; the rounds won and tied are the rounds played."""
        zones = {"pile": self.pile}
        for seat in (0, 1):
            zones[f"{seat_name(seat)} hand"] = self.hands[seat]
            zones[f"{seat_name(seat)} played"] = self.played[seat]
        problems = conservation(zones, range(len(self.game.deck)), self._name)
        finished = min(len(played) for played in self.played)
        if sum(self.rounds_won) + self.ties != finished:
            problems.append(f"{self.rounds_won} rounds won and {self.ties} tied, but {finished} rounds played")
        if any(len(hand) + len(played) > self.game.rules.hand for hand, played in zip(self.hands, self.played)):
            problems.append(f"a hand holds more than {self.game.rules.hand} cards")
        return problems

    def _table(self) -> list[str | None]:
        """The cards played in the current round (None: not yet), by seat: both players see them."""
        return [self._name(played[-1]) if len(played) == self._turn and played else None for played in self.played]

    def view(self, player: int) -> dict[str, Any]:
        """What `player` may see: their hand, the cards on the table this round, the rounds won."""
        return {
            "hand": [self._name(card) for card in self.hands[player]],
            "table": self._table(),
            "rounds": list(self.rounds_won),
        }

    def describe(self, viewer: int | None = None) -> str:
        hands = [
            ", ".join(map(self._name, hand)) if viewer is None or viewer == seat else f"{len(hand)} cards"
            for seat, hand in enumerate(self.hands)
        ]
        table = ", ".join(f"{seat_name(seat)} played {name}" for seat, name in enumerate(self._table()) if name)
        return (
            f"round {self._turn}; P1: {hands[0]}; P2: {hands[1]}"
            + (f"; {table}" if table else "")
            + f"; rounds {self.rounds_won[0]}–{self.rounds_won[1]}"
        )
