"""Every app notebook in a real browser, checked by axe-core: a real page title, a language, and no
serious or critical accessibility violation (``axe-playwright-python``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import APP_READY, open_app
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

axe_playwright_python = pytest.importorskip("axe_playwright_python.sync_playwright")

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
#: The apps of this folder and how to see that each is ready.
READY = {k: v for k, v in APP_READY.items() if k not in ("katana.ipynb", "ikizumari.ipynb")}
#: Other games' apps (their own folders): checked when their notebook exists.
OTHERS = ("katana.ipynb", "ikizumari.ipynb")
SERIOUS = {"serious", "critical"}
TIMEOUT = 120.0


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


@pytest.mark.parametrize("notebook", _apps())
def test_app_has_a_title_and_no_serious_accessibility_violation(app_page: Page, voila_url: str,
                                                                notebook: str) -> None:
    page = app_page
    page.set_viewport_size({"width": 1366, "height": 768})
    ready = READY.get(notebook, ".jp-OutputArea-output")
    open_app(page, voila_url, notebook, ready, timeout=TIMEOUT)
    page.wait_for_timeout(800)  # the last widget messages of the first draw
    title = page.title()
    assert title.strip() and "Voilà" not in title and "samurai_lab" in title, f"{notebook}: page title {title!r}"
    assert page.evaluate("document.documentElement.lang"), f"{notebook}: the page has no language"
    found = serious_violations(page)
    assert not found, f"{notebook}: axe-core finds\n{describe(found)}"


def test_every_button_of_the_explorer_has_a_name(app_page: Page, voila_url: str) -> None:
    """Buttons carry their description as text, or an aria-label from the tooltip."""
    page = app_page
    open_app(page, voila_url, "explorer.ipynb", ".samurai-explorer .samurai-tile-button", timeout=TIMEOUT)
    nameless = page.evaluate("""() => Array.from(document.querySelectorAll('button')).filter(b =>
        !(b.innerText.trim() || b.getAttribute('aria-label') || b.getAttribute('title'))).map(b => b.outerHTML)""")
    assert not nameless, json.dumps(nameless[:5], indent=1)
