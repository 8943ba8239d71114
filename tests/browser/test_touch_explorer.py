"""The explorer by touch alone, on phones and tablets: choose a tile, tap a hex (the what-if preview), tap it
again (placed); a drag on the board scrolls or moves the lens and never places; a device with a mouse and a
touch screen gets one action per tap, and its mouse still clicks."""

from __future__ import annotations

import re

import pytest
from board_fit import board_layout
from context_pool import ContextPool
from helpers import APP_READY, click_canvas, context_page, open_app, save_screenshot, wait_for_text
from playwright.sync_api import Page, expect
from touch_taps import DEVICES, TOUCH_LAPTOP, board_box, drag, is_touch_page, screen_point, scroll_to, scroll_top, tap_board

from samurai_lab import EDITION_1998, PlaceTile, why_illegal
from samurai_lab.knizia.teaching.words import hex_words
from samurai_lab.knizia.widgets.explorer import default_state
from samurai_lab.knizia.widgets.hand_panel import tile_label

pytestmark = pytest.mark.browser

CANVAS = "canvas.samurai-board-canvas"
QUERY = "players=2&seed=3"


def open_explorer(page: Page, base_url: str):
    open_app(page, base_url, f"explorer.ipynb?{QUERY}", APP_READY["explorer.ipynb"])
    state = default_state(2, EDITION_1998, 3)
    return state, board_layout(page, state.board)


def a_tile_and_its_hex(state):
    t = next(t for t in state.hand if not t.fast and not t.is_move)
    target = next(state.board.index[a.hex] for a in state.legal_actions() if isinstance(a, PlaceTile) and a.tile == t)
    return t, target


def choose_tile(page: Page, state, t, *, tap: bool = True) -> None:
    button = page.locator(".samurai-tile-button", has_text=tile_label(state, t)).first
    button.tap() if tap else button.click()
    expect(button).to_have_class(re.compile(r"\bmod-info\b"))


def placed_text(state, t, target) -> str:
    return f"lays {tile_label(state, t).replace(' ⚡', '')} on {hex_words(state.board, target)}"


def preview_text(state, t, target) -> str:
    return f"What if: {tile_label(state, t).replace(' ⚡', '')} on {hex_words(state.board, target)}"


@pytest.mark.parametrize("device", list(DEVICES))
def test_explorer_by_taps(browser_contexts: ContextPool, voila_url: str, device: str) -> None:
    with context_page(browser_contexts, **DEVICES[device]) as (page, errors):
        state, layout = open_explorer(page, voila_url)
        assert is_touch_page(page)
        expect(page.locator(".samurai-touch-help").first).to_be_visible()
        t, target = a_tile_and_its_hex(state)
        choose_tile(page, state, t)
        x, y = layout.pixel_of(target)
        tap_board(page, CANVAS, x, y)
        wait_for_text(page, ".samurai-preview", preview_text(state, t, target))
        expect(page.locator(".samurai-history-step")).to_contain_text("step 0")
        tap_board(page, CANVAS, x, y)
        wait_for_text(page, ".samurai-message", placed_text(state, t, target))
        wait_for_text(page, ".samurai-history-step", "step 1 of 1")
        save_screenshot(page, f"touch_explorer_{device}")
        # a refusal by tap, in the rules' words as for a click
        after = state.apply(PlaceTile(t, state.board.ids[target]))
        t2 = next(x for x in after.hand if x.fast and not x.is_swap)
        choose_tile(page, after, t2)
        board = state.board
        wrong = next(i for i in (board.land if t2.on_sea else board.sea) if after.tiles[i] is None)
        reason = why_illegal(after, PlaceTile(t2, board.ids[wrong]))
        tap_board(page, CANVAS, *layout.pixel_of(wrong))
        wait_for_text(page, ".samurai-message", f"on {hex_words(board, wrong)} is not allowed: {reason}")
        assert errors.unexpected() == []


def test_a_drag_on_the_board_scrolls_or_moves_the_lens_and_never_places(
        browser_contexts: ContextPool, voila_url: str,
) -> None:
    with context_page(browser_contexts, **DEVICES["phone-390x844"]) as (page, errors):
        state, layout = open_explorer(page, voila_url)
        t, target = a_tile_and_its_hex(state)
        choose_tile(page, state, t)
        x, y = layout.pixel_of(target)
        scroll_to(page, CANVAS, y)
        box = board_box(page, CANVAS)
        sx, sy = screen_point(box, x, y)
        # lens closed: a drag from the target scrolls the page (the finger down if the page can scroll up)
        before = scroll_top(page, CANVAS)
        drag(page, (sx, sy), (sx, sy + (150 if before > 150 else -150)))
        page.wait_for_timeout(500)
        assert abs(scroll_top(page, CANVAS) - before) > 50
        # a tap opens the lens there; a drag in it moves it (and places nothing)
        tap_board(page, CANVAS, x, y)
        wait_for_text(page, ".samurai-preview", preview_text(state, t, target))
        lens = board_box(page, CANVAS)["lens"]
        box = board_box(page, CANVAS)
        sx, sy = screen_point(box, x, y)
        drag(page, (sx, sy), (sx + 60, sy + 40))
        page.wait_for_function("([sel, tx]) => window.samuraiBoardTouch.lens(document.querySelector(sel)).tx !== tx",
                               arg=[CANVAS, lens["tx"]])
        # the next tap on the hex places the tile: neither drag clicked it (a click would have placed it already)
        tap_board(page, CANVAS, x, y)
        wait_for_text(page, ".samurai-message", placed_text(state, t, target))
        wait_for_text(page, ".samurai-history-step", "step 1 of 1")
        assert errors.unexpected() == []


def test_a_mouse_and_touch_device_gets_one_action_per_tap(browser_contexts: ContextPool, voila_url: str) -> None:
    with context_page(browser_contexts, **TOUCH_LAPTOP) as (page, errors):
        state, layout = open_explorer(page, voila_url)
        t, target = a_tile_and_its_hex(state)
        choose_tile(page, state, t)
        x, y = layout.pixel_of(target)
        tap_board(page, CANVAS, x, y)  # one tap (in the lens): the preview only (two actions would place the tile)
        click_canvas(page, CANVAS, x, y)  # the mouse events a browser derives from the tap: dropped
        wait_for_text(page, ".samurai-preview", preview_text(state, t, target))
        page.wait_for_timeout(1000)
        expect(page.locator(".samurai-history-step")).to_contain_text("step 0")
        click_canvas(page, CANVAS, x, y)  # the mouse still clicks: the second action places
        wait_for_text(page, ".samurai-message", placed_text(state, t, target))
        wait_for_text(page, ".samurai-history-step", "step 1 of 1")
        assert errors.unexpected() == []
