"""Targets a finger can hit (WCAG 2.5.8, target size minimum): on a phone (390 x 844, touch) every visible
button, link, checkbox, radio button, toggle button and tab of every app is at least 24 x 24 css px (a
checkbox counts by its clickable label), and the header's links, its switches and the main buttons reach
``MAIN_PX``. One shared phone page per app (``shared_pages.py``), read without changing it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import REPO_ROOT
from playwright.sync_api import Page
from shared_pages import SharedPage, phone

pytestmark = pytest.mark.browser

#: WCAG 2.5.8's minimum, and what a finger needs for the main controls (the header's and the buttons).
MIN_PX = 24
MAIN_PX = 40
#: Every app notebook (one without an entry in ``APP_READY`` is ready once its header shows).
APPS = tuple(sorted(p.name for p in (REPO_ROOT / "notebooks").glob("*.ipynb")))
SHOTS = Path(REPO_ROOT) / "tests" / ".artifacts" / "touch-targets"

#: Each visible target's box: a checkbox or radio button by its label when the label is what takes the tap.
#: A link inside a sentence is exempt (WCAG 2.5.8's inline exception): a link whose block holds other text.
TARGETS_JS = r"""() => {
  const shown = (e) => {
    const r = e.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    return !e.checkVisibility || e.checkVisibility({visibilityProperty: true, opacityProperty: true});
  };
  const inSentence = (a) => {
    const block = a.parentElement && a.parentElement.closest('p, li, td, span, div');
    if (!block || block.closest('nav')) return false;
    const own = Array.from(block.childNodes).filter((n) => n.nodeType === 3 && n.textContent.trim().length > 1);
    return own.length > 0;
  };
  const out = [];
  const sel = 'button, a[href], input[type=checkbox], input[type=radio], .widget-toggle-button, .lm-TabBar-tab, '
    + '[role=tab]';
  for (const e of document.querySelectorAll(sel)) {
    let box = e;
    if (e.tagName === 'INPUT') box = e.closest('label') || (e.labels && e.labels[0]) || e;
    if (!shown(box)) continue;
    if (e.tagName === 'A' && inSentence(e)) continue;
    const r = box.getBoundingClientRect();
    const text = (e.innerText || e.getAttribute('aria-label') || e.title || box.innerText || '').trim()
      .replace(/\s+/g, ' ').slice(0, 40);
    const main = !!e.closest('.samurai-app-header') || e.tagName === 'BUTTON' || e.classList.contains('lm-TabBar-tab');
    out.push({tag: e.tagName.toLowerCase() + (e.type ? '[' + e.type + ']' : ''), text, w: r.width, h: r.height,
              main});
  }
  return out;
}"""


def small_targets(page: Page) -> list[str]:
    """The targets under ``MIN_PX`` either way, and the main ones under ``MAIN_PX`` tall."""
    out = []
    for t in page.evaluate(TARGETS_JS):
        need = MAIN_PX if t["main"] else MIN_PX
        if t["w"] < MIN_PX - 0.5 or t["h"] < need - 0.5:
            out.append(f'{t["tag"]} "{t["text"]}" {t["w"]:.0f}x{t["h"]:.0f} px (needs {MIN_PX} wide, {need} tall)')
    return out


@pytest.mark.parametrize("shared_page", [phone(notebook) for notebook in APPS], indirect=True)
def test_every_target_is_big_enough_for_a_finger(app_view: SharedPage) -> None:
    page = app_view.show(390, 844, settle_ms=1500)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{app_view.key.notebook.removesuffix('.ipynb')}-390x844.png"))
    found = small_targets(page)
    assert not found, f"{app_view.key.notebook}: {len(found)} targets too small:\n" + "\n".join(found)
    assert not app_view.new_errors(), app_view.new_errors()
