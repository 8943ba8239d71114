"""The picture of a position as a list of plain shapes, shared by the SVG and canvas renderers: the static board
(``board_shapes``) and what changes with the position (``overlay_shapes``)."""

from __future__ import annotations

import math
from typing import Iterable

from ...common.picture import Shape, circle, line, poly, rect
from ..core.board import COLUMNS, KIND, N_SQUARES, NEIGHBOUR, ORTHOGONAL, SHIRO_OF, SIZE, SYMBOL_OF
from ..core.rules import outcome
from ..core.state import Move, State, is_strong, owner
from . import theme
from .layout import Layout


def symbol_shapes(symbol: str, cx: float, cy: float, s: float) -> list[Shape]:
    """The symbol of a movement square drawn as plain shapes: moon, dragon, sun, bird."""
    colour = theme.SYMBOL_COLOURS[symbol]
    r = s * 0.3
    if symbol == "taiyo":  # a sun: disc and eight rays
        return [circle(cx, cy, r * 0.6, fill=colour)] + [
            line([(cx + math.cos(a) * r * 0.8, cy + math.sin(a) * r * 0.8),
                  (cx + math.cos(a) * r * 1.25, cy + math.sin(a) * r * 1.25)], stroke=colour, width=max(1.5, s * 0.05))
            for a in (i * math.pi / 4 for i in range(8))]
    if symbol == "mekura":  # a crescent moon: outer arc (the left half of the circle), then inner arc back
        arc = [math.pi / 2 + i * math.pi / 20 for i in range(21)]
        return [poly([(cx + math.cos(a) * r, cy - math.sin(a) * r) for a in arc]
                     + [(cx + r * 0.25 + math.cos(a) * r * 0.55, cy - math.sin(a) * r) for a in reversed(arc)],
                     fill=colour)]
    if symbol == "ryu":  # a dragon: a winding body with a triangular head
        pts = [(cx - r * 1.1 + i * r * 2.0 / 12, cy + math.sin(i * math.pi / 4) * r * 0.45) for i in range(13)]
        hx, hy = pts[-1]
        head = poly([(hx, hy - r * 0.4), (hx + r * 0.5, hy), (hx, hy + r * 0.4)], fill=colour)
        return [line(pts, stroke=colour, width=max(2.0, s * 0.08)), head]
    # wash, a bird: two wings and a body
    wing = max(2.0, s * 0.08)
    left = [(cx - r * 1.1, cy - r * 0.2), (cx - r * 0.55, cy - r * 0.55), (cx, cy + r * 0.15)]
    right = [(cx, cy + r * 0.15), (cx + r * 0.55, cy - r * 0.55), (cx + r * 1.1, cy - r * 0.2)]
    return [line(left, stroke=colour, width=wing), line(right, stroke=colour, width=wing),
            circle(cx, cy + r * 0.3, r * 0.2, fill=colour)]


def sword_shapes(cx: float, cy: float, s: float, fill: str, edge: str, width: float = 1.0) -> list[Shape]:
    """A katana drawn diagonally: blade, guard and hilt."""
    d = s * 0.32
    blade = line([(cx - d, cy + d), (cx + d, cy - d)], stroke=edge, width=max(3.0, s * 0.1) * width)
    blade_in = line([(cx - d, cy + d), (cx + d, cy - d)], stroke=fill, width=max(1.5, s * 0.05) * width)
    g = s * 0.12
    gx, gy = cx - d * 0.45, cy + d * 0.45
    guard = line([(gx - g, gy - g), (gx + g, gy + g)], stroke=edge, width=max(2.0, s * 0.07) * width)
    hilt = line([(gx, gy), (cx - d * 1.05, cy + d * 1.05)], stroke=edge, width=max(3.0, s * 0.11) * width)
    return [blade, blade_in, guard, hilt]


def board_shapes(layout: Layout) -> list[Shape]:
    """The board that never changes: squares with their symbols, Katana swords, SHIRO gates, coordinates."""
    c = layout.cell
    shapes: list[Shape] = [rect(0, 0, layout.width, layout.height, fill=theme.BACKGROUND)]
    for sq in range(N_SQUARES):
        x, y = layout.origin(sq)
        cx, cy = x + c / 2, y + c / 2
        kind = KIND[sq]
        fill = {"black": theme.BLACK_SQUARE, "katana": theme.KATANA_SQUARE, "shiro": theme.SHIRO_SQUARE}.get(
            kind, theme.LIGHT_SQUARE)
        shapes.append(rect(x, y, c, c, fill=fill, stroke=theme.GRID, width=1.0, tags=("square",)))
        if kind == "katana":
            shapes += sword_shapes(cx, cy, c, theme.SWORD, theme.SWORD_EDGE)
        elif kind == "shiro":  # a castle gate: a frame and an arch, with the owner's colour as a band
            player = 0 if sq in SHIRO_OF[0] else 1
            shapes.append(rect(x + c * 0.12, y + c * 0.12, c * 0.76, c * 0.76, stroke=theme.GRID, width=1.5))
            shapes.append(rect(x + c * 0.12, y + c * 0.12, c * 0.76, c * 0.12, fill=theme.PIECE_FILL[player]))
            shapes.append(Shape("text", (cx, cy + c * 0.16), fill=theme.GRID, text="S", size=c * 0.3, bold=True))
        elif SYMBOL_OF[sq]:
            shapes += symbol_shapes(SYMBOL_OF[sq], cx, cy, c)
    for col in range(SIZE):
        x = layout.margin + (col + 0.5) * c
        for y in (layout.margin / 2, layout.height - layout.margin / 2):
            shapes.append(Shape("text", (x, y), fill=theme.COORD_TEXT, text=COLUMNS[col], size=13))
    for row in range(SIZE):
        y = layout.margin + (SIZE - 1 - row + 0.5) * c
        for x in (layout.margin / 2, layout.width - layout.margin / 2):
            shapes.append(Shape("text", (x, y), fill=theme.COORD_TEXT, text=str(row + 1), size=13))
    return shapes


def constraint_squares(state: State) -> list[int]:
    """The squares of the symbol the move must cross first (empty for a free move)."""
    if state.last in ("", "black") or state.pending or outcome(state) is not None:
        return []
    return [sq for sq in range(N_SQUARES) if SYMBOL_OF[sq] == state.last]


def overlay_shapes(state: State, layout: Layout, *, selected: int | None = None, targets: Iterable[int] = (),
                   letters: tuple[str, str] = ("B", "R"), movable: Iterable[int] = (),
                   previous_move: "Move | None" = None) -> list[Shape]:
    """Everything that changes with the position: constraint, last move, challenges, targets, samurai.

    ``movable``: samurai that can move now (a dotted ring); ``previous_move``: the last samurai move, shown
    when the position's own last move was a pass or a relocation."""
    c = layout.cell
    shapes: list[Shape] = []
    movers = set(state.samurai(state.to_move))
    diag_ok = state.rules.adjacency == "eight"
    for sq in constraint_squares(state):
        x, y = layout.origin(sq)
        shapes.append(rect(x + 2, y + 2, c - 4, c - 4, stroke=theme.CONSTRAINT, width=3.0, dash=(6, 3),
                            tags=("constraint",)))
        for d in range(8):  # samurai that may cross it: a small arrow mark towards it
            n = NEIGHBOUR[sq][(d + 4) % 8]
            if n in movers and (diag_ok or d in ORTHOGONAL):
                (x0, y0), (x1, y1) = layout.centre(n), layout.centre(sq)
                shapes.append(line([(x0 + (x1 - x0) * 0.45, y0 + (y1 - y0) * 0.45),
                                     (x0 + (x1 - x0) * 0.7, y0 + (y1 - y0) * 0.7)],
                                    stroke=theme.CONSTRAINT, width=4.0, tags=("constraint",)))
    mv = state.last_move
    if previous_move is not None and (mv is None or mv.kind != "move"):
        shapes.append(line([layout.centre(previous_move.frm), layout.centre(previous_move.to)], stroke=theme.LAST_MOVE,
                           width=2.0, dash=(4, 6), tags=("last",)))
    if mv is not None and mv.kind == "move":
        shapes.append(line([layout.centre(mv.frm), layout.centre(mv.to)], stroke=theme.LAST_MOVE, width=3.0,
                           dash=(8, 4), tags=("last",)))
    for sq in (mv.frm, mv.to) if mv is not None else ():
        if sq >= 0:  # a relocation has no start square, a pass none at all
            x, y = layout.origin(sq)
            shapes.append(rect(x + 4, y + 4, c - 8, c - 8, stroke=theme.LAST_MOVE, width=3.0, tags=("last",)))
    for _, sq in state.pending:
        x, y = layout.origin(sq)
        shapes.append(rect(x + 4, y + 4, c - 8, c - 8, stroke=theme.CHALLENGE, width=2.0, dash=(4, 3),
                            tags=("challenge",)))
    if selected is not None:
        x, y = layout.origin(selected)
        shapes.append(rect(x + 1.5, y + 1.5, c - 3, c - 3, stroke=theme.SELECTED, width=4.0, tags=("selected",)))
    targets = tuple(targets)
    for sq in targets:  # round a samurai, outside his disc and under it: his letter stays readable
        if state.cells[sq]:
            shapes += [circle(*layout.centre(sq), c * 0.46, stroke=colour, width=width, tags=("target",))
                       for colour, width in (("#ffffff", 4.0), (theme.TARGET, 3.0))]
    for sq, cell in enumerate(state.cells):
        if cell:
            shapes += piece_shapes(owner(cell), is_strong(cell), *layout.centre(sq), c, letters)
    for ch in state.challenges:
        shapes.append(line([layout.centre(ch.attacker), layout.centre(ch.defender)], stroke=theme.CHALLENGE, width=5.0,
                           tags=("challenge",)))
        k = c * 0.3
        cx, cy = layout.centre(ch.defender)
        shapes += [line([(cx - k, cy - k * s), (cx + k, cy + k * s)], stroke=theme.CHALLENGE, width=5.0,
                        tags=("challenge",)) for s in (1, -1)]
    for sq in movable:  # who can move now: a dotted ring around the samurai
        cx, cy = layout.centre(sq)
        shapes.append(circle(cx, cy, c * 0.45, stroke=theme.TARGET, width=2.5, dash=(3, 4), tags=("movable",)))
    for sq in (t for t in targets if not state.cells[t]):  # a ring around the target, never a colour wash
        shapes += [circle(*layout.centre(sq), c * 0.2, stroke=colour, width=width, tags=("target",))
                   for colour, width in (("#ffffff", 6.0), (theme.TARGET, 3.5))]
    return shapes


def piece_shapes(player: int, strong: bool, cx: float, cy: float, c: float,
                 letters: tuple[str, str] = ("B", "R")) -> list[Shape]:
    """A samurai: a disc in his side's colour with its letter; his sword across it; hollow without sword."""
    r = c * 0.36
    fill = theme.PIECE_FILL[player]
    if strong:
        return [circle(cx, cy, r, fill=fill, stroke=theme.PIECE_RING[player], width=3.0, tags=("piece",)),
                *sword_shapes(cx + r * 0.6, cy - r * 0.6, c * 0.6, theme.GOLD, "#3a2c00", 0.9),
                Shape("text", (cx - r * 0.1, cy + r * 0.1), fill=theme.PIECE_TEXT, text=letters[player],
                      size=c * 0.34, bold=True, tags=("piece",))]
    return [circle(cx, cy, r, fill="#ffffff", stroke=fill, width=c * 0.1, dash=(), tags=("piece", "weak")),
            Shape("text", (cx, cy + r * 0.05), fill=fill, text=letters[player], size=c * 0.34, bold=True,
                  tags=("piece",))]
