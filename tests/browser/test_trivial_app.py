"""The browser harness against the trivial reference app and the notebooks tree."""

from __future__ import annotations

import re

import pytest
from helpers import (
    REPO_ROOT,
    PageErrors,
    canvas_pixel,
    click_canvas,
    is_known_noise,
    open_app,
    save_screenshot,
    wait_for_canvas_pixel,
    wait_for_text,
)
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

NOTEBOOKS = REPO_ROOT / "notebooks"
CANVAS = "canvas.trivial-canvas"
STATUS = ".trivial-status"
HEX_FILL = (46, 125, 50)
TOKEN_FILL = (198, 40, 40)
CENTRE = (120, 120)


def test_trivial_app_draws_and_places_tokens(app_page: Page, trivial_url: str) -> None:
    """The hexagon is really drawn; each click updates the label and draws a token."""
    open_app(app_page, trivial_url, "trivial_app.ipynb", STATUS)

    assert wait_for_canvas_pixel(app_page, CANVAS, *CENTRE, rgb=HEX_FILL)[3] == 255
    assert canvas_pixel(app_page, CANVAS, 3, 3)[3] == 0, "outside the hexagon stays transparent"
    assert "Click the hexagon" in app_page.inner_text(STATUS)

    click_canvas(app_page, CANVAS, 150, 100)
    wait_for_text(app_page, STATUS, "Tokens: 1 (last at 150, 100)")
    r, g, b, a = wait_for_canvas_pixel(app_page, CANVAS, 150, 100, rgb=TOKEN_FILL)
    assert a == 255 and r > 150 and g < 80

    click_canvas(app_page, CANVAS, 90, 140)
    wait_for_text(app_page, STATUS, "Tokens: 2")
    wait_for_canvas_pixel(app_page, CANVAS, 90, 140, rgb=TOKEN_FILL)
    assert canvas_pixel(app_page, CANVAS, 150, 100)[:3] == TOKEN_FILL, "first token kept"
    assert canvas_pixel(app_page, CANVAS, *CENTRE)[:3] == HEX_FILL, "board redrawn under tokens"

    shot = save_screenshot(app_page, "trivial_app")
    assert shot.stat().st_size > 1000


def test_notebooks_tree_lists_every_notebook(app_page: Page, voila_url: str) -> None:
    """The session server's tree page links every notebook of notebooks/."""
    app_page.goto(voila_url + "/")
    app_page.wait_for_selector("body", state="attached")
    hrefs = app_page.eval_on_selector_all("a", "els => els.map(e => e.getAttribute('href'))")
    paths = {str(href).split("?")[0] for href in hrefs if href}
    for name in sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")):
        assert f"/voila/render/{name}" in paths, (name, sorted(paths))


def test_recorder_catches_errors_but_not_noise(app_page: Page, page_errors: PageErrors) -> None:
    """Real console errors and exceptions are recorded (a request to another host too: every asset
    is served locally), and warnings that front-end packages disagree; known noise is not."""
    app_page.set_content("<p>harness</p>")
    app_page.evaluate("() => console.warn('a passing remark')")
    app_page.evaluate("() => console.error('TCP without encryption')")
    assert page_errors.messages == []
    app_page.evaluate("() => console.warn('Unsatisfied version 4.2.5 from _JUPYTERLAB.CORE_OUTPUT of shared "
                      "singleton module @jupyterlab/services (required ^7.6.2)')")
    assert any("Unsatisfied version" in m for m in page_errors.messages)
    page_errors.messages.clear()
    app_page.evaluate("() => console.error('Failed to load resource: net::ERR_NAME_NOT_RESOLVED')")
    assert any("ERR_NAME_NOT_RESOLVED" in m for m in page_errors.messages)
    page_errors.messages.clear()

    app_page.evaluate("() => console.error('boom from the app')")
    app_page.evaluate("() => setTimeout(() => { throw new Error('uncaught kaboom'); }, 0)")
    app_page.wait_for_timeout(200)
    assert any("boom from the app" in m for m in page_errors.messages)
    assert any("uncaught kaboom" in m for m in page_errors.messages)
    page_errors.allow("boom from the app|uncaught kaboom")
    assert page_errors.unexpected() == []


@pytest.mark.parametrize(
    ("text", "url", "noise"),
    [
        # nothing may come from another host, and the unload beacon must be accepted: real failures
        ("Failed to load resource: net::ERR_NAME_NOT_RESOLVED", "https://cdn.jsdelivr.net/x.css", False),
        ("Failed to load resource: the server responded with a status of 404", "https://cdn.example/x", False),
        ("Failed to load resource: the server responded with a status of 404", "http://127.0.0.1:9/favicon.ico", True),
        ("Failed to load resource: the server responded with a status of 403 (Forbidden)",
         "http://127.0.0.1:9/voila/api/shutdown/abc", False),
        ("Failed to load resource: the server responded with a status of 404", "http://127.0.0.1:9/voila/static/a.js", False),
        ("Failed to load resource: the server responded with a status of 500", "http://127.0.0.1:9/voila/render/x", False),
        ("Uncaught TypeError: x is undefined", "http://127.0.0.1:9/voila/render/x", False),
    ],
)
def test_noise_filter(text: str, url: str, noise: bool) -> None:
    """Only harmless messages are filtered."""
    assert is_known_noise(text, url) is noise


def test_readme_screenshots_are_in_the_repository() -> None:
    """The pictures the README shows exist in docs/screenshots/ (refreshed by `make screenshots`)."""
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    pictures = re.findall(r"\(docs/screenshots/([\w.-]+\.png)\)", readme)
    assert pictures, "the README shows screenshots of the apps"
    for name in pictures:
        assert (REPO_ROOT / "docs" / "screenshots" / name).is_file(), name
