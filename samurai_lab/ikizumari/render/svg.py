"""An SVG picture of a position (``State._repr_svg_`` and the docs), with the same shapes and marks as the app."""

from __future__ import annotations

from ...common.picture import shapes_svg
from ..core.state import State
from .geometry import DEFAULT_GEOMETRY, Geometry
from .scene import Marks, board_shapes, mark_shapes, marks_for, piece_shapes


def position_svg(state: State, selected: int | None = None, geometry: Geometry = DEFAULT_GEOMETRY,
                 marks: Marks | None = None) -> str:
    """The whole board: squares with their symbols, coordinates, samurai, and the marks of the position."""
    marks = marks if marks is not None else marks_for(state, selected)
    shapes = board_shapes(geometry) + mark_shapes(geometry, marks) + piece_shapes(geometry, state)
    return shapes_svg(shapes, geometry.size, geometry.size)
