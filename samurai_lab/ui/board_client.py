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
region, draws a focus ring when the board is reached from the keyboard, and adds the projector stylesheet.
The same hidden output delivers ``ui/touch``'s script.
"""

from __future__ import annotations

import json
import math

import ipywidgets as widgets

from ..i18n import N_, Domain
from .projector import PROJECTOR_CSS
from .scroll_focus import CANVAS_CLASS, script_output
from .touch import touch_script

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

CSS = f"""
canvas.{CANVAS_CLASS}:focus {{ outline: none; }}
canvas.{CANVAS_CLASS}.{KEYBOARD_CLASS}:focus {{ outline: 3px solid #6a1b9a; outline-offset: 2px; }}
.{LIVE_CLASS} {{ font-size: 13px; color: #2b2620; min-height: 0; }}
""" + PROJECTOR_CSS

SCRIPT = """
(() => {
  const C = %(config)s;
  if (window.samuraiBoardClient) { window.samuraiBoardClient.scan(); return; }
  const style = document.createElement('style');
  style.textContent = C.css;
  document.head.appendChild(style);
  const keys = new Set(C.keys);
  const watched = new WeakSet();
  const report = (board) => {
    const canvas = board.querySelector('canvas.' + C.canvas);
    const input = board.querySelector('.' + C.space + ' input');
    if (!canvas || !input) return;
    if (!canvas.hasAttribute('aria-label')) {
      canvas.setAttribute('role', 'application');
      canvas.setAttribute('aria-roledescription', C.role);
      canvas.setAttribute('aria-label', C.label);
    }
    const live = board.querySelector('.' + C.live);
    if (live && !live.hasAttribute('aria-live')) {
      live.setAttribute('aria-live', 'polite');
      live.setAttribute('role', 'status');
    }
    const rect = board.getBoundingClientRect();
    if (rect.width < 1) return;  // hidden (a closed tab): measured when it shows
    const cs = getComputedStyle(board);
    const w = board.clientWidth - parseFloat(cs.paddingLeft || 0) - parseFloat(cs.paddingRight || 0);
    let top = rect.top + window.scrollY;  // from the top of the page, however it is scrolled
    for (let p = board.parentElement; p && p !== document.body && p !== document.documentElement; p = p.parentElement) {
      top += p.scrollTop || 0;
    }
    const msg = JSON.stringify({w: Math.floor(w), vw: window.innerWidth, vh: window.innerHeight,
                                top: Math.round(top), dpr: window.devicePixelRatio || 1});
    if (input.value === msg) return;
    input.value = msg;
    input.dispatchEvent(new Event('input', {bubbles: true}));
  };
  const observer = new ResizeObserver((entries) => {
    for (const e of entries) report(e.target);
  });
  const scan = () => {
    for (const board of document.querySelectorAll('.' + C.board)) {
      if (!watched.has(board)) {
        watched.add(board);
        observer.observe(board);
      }
      report(board);
    }
  };
  let pending = false;
  const later = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; scan(); });
  };
  // a class or style that changes the layout above a board (projector mode's type) moves its top without
  // resizing it: measured again too, as when fonts arrive
  new MutationObserver(later).observe(document.body, {childList: true, subtree: true, attributes: true,
                                                      attributeFilter: ['class', 'style']});
  if (document.fonts) document.fonts.addEventListener('loadingdone', later);
  window.addEventListener('resize', later);
  const watchRatio = () => {  // browser zoom and moving to another screen change devicePixelRatio
    matchMedia('(resolution: ' + window.devicePixelRatio + 'dppx)')
      .addEventListener('change', () => { later(); watchRatio(); }, {once: true});
  };
  watchRatio();
  const isBoard = (t) => t instanceof HTMLCanvasElement && t.classList.contains(C.canvas);
  document.addEventListener('keydown', (event) => {
    const t = event.target;
    if (event.key === 'Tab') {  // the focus ring shows on what the keyboard reaches, not on clicks
      requestAnimationFrame(() => { if (isBoard(document.activeElement)) document.activeElement.classList.add(C.kbd); });
    }
    if (!isBoard(t)) return;
    t.classList.add(C.kbd);
    if (!keys.has(event.key) || event.altKey || event.ctrlKey || event.metaKey) {
      event.stopPropagation();  // not a board key: ipycanvas must not swallow it (Tab moves on)
    }
  }, true);
  document.addEventListener('mousedown', (event) => {
    if (isBoard(event.target)) event.target.classList.remove(C.kbd);
  }, true);
  window.samuraiBoardClient = {scan, report};
  scan();
})();
"""


def client_script() -> str:
    """``SCRIPT`` with its configuration, the board's name and description in the current language."""
    return SCRIPT % {"config": json.dumps({
        "css": CSS, "keys": list(BOARD_KEYS), "label": T.gettext(BOARD_LABEL), "role": T.gettext("game board"),
        "board": BOARD_CLASS, "canvas": CANVAS_CLASS, "space": SPACE_CLASS, "live": LIVE_CLASS, "kbd": KEYBOARD_CLASS,
    })}


def board_client() -> widgets.Output:
    """A hidden widget whose outputs are the page scripts (run by the browser when it is displayed): this
    module's and the touch script of ``ui/touch``."""
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


__all__ = ["BOARD_CLASS", "BOARD_KEYS", "LIVE_CLASS", "SCRIPT", "SPACE_CLASS", "board_client", "client_script",
           "parse_space"]
