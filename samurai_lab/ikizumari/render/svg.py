"""An SVG picture of a position (``State._repr_svg_`` and the docs), with the same shapes and marks as the app."""

from __future__ import annotations

from ...common.picture import shapes_svg
from ..core.state import State
from .geometry import DEFAULT_GEOMETRY, Geometry
from .scene import Marks, board_shapes, mark_shapes, marks_for, piece_shapes


def position_svg(state: State, selected: int | None = None, geometry: Geometry = DEFAULT_GEOMETRY,
                 marks: Marks | None = None) -> str:
    """The whole board: squares with their symbols, coordinates, samurai, and the marks of the position."""
    g = geometry
    shapes = (board_shapes(g) + mark_shapes(g, marks if marks is not None else marks_for(state, selected))
              + piece_shapes(g, state))
    return shapes_svg(shapes, g.size, g.size)
