"""The browser contexts lent to the tests (``context_pool.py``): a context comes back with its cache, and
with nothing a site stored in it; two at once are two browsers; a new one starts with the caches of one that came
back; a broken one is replaced."""

from __future__ import annotations

import threading
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Iterator

import pytest
from context_pool import ContextPool
from playwright.sync_api import BrowserType

pytestmark = pytest.mark.browser

PAGE = b"""<!doctype html><html lang="en"><title>t</title><script src="/app.js"></script></html>"""
SCRIPT = b"window.loaded = (window.loaded || 0) + 1;"


@pytest.fixture
def site() -> Iterator[tuple[str, Counter]]:
    """A site of one page and one script the browser may keep for a day; and what it was asked for."""
    asked: Counter = Counter()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            asked[self.path] += 1
            body, kind = (SCRIPT, "text/javascript") if self.path == "/app.js" else (PAGE, "text/html")
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "max-age=86400")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}", asked
    server.shutdown()
    server.server_close()


def test_a_context_comes_back_with_its_cache_and_without_what_the_site_stored(
        browser_contexts: ContextPool, site: tuple[str, Counter],
) -> None:
    url, asked = site
    with browser_contexts.lend(viewport={"width": 500, "height": 400}) as first:
        page = first.new_page()
        assert page.viewport_size == {"width": 500, "height": 400}
        page.goto(url + "/")
        page.evaluate("() => { localStorage.setItem('seat', 'token'); document.cookie = 'player=1'; }")
        with browser_contexts.lend() as other:  # one in use: another browser, which shares nothing with it
            assert other is not first
            shown = other.new_page()
            shown.goto(url + "/")
            assert shown.evaluate("() => [localStorage.getItem('seat'), document.cookie]") == [None, ""]
    with browser_contexts.lend() as again:
        assert again in (first, other)
        page = again.new_page()
        page.goto(url + "/")
        assert page.evaluate("() => [window.loaded, localStorage.getItem('seat'), document.cookie]") == [1, None, ""]
        assert again.pages == [page]  # the pages of the test before are closed
    assert asked["/app.js"] == 2  # once for each browser: the script came back from the cache


def test_a_context_closed_under_a_test_is_replaced_by_a_new_browser(
        browser_type: BrowserType, browser_type_launch_args: dict[str, Any],
) -> None:
    pool = ContextPool(browser_type, browser_type_launch_args)
    try:
        with pool.lend() as first, pool.lend() as second:
            first.close()
        with pool.lend() as kept, pool.lend() as new:
            assert kept is second and new is not first
            assert new.new_page().evaluate("() => 1 + 1") == 2
            assert len(list(pool.root.iterdir())) == 3  # the new browser has a profile of its own
    finally:
        pool.close()


def test_a_new_context_starts_with_the_caches_of_one_that_came_back(
        browser_type: BrowserType, browser_type_launch_args: dict[str, Any], site: tuple[str, Counter],
) -> None:
    url, asked = site
    pool = ContextPool(browser_type, browser_type_launch_args)
    try:
        with pool.lend() as first:
            first.new_page().goto(url + "/")
        with pool.lend(locale="it-IT") as new:  # another kind: another browser
            assert new is not first
            page = new.new_page()
            page.goto(url + "/")
            assert page.evaluate("() => window.loaded") == 1
        assert asked["/app.js"] == 1, asked  # the new browser had the script in its cache
    finally:
        pool.close()
