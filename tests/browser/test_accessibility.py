"""Every app notebook in a real browser, checked by axe-core: a real page title, a language, and no
serious or critical accessibility violation (``axe-playwright-python``), on a laptop's screen (1366 px)
and on a phone's (390x844, touch, device scale 3). The apps' pages are shared with the other checks that
only read them (``shared_pages.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from context_pool import ContextPool
from helpers import APP_READY, context_page, open_app
from playwright.sync_api import Page
from shared_pages import SharedPage, desktop, phone

pytestmark = pytest.mark.browser

axe_playwright_python = pytest.importorskip("axe_playwright_python.sync_playwright")

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
#: The apps of this folder and how to see that each is ready.
READY = {k: v for k, v in APP_READY.items() if k not in ("katana.ipynb", "ikizumari.ipynb")}
#: Other games' apps (their own folders): checked when their notebook exists.
OTHERS = ("katana.ipynb", "ikizumari.ipynb")
SERIOUS = {"serious", "critical"}
TIMEOUT = 120.0
#: A phone, as Playwright emulates one.
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 3}


def _apps() -> list[str]:
    return [*READY, *(n for n in OTHERS if (NOTEBOOKS / n).exists())]


def serious_violations(page: Page) -> list[dict]:
    """axe-core's violations of impact serious or critical, each with a few of its nodes."""
    from axe_playwright_python.sync_playwright import Axe

    result = Axe().run(page)
    return [v for v in result.response["violations"] if v.get("impact") in SERIOUS]


def describe(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        nodes = "; ".join(" ".join(n.get("target", [])) for n in v.get("nodes", [])[:4])
        lines.append(f"{v['id']} ({v['impact']}): {v['help']} — {len(v.get('nodes', []))} nodes: {nodes}")
    return "\n".join(lines)


@pytest.mark.parametrize("shared_page", [desktop(notebook, "en") for notebook in _apps()], indirect=True)
def test_app_has_a_title_and_no_serious_accessibility_violation(app_view: SharedPage) -> None:
    notebook = app_view.key.notebook
    page = app_view.show(1366, 768)  # and the last widget messages of the first draw
    title = page.title()
    assert title.strip() and "Voilà" not in title and "samurai_lab" in title, f"{notebook}: page title {title!r}"
    assert page.evaluate("document.documentElement.lang"), f"{notebook}: the page has no language"
    found = serious_violations(page)
    assert not found, f"{notebook}: axe-core finds\n{describe(found)}"


@pytest.mark.parametrize("shared_page", [phone(notebook) for notebook in _apps()], indirect=True)
def test_app_has_no_serious_accessibility_violation_on_a_phone(app_view: SharedPage) -> None:
    notebook = app_view.key.notebook
    page = app_view.show(PHONE["viewport"]["width"], PHONE["viewport"]["height"], settle_ms=800)
    found = serious_violations(page)
    assert not found, f"{notebook}: axe-core finds\n{describe(found)}"
    assert not app_view.new_errors(), app_view.new_errors()


@pytest.mark.parametrize("screen", [{"viewport": {"width": 1366, "height": 768}}, PHONE], ids=["laptop", "phone"])
def test_scoring_to_its_verdict_and_a_game_under_way_are_axe_clean(browser_contexts: ContextPool, voila_url: str,
                                                                    screen: dict) -> None:
    """The states a first look does not reach: the scoring stepped to its winner ('◀ wins'), a game's table."""
    with context_page(browser_contexts, **screen) as (page, errors):
        open_app(page, voila_url, "scoring.ipynb", READY["scoring.ipynb"], timeout=TIMEOUT)
        nxt = page.locator(".samurai-score-next")
        while nxt.is_enabled():
            nxt.click()
            page.wait_for_timeout(150)
        page.wait_for_selector(".samurai-win-mark", state="attached", timeout=TIMEOUT * 1000)
        found = serious_violations(page)
        assert not found, f"scoring at its verdict: axe-core finds\n{describe(found)}"
        open_app(page, voila_url, "game.ipynb", READY["game.ipynb"], timeout=TIMEOUT)
        page.click(".samurai-start")
        page.wait_for_selector(".samurai-hand .samurai-tile-button", state="visible", timeout=TIMEOUT * 1000)
        found = serious_violations(page)
        assert not found, f"a game's table: axe-core finds\n{describe(found)}"
        assert not errors.unexpected(), errors.unexpected()


def test_every_button_of_the_explorer_has_a_name(app_page: Page, voila_url: str) -> None:
    """Buttons carry their description as text, or an aria-label from the tooltip."""
    page = app_page
    open_app(page, voila_url, "explorer.ipynb", ".samurai-explorer .samurai-tile-button", timeout=TIMEOUT)
    nameless = page.evaluate("""() => Array.from(document.querySelectorAll('button')).filter(b =>
        !(b.innerText.trim() || b.getAttribute('aria-label') || b.getAttribute('title'))).map(b => b.outerHTML)""")
    assert not nameless, json.dumps(nameless[:5], indent=1)
