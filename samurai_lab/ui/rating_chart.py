"""The player's puzzle rating and its history as a few words and a tiny SVG line (no widget library):
what the Puzzles app shows under its buttons."""

from __future__ import annotations

import html
from typing import Sequence

from ..common.glicko2 import Rating
from ..i18n import Domain

T = Domain("ui")
WIDTH, HEIGHT, PAD = 240, 56, 4
LINE, DOT, BAND = "#1a4f8b", "#6b4b1f", "#efe8da"


def rating_text(rating: Rating, tries: int) -> str:
    """``Your rating in this game: 1432 (± 212), from 3 first tries.`` in the current language."""
    return T.ngettext("Your rating in this game: {rating} (± {deviation}), from {n} first try.",
                      "Your rating in this game: {rating} (± {deviation}), from {n} first tries.",
                      tries).format(rating=round(rating.rating), deviation=round(rating.deviation), n=tries)


def chart_svg(points: Sequence[float]) -> str:
    """The ratings ``points`` (oldest first) as a line, its last point marked; '' with fewer than two."""
    if len(points) < 2:
        return ""
    low, high = min(points), max(points)
    span = max(high - low, 50.0)
    mid = (low + high) / 2
    low, high = mid - span / 2, mid + span / 2
    step = (WIDTH - 2 * PAD) / (len(points) - 1)

    def xy(k: int, value: float) -> tuple[float, float]:
        return PAD + k * step, PAD + (HEIGHT - 2 * PAD) * (high - value) / (high - low)

    path = " ".join(f"{x:.1f},{y:.1f}" for x, y in (xy(k, v) for k, v in enumerate(points)))
    last_x, last_y = xy(len(points) - 1, points[-1])
    label = html.escape(T.gettext("Your rating after each first try: from {first} to {last}.").format(
        first=round(points[0]), last=round(points[-1])))
    return (f'<svg class="samurai-rating-chart" role="img" aria-label="{label}" width="{WIDTH}" height="{HEIGHT}" '
            f'viewBox="0 0 {WIDTH} {HEIGHT}" xmlns="http://www.w3.org/2000/svg"><title>{label}</title>'
            f'<rect width="{WIDTH}" height="{HEIGHT}" rx="4" fill="{BAND}"/>'
            f'<polyline points="{path}" fill="none" stroke="{LINE}" stroke-width="2" stroke-linejoin="round"/>'
            f'<circle cx="{last_x:.1f}" cy="{last_y:.1f}" r="3.5" fill="{DOT}"/></svg>')


def rating_html(rating: Rating, points: Sequence[float], tries: int) -> str:
    """The words and the chart, as HTML."""
    return (f'<div class="samurai-rating-text">{html.escape(rating_text(rating, tries))}</div>'
            f'{chart_svg(points)}')


__all__ = ["chart_svg", "rating_html", "rating_text"]
