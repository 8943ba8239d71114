"""How large a board is drawn in the room the page gives it (pure functions of the page's measure).

The page script (``ui/board_client``) measures, for each board, ``{"w": width of its element,
"vw"/"vh": the window, "top": its distance from the top of the page, "dpr": devicePixelRatio}``
(CSS pixels). ``room_box`` turns that into the CSS box of the canvas; the backing size is that
times ``dpr``, and ``layout.fit_layout`` lays the map out in it.
"""

from __future__ import annotations

import math

from ..core.board import Board
from .layout import board_aspect, fit_box

#: A board fits in the window below its top when that leaves it this share of the window's height;
#: lower on the page it takes the window's whole height (the page scrolls to it).
MIN_HEIGHT_SHARE = 0.6
#: On a projector the board fits below its top (the step's controls stay on the screen) when that leaves it this
#: share of the window's height.
PROJECTOR_HEIGHT_SHARE = 0.4
#: Free CSS pixels kept below a fitted board.
BOTTOM_GAP = 12
#: Smallest hex radius (CSS px) a fitted board is drawn at.
MIN_HEX_PX = 6.0
#: Largest hex radius (CSS px) a focus zooms a fitted board to.
FOCUS_HEX_PX = 44.0


def focus_zoom(board: Board, box: tuple[int, int], dpr: float = 1.0, max_zoom: float = 3.0,
               projector: bool = False) -> float:
    """The zoom of a focus on a fitted board of backing size ``box``: ``max_zoom``, lowered so that a
    zoomed hex is at most ``FOCUS_HEX_PX`` CSS px (x1.5 on a projector): the focus keeps some of the map
    around it however large the board."""
    bw, bh = board_aspect(board)
    size = min(box[0] / bw, box[1] / bh)
    cap = FOCUS_HEX_PX * dpr * (1.5 if projector else 1.0)
    return max(1.0, min(max_zoom, cap / size))


def room_box(board: Board, space: dict[str, float], projector: bool = False,
             share: float | None = None) -> tuple[int, int]:
    """The CSS box (width, height) a fitted board takes for the page's measure ``space``: as wide as its
    element; as high as fits below its top when that leaves it ``MIN_HEIGHT_SHARE`` of the window
    (``PROJECTOR_HEIGHT_SHARE`` on a projector: the class sees the board and the step's controls without
    scrolling; ``share`` when given: a board whose controls are above it), else (the page scrolls to it anyway)
    as high as the window."""
    whole = space["vh"] - BOTTOM_GAP
    top = math.ceil(space["top"] / 32) * 32  # steps: small shifts of the page do not re-fit the board
    below = space["vh"] - top - BOTTOM_GAP
    # fits below its top; when that is too little, the page scrolls anyway: fill the window's height
    if share is None:
        share = PROJECTOR_HEIGHT_SHARE if projector else MIN_HEIGHT_SHARE
    room_h = below if below >= space["vh"] * share else whole
    return fit_box(board, space["w"], room_h, min_size=MIN_HEX_PX)
