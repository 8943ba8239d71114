"""The outlines of the symbols as polygons (shared by the SVG and the canvas)."""

from __future__ import annotations

import math


def polygon(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Corners of ``shape`` (triangle, diamond, hexagon) centred on (cx, cy) with radius r."""
    if shape == "triangle":
        return [(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if shape == "hexagon":
        return [(cx + r * math.cos(math.pi / 3 * i), cy + r * math.sin(math.pi / 3 * i)) for i in range(6)]
    raise ValueError(f"no polygon for {shape!r}")
