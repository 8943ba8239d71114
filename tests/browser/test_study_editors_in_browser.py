"""The Katana app's study editor in the browser, by clicks: a two-step study with a question on each
step (the answer and a tempting wrong answer played on the board), saved on the server, opened by its
link in a new page where a wrong answer gets the teacher's feedback and the right one is accepted.
Screenshots of the three games' editors open (Knizia's in the explorer's Study tab, with its Arrow
button), on a laptop and a phone."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from context_pool import ContextPool
from helpers import APP_READY, FittedBoards, context_page, open_app, save_screenshot, wait_for_text
from playwright.sync_api import Page, expect

from samurai_lab.common.study_files import saved_studies_dir
from samurai_lab.katana.core.board import square_index
from samurai_lab.katana.render.layout import Layout

pytestmark = pytest.mark.browser

TIMEOUT = 90.0
CANVAS, STUDY_CANVAS = ".katana-play-canvas", ".katana-study-canvas"
PLAY, STUDY = Layout(cell=56.0, margin=24.0), Layout(cell=56.0, margin=24.0)
BOARDS = FittedBoards({CANVAS: PLAY.width, STUDY_CANVAS: STUDY.width}, TIMEOUT)
MESSAGE = ".katana-message"


def move(page: Page, canvas: str, layout: Layout, frm: str, to: str) -> None:
    page.locator(canvas).scroll_into_view_if_needed()  # the editor's buttons are below it on a laptop
    for square in (frm, to):
        BOARDS.click(page, canvas, *layout.centre(square_index(square)))


def ask(page: Page, prompt: str, right: tuple[str, str], wrong: tuple[str, str], feedback: str) -> None:
    """A question on the last step: its answer, taken back, a wrong answer, then the answer again."""
    page.locator(".samurai-study-prompt-input input").fill(prompt)
    page.locator(".samurai-study-ask").click()
    wait_for_text(page, MESSAGE, "Now play the answer on the board", TIMEOUT)
    move(page, CANVAS, PLAY, *right)
    wait_for_text(page, MESSAGE, f"Recorded {'-'.join(right)} as the answer.", TIMEOUT)
    page.locator(".katana-undo").click()
    wait_for_text(page, MESSAGE, "Move taken back.", TIMEOUT)
    page.locator(".samurai-study-wrong-feedback input").fill(feedback)
    page.locator(".samurai-study-record-wrong").click()
    wait_for_text(page, MESSAGE, "Now play the answer on the board", TIMEOUT)
    move(page, CANVAS, PLAY, *wrong)
    wait_for_text(page, MESSAGE, f"Recorded {'-'.join(wrong)} as a wrong answer.", TIMEOUT)
    move(page, CANVAS, PLAY, *right)
    wait_for_text(page, MESSAGE, f"moves {'-'.join(right)}", TIMEOUT)


def test_a_katana_study_built_by_clicks_opens_by_link_and_judges(browser_contexts: ContextPool, voila_url: str) -> None:
    name = f"browser-katana-study-{os.getpid()}"
    saved = Path(saved_studies_dir()) / f"{name}.toml"
    try:
        with context_page(browser_contexts, viewport={"width": 1366, "height": 768}) as (page, errors):
            open_app(page, voila_url, "katana.ipynb", ".katana-app", timeout=TIMEOUT)
            page.select_option(".katana-seat-red select", label="Person")
            page.click(".katana-study-box .jupyter-widget-Collapse-header")
            page.locator(".samurai-study-title-input input").fill("Two questions")
            page.locator(".samurai-study-text-input textarea").fill("Black begins.")
            page.locator(".samurai-study-mark").click()
            move(page, CANVAS, PLAY, "e5", "c5")
            move(page, CANVAS, PLAY, "e5", "e5")  # unmarked, then marked again
            expect(page.locator(".samurai-study-marks")).to_have_text("c5, e5")
            page.locator(".samurai-study-add-step").click()
            wait_for_text(page, MESSAGE, "Step 1 added.", TIMEOUT)
            ask(page, "Where should Black go?", ("d9", "d7"), ("d9", "e9"), "Too timid.")
            page.locator(".samurai-study-text-input textarea").fill("Red to move.")
            page.locator(".samurai-study-add-step").click()
            wait_for_text(page, MESSAGE, "Step 2 added.", TIMEOUT)
            ask(page, "And Red?", ("a3", "a5"), ("a3", "b3"), "Not that one.")
            expect(page.locator(".samurai-study-steps li")).to_have_count(2)
            page.locator(".samurai-study-name input").fill(name)
            page.locator(".samurai-study-save").click()
            wait_for_text(page, MESSAGE, f"Saved as “{name}.toml” among the saved studies.", TIMEOUT)
            page.locator(".samurai-study-editor").scroll_into_view_if_needed()
            save_screenshot(page, "study_editor_katana_1366")
            href = page.locator(".samurai-study-link a").get_attribute("href")
            assert href == f"study.ipynb?study={name}"
            assert errors.unexpected() == []
        with context_page(browser_contexts, viewport={"width": 1280, "height": 900}) as (page, errors):
            open_app(page, voila_url, href, APP_READY["study.ipynb"])
            wait_for_text(page, ".samurai-study-progress", "Step 1 of 2 · questions answered: 0 of 2", TIMEOUT)
            move(page, STUDY_CANVAS, STUDY, "d9", "e9")
            wait_for_text(page, ".samurai-study-panel .samurai-message", "Too timid.", TIMEOUT)
            move(page, STUDY_CANVAS, STUDY, "d9", "d7")
            wait_for_text(page, ".samurai-study-progress", "questions answered: 1 of 2", TIMEOUT)
            assert errors.unexpected() == []
    finally:
        saved.unlink(missing_ok=True)


@pytest.mark.parametrize("viewport", [(1366, 768), (390, 844)])
@pytest.mark.parametrize("app", ["katana", "ikizumari", "explorer"])
def test_the_editor_fits_the_page(
        browser_contexts: ContextPool, voila_url: str, app: str, viewport: tuple[int, int],
) -> None:
    with context_page(browser_contexts, viewport={"width": viewport[0], "height": viewport[1]}) as (page, errors):
        if app == "explorer":  # Knizia's game: the explorer's Study tab
            open_app(page, voila_url, "explorer.ipynb", APP_READY["explorer.ipynb"], timeout=TIMEOUT)
            page.locator(".samurai-tabs .lm-TabBar-tab", has_text="Study").click()
        else:
            box = {"katana": ".katana-study-box", "ikizumari": ".ikz-study-box"}[app]
            open_app(page, voila_url, f"{app}.ipynb", {"katana": ".katana-app", "ikizumari": ".ikizumari-app"}[app],
                     timeout=TIMEOUT)
            page.click(f"{box} .jupyter-widget-Collapse-header")
        editor = page.locator(".samurai-study-editor")
        editor.locator(".samurai-study-add-step").scroll_into_view_if_needed()
        expect(editor.locator(".samurai-study-add-step")).to_be_visible()
        expect(editor.locator(".samurai-study-arrow")).to_be_visible()  # every game's editor draws arrows
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= viewport[0] + 1, f"the page scrolls sideways: {width} px"
        save_screenshot(page, f"study_editor_{app}_{viewport[0]}")
        if viewport[0] > 1000:  # the open editor is axe-clean too
            from test_accessibility import describe, serious_violations

            violations = serious_violations(page)
            assert violations == [], describe(violations)
        assert errors.unexpected() == []
