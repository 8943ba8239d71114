"""Boards on touch screens: a tap is a click, a drag scrolls, and a lens makes small cells big enough
for a finger.

ipycanvas 0.14 cancels every touch on a canvas (so a drag cannot scroll the page) and sends each touch to
the kernel, while the apps listen to mouse-down. This page script (delivered with ``ui/board_client``) takes
the touches of every board canvas (class ``CANVAS_CLASS``) before ipycanvas does:

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
import json

from ..i18n import N_, Domain
from .scroll_focus import CANVAS_CLASS

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

CSS = f"""
{POINTER_CSS}
canvas.{CANVAS_CLASS} {{ touch-action: manipulation; -webkit-tap-highlight-color: transparent;
  -webkit-touch-callout: none; user-select: none; -webkit-user-select: none; }}
canvas.{CANVAS_CLASS}.{LENS_CLASS} {{ touch-action: none; }}
.{LENS_BOARD_CLASS} {{ position: relative; overflow: clip !important; }}
.{LENS_BUTTON_CLASS} {{ display: block; flex: 0 0 auto; align-self: flex-start; margin: 6px 0; min-height: 44px;
  padding: 0 14px; font-size: 15px; border: 1px solid #2b2620; border-radius: 22px; background: #ffffff;
  color: #2b2620; }}
html:not(.{TOUCH_CLASS}) .{HELP_CLASS} {{ display: none !important; }}
.{HELP_CLASS} {{ font-size: 13px; color: #2b2620; }}
"""

SCRIPT = """
(() => {
  const C = %(config)s;
  if (window.samuraiBoardTouch) return;
  const style = document.createElement('style');
  style.textContent = C.css;
  document.head.appendChild(style);
  const root = document.documentElement;
  const markTouch = () => root.classList.add(C.touchClass);
  if (navigator.maxTouchPoints > 0 || matchMedia('(any-pointer: coarse)').matches) markTouch();
  const isBoard = (t) => t instanceof HTMLCanvasElement && t.classList.contains(C.canvas);
  const lenses = new Map();  // canvas -> {z, tx, ty, w, h, button, watcher}
  let gesture = null;  // the touch under way on a board
  let lastTouch = -Infinity;
  let forwarding = false;

  // --- a tap is a click -------------------------------------------------------------------
  const forward = (canvas, type, x, y) => {
    forwarding = true;
    try {
      canvas.dispatchEvent(new MouseEvent(type, {bubbles: true, cancelable: true, view: window, clientX: x,
                                                 clientY: y, button: 0, buttons: type === 'mousedown' ? 1 : 0}));
    } finally {
      forwarding = false;
    }
  };
  const click = (canvas, x, y) => {
    for (const type of ['mousemove', 'mousedown', 'mouseup']) forward(canvas, type, x, y);
  };
  const cellOf = (canvas) => {
    const board = canvas.closest('.' + C.board);
    const input = board && board.querySelector(C.spaceInput);
    const cell = input ? parseFloat(input.placeholder) : NaN;
    return cell > 0 ? cell : Infinity;
  };
  const tap = (canvas, x, y) => {
    if (!lenses.has(canvas) && cellOf(canvas) < C.minTarget) openLens(canvas, x, y);
    else click(canvas, x, y);
  };

  // --- the lens ---------------------------------------------------------------------------
  const show = (canvas, L) => {
    L.tx = Math.min(0, Math.max(L.w - L.w * L.z, L.tx));
    L.ty = Math.min(0, Math.max(L.h - L.h * L.z, L.ty));
    const z = L.z, top = -L.ty / z, left = -L.tx / z;
    canvas.style.transformOrigin = '0 0';
    canvas.style.transform = `translate(${L.tx}px, ${L.ty}px) scale(${z})`;
    canvas.style.clipPath = `inset(${top}px ${L.w - left - L.w / z}px ${L.h - top - L.h / z}px ${left}px)`;
  };
  const openLens = (canvas, x, y) => {
    const r = canvas.getBoundingClientRect();
    const z = Math.min(C.maxZoom, Math.max(1.5, C.lensTarget / cellOf(canvas)));
    const L = {z, tx: (x - r.left) * (1 - z), ty: (y - r.top) * (1 - z), w: canvas.clientWidth, h: canvas.clientHeight};
    const board = canvas.closest('.' + C.board) || canvas.parentElement;
    board.classList.add(C.lensBoard);
    canvas.classList.add(C.lens);
    const button = document.createElement('button');
    button.type = 'button';
    button.className = C.button;
    const label = board.querySelector('.' + C.help + ' [data-whole]');  // in the board's language
    button.textContent = label ? label.dataset.whole : C.whole;
    button.addEventListener('click', () => closeLens(canvas));
    // right under the board, outside it: never over a piece or a square (the board itself does not move)
    const holder = Array.from(board.children).find((child) => child.contains(canvas));
    if (holder && holder !== canvas) holder.after(button);
    else canvas.after(button);
    L.button = button;
    L.watcher = new ResizeObserver(() => {
      if (canvas.clientWidth !== L.w || canvas.clientHeight !== L.h || !canvas.isConnected) closeLens(canvas);
    });
    L.watcher.observe(canvas);
    lenses.set(canvas, L);
    show(canvas, L);
  };
  const closeLens = (canvas) => {
    const L = lenses.get(canvas);
    if (!L) return;
    lenses.delete(canvas);
    L.watcher.disconnect();
    L.button.remove();
    canvas.classList.remove(C.lens);
    canvas.style.transform = canvas.style.clipPath = canvas.style.transformOrigin = '';
    const board = canvas.closest('.' + C.lensBoard);
    if (board) board.classList.remove(C.lensBoard);
  };

  // --- gestures: taken before ipycanvas sees them -------------------------------------------
  const opts = {capture: true, passive: false};
  const touchOf = (e) => gesture && Array.from(e.changedTouches).find((t) => t.identifier === gesture.id);
  window.addEventListener('touchstart', (e) => {
    const canvas = e.target;
    if (!isBoard(canvas)) return;
    e.stopPropagation();  // ipycanvas would cancel scrolling and send every touch to the kernel
    markTouch();
    lastTouch = performance.now();
    if (e.touches.length > 1) {  // a second finger: a pinch, not a tap
      if (gesture) { gesture.still = false; clearTimeout(gesture.timer); }
      return;
    }
    if (gesture) clearTimeout(gesture.timer);  // one whose end never came
    const t = e.changedTouches[0];
    const g = {canvas, id: t.identifier, x0: t.clientX, y0: t.clientY, x: t.clientX, y: t.clientY, still: true,
               held: false};
    g.timer = setTimeout(() => {
      if (gesture === g && g.still) { g.held = true; forward(canvas, 'mousemove', g.x0, g.y0); }
    }, C.holdMs);
    gesture = g;
  }, opts);
  window.addEventListener('touchmove', (e) => {
    if (!isBoard(e.target)) return;
    e.stopPropagation();
    const t = touchOf(e);
    if (!t) return;
    const g = gesture, L = lenses.get(g.canvas);
    if (L && e.touches.length === 1) {  // a drag moves the lens
      if (e.cancelable) e.preventDefault();
      L.tx += t.clientX - g.x;
      L.ty += t.clientY - g.y;
      show(g.canvas, L);
    }
    g.x = t.clientX;
    g.y = t.clientY;
    if (Math.hypot(g.x - g.x0, g.y - g.y0) > C.slop) { g.still = false; clearTimeout(g.timer); }
  }, opts);
  const end = (e) => {
    if (!isBoard(e.target)) return;
    e.stopPropagation();
    lastTouch = performance.now();
    const t = touchOf(e);
    if (!t) return;
    const g = gesture;
    gesture = null;
    clearTimeout(g.timer);
    if (e.type !== 'touchend') return;
    if (e.cancelable) e.preventDefault();  // no compatibility mouse events, no click, no double-tap zoom
    if (g.still && !g.held && e.touches.length === 0) tap(g.canvas, g.x0, g.y0);
  };
  window.addEventListener('touchend', end, opts);
  window.addEventListener('touchcancel', end, opts);
  // mouse events the browser derives from a touch on a board: the tap was handled already
  for (const type of ['mousedown', 'mouseup', 'mousemove', 'click', 'dblclick', 'contextmenu']) {
    window.addEventListener(type, (e) => {
      if (forwarding || !isBoard(e.target)) return;
      const caps = e.sourceCapabilities;
      if ((caps && caps.firesTouchEvents) || gesture || performance.now() - lastTouch < C.compatMs) {
        e.stopPropagation();
        if (e.cancelable) e.preventDefault();
      }
    }, true);
  }
  // the wheel (a touchpad's two-finger drag) scrolls the page too: no board listens to it
  window.addEventListener('wheel', (e) => { if (isBoard(e.target)) e.stopPropagation(); }, {capture: true, passive: true});
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && isBoard(e.target)) closeLens(e.target);
  }, true);
  window.samuraiBoardTouch = {closeLens, lens: (canvas) => {
    const L = lenses.get(canvas);
    return L ? {z: L.z, tx: L.tx, ty: L.ty, w: L.w, h: L.h} : null;
  }};
})();
"""


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
    """``SCRIPT`` with its configuration and the lens button's label in the current language."""
    return SCRIPT % {"config": json.dumps({
        "css": CSS, "canvas": CANVAS_CLASS, "board": "samurai-board", "spaceInput": SPACE_INPUT,
        "touchClass": TOUCH_CLASS, "lens": LENS_CLASS, "lensBoard": LENS_BOARD_CLASS, "button": LENS_BUTTON_CLASS, "help": HELP_CLASS,
        "whole": T.gettext(WHOLE_BOARD), "minTarget": MIN_TARGET_PX, "lensTarget": LENS_TARGET_PX,
        "maxZoom": MAX_ZOOM, "slop": TAP_SLOP_PX, "holdMs": HOLD_MS, "compatMs": COMPAT_MS,
    })}


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
