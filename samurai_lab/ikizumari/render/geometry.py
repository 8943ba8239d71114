"""Where squares are drawn: Black's camp (rank 11) at the top, files a-k left to right, coordinates around."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.board import SIZE


@dataclass(frozen=True)
class Geometry:
    cell: int = 46
    margin: int = 22

    @property
    def size(self) -> int:
        """Width = height of the whole picture in pixels."""
        return self.cell * SIZE + 2 * self.margin

    def corner(self, square: int) -> tuple[float, float]:
        """Top-left pixel of a square."""
        row, col = divmod(square, SIZE)
        return self.margin + col * self.cell, self.margin + row * self.cell

    def centre(self, square: int) -> tuple[float, float]:
        x, y = self.corner(square)
        return x + self.cell / 2, y + self.cell / 2

    def square_at(self, x: float, y: float) -> int | None:
        """The square under pixel (x, y), or None outside the board."""
        col = int((x - self.margin) // self.cell)
        row = int((y - self.margin) // self.cell)
        if 0 <= col < SIZE and 0 <= row < SIZE and x >= self.margin and y >= self.margin:
            return row * SIZE + col
        return None


DEFAULT_GEOMETRY = Geometry()
