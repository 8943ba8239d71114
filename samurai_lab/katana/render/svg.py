"""SVG pictures of positions (``State._repr_svg_`` and the docs)."""

from __future__ import annotations

from typing import Iterable

from ...common.picture import shapes_svg
from ..core.state import State
from .layout import Layout
from .scene import board_shapes, overlay_shapes


def board_svg(state: State, layout: Layout | None = None, *, targets: Iterable[int] = (),
              selected: int | None = None) -> str:
    """The whole picture of ``state`` as an SVG document."""
    lay = layout or Layout(cell=44, margin=20)
    shapes = board_shapes(lay) + overlay_shapes(state, lay, selected=selected, targets=targets)
    return shapes_svg(shapes, lay.width, lay.height)
