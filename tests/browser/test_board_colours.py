"""Colours tell the truth: a highlighted tile keeps its player's colour, and in the colour-blind palette
the four players' tiles stay apart under simulated deuteranopia and protanopia (screenshots, read back)."""

from __future__ import annotations

import io
import itertools

import numpy as np
import pytest
from board_fit import board_layout
from helpers import (SCREENSHOTS, canvas_pixel, open_app, rgb, save_screenshot, wait_for_canvas_pixel,
                     wait_for_text)
from PIL import Image
from playwright.sync_api import Page

from samurai_lab.knizia.render.scene import piece_slot
from samurai_lab.knizia.render.theme import THEME, theme_for
from samurai_lab.knizia.widgets.examples import ExamplesApp
from samurai_lab.knizia.widgets.explorer import midgame_state

pytestmark = pytest.mark.browser

CANVAS = "canvas.samurai-board-canvas"

# Machado, Oliveira and Fernandes (2009), severity 1, on linear RGB.
CVD = {
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "protanopia": np.array([[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
}
#: Smallest CIELAB distance between two players' simulated tile colours in the colour-blind palette.
MIN_DELTA_E = 25.0


def _linear(c: np.ndarray) -> np.ndarray:
    c = c / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _srgb(c: np.ndarray) -> np.ndarray:
    c = np.clip(c, 0, 1)
    return 255 * np.where(c <= 0.0031308, c * 12.92, 1.055 * c ** (1 / 2.4) - 0.055)


def simulate(colours: np.ndarray, kind: str) -> np.ndarray:
    """sRGB colours (n, 3) as a viewer with ``kind`` sees them."""
    return _srgb(_linear(colours) @ CVD[kind].T)


def lab(colours: np.ndarray) -> np.ndarray:
    xyz = _linear(colours) @ np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722],
                                        [0.0193, 0.1192, 0.9505]]).T
    xyz = xyz / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16 / 116)
    return np.stack([116 * f[:, 1] - 16, 500 * (f[:, 0] - f[:, 1]), 200 * (f[:, 1] - f[:, 2])], axis=1)


def min_distance(colours: np.ndarray, kind: str) -> float:
    pts = lab(simulate(colours, kind))
    return float(min(np.linalg.norm(a - b) for a, b in itertools.combinations(pts, 2)))


def test_highlighted_tiles_and_pieces_keep_their_colours(app_page: Page, voila_url: str) -> None:
    """Rulebook example E1, step 1: Blue's move is highlighted (its tile and the village it closes): under
    the highlights every tile keeps its player's colour and the piece its caste's colour."""
    page = app_page
    page.set_viewport_size({"width": 1366, "height": 768})
    app = ExamplesApp()  # the same app in Python: its board's state, focus and highlights
    app.go(1)
    view = app.board
    state, marked = view.state, {h for hexes in view.highlights.values() for h in hexes}
    open_app(page, voila_url, "examples.ipynb", ".samurai-step-next")
    page.locator(".samurai-step-next").dispatch_event("click")  # the button, wherever the text column scrolls
    wait_for_text(page, ".samurai-step-label", "1")
    layout = board_layout(page, state.board, CANVAS, focus=view.focus, max_zoom=view.max_zoom)
    colours = [rgb(THEME.player_colour(s.colour, i)) for i, s in enumerate(state.seats)]
    tiles = [h for h in marked if state.tiles[h] is not None and layout.visible(h)]
    assert tiles, "E1's step 1 highlights Blue's tile"
    for h in tiles:
        x, y = layout.pixel_of(h)
        want = colours[state.tiles[h].owner]
        wait_for_canvas_pixel(page, CANVAS, int(x), int(y + 0.55 * layout.size), want, tolerance=10)
    for h in (h for h in marked if state.pieces[h] and layout.visible(h)):
        x, y = layout.pixel_of(h)
        for caste in set(state.pieces[h]):
            dx, dy, rr = piece_slot(state, h, caste)
            px, py = x + dx * layout.size, y + (dy + 0.7 * rr) * layout.size
            got = canvas_pixel(page, CANVAS, int(px), int(py))
            want = rgb(THEME.caste_colour(caste))
            assert max(abs(a - b) for a, b in zip(got[:3], want)) <= 12, f"piece {caste} at {h}: {got} != {want}"
    save_screenshot(page, "board-colours-highlighted")


def _tile_colours(png: bytes, layout, state, scale: float) -> np.ndarray:
    """The mean colour of each player's tiles in a canvas screenshot (one row per player)."""
    img = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=float)
    rows = []
    for p in range(state.n_players):
        samples = []
        for h, placed in enumerate(state.tiles):
            if placed is not None and placed.owner == p:
                x, y = layout.pixel_of(h)
                samples.append(img[int((y + 0.55 * layout.size) / scale), int(x / scale)])
        assert samples, f"player {p} has no tile on the board"
        rows.append(np.median(np.array(samples), axis=0))
    return np.array(rows)


def test_colour_blind_palette_keeps_players_apart(app_page: Page, voila_url: str) -> None:
    page = app_page
    page.set_viewport_size({"width": 1366, "height": 900})
    open_app(page, voila_url, "explorer.ipynb?start=midgame", ".samurai-tile-button")
    state = midgame_state()
    layout = board_layout(page, state.board, CANVAS)
    scale = page.evaluate("(sel) => document.querySelector(sel).width / document.querySelector(sel).clientWidth",
                          CANVAS)
    standard = _tile_colours(page.locator(CANVAS).screenshot(), layout, state, scale)

    page.locator(".samurai-board-legend").get_by_text("Key to the board").click()
    page.get_by_role("button", name="Colour-blind safe").click()
    first = next(h for h, p in enumerate(state.tiles) if p is not None and p.owner == 0)
    x, y = layout.pixel_of(first)
    cb = theme_for("colour-blind")
    wait_for_canvas_pixel(page, CANVAS, int(x), int(y + 0.55 * layout.size),
                          rgb(cb.player_colour(state.seats[0].colour, 0)), tolerance=10)
    shot = page.locator(CANVAS).screenshot(path=str(SCREENSHOTS / "board-colour-blind.png"))
    safe = _tile_colours(shot, layout, state, scale)
    save_screenshot(page, "board-colour-blind-page")
    report = {kind: (round(min_distance(standard, kind), 1), round(min_distance(safe, kind), 1)) for kind in CVD}
    print("smallest simulated distance between players (standard, colour-blind palette):", report)
    for kind, (_, d) in report.items():
        assert d >= MIN_DELTA_E, f"{kind}: two players' tiles look alike in the colour-blind palette ({d:.1f})"
