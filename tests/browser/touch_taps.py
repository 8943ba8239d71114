"""Touch screens for the browser tests: emulated phones and tablets, taps on a board through its lens, drags.

A board whose cells are smaller than a finger (``ui/touch``) opens a lens on the first tap; ``tap_board``
taps as a person does: the board where the target lies (opening the lens there), then the target in
the lens (closing a lens that does not show it first).
"""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Page

from samurai_lab.ui.touch import LENS_BUTTON_CLASS, MIN_TARGET_PX, TOUCH_CLASS

PHONES = {
    "phone-360x800": {"viewport": {"width": 360, "height": 800}, "device_scale_factor": 3},
    "phone-390x844": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3},
}
TABLETS = {
    "tablet-768x1024": {"viewport": {"width": 768, "height": 1024}, "device_scale_factor": 2},
    "tablet-1024x768": {"viewport": {"width": 1024, "height": 768}, "device_scale_factor": 2},
}
DEVICES = {name: {**opts, "is_mobile": True, "has_touch": True} for name, opts in {**PHONES, **TABLETS}.items()}
#: A laptop with a touch screen: a mouse and a finger on the same page.
TOUCH_LAPTOP = {"viewport": {"width": 1280, "height": 900}, "has_touch": True, "is_mobile": False}

_BOARD_JS = """(sel) => {
  const c = document.querySelector(sel);
  if (!c) return null;
  const r = c.getBoundingClientRect();
  const api = window.samuraiBoardTouch;
  const input = c.closest('.samurai-board').querySelector('.samurai-board-space input');
  return {x: r.x, y: r.y, w: r.width, h: r.height, cw: c.width, ch: c.height, vh: innerHeight, vw: innerWidth,
          lens: api ? api.lens(c) : null, cell: parseFloat(input.placeholder)};
}"""


def board_box(page: Page, selector: str) -> dict[str, Any]:
    """Where the board's canvas is on the screen (transformed by the lens), its backing size, its lens."""
    box = page.evaluate(_BOARD_JS, selector)
    if box is None:
        raise AssertionError(f"no board {selector}")
    return box


def screen_point(box: dict[str, Any], x: float, y: float) -> tuple[float, float]:
    """The screen point of canvas backing pixel (x, y) for ``board_box``'s box."""
    return box["x"] + x * box["w"] / box["cw"], box["y"] + y * box["h"] / box["ch"]


def _visible(box: dict[str, Any], sx: float, sy: float, margin: float = 6.0) -> bool:
    """The screen point is in the window and, in a lens, inside the board's own box (what the lens shows)."""
    if not (margin <= sy <= box["vh"] - margin and margin <= sx <= box["vw"] - margin):
        return False
    lens = box["lens"]
    if lens is None:
        return True
    left, top = box["x"] - lens["tx"], box["y"] - lens["ty"]
    return left + margin <= sx <= left + lens["w"] - margin and top + margin <= sy <= top + lens["h"] - margin


_SCROLLER_JS = """(c) => {
  for (let e = c.parentElement; e; e = e.parentElement) {
    if (e.scrollHeight > e.clientHeight + 1 && /(auto|scroll)/.test(getComputedStyle(e).overflowY)) return e;
  }
  return document.scrollingElement;
}"""


def scroll_top(page: Page, selector: str) -> float:
    """How far the page (the element that scrolls the board) is scrolled."""
    return page.evaluate(f"(sel) => ({_SCROLLER_JS})(document.querySelector(sel)).scrollTop", selector)


def scroll_to(page: Page, selector: str, y: float) -> None:
    """Scroll the page so that canvas backing row ``y`` of the board is in the middle of the window."""
    page.evaluate(f"""([sel, y]) => {{ const c = document.querySelector(sel); const r = c.getBoundingClientRect();
      ({_SCROLLER_JS})(c).scrollTop += r.top + y * r.height / c.height - innerHeight / 2; }}""", [selector, y])


def close_lens(page: Page, selector: str) -> None:
    """Tap the lens's "Whole board" button."""
    page.locator(f".samurai-board:has({selector}) .{LENS_BUTTON_CLASS}").tap()
    page.wait_for_function("(sel) => !window.samuraiBoardTouch.lens(document.querySelector(sel))", arg=selector)


def tap_board(page: Page, selector: str, x: float, y: float) -> None:
    """Tap the board at canvas backing pixel (x, y) as a finger does (through the lens on small cells)."""
    box = board_box(page, selector)
    if box["lens"] is not None and not _visible(box, *screen_point(box, x, y)):
        close_lens(page, selector)
        box = board_box(page, selector)
    if box["lens"] is None:
        if not _visible(box, *screen_point(box, x, y), margin=30):
            scroll_to(page, selector, y)
            box = board_box(page, selector)
        if box["cell"] < MIN_TARGET_PX:  # the first tap magnifies the board around the target
            page.touchscreen.tap(*screen_point(box, x, y))
            page.wait_for_function("(sel) => !!window.samuraiBoardTouch.lens(document.querySelector(sel))",
                                   arg=selector)
            box = board_box(page, selector)
    page.touchscreen.tap(*screen_point(box, x, y))


def drag(page: Page, start: tuple[float, float], end: tuple[float, float], steps: int = 8) -> None:
    """One finger from ``start`` to ``end`` (screen points), as touch events."""
    cdp = page.context.new_cdp_session(page)
    try:
        (x0, y0), (x1, y1) = start, end
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
        for i in range(1, steps + 1):
            f = i / steps
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove",
                                                  "touchPoints": [{"x": x0 + (x1 - x0) * f, "y": y0 + (y1 - y0) * f}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        cdp.detach()


def is_touch_page(page: Page) -> bool:
    """The page script saw a touch screen (the touch help lines show)."""
    return page.evaluate(f"() => document.documentElement.classList.contains({TOUCH_CLASS!r})")


_SPACE_JS = """(sel) => { const c = document.querySelector(sel); if (!c) return null;
  const i = c.closest('.samurai-board').querySelector('.samurai-board-space input');
  return {w: c.width, h: c.height, space: i ? i.value : ''}; }"""


def fitted_pixel(page: Page, view: Any, hex_ref: Any, selector: str = "canvas.samurai-board-canvas",
                 timeout: float = 30.0) -> tuple[float, float]:
    """Where the page's board draws a hex: ``view`` is the app's ``BoardView`` built the same way in this
    process (same state and focus), given the page's measure of the board until both canvases agree."""
    deadline, settled = time.monotonic() + timeout, None
    while True:
        got = page.evaluate(_SPACE_JS, selector)
        if got and got["space"]:
            view.space.value = got["space"]
            if (view.canvas.width, view.canvas.height) == (got["w"], got["h"]):
                if got == settled:
                    return view.pixel_of(hex_ref)
                settled = got
        if time.monotonic() > deadline:
            raise AssertionError(f"the board was not fitted as in this process in {timeout:g}s: {got}")
        page.wait_for_timeout(300)


def hold(page: Page, point: tuple[float, float], ms: int = 900) -> None:
    """Touch and hold one finger at a screen point."""
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": point[0], "y": point[1]}]})
        page.wait_for_timeout(ms)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        cdp.detach()
