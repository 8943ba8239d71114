"""The layout of a board that fits its room, as the kernel drew it (for clicks and pixel checks)."""

from __future__ import annotations

import json
import time

from playwright.sync_api import Page

from samurai_lab.knizia.render.layout import fit_layout
from samurai_lab.knizia.render.fit import focus_zoom, room_box


def board_layout(page: Page, board, selector: str = "canvas.samurai-board-canvas", *, focus=None,
                 max_zoom: float = 3.0, projector: bool = False, timeout: float = 30.0):
    """The layout of a fitted board as the kernel drew it, once the canvas has the size the page's last
    measure asks for (``BoardView`` fits it; ``room_box``). Returns ``fit_layout`` of the canvas size,
    zoomed on ``focus`` as ``BoardView`` does (``focus_zoom``)."""
    deadline = time.monotonic() + timeout
    settled = None  # a fitted size seen once: it must hold a moment (the page may still be settling)
    while True:
        got = page.evaluate(
            """(sel) => { const c = document.querySelector(sel); if (!c) return null;
  const b = c.closest('.samurai-board'); const i = b && b.querySelector('.samurai-board-space input');
  return {w: c.width, h: c.height, space: i ? i.value : ''}; }""", selector)
        fitted = None
        if got and got["space"]:
            space = json.loads(got["space"])
            w, h = room_box(board, space, projector)
            want = (max(1, round(w * space["dpr"])), max(1, round(h * space["dpr"])))
            if (got["w"], got["h"]) == want:
                fitted = (want, got["space"])
        if fitted is not None and fitted == settled:
            zoom = focus_zoom(board, fitted[0], space["dpr"], max_zoom, projector)
            return fit_layout(board, *fitted[0], focus=focus, max_zoom=zoom)
        settled = fitted
        if time.monotonic() > deadline:
            raise AssertionError(f"the board was not fitted to its room in {timeout:g}s: {got}")
        page.wait_for_timeout(300)
