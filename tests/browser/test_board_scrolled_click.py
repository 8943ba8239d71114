"""A click on a board that is partly off-screen lands on the hex under the pointer.

ipycanvas focuses the canvas on mouse-down before it reads the click position;
focusing a partly hidden canvas scrolled it into view, so the click was read as
far away as the page moved. The app here is a spacer, a label (CSS class
``samurai-test-clicked``) that the kernel fills with ``<click count> <hex id>``
on each click, a board that fits the window's height but not below the spacer
(its bottom, or after scrolling its top, is off-screen), and another spacer.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import nbformat
import pytest
from helpers import open_app, wait_for_canvas_pixel, wait_for_text
from playwright.sync_api import Page

from samurai_lab import new_game
from samurai_lab.tools.bench_browser import VoilaServer
from samurai_lab.knizia.widgets import BoardView

pytestmark = pytest.mark.browser

CANVAS = ".samurai-board-canvas"
CLICKED = ".samurai-test-clicked"
VIEWPORT = {"width": 1280, "height": 720}
HEX_SIZE = 16  # the 4-player board is 682 px tall: shorter than the window
SPACER_PX = 200
NOTEBOOK = "board_click.ipynb"
APP_SOURCE = f"""\
import ipywidgets as widgets
from samurai_lab import new_game
from samurai_lab.knizia.widgets import BoardView

view = BoardView(new_game(4), hex_size={HEX_SIZE}, fit=False)  # a fixed size: partly off-screen
clicked = widgets.Label("0 none")
clicked.add_class("samurai-test-clicked")
clicks = [0]

def show(hex_index, x, y):
    clicks[0] += 1
    name = "none" if hex_index is None else view.state.board.ids[hex_index]
    clicked.value = f"{{clicks[0]}} {{name}}"

view.on_click(show)
def spacer():
    return widgets.Box(layout=widgets.Layout(height="{SPACER_PX}px"))

widgets.VBox([widgets.HTML("<h2>Clicks on a partly hidden board</h2>"), spacer(), clicked, view.widget, spacer()])
"""

# The canvas, its nearest scrolling ancestor (voila scrolls a panel, not the window),
# the visible part of that ancestor, and its scroll offset.
_GEOMETRY_JS = """
(sel) => {
  const c = document.querySelector(sel);
  let s = c.parentElement;
  while (s && !(s.scrollHeight > s.clientHeight && /auto|scroll/.test(getComputedStyle(s).overflowY))) {
    s = s.parentElement;
  }
  s = s || document.scrollingElement;
  const r = c.getBoundingClientRect(), v = s.getBoundingClientRect();
  return {left: r.left, top: r.top, width: r.width, height: r.height, w: c.width, h: c.height,
          visibleTop: Math.max(v.top, 0), visibleBottom: Math.min(v.bottom, window.innerHeight),
          scrollTop: s.scrollTop, focused: document.activeElement === c};
}
"""
_SCROLL_BY_JS = """
([sel, dy]) => {
  let s = document.querySelector(sel).parentElement;
  while (s && !(s.scrollHeight > s.clientHeight && /auto|scroll/.test(getComputedStyle(s).overflowY))) {
    s = s.parentElement;
  }
  (s || document.scrollingElement).scrollBy(0, dy);
}
"""


@pytest.fixture(scope="module")
def click_app_url(
    voila_factory: Callable[[Path, str], VoilaServer], tmp_path_factory: pytest.TempPathFactory
) -> str:
    """A voila server over a folder holding the test app."""
    folder = tmp_path_factory.mktemp("board_click")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(APP_SOURCE)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, folder / NOTEBOOK)
    return voila_factory(folder, "board-click").url


def _geometry(page: Page) -> dict:
    return page.evaluate(_GEOMETRY_JS, CANVAS)


def _hex_near(view: BoardView, geo: dict, edge: str) -> int:
    """A hex wholly visible next to the bottom (or top) edge of the visible area, near the middle column."""
    sy = geo["height"] / geo["h"]
    half = view.layout.size * 0.866 * sy  # half the height of a hex on screen
    bottom, top = geo["visibleBottom"], geo["visibleTop"]
    candidates = []
    for i in range(len(view.state.board)):
        x, y = view.pixel_of(i)
        client_y = geo["top"] + y * sy
        if edge == "bottom":
            ok = bottom - 2.5 * half <= client_y <= bottom - 1.2 * half
        else:
            ok = top + 1.2 * half <= client_y <= top + 2.5 * half
        if ok:
            candidates.append((abs(x - geo["w"] / 2), i))
    assert candidates, f"no hex next to the {edge} of the visible area: {geo}"
    return min(candidates)[1]


def _click_hex(page: Page, view: BoardView, index: int, clicks: int, blur: bool = True) -> None:
    """Click the centre of hex ``index`` and check the kernel's hex and that the page did not move.

    ``blur``: take the focus off the canvas first, as a click elsewhere in the app does.
    """
    if blur:
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
    before = _geometry(page)
    x, y = view.pixel_of(index)
    assert view.hex_at(x, y) == index
    page.mouse.click(before["left"] + x * before["width"] / before["w"],
                     before["top"] + y * before["height"] / before["h"])
    hex_id = view.state.board.ids[index]
    wait_for_text(page, CLICKED, f"{clicks} ")
    assert page.locator(CLICKED).inner_text().strip() == f"{clicks} {hex_id}", (
        f"clicked {hex_id} at canvas pixel ({x:.0f}, {y:.0f}); geometry before {before}, after {_geometry(page)}"
    )
    after = _geometry(page)
    assert (after["scrollTop"], after["top"]) == (before["scrollTop"], before["top"]), "the click scrolled the page"
    assert after["focused"], "the clicked canvas has the keyboard focus (as ipycanvas intends)"


@pytest.mark.parametrize(
    ("scroll", "edge"),
    [(0, "bottom"), (100, "bottom"), (400, "top")],
    ids=["bottom-hidden", "scrolled-bottom-hidden", "scrolled-top-hidden"],
)
def test_click_on_a_partly_hidden_board_reads_the_hex_under_the_pointer(
    app_page: Page, click_app_url: str, scroll: int, edge: str
) -> None:
    page = app_page
    page.set_viewport_size(VIEWPORT)
    open_app(page, click_app_url, NOTEBOOK, CLICKED)
    view = BoardView(new_game(4), hex_size=HEX_SIZE)  # the app's board, for its layout
    edo = view.pixel_of("Edo")
    wait_for_canvas_pixel(page, CANVAS, int(edo[0]), int(edo[1]))  # drawn: the client is ready
    if scroll:
        page.evaluate(_SCROLL_BY_JS, [CANVAS, scroll])

    geo = _geometry(page)
    assert geo["scrollTop"] == scroll, f"the page did not scroll by {scroll} px: {geo}"
    assert geo["height"] < geo["visibleBottom"] - geo["visibleTop"], f"the board does not fit the window: {geo}"
    hidden = geo["top"] + geo["height"] - geo["visibleBottom"] if edge == "bottom" else geo["visibleTop"] - geo["top"]
    assert hidden > 50, f"the {edge} of the board is not off-screen: {geo}"
    _click_hex(page, view, _hex_near(view, geo, edge), 1)
    # a second click, on the same spot, once the canvas has the focus
    _click_hex(page, view, _hex_near(view, geo, edge), 2, blur=False)
    assert page.locator(".samurai-board-errors").inner_text().strip() == ""
