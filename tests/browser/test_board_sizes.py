"""The board fits the screen, sharp, at every size and zoom; clicks land on the hex under the pointer.

One page per app; the screen changes under it (Chrome's device metrics: window size and
devicePixelRatio, which is what browser zoom changes too: 150 % zoom on a 1024x768 screen is a
683x512 CSS-pixel window at a pixel ratio of 1.5). At each size the test waits until the kernel
has fitted the canvas to the room the page measured, then checks that the canvas is drawn at full
resolution (backing size = CSS size x devicePixelRatio), lies entirely inside the window once
scrolled to, fills its room (width- or height-bound), and, in the explorer, that a click on a
settlement's computed pixel selects exactly that settlement.
"""

from __future__ import annotations

import base64
import html
import re

import pytest
from board_fit import board_layout
from helpers import SCREENSHOTS, click_canvas, open_app, wait_for_canvas_pixel, wait_for_text
from playwright.sync_api import Page

from samurai_lab.knizia.core.board import board_for
from samurai_lab.knizia.widgets.explorer import default_state
from samurai_lab.knizia.widgets.tally_panel import tally_html

pytestmark = pytest.mark.browser

CANVAS = "canvas.samurai-board-canvas"

#: (name, CSS width, CSS height, devicePixelRatio)
SCREENS = [
    ("1024x768", 1024, 768, 1.0),
    ("1366x768", 1366, 768, 1.0),
    ("1920x1080", 1920, 1080, 1.0),
    ("2560x1440", 2560, 1440, 1.0),
    ("1024x768-zoom150", 683, 512, 1.5),
    ("1920x1080-zoom150", 1280, 720, 1.5),
    ("1920x1080-zoom200", 960, 540, 2.0),
    ("1366x768-dpr2", 1366, 768, 2.0),
]

_GEOMETRY_JS = """
(sel) => {
  const c = document.querySelector(sel);
  c.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const r = c.getBoundingClientRect();
  const b = c.closest('.samurai-board');
  let scrolled = window.scrollY;  // the page may scroll inside a container (voila's template does)
  for (let e = c.parentElement; e; e = e.parentElement) scrolled += e.scrollTop;
  return {width: c.width, height: c.height, cssWidth: c.clientWidth, cssHeight: c.clientHeight,
          left: r.left, top: r.top, pageTop: r.top + scrolled, right: r.right, bottom: r.bottom, room: b.clientWidth,
          vw: window.innerWidth, vh: window.innerHeight, dpr: window.devicePixelRatio};
}
"""


def set_screen(page: Page, cdp, width: int, height: int, dpr: float) -> None:
    """Window size in CSS pixels and devicePixelRatio, as a screen or browser zoom would give them."""
    cdp.send("Emulation.setDeviceMetricsOverride",
             {"width": width, "height": height, "deviceScaleFactor": dpr, "mobile": False})
    page.wait_for_function("([w, r]) => window.innerWidth === w && window.devicePixelRatio === r",
                           arg=[width, dpr])


def screenshot(cdp, name: str) -> None:
    """What the emulated screen shows (Playwright's own screenshot would reset the emulation)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    data = cdp.send("Page.captureScreenshot", {"format": "png"})["data"]
    (SCREENSHOTS / f"{name}.png").write_bytes(base64.b64decode(data))


def settlement_heading(state, settlement: int) -> str:
    """The words the tally panel begins with for ``settlement`` (whatever the app calls it)."""
    text = html.unescape(re.sub(r"<[^>]+>", " ", tally_html(state, settlement)))
    return " ".join(text.split(" · ")[0].split())


def check_fitted(page: Page, name: str) -> dict:
    """The canvas at full resolution, inside the window, filling its room. Returns its geometry."""
    g = page.evaluate(_GEOMETRY_JS, CANVAS)
    assert abs(g["width"] - round(g["cssWidth"] * g["dpr"])) <= 1, f"{name}: not drawn at full resolution: {g}"
    assert abs(g["height"] - round(g["cssHeight"] * g["dpr"])) <= 1, f"{name}: not drawn at full resolution: {g}"
    assert g["left"] >= -1 and g["right"] <= g["vw"] + 1, f"{name}: the board is cut off at a side: {g}"
    assert g["top"] >= -1 and g["bottom"] <= g["vh"] + 1, f"{name}: the board does not fit the window: {g}"
    # The map is taller than wide: the board fills the window's height below what sits above it
    # (height-bound, most screens), or takes a large part of the window's width or all of it that the
    # app's other columns leave (it reaches the window's right edge).
    # Measured against the window itself, not against the board's own box (which shrinks with it).
    below = g["vh"] - g["pageTop"]  # the height left below whatever the page puts above the board
    height_bound = ((g["pageTop"] <= 0.45 * g["vh"] and g["cssHeight"] >= 0.9 * below)
                    or g["cssHeight"] >= 0.9 * g["vh"])  # as tall as the window itself, scrolled to
    width_bound = g["cssWidth"] >= 0.45 * g["vw"] or g["vw"] - g["right"] <= 0.05 * g["vw"]
    assert width_bound or height_bound, f"{name}: the board is a small island in the window: {g}"
    return g


def test_explorer_board_fits_every_screen_and_clicks_stay_exact(app_page: Page, voila_url: str) -> None:
    page = app_page
    cdp = page.context.new_cdp_session(page)
    set_screen(page, cdp, 1366, 768, 1.0)
    open_app(page, voila_url, "explorer.ipynb", ".samurai-tile-button")
    state = default_state()
    board = state.board
    targets = [s for s in board.settlements if state.pieces[s]]
    for k, (name, w, h, dpr) in enumerate(SCREENS):
        set_screen(page, cdp, w, h, dpr)
        layout = board_layout(page, board, CANVAS)
        wait_for_canvas_pixel(page, CANVAS, *map(int, layout.pixel_of(board.edo)))  # drawn at this size
        check_fitted(page, name)
        settlement = targets[(7 * k) % len(targets)]
        click_canvas(page, CANVAS, *layout.pixel_of(settlement))
        wait_for_text(page, ".samurai-tally", settlement_heading(state, settlement))
        if name in ("1024x768", "1920x1080", "1024x768-zoom150", "1366x768-dpr2"):
            screenshot(cdp, f"board-size-explorer-{name}")
    assert page.locator(".samurai-board-errors").inner_text().strip() == ""


def test_examples_board_fits_every_screen(app_page: Page, voila_url: str) -> None:
    page = app_page
    cdp = page.context.new_cdp_session(page)
    set_screen(page, cdp, 1366, 768, 1.0)
    open_app(page, voila_url, "examples.ipynb", ".samurai-step-next")
    for name, w, h, dpr in SCREENS[:1] + SCREENS[2:3] + SCREENS[4:5] + SCREENS[7:]:
        set_screen(page, cdp, w, h, dpr)
        board_layout(page, board_for(2), CANVAS)  # E1 is a 2-player example
        g = check_fitted(page, name)
        if w >= 1000:  # beside the list and the text (232 + 360 px at least), not below them
            assert g["left"] >= 590, f"{name}: the board dropped below the text: {g}"
        screenshot(cdp, f"board-size-examples-{name}")
