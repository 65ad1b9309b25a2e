"""BattleFight's board as a picture: the hexagonal cells in SVG, named, with the two pawns and their life."""

from __future__ import annotations

import math
from html import escape
from typing import Any

#: The size of a cell (centre to corner), in SVG units.
SIZE = 26
COLOURS = ("#b3261e", "#1d5fb4")


def board_svg(state: Any) -> str:
    """The board of a state: cells by their names (A1…), a pawn per player on its cell, edges shaded."""
    board = state.board
    width = math.sqrt(3) * SIZE
    centres = {cell: (width * (cell[0] + cell[1] / 2), 1.5 * SIZE * cell[1]) for cell in board.cells}
    xs = [x for x, _ in centres.values()]
    ys = [y for _, y in centres.values()]
    left, top = min(xs) - width, min(ys) - 2 * SIZE
    view = (max(xs) - min(xs) + 2 * width, max(ys) - min(ys) + 4 * SIZE)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="{left:.1f} {top:.1f} {view[0]:.1f} {view[1]:.1f}" width="{view[0]:.0f}" height="{view[1]:.0f}" role="img" aria-label="the board">'
    ]
    pawns = {seat.position: index for index, seat in enumerate(state.seats) if seat.position is not None}
    for cell, (x, y) in centres.items():
        corners = " ".join(f"{x + SIZE * math.cos(math.radians(60 * k - 30)):.1f},{y + SIZE * math.sin(math.radians(60 * k - 30)):.1f}" for k in range(6))
        fill = "#eef1f5" if board.is_edge(cell) else "#ffffff"
        name = board.names[cell]
        parts.append(f'<polygon points="{corners}" fill="{fill}" stroke="#9aa5b1" stroke-width="1.2" data-cell="{name}"/>')
        parts.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" font-size="10" fill="#8a94a0">{name}</text>')
        if cell in pawns:
            seat = pawns[cell]
            parts.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{SIZE * 0.62:.1f}" fill="{COLOURS[seat]}" data-pawn="P{seat + 1}" data-cell="{name}"/>'
                f'<text x="{x:.1f}" y="{y + 5:.1f}" text-anchor="middle" font-size="13" font-weight="700" fill="#fff">P{seat + 1}</text>'
            )
    for index, seat in enumerate(state.seats):
        parts.append(f'<text x="{left + 8:.1f}" y="{top + 16 + 18 * index:.1f}" font-size="13" fill="{COLOURS[index]}">P{index + 1}: life {escape(str(seat.life))}</text>')
    parts.append("</svg>")
    return "".join(parts)
