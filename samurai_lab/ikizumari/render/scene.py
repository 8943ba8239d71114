"""The picture of a position as plain shapes (``common/picture.py``), worked out once for the SVG and the canvas
alike: the board, the samurai, and the marks on top of the board."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from samurai_lab.i18n import Domain

from ...common.picture import Shape, circle, line, poly, rect
from ..core.board import ANZEN, BLACK, BOARD, FILES, MEKURA, RED, SHIRO, SIZE, SQUARES
from ..core.moves import Move
from ..core.rules import legal_moves, outcome, window
from ..core.state import State
from . import theme
from .geometry import Geometry

T = Domain("ikizumari")


@dataclass(frozen=True)
class Marks:
    """Selected samurai, legal targets with their distance, the first squares to cross, the last move."""

    selected: int | None = None
    targets: dict[int, int] = field(default_factory=dict)  # square -> distance
    first_squares: frozenset[int] = frozenset()
    last: Move | None = None


def marks_for(state: State, selected: int | None = None) -> Marks:
    """The marks of ``state``: the targets of ``selected`` (if it is a samurai of the player to move) and the
    squares bearing the announced symbol next to his samurai."""
    targets: dict[int, int] = {}
    first: set[int] = set()
    if outcome(state) is None:
        moves = [m for m in legal_moves(state) if not m.is_pass]
        if selected is not None:
            targets = {m.target: BOARD.line(m.origin, m.target)[1] for m in moves if m.origin == selected}
        if window(state).symbol is not None and state.ruleset.first_square == "first":
            first = {BOARD.rays[m.origin][BOARD.line(m.origin, m.target)[0]][0] for m in moves}
    last = state.last if state.last is not None and not state.last.is_pass else None
    return Marks(selected, targets, frozenset(first), last)


def polygon(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Corners of ``shape`` (triangle, diamond, hexagon) centred on (cx, cy) with radius r."""
    if shape == "triangle":
        return [(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if shape == "hexagon":
        return [(cx + r * math.cos(math.pi / 3 * i), cy + r * math.sin(math.pi / 3 * i)) for i in range(6)]
    raise ValueError(f"no polygon for {shape!r}")


def board_shapes(g: Geometry) -> list[Shape]:
    """Squares, their symbols, the grid and the coordinates on all four sides."""
    cell = g.cell
    shapes = [rect(0, 0, g.size, g.size, fill=theme.BOARD_BG)]
    for sq in range(SQUARES):
        x, y = g.corner(sq)
        cx, cy = g.centre(sq)
        kind = BOARD.kind[sq]
        fill = {MEKURA: theme.MEKURA_FILL, SHIRO: theme.SHIRO_FILL, ANZEN: theme.ANZEN_FILL}.get(kind,
                                                                                                theme.SYMBOL_FILL)
        shapes.append(rect(x, y, cell, cell, fill=fill))
        if kind == SHIRO:
            d = cell * 0.28
            shapes += [line([(cx - d, cy - d), (cx + d, cy + d)], stroke=theme.SHIRO_CROSS, width=4),
                       line([(cx + d, cy - d), (cx - d, cy + d)], stroke=theme.SHIRO_CROSS, width=4)]
        elif kind == ANZEN:
            shapes += [circle(cx, cy, rr, stroke=theme.ANZEN_RING, width=3) for rr in (cell * 0.36, cell * 0.2)]
        elif kind != MEKURA:
            shape, colour = theme.SYMBOL_STYLE[BOARD.symbol[sq]]
            r = cell * 0.28
            shapes.append(circle(cx, cy, r, fill=colour) if shape == "circle" else
                          poly(polygon(shape, cx, cy, r * 1.1), fill=colour))
    end = g.margin + SIZE * cell
    for i in range(SIZE + 1):
        p = g.margin + i * cell
        shapes += [line([(g.margin, p), (end, p)], stroke=theme.GRID),
                   line([(p, g.margin), (p, end)], stroke=theme.GRID)]
    for i in range(SIZE):
        mid = g.margin + i * cell + cell / 2
        for x, y, text in ((mid, g.margin / 2, FILES[i]), (mid, g.size - g.margin / 2, FILES[i]),
                           (g.margin / 2, mid, str(SIZE - i)), (g.size - g.margin / 2, mid, str(SIZE - i))):
            shapes.append(Shape("text", (x, y), fill=theme.LABEL, text=text))
    return shapes


def piece_shapes(g: Geometry, state: State) -> list[Shape]:
    """The samurai: Red round with an R, Black square with a B (N in French)."""
    r = g.cell * 0.38
    shapes: list[Shape] = []
    for player in (RED, BLACK):
        fill, ink = theme.RED_PIECE if player == RED else theme.BLACK_PIECE
        letter = T.gettext("R") if player == RED else T.gettext("B")  # N for Noir in French
        for sq in state.pieces(player):
            cx, cy = g.centre(sq)
            s = r * 1.7
            shapes.append(circle(cx, cy, r, fill=fill, stroke=theme.PIECE_EDGE, width=2) if player == RED else
                          rect(cx - s / 2, cy - s / 2, s, s, fill=fill, stroke=theme.PIECE_EDGE, width=2))
            shapes.append(Shape("text", (cx, cy + 1), fill=ink, text=letter, size=int(r * 1.1), bold=True))
    return shapes


def mark_shapes(g: Geometry, marks: Marks) -> list[Shape]:
    """Outlines and markers: first squares to cross (dashed purple), last move (teal arrow), the selected
    samurai (amber ring), legal targets (blue outline, dot and distance)."""
    cell = g.cell
    shapes: list[Shape] = []
    for sq in sorted(marks.first_squares):
        x, y = g.corner(sq)
        shapes.append(rect(x + 2, y + 2, cell - 4, cell - 4, stroke=theme.FIRST_SQUARE, width=3, dash=(6, 3)))
    if marks.last is not None:
        (x0, y0), (x1, y1) = g.centre(marks.last.origin), g.centre(marks.last.target)
        ang = math.atan2(y1 - y0, x1 - x0)
        head = [(x1 - 12 * math.cos(ang - 0.5), y1 - 12 * math.sin(ang - 0.5)), (x1, y1),
                (x1 - 12 * math.cos(ang + 0.5), y1 - 12 * math.sin(ang + 0.5))]
        shapes += [line([(x0, y0), (x1, y1)], stroke=theme.LAST_MOVE, width=4),
                   line(head, stroke=theme.LAST_MOVE, width=4)]
        for sq in (marks.last.origin, marks.last.target):
            x, y = g.corner(sq)
            shapes.append(rect(x + 1, y + 1, cell - 2, cell - 2, stroke=theme.LAST_MOVE, width=3))
    if marks.selected is not None:
        shapes.append(circle(*g.centre(marks.selected), cell * 0.47, stroke=theme.SELECTED, width=4))
    for sq, k in sorted(marks.targets.items()):
        x, y = g.corner(sq)
        shapes += [rect(x + 3, y + 3, cell - 6, cell - 6, stroke=theme.TARGET, width=3),
                   circle(*g.centre(sq), 5, fill=theme.TARGET),
                   Shape("text", (x + 10, y + 11), fill=theme.TARGET, text=str(k), bold=True)]
    return shapes
