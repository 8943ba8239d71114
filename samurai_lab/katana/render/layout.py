"""Where squares are drawn: square size, margins for the coordinates, pixel <-> square."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.board import COORDS, INDEX, SIZE


@dataclass(frozen=True)
class Layout:
    """A board of ``SIZE`` x ``SIZE`` cells of ``cell`` pixels, with a ``margin`` for the coordinates."""

    cell: float = 56.0
    margin: float = 24.0

    @property
    def width(self) -> int:
        return int(round(SIZE * self.cell + 2 * self.margin))

    @property
    def height(self) -> int:
        return self.width

    def origin(self, square: int) -> tuple[float, float]:
        """Top-left pixel of a square (row 9 at the top, Black's side)."""
        col, row = COORDS[square]
        return self.margin + col * self.cell, self.margin + (SIZE - 1 - row) * self.cell

    def centre(self, square: int) -> tuple[float, float]:
        x, y = self.origin(square)
        return x + self.cell / 2, y + self.cell / 2

    def square_at(self, x: float, y: float) -> int | None:
        """The square under pixel (x, y), or None outside the board."""
        col = int((x - self.margin) // self.cell)
        top = int((y - self.margin) // self.cell)
        if x < self.margin or y < self.margin:
            return None
        return INDEX.get((col, SIZE - 1 - top))
