"""An SVG picture of a position (``State._repr_svg_`` and the docs), with the same marks as the app."""

from __future__ import annotations

import html

from samurai_lab.i18n import Domain

from ..core.board import ANZEN, BLACK, BOARD, FILES, MEKURA, RED, SHIRO, SIZE, SQUARES
from ..core.state import State
from . import theme
from .geometry import DEFAULT_GEOMETRY, Geometry
from .scene import Marks, marks_for
from .shapes import polygon

T = Domain("ikizumari")


def _pts(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def square_svg(square: int, g: Geometry) -> str:
    x, y = g.corner(square)
    cx, cy = g.centre(square)
    c, r = g.cell, g.cell * 0.28
    kind = BOARD.kind[square]
    fill = {MEKURA: theme.MEKURA_FILL, SHIRO: theme.SHIRO_FILL, ANZEN: theme.ANZEN_FILL}.get(kind, theme.SYMBOL_FILL)
    out = [f'<rect x="{x}" y="{y}" width="{c}" height="{c}" fill="{fill}" stroke="{theme.GRID}" stroke-width="1"/>']
    if kind == SHIRO:
        d = c * 0.28
        out.append(f'<path d="M{cx - d},{cy - d} L{cx + d},{cy + d} M{cx + d},{cy - d} L{cx - d},{cy + d}" '
                   f'stroke="{theme.SHIRO_CROSS}" stroke-width="4" stroke-linecap="round"/>')
    elif kind == ANZEN:
        for rr, w in ((c * 0.36, 3), (c * 0.2, 3)):
            out.append(f'<circle cx="{cx}" cy="{cy}" r="{rr:.1f}" fill="none" stroke="{theme.ANZEN_RING}" '
                       f'stroke-width="{w}"/>')
    elif kind != MEKURA:
        shape, colour = theme.SYMBOL_STYLE[BOARD.symbol[square]]
        if shape == "circle":
            out.append(f'<circle cx="{cx}" cy="{cy}" r="{r:.1f}" fill="{colour}"/>')
        else:
            out.append(f'<polygon points="{_pts(polygon(shape, cx, cy, r * 1.1))}" fill="{colour}"/>')
    return "".join(out)


def piece_svg(square: int, player: int, g: Geometry) -> str:
    cx, cy = g.centre(square)
    r = g.cell * 0.38
    fill, ink = theme.RED_PIECE if player == RED else theme.BLACK_PIECE
    letter = html.escape(piece_letter(player))
    if player == RED:
        body = f'<circle cx="{cx}" cy="{cy}" r="{r:.1f}" fill="{fill}" stroke="{theme.PIECE_EDGE}" stroke-width="2"/>'
    else:
        s = r * 1.7
        body = (f'<rect x="{cx - s / 2:.1f}" y="{cy - s / 2:.1f}" width="{s:.1f}" height="{s:.1f}" rx="{s * 0.2:.1f}" '
                f'fill="{fill}" stroke="{theme.PIECE_EDGE}" stroke-width="2"/>')
    return body + (f'<text x="{cx}" y="{cy + r * 0.4:.1f}" text-anchor="middle" font-family="sans-serif" '
                   f'font-weight="bold" font-size="{r * 1.1:.0f}" fill="{ink}">{letter}</text>')


def piece_letter(player: int) -> str:
    """The letter on a samurai: R for Red, B for Black (N for Noir in French)."""
    return T.gettext("R") if player == RED else T.gettext("B")


def marks_svg(marks: Marks, g: Geometry) -> str:
    out = []
    c = g.cell
    for sq in sorted(marks.first_squares):
        x, y = g.corner(sq)
        out.append(f'<rect x="{x + 2}" y="{y + 2}" width="{c - 4}" height="{c - 4}" fill="none" '
                   f'stroke="{theme.FIRST_SQUARE}" stroke-width="3" stroke-dasharray="6 3"/>')
    if marks.last is not None:
        (x0, y0), (x1, y1) = g.centre(marks.last.origin), g.centre(marks.last.target)
        out.append(f'<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}" stroke="{theme.LAST_MOVE}" stroke-width="4" '
                   f'stroke-opacity="0.8" stroke-linecap="round"/>')
        for sq in (marks.last.origin, marks.last.target):
            x, y = g.corner(sq)
            out.append(f'<rect x="{x + 1}" y="{y + 1}" width="{c - 2}" height="{c - 2}" fill="none" '
                       f'stroke="{theme.LAST_MOVE}" stroke-width="3"/>')
    if marks.selected is not None:
        cx, cy = g.centre(marks.selected)
        out.append(f'<circle cx="{cx}" cy="{cy}" r="{c * 0.47:.1f}" fill="none" stroke="{theme.SELECTED}" '
                   f'stroke-width="4"/>')
    for sq, k in sorted(marks.targets.items()):
        x, y = g.corner(sq)
        cx, cy = g.centre(sq)
        out.append(f'<rect x="{x + 3}" y="{y + 3}" width="{c - 6}" height="{c - 6}" fill="none" '
                   f'stroke="{theme.TARGET}" stroke-width="3"/>'
                   f'<text x="{x + 6}" y="{y + 15}" font-family="sans-serif" font-weight="bold" font-size="12" '
                   f'fill="{theme.TARGET}">{k}</text>')
    return "".join(out)


def position_svg(state: State, selected: int | None = None, geometry: Geometry = DEFAULT_GEOMETRY,
                 marks: Marks | None = None) -> str:
    """The whole board: squares with their symbols, coordinates, samurai, and the marks of the position."""
    g = geometry
    size = g.size
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {size} {size}">',
             f'<rect width="{size}" height="{size}" fill="{theme.BOARD_BG}"/>']
    parts += [square_svg(sq, g) for sq in range(SQUARES)]
    for i in range(SIZE):
        x = g.margin + i * g.cell + g.cell / 2
        y = g.margin + i * g.cell + g.cell / 2 + 4
        parts.append(f'<text x="{x}" y="{g.margin - 7}" text-anchor="middle" font-family="sans-serif" font-size="12" '
                     f'fill="{theme.LABEL}">{FILES[i]}</text>')
        parts.append(f'<text x="{g.margin / 2}" y="{y}" text-anchor="middle" font-family="sans-serif" '
                     f'font-size="11" fill="{theme.LABEL}">{SIZE - i}</text>')
    parts.append(marks_svg(marks if marks is not None else marks_for(state, selected), g))
    for player in (RED, BLACK):
        parts += [piece_svg(sq, player, g) for sq in state.pieces(player)]
    parts.append("</svg>")
    return "".join(parts)
