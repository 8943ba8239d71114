"""A page whose server stops: it says so in the page's language, waits, and opens again by itself with the
work in its address once the server is back on the same port (as ``samurai-lab serve`` restarted)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from board_fit import board_layout
from conftest import ARTIFACTS, HARNESS_VOILA_ARGS, NOTEBOOKS
from helpers import (APP_READY, PageErrors, click_canvas, open_app, rgb, save_screenshot, wait_for_canvas_pixel,
                     wait_for_text)
from playwright.sync_api import Page, expect

from samurai_lab import EDITION_1998, PlaceTile
from samurai_lab.i18n import Domain, use_language
from samurai_lab.knizia.render.theme import seat_colours
from samurai_lab.knizia.scenarios import position_string
from samurai_lab.knizia.widgets.explorer import default_state
from samurai_lab.knizia.widgets.hand_panel import tile_label
from samurai_lab.tools.bench_browser import VoilaServer, free_port, start_voila
from samurai_lab.tools.serve import VOILA_MODULE
from samurai_lab.tools.voila_app import data_path_env

pytestmark = pytest.mark.browser

CANVAS = "canvas.samurai-board-canvas"
TIMEOUT = 90_000


def start(port: int, log: Path) -> VoilaServer:
    """voila over the notebooks as the harness runs it, on ``port``."""
    server = start_voila(NOTEBOOKS, port=port, log_path=log, extra_args=HARNESS_VOILA_ARGS, module=VOILA_MODULE,
                         env=data_path_env())
    server.wait_until_up(timeout=60)
    return server


def test_a_page_says_its_server_is_gone_and_comes_back_with_its_position(app_page: Page,
                                                                          page_errors: PageErrors) -> None:
    page = app_page
    # the kernel's connection failing and the page's questions to a server that is not there, as they are
    page_errors.allow(r"ERR_CONNECTION_REFUSED|WebSocket|Connection lost|[Kk]ernel|Failed to load resource")
    page.set_viewport_size({"width": 1366, "height": 900})
    port = free_port()
    server = start(port, ARTIFACTS / "voila-server-gone-1.log")
    try:
        state = default_state(2, EDITION_1998, 3)
        board = state.board
        open_app(page, server.url, "explorer.ipynb?players=2&seed=3&lang=it", APP_READY["explorer.ipynb"])
        layout = board_layout(page, board)
        t = next(t for t in state.hand if not t.fast and not t.is_move and not t.on_sea)
        target = next(board.index[a.hex] for a in state.legal_actions() if isinstance(a, PlaceTile) and a.tile == t)
        after = state.apply(PlaceTile(t, board.ids[target]))
        with use_language("it"):  # the page's language
            label = tile_label(state, t)
        page.locator(".samurai-tile-button", has_text=label).first.click()
        click_canvas(page, CANVAS, *layout.pixel_of(target))  # the preview
        click_canvas(page, CANVAS, *layout.pixel_of(target))  # placed
        wait_for_text(page, ".samurai-history-step", "1")
        page.wait_for_function("() => { const a = document.querySelector('.samurai-languages a[aria-current]');"
                               " return a && a.href.includes('position='); }", timeout=TIMEOUT)
    finally:
        server.stop()

    with use_language("it"):
        words = Domain("ui").gettext("The server cannot be reached: it has stopped, or the network is down. This "
                                     "page will reload by itself as soon as the server is back, where you left off.")
    assert "server" in words and words.startswith("Il ")
    gone = page.locator(".samurai-server-gone[role=alert]")
    expect(gone).to_be_visible(timeout=TIMEOUT)
    expect(gone).to_contain_text(words)
    save_screenshot(page, "server_gone")

    server = start(port, ARTIFACTS / "voila-server-gone-2.log")  # the same port: the page finds it again
    try:
        page.wait_for_url(lambda url: "position=" in url, timeout=TIMEOUT)
        page.wait_for_selector(APP_READY["explorer.ipynb"], state="visible", timeout=TIMEOUT)
        options = {k: v[-1] for k, v in parse_qs(urlsplit(page.url).query).items()}
        assert options["position"] == position_string(after) and options["lang"] == "it"
        expect(page.locator(".samurai-server-gone")).to_have_count(0)
        layout = board_layout(page, board)
        x, y = layout.pixel_of(target)
        wait_for_canvas_pixel(page, CANVAS, int(x), int(y + 0.55 * layout.size), rgb(seat_colours(state)[0]),
                              tolerance=14)  # the tile laid before the server stopped
        save_screenshot(page, "server_back")
    finally:
        page.close(run_before_unload=True)
        server.stop()
