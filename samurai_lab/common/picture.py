"""A picture as a list of plain shapes, drawn as SVG or replayed on an ipycanvas ``Canvas`` (Katana, Iki-zumari).

A game's ``render/scene.py`` turns a position into shapes once; ``shapes_svg`` writes them as an SVG document and
``draw_shapes`` replays them with the canvas 2D calls. No widget is imported here: the caller passes the canvas and
wraps the calls in ``hold_canvas``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any, Iterable


@dataclass(frozen=True)
class Shape:
    """One shape: ``kind`` is rect, circle, poly, line or text; coordinates in pixels."""

    kind: str
    points: tuple[float, ...]  # rect: x, y, w, h; circle: cx, cy, r; poly/line: x0, y0, x1, y1, ...; text: x, y
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    dash: tuple[float, ...] = ()
    text: str = ""
    size: float = 12.0
    bold: bool = False
    tags: tuple[str, ...] = field(default=())


def rect(x, y, w, h, **kw) -> Shape:
    return Shape("rect", (x, y, w, h), **kw)


def circle(cx, cy, r, **kw) -> Shape:
    return Shape("circle", (cx, cy, r), **kw)


def poly(points: Iterable[tuple[float, float]], **kw) -> Shape:
    return Shape("poly", tuple(v for p in points for v in p), **kw)


def line(points: Iterable[tuple[float, float]], **kw) -> Shape:
    return Shape("line", tuple(v for p in points for v in p), **kw)


def draw_shapes(canvas: Any, shapes: Iterable[Shape]) -> None:
    """Replay shapes with the canvas 2D calls (fill first, then stroke; a disc without outline: ``fill_circle``)."""
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
        elif s.kind == "circle" and not s.stroke:
            canvas.fill_style = s.fill
            canvas.fill_circle(p[0], p[1], p[2])
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


def shape_svg(s: Shape) -> str:
    """One shape as an SVG element."""
    style = f'fill="{"none" if s.kind == "line" else s.fill or "none"}"'
    if s.stroke:
        style += f' stroke="{s.stroke}" stroke-width="{s.width:g}" stroke-linecap="round" stroke-linejoin="round"'
        if s.dash:
            style += f' stroke-dasharray="{",".join(f"{d:g}" for d in s.dash)}"'
    p = s.points
    if s.kind == "rect":
        return f'<rect x="{p[0]:.1f}" y="{p[1]:.1f}" width="{p[2]:.1f}" height="{p[3]:.1f}" {style}/>'
    if s.kind == "circle":
        return f'<circle cx="{p[0]:.1f}" cy="{p[1]:.1f}" r="{p[2]:.1f}" {style}/>'
    if s.kind in ("poly", "line"):
        pts = " ".join(f"{p[i]:.1f},{p[i + 1]:.1f}" for i in range(0, len(p), 2))
        tag = "polygon" if s.kind == "poly" else "polyline"
        return f'<{tag} points="{pts}" {style}/>'
    weight = ' font-weight="bold"' if s.bold else ""
    return (f'<text x="{p[0]:.1f}" y="{p[1]:.1f}" font-family="sans-serif" font-size="{s.size:.1f}"{weight} '
            f'text-anchor="middle" dominant-baseline="central" fill="{s.fill or "#000000"}">{escape(s.text)}</text>')


def shapes_svg(shapes: Iterable[Shape], width: int, height: int) -> str:
    """The shapes as an SVG document of ``width`` x ``height`` pixels."""
    body = "\n".join(shape_svg(s) for s in shapes)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">\n{body}\n</svg>')
