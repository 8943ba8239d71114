"""The students of ``bench --classroom`` who use a real browser: each in a browser context of its own
in Debian's Chromium on this machine (the end-to-end view, the browser's work included).

Every click is timed in the page, from the ``mousedown`` to the DOM change that shows the kernel's
answer (a MutationObserver, armed by ``web/arm_action.js``), so the figures are what a student sees."""

from __future__ import annotations

import asyncio
import shlex
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ..ui.web_files import web_file
from .bench_browser import CHROMIUM_FLAGS, find_chromium
from .bench_classroom_tally import ACTION_TIMEOUT_S, EXPLORER, LOAD_TIMEOUT_S, Student, Tally, trace

CANVAS = "canvas.samurai-board-canvas"

TILE_BUTTONS = ".samurai-tile-button"
MESSAGE = ".samurai-message"
HISTORY_STEP = ".samurai-history-step"
STEP_LABEL = ".samurai-step-label"


class BrowserStudent(Student):
    """A student in a browser context of his own in ``browser``."""

    kind = "browser"

    def __init__(self, i: int, base: str, tally: Tally, think: tuple[float, float], browser: Any) -> None:
        super().__init__(i, base, tally, think)
        self.browser = browser
        self.context: Any = None
        self.layout: Any = None

    async def load(self, path: str, app: str) -> None:
        if self.page is None:
            self.context = await self.browser.new_context(viewport={"width": 1366, "height": 900})
            self.page = await self.context.new_page()
            errors = self.tally.page_errors
            self.page.on("pageerror", lambda e: errors.append(f"{self.who}: page error: {e.message[:200]}"))
            self.page.on("console", lambda m: errors.append(f"{self.who}: console error: {m.text[:200]}")
                         if m.type == "error" else None)
        await super().load(path, app)
        if path == EXPLORER:
            self.layout = await asyncio.wait_for(self._board_layout(), 90)

    async def open(self, path: str) -> None:
        await self.page.goto(self.base + path, timeout=LOAD_TIMEOUT_S * 1000)
        if path == EXPLORER:
            await self.page.wait_for_function(f"() => document.querySelectorAll('{TILE_BUTTONS}').length >= 5",
                                              polling=200, timeout=LOAD_TIMEOUT_S * 1000)
        else:
            await self.page.wait_for_selector(".samurai-step-next", state="visible", timeout=LOAD_TIMEOUT_S * 1000)

    async def _timed(self, spec: list[list[Any]], act: Any, what: str) -> bool:
        """Arm, act (a coroutine function), wait for the change; record the latency or a failure.

        Armed in the page by ``web/arm_action.js``: ``spec`` is a list of [selector, index, "text" | "class"];
        the action is done when every one of them differs from now. t0: the next mousedown; t1: the first DOM
        change (MutationObserver) at which the condition holds."""
        page, tally = self.page, self.tally

        async def run() -> None:
            at = time.monotonic()
            await page.evaluate(web_file(__package__, "arm_action.js"), spec)
            await act()
            await page.wait_for_function("() => window.__t1 !== null", polling=50, timeout=ACTION_TIMEOUT_S * 1000)
            t0, t1 = await page.evaluate("() => [window.__t0, window.__t1]")
            if t0 is not None and t1 is not None:
                tally.click(max(0.0, float(t1) - float(t0)), at, "browser")

        try:
            await asyncio.wait_for(run(), ACTION_TIMEOUT_S + 15)
            trace(f"  {what}: {tally.clicks_ms[-1] if tally.clicks_ms else 0:.0f} ms")
            return True
        except (Exception, asyncio.TimeoutError) as e:  # noqa: BLE001 - a failed action is a figure, not a crash
            tally.fail(what, e)
            return False

    async def _board_layout(self) -> Any:
        """The layout of the explorer's board once its canvas size has settled (the board fits its room: its
        layout is ``fit_layout`` of the canvas size, a function of that size only)."""
        from ..knizia.core.board import board_for
        from ..knizia.render.layout import fit_layout

        size = None
        for _ in range(100):
            now = await self.page.evaluate("(sel) => { const c = document.querySelector(sel);"
                                           " return c ? [c.width, c.height] : null; }", CANVAS)
            if now and now[0] > 0 and now == size:
                break
            size = now
            await asyncio.sleep(0.5)
        return fit_layout(board_for(4), *size)

    async def _canvas_click_point(self, x: float, y: float) -> tuple[float, float]:
        box, size = await self.page.evaluate(
            """(sel) => { const c = document.querySelector(sel); const r = c.getBoundingClientRect();
                          return [[r.x, r.y, r.width, r.height], [c.width, c.height]]; }""", CANVAS)
        return box[0] + x * box[2] / size[0], box[1] + y * box[3] / size[1]

    async def choose_tile(self, k: int) -> None:
        await self._timed([[TILE_BUTTONS, k, "class"]], lambda: self.page.locator(TILE_BUTTONS).nth(k).click(),
                          "choose a tile")

    async def point_at(self, hex_index: int) -> None:
        self.point = await asyncio.wait_for(self._canvas_click_point(*self.layout.pixel_of(hex_index)), 30)
        await self.page.mouse.move(*self.point)

    async def click_board(self, watch: str, what: str) -> None:
        await self._timed([[f".{watch}", 0, "text"]], lambda: self.page.mouse.click(*self.point), what)

    async def undo(self) -> None:
        await self._timed([[HISTORY_STEP, 0, "text"]], lambda: self.page.locator(".samurai-undo").click(), "undo")

    async def step(self) -> bool:
        at_end = await self.page.locator(".samurai-step-next").first.is_disabled()
        button = self.page.locator(".samurai-step-first" if at_end else ".samurai-step-next").first
        return await self._timed([[STEP_LABEL, 0, "text"]], lambda: button.click(timeout=10_000), "step the example")

    async def check_app_message(self) -> None:
        self.app_message(await self.page.evaluate(
            f"() => {{ const e = document.querySelector('{MESSAGE}'); return e ? e.innerText : ''; }}"))

    async def leave(self, vanish: bool) -> None:
        if self.context is None:
            return
        if not vanish:  # a page that vanishes has no unload event: like a laptop closed
            await self.page.close(run_before_unload=True)
            await asyncio.sleep(1.0)  # the unload beacon leaves
        await self.context.close()


def niced_chromium(niceness: int, folder: Path) -> str:
    """Chromium, or (``niceness`` > 0) a script in ``folder`` that runs it at that niceness: every
    process and thread it starts inherits the lower priority."""
    binary = find_chromium()
    if niceness <= 0:
        return binary
    folder.mkdir(parents=True, exist_ok=True)
    script = folder / f"chromium-nice-{niceness}"
    script.write_text(f'#!/bin/sh\nexec nice -n {niceness} {shlex.quote(binary)} "$@"\n')
    script.chmod(0o755)
    return str(script)


#: Where a page's static files live (what a browser with an empty cache fetches once per device).
STATIC_PATHS = ("/voila/static/", "/voila/templates/", "/voila/labextensions/", "/static/")


async def scout_assets(base: str) -> list[str]:
    """The static files a page of the explorer loads, as Chromium fetches them (the protocol students
    fetch the same on their first page: a device's empty cache). The page is closed as a student's."""
    from playwright.async_api import async_playwright

    urls: list[str] = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=find_chromium(), args=list(CHROMIUM_FLAGS))
        try:
            page = await browser.new_page(viewport={"width": 1366, "height": 900})
            page.on("request", lambda r: urls.append(r.url) if r.method == "GET"
                    and urlsplit(r.url).path.startswith(STATIC_PATHS) else None)
            await page.goto(base + EXPLORER, timeout=LOAD_TIMEOUT_S * 1000)
            await page.wait_for_function(f"() => document.querySelectorAll('{TILE_BUTTONS}').length >= 5",
                                         polling=200, timeout=LOAD_TIMEOUT_S * 1000)
            await page.goto("about:blank")  # the page unloads: its beacon stops its kernel
            await asyncio.sleep(1.0)
        finally:
            await browser.close()
    return list(dict.fromkeys(urls))
