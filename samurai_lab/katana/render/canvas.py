"""Draw scene shapes on an ipycanvas ``Canvas`` (or anything with the same drawing calls).

No widget is imported here: the caller passes the canvas and wraps the calls in ``hold_canvas``.
"""

from __future__ import annotations

from typing import Any, Iterable

from .scene import Shape


def draw_shapes(canvas: Any, shapes: Iterable[Shape]) -> None:
    """Replay shapes with the canvas 2D calls (fill first, then stroke)."""
    for s in shapes:
        p = s.points
        canvas.set_line_dash(list(s.dash))
        canvas.line_width = s.width
        canvas.line_cap = "round"
        canvas.line_join = "round"
        if s.kind == "rect":
            if s.fill:
                canvas.fill_style = s.fill
                canvas.fill_rect(p[0], p[1], p[2], p[3])
            if s.stroke:
                canvas.stroke_style = s.stroke
                canvas.stroke_rect(p[0], p[1], p[2], p[3])
        elif s.kind == "circle":
            canvas.begin_path()
            canvas.arc(p[0], p[1], p[2], 0, 6.283185307179586)
            _paint_path(canvas, s.fill, s.stroke)
        elif s.kind in ("poly", "line"):
            canvas.begin_path()
            canvas.move_to(p[0], p[1])
            for i in range(2, len(p), 2):
                canvas.line_to(p[i], p[i + 1])
            if s.kind == "poly":
                canvas.close_path()
            _paint_path(canvas, s.fill if s.kind == "poly" else None, s.stroke)
        elif s.kind == "text":
            canvas.font = f"{'bold ' if s.bold else ''}{s.size:.0f}px sans-serif"
            canvas.text_align = "center"
            canvas.text_baseline = "middle"
            canvas.fill_style = s.fill or "#000000"
            canvas.fill_text(s.text, p[0], p[1])
    canvas.set_line_dash([])


def _paint_path(canvas: Any, fill: str | None, stroke: str | None) -> None:
    """Fill the current path, then outline it (either may be None: not painted)."""
    if fill:
        canvas.fill_style = fill
        canvas.fill()
    if stroke:
        canvas.stroke_style = stroke
        canvas.stroke()
