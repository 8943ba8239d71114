"""Every app on phones, tablets, a small laptop and a projector: nothing wider than the screen, nothing cut or
reachable only by scrolling sideways inside a box (a wide table scrolls inside a box that shows a cue), tap
targets a finger can hit, and no button, tab, dropdown entry or list entry with its label cut, in every
language.

One page per app goes through the four touch screens (``set_viewport_size`` on the same page); one page per
(app, language) is read at 1024 × 768 and again in projector mode at 1280 × 720. These pages are shared with
the other checks that only read them (``shared_pages.py``: axe-core's, the languages'). Pictures of every app
on a phone are kept under ``tests/.artifacts/devices/``.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import APP_READY, REPO_ROOT
from layout_check import clipped, off_screen, page_overflow, short_targets, truncated_labels, whole_page_screenshot
from playwright.sync_api import Page
from shared_pages import SharedPage, after_change, desktop, phone, resize

from samurai_lab.ui.layout import TOUCH_TARGET_PX

pytestmark = pytest.mark.browser

TIMEOUT = 90.0
DEVICES = REPO_ROOT / "tests" / ".artifacts" / "devices"
#: The apps (the engine tour is a notebook of code, not an app with controls).
APPS = tuple(name for name in APP_READY if name != "engine_tour.ipynb")
#: Phones (upright) and tablets (upright, then lying), in css px; the first is the one pictured.
SCREENS = ((390, 844), (360, 800), (768, 1024), (1024, 768))
LANGUAGES = ("en", "it", "es", "ru")


def layout_faults(page: Page) -> dict[str, Any]:
    """What is wrong with the page's layout on a touch screen (empty lists when nothing is)."""
    faults: dict[str, Any] = {
        "off screen": off_screen(page),
        "cut or scrolled sideways inside a box": clipped(page),
        f"tap targets under {TOUCH_TARGET_PX} px": short_targets(page, TOUCH_TARGET_PX),
    }
    overflow = page_overflow(page)
    if overflow > 0:
        faults["page wider than the screen by"] = overflow
    return {k: v for k, v in faults.items() if v}


def open_tabs(page: Page, notebook: str, tab: int = 3) -> None:
    """Open what an app keeps in a tab that users reported cut (the explorer's Files tab); ``tab=0``: back to
    the first tab."""
    if notebook == "explorer.ipynb":
        page.locator(".samurai-tabs .lm-TabBar-tab").nth(tab).click()
        if tab:
            page.wait_for_selector(".samurai-files .samurai-scenario-choice", state="visible",
                                   timeout=TIMEOUT * 1000)
        page.wait_for_timeout(500)


@pytest.mark.parametrize("shared_page", [phone(notebook) for notebook in APPS], indirect=True)
def test_phones_and_tablets(app_view: SharedPage) -> None:
    notebook = app_view.key.notebook
    width, height = SCREENS[0]
    page = app_view.show(width, height, settle_ms=1500)
    DEVICES.mkdir(parents=True, exist_ok=True)
    whole_page_screenshot(page, str(DEVICES / f"{notebook.removesuffix('.ipynb')}-{width}x{height}.png"))
    found = {}
    for w, h in SCREENS:
        resize(page, w, h)
        faults = layout_faults(page)
        if faults:
            found[f"{w}x{h}"] = faults
    open_tabs(page, notebook)
    for w, h in SCREENS[:2]:
        resize(page, w, h)
        faults = layout_faults(page)
        if faults:
            found[f"{w}x{h}, second tab"] = faults
    open_tabs(page, notebook, 0)  # the app as it was, for the next test on this page
    assert not found, found
    assert not app_view.new_errors(), app_view.new_errors()


def language_cases() -> list[Any]:
    cases = [desktop(notebook, lang) for notebook in APPS for lang in LANGUAGES]
    return cases + [desktop("ikizumari.ipynb", "fr")]


@pytest.mark.parametrize("shared_page", language_cases(), indirect=True)
def test_labels_are_whole(app_view: SharedPage) -> None:
    page = app_view.show(1024, 768, settle_ms=1000)
    found = {}
    cut = truncated_labels(page)
    if cut:
        found["1024x768"] = cut
    resize(page, 1280, 720)
    try:
        after_change(page, lambda: (page.click(".samurai-projector-switch"),
                                    page.wait_for_selector(".samurai-projector", timeout=TIMEOUT * 1000)))
        cut = truncated_labels(page)
        if cut:
            found["projector 1280x720"] = cut
    finally:  # projector mode off again, for the next test on this page
        page.click(".samurai-projector-switch")
        page.wait_for_selector(".samurai-projector", state="detached", timeout=TIMEOUT * 1000)
    assert not found, found
    assert not app_view.new_errors(), app_view.new_errors()
