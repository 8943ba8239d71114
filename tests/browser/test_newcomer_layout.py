"""Layout a newcomer meets, in a real browser: the magnified board's "Whole board" button outside the board,
instructions that say "tap" on a touch screen, and projector mode fitting a projector's screen (the board and
the controls of the step at hand without scrolling, the header on one line). Pages are the shared ones
(``shared_pages.py``); each test leaves its page as it found it."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import REPO_ROOT
from playwright.sync_api import Page
from shared_pages import SharedPage, desktop, phone
from touch_taps import board_box, scroll_to

from samurai_lab.ui.touch import LENS_BUTTON_CLASS

pytestmark = pytest.mark.browser

SHOTS = Path(REPO_ROOT) / "tests" / ".artifacts" / "newcomer-layout"
KATANA_BOARD = ".katana-play-canvas"

_RECT_JS = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  return {x: r.x, y: r.y, w: r.width, h: r.height}; }"""
#: The board's own box, also while the lens magnifies the canvas (a CSS transform: its layout box is read).
_BOARD_AREA_JS = """(sel) => { const c = document.querySelector(sel); const p = c.offsetParent.getBoundingClientRect();
  return {x: p.x + c.offsetLeft, y: p.y + c.offsetTop, w: c.offsetWidth, h: c.offsetHeight}; }"""


def overlap(a: dict, b: dict) -> float:
    """The area two boxes share (0 when apart)."""
    w = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
    h = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
    return max(0.0, w) * max(0.0, h)


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.mark.parametrize("shared_page", [phone("katana.ipynb")], indirect=True)
def test_whole_board_button_is_outside_the_magnified_board(app_view: SharedPage) -> None:
    page = app_view.show(390, 844)
    page.wait_for_function("(sel) => document.querySelector(sel).width > 600", arg=KATANA_BOARD)  # fitted
    box = board_box(page, KATANA_BOARD)
    assert box["cell"] < 44  # a phone: the first tap magnifies
    scroll_to(page, KATANA_BOARD, box["ch"] / 2)
    before = page.evaluate(_BOARD_AREA_JS, KATANA_BOARD)
    page.touchscreen.tap(before["x"] + before["w"] * 0.5, before["y"] + before["h"] * 0.5)
    button = f".samurai-board:has({KATANA_BOARD}) .{LENS_BUTTON_CLASS}"
    page.wait_for_selector(button, state="visible")
    try:
        area = page.evaluate(_BOARD_AREA_JS, KATANA_BOARD)
        place = page.evaluate(_RECT_JS, button)
        shot(page, "katana-lens-390x844")
        assert overlap(area, place) == 0, (area, place)
        assert abs(area["y"] - before["y"]) < 1 and abs(area["h"] - before["h"]) < 1  # the board did not move
        assert place["h"] >= 44 and place["y"] < 844  # a finger's size, on the screen
    finally:  # the whole board again, for the next test on this page
        page.locator(button).tap()
        page.wait_for_function("(sel) => !window.samuraiBoardTouch.lens(document.querySelector(sel))",
                               arg=KATANA_BOARD)
    assert not app_view.new_errors(), app_view.new_errors()


@pytest.mark.parametrize("shared_page,verb,not_verb", [
    pytest.param(*phone("study.ipynb").values, "Tap", "click", id=phone("study.ipynb").id),
    pytest.param(*desktop("study.ipynb", "en").values, "click", "Tap", id=desktop("study.ipynb", "en").id),
], indirect=["shared_page"])
def test_a_question_says_tap_on_a_touch_screen_and_click_with_a_mouse(app_view: SharedPage, verb: str,
                                                                        not_verb: str) -> None:
    page = app_view.show(390, 844) if app_view.key.screen == "phone" else app_view.show(1024, 768)
    page.locator(".samurai-study-next").first.click()  # the study's question (its second step)
    try:
        prompt = page.locator(".samurai-study-prompt")
        prompt.locator(".samurai-study-how").wait_for(state="attached")
        shown = prompt.inner_text()
        shot(page, f"study-question-{app_view.key.screen}")
        assert verb.lower() in shown.lower() and not_verb.lower() not in shown.lower(), shown
    finally:
        page.locator(".samurai-study-back").first.click()  # the first step again, for the next test
    assert not app_view.new_errors(), app_view.new_errors()
