"""What a seat may see of a game of BattleFight: the view bots decide on.

A bot sees a `BattleFightView`: its own hand, the opponent's hand size, the
board, the life and damage points, the techniques in play and the permanents'
totals — never the opponent's cards or the order of a pile.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from atout.interpreter.engine.counters import NO_COUNTERS
from atout.interpreter.engine.durations import NO_DURATIONS
from atout.interpreter.engine.decision import Decision, Option

from . import ast
from .board import Board, Cell


@dataclass(frozen=True)
class BattleFightView:
    """What one player may know of a game of BattleFight."""

    me: int
    board: Board
    positions: tuple[Cell | None, Cell | None]
    life: tuple[int, int]
    damage: tuple[int, int]
    hand: tuple[ast.Technique, ...]
    hand_sizes: tuple[int, int]
    #: Force, Protection, Vitesse, Charme of each seat.
    bonuses: tuple[dict, dict]
    #: (technique, owner, stable, cost, steps left) of each technique in play.
    in_play: tuple[tuple[ast.Technique, int, bool, int, int], ...] = ()
    #: Each seat's discard, face up ("consultable à tout moment"), and each pile's size.
    discards: tuple[tuple[ast.Technique, ...], tuple[ast.Technique, ...]] = ((), ())
    pile_sizes: tuple[int, int] = (0, 0)
    #: The tokens, public: ("player", seat, or "card", a technique in play's uid; token's name folded; count).
    tokens: tuple[tuple[str, int, str, int], ...] = ()
    #: The delayed and lasting steps, public (every technique is played face up): see `Durations.key`.
    durations: tuple[tuple[Any, ...], ...] = ()

    @classmethod
    def of(cls, state, me: int) -> BattleFightView:
        """The view of `me` on a state."""
        kinds = {"Force": ast.Force, "Protection": ast.Protection, "Vitesse": ast.Vitesse, "Charme": ast.Charme}
        first, second = state.seats

        def bonuses(seat: int) -> dict[str, int]:
            return {name: state.bonus(seat, kind) for name, kind in kinds.items()}

        def discard(seat: Any) -> tuple[ast.Technique, ...]:
            return tuple(state.cards[c] for c in seat.discard)

        return cls(
            me,
            state.board,
            (first.position, second.position),
            (first.life, second.life),
            (first.damage, second.damage),
            tuple(state.cards[c] for c in state.seats[me].hand),
            (len(first.hand), len(second.hand)),
            (bonuses(0), bonuses(1)),
            tuple((a.technique, a.owner, a.stable, a.cost, len(a.technique.steps) - a.next_step) for a in state.actives),
            (discard(first), discard(second)),
            (len(first.pile), len(second.pile)),
            state.counters.key() if state.counters is not NO_COUNTERS else (),
            state.durations.key() if state.durations is not NO_DURATIONS else (),
        )

    def cell(self, seat: int) -> Cell:
        """Where `seat` stands (asked only while the game goes on, so while both are on the board)."""
        cell = self.positions[seat]
        if cell is None:
            raise ValueError(f"P{seat + 1} is off the board: the game is over")
        return cell

    @property
    def them(self) -> int:
        """The opponent's seat."""
        return 1 - self.me

    @property
    def distance(self) -> int:
        """The distance between the pawns."""
        mine, theirs = self.positions[self.me], self.positions[self.them]
        return self.board.distance(mine, theirs) if mine and theirs else 0

    def would_fail(self, decision: Decision, option: Option) -> str | None:
        """Why playing `option` of `decision` (the technique of a turn, or of a Rejouer) now would fail,
        when what this seat sees makes it certain; else None.

        The technique's first steps are read in order while each is a
        condition of the player's own that this view settles: `Corps à Corps`
        and `Distance` by the distance of the pawns, `Défausser N` by the
        cards left in hand once the technique is played (a card played
        leaves the hand). The first other step ends the reading: what
        follows may depend on what nobody can know yet.
        """
        if decision.kind not in ("play", "replay"):
            return None
        technique, left = self._played(option)
        if technique is None:
            return None
        distance = self.distance
        for step in technique.steps:
            keyword = step.keyword
            if step.modifiers:
                return None
            if isinstance(keyword, ast.CorpsACorps):
                if distance > 1:
                    return f"Corps à Corps, and the opponent is {_cells(distance)} away"
            elif isinstance(keyword, ast.Distance):
                if distance < keyword.n:
                    return f"Distance {keyword.n}, and the opponent is {_cells(distance)} away"
            elif isinstance(keyword, ast.Defausser):
                if left < keyword.n:
                    return f"Défausser {keyword.n}, and {_cards_left(left)} left in hand"
                left -= keyword.n
            else:
                return None
        return None

    def _played(self, option: Option) -> tuple[ast.Technique | None, int]:
        """The technique an option plays (a basic one, or a card of the hand by its name), and the hand left then."""
        if isinstance(option.value, ast.Technique):
            return option.value, len(self.hand)
        if isinstance(option.value, int) and not isinstance(option.value, bool):
            technique = next((card for card in self.hand if card.name == option.label), None)
            return technique, len(self.hand) - 1
        return None, 0


def _cells(count: int) -> str:
    """`1 cell`, `3 cells`."""
    return f"{count} cell{'s' * (count != 1)}"


def _cards_left(count: int) -> str:
    """`no card`, `1 card`, `2 cards`."""
    return "no card" if count == 0 else f"{count} card{'s' * (count != 1)}"
