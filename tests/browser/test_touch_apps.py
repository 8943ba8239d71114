"""Every board app makes its first move by taps alone, on phones and tablets: Katana, Iki-zumari, the game, the
lesson's task, the examples' "try it yourself"; the map tells by a tap (and by touch and hold) what the mouse
learns by hovering."""

from __future__ import annotations

import pytest
from board_fit import board_layout
from context_pool import ContextPool
from helpers import APP_READY, context_page, open_app, save_screenshot, wait_for_text
from playwright.sync_api import expect
from touch_taps import DEVICES, board_box, fitted_pixel, hold, screen_point, scroll_to, tap_board

from samurai_lab import EDITION_1998, PlaceTile
from samurai_lab.ikizumari.core import parse_square
from samurai_lab.ikizumari.render.geometry import DEFAULT_GEOMETRY
from samurai_lab.katana.core.board import square_index
from samurai_lab.katana.render.layout import Layout
from samurai_lab.knizia.core.board import board_for
from samurai_lab.knizia.teaching.game_session import GameSession, Player
from samurai_lab.knizia.teaching.words import hex_words
from samurai_lab.knizia.widgets.examples import ExamplesApp
from samurai_lab.knizia.widgets.lesson import LessonApp

pytestmark = pytest.mark.browser

CANVAS = "canvas.samurai-board-canvas"
TIMEOUT = 90.0


def tap_logical(page, selector: str, logical: float, x: float, y: float) -> None:
    """Tap a square board at a point of its own drawing (``logical`` pixels wide)."""
    s = board_box(page, selector)["cw"] / logical
    tap_board(page, selector, x * s, y * s)


def test_katana_move_by_taps(browser_contexts: ContextPool, voila_url: str) -> None:
    board, play = ".katana-play-canvas", Layout(cell=56.0, margin=24.0)
    with context_page(browser_contexts, **DEVICES["phone-360x800"]) as (page, errors):
        open_app(page, voila_url, "katana.ipynb", APP_READY["katana.ipynb"], timeout=TIMEOUT)
        wait_for_text(page, ".katana-constraint", "Free move: Black", TIMEOUT)
        page.wait_for_function("(sel) => document.querySelector(sel).width > 600", arg=board)  # fitted
        tap_logical(page, board, play.width, *play.centre(square_index("d9")))
        wait_for_text(page, ".katana-message", "d9 selected", TIMEOUT)
        tap_logical(page, board, play.width, *play.centre(square_index("c9")))
        wait_for_text(page, ".katana-message", "Black moves d9-c9", TIMEOUT)
        save_screenshot(page, "touch_katana_phone")
        assert errors.unexpected() == []


def test_ikizumari_move_by_taps(browser_contexts: ContextPool, voila_url: str) -> None:
    board = ".ikz-play-board"
    with context_page(browser_contexts, **DEVICES["phone-390x844"]) as (page, errors):
        open_app(page, voila_url, "ikizumari.ipynb", board, timeout=TIMEOUT)
        wait_for_text(page, ".ikz-status", "Red moves first", TIMEOUT)
        page.wait_for_function("(sel) => document.querySelector(sel).width > 600", arg=board)
        for name in ("d1", "d3"):
            tap_logical(page, board, DEFAULT_GEOMETRY.size, *DEFAULT_GEOMETRY.centre(parse_square(name)))
        wait_for_text(page, ".ikz-announcement", "Black announces:", TIMEOUT)
        wait_for_text(page, ".ikz-status", "Red must move", TIMEOUT)
        save_screenshot(page, "touch_ikizumari_phone")
        assert errors.unexpected() == []


def test_game_first_move_by_taps(browser_contexts: ContextPool, voila_url: str) -> None:
    with context_page(browser_contexts, **DEVICES["tablet-768x1024"]) as (page, errors):
        open_app(page, voila_url, "game.ipynb", APP_READY["game.ipynb"], timeout=TIMEOUT)
        page.locator(".samurai-start").tap()
        page.wait_for_selector(".samurai-hand .samurai-tile-button", state="visible", timeout=TIMEOUT * 1000)
        state = GameSession([Player.person(), Player.bot("greedy")],
                            EDITION_1998.with_options(setup="random", hands="random"), 1).state
        layout = board_layout(page, state.board)
        first = state.hand[0]
        target = next(a for a in state.legal_actions() if isinstance(a, PlaceTile) and a.tile == first)
        page.locator(".samurai-hand .samurai-tile-button").first.tap()
        expect(page.locator(".samurai-message")).to_contain_text("an empty", timeout=TIMEOUT * 1000)
        tap_board(page, CANVAS, *layout.pixel_of(state.board.resolve(target.hex)))
        page.wait_for_selector(".samurai-log-body[data-actions='1']", state="attached", timeout=TIMEOUT * 1000)
        expect(page.locator(".samurai-log-line").first).to_contain_text(f"on {hex_words(state, target.hex)}")
        assert errors.unexpected() == []


def test_lesson_task_by_taps(browser_contexts: ContextPool, voila_url: str) -> None:
    with context_page(browser_contexts, **DEVICES["phone-360x800"]) as (page, errors):
        open_app(page, voila_url, "lesson.ipynb?chapter=4", ".samurai-lesson-task", timeout=TIMEOUT)
        lesson = LessonApp()
        lesson.open_task("capture-one")
        b = lesson.run.state.board
        wait_for_text(page, ".samurai-lesson-task", f"Take the Buddha of {hex_words(b, 'HO14')} with one token",
                      TIMEOUT)
        page.get_by_role("button", name="Buddha 3").tap()
        wait_for_text(page, ".samurai-message", "an empty land hex", TIMEOUT)
        tap_board(page, CANVAS, *fitted_pixel(page, lesson.board, "HO18"))
        expect(page.locator(".samurai-lesson-feedback")).to_contain_text("You take the Buddha (Green 3, Yellow 2)",
                                                                         timeout=TIMEOUT * 1000)
        save_screenshot(page, "touch_lesson_phone")
        assert errors.unexpected() == []


def test_examples_try_it_yourself_by_taps(browser_contexts: ContextPool, voila_url: str) -> None:
    with context_page(browser_contexts, **DEVICES["tablet-1024x768"]) as (page, errors):
        open_app(page, voila_url, "examples.ipynb?example=E2", ".samurai-try", timeout=TIMEOUT)
        wait_for_text(page, ".samurai-example-title", "E2", TIMEOUT)
        app = ExamplesApp(start="E2")
        app.start_sandbox()
        st = app.sandbox.state
        t = next(t for t in st.hand if not t.fast and not t.is_move)
        page.locator(".samurai-try").tap()
        page.wait_for_selector(".samurai-try-box .samurai-tile-button", state="visible", timeout=TIMEOUT * 1000)
        page.locator(".samurai-try-box .samurai-tile-button").nth(list(st.hand).index(t)).tap()
        wait_for_text(page, ".samurai-message", "an empty land hex", TIMEOUT)
        fitted_pixel(page, app.board, st.board.edo)
        lay = app.board.layout  # a legal hex well inside the zoomed example's view
        target = next(i for i in (st.board.index[a.hex] for a in st.legal_actions()
                                  if isinstance(a, PlaceTile) and a.tile == t)
                      if 40 < lay.pixel_of(i)[0] < lay.width - 40 and 40 < lay.pixel_of(i)[1] < lay.height - 40)
        tap_board(page, CANVAS, *lay.pixel_of(target))
        wait_for_text(page, ".samurai-try-outcome", f"on {hex_words(st.board, target)}", TIMEOUT)
        assert errors.unexpected() == []


def test_the_map_tells_by_a_tap_and_by_touch_and_hold(browser_contexts: ContextPool, voila_url: str) -> None:
    with context_page(browser_contexts, **DEVICES["phone-390x844"]) as (page, errors):
        open_app(page, voila_url, "map.ipynb", APP_READY["map.ipynb"], timeout=TIMEOUT)
        board = board_for(4)
        layout = board_layout(page, board)
        tap_board(page, CANVAS, *layout.pixel_of(board.edo))  # a tap (in the lens): the hover's line
        wait_for_text(page, ".samurai-map-hover", "Edo", TIMEOUT)
        kyoto = board.resolve("Kyoto")
        x, y = layout.pixel_of(kyoto)
        scroll_to(page, CANVAS, y)  # Kyoto on the screen, in the lens
        box = board_box(page, CANVAS)
        hold(page, screen_point(box, x, y))
        wait_for_text(page, ".samurai-map-hover", "Kyoto", TIMEOUT)
        assert errors.unexpected() == []
