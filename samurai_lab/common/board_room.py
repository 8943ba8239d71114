"""How high a board may be drawn in the room the page gives it: a pure function of the page's measure
(``ui/board_client``: its message, in CSS pixels). Every game's board takes the height :func:`room_height` gives it.
"""

from __future__ import annotations

import math

#: A board fits in the window below its top when that leaves it this share of the window's height;
#: lower on the page it takes the window's whole height (the page scrolls to it).
MIN_HEIGHT_SHARE = 0.6
#: On a projector the board fits below its top (the step's controls stay on the screen) when that leaves it this
#: share of the window's height.
PROJECTOR_HEIGHT_SHARE = 0.4
#: Free CSS pixels kept below a fitted board.
BOTTOM_GAP = 12


def room_height(space: dict[str, float], projector: bool = False, share: float | None = None) -> float:
    """The CSS height a board may take: what fits below its top when that leaves it its share of the window
    (``share``: a board whose controls are above it; else as the constants say), else the window's height."""
    top = math.ceil(space["top"] / 32) * 32  # steps: small shifts of the page do not re-fit the board
    below = space["vh"] - top - BOTTOM_GAP
    if share is None:
        share = PROJECTOR_HEIGHT_SHARE if projector else MIN_HEIGHT_SHARE
    return below if below >= space["vh"] * share else space["vh"] - BOTTOM_GAP
