"""The teaching apps in a real browser: the rulebook examples, the lesson, the scoring explainer."""

from __future__ import annotations

import re

import pytest
from board_fit import board_layout
from helpers import click_canvas, open_app, save_screenshot as _save_screenshot, wait_for_canvas_pixel, wait_for_text
from playwright.sync_api import Page, expect

from samurai_lab.knizia.core.board import board_for
from samurai_lab.knizia.teaching.words import hex_words
from samurai_lab.knizia.teaching.rulebook_examples import ExampleStepper, load_example
from samurai_lab.knizia.widgets.lesson import LessonApp

pytestmark = pytest.mark.browser

CANVAS = ".samurai-board-canvas"
TIMEOUT = 60.0


def test_examples_app_steps_through_e2_and_e9(app_page: Page, voila_url: str) -> None:
    page = app_page
    open_app(page, voila_url, "examples.ipynb", ".samurai-example-E2")

    page.click(".samurai-example-E2")
    wait_for_text(page, ".samurai-example-title", "E2: Red's Ronin 1 and Samurai 2", TIMEOUT)
    page.click(".samurai-step-next")
    wait_for_text(page, ".samurai-step-label", "Step 1 of 3", TIMEOUT)
    b4 = board_for(4)  # E2 is a 4-player example: places in words, no hex ids
    wait_for_text(page, ".samurai-step-action", f"Red lays a Ronin 1 on {hex_words(b4, 'HO27')}", TIMEOUT)
    wait_for_text(page, ".samurai-step-outcome", "No settlement is decided.", TIMEOUT)
    page.click(".samurai-step-next")
    wait_for_text(page, ".samurai-step-label", "Step 2 of 3", TIMEOUT)
    wait_for_text(page, ".samurai-step-narration", f"Then Red lays his Samurai 2 on {hex_words(b4, 'HO20')}",
                  TIMEOUT)
    outcome = page.locator(".samurai-step-outcome")
    for words in ("Red takes the Buddha of Edo (Red 3, Yellow 2)",
                  "Red takes the High Helmet of Edo (Red 3, Blue 2)",
                  "Green takes the Rice field of Edo (Red 3, Green 4, Blue 2)",
                  f"Yellow takes the Buddha of {hex_words(b4, 'HO19')} (Red 2, Yellow 3, Blue 1)"):
        expect(outcome).to_contain_text(words, timeout=TIMEOUT * 1000)
    expect(page.locator(".samurai-step-expected")).to_contain_text("the rules engine agrees")
    # the board really drew (the map under the zoomed example)
    r, g, b, a = wait_for_canvas_pixel(page, CANVAS, 20, 20, timeout=TIMEOUT)
    assert a == 255
    save_screenshot(page, "examples")

    page.click(".samurai-example-E9")
    wait_for_text(page, ".samurai-example-title", "E9: Gold's Ronin 1 then Buddha 4", TIMEOUT)
    for k in (1, 2, 3):
        page.click(".samurai-step-next")
        wait_for_text(page, ".samurai-step-label", f"Step {k} of 3", TIMEOUT)
    wait_for_text(page, ".samurai-step-action", "Gold ends the turn: now every surrounded settlement is decided",
                  TIMEOUT)
    outcome = page.locator(".samurai-step-outcome")
    e9 = ExampleStepper(load_example("E9")).state
    for words in (f"Gold takes the Buddha of {hex_words(e9, 'HO09')} (Gold 5, Red 3)",
                  "The Buddha of Akita is set aside: tie for the highest influence (Gold 4, Green 4)",
                  "Red takes the Rice of Akita (Red 2, Green 1)"):
        expect(outcome).to_contain_text(words, timeout=TIMEOUT * 1000)
    assert "High Helmet" not in page.inner_text(".samurai-step-tallies")

    # try it yourself, then back to the example with one click
    page.click(".samurai-try")
    page.wait_for_selector(".samurai-try-box .samurai-tile-button", state="visible", timeout=TIMEOUT * 1000)
    page.click(".samurai-try-back")
    wait_for_text(page, ".samurai-step-label", "Step 3 of 3", TIMEOUT)
    expect(page.locator(".samurai-try-box")).to_be_hidden()


def save_screenshot(page: Page, name: str) -> None:
    """A screenshot for the README, of a projector-sized window (voila scrolls inside the page)."""
    page.set_viewport_size({"width": 1400, "height": 1050})
    page.wait_for_timeout(500)
    _save_screenshot(page, name)


def _lesson_pixel(page: Page, task_id: str, hex_id: str) -> tuple[float, float]:
    """Where a hex is drawn in the lesson app for this task, from the size the page gave its board (the
    app frames the task's focus in that size as the same app in Python does)."""
    app = LessonApp()
    app.open_task(task_id)
    view = app.board
    layout = board_layout(page, view.state.board, CANVAS, focus=view.focus, max_zoom=view.max_zoom)
    return layout.pixel_of(view.state.board.resolve(hex_id))


def test_lesson_task_wrong_then_right(app_page: Page, voila_url: str) -> None:
    page = app_page
    open_app(page, voila_url, "lesson.ipynb", ".samurai-lesson-task")
    wait_for_text(page, ".samurai-lesson-progress", "Chapter 1 of 8 · 0 of", TIMEOUT)

    page.select_option(".samurai-lesson-chapters select", label="4. Surrounding and capturing")
    lesson = LessonApp()
    lesson.open_task("capture-one")
    b = lesson.run.state.board
    wait_for_text(page, ".samurai-lesson-task", f"Take the Buddha of {hex_words(b, 'HO14')} with one token", TIMEOUT)
    x, y = _lesson_pixel(page, "capture-one", "HO18")
    wait_for_canvas_pixel(page, CANVAS, int(x), int(y), timeout=TIMEOUT)

    # wrong: the High Helmet 4 counts only for High Helmets
    page.get_by_role("button", name="High Helmet 4").click()
    wait_for_text(page, ".samurai-message", "click an empty land hex", TIMEOUT)
    click_canvas(page, CANVAS, x, y)
    feedback = page.locator(".samurai-lesson-feedback")
    expect(feedback).to_contain_text(f"Not quite. Yellow takes the Buddha of {hex_words(b, 'HO14')} (Green 0, Yellow 2)",
                                     timeout=TIMEOUT * 1000)
    expect(feedback).to_contain_text("your High Helmet 4 counts only for High Helmets")
    # the hand stays after a wrong try: a tile of it starts again
    expect(page.locator(".samurai-lesson .samurai-tile-button").first).to_be_visible()

    # the hint, then right: the Buddha 3 takes it 3 to 2
    page.click(".samurai-lesson-hint")
    wait_for_text(page, ".samurai-lesson-hint-text", f"Only {hex_words(b, 'HO18')} is still empty", TIMEOUT)
    page.click(".samurai-lesson-retry")
    wait_for_text(page, ".samurai-message", "The position is back as it was", TIMEOUT)
    page.get_by_role("button", name="Buddha 3").click()
    wait_for_text(page, ".samurai-message", "click an empty land hex", TIMEOUT)
    click_canvas(page, CANVAS, x, y)
    expect(feedback).to_contain_text("You take the Buddha (Green 3, Yellow 2)", timeout=TIMEOUT * 1000)
    wait_for_text(page, ".samurai-lesson-progress", "Chapter 4 of 8 · 1 of", TIMEOUT)
    wait_for_text(page, ".samurai-lesson-task", "✔ solved", TIMEOUT)
    expect(page.locator(".samurai-lesson-next")).to_have_class(re.compile("mod-success"))
    save_screenshot(page, "lesson")


def test_scoring_explainer_e7_preset(app_page: Page, voila_url: str) -> None:
    page = app_page
    open_app(page, voila_url, "scoring.ipynb", ".samurai-preset-E7")
    page.click(".samurai-preset-E7")
    wait_for_text(page, ".samurai-score-winner", "Red wins", TIMEOUT)
    totals = page.locator(".samurai-score-totals")
    expect(totals).to_contain_text("Red 9")
    expect(totals).to_contain_text("Yellow 8")
    steps = page.locator(".samurai-score-steps")
    expect(steps).to_contain_text("Still tied, so all pieces count: Yellow 8, Red 9. Red wins.")
    expect(steps).to_contain_text("Green and Blue lead nothing and cannot win")
    expect(page.locator(".samurai-score-chart svg")).to_be_visible()

    # step by step: back to the first rule, the winner is hidden until the last
    for _ in range(3):
        if page.locator(".samurai-score-prev").is_enabled():
            page.click(".samurai-score-prev")
    wait_for_text(page, ".samurai-score-winner", "…", TIMEOUT)
    page.click(".samurai-score-all")
    wait_for_text(page, ".samurai-score-winner", "Red wins", TIMEOUT)

    # adjusting a count rescores at once: Red with one High Helmet fewer no longer leads alone
    box = page.locator(".samurai-count-3-H input")
    box.fill("3")
    box.press("Enter")
    expect(page.locator(".samurai-score-winner")).not_to_contain_text("Red wins", timeout=TIMEOUT * 1000)
    page.click(".samurai-preset-E7")
    wait_for_text(page, ".samurai-score-winner", "Red wins", TIMEOUT)
    save_screenshot(page, "scoring")


def test_variants_panel_shows_two_outcomes_side_by_side(app_page: Page, voila_url: str) -> None:
    page = app_page
    open_app(page, voila_url, "variants.ipynb", ".samurai-ruling-demo")
    runs = page.locator(".samurai-ruling-run")
    expect(runs).to_have_count(2, timeout=TIMEOUT * 1000)
    expect(runs.nth(0)).to_contain_text("R2 = instant")
    village = hex_words(board_for(2), "HO01")
    expect(runs.nth(0)).to_contain_text(f"Red takes the High Helmet of {village}")
    expect(runs.nth(1)).to_contain_text("R2 = end of turn")
    expect(runs.nth(1)).to_contain_text(f"Blue takes the High Helmet of {village}")
    page.get_by_role("button", name="2015 words").click()
    expect(runs.nth(1)).to_contain_text(f"Blue takes the Castle of {village}", timeout=TIMEOUT * 1000)
    save_screenshot(page, "variants")


