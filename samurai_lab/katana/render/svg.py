"""SVG pictures of positions (``State._repr_svg_`` and the docs)."""

from __future__ import annotations

from html import escape
from typing import Iterable

from ..core.state import State
from .layout import Layout
from .scene import Shape, board_shapes, overlay_shapes


def shape_svg(s: Shape) -> str:
    """One shape as an SVG element."""
    style = f'fill="{s.fill or "none"}"'
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
        if s.kind == "line":
            style = style.replace('fill="' + (s.fill or "none") + '"', 'fill="none"')
        return f'<{tag} points="{pts}" {style}/>'
    weight = ' font-weight="bold"' if s.bold else ""
    return (f'<text x="{p[0]:.1f}" y="{p[1]:.1f}" font-family="sans-serif" font-size="{s.size:.1f}"{weight} '
            f'text-anchor="middle" dominant-baseline="central" fill="{s.fill}">{escape(s.text)}</text>')


def shapes_svg(shapes: Iterable[Shape], width: int, height: int) -> str:
    body = "\n".join(shape_svg(s) for s in shapes)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">\n{body}\n</svg>')


def board_svg(state: State, layout: Layout | None = None, *, targets: Iterable[int] = (),
              selected: int | None = None) -> str:
    """The whole picture of ``state`` as an SVG document."""
    lay = layout or Layout(cell=44, margin=20)
    shapes = board_shapes(lay) + overlay_shapes(state, lay, selected=selected, targets=targets)
    return shapes_svg(shapes, lay.width, lay.height)
