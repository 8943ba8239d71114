"""The board widget in a real browser: notebooks/map.ipynb under voila."""

from __future__ import annotations

import pytest
from board_fit import board_layout
from helpers import canvas_pixel, open_app, rgb, save_screenshot, wait_for_canvas_pixel, wait_for_text
from playwright.sync_api import Page

from samurai_lab.knizia.core.board import board_for
from samurai_lab.knizia.render.theme import THEME

pytestmark = pytest.mark.browser

CANVAS = ".samurai-board-canvas"
HOVER = ".samurai-map-hover"
VIEWPORT = {"width": 1280, "height": 1200}  # the whole 4-player board fits: the mouse never leaves the page


def _hover(page: Page, x: float, y: float, steps: int = 1) -> None:
    """Move the mouse to canvas pixel (x, y), in ``steps`` mouse-move events."""
    box = page.locator(CANVAS).bounding_box()
    size = page.evaluate(f"() => [document.querySelector('{CANVAS}').width, document.querySelector('{CANVAS}').height]")
    page.mouse.move(box["x"] + x * box["width"] / size[0], box["y"] + y * box["height"] / size[1], steps=steps)


def _pixel(layout, index: int) -> tuple[int, int]:
    x, y = layout.pixel_of(index)
    return int(x), int(y)


def test_map_draws_and_hover_names_the_hex(app_page: Page, voila_url: str) -> None:
    page = app_page
    page.set_viewport_size(VIEWPORT)
    open_app(page, voila_url, "map.ipynb", HOVER)
    board = board_for(4)
    layout = board_layout(page, board, CANVAS)  # the board fits its room
    size = layout.size

    # the map really drew (not lost before the client was ready)
    sea, land = board.sea[0], board.land[0]
    wait_for_canvas_pixel(page, CANVAS, *_pixel(layout, sea), rgb=rgb(THEME.sea))
    wait_for_canvas_pixel(page, CANVAS, *_pixel(layout, land), rgb=rgb(THEME.land))
    assert canvas_pixel(page, CANVAS, 2, 2)[:3] == rgb(THEME.background)
    # a village holds one caste piece: its token covers the centre in a caste colour
    village = next(i for i in board.villages if i != board.edo)
    r, g, b, _ = canvas_pixel(page, CANVAS, *_pixel(layout, village))
    assert (r, g, b) not in (rgb(THEME.village), rgb(THEME.land))

    # hovering a hex names it in words (its id only with "Show coordinates"), and outlines it
    edo_x, edo_y = layout.pixel_of(board.edo)
    _hover(page, edo_x, edo_y)
    wait_for_text(page, HOVER, "Edo (holds 3)")
    top_edge = int(edo_y - 0.97 * size * 0.866)
    wait_for_canvas_pixel(page, CANVAS, int(edo_x), top_edge, rgb=rgb(THEME.hover_edge), tolerance=60)
    _hover(page, *layout.pixel_of(sea))
    wait_for_text(page, HOVER, "The sea north of")
    assert board.ids[sea] not in page.locator(HOVER).first.inner_text()
    wait_for_canvas_pixel(page, CANVAS, int(edo_x), top_edge, rgb=rgb(THEME.edo_edge), tolerance=60)
    _hover(page, 2, 2)
    wait_for_text(page, HOVER, "Point at a hex.")

    # a fast sweep over many hexes: throttled, and the label ends on the last hex
    _hover(page, edo_x, edo_y)
    wait_for_text(page, HOVER, "Edo (holds 3)")
    kyoto = board.resolve("Kyoto")
    _hover(page, *layout.pixel_of(kyoto), steps=40)
    wait_for_text(page, HOVER, "Kyoto · city (holds 2)")
    save_screenshot(page, "map")


def test_map_switches_player_count(app_page: Page, voila_url: str) -> None:
    page = app_page
    page.set_viewport_size(VIEWPORT)
    open_app(page, voila_url, "map.ipynb", HOVER)
    board_layout(page, board_for(4), CANVAS)
    page.get_by_role("button", name="2", exact=True).click()
    board = board_for(2)
    two = board_layout(page, board, CANVAS)  # re-fitted to the 2-player map's proportions
    wait_for_canvas_pixel(page, CANVAS, *_pixel(two, board.sea[0]), rgb=rgb(THEME.sea))
    wait_for_canvas_pixel(page, CANVAS, *_pixel(two, board.land[0]), rgb=rgb(THEME.land))
    _hover(page, *two.pixel_of(board.resolve("Kyoto")))
    wait_for_text(page, HOVER, "Kyoto · city (holds 2)")
    assert page.locator(".samurai-board-errors").inner_text().strip() == ""
