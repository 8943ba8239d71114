"""The review at the end of a game, in the browser: opened by a click on a desktop and by taps on a phone
(in Italian), a blunder marked, the chart drawn, the position shown on a board, a mistake replayed as a puzzle."""

from __future__ import annotations

import pytest
from context_pool import ContextPool
from helpers import context_page, open_app, save_screenshot, wait_for_text
from playwright.sync_api import Page, expect
from touch_taps import DEVICES

from samurai_lab.knizia.widgets.game import pack_record

from review_records import FINISHED

pytestmark = pytest.mark.browser

TIMEOUT = 120.0
START = ".samurai-review-start"


def _address(lang: str = "") -> str:
    return f"game.ipynb?record={pack_record(FINISHED)}" + (f"&lang={lang}" if lang else "")


def test_review_a_finished_game_with_the_mouse(app_page: Page, voila_url: str) -> None:
    page = app_page
    page.set_viewport_size({"width": 1280, "height": 1000})
    open_app(page, voila_url, _address(), START, timeout=TIMEOUT)
    expect(page.locator(".samurai-review-player select")).to_have_value("Green")
    page.click(START)
    wait_for_text(page, ".samurai-review-turns", "Blunder", TIMEOUT)
    turn = page.locator(".samurai-review-turn", has_text="Turn 21")
    expect(turn).to_contain_text("Samurai 1")
    expect(turn).to_contain_text("Better:")
    assert page.locator(".samurai-review-chart svg circle.samurai-review-dot").count() >= 10
    assert page.locator(".samurai-review-chart svg circle[fill='#c62828']").count() == 1
    page.locator(".samurai-review-turns > div", has_text="Turn 21").locator(".samurai-review-show").click()
    expect(page.locator(".samurai-review .samurai-board-canvas").first).to_be_visible(timeout=TIMEOUT * 1000)
    expect(page.locator(".samurai-review-board-text")).to_contain_text("Turn 21")
    page.click(".samurai-review-learn")
    expect(page.locator(".samurai-review-learn-title")).to_contain_text("Position 1 of", timeout=TIMEOUT * 1000)
    save_screenshot(page, "review_desktop")


def test_review_by_taps_on_a_phone_in_italian(browser_contexts: ContextPool, voila_url: str) -> None:
    with context_page(browser_contexts, **DEVICES["phone-390x844"]) as (page, errors):
        open_app(page, voila_url, _address("it"), START, timeout=TIMEOUT)
        page.locator(START).tap()
        wait_for_text(page, ".samurai-review-turns", "Errore grave", TIMEOUT)
        chart = page.locator(".samurai-review-chart svg")
        expect(chart).to_be_visible()
        box = chart.bounding_box()
        assert box is not None and box["width"] <= 390  # the chart fits the phone's width
        page.locator(".samurai-review-turns > div", has_text="Turno 21").locator(".samurai-review-show").tap()
        expect(page.locator(".samurai-review-board-text")).to_contain_text("Turno 21", timeout=TIMEOUT * 1000)
        canvas = page.locator(".samurai-review .samurai-board-canvas").first
        canvas.scroll_into_view_if_needed()
        expect(canvas).to_be_visible(timeout=TIMEOUT * 1000)
        save_screenshot(page, "review_phone_it")
        assert errors.unexpected() == []
