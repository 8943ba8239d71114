"""The wheel a page shows while its app starts (the ``samurai`` template's ``loading.macro.html.j2``),
in Chromium: it turns one step at a time by a timer, with no CSS animation (an animation makes the
browser draw every frame, and on a crowded server a page can load for a minute), stands still for
readers who ask for less motion, and its timer stops once voila removes it."""

from __future__ import annotations

from typing import Any

import jinja2
from helpers import PageErrors

from samurai_lab.tools.serve import TEMPLATE
from samurai_lab.tools.voila_app import DATA_DIR

TEMPLATE_DIR = DATA_DIR / "voila" / "templates" / TEMPLATE
TRANSFORM = "() => document.querySelector('#loading .samurai-loading-wheel').style.transform"


def loading_document() -> str:
    """A page with the template's loading block, as voila's index page has it before the app is up."""
    macros = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATE_DIR)) \
        .get_template("loading.macro.html.j2").module
    return f"<!DOCTYPE html><html><head>{macros.css()}</head><body>{macros.html()}</body></html>"


def open_wheel(browser: Any, **context: Any) -> tuple[Any, Any, PageErrors]:
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, **context)
    page = ctx.new_page()
    errors = PageErrors()
    page.on("console", errors.on_console)
    page.on("pageerror", errors.on_page_error)
    page.set_content(loading_document())
    return ctx, page, errors


def test_the_wheel_turns_in_steps_without_an_animation_and_stops_with_the_page(browser: Any) -> None:
    ctx, page, errors = open_wheel(browser)
    try:
        assert page.is_visible("#loading .samurai-loading-wheel")
        assert page.inner_text("#loading").strip() == ""  # no words before the app chooses the language
        assert page.evaluate("() => document.getAnimations().length") == 0
        seen = set()
        for _ in range(6):
            seen.add(page.evaluate(TRANSFORM))
            page.wait_for_timeout(260)
        turns = {s for s in seen if s}
        assert len(turns) >= 3, seen
        assert all(t.startswith("rotate(") and int(t[7:-4]) % 45 == 0 for t in turns), turns
        # voila's display_cells removes #loading once the app is up: the timer must stop, quietly
        page.evaluate("() => { window.__wheel = document.querySelector('.samurai-loading-wheel');"
                      " document.getElementById('loading').remove(); }")
        page.wait_for_timeout(300)
        stopped = page.evaluate("() => window.__wheel.style.transform")
        page.wait_for_timeout(600)
        assert page.evaluate("() => window.__wheel.style.transform") == stopped
        assert not errors.unexpected()
    finally:
        ctx.close()


def test_the_wheel_stands_still_for_readers_who_ask_for_less_motion(browser: Any) -> None:
    ctx, page, errors = open_wheel(browser, reduced_motion="reduce")
    try:
        page.wait_for_timeout(800)
        assert page.evaluate(TRANSFORM) == ""
        assert page.evaluate("() => document.getAnimations().length") == 0
        assert not errors.unexpected()
    finally:
        ctx.close()
