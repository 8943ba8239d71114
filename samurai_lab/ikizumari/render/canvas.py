"""Drawing routines for an ipycanvas-like canvas (``fill_style``, ``fill_rect``, ``stroke_rect``, paths, text).

Three layers: the board (drawn once), the samurai, and the marks (selection, legal targets with their
distance, the first squares to cross, the last move) — outlines and markers only, never a wash of colour.
"""

from __future__ import annotations

import math
from typing import Any

from ..core.board import ANZEN, BLACK, BOARD, FILES, MEKURA, RED, SHIRO, SIZE, SQUARES
from ..core.state import State
from . import theme
from .geometry import Geometry
from .scene import Marks
from .shapes import polygon
from .svg import piece_letter

Canvas = Any  # an ipycanvas Canvas (or a test double with the same methods)


def _poly(c: Canvas, points: list[tuple[float, float]]) -> None:
    c.begin_path()
    c.move_to(*points[0])
    for p in points[1:]:
        c.line_to(*p)
    c.close_path()


def draw_board(c: Canvas, g: Geometry) -> None:
    """Squares, their symbols and the coordinates."""
    c.clear()
    c.fill_style = theme.BOARD_BG
    c.fill_rect(0, 0, g.size, g.size)
    cell = g.cell
    for sq in range(SQUARES):
        x, y = g.corner(sq)
        cx, cy = g.centre(sq)
        kind = BOARD.kind[sq]
        c.fill_style = {MEKURA: theme.MEKURA_FILL, SHIRO: theme.SHIRO_FILL, ANZEN: theme.ANZEN_FILL}.get(
            kind, theme.SYMBOL_FILL)
        c.fill_rect(x, y, cell, cell)
        if kind == SHIRO:
            d = cell * 0.28
            c.stroke_style = theme.SHIRO_CROSS
            c.line_width = 4
            c.begin_path()
            c.move_to(cx - d, cy - d)
            c.line_to(cx + d, cy + d)
            c.move_to(cx + d, cy - d)
            c.line_to(cx - d, cy + d)
            c.stroke()
        elif kind == ANZEN:
            c.stroke_style = theme.ANZEN_RING
            c.line_width = 3
            for rr in (cell * 0.36, cell * 0.2):
                c.stroke_circle(cx, cy, rr)
        elif kind != MEKURA:
            shape, colour = theme.SYMBOL_STYLE[BOARD.symbol[sq]]
            c.fill_style = colour
            r = cell * 0.28
            if shape == "circle":
                c.fill_circle(cx, cy, r)
            else:
                _poly(c, polygon(shape, cx, cy, r * 1.1))
                c.fill()
    c.stroke_style = theme.GRID
    c.line_width = 1
    for i in range(SIZE + 1):
        p = g.margin + i * cell
        c.stroke_line(g.margin, p, g.margin + SIZE * cell, p)
        c.stroke_line(p, g.margin, p, g.margin + SIZE * cell)
    c.fill_style = theme.LABEL
    c.font = "12px sans-serif"
    c.text_align = "center"
    c.text_baseline = "middle"
    for i in range(SIZE):
        mid = g.margin + i * cell + cell / 2
        c.fill_text(FILES[i], mid, g.margin / 2)
        c.fill_text(FILES[i], mid, g.size - g.margin / 2)
        c.fill_text(str(SIZE - i), g.margin / 2, mid)
        c.fill_text(str(SIZE - i), g.size - g.margin / 2, mid)


def draw_pieces(c: Canvas, g: Geometry, state: State) -> None:
    """The samurai: Red round with an R, Black square with a B (N in French)."""
    c.clear()
    r = g.cell * 0.38
    c.text_align = "center"
    c.text_baseline = "middle"
    c.font = f"bold {int(r * 1.1)}px sans-serif"
    for player in (RED, BLACK):
        fill, ink = theme.RED_PIECE if player == RED else theme.BLACK_PIECE
        letter = piece_letter(player)
        for sq in state.pieces(player):
            cx, cy = g.centre(sq)
            c.fill_style = fill
            c.stroke_style = theme.PIECE_EDGE
            c.line_width = 2
            if player == RED:
                c.fill_circle(cx, cy, r)
                c.stroke_circle(cx, cy, r)
            else:
                s = r * 1.7
                c.fill_rect(cx - s / 2, cy - s / 2, s, s)
                c.stroke_rect(cx - s / 2, cy - s / 2, s, s)
            c.fill_style = ink
            c.fill_text(letter, cx, cy + 1)


def draw_marks(c: Canvas, g: Geometry, marks: Marks) -> None:
    """Outlines and markers: first squares to cross (dashed purple), last move (teal line), the selected
    samurai (amber ring), legal targets (blue outline, dot and distance)."""
    c.clear()
    cell = g.cell
    if marks.first_squares:
        c.stroke_style = theme.FIRST_SQUARE
        c.line_width = 3
        c.set_line_dash([6, 3])
        for sq in sorted(marks.first_squares):
            x, y = g.corner(sq)
            c.stroke_rect(x + 2, y + 2, cell - 4, cell - 4)
        c.set_line_dash([])
    if marks.last is not None:
        (x0, y0), (x1, y1) = g.centre(marks.last.origin), g.centre(marks.last.target)
        c.stroke_style = theme.LAST_MOVE
        c.line_width = 4
        c.stroke_line(x0, y0, x1, y1)
        ang = math.atan2(y1 - y0, x1 - x0)
        head = [(x1 - 12 * math.cos(ang - 0.5), y1 - 12 * math.sin(ang - 0.5)), (x1, y1),
                (x1 - 12 * math.cos(ang + 0.5), y1 - 12 * math.sin(ang + 0.5))]
        c.begin_path()
        c.move_to(*head[0])
        c.line_to(*head[1])
        c.line_to(*head[2])
        c.stroke()
        c.line_width = 3
        for sq in (marks.last.origin, marks.last.target):
            x, y = g.corner(sq)
            c.stroke_rect(x + 1, y + 1, cell - 2, cell - 2)
    if marks.selected is not None:
        cx, cy = g.centre(marks.selected)
        c.stroke_style = theme.SELECTED
        c.line_width = 4
        c.stroke_circle(cx, cy, cell * 0.47)
    c.font = "bold 12px sans-serif"
    c.text_align = "left"
    c.text_baseline = "top"
    for sq, k in sorted(marks.targets.items()):
        x, y = g.corner(sq)
        cx, cy = g.centre(sq)
        c.stroke_style = theme.TARGET
        c.line_width = 3
        c.stroke_rect(x + 3, y + 3, cell - 6, cell - 6)
        c.fill_style = theme.TARGET
        c.fill_circle(cx, cy, 5)
        c.fill_text(str(k), x + 6, y + 5)
