"""The board in layers (``draw_map``, ``draw_heatmap``, ``draw_pieces``, ``draw_highlights``, each redrawn on its
own), as calls on the canvas given: an ``ipycanvas.Canvas`` (one layer of a ``MultiCanvas``) or a recording fake
in tests. Batching the calls into one message (``hold_canvas``) is the caller's job.
"""

from __future__ import annotations

from itertools import groupby
from typing import Any, Iterable, Mapping

from ..core.state import GameState
from ..core.tiles import Caste
from .layout import Layout
from .scene import (Circle, Group, Line, Poly, Shape, Text, arrow_groups, heat_groups, highlight_groups, map_groups,
                    name_groups, piece_groups, preview_groups, tile_groups)
from .theme import THEME, Theme

try:  # ipycanvas depends on numpy; the drawing routines also work without it
    import numpy as _np
except ImportError:  # pragma: no cover
    _np = None

_RANK = {Poly: 0, Circle: 1, Line: 2, Text: 3}


def _many(point_lists: list) -> Any:
    """Several polygons or polylines as one argument: an (n, k, 2) array when they all have k points
    (ipycanvas then converts them in one go), else a list of point lists."""
    if _np is not None and len({len(p) for p in point_lists}) == 1:
        return _np.asarray(point_lists, dtype=float)
    return [list(p) for p in point_lists]


def _key(shape: Shape) -> tuple:
    """Sort key: pass, shape kind, then style, so that equal styles end up next to each other."""
    t = type(shape)
    if t is Line:
        style = (shape.stroke, shape.width, shape.alpha)
    elif t is Text:
        style = (shape.size, shape.bold, shape.fill)
    else:
        style = (shape.fill or "", shape.stroke or "", shape.width, shape.alpha, getattr(shape, "dash", ()))
    return (shape.z, _RANK[t], style)


class _Pen:
    """Sets canvas style attributes only when they change."""

    def __init__(self, canvas: Any) -> None:
        self.canvas = canvas
        self.state: dict[str, Any] = {}

    def set(self, **attrs: Any) -> None:
        for name, value in attrs.items():
            if name not in self.state or self.state[name] != value:
                if name == "line_dash":
                    self.canvas.set_line_dash(list(value))
                else:
                    setattr(self.canvas, name, value)
                self.state[name] = value


def paint(canvas: Any, shapes: Iterable[Shape], font: str = THEME.font) -> int:
    """Make the canvas calls for ``shapes`` (batched by pass and style). Returns the number of draw calls."""
    pen = _Pen(canvas)
    calls = 0
    for _, run in groupby(sorted(shapes, key=_key), key=_key):
        batch = list(run)
        for part in ([[t] for t in batch] if isinstance(batch[0], Text) else [batch]):
            calls += _draw_batch(canvas, pen, part, font)
    return calls


def _draw_batch(canvas: Any, pen: _Pen, batch: list, font: str) -> int:
    first = batch[0]
    if isinstance(first, (Poly, Circle)):  # fill_polygon(s), stroke_circle(s)...: one call per paint
        poly = isinstance(first, Poly)
        one = len(batch) == 1
        name = ("polygon" if poly else "circle") + ("" if one else "s")
        if poly:
            args = (list(first.points),) if one else (_many([s.points for s in batch]),)
        else:
            args = (first.x, first.y, first.r) if one else tuple([getattr(s, a) for s in batch] for a in "xyr")
        pen.set(global_alpha=first.alpha)
        if first.fill:
            pen.set(fill_style=first.fill)
            getattr(canvas, "fill_" + name)(*args)
        if first.stroke:
            join = {"line_join": "round"} if poly else {}
            pen.set(stroke_style=first.stroke, line_width=first.width, **join,
                    line_dash=tuple(getattr(first, "dash", ())))
            getattr(canvas, "stroke_" + name)(*args)
        return bool(first.fill) + bool(first.stroke)
    if isinstance(first, Line):
        pen.set(global_alpha=first.alpha, stroke_style=first.stroke, line_width=first.width,
                line_cap="round", line_join="round", line_dash=())
        if len(batch) == 1:
            canvas.stroke_lines(list(first.points))
        else:
            canvas.stroke_line_segments(_many([s.points for s in batch]))
        return 1
    t: Text = first  # Text, one at a time
    pen.set(global_alpha=1.0, font=f"{'bold ' if t.bold else ''}{t.size:.1f}px {font}",
            text_align={"middle": "center"}.get(t.anchor, t.anchor), text_baseline="middle")
    if t.halo:
        pen.set(stroke_style=t.halo, line_width=t.halo_width, line_join="round", line_dash=())
        canvas.stroke_text(t.text, t.x, t.y)
    pen.set(fill_style=t.fill)
    canvas.fill_text(t.text, t.x, t.y)
    return 2 if t.halo else 1


def _shapes(groups: Iterable[Group]) -> list[Shape]:
    return [s for g in groups for s in g.shapes]


def draw_map(canvas: Any, layout: Layout, theme: Theme = THEME, show_ids: bool = False) -> int:
    """Layer 0: the background and every hex of the map (in play, and faded out of play)."""
    canvas.clear()
    canvas.global_alpha = 1.0
    canvas.fill_style = theme.background
    canvas.fill_rect(0, 0, layout.width, layout.height)
    return 1 + paint(canvas, _shapes(map_groups(layout, theme, None, show_ids)), theme.font)


def draw_heatmap(canvas: Any, layout: Layout, state: GameState, caste: Caste | None,
                 theme: Theme = THEME) -> int:
    """Layer 1: the influence heat map of ``caste`` (cleared when ``caste`` is None)."""
    canvas.clear()
    if caste is None:
        return 0
    return paint(canvas, _shapes(heat_groups(layout, state, caste, theme)), theme.font)


def draw_pieces(canvas: Any, layout: Layout, state: GameState, theme: Theme = THEME) -> int:
    """Layer 2: caste pieces in the settlements, the tiles in their owners' colours, settlement names."""
    canvas.clear()
    groups = piece_groups(layout, state, theme) + tile_groups(layout, state, theme) + name_groups(layout, theme)
    return paint(canvas, _shapes(groups), theme.font)


def draw_highlights(canvas: Any, layout: Layout, highlights: Mapping[str, Iterable[int]] | None = None,
                    selected: int | None = None, hover: int | None = None, theme: Theme = THEME,
                    cursor: int | None = None, preview: tuple[GameState, GameState, Iterable] | None = None,
                    state: GameState | None = None, arrows: Iterable[tuple[int, int]] = ()) -> int:
    """Layer 3: ``highlight_groups``, a what-if preview given as (state before, state after, resolutions),
    and arrows (pairs of hex indices, from and to)."""
    canvas.clear()
    groups = highlight_groups(layout, highlights, selected, hover, theme, cursor, state) + arrow_groups(
        layout, arrows, theme)
    if preview is not None:
        groups = preview_groups(layout, *preview, theme=theme) + groups
    return paint(canvas, _shapes(groups), theme.font)
