"""Katana's and Iki-zumari's boards in a real browser at 1024x768, 1920x1080 and devicePixelRatio 2: the
board entirely visible and filling its space, its backing size = CSS width x devicePixelRatio, a click on
a computed square selects that square, the keyboard cursor, projector mode; screenshots saved."""

from __future__ import annotations

import time

from dataclasses import dataclass
from typing import Iterator

import pytest
from context_pool import ContextPool
from helpers import SCREENSHOTS, PageErrors, click_canvas, context_page, open_app, wait_for_text
from playwright.sync_api import Page, expect

from samurai_lab.ikizumari.core import parse_square
from samurai_lab.ikizumari.render.geometry import DEFAULT_GEOMETRY
from samurai_lab.katana.core.board import square_index
from samurai_lab.katana.render.layout import Layout

pytestmark = pytest.mark.browser

TIMEOUT = 120.0


@dataclass(frozen=True)
class Game:
    notebook: str
    title: str
    canvas: str
    logical: float  # the side of the game's own drawing (its layout's pixels)
    square: str  # a square with a samurai of the side to move
    centre: tuple[float, float]  # its centre in logical pixels
    message: str  # selector of the message a selection shows
    selected: str  # what the message says then
    keys: tuple[str, ...]  # the first shows the cursor on its first square, the others move it to ``square``


KATANA_LAYOUT = Layout(cell=56.0, margin=24.0)
GAMES = {
    "katana": Game("katana.ipynb", "Katana — samurai_lab", ".katana-play-canvas", KATANA_LAYOUT.width, "d9",
                   KATANA_LAYOUT.centre(square_index("d9")), ".katana-message", "d9 selected",
                   ("ArrowUp",) * 5 + ("ArrowLeft",)),
    "ikizumari": Game("ikizumari.ipynb", "Iki-zumari — samurai_lab", ".ikz-play-board", DEFAULT_GEOMETRY.size, "d1",
                      DEFAULT_GEOMETRY.centre(parse_square("d1")), ".samurai-message",
                      "Legal moves of the samurai on d1",
                      ("ArrowDown",) * 6 + ("ArrowLeft", "ArrowLeft")),
}
SIZES = {"1024x768": (1024, 768, 1), "1920x1080": (1920, 1080, 1), "1366x768@2x": (1366, 768, 2)}

MEASURE = """(sel) => {
  const c = document.querySelector(sel);
  const r = c.getBoundingClientRect();
  const board = c.closest('.samurai-board');
  const br = board.getBoundingClientRect();
  let scrolled = window.scrollY;  // the page may scroll inside a container (voila's template does)
  for (let e = board.parentElement; e; e = e.parentElement) scrolled += e.scrollTop;
  return {w: c.width, h: c.height, cw: c.clientWidth, ch: c.clientHeight, top: r.top, left: r.left,
          right: r.right, bottom: r.bottom, dpr: window.devicePixelRatio, vw: window.innerWidth,
          vh: window.innerHeight, boardW: board.clientWidth, boardTop: br.top + scrolled,
          scrollY: window.scrollY};
}"""
FITTED = """([sel, dpr]) => {
  const c = document.querySelector(sel);
  return c && c.clientWidth > 200 && window.devicePixelRatio === dpr
    && c.width === Math.round(c.clientWidth * dpr) && c.height === c.width;
}"""


@pytest.fixture
def sized_page(browser_contexts: ContextPool, request: pytest.FixtureRequest) -> Iterator[tuple[Page, PageErrors]]:
    w, h, dpr = SIZES[request.param]
    with context_page(browser_contexts, viewport={"width": w, "height": h}, device_scale_factor=dpr) as page_and_errors:
        yield page_and_errors


def wait_fitted(page: Page, game: Game, dpr: float) -> dict:
    page.wait_for_function(FITTED, arg=[game.canvas, dpr], timeout=TIMEOUT * 1000, polling=200)
    page.wait_for_timeout(300)  # the redraw that follows the last resize
    return page.evaluate(MEASURE, game.canvas)


def check_fits(m: dict, projector: bool = False) -> None:
    # backing pixels = CSS pixels x devicePixelRatio, square
    assert m["w"] == round(m["cw"] * m["dpr"]) and m["h"] == m["w"], m
    assert m["cw"] == m["ch"], m
    # entirely visible (once scrolled to)
    assert m["left"] >= 0 and m["right"] <= m["vw"] + 0.5, m
    assert m["ch"] <= m["vh"], m
    # filling its space: as wide as its element, or as high as the room the window leaves it
    room_h = m["vh"] - 12
    if m["vh"] - (-(-m["boardTop"] // 32) * 32) - 12 >= (0.4 if projector else 0.6) * m["vh"]:
        room_h = m["vh"] - (-(-m["boardTop"] // 32) * 32) - 12
    assert abs(m["cw"] - min(m["boardW"], room_h)) <= 2, m


def backing(page: Page, game: Game, x: float, y: float) -> tuple[float, float]:
    w = page.evaluate("(sel) => document.querySelector(sel).width", game.canvas)
    return x * w / game.logical, y * w / game.logical


@pytest.mark.parametrize("sized_page", list(SIZES), indirect=True)
@pytest.mark.parametrize("name", list(GAMES))
def test_board_fits_is_sharp_and_clicks_are_exact(sized_page: tuple[Page, PageErrors], voila_url: str,
                                                   name: str) -> None:
    page, errors = sized_page
    game = GAMES[name]
    size = [k for k, v in SIZES.items() if v == (page.viewport_size["width"], page.viewport_size["height"],
                                                  page.evaluate("window.devicePixelRatio"))][0]
    dpr = SIZES[size][2]
    open_app(page, voila_url, game.notebook, game.canvas, timeout=TIMEOUT)
    page.wait_for_selector(".samurai-app-header", timeout=TIMEOUT * 1000)
    expect(page).to_have_title(game.title, timeout=TIMEOUT * 1000)
    m = wait_fitted(page, game, dpr)
    page.locator(game.canvas).scroll_into_view_if_needed()
    m = page.evaluate(MEASURE, game.canvas)
    check_fits(m)
    assert m["top"] >= -0.5 and m["bottom"] <= m["vh"] + 0.5, m
    # the board really drew at its backing size: a pixel near the bottom-right corner of the drawing
    page.wait_for_function("""(sel) => { const c = document.querySelector(sel);
        const d = c.getContext('2d').getImageData(c.width - 2 - Math.round(c.width * 0.06),
                                                  c.height - 2 - Math.round(c.height * 0.06), 1, 1).data;
        return d[3] > 0; }""", arg=game.canvas, timeout=TIMEOUT * 1000)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}_board_{size}.png"))
    # a click on a computed square selects that square
    click_canvas(page, game.canvas, *backing(page, game, *game.centre))
    wait_for_text(page, game.message, game.selected, TIMEOUT)
    assert not errors.unexpected(), errors.unexpected()


@pytest.mark.parametrize("sized_page", ["1024x768"], indirect=True)
@pytest.mark.parametrize("name", list(GAMES))
def test_keyboard_cursor_and_projector(sized_page: tuple[Page, PageErrors], voila_url: str, name: str) -> None:
    page, errors = sized_page
    game = GAMES[name]
    open_app(page, voila_url, game.notebook, game.canvas, timeout=TIMEOUT)
    wait_fitted(page, game, 1)
    canvas = page.locator(game.canvas)
    canvas.focus()
    expect(canvas).to_have_attribute("aria-label", "Game board. Arrow keys move the cursor from square to square, "
                                     "Enter or Space selects the cursor's square, Escape cancels.",
                                     timeout=TIMEOUT * 1000)
    live = page.locator(game.canvas).locator("xpath=ancestor::*[contains(@class,'samurai-board')][1]") \
        .locator(".samurai-board-live")
    page.keyboard.press(game.keys[0])  # the cursor appears
    for key in game.keys[1:]:
        page.keyboard.press(key)
    expect(live).to_contain_text(game.square, timeout=TIMEOUT * 1000)
    expect(live).to_have_attribute("aria-live", "polite", timeout=TIMEOUT * 1000)
    page.keyboard.press("Enter")
    wait_for_text(page, game.message, game.selected, TIMEOUT)
    page.screenshot(path=str(SCREENSHOTS / f"{name}_keyboard_cursor.png"))
    # projector mode: as high as the window below the board's top (the step's controls stay on the screen)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.click(".samurai-projector-switch")
    page.wait_for_function("""(sel) => { const c = document.querySelector(sel);
        return c.clientHeight > 0.4 * window.innerHeight && c.clientHeight <= window.innerHeight - 10
          && c.width === c.clientWidth; }""", arg=game.canvas, timeout=TIMEOUT * 1000)
    deadline = time.monotonic() + TIMEOUT  # its last re-fit: later on a loaded machine
    while True:
        page.locator(game.canvas).scroll_into_view_if_needed()
        try:
            check_fits(page.evaluate(MEASURE, game.canvas), projector=True)
            break
        except AssertionError:
            if time.monotonic() > deadline:
                raise
            page.wait_for_timeout(250)
    page.screenshot(path=str(SCREENSHOTS / f"{name}_projector.png"))
    assert not errors.unexpected(), errors.unexpected()
