"""The board from the keyboard: focus it, move the cursor with the arrow keys, hear where it is
(ARIA live region), place a tile with Enter, and leave with Tab (no keyboard trap)."""

from __future__ import annotations

import re
from collections import deque

import pytest
from board_fit import board_layout
from helpers import open_app, rgb, save_screenshot, wait_for_canvas_pixel, wait_for_text
from playwright.sync_api import Page, expect

from samurai_lab import PlaceTile
from samurai_lab.knizia.render.describe import hex_title
from samurai_lab.knizia.render.theme import seat_colours
from samurai_lab.knizia.widgets import BoardView
from samurai_lab.knizia.widgets.board import ARROWS
from samurai_lab.knizia.widgets.explorer import default_state
from samurai_lab.knizia.widgets.hand_panel import tile_label

pytestmark = pytest.mark.browser

CANVAS = "canvas.samurai-board-canvas"
LIVE = ".samurai-board-live"


def arrow_path(view: BoardView, start: int, goal) -> list[tuple[str, int]]:
    """The shortest run of arrow keys from ``start`` to a hex for which ``goal(hex)`` holds, as
    (key, hex reached) pairs; the view's own step rule, so the browser's cursor takes the same path."""
    seen = {start: None}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        if goal(h) and h != start:
            path = []
            while seen[h] is not None:
                key, prev = seen[h]
                path.append((key, h))
                h = prev
            return path[::-1]
        for key, (dx, dy) in ARROWS.items():
            nxt = view._step(h, dx, dy)
            if nxt not in seen:
                seen[nxt] = (key, h)
                queue.append(nxt)
    raise AssertionError("no hex reachable")


def test_keyboard_places_a_tile(app_page: Page, voila_url: str) -> None:
    page = app_page
    page.set_viewport_size({"width": 1366, "height": 768})
    open_app(page, voila_url, "explorer.ipynb", ".samurai-tile-button")
    state = default_state()
    board = state.board
    layout = board_layout(page, board, CANVAS)
    wait_for_canvas_pixel(page, CANVAS, *map(int, layout.pixel_of(board.edo)))

    # choose a tile (the hand is buttons: already keyboard-usable)
    t = next(t for t in state.hand if not t.fast and not t.is_move and not t.on_sea)
    button = page.locator(".samurai-tile-button", has_text=tile_label(state, t)).first
    button.click()
    expect(button).to_have_class(re.compile(r"\bmod-info\b"))
    legal = {board.index[a.hex] for a in state.legal_actions() if isinstance(a, PlaceTile) and a.tile == t}

    # focus the board: it is named, its live region is polite, a focus ring shows
    canvas = page.locator(CANVAS)
    canvas.focus()
    assert canvas.get_attribute("aria-label") and "Arrow keys" in canvas.get_attribute("aria-label")
    assert page.locator(LIVE).get_attribute("aria-live") == "polite"

    # the first arrow puts the cursor on Edo; then the arrows walk to a legal hex
    page.keyboard.press("ArrowDown")
    wait_for_text(page, LIVE, hex_title(state, board.edo))
    view = BoardView(state)
    path = arrow_path(view, board.edo, lambda h: h in legal)
    for key, h in path:
        page.keyboard.press(key)
        wait_for_text(page, LIVE, hex_title(state, h))
    target = path[-1][1]
    save_screenshot(page, "board-keyboard-cursor")

    # Enter previews (the ghost tile on its hex), Enter again places
    page.keyboard.press("Enter")
    wait_for_text(page, ".samurai-preview", "What if")
    expect(page.locator(".samurai-confirm")).to_be_enabled()
    save_screenshot(page, "board-keyboard-preview")
    page.keyboard.press("Enter")
    expect(page.locator(".samurai-confirm")).to_be_disabled()
    x, y = layout.pixel_of(target)
    wait_for_canvas_pixel(page, CANVAS, int(x), int(y + 0.55 * layout.size), rgb(seat_colours(state)[0]),
                          tolerance=14)

    # Tab leaves the board: no keyboard trap
    canvas.focus()
    page.keyboard.press("Tab")
    assert not page.evaluate("(sel) => document.activeElement === document.querySelector(sel)", CANVAS)
    assert page.locator(".samurai-board-errors").inner_text().strip() == ""
