"""Flat-topped hex geometry in axial coordinates (q, r), shared by the board model and every renderer:
neighbour directions, axial -> pixel centres, pixel -> axial hit testing and corners."""

from __future__ import annotations

import math

#: The six neighbour offsets of a flat-topped axial hex, clockwise from east.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

SQRT3 = math.sqrt(3.0)


def neighbour_coords(q: int, r: int) -> tuple[tuple[int, int], ...]:
    """The six axial coordinates around (q, r)."""
    return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)


def axial_to_pixel(q: float, r: float, size: float) -> tuple[float, float]:
    """Centre of hex (q, r) in pixels (y down) for hexes of circumradius ``size``."""
    return 1.5 * size * q, SQRT3 * size * (r + q / 2.0)


def _cube_round(q: float, r: float) -> tuple[int, int]:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)


def pixel_to_axial(x: float, y: float, size: float) -> tuple[int, int]:
    """The axial coordinates of the hex containing pixel (x, y) (inverse of axial_to_pixel)."""
    q = (2.0 / 3.0 * x) / size
    r = (-x / 3.0 + SQRT3 / 3.0 * y) / size
    return _cube_round(q, r)


_COS = tuple(math.cos(math.pi / 3 * i) for i in range(6))
_SIN = tuple(math.sin(math.pi / 3 * i) for i in range(6))


def hex_corners(cx: float, cy: float, size: float) -> tuple[tuple[float, float], ...]:
    """The six corners of a flat-topped hex centred at (cx, cy)."""
    return tuple((cx + size * _COS[i], cy + size * _SIN[i]) for i in range(6))


def axial_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Number of hex steps between two axial coordinates."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2
