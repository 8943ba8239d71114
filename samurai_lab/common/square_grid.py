"""Where the squares of a square board are drawn: pixel of a square, square under a pixel (Katana, Iki-zumari)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class SquareGrid:
    """``side`` x ``side`` squares of ``cell`` pixels inside a ``margin`` for the coordinates, placed by the game:
    ``place(square)`` → (column, row from the top), ``square_of(column, row)`` → the square there or None."""

    cell: float
    margin: float
    side: ClassVar[int]

    def place(self, square: int) -> tuple[int, int]:
        raise NotImplementedError

    def square_of(self, column: int, row: int) -> int | None:
        raise NotImplementedError

    @property
    def size(self) -> int:
        """Width = height of the whole picture in pixels."""
        return int(round(self.side * self.cell + 2 * self.margin))

    def corner(self, square: int) -> tuple[float, float]:
        """Top-left pixel of a square."""
        column, row = self.place(square)
        return self.margin + column * self.cell, self.margin + row * self.cell

    def centre(self, square: int) -> tuple[float, float]:
        x, y = self.corner(square)
        return x + self.cell / 2, y + self.cell / 2

    def square_at(self, x: float, y: float) -> int | None:
        """The square under pixel (x, y), or None outside the board."""
        if x < self.margin or y < self.margin:
            return None
        column, row = int((x - self.margin) // self.cell), int((y - self.margin) // self.cell)
        return self.square_of(column, row) if column < self.side and row < self.side else None
