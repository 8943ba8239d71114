"""The three layers of the board on an ipycanvas-like canvas: the board (drawn once), the samurai, and the marks
(selection, legal targets with their distance, the first squares to cross, the last move) — outlines and markers
only, never a wash of colour. The shapes are the SVG's (``scene.py``), replayed by ``common/picture.py``."""

from __future__ import annotations

from typing import Any

from ...common.picture import draw_shapes
from ..core.state import State
from .geometry import Geometry
from .scene import Marks, board_shapes, mark_shapes, piece_shapes

Canvas = Any  # an ipycanvas Canvas (or a test double with the same methods)


def draw_board(c: Canvas, g: Geometry) -> None:
    """Squares, their symbols and the coordinates."""
    draw_shapes(c, board_shapes(g))


def draw_pieces(c: Canvas, g: Geometry, state: State) -> None:
    """The samurai: Red round with an R, Black square with a B (N in French)."""
    draw_shapes(c, piece_shapes(g, state))


def draw_marks(c: Canvas, g: Geometry, marks: Marks) -> None:
    """Outlines and markers over the squares, under the samurai."""
    draw_shapes(c, mark_shapes(g, marks))
