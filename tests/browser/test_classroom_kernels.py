"""Kernels of closed pages stop; an open page keeps its kernel, however idle; the preheated pool
survives. Served with `samurai-lab serve`'s options, the culler's times shortened (10 s idle, checked
every 5 s: the same logic as serve's 60 s and 30 s, in a test's time).
"""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import Browser, Page

from samurai_lab.tools.bench_browser import VoilaServer
from samurai_lab.tools.bench_classroom import kernel_ids, start_served, wait_for_pool

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "tests" / ".artifacts"
IDLE_S, INTERVAL_S = 10, 5
LOAD_S = 240.0
APPS = ("explorer.ipynb", "examples.ipynb")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    folder = tmp_path_factory.mktemp("apps")
    for name in APPS:
        shutil.copy(REPO / "notebooks" / name, folder / name)
    server = start_served(folder, log_path=ARTIFACTS / "voila-classroom-kernels.log",
                          cull_idle_timeout=IDLE_S, cull_interval=INTERVAL_S)
    server.wait_until_up(120)
    yield server
    server.stop()


def open_app(browser: Browser, server: VoilaServer, address: str, ready: str) -> tuple[Page, str]:
    """A page in a context of its own (a student's browser); returns it and its kernel's id."""
    page = browser.new_context().new_page()
    page.goto(f"{server.url}/voila/render/{address}", timeout=LOAD_S * 1000)
    page.wait_for_selector(ready, state="visible", timeout=LOAD_S * 1000)
    kernel = page.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    return page, kernel


def wait_until(condition, timeout: float, what: str) -> float:
    t0 = time.monotonic()
    while not condition():
        assert time.monotonic() - t0 < timeout, f"{what} after {timeout} s"
        time.sleep(0.5)
    return time.monotonic() - t0


def test_closed_pages_stop_their_kernels_and_open_pages_keep_theirs(browser: Browser, served: VoilaServer) -> None:
    pool = wait_for_pool(served, len(APPS), timeout=LOAD_S)
    assert pool == len(APPS)
    pid = served.process.pid

    closed_tab, k1 = open_app(browser, served, "explorer.ipynb?start=midgame", ".samurai-tile-button")
    vanished, k2 = open_app(browser, served, "examples.ipynb?example=E2", ".samurai-step-next")
    kept, k3 = open_app(browser, served, "explorer.ipynb", ".samurai-tile-button")
    assert {k1, k2, k3} <= kernel_ids(pid)

    # A tab closed: the page's unload beacon stops its kernel at once (no culling needed).
    closed_tab.close(run_before_unload=True)
    wait_until(lambda: k1 not in kernel_ids(pid), 10, "the closed tab's kernel still runs")
    log = served.log_tail(10**9)
    # the beacon's shutdown comes first (the culler, seeing the page gone, may try it too, later)
    culled = re.search(rf"Culling .*{k1}", log)
    assert f"Kernel shutdown: {k1}" in log[: culled.start() if culled else None]
    assert not re.search(r"/voila/api/shutdown/\S+ \(.*\) .*403|403 POST /voila/api/shutdown", log)

    # A browser gone without a word (a laptop closed): the culler stops the kernel.
    vanished.context.close()
    took = wait_until(lambda: k2 not in kernel_ids(pid), IDLE_S + INTERVAL_S + 15, "the vanished page's kernel still runs")
    assert re.search(rf"Culling 'idle' kernel .*\({k2}\) with 0 connections", served.log_tail(10**9)), took

    # The open page sat idle for three culling timeouts: it keeps its kernel, which still answers.
    time.sleep(3 * IDLE_S)
    assert k3 in kernel_ids(pid)
    kept.locator(".samurai-tile-button").first.click()
    kept.wait_for_function("() => document.querySelector('.samurai-tile-button').classList.contains('mod-info')",
                           timeout=30_000)

    # The preheated pool was not culled: a new page is served by a preheated kernel.
    assert wait_for_pool(served, len(APPS) + 1, timeout=LOAD_S) == len(APPS) + 1
    uses = len(re.findall(r"Using pre-heated kernel: \S+ for examples.ipynb", served.log_tail(10**9)))
    again, k4 = open_app(browser, served, "examples.ipynb?example=E3", ".samurai-step-next")
    assert len(re.findall(r"Using pre-heated kernel: \S+ for examples.ipynb", served.log_tail(10**9))) == uses + 1

    for page in (kept, again):
        page.close(run_before_unload=True)
    wait_until(lambda: not ({k3, k4} & kernel_ids(pid)), 15, "kernels of closed tabs still run")
    assert wait_for_pool(served, len(APPS), timeout=LOAD_S) == len(APPS)
