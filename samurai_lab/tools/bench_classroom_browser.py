"""The students of ``bench --classroom`` who use a real browser: each in a browser context of its own
in Debian's Chromium on this machine (the end-to-end view, the browser's work included).

Every click is timed in the page, from the ``mousedown`` to the DOM change that shows the kernel's
answer (a MutationObserver), so the figures are what a student sees."""

from __future__ import annotations

import asyncio
import random
import shlex
import time
from pathlib import Path
from typing import Any, Sequence
from urllib.parse import urlsplit

from .bench_browser import CHROMIUM_FLAGS, find_chromium
from .bench_classroom_tally import (ACTION_TIMEOUT_S, EXAMPLES, EXPLORER, LOAD_TIMEOUT_S, MIN_ROUNDS, MIN_STEPS, Tally,
                                   trace)

CANVAS = "canvas.samurai-board-canvas"



#: In the page: arm a timed action. ``spec`` is a list of [selector, index, "text" | "class"]; the action
#: is done when every one of them differs from now. t0: the next mousedown; t1: the first DOM change
#: (MutationObserver) at which the condition holds.
_ARM_JS = """(spec) => {
  const snap = () => spec.map(([sel, i, what]) => {
    const e = document.querySelectorAll(sel)[i];
    return e ? (what === 'class' ? e.className : e.innerText) : null;
  });
  const before = snap();
  window.__t0 = null; window.__t1 = null;
  if (window.__obs) window.__obs.disconnect();
  window.addEventListener('mousedown', () => { window.__t0 = performance.now(); }, {capture: true, once: true});
  const check = () => {
    if (window.__t1 !== null) return;
    const now = snap();
    if (now.every((v, k) => v !== null && v !== before[k])) {
      window.__t1 = performance.now();
      window.__obs.disconnect();
    }
  };
  window.__obs = new MutationObserver(check);
  window.__obs.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
}"""

TILE_BUTTONS = ".samurai-tile-button"
MESSAGE = ".samurai-message"
STATUS = ".samurai-status"
HISTORY_STEP = ".samurai-history-step"
STEP_LABEL = ".samurai-step-label"


async def _timed(page: Any, spec: list[list[Any]], act: Any, tally: Tally, what: str) -> bool:
    """Arm, act (a coroutine function), wait for the change; record the latency or a failure."""
    async def run() -> None:
        at = time.monotonic()
        await page.evaluate(_ARM_JS, spec)
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


async def _board_points(page: Any, hexes: Sequence[int]) -> list[tuple[float, float]]:
    """Canvas pixels of ``hexes`` on the explorer's board, once its canvas size has settled (the board
    fits its room: its layout is ``fit_layout`` of the canvas size, a function of that size only)."""
    from ..knizia.core.board import board_for
    from ..knizia.render.layout import fit_layout

    size = None
    for _ in range(100):
        now = await page.evaluate("(sel) => { const c = document.querySelector(sel);"
                                  " return c ? [c.width, c.height] : null; }", CANVAS)
        if now and now[0] > 0 and now == size:
            break
        size = now
        await asyncio.sleep(0.5)
    layout = fit_layout(board_for(4), *size)
    return [layout.pixel_of(i) for i in hexes]


async def _canvas_click_point(page: Any, x: float, y: float) -> tuple[float, float]:
    box, size = await page.evaluate(
        """(sel) => { const c = document.querySelector(sel); const r = c.getBoundingClientRect();
                      return [[r.x, r.y, r.width, r.height], [c.width, c.height]]; }""", CANVAS)
    return box[0] + x * box[2] / size[0], box[1] + y * box[3] / size[1]


async def _check_app_message(page: Any, tally: Tally, who: str) -> None:
    text = await page.evaluate(f"() => {{ const e = document.querySelector('{MESSAGE}'); return e ? e.innerText : ''; }}")
    if "Something went wrong" in text:
        tally.app_errors.append(f"{who}: {text[:200]}")


async def _explorer_round(page: Any, k: int, point: tuple[float, float], rng: random.Random, tally: Tally,
                          think: tuple[float, float]) -> None:
    """Choose tile k, point at the hex, click (preview), click (place), undo."""
    tile_spec = [[TILE_BUTTONS, k, "class"]]
    await _timed(page, tile_spec, lambda: page.locator(TILE_BUTTONS).nth(k).click(), tally, "choose a tile")
    await asyncio.sleep(rng.uniform(*think))
    x, y = await asyncio.wait_for(_canvas_click_point(page, *point), 30)
    await page.mouse.move(x, y)
    await asyncio.sleep(0.3)
    await _timed(page, [[MESSAGE, 0, "text"]], lambda: page.mouse.click(x, y), tally, "preview a placement")
    await asyncio.sleep(rng.uniform(*think))
    await _timed(page, [[HISTORY_STEP, 0, "text"]], lambda: page.mouse.click(x, y), tally, "place a tile")
    await asyncio.sleep(rng.uniform(*think))
    await _timed(page, [[HISTORY_STEP, 0, "text"]], lambda: page.locator(".samurai-undo").click(), tally, "undo")
    await asyncio.sleep(rng.uniform(*think))


async def browser_student(i: int, browser: Any, base: str, start_at: float, examples_at: float, end_at: float,
                   targets: tuple[int, list[int]], tally: Tally, vanish: bool,
                   think: tuple[float, float]) -> None:
    rng = random.Random(i)
    who = f"student {i}"
    await asyncio.sleep(max(0.0, start_at - time.monotonic()))
    context = await browser.new_context(viewport={"width": 1366, "height": 900})
    page = await context.new_page()
    page.on("pageerror", lambda e: tally.page_errors.append(f"{who}: page error: {e.message[:200]}"))
    page.on("console", lambda m: tally.page_errors.append(f"{who}: console error: {m.text[:200]}")
            if m.type == "error" else None)
    k, hexes = targets
    try:
        t = time.monotonic()
        await page.goto(base + EXPLORER, timeout=LOAD_TIMEOUT_S * 1000)
        await page.wait_for_function(f"() => document.querySelectorAll('{TILE_BUTTONS}').length >= 5",
                                     polling=200, timeout=LOAD_TIMEOUT_S * 1000)
        trace(f"{who}: explorer ready in {tally.loaded(t, 'browser'):.1f} s")
        points = await asyncio.wait_for(_board_points(page, hexes), 90)
        trace(f"{who}: board at {points[:2]}")
        n = 0
        while n < MIN_ROUNDS or time.monotonic() < examples_at:
            await _explorer_round(page, k, points[(i + n) % len(points)], rng, tally, think)
            n += 1
        await _check_app_message(page, tally, who)

        t = time.monotonic()
        await page.goto(base + EXAMPLES, timeout=LOAD_TIMEOUT_S * 1000)
        await page.wait_for_selector(".samurai-step-next", state="visible", timeout=LOAD_TIMEOUT_S * 1000)
        trace(f"{who}: examples ready in {tally.loaded(t, 'browser'):.1f} s ({len(tally.failed)} failed so far)")
        steps = 0
        while steps < MIN_STEPS or time.monotonic() < end_at:
            steps += 1
            at_end = await page.locator(".samurai-step-next").first.is_disabled()
            button = page.locator(".samurai-step-first" if at_end else ".samurai-step-next").first
            ok = await _timed(page, [[STEP_LABEL, 0, "text"]], lambda b=button: b.click(timeout=10_000),
                              tally, "step the example")
            if not ok:
                break
            await asyncio.sleep(rng.uniform(*think))
        await _check_app_message(page, tally, who)
    except Exception as e:  # noqa: BLE001
        tally.fail(who, e)
    finally:
        try:
            if vanish:
                await context.close()  # no unload event: like a laptop closed
            else:
                await page.close(run_before_unload=True)
                await asyncio.sleep(1.0)  # the unload beacon leaves
                await context.close()
        except Exception:  # noqa: BLE001
            pass
        tally.closed_at.append(time.monotonic())


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
