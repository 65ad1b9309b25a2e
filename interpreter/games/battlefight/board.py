"""BattleFight's board: a hexagon of hexagonal cells (37 cells for radius 3).

Cells are axial coordinates (q, r) with |q|, |r|, |q + r| ≤ radius. People
read them by row and place in the row: rows A, B, C… from top to bottom, cells
numbered from 1 left to right, so the 37-cell board has rows of 4, 5, 6, 7, 6,
5 and 4 cells, D4 is the centre, and the pawns start in the opposite corners
A1 and G4 (distance 6), as far from each other as the board allows.
"""

from __future__ import annotations

from functools import cached_property

from atout.interpreter.engine.decision import Option

Cell = tuple[int, int]

#: The six neighbours of a cell, as axial offsets.
DIRECTIONS: tuple[Cell, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


class Board:
    """The cells of a hexagonal board of a given radius, and their geometry."""

    def __init__(self, radius: int) -> None:
        self.radius = radius
        self.cells: tuple[Cell, ...] = tuple((q, r) for r in range(-radius, radius + 1) for q in range(-radius, radius + 1) if abs(q + r) <= radius)
        self._cell_set = frozenset(self.cells)
        self.names: dict[Cell, str] = {}
        for row_index, r in enumerate(range(-radius, radius + 1)):
            row = [cell for cell in self.cells if cell[1] == r]
            for place, cell in enumerate(row, start=1):
                self.names[cell] = f"{chr(ord('A') + row_index)}{place}"
        self.by_name = {name: cell for cell, name in self.names.items()}

    def __contains__(self, cell: Cell) -> bool:
        return cell in self._cell_set

    @cached_property
    def neighbours(self) -> dict[Cell, tuple[Cell, ...]]:
        """Each cell's adjacent cells on the board."""
        return {(q, r): tuple((q + dq, r + dr) for dq, dr in DIRECTIONS if (q + dq, r + dr) in self._cell_set) for q, r in self.cells}

    @cached_property
    def neighbours_by_name(self) -> dict[Cell, tuple[Cell, ...]]:
        """Each cell's adjacent cells, in the order of their names (as a decision offers them)."""
        return {cell: tuple(sorted(around, key=self.names.__getitem__)) for cell, around in self.neighbours.items()}

    @cached_property
    def options(self) -> dict[Cell, Option]:
        """The option of choosing each cell, named as people read it (made once: options never change)."""
        return {cell: Option(name, cell) for cell, name in self.names.items()}

    def is_edge(self, cell: Cell) -> bool:
        """True for a cell with fewer than six neighbours on the board."""
        return len(self.neighbours[cell]) < 6

    @staticmethod
    def distance(a: Cell, b: Cell) -> int:
        """The number of cell-to-cell moves between two cells."""
        dq, dr = a[0] - b[0], a[1] - b[1]
        return max(abs(dq), abs(dr), abs(dq + dr))

    def start_cells(self) -> tuple[Cell, Cell]:
        """The two opposite corners where the pawns start."""
        return (0, -self.radius), (0, self.radius)

    def picture(self, pawns: dict[Cell, str]) -> str:
        """The board as text, rows staggered, with pawns drawn as given."""
        lines = []
        for r in range(-self.radius, self.radius + 1):
            row = [cell for cell in self.cells if cell[1] == r]
            indent = " " * (2 * self.radius + 1 - len(row)) * 2
            lines.append(indent + "  ".join(pawns.get(cell, f"{self.names[cell]:>2}") for cell in row))
        return "\n".join(lines)
