"""Helpers for driving the voila apps in headless Chromium."""

from __future__ import annotations

import os
import time
from contextlib import contextmanager
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator
from urllib.parse import urlparse

from playwright.sync_api import ConsoleMessage, Error, Page, expect

if TYPE_CHECKING:
    from context_pool import ContextPool

REPO_ROOT = Path(__file__).resolve().parents[2]
# Test runs keep their screenshots under tests/.artifacts/; `make screenshots`
# sets SAMURAI_SCREENSHOTS_DIR=docs/screenshots to refresh the README's pictures.
SCREENSHOTS = Path(os.environ.get("SAMURAI_SCREENSHOTS_DIR") or REPO_ROOT / "tests" / ".artifacts" / "screenshots")
if not SCREENSHOTS.is_absolute():
    SCREENSHOTS = REPO_ROOT / SCREENSHOTS

# Console messages that say nothing about the app (see docs of the test stack). A failed request
# is never noise: the apps are served as `samurai-lab serve` serves them, and then every asset comes
# from the server itself and the page's unload beacon is accepted.
_NOISE_PATTERNS = [
    re.compile(r"TCP without encryption"),  # ipykernel's transport warning
]
#: Console warnings that are defects too: front-end packages that do not agree with voila's own (the served
#: extensions must be built for the JupyterLab of voila's front end: see the pins in pyproject.toml).
_DEFECT_WARNINGS = re.compile(r"Unsatisfied version|No satisfying version")


#: Debian's Chromium without a window of its own (package chromium-headless-shell, which `make test` installs as
#: root): the same browser engine, without the browser's user interface, whose pages (an omnibox popup per
#: browser context) cost about a CPU second each page the tests open.
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"


def chromium_for_tests(headless: bool = True) -> str:
    """The Chromium the tests launch: ``$SAMURAI_CHROMIUM`` if set, else Debian's headless shell for a headless
    browser when installed, else Debian's Chromium (``find_chromium``)."""
    from samurai_lab.tools.bench_browser import find_chromium

    if headless and not os.environ.get("SAMURAI_CHROMIUM") and os.access(HEADLESS_SHELL, os.X_OK):
        return HEADLESS_SHELL
    return find_chromium()

#: How to see that each app is ready: an element its app shows once built.
APP_READY = {
    "index.ipynb": ".samurai-landing-page .samurai-card",
    "explorer.ipynb": ".samurai-explorer .samurai-tile-button",
    "examples.ipynb": ".samurai-examples .samurai-step-next",
    "lesson.ipynb": ".samurai-lesson .samurai-tile-button",
    "scoring.ipynb": ".samurai-scoring-explainer .samurai-score-next",
    "variants.ipynb": ".samurai-rules-panel .samurai-ruling-run",
    "game.ipynb": ".samurai-game .samurai-start",
    "tournament.ipynb": ".samurai-tournament .samurai-chart-wins svg",
    "map.ipynb": ".samurai-board",
    "engine_tour.ipynb": ".samurai-app-header",
    "katana.ipynb": ".katana-app",
    "ikizumari.ipynb": ".ikz-play-board",
    "puzzles.ipynb": ".samurai-puzzles .samurai-puzzle-goal b",
    "study.ipynb": ".samurai-study-app .samurai-study-progress",
}


def rgb(colour: str) -> tuple[int, int, int]:
    """A ``#rrggbb`` colour (the themes') as the (r, g, b) a canvas pixel is read back as."""
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def is_known_noise(text: str, url: str = "") -> bool:
    """True for console errors known to be harmless in these tests: the patterns above, and the
    browser's own request for ``/favicon.ico``."""
    if any(p.search(text) for p in _NOISE_PATTERNS):
        return True
    if text.startswith("Failed to load resource") and url and urlparse(url).path == "/favicon.ico":
        return True
    return False


class PageErrors:
    """Page errors and console errors seen by one page, noise filtered out."""

    def __init__(self) -> None:
        self.messages: list[str] = []
        self.allowed: list[re.Pattern[str]] = []

    def allow(self, pattern: str) -> None:
        """Do not fail on errors matching ``pattern`` (a regex) in this test."""
        self.allowed.append(re.compile(pattern))

    def on_console(self, msg: ConsoleMessage) -> None:
        """Record a console error unless it is known noise, and a warning that front-end packages disagree."""
        if msg.type == "warning" and _DEFECT_WARNINGS.search(msg.text):
            self.messages.append(f"console warning: {msg.text}")
            return
        if msg.type != "error":
            return
        url = str(msg.location.get("url", ""))
        if not is_known_noise(msg.text, url):
            self.messages.append(f"console error: {msg.text} ({url})")

    def on_page_error(self, error: Error) -> None:
        """Record an uncaught exception of the page."""
        self.messages.append(f"page error: {error.message}\n{error.stack or ''}")

    def unexpected(self) -> list[str]:
        """Recorded errors that no ``allow`` pattern matches."""
        return [m for m in self.messages if not any(p.search(m) for p in self.allowed)]


def open_app(
    page: Page,
    base_url: str,
    notebook_name: str,
    ready_selector: str,
    timeout: float = 90.0,
) -> Page:
    """Open ``voila/render/<notebook_name>`` and wait until ``ready_selector`` is visible.

    ``timeout`` is in seconds (the notebook executes before the page completes).
    """
    page.goto(f"{base_url.rstrip('/')}/voila/render/{notebook_name}", timeout=timeout * 1000)
    page.wait_for_selector(ready_selector, state="visible", timeout=timeout * 1000)
    return page


_FIND_CANVAS_JS = """
([sel, idx]) => {
  const el = document.querySelector(sel);
  if (!el) throw new Error('no element matches ' + sel);
  if (el.tagName === 'CANVAS') {
    if (idx) throw new Error(sel + ' is a single <canvas>: index must be 0');
    return el;
  }
  const all = el.querySelectorAll('canvas');
  if (idx >= all.length) throw new Error(sel + ' holds ' + all.length + ' canvases');
  return all[idx];
}
"""


def canvas_pixel(
    page: Page, selector: str, x: int, y: int, index: int = 0
) -> tuple[int, int, int, int]:
    """RGBA of canvas pixel (x, y), read back with ``getImageData``.

    ``selector`` is a CSS selector of a ``<canvas>`` (ipycanvas puts the
    widget's classes on it; a MultiCanvas is one composited canvas in
    ipycanvas 0.14) or of an element holding several canvases, of which
    ``index`` picks the Nth.
    """
    rgba = page.evaluate(
        f"""([sel, idx, x, y]) => {{
  const c = ({_FIND_CANVAS_JS})([sel, idx]);
  return Array.from(c.getContext('2d').getImageData(x, y, 1, 1).data);
}}""",
        [selector, index, x, y],
    )
    r, g, b, a = (int(v) for v in rgba)
    return r, g, b, a


def wait_for_canvas_pixel(
    page: Page,
    selector: str,
    x: int,
    y: int,
    rgb: tuple[int, int, int] | None = None,
    *,
    index: int = 0,
    tolerance: int = 8,
    timeout: float = 30.0,
) -> tuple[int, int, int, int]:
    """Wait until pixel (x, y) is opaque (and close to ``rgb`` if given); return it."""
    page.wait_for_function(
        f"""([sel, idx, x, y, rgb, tol]) => {{
  const el = document.querySelector(sel);
  if (!el) return false;
  const c = ({_FIND_CANVAS_JS})([sel, idx]);
  if (c.width === 0) return false;
  const d = c.getContext('2d').getImageData(x, y, 1, 1).data;
  if (d[3] === 0) return false;
  return !rgb || rgb.every((v, i) => Math.abs(v - d[i]) <= tol);
}}""",
        arg=[selector, index, x, y, list(rgb) if rgb else None, tolerance],
        polling="raf",
        timeout=timeout * 1000,
    )
    return canvas_pixel(page, selector, x, y, index)


def click_canvas(page: Page, selector: str, x: float, y: float, index: int = 0) -> None:
    """Click the canvas at canvas pixel (x, y), whatever its CSS scaling."""
    box, size = page.evaluate(
        f"""([sel, idx]) => {{
  const c = ({_FIND_CANVAS_JS})([sel, idx]);
  const r = c.getBoundingClientRect();
  return [{{x: r.x, y: r.y, w: r.width, h: r.height}}, [c.width, c.height]];
}}""",
        [selector, index],
    )
    page.mouse.click(box["x"] + x * box["w"] / size[0], box["y"] + y * box["h"] / size[1])


def wait_for_text(page: Page, selector: str, text: str, timeout: float = 30.0) -> None:
    """Wait until the element matching ``selector`` contains ``text``."""
    expect(page.locator(selector).first).to_contain_text(text, timeout=timeout * 1000)


def save_screenshot(page: Page, name: str) -> Path:
    """Save a full-page PNG as ``<SCREENSHOTS>/<name>.png`` and return its path."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", name)
    path = SCREENSHOTS / (safe if safe.endswith(".png") else f"{safe}.png")
    page.screenshot(path=str(path), full_page=True)
    return path


from board_fit import board_layout  # noqa: E402,F401 - re-exported: the layout of a fitted board


@contextmanager
def context_page(contexts: ContextPool, **options: Any) -> Iterator[tuple[Page, PageErrors]]:
    """A page in a browser context lent by ``contexts`` (the ``browser_contexts`` pool, ``context_pool.py``;
    ``options``: viewport, locale...) whose console errors are kept; its tab is closed at the end."""
    with contexts.lend(**options) as context:
        page = context.new_page()
        errors = PageErrors()
        page.on("console", errors.on_console)
        page.on("pageerror", errors.on_page_error)
        yield page, errors


_FITTED_JS = """(sel) => {
  const c = document.querySelector(sel);
  const space = c && c.closest('.samurai-board').querySelector('.samurai-board-space input');
  return c && space && space.value !== '' && c.clientWidth > 200
    && c.width === Math.round(c.clientWidth * window.devicePixelRatio);
}"""

#: A square board's measure of its room (``ui/board_client``), its canvas's backing width, and projector mode.
_BOARD_STATE_JS = """(sel) => {
  const c = document.querySelector(sel);
  return [c.closest('.samurai-board').querySelector('.samurai-board-space input').value, c.width,
          c.closest('.samurai-projector') !== null];
}"""


def kernel_fitted(space_text: str, backing: int, projector: bool) -> bool:
    """Whether a square board's backing width is the one its kernel gives the page's measure ``space_text``."""
    from samurai_lab.ui.board_client import parse_space
    from samurai_lab.ui.grid_board import fit_side

    space = parse_space(space_text)
    return space is not None and backing == max(1, round(fit_side(space, projector) * space["dpr"]))


_PIXEL_AT_SCALE_JS = """([sel, x, y, logical, rgb, tol]) => {
  const c = document.querySelector(sel);
  const s = c.width / logical;
  const d = c.getContext('2d').getImageData(Math.floor(x * s), Math.floor(y * s), 1, 1).data;
  return d[3] > 0 && (!rgb || rgb.every((v, i) => Math.abs(v - d[i]) <= tol));
}"""


class FittedBoards:
    """Square boards (``ui/grid_board.py``) fitted to their room, addressed in their own logical pixels:
    ``logical`` maps each canvas selector to its drawing's width in logical pixels."""

    def __init__(self, logical: dict[str, float], timeout: float = 90.0) -> None:
        self.logical = logical
        self.timeout = timeout

    def scale(self, page: Page, selector: str) -> float:
        """Backing pixels per logical pixel of the fitted board ``selector``, once it has settled: the kernel has
        fitted it to the page's latest measure of its room (a re-fit asked for, say by a scroll bar appearing,
        is not still on its way), and neither has changed for 400 ms."""
        deadline = time.monotonic() + self.timeout
        before = None
        while True:
            page.wait_for_function(_FITTED_JS, arg=selector, timeout=self.timeout * 1000, polling=200)
            now = page.evaluate(_BOARD_STATE_JS, selector)
            if now == before and kernel_fitted(*now):
                return now[1] / self.logical[selector]
            assert time.monotonic() < deadline, f"{selector}: the board never fitted its room: {now}"
            before = now
            page.wait_for_timeout(400)

    def click(self, page: Page, selector: str, x: float, y: float) -> None:
        """Click the board at logical pixel (x, y) (the game's layout), whatever its fitted size: the point is
        read from the board's box as it is at the click, whatever re-fit came after :meth:`scale`."""
        self.scale(page, selector)
        px, py = page.evaluate("""([sel, x, y, logical]) => {
  const r = document.querySelector(sel).getBoundingClientRect();
  return [r.x + x * r.width / logical, r.y + y * r.height / logical];
}""", [selector, x, y, self.logical[selector]])
        page.mouse.click(px, py)

    def pixel(self, page: Page, selector: str, x: float, y: float, rgb: Any = None, tolerance: int = 8,
              timeout: float | None = None) -> tuple[int, int, int, int]:
        """``wait_for_canvas_pixel`` at logical pixel (x, y) of the fitted board."""
        self.scale(page, selector)
        # the scale is read at every poll: a late re-fit (a scroll bar appearing) moves the pixel
        page.wait_for_function(_PIXEL_AT_SCALE_JS, arg=[selector, x, y, self.logical[selector],
                                                        list(rgb) if rgb else None, tolerance],
                               polling=200, timeout=(timeout or self.timeout) * 1000)
        s = self.scale(page, selector)
        return canvas_pixel(page, selector, int(x * s), int(y * s))


def close_tab(page: Page, timeout: float = 10.0) -> None:
    """Close ``page`` as a browser's tab closes (its unload handlers run: its beacon stops its kernel), and wait
    until it is closed: closing its context at once could cut the beacon short, and leave the kernel to the
    server's idle cull a minute later."""
    if page.is_closed():
        return
    try:
        with page.expect_event("close", timeout=timeout * 1000):
            page.close(run_before_unload=True)
    except Error:
        pass  # closed by the test, or its context is gone
