"""Every app's address options work under the server users run: `samurai-lab serve` (preheated
kernels: the notebook runs before the request), plain voila, and the Binder route (voila as a
Jupyter server extension behind a base URL). No page asks anything of another host.

Each page of the `serve` tests is opened once the preheated pool is full again, and the server's log
must show that a preheated kernel served it: the option was read from a request that came after the
notebook had run.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator
from urllib.parse import quote, urlparse

import pytest
from helpers import close_tab, wait_for_text
from playwright.sync_api import Page, expect

from samurai_lab import EDITION_2015
from samurai_lab.knizia.scenarios.position import position_string
from samurai_lab.knizia.widgets.explorer import default_state
from samurai_lab.tools.bench_browser import VoilaServer, free_port, port_accepts, start_voila
from samurai_lab.tools.bench_classroom import start_served, wait_for_pool
from samurai_lab.tools.serve import pool_kernels
from samurai_lab.tools.voila_app import data_path_env

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
ARTIFACTS = REPO / "tests" / ".artifacts"
LOAD_S = 240.0
POSITION = position_string(default_state(3, EDITION_2015, 9))

#: (address, selector, text it must show) for every app and option.
CASES = [
    ("explorer.ipynb?players=2&edition=2015&seed=3", ".samurai-status", "2015 rules, 2 players"),
    ("explorer.ipynb?start=midgame", ".samurai-status", "Turn 13"),
    ("explorer.ipynb?scenario=1998-e1-blue-takes-helmet", ".samurai-message", "Loaded “E1: Blue takes"),
    (f"explorer.ipynb?position={quote(POSITION, safe='')}", ".samurai-status", "2015 rules, 3 players"),
    ("explorer.ipynb?players=9&colour=red", ".samurai-message", "unknown option 'colour'"),
    ("examples.ipynb?example=E3", ".samurai-example-title", "E3"),
    ("lesson.ipynb?chapter=4&edition=2015", ".samurai-lesson-chapter-title", "Surrounding and capturing"),
    ("variants.ipynb?ruling=R3&edition=2015", ".samurai-ruling-text", "R3:"),
    ("game.ipynb?players=3&edition=2015", ".samurai-players .mod-active", "3 players"),
    ("map.ipynb?players=2", ".widget-toggle-buttons .mod-active", "2"),
    ("explorer.ipynb?lang=it&players=3", ".samurai-status", "regole 1998, 3 giocatori"),
    ("lesson.ipynb?lang=ru&chapter=4", ".samurai-lesson-chapter-title", "Глава 4: Окружение и захват"),
]


def outside_requests(page: Page) -> list[str]:
    """Start recording the page's requests to hosts other than 127.0.0.1; returns the live list."""
    out: list[str] = []

    def record(request) -> None:
        host = urlparse(request.url).hostname
        if request.url.startswith(("data:", "blob:", "about:")):
            return
        if host not in {"127.0.0.1"}:
            out.append(request.url)

    page.on("request", record)
    return out


def open_and_check(page: Page, base: str, address: str, selector: str, text: str) -> None:
    outside = outside_requests(page)
    page.goto(f"{base}/voila/render/{address}", timeout=LOAD_S * 1000)
    wait_for_text(page, selector, text, timeout=LOAD_S)
    page.wait_for_load_state("networkidle", timeout=LOAD_S * 1000)
    assert outside == [], f"requests that left the machine: {outside}"
    if "colour" in address:
        wait_for_text(page, ".samurai-message", "2, 3 or 4 players")


def stop(proc: subprocess.Popen, sig: int, timeout: float) -> None:
    """Ask a server started in a session of its own to stop (``sig``); kill its whole group after ``timeout`` s."""
    proc.send_signal(sig)
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)


@pytest.fixture(scope="module")
def served() -> Iterator[VoilaServer]:
    """The apps served with `samurai-lab serve`'s own command line and environment."""
    server = start_served(NOTEBOOKS, log_path=ARTIFACTS / "voila-classroom-query.log", prepare=PREPARE)
    server.wait_until_up(120)
    yield server
    server.stop()


#: Kernels made ready only for the apps the cases open (`serve --prepare '*=0' --prepare explorer=1 ...`).
PREPARE = {"*": 0, **{address.split(".")[0]: 1 for address, _, _ in CASES}}


def preheated_uses(server: VoilaServer, notebook: str) -> int:
    return len(re.findall(rf"Using pre-heated kernel: \S+ for {re.escape(notebook)}", server.log_tail(10**9)))


@pytest.mark.parametrize("address,selector,text", CASES, ids=[c[0].split("?")[0] + "?" + c[0].split("?")[1][:30]
                                                             for c in CASES])
def test_address_options_under_serve(app_page: Page, served: VoilaServer, address: str, selector: str,
                                     text: str) -> None:
    pool = pool_kernels(NOTEBOOKS, PREPARE)
    assert wait_for_pool(served, pool, timeout=LOAD_S) == pool
    notebook = address.split("?")[0]
    before = preheated_uses(served, notebook)
    open_and_check(app_page, served.url, address, selector, text)
    assert preheated_uses(served, notebook) == before + 1, "the page was not served by a preheated kernel"
    close_tab(app_page)


def test_the_tree_page_asks_nothing_of_other_hosts(app_page: Page, served: VoilaServer) -> None:
    outside = outside_requests(app_page)
    app_page.goto(f"{served.url}/", timeout=LOAD_S * 1000)
    expect(app_page.locator("a", has_text="explorer.ipynb").first).to_be_visible(timeout=LOAD_S * 1000)
    app_page.wait_for_load_state("networkidle", timeout=LOAD_S * 1000)
    assert outside == []


def test_the_samurai_lab_serve_command(app_page: Page) -> None:
    """`samurai-lab serve --app explorer` (kernels ready for the explorer only) prints the app's address; a
    link with options opens it."""
    port = free_port()
    log = open(ARTIFACTS / "samurai-lab-serve.log", "w+b")
    proc = subprocess.Popen([sys.executable, "-m", "samurai_lab.tools.cli", "serve", "--no-browser",
                             f"--port={port}", "--app", "explorer", "--prepare", "*=0", "--prepare", "explorer=1"],
                            stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}/voila/render/explorer.ipynb"
        deadline = time.monotonic() + LOAD_S
        while url not in Path(log.name).read_text(errors="replace"):
            assert proc.poll() is None and time.monotonic() < deadline, Path(log.name).read_text()[-3000:]
            time.sleep(0.5)
        open_and_check(app_page, f"http://127.0.0.1:{port}", "explorer.ipynb?start=midgame", ".samurai-status",
                       "Turn 13")
        close_tab(app_page)
    finally:
        stop(proc, signal.SIGINT, 60)
        log.close()
    assert proc.returncode == 0
    assert not port_accepts(port)


PLAIN_CASES = [CASES[0], CASES[5], CASES[6], CASES[-1]]


@pytest.mark.parametrize("address,selector,text", PLAIN_CASES, ids=[c[0].split("?")[0] for c in PLAIN_CASES])
def test_address_options_under_plain_voila(app_page: Page, voila_url: str, address: str, selector: str,
                                           text: str) -> None:
    """voila without preheating (the test harness's server): the query string is there at once."""
    open_and_check(app_page, voila_url, address, selector, text)


@pytest.fixture(scope="module")
def binder_route() -> Iterator[str]:
    """voila as a Jupyter server extension under a base URL, over the repository: a Binder link's route
    (``/user/<name>/voila/render/notebooks/<app>.ipynb``), with the server settings binder/postBuild
    installs (``binder/jupyter_server_config.json``) and its template on ``JUPYTER_PATH``."""
    port = free_port()
    log = open(ARTIFACTS / "jupyter-server-classroom.log", "wb")
    env = data_path_env()
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyter_server", "--no-browser", "--allow-root", f"--port={port}",
         "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0", "--IdentityProvider.token=",
         "--ServerApp.base_url=/user/student/", f"--ServerApp.root_dir={REPO}",
         f"--config={REPO / 'binder' / 'jupyter_server_config.json'}",
         "--ServerApp.jpserver_extensions={'voila': True}"],
        stdout=log, stderr=subprocess.STDOUT, env=env, cwd=REPO, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while not port_accepts(port):
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.2)
        yield f"http://127.0.0.1:{port}/user/student"
    finally:
        stop(proc, signal.SIGTERM, 30)
        log.close()


@pytest.mark.parametrize("address,selector,text", PLAIN_CASES, ids=[c[0].split("?")[0] for c in PLAIN_CASES])
def test_address_options_on_the_binder_route(app_page: Page, binder_route: str, address: str, selector: str,
                                             text: str) -> None:
    open_and_check(app_page, binder_route, "notebooks/" + address, selector, text)
