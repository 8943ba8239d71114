"""Where squares are drawn: square size, margins for the coordinates, pixel <-> square."""

from __future__ import annotations

from dataclasses import dataclass

from ...common.square_grid import SquareGrid
from ..core.board import COORDS, INDEX, SIZE


@dataclass(frozen=True)
class Layout(SquareGrid):
    """A board of ``SIZE`` x ``SIZE`` cells of ``cell`` pixels, with a ``margin`` for the coordinates (row 9 at the
    top, Black's side)."""

    cell: float = 56.0
    margin: float = 24.0
    side = SIZE

    def place(self, square: int) -> tuple[int, int]:
        col, row = COORDS[square]
        return col, SIZE - 1 - row

    def square_of(self, column: int, row: int) -> int | None:
        return INDEX.get((column, SIZE - 1 - row))

    width = height = SquareGrid.size  #: pixels
    origin = SquareGrid.corner  #: the top-left pixel of a square
