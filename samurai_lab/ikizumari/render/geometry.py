"""Where squares are drawn: Black's camp (rank 11) at the top, files a-k left to right, coordinates around."""

from __future__ import annotations

from dataclasses import dataclass

from ...common.square_grid import SquareGrid
from ..core.board import SIZE


@dataclass(frozen=True)
class Geometry(SquareGrid):
    cell: int = 46
    margin: int = 22
    side = SIZE

    def place(self, square: int) -> tuple[int, int]:
        row, column = divmod(square, SIZE)
        return column, row

    def square_of(self, column: int, row: int) -> int:
        return row * SIZE + column


DEFAULT_GEOMETRY = Geometry()
