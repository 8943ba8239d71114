"""`samurai-lab bench --classroom` works: a class of three (one in Chromium, two speaking the page's
protocol) for a few seconds prints every figure, and a protocol student really plays on the page (the
benchmark itself, with 30 students, is run by hand: its figures are in the README)."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time

import pytest
from run_apart import run_apart

from samurai_lab.tools.bench_classroom_tally import EXPLORER, explorer_targets
from samurai_lab.tools.protocol_student import WidgetPage, _hex_pixel

pytestmark = pytest.mark.browser

KEYS = {"students", "browser_students", "actions", "errors", "click_ms_p50", "click_ms_p95", "click_ms_p95_browsers",
        "page_ready_s_p95", "server_cpu_s_per_student", "rss_mb_per_student", "kernels_before", "kernels_peak",
        "kernels_after_close", "arrival_s", "click_ms_p95_settled", "protocol_students_cpu_s"}


def test_a_class_of_three_prints_every_figure() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "samurai_lab.tools.cli", "bench", "--classroom", "--students", "3", "--browsers", "1",
         "--minutes", "0.3", "--after-close", "10", "--json",
         # kernels made ready only for the apps the class opens (the others' would be started for nothing)
         "--prepare", "*=0", "--prepare", "explorer=1", "--prepare", "examples=1"],
        capture_output=True, text=True, timeout=1200, check=True)
    figures = json.loads(out.stdout.strip().splitlines()[-1])
    assert KEYS <= set(figures), sorted(KEYS - set(figures))
    assert figures["students"] == 3 and figures["browser_students"] == 1
    assert figures["errors"] == 0, figures["error_samples"]
    assert figures["actions"] >= 3 * 12  # two explorer rounds of four clicks, four example steps: each student
    assert figures["click_ms_p95_browsers"] is not None
    assert figures["kernels_peak"] > figures["kernels_before"]
    assert figures["kernels_after_close"] <= figures["kernels_before"]
    assert figures["server_rss_mb_peak"] > 0 and figures["rss_mb_per_student"] > 0


async def _place_and_undo(base: str) -> tuple[list[str], bool]:
    """A protocol student's explorer: choose a tile, click a hex twice, undo; the history line after each
    click, and whether the page's kernel was gone after the page closed."""
    k, hexes = explorer_targets(1)
    page = WidgetPage(base)
    seen = []
    try:
        await page.open(EXPLORER, timeout=120, assets=[])
        canvas, history = page.first("samurai-board-canvas"), page.first("samurai-history-step")
        tile = page.with_class("samurai-tile-button")[k]
        await page.timed(lambda: page.click(tile), [tile], 30)
        x, y = _hex_pixel(page, canvas, hexes[0])
        for _ in range(2):
            await page.timed(lambda: page.board_click(canvas, x, y), [history], 30)
            await asyncio.sleep(0.5)
            seen.append(page.state(history)["value"])
        await page.timed(lambda: page.click(page.first("samurai-undo")), [history], 30)
        await asyncio.sleep(0.5)
        seen.append(page.state(history)["value"])
    finally:
        await page.close(beacon=True)
    deadline = time.monotonic() + 30
    gone = False
    while not gone and time.monotonic() < deadline:
        gone = (await WidgetPage(base).fetch(f"/api/kernels/{page.kernel_id}", 10)).code == 404
        await asyncio.sleep(0.5)
    return seen, gone


def test_a_protocol_student_places_a_tile_and_its_kernel_goes_with_its_page(voila_url: str) -> None:
    seen, gone = run_apart(asyncio.run, _place_and_undo(voila_url))
    preview, placed, undone = seen
    assert preview.startswith("step 0") and placed.startswith("step 1") and undone.startswith("step 0"), seen
    assert gone, "the page's kernel still runs after its unload beacon"
