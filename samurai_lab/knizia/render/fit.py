"""How large a board is drawn in the room the page gives it (pure functions of the page's measure, as
``common/board_room`` reads it): ``room_box`` is the CSS box of the canvas; the backing size is that times
``dpr``, and ``layout.fit_layout`` lays the map out in it.
"""

from __future__ import annotations

from ...common.board_room import room_height
from ..core.board import Board
from .layout import board_aspect, fit_box

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
    """The CSS box (width, height) of a fitted board in the page's measure ``space`` (its ``room_height``)."""
    return fit_box(board, space["w"], room_height(space, projector, share), min_size=MIN_HEX_PX)
