"""What a seat may see of a game of BattleFight: the view bots decide on.

A bot sees a `BattleFightView`: its own hand, the opponent's hand size, the
board, the life and damage points, the techniques in play and the permanents'
totals — never the opponent's cards or the order of a pile.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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

    @classmethod
    def of(cls, state, me: int) -> "BattleFightView":
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
