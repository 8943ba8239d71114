"""The board's page script: it tells the kernel how much room each board has, and makes the board
usable from the keyboard.

Only the page knows the space a board is given and the screen's ``devicePixelRatio``. This script watches
every board element (CSS class ``samurai-board``: resizes, browser zoom, changes that may move its top) and
writes what it measured as JSON into the board's hidden text widget (class ``samurai-board-space``); the
kernel sizes the canvas (CSS size, backing size x ``devicePixelRatio``) and redraws. Message: ``{"w": width
of the board element in CSS px, "vw"/"vh": window size, "top": the element's distance from the top of the
page, "dpr": devicePixelRatio}``.

Keyboard: ipycanvas swallows every key of a focused canvas (``preventDefault``), Tab included: a keyboard
trap. A capture-phase listener lets through every key the board does not use, so Tab moves on. The script
also names the canvas for assistive technology, makes the description line (``samurai-board-live``) a live
region, draws a focus ring when the board is reached from the keyboard, and adds its stylesheet and the
projector's. The script is ``web/board_client.js``, its stylesheet ``web/board_client.css``; the same hidden
output delivers ``ui/touch``'s script.
"""

from __future__ import annotations

import json
import math

import ipywidgets as widgets

from ..i18n import N_, Domain
from .projector import PROJECTOR_CSS
from .scroll_focus import CANVAS_CLASS, script_output
from .touch import touch_script
from .web_files import call_script, web_file

T = Domain("ui")
BOARD_CLASS = "samurai-board"
SPACE_CLASS = "samurai-board-space"
LIVE_CLASS = "samurai-board-live"
KEYBOARD_CLASS = "samurai-board-keyboard"  # on the canvas while it is used from the keyboard: the focus ring shows
OUTPUT_CLASS = "samurai-board-client"
#: The largest room (CSS px) and backing side (device px) a page's measure may give a board: a 4096 x 4096
#: canvas (16.8 million pixels) is sharp on a 4K screen and within what phones' browsers allocate.
MAX_CSS_PX = 4096
MAX_BACKING_PX = 4096
BOARD_KEYS = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter", " ", "Escape")
BOARD_LABEL = N_("Game board. Arrow keys move the cursor from hex to hex, Enter or Space plays on the "
                 "cursor's hex, Escape cancels.")


def client_script() -> str:
    """``web/board_client.js`` with its configuration: its stylesheet (``web/board_client.css`` and the projector's)
    and the board's name and description in the current language."""
    css = web_file(__package__, "board_client.css") + PROJECTOR_CSS
    return call_script(__package__, "board_client.js", {
        "css": css, "keys": list(BOARD_KEYS), "label": T.gettext(BOARD_LABEL), "role": T.gettext("game board"),
        "board": BOARD_CLASS, "canvas": CANVAS_CLASS, "space": SPACE_CLASS, "live": LIVE_CLASS, "kbd": KEYBOARD_CLASS,
    })


def board_client() -> widgets.Output:
    """The hidden widget that delivers the page scripts: this module's and ``ui/touch``'s."""
    return script_output((client_script(), touch_script()), OUTPUT_CLASS)


def parse_space(text: str) -> dict[str, float] | None:
    """The page's measure of a board's room (see the module doc), or None for anything else.

    Whatever a page sends, the board stays a canvas a browser can hold: the element and the window are
    taken as at most ``MAX_CSS_PX`` CSS px, and the pixel ratio lowered so that the backing size is at
    most ``MAX_BACKING_PX`` on a side."""
    try:
        data = json.loads(text)
        out = {k: float(data[k]) for k in ("w", "vw", "vh", "top", "dpr")}
    except (ValueError, KeyError, TypeError, OverflowError):
        return None
    if not all(map(math.isfinite, out.values())) or out["w"] <= 0 or out["vh"] <= 0 or not 0.25 <= out["dpr"] <= 8:
        return None
    for k in ("w", "vw", "vh"):
        out[k] = min(out[k], MAX_CSS_PX)
    out["top"] = min(max(out["top"], 0.0), 64 * MAX_CSS_PX)
    out["dpr"] = min(out["dpr"], MAX_BACKING_PX / max(out["w"], out["vh"]))
    return out


__all__ = ["BOARD_CLASS", "BOARD_KEYS", "LIVE_CLASS", "SPACE_CLASS", "board_client", "client_script", "parse_space"]
