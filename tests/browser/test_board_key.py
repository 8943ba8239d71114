"""The key to Knizia's board as the browser draws it: every line of it whole (no word cut by the edge of
its picture) in every language, on a laptop by mouse and on a phone by touch, and the arrow explained
while a study step draws one."""

from __future__ import annotations

import pytest
from context_pool import ContextPool
from helpers import APP_READY, context_page, open_app, save_screenshot
from playwright.sync_api import Page, expect
from touch_taps import DEVICES

from samurai_lab.common.study_files import find_study
from samurai_lab.common.study_format import load_study
from samurai_lab.i18n import Domain, use_language

pytestmark = pytest.mark.browser

STUDY = "knizia-taking-a-helmet"
KNIZIA, TEACH = Domain("knizia"), Domain("knizia_teach")

#: Each text of the key against the right edge of its own picture, in the picture's units.
_CUT_TEXTS_JS = """() => {
  const out = [];
  document.querySelectorAll('.samurai-board-legend .samurai-legend svg').forEach((svg) => {
    const right = svg.viewBox.baseVal.x + svg.viewBox.baseVal.width;
    svg.querySelectorAll('text').forEach((t) => {
      const box = t.getBBox();
      if (box.x + box.width > right + 0.5) out.push([t.textContent, Math.round(box.x + box.width), right]);
    });
  });
  return out;
}"""


def _arrow_step() -> int:
    """The first step of the study that draws an arrow (counted from 1, as in its address)."""
    steps = load_study(find_study(STUDY)).steps
    return next(i for i, step in enumerate(steps, 1) if step.marks.arrows)


def _open_key(page: Page, lang: str, touch: bool) -> str:
    """Open the key of the study's board; returns the line that explains the arrow, in ``lang``."""
    with use_language(lang):
        title = KNIZIA.gettext("Key to the board")
        words = TEACH.gettext("arrow: a move the study points to, from hex to hex")
    header = page.locator(".samurai-board-legend").get_by_text(title)
    if touch:
        header.tap()
    else:
        header.click()
    expect(page.locator(".samurai-board-legend .samurai-legend svg").first).to_be_visible()
    return words


@pytest.mark.parametrize("lang, device", [("it", None), ("ru", "phone-390x844"), ("es", "tablet-768x1024")])
def test_the_key_shows_every_line_whole_and_explains_the_arrow(browser_contexts: ContextPool, voila_url: str, lang: str,
                                                               device: str | None) -> None:
    options = DEVICES[device] if device else {"viewport": {"width": 1366, "height": 768}}
    with context_page(browser_contexts, **options) as (page, errors):
        open_app(page, voila_url, f"study.ipynb?study={STUDY}&lang={lang}&step={_arrow_step()}",
                 APP_READY["study.ipynb"])
        words = _open_key(page, lang, touch=device is not None)
        key = page.locator(".samurai-board-legend .samurai-legend")
        expect(key).to_contain_text(words)
        key.scroll_into_view_if_needed()
        assert page.evaluate(_CUT_TEXTS_JS) == []
        width = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert width <= 0, f"the key makes the page scroll sideways by {width}px"
        save_screenshot(page, f"board_key_{lang}_{device or 'laptop'}")
        assert errors.unexpected() == []
