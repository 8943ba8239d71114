"""Measure a voila app in real headless Chromium: how long from starting the server until the app is drawn
and usable (cold start, :func:`measure_cold_start`), and how long from a click on a canvas until the app shows
the result (click latency, :func:`measure_clicks`), both polling JavaScript conditions (``js_*``) in the page
(the scripts are in ``web/``: the canvas's, ``canvas_*.js``; the click's clock, ``*_click_clock.js``).
Any notebook of the project: :func:`start_voila` serves one (or a folder) on a free loopback port.
Playwright is imported lazily: importing this module costs nothing.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Callable, Sequence

from ..ui.web_files import web_file
from .serve import STOP_GRACE_S, port_accepts, stop_voila, voila_base_flags

if TYPE_CHECKING:  # pragma: no cover
    from playwright.sync_api import Page

REPO_ROOT = Path(__file__).resolve().parents[2]
TRIVIAL_APP = REPO_ROOT / "benchmarks" / "trivial_app.ipynb"

#: Chromium flags for a machine without a display and with a closed network.
CHROMIUM_FLAGS: tuple[str, ...] = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def find_chromium() -> str:
    """Path of the Chromium binary: ``$SAMURAI_CHROMIUM``, /usr/bin/chromium, or PATH."""
    for candidate in (os.environ.get("SAMURAI_CHROMIUM", ""), "/usr/bin/chromium"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found:
        return found
    raise FileNotFoundError("Chromium not found. Install it with: sudo apt-get install -y chromium")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that is free right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class VoilaServer:
    """A running voila process and where to reach it."""

    process: subprocess.Popen[bytes]
    port: int
    target: Path
    log_path: Path
    started_at: float
    _log_file: IO[bytes] | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        """Base URL, without a trailing slash."""
        return f"http://127.0.0.1:{self.port}"

    def app_url(self, notebook_name: str | None = None) -> str:
        """URL of a notebook as an app (serving a folder: ``voila/render/<name>``), or of the single notebook."""
        if self.target.is_dir() and notebook_name:
            return f"{self.url}/voila/render/{notebook_name}"
        return f"{self.url}/"

    def log_tail(self, n_chars: int = 4000) -> str:
        """The end of the server log, for error messages."""
        try:
            return self.log_path.read_text(errors="replace")[-n_chars:]
        except OSError:
            return ""

    def wait_until_up(self, timeout: float = 60.0) -> float:
        """Block until the port accepts connections; return seconds since start."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"voila exited with code {self.process.returncode}:\n{self.log_tail()}"
                )
            if port_accepts(self.port):
                return time.perf_counter() - self.started_at
            time.sleep(0.05)
        raise TimeoutError(f"voila did not listen on {self.port} in {timeout} s:\n{self.log_tail()}")

    def stop(self, grace: float = STOP_GRACE_S) -> int:
        """SIGTERM (voila shuts its kernels down), then kill the process group."""
        stop_voila(self.process, self.port, grace)
        if self._log_file is not None:
            self._log_file.close()  # again on a second stop: nothing to do
        return int(self.process.returncode)

    @classmethod
    def launch(cls, cmd: Sequence[str], target: Path, port: int, log_path: Path,
               env: dict[str, str] | None = None) -> "VoilaServer":
        """Run ``cmd`` in its own session (so kernels die with it), in the target's folder, with its output
        in ``log_path``."""
        log_path.parent.mkdir(parents=True, exist_ok=True)
        log_file = open(log_path, "wb")  # noqa: SIM115 - closed in VoilaServer.stop
        started_at = time.perf_counter()
        process = subprocess.Popen(cmd, cwd=target if target.is_dir() else target.parent, stdin=subprocess.DEVNULL,
                                   stdout=log_file, stderr=subprocess.STDOUT, env=env, start_new_session=True)
        return cls(process, port, target, log_path, started_at, _log_file=log_file)


def start_voila(
    target: Path | str,
    *,
    port: int | None = None,
    python: str | os.PathLike[str] = sys.executable,
    log_path: Path | None = None,
    extra_args: Sequence[str] = (),
    env: dict[str, str] | None = None,
    module: str = "voila",
) -> VoilaServer:
    """Start ``python -m voila`` (or ``-m module``, e.g. ``samurai_lab.tools.voila_app``) on a notebook
    or a folder (tree mode), as :meth:`VoilaServer.launch` (output in a temp file if ``log_path`` is None).
    Call :meth:`VoilaServer.wait_until_up` before using it."""
    target = Path(target).resolve()
    if not target.exists():
        raise FileNotFoundError(target)
    port = port or free_port()
    if log_path is None:
        fd, name = tempfile.mkstemp(prefix="voila-", suffix=".log")
        os.close(fd)
        log_path = Path(name)
    cmd = [
        os.fspath(python),
        "-m",
        module,
        target.name if target.is_file() else os.fspath(target),
        f"--port={port}",
        *voila_base_flags(),
        *extra_args,
    ]
    return VoilaServer.launch(cmd, target, port, log_path, env)


# --- JavaScript builders ---------------------------------------------------


def js_call(script: str, *args: str) -> str:
    """JS ``() => value``: the function of ``web/<script>`` called with ``args`` (JavaScript expressions)."""
    return f"() => ({web_file(__package__, script).strip()})({', '.join(args)})"


def js_canvas_alpha_at(selector: str, x: int, y: int, index: int = 0) -> str:
    """JS ``() => bool``: the canvas pixel (x, y) is not transparent (``web/canvas_alpha_at.js``).

    ``selector`` names a ``<canvas>`` or an element holding canvases (then
    ``index`` picks one: ``web/find_canvas.js``). ipycanvas 0.14 renders a MultiCanvas as one
    composited ``<canvas>`` carrying the widget's classes.
    """
    find = web_file(__package__, "find_canvas.js").strip()
    return js_call("canvas_alpha_at.js", find, json.dumps([selector, index, x, y]))


def js_canvas_hash(selector: str, index: int = 0) -> str:
    """JS ``() => number|null``: an FNV-1a hash of every pixel of the canvas (``web/canvas_hash.js``)."""
    find = web_file(__package__, "find_canvas.js").strip()
    return js_call("canvas_hash.js", find, json.dumps([selector, index]))


def js_state(text_selector: str, canvas_selector: str, canvas_index: int = 0) -> str:
    """JS ``() => [text, canvasHash]``: what a click is expected to change."""
    return f"""() => {{
  const el = document.querySelector({json.dumps(text_selector)});
  return [el ? el.innerText : null, ({js_canvas_hash(canvas_selector, canvas_index)})()];
}}"""


def js_all_changed(state_js: str, items: Sequence[int] | None = None) -> str:
    """JS ``(before) => bool``: every item of ``state_js()`` (or each numbered in ``items``) differs from ``before``."""
    indexes = "now.map((_, i) => i)" if items is None else json.dumps(list(items))
    return f"""(before) => {{
  const now = ({state_js})();
  return {indexes}.every(i => now[i] !== null && now[i] !== before[i]);
}}"""


# --- measurements ----------------------------------------------------------


@dataclass
class ColdStart:
    """Timings of one cold start, in seconds from the server process start."""

    server_up_s: float
    ready_s: float
    result: Any = None


def measure_cold_start(
    notebook_path: Path | str,
    ready_js_condition: str,
    *,
    then: Callable[[Page], Any] | None = None,
    timeout_s: float = 180.0,
    context_options: dict[str, Any] | None = None,
    env: dict[str, str] | None = None,
) -> ColdStart:
    """Start voila on one notebook and time it until the app is ready in Chromium (launched before the clock
    starts, with :data:`CHROMIUM_FLAGS`).

    ``ready_js_condition`` is a JS expression or function that Playwright polls on every animation frame,
    e.g. ``js_canvas_alpha_at(...)``. ``then(page)`` runs on the ready page before the server stops (e.g.
    :func:`measure_clicks`); its return value lands in :attr:`ColdStart.result`. ``context_options`` (Playwright's
    ``new_context`` options) replace the default 1280x900 window, e.g. an emulated phone; ``env``: voila's
    environment (its kernels inherit it).
    """
    from playwright.sync_api import sync_playwright

    with contextlib.ExitStack() as stack:
        pw = stack.enter_context(sync_playwright())
        browser = pw.chromium.launch(executable_path=find_chromium(), args=list(CHROMIUM_FLAGS))
        stack.callback(browser.close)
        context = browser.new_context(**(context_options or {"viewport": {"width": 1280, "height": 900}}))
        stack.callback(context.close)
        page = context.new_page()
        page.set_default_timeout(timeout_s * 1000)
        server = start_voila(notebook_path, env=env)
        stack.callback(server.stop)
        server_up = server.wait_until_up(timeout_s)
        page.goto(server.app_url(), wait_until="commit")
        page.wait_for_function(ready_js_condition, polling="raf", timeout=timeout_s * 1000)
        ready = time.perf_counter() - server.started_at
        result = then(page) if then is not None else None
        return ColdStart(server_up_s=server_up, ready_s=ready, result=result)


def measure_clicks(
    page: Page,
    canvas_selector: str,
    points: Sequence[tuple[float, float]],
    done_condition_js: str,
    n: int,
    *,
    snapshot_js: str | None = None,
    warmup: int = 2,
    timeout_s: float = 30.0,
    touch: bool = False,
) -> list[float]:
    """Click the canvas ``n`` times (``touch``: tap it) and return each click's latency in ms.

    ``points`` are canvas pixel coordinates (:func:`screen_point`), used in turn (cycled); give at
    least ``n + warmup`` distinct ones if the app ignores a repeated click.
    Before each click ``snapshot_js`` (JS ``() => value``) is evaluated and
    its value is passed to ``done_condition_js`` (JS ``(before) => bool``),
    polled on every animation frame after the click; see :func:`js_state`
    and :func:`js_all_changed`. The latency runs from the page's
    ``mousedown`` event (a tap's: its ``touchend``, when the page knows it is a tap) to the first
    frame where the condition holds. The first ``warmup`` clicks are not counted.
    """
    if not points:
        raise ValueError("points must not be empty")
    locator = page.locator(canvas_selector).first
    poll = f"(before) => ({web_file(__package__, 'stop_click_clock.js').strip()})({done_condition_js}, before)"
    latencies: list[float] = []
    for i in range(n + warmup):
        point = screen_point(locator, *points[i % len(points)])
        before = page.evaluate(snapshot_js) if snapshot_js else None
        page.evaluate(web_file(__package__, "arm_click_clock.js"), "touchend" if touch else "mousedown")
        wall0 = time.perf_counter()
        (page.touchscreen.tap if touch else page.mouse.click)(*point)
        page.wait_for_function(poll, arg=before, polling="raf", timeout=timeout_s * 1000)
        wall_ms = (time.perf_counter() - wall0) * 1000
        t0, t1 = page.evaluate("() => [window.__benchT0, window.__benchT1]")
        if i >= warmup:
            latencies.append(float(t1 - t0) if t0 is not None and t1 is not None else wall_ms)
    return latencies


def screen_point(locator: Any, x: float, y: float) -> tuple[float, float]:
    """Where canvas pixel (x, y) of ``locator`` (a ``<canvas>`` or an element holding one) is on the screen,
    through the canvas's box on the screen (a lens's transform included)."""
    box = locator.bounding_box()
    if box is None:
        raise RuntimeError(f"{locator} is not visible")
    width, height = locator.evaluate(
        "el => { const c = el.tagName === 'CANVAS' ? el : el.querySelector('canvas'); return [c.width, c.height]; }")
    return box["x"] + x * box["width"] / width, box["y"] + y * box["height"] / height


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) with linear interpolation."""
    if not values:
        raise ValueError("no values")
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100
    lo = int(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


# --- the trivial reference app --------------------------------------------

TRIVIAL_CANVAS = "canvas.trivial-canvas"
TRIVIAL_STATUS = ".trivial-status"
TRIVIAL_CENTRE = (120, 120)
#: Distinct click points inside the trivial app's hexagon (25 px apart).
TRIVIAL_POINTS = ([(70.0 + 25 * i, 70.0 + 25 * j) for j in range(5) for i in range(5)]
                  + [(82.5 + 25 * i, 82.5 + 25 * j) for j in range(4) for i in range(4)])


def bench_trivial(n_clicks: int = 20) -> dict[str, float]:
    """Cold start and click latency of ``benchmarks/trivial_app.ipynb``."""
    ready = (
        f"() => !!document.querySelector({json.dumps(TRIVIAL_STATUS)})"
        f" && ({js_canvas_alpha_at(TRIVIAL_CANVAS, *TRIVIAL_CENTRE)})()"
    )
    state = js_state(TRIVIAL_STATUS, TRIVIAL_CANVAS)

    def clicks(page: Page) -> list[float]:
        return measure_clicks(page, TRIVIAL_CANVAS, TRIVIAL_POINTS, js_all_changed(state), n_clicks,
                              snapshot_js=state, warmup=2)

    cold = measure_cold_start(TRIVIAL_APP, ready, then=clicks)
    latencies: list[float] = cold.result
    return {
        "trivial_server_up_s": round(cold.server_up_s, 3),
        "trivial_cold_start_s": round(cold.ready_s, 3),
        "trivial_click_ms_median": round(statistics.median(latencies), 1),
        "trivial_click_ms_p95": round(percentile(latencies, 95), 1),
    }

