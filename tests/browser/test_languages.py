"""Every app in every language it speaks, in a real browser: ``<app>?lang=<code>`` shows no English
(the page's visible text and what a tooltip or a screen reader says), ``<html lang>`` is the
language, and a screenshot is kept (``tests/.artifacts/languages/<app>-<lang>.png``). Also: the
header's language switch changes the language and the links follow it; a browser asking for
Italian (``Accept-Language``) and no ``?lang`` gets Italian. The apps' pages are shared with the other
checks that only read them (``shared_pages.py``)."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest
from context_pool import ContextPool
from helpers import APP_READY, PageErrors, context_page
from language_check import english_left
from playwright.sync_api import Page
from shared_pages import SharedPage, desktop

from samurai_lab.ui.header import APPS

pytestmark = pytest.mark.browser

REPO_ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO_ROOT / "notebooks"
SHOTS = REPO_ROOT / "tests" / ".artifacts" / "languages"
TIMEOUT = 120.0
READY = APP_READY

#: The page's visible text, one text node each (the same words as ``document.body.innerText``, kept
#: apart where innerText glues neighbouring links), and what the visible elements say to a tooltip or
#: a screen reader (title, aria-label, placeholder, alt).
#: Left out, as a translator would leave them: quotations marked with another language (a rulebook's
#: own sentence, ``lang="it"`` on a Russian page) and notation marked ``translate="no"``.
READ_PAGE = """() => {
  const page = document.documentElement.lang;
  const foreign = (el) => {
    const marked = el.closest('[lang]');
    return (marked && marked !== document.documentElement && marked.lang !== page)
      || el.closest('[translate="no"]') !== null;
  };
  const shown = (el) => el.checkVisibility({visibilityProperty: true, opacityProperty: true}) && !foreign(el);
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    const text = node.textContent.replace(/\\s+/g, ' ').trim();
    if (!text || !el || el.closest('script, style, noscript, template') || !shown(el)) continue;
    texts.push(text);
  }
  const spoken = [];
  for (const el of document.body.querySelectorAll('[title], [aria-label], [placeholder], img[alt]')) {
    if (!shown(el)) continue;
    for (const name of ['title', 'aria-label', 'placeholder', 'alt']) {
      const value = (el.getAttribute(name) || '').trim();
      if (value && value !== 'null') spoken.push(value);  // the widget library's title of a label without tooltip
    }
  }
  return [...new Set(texts), ...new Set(spoken)];
}"""

LANGUAGE_IS = "(code) => document.documentElement.lang === code"


def _cases() -> list[tuple[str, str]]:
    apps = [("index.ipynb", ("en", "it", "es", "ru"))]
    apps += [(a.notebook, a.languages) for a in APPS if a.game == "knizia" or (NOTEBOOKS / a.notebook).exists()]
    return [(notebook, lang) for notebook, langs in apps for lang in langs if lang != "en"]


def open_page(page: Page, base_url: str, address: str, ready: str, lang: str) -> None:
    """Open ``voila/render/<address>`` and wait until the app is shown in ``lang``."""
    page.goto(f"{base_url.rstrip('/')}/voila/render/{address}", timeout=TIMEOUT * 1000)
    page.wait_for_selector(ready, state="visible", timeout=TIMEOUT * 1000)
    page.wait_for_function(LANGUAGE_IS, arg=lang, timeout=TIMEOUT * 1000)


def english_report(texts: list[str], lang: str) -> str:
    return "\n".join(f"  {t!r}" for t in english_left(texts, language=lang))


@pytest.mark.parametrize("shared_page", [desktop(notebook, lang) for notebook, lang in _cases()], indirect=True)
def test_the_app_shows_no_english(app_view: SharedPage) -> None:
    notebook, lang = app_view.key.notebook, app_view.key.lang
    page = app_view.show(1366, 900)
    page.wait_for_function(LANGUAGE_IS, arg=lang, timeout=TIMEOUT * 1000)
    texts = page.evaluate(READ_PAGE)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{notebook.removesuffix('.ipynb')}-{lang}.png"), full_page=True)
    assert page.evaluate("document.documentElement.lang") == lang
    assert len(texts) > 5, f"{notebook}?lang={lang}: the page shows almost nothing: {texts}"
    left = english_left(texts, language=lang)
    assert not left, f"{notebook}?lang={lang}: {len(left)} texts still in English:\n{english_report(texts, lang)}"


def test_the_language_switch_changes_the_language_and_the_links_follow(app_page: Page, voila_url: str) -> None:
    page = app_page
    open_page(page, voila_url, "index.ipynb?projector=1", READY["index.ipynb"], "en")
    page.locator(".samurai-language-switch a[hreflang='it']").click()
    page.wait_for_url("**/index.ipynb?projector=1&lang=it", timeout=TIMEOUT * 1000)
    page.wait_for_selector(READY["index.ipynb"], state="visible", timeout=TIMEOUT * 1000)
    page.wait_for_function(LANGUAGE_IS, arg="it", timeout=TIMEOUT * 1000)
    current = page.locator(".samurai-language-switch a[aria-current]")
    assert current.get_attribute("hreflang") == "it" and current.inner_text() == "Italiano"
    nav = page.eval_on_selector_all(".samurai-app-nav a", "(links) => links.map((a) => a.getAttribute('href'))")
    cards = page.eval_on_selector_all(".samurai-card", "(links) => links.map((a) => a.getAttribute('href'))")
    assert nav and all(h.endswith("lang=it") and "projector=1" in h for h in nav), nav
    assert cards and all(h.endswith("lang=it") for h in cards), cards
    assert page.locator(".samurai-app-nav a").first.inner_text() == "Inizio"


@pytest.fixture
def italian_browser_page(browser_contexts: ContextPool) -> Iterator[tuple[Page, PageErrors]]:
    """A page of a browser set to Italian: it sends ``Accept-Language: it-IT``."""
    with context_page(browser_contexts, locale="it-IT") as page_and_errors:
        yield page_and_errors


def test_a_browser_asking_for_italian_gets_italian(italian_browser_page: tuple[Page, PageErrors],
                                                   voila_url: str) -> None:
    page, errors = italian_browser_page
    open_page(page, voila_url, "index.ipynb", READY["index.ipynb"], "it")
    texts = page.evaluate(READ_PAGE)
    assert "Impara le regole" in texts
    assert not english_left(texts, language="it"), english_report(texts, "it")
    assert not errors.unexpected(), errors.unexpected()
