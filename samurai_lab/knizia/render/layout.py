"""Pixel layout of a board: hex size, offset, bounding box, zoom on a set of hexes, hit testing."""

from __future__ import annotations

import math
from typing import Iterable, Sequence

from ..core.board import Board, HexInfo, map_graph
from ..core.hexgrid import SQRT3, axial_to_pixel, hex_corners, pixel_to_axial

HexRef = int | str


class Layout:
    """Where every hex of ``board`` lies in a ``width`` x ``height`` pixel viewport: ``size`` is the hex
    circumradius in pixels; axial (0, 0) is at pixel (``ox``, ``oy``)."""

    __slots__ = ("board", "size", "ox", "oy", "width", "height", "centres", "_at")

    def __init__(self, board: Board, size: float, ox: float, oy: float, width: int, height: int) -> None:
        if size <= 0:
            raise ValueError(f"hex size must be positive, not {size}")
        self.board = board
        self.size = float(size)
        self.ox, self.oy = float(ox), float(oy)
        self.width, self.height = int(width), int(height)
        self.centres: tuple[tuple[float, float], ...] = tuple(self._centre(h.q, h.r) for h in board.info)
        self._at: dict[tuple[int, int], int] = {(h.q, h.r): i for i, h in enumerate(board.info)}

    def __repr__(self) -> str:
        return (f"Layout({self.board.n_players} players, hex size {self.size:.1f}px, "
                f"{self.width}x{self.height}px)")

    def _centre(self, q: int, r: int) -> tuple[float, float]:
        x, y = axial_to_pixel(q, r, self.size)
        return x + self.ox, y + self.oy

    def pixel_of(self, index: int) -> tuple[float, float]:
        """Centre of hex ``index`` in viewport pixels."""
        return self.centres[index]

    def corners(self, index: int, scale: float = 1.0) -> tuple[tuple[float, float], ...]:
        """The six corners of hex ``index`` (``scale`` < 1 gives an inset hexagon)."""
        x, y = self.centres[index]
        return hex_corners(x, y, self.size * scale)

    def hex_at(self, x: float, y: float) -> int | None:
        """Index of the hex in play under pixel (x, y); None outside the viewport or the map."""
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        return self._at.get(pixel_to_axial(x - self.ox, y - self.oy, self.size))

    def visible(self, index: int) -> bool:
        """Does any part of hex ``index`` fall inside the viewport?"""
        return self._box_visible(*self.centres[index])

    def _box_visible(self, x: float, y: float) -> bool:
        s, h = self.size, self.size * SQRT3 / 2
        return x + s > 0 and x - s < self.width and y + h > 0 and y - h < self.height

    def off_board(self) -> list[tuple[HexInfo, float, float]]:
        """Hexes of the printed map not in play at this player count, with their centres, if visible."""
        off = [(info, *self._centre(info.q, info.r)) for hid, info in map_graph().nodes(data="info")
               if hid not in self.board.index]
        return [(info, x, y) for info, x, y in off if self._box_visible(x, y)]


def resolve_hexes(board: Board, hexes: Iterable[HexRef]) -> tuple[int, ...]:
    """Hex indices of ``hexes`` given as indices, ids (``HO21``) or names (``Edo``)."""
    out = []
    n = len(board)
    for h in hexes:
        if isinstance(h, bool) or not isinstance(h, (int, str)):
            raise TypeError(f"a hex is an index or an id such as 'HO21', not {h!r}")
        if isinstance(h, int) and not 0 <= h < n:
            raise ValueError(f"hex index {h} is not on the board for {board.n_players} players (0..{n - 1})")
        out.append(h if isinstance(h, int) else board.resolve(h))
    return tuple(out)


def unit_bbox(board: Board, indices: Sequence[int]) -> tuple[float, float, float, float]:
    """(min x, min y, max x, max y) of the hexes ``indices`` (their corners) for hexes of radius 1."""
    if not indices:
        raise ValueError("cannot frame an empty set of hexes")
    xs, ys = zip(*(axial_to_pixel(board.info[i].q, board.info[i].r, 1.0) for i in indices))
    half_h = SQRT3 / 2
    return min(xs) - 1.0, min(ys) - half_h, max(xs) + 1.0, max(ys) + half_h


def layout_for(
    board: Board,
    hex_size: float = 16,
    *,
    focus: Iterable[HexRef] | None = None,
    width: int | None = None,
    height: int | None = None,
    margin: float | None = None,
    max_zoom: float = 3.0,
) -> Layout:
    """The layout of ``board`` with hexes of radius ``hex_size`` px, framing every hex in play, or the hexes of
    ``focus``: cropped to them, or with ``width`` and ``height`` zoomed (at most ``max_zoom`` times) to fill that
    viewport, centred unless sliding (or zooming out a little) keeps the settlements it shows whole. ``margin``:
    the free border in px (default: half a hex)."""
    if hex_size <= 0:
        raise ValueError(f"hex_size must be positive, not {hex_size}")
    m = hex_size * 0.5 if margin is None else float(margin)
    indices = resolve_hexes(board, focus) if focus is not None else tuple(range(len(board)))
    x0, y0, x1, y1 = unit_bbox(board, indices)
    if (width is None) != (height is None):
        raise ValueError("give both width and height of the viewport, or neither")
    if width is None or height is None:
        w = math.ceil((x1 - x0) * hex_size + 2 * m)
        h = math.ceil((y1 - y0) * hex_size + 2 * m)
        return Layout(board, hex_size, m - x0 * hex_size, m - y0 * hex_size, w, h)
    if width <= 2 * m or height <= 2 * m:
        raise ValueError(f"viewport {width}x{height}px is too small for a margin of {m:g}px")
    if focus is None:
        cx, cy = (x0 + x1) / 2 * hex_size, (y0 + y1) / 2 * hex_size
        return Layout(board, hex_size, width / 2 - cx, height / 2 - cy, width, height)
    fitted = min((width - 2 * m) / (x1 - x0), (height - 2 * m) / (y1 - y0), hex_size * max_zoom)
    units = [axial_to_pixel(board.info[i].q, board.info[i].r, 1.0) for i in board.settlements]
    tried = []
    for scale in FRAME_ZOOM_SCALES:  # the closest zoom whose frame cuts no settlement, else the fewest cut
        size = fitted * scale
        tried.append((*_frame_offset(units, size, (x0, y0, x1, y1), width, height, m), size))
        if tried[-1][0] == 0:
            break
    _, (ox, oy), size = min(tried, key=lambda t: t[0])
    return Layout(board, size, ox, oy, width, height)


#: Positions tried along each axis when a zoomed frame slides to keep settlements whole.
FRAME_STEPS = 24
#: How far a frame may slide off its focus's centre, as a share of its width or height.
MAX_SLIDE = 0.15
#: The share of a settlement's width or height that may show at the frame's edge without counting as cut.
SLIVER = 0.1
#: The zooms tried, as shares of the one that fits the focus, when sliding alone leaves a settlement cut.
FRAME_ZOOM_SCALES = (1.0, 0.92, 0.85, 0.78, 0.7, 0.62, 0.55)


def _frame_offset(units: list[tuple[float, float]], size: float, focus_box: tuple[float, float, float, float],
                  width: int, height: int, margin: float) -> tuple[int, tuple[float, float]]:
    """How many settlements (``units``: their centres at hex size 1) the edge of a zoomed frame cuts (more
    than a sliver inside, part of them outside), and where axial (0, 0) lies in it: the focus centred, unless
    sliding the frame (the focus staying inside) cuts fewer; of those, the position nearest the centre."""
    x0, y0, x1, y1 = focus_box
    centre = (width / 2 - (x0 + x1) / 2 * size, height / 2 - (y0 + y1) / 2 * size)
    reach_x, reach_y = MAX_SLIDE * width, MAX_SLIDE * height  # the focus stays near the middle
    xs = _slide(centre[0], max(margin - x0 * size, centre[0] - reach_x),
                min(width - margin - x1 * size, centre[0] + reach_x))
    ys = _slide(centre[1], max(margin - y0 * size, centre[1] - reach_y),
                min(height - margin - y1 * size, centre[1] + reach_y))
    half_w, half_h = size, size * SQRT3 / 2
    reach_w, reach_h = half_w * (1 - 2 * SLIVER), half_h * (1 - 2 * SLIVER)

    def cut(ox: float, oy: float) -> int:
        count = 0
        for ux, uy in units:
            x, y = ux * size + ox, uy * size + oy
            # a sliver at the edge is no cut; more of the hex (part of its name, its pieces) is
            seen = (-reach_w < x < width + reach_w) and (-reach_h < y < height + reach_h)
            whole = x - half_w >= 0 and x + half_w <= width and y - half_h >= 0 and y + half_h <= height
            count += seen and not whole
        return count

    return min(((cut(ox, oy), (ox, oy)) for ox in xs for oy in ys),
               key=lambda c: (c[0], abs(c[1][0] - centre[0]) + abs(c[1][1] - centre[1])))


def _slide(centre: float, low: float, high: float) -> list[float]:
    """The centred offset and ``FRAME_STEPS`` others from ``low`` to ``high`` (just the centre if no room)."""
    if high <= low:
        return [centre]
    return [centre, *(low + (high - low) * k / FRAME_STEPS for k in range(FRAME_STEPS + 1))]


#: Free border around a fitted board, in hex radii.
FIT_MARGIN = 0.5


def board_aspect(board: Board) -> tuple[float, float]:
    """Width and height of the whole board with its border, in hex radii."""
    x0, y0, x1, y1 = unit_bbox(board, tuple(range(len(board))))
    return x1 - x0 + 2 * FIT_MARGIN, y1 - y0 + 2 * FIT_MARGIN


def fit_box(board: Board, width: float, height: float, min_size: float = 4.0,
            max_size: float | None = None) -> tuple[int, int]:
    """The largest whole-pixel box of the board's proportions inside ``width`` x ``height`` (hex radius
    at least ``min_size``, at most ``max_size``)."""
    bw, bh = board_aspect(board)
    size = max(min_size, min(width / bw, height / bh))
    if max_size is not None:
        size = min(size, max_size)
    return max(1, math.floor(size * bw)), max(1, math.floor(size * bh))


def fit_layout(board: Board, width: int, height: int, *, focus: Iterable[HexRef] | None = None,
               max_zoom: float = 3.0) -> Layout:
    """The layout of ``board`` filling a ``width`` x ``height`` pixel box: the whole board as large as it
    fits, centred; with ``focus``, zoomed (at most ``max_zoom`` times) on those hexes. A function of its
    arguments only: a browser test recomputes it from the canvas's pixel size."""
    bw, bh = board_aspect(board)
    size = min(width / bw, height / bh)
    if size <= 0:
        raise ValueError(f"a {width}x{height}px box cannot hold a board")
    focus_hexes = resolve_hexes(board, focus) if focus is not None else ()
    return layout_for(board, size, focus=focus_hexes or None, width=width, height=height, max_zoom=max_zoom)
