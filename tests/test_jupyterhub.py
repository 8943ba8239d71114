"""The JupyterHub recipe (``deploy/jupyterhub/``) works: a hub on 127.0.0.1 serves the apps to its users.

The test installs the recipe's requirements and the package into a venv of its own (kept in
``tests/.artifacts/`` while the requirements stay the same) and the hub's proxy from npm, starts the
hub with ``deploy/jupyterhub/jupyterhub_config.py``, logs three users in through the hub's login page
in Chromium (each gets a single-user server of their own), opens the explorer through the hub for each,
places a tile, and stops every process it started. Slow: about a minute once installed.
"""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest
from run_apart import run_apart
from venvs import uv_install

from samurai_lab.tools.bench_browser import CHROMIUM_FLAGS, find_chromium, free_port

REPO_ROOT = Path(__file__).resolve().parents[1]
RECIPE = REPO_ROOT / "deploy" / "jupyterhub"
ARTIFACTS = REPO_ROOT / "tests" / ".artifacts"
PROXY = "configurable-http-proxy@5.3.0"
PASSWORD = "a class password"
USERS = ("ada", "basho", "chiyo")
TILE_BUTTONS = ".samurai-tile-button"

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def _stamp() -> str:
    """What the hub's venv is built from: the recipe's and Binder's requirements, and the interpreter."""
    parts = [sys.version, (RECIPE / "requirements.txt").read_text(), (REPO_ROOT / "binder" / "requirements.txt").read_text()]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def _hub_venv() -> Path:
    """A venv with the recipe's requirements and this package (editable), reused while its stamp holds."""
    venv = ARTIFACTS / "jupyterhub-venv"
    stamp = venv / "samurai-stamp"
    if stamp.is_file() and stamp.read_text() == _stamp():
        return venv
    subprocess.run([sys.executable, "-m", "venv", "--clear", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    uv_install(python, "-r", str(RECIPE / "requirements.txt"))
    uv_install(python, "--no-deps", "-e", str(REPO_ROOT), timeout=300)
    stamp.write_text(_stamp())
    return venv


def _proxy() -> Path:
    """The hub's proxy, installed from npm into ``tests/.artifacts``."""
    folder = ARTIFACTS / "jupyterhub-proxy"
    command = folder / "node_modules" / ".bin" / "configurable-http-proxy"
    if not command.exists():
        folder.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--prefix", str(folder), PROXY],
                       check=True, timeout=300, capture_output=True)
    return command


def _wait_http(url: str, proc: subprocess.Popen[bytes], log: Path, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        assert proc.poll() is None, log.read_text()[-3000:]
        try:
            with urllib.request.urlopen(url, timeout=5):  # noqa: S310 - loopback only
                return
        except OSError:
            if time.monotonic() > deadline:
                raise AssertionError(f"the hub did not answer at {url}: {log.read_text()[-3000:]}") from None
            time.sleep(0.5)


def _stop_all(proc: subprocess.Popen[bytes], started: list[Any]) -> list[str]:
    """Stop the hub (it stops its users' servers and its proxy), then anything of it still running;
    return the processes that outlived the hub's own shutdown."""
    import psutil

    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            pass
    _gone, alive = psutil.wait_procs(started, timeout=15)
    survivors = []
    for p in alive:
        try:
            survivors.append(" ".join(p.cmdline())[:160])
            p.kill()
        except psutil.Error:
            pass
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    return survivors


@pytest.fixture
def hub(tmp_path: Path) -> Iterator[str]:
    """A hub as the recipe configures it, on free ports; its URL. Every process it started is stopped."""
    import psutil

    venv, proxy = _hub_venv(), _proxy()
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV", "JUPYTER_PATH"}}
    env.update(PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}", SAMURAI_HUB_PORT=str(port),
               SAMURAI_HUB_API_PORT=str(free_port()), SAMURAI_HUB_PROXY_API_PORT=str(free_port()),
               SAMURAI_HUB_PROXY=str(proxy), SAMURAI_HUB_PASSWORD=PASSWORD, SAMURAI_HUB_DATA=str(tmp_path))
    log_path = ARTIFACTS / "jupyterhub.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen([str(venv / "bin" / "jupyterhub"), "-f", str(RECIPE / "jupyterhub_config.py")],
                                cwd=tmp_path, env=env, stdin=subprocess.DEVNULL, stdout=log,
                                stderr=subprocess.STDOUT, start_new_session=True)
        started: dict[int, Any] = {}
        try:
            url = f"http://127.0.0.1:{port}"
            _wait_http(f"{url}/hub/api", proc, log_path)
            yield url
        finally:
            for p in psutil.Process(proc.pid).children(recursive=True) if proc.poll() is None else ():
                started[p.pid] = p
            survivors = _stop_all(proc, list(started.values()))
    assert not survivors, f"still running after the hub stopped: {survivors}"


def _log_in_and_place_a_tile(browser: Any, url: str, user: str, errors: list[str]) -> str:
    """Log ``user`` in through the hub, open the explorer, place a tile; the history line after it."""
    from samurai_lab.tools.bench_classroom_tally import explorer_targets

    context = browser.new_context(viewport={"width": 1366, "height": 900})
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(f"{user}: {e.message[:200]}"))
        page.on("console", lambda m: errors.append(f"{user}: {m.text[:200]} ({m.location.get('url')})")
                if m.type == "error" else None)
        page.goto(f"{url}/hub/login", timeout=120_000)
        page.fill("#username_input", user)
        page.fill("#password_input", PASSWORD)
        page.click("#login_submit")
        page.wait_for_url(f"**/user/{user}/voila/render/notebooks/index.ipynb*", timeout=180_000)
        # voila sends the page as its kernel runs the notebook: on a loaded machine, longer than goto's 30 s
        page.goto(f"{url}/user/{user}/voila/render/notebooks/explorer.ipynb?start=midgame", wait_until="commit",
                  timeout=180_000)
        page.wait_for_function(f"() => document.querySelectorAll('{TILE_BUTTONS}').length >= 5", timeout=180_000)
        k, hexes = explorer_targets(1)
        page.locator(TILE_BUTTONS).nth(k).click()
        page.wait_for_function(f"() => document.querySelectorAll('{TILE_BUTTONS}')[{k}].className.includes('info')")
        x, y = _hex_on_page(page, hexes[0])
        for _ in range(2):  # the what-if preview, then the tile is placed
            page.mouse.click(x, y)
            page.wait_for_timeout(1500)
        page.wait_for_function("() => document.querySelector('.samurai-history-step').innerText.startsWith('step 1')",
                               timeout=60_000)
        return page.locator(".samurai-history-step").inner_text()
    finally:
        context.close()


def _hex_on_page(page: Any, hex_index: int) -> tuple[float, float]:
    """Page coordinates of a hex of the explorer's board, once the board has its size."""
    from samurai_lab.knizia.core.board import board_for
    from samurai_lab.knizia.render.layout import fit_layout

    size = None
    for _ in range(120):
        now = page.evaluate("() => { const c = document.querySelector('canvas.samurai-board-canvas');"
                            " const r = c.getBoundingClientRect(); return [c.width, c.height, r.x, r.y, r.width]; }")
        if now[:2] == (size or [None, None])[:2] and now[0] > 0:
            break
        size = now
        page.wait_for_timeout(500)
    width, height, left, top, css_width = now
    x, y = fit_layout(board_for(4), width, height).pixel_of(hex_index)
    scale = css_width / width
    return left + x * scale, top + y * scale


def test_a_hub_serves_the_apps_to_three_users(hub: str) -> None:
    placed, errors = run_apart(_three_users_place_a_tile, hub)
    assert all(line.startswith("step 1") for line in placed), placed
    assert not errors, errors
    assert len(_user_servers()) == len(USERS), _user_servers()  # started as the recipe says, without the slow parser


def _user_servers() -> list[list[str]]:
    """The command lines of the users' servers running on this machine."""
    import psutil

    out = []
    for p in psutil.process_iter(["cmdline"]):
        command = p.info["cmdline"] or []
        if "samurai_lab.tools.singleuser" in command:
            out.append(command)
    return out


def _three_users_place_a_tile(hub: str) -> tuple[list[str], list[str]]:
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=list(CHROMIUM_FLAGS))
        try:
            placed = [_log_in_and_place_a_tile(browser, hub, user, errors) for user in USERS]
        finally:
            browser.close()
    return placed, errors
