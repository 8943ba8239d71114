"""Boards on touch screens: a tap is a click, a drag scrolls, and a lens makes small cells big enough
for a finger.

ipycanvas 0.14 cancels every touch on a canvas (so a drag cannot scroll the page) and sends each touch to
the kernel, while the apps listen to mouse-down. This page script (``web/touch.js``, its stylesheet
``web/touch.css``; delivered with ``ui/board_client``) takes the touches of every board canvas (class
``CANVAS_CLASS``) before ipycanvas does:

* a **tap** (lifted within ``TAP_SLOP_PX``) is handed to ipycanvas as the pointer events of a click (move,
  down, up); the compatibility mouse events that follow a touch are dropped: one action per tap;
* a **drag** scrolls the page (pinch-zoom stays the browser's) and never places;
* **touch and hold** (``HOLD_MS``) moves the pointer there without a click: what a mouse learns by hovering.

The **lens**: the kernel writes a board's cell size in CSS px into the placeholder of its hidden measure
input. When a cell is smaller than ``MIN_TARGET_PX``, the first tap magnifies the board around the tap (a
CSS transform, clipped to its box) so that a cell is ``LENS_TARGET_PX``; taps in the lens are clicks (ipycanvas
reads positions through ``getBoundingClientRect``, which follows the transform), a drag moves it, and its
"Whole board" button (or Escape, or a new size of the board) closes it.

An instruction says "tap" on a touch screen and "click" elsewhere: ``pointer_html(click, tap)`` holds both
and the page shows its device's (``POINTER_CSS``; the script marks ``<html>`` with ``TOUCH_CLASS``).
"""

from __future__ import annotations

import html

from ..i18n import N_, Domain
from .scroll_focus import CANVAS_CLASS
from .web_files import call_script, web_file

T = Domain("ui")

#: A finger needs about this many CSS pixels.
MIN_TARGET_PX = 44.0
#: A cell's size in the lens.
LENS_TARGET_PX = 48.0
MAX_ZOOM = 4.0
TAP_SLOP_PX = 10
HOLD_MS = 500
#: Mouse events this long after a touch on a board are the browser's compatibility events.
COMPAT_MS = 800

TOUCH_CLASS = "samurai-touch"  # on <html> on a touch screen
HELP_CLASS = "samurai-touch-help"
LENS_CLASS = "samurai-lens"  # on a magnified canvas
LENS_BOARD_CLASS = "samurai-lens-board"  # on the board element holding it
LENS_BUTTON_CLASS = "samurai-lens-close"
SPACE_INPUT = ".samurai-board-space input"  # see ui/board_client (not imported: it imports this module)

WHOLE_BOARD = N_("Whole board")
HELP = {
    ("hex", True): N_("Touch screen: tap the board to magnify it, then tap a hex as you would click it. Drag the "
                      "magnified board to move it; “Whole board” shows all of it again. Touch and hold a hex to read "
                      "about it without playing."),
    ("hex", False): N_("Touch screen: tap a hex as you would click it; touch and hold a hex to read about it without "
                       "playing."),
    ("square", True): N_("Touch screen: tap the board to magnify it, then tap a square as you would click it. Drag "
                         "the magnified board to move it; “Whole board” shows all of it again."),
    ("square", False): N_("Touch screen: tap a square as you would click it."),
}

#: Words said two ways, for a mouse and for a finger (``pointer_html``): the page shows the one of its device.
SAY_CLICK_CLASS = "samurai-say-click"
SAY_TAP_CLASS = "samurai-say-tap"
POINTER_CSS = (f"html.{TOUCH_CLASS} .{SAY_CLICK_CLASS}, html:not(.{TOUCH_CLASS}) .{SAY_TAP_CLASS} "
               "{ display: none !important; }")


def pointer_html(click: str, tap: str) -> str:
    """An instruction said for a mouse (``click``: "Click the square") and for a finger (``tap``: "Tap the
    square"), as HTML: the page shows the one of its device (the page script marks a touch screen)."""
    def body(text: str) -> str:
        return html.escape(text).replace("\n", "<br>")

    return (f'<span class="{SAY_CLICK_CLASS}">{body(click)}</span>'
            f'<span class="{SAY_TAP_CLASS}">{body(tap)}</span>')


class PointerError(ValueError):
    """A refusal that tells what to do with the pointer: its text says "click", ``tap`` says "tap" (a
    ``Feedback`` shows the one of the page's device)."""

    def __init__(self, click: str, tap: str) -> None:
        super().__init__(click)
        self.tap = tap


def touch_script() -> str:
    """``web/touch.js`` with its configuration: its stylesheet (``POINTER_CSS`` and ``web/touch.css``) and the
    lens button's label in the current language."""
    css = f"{POINTER_CSS}\n{web_file(__package__, 'touch.css')}"
    return call_script(__package__, "touch.js", {
        "css": css, "canvas": CANVAS_CLASS, "board": "samurai-board", "spaceInput": SPACE_INPUT,
        "touchClass": TOUCH_CLASS, "lens": LENS_CLASS, "lensBoard": LENS_BOARD_CLASS, "button": LENS_BUTTON_CLASS, "help": HELP_CLASS,
        "whole": T.gettext(WHOLE_BOARD), "minTarget": MIN_TARGET_PX, "lensTarget": LENS_TARGET_PX,
        "maxZoom": MAX_ZOOM, "slop": TAP_SLOP_PX, "holdMs": HOLD_MS, "compatMs": COMPAT_MS,
    })


def needs_lens(cell_css: float) -> bool:
    """True when a cell of ``cell_css`` CSS pixels is too small for a finger: the first tap magnifies."""
    return cell_css < MIN_TARGET_PX


def touch_help(kind: str, cell_css: float) -> str:
    """The line telling touch users how to play on a board of ``kind`` ("hex" or "square") cells."""
    return T.gettext(HELP[kind, needs_lens(cell_css)])


def help_html(kind: str, cell_css: float) -> str:
    """``touch_help`` as the board's help line shows it, carrying the lens button's label for the page script."""
    return (f'<span data-whole="{html.escape(T.gettext(WHOLE_BOARD))}">'
            f"{html.escape(touch_help(kind, cell_css))}</span>")


def cell_text(cell_css: float) -> str:
    """A cell's size as the page script reads it (the placeholder of the board's measure input)."""
    return f"{cell_css:.1f}"


__all__ = ["HELP_CLASS", "MIN_TARGET_PX", "POINTER_CSS", "PointerError", "TOUCH_CLASS", "cell_text", "help_html",
           "needs_lens", "pointer_html", "touch_help", "touch_script"]
