"""``samurai-lab bench --classroom``: a class of simulated students on one ``samurai-lab serve``.

The apps are served on 127.0.0.1 exactly as ``samurai-lab serve`` serves them
(same module, options and environment: :func:`start_served`). N students
(default 30), each in a browser context of its own in Debian's Chromium, arrive
over the first minute and for a few minutes do what a student does:

* open ``explorer.ipynb?start=midgame``; choose a tile, point at a hex and
  click it (the what-if preview), click it again (the tile is placed), undo;
  again, with another hex, a few seconds of thought between actions (at
  least two rounds);
* after two thirds of the time, open ``examples.ipynb?example=E2`` and step
  through the example (at least four steps);
* close the page: most students close the tab (the page's unload beacon stops
  its kernel), one in five just vanishes (a laptop closed: the culler stops the
  kernel).

Every click is timed in the page, from the ``mousedown`` to the DOM change
that shows the kernel's answer (a MutationObserver), so the figures are what a
student sees. Kernels and memory are read from ``/proc`` (psutil) every second.

The figures (:func:`run_classroom`): ``students``, ``actions`` (timed clicks
done), ``errors`` (page errors + console errors + kernel errors in the server
log + actions that failed or timed out), ``click_ms_p50`` / ``click_ms_p95``,
``page_load_s_p50`` / ``_p95``, ``server_rss_mb_before`` / ``_peak``,
``rss_mb_per_student``, ``kernels_before`` (the preheated pool),
``kernels_at_peak``, ``kernels_after_close`` (counted ``after_close_s``,
default 120, after the last page closed), ``kernels_back_after_s`` (how
long after the last close the count was back to ``kernels_before``), the CPU
time of the server, voila and all its kernels (``server_cpu_s``, and
``_per_student``), and of the students' browsers (``browsers_cpu_s``, and
``_per_student``; ``--browsers-nice N`` runs them at a lower priority), and
the machine's load (``loadavg_1m_before`` / ``_peak``: the students' Chromium
runs on the same machine, and so may other work).

A benchmark, not a test: it prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shlex
import signal
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from ..common.resources import notebooks_dir
from .bench_browser import CHROMIUM_FLAGS, REPO_ROOT, VoilaServer, find_chromium, free_port, percentile

NOTEBOOKS = notebooks_dir()
ARTIFACTS = REPO_ROOT / "tests" / ".artifacts"
CANVAS = "canvas.samurai-board-canvas"
HEX_SIZE = 16
#: How long after the last page closed the kernels are counted (the target: a closed page's kernel
#: stops within two minutes).
AFTER_CLOSE_S = 120.0
ACTION_TIMEOUT_S = 30.0
#: Every student does at least this many explorer rounds and example steps, however slow the pages load.
MIN_ROUNDS, MIN_STEPS = 2, 4
LOAD_TIMEOUT_S = 300.0


# --- the server, as `samurai-lab serve` runs it ------------------------------------------------------

def start_served(notebooks_dir: Path = NOTEBOOKS, *, port: int | None = None, log_path: Path | None = None,
                 python: str = sys.executable, env: dict[str, str] | None = None, **flags: Any) -> VoilaServer:
    """Start the apps as ``samurai-lab serve`` does (its command line and environment) on 127.0.0.1.

    ``flags`` go to :func:`samurai_lab.tools.serve.voila_flags` (e.g. shorter ``cull_idle_timeout``
    in a test); ``env`` is the base environment. Call ``wait_until_up`` before use."""
    from . import serve

    port = port or free_port()
    log_path = log_path or ARTIFACTS / f"voila-served-{port}.log"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    log_file = open(log_path, "wb")  # noqa: SIM115 - closed in VoilaServer.stop
    host = flags.pop("host", serve.DEFAULT_HOST)
    debug = bool(flags.get("debug", False))
    cmd = serve.voila_command(Path(notebooks_dir), port, python=python, host=host, **flags)
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=notebooks_dir, stdin=subprocess.DEVNULL, stdout=log_file,
                            stderr=subprocess.STDOUT, env=serve.voila_env(host=host, debug=debug, base=env),
                            start_new_session=True)
    return VoilaServer(proc, port, Path(notebooks_dir), log_path, started, _log_file=log_file)


def _tree(pid: int) -> list[Any]:
    import psutil

    try:
        root = psutil.Process(pid)
        return [root, *root.children(recursive=True)]
    except psutil.Error:
        return []


def kernel_pids(server_pid: int) -> list[int]:
    """The kernel processes of a voila server (its descendants running ipykernel)."""
    import psutil

    out = []
    for p in _tree(server_pid)[1:]:
        try:
            if any("ipykernel" in part for part in p.cmdline()):
                out.append(p.pid)
        except psutil.Error:
            pass
    return out


def server_rss_mb(server_pid: int) -> float:
    """Resident memory of the server and all its kernels, in MB."""
    import psutil

    total = 0
    for p in _tree(server_pid):
        try:
            total += p.memory_info().rss
        except psutil.Error:
            pass
    return total / 2**20


def kernel_ids(server_pid: int) -> set[str]:
    """The ids of a voila server's running kernels (from their connection files' names)."""
    import psutil

    out = set()
    for pid in kernel_pids(server_pid):
        try:
            m = re.search(r"kernel-([0-9a-f-]{36})\.json", " ".join(psutil.Process(pid).cmdline()))
        except psutil.Error:
            continue
        if m:
            out.add(m[1])
    return out


def wait_for_pool(server: VoilaServer, expected: int, timeout: float = 300.0, settle: float = 3.0) -> int:
    """Wait until the server runs exactly ``expected`` kernels (the preheated pool, no page's) for
    ``settle`` seconds; return the count (the last one seen after ``timeout``)."""
    deadline = time.monotonic() + timeout
    count = len(kernel_pids(server.process.pid))
    while time.monotonic() < deadline:
        count = len(kernel_pids(server.process.pid))
        if count == expected:
            time.sleep(settle)
            if len(kernel_pids(server.process.pid)) == count:
                return count
        time.sleep(1.0)
    return count


class CpuLedger:
    """CPU seconds used by a group of processes, dead ones included (up to one sample's worth each):
    the last user + system time seen of every process ever sampled, minus what each had at its first
    sample if it was already running when the ledger started."""

    def __init__(self) -> None:
        self._first: dict[int, float] = {}
        self._last: dict[int, float] = {}
        self._started = False

    def sample(self, processes: Sequence[Any]) -> None:
        import psutil

        for p in processes:
            try:
                t = p.cpu_times()
            except psutil.Error:
                continue
            used = t.user + t.system
            if p.pid not in self._last:
                self._first[p.pid] = used if not self._started else 0.0
            self._last[p.pid] = used
        self._started = True

    @property
    def seconds(self) -> float:
        return sum(self._last[pid] - self._first[pid] for pid in self._last)


def browser_processes(server: Sequence[Any]) -> list[Any]:
    """This process's descendants outside ``server`` (the server's processes, :func:`_tree`): the
    students' Chromium and its driver."""
    import psutil

    server_pids = {p.pid for p in server}
    try:
        mine = psutil.Process().children(recursive=True)
    except psutil.Error:
        return []
    return [p for p in mine if p.pid not in server_pids]


class Sampler(threading.Thread):
    """Samples the kernel count, the server's memory and the CPU time of the server (voila and its
    kernels) and of the students' browsers every ``every`` seconds."""

    def __init__(self, server_pid: int, every: float = 1.0) -> None:
        super().__init__(daemon=True)
        self.pid, self.every = server_pid, every
        self.max_kernels, self.max_rss, self.max_load = 0, 0.0, 0.0
        self.samples: list[tuple[float, int, float]] = []
        self.server_cpu, self.browsers_cpu = CpuLedger(), CpuLedger()
        self._halt = threading.Event()

    def run(self) -> None:
        while not self._halt.is_set():
            k, r = len(kernel_pids(self.pid)), server_rss_mb(self.pid)
            self.max_kernels, self.max_rss = max(self.max_kernels, k), max(self.max_rss, r)
            self.max_load = max(self.max_load, os.getloadavg()[0])
            self.samples.append((time.monotonic(), k, r))
            server = _tree(self.pid)
            self.server_cpu.sample(server)
            self.browsers_cpu.sample(browser_processes(server))
            self._halt.wait(self.every)

    def stop(self) -> None:
        self._halt.set()
        self.join(timeout=10)


# --- one student --------------------------------------------------------------------------------------

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


@dataclass
class Tally:
    """What all students did (shared by the students' coroutines)."""

    clicks_ms: list[float] = field(default_factory=list)
    clicks_at: list[float] = field(default_factory=list)  # when each timed action began (monotonic s)
    loads_s: list[float] = field(default_factory=list)
    loading: list[tuple[float, float]] = field(default_factory=list)  # (start, end) of every page load

    def settled_clicks_ms(self) -> list[float]:
        """The timed actions no page load overlapped: a class at work once everyone is in."""
        return [ms for ms, at in zip(self.clicks_ms, self.clicks_at)
                if not any(a <= at + ms / 1000 and at <= b for a, b in self.loading)]
    page_errors: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    app_errors: list[str] = field(default_factory=list)
    closed_at: list[float] = field(default_factory=list)


def trace(text: str) -> None:
    """Progress lines on stderr when ``$SAMURAI_BENCH_TRACE`` is set."""
    if os.environ.get("SAMURAI_BENCH_TRACE"):
        print(f"{time.strftime('%H:%M:%S')} {text}", file=sys.stderr, flush=True)


async def _timed(page: Any, spec: list[list[Any]], act: Any, tally: Tally, what: str) -> bool:
    """Arm, act (a coroutine function), wait for the change; record the latency or a failure."""
    async def run() -> None:
        at = time.monotonic()
        await page.evaluate(_ARM_JS, spec)
        await act()
        await page.wait_for_function("() => window.__t1 !== null", polling=50, timeout=ACTION_TIMEOUT_S * 1000)
        t0, t1 = await page.evaluate("() => [window.__t0, window.__t1]")
        if t0 is not None and t1 is not None:
            tally.clicks_ms.append(max(0.0, float(t1) - float(t0)))
            tally.clicks_at.append(at)

    try:
        await asyncio.wait_for(run(), ACTION_TIMEOUT_S + 15)
        trace(f"  {what}: {tally.clicks_ms[-1] if tally.clicks_ms else 0:.0f} ms")
        return True
    except (Exception, asyncio.TimeoutError) as e:  # noqa: BLE001 - a failed action is a figure, not a crash
        tally.failed.append(f"{what}: {(str(e) or type(e).__name__).splitlines()[0][:200]}")
        trace(f"failed: {tally.failed[-1]}")
        return False


def explorer_targets(n: int = 12) -> tuple[int, list[int]]:
    """(hand button index, ``n`` legal hexes for that tile) in ``explorer.ipynb?start=midgame``."""
    from ..knizia.widgets.explorer import midgame_state

    state = midgame_state()
    k = next(i for i, t in enumerate(state.hand) if not t.fast and not t.is_move and not t.is_swap)
    t = state.hand[k]
    legal = [state.board.index[a.hex] for a in state.legal_actions() if getattr(a, "tile", None) == t]
    step = max(1, len(legal) // n)
    return k, legal[::step][:n]


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


async def _student(i: int, browser: Any, base: str, start_at: float, examples_at: float, end_at: float,
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
        await page.goto(f"{base}/voila/render/explorer.ipynb?start=midgame", timeout=LOAD_TIMEOUT_S * 1000)
        await page.wait_for_function(f"() => document.querySelectorAll('{TILE_BUTTONS}').length >= 5",
                                     polling=200, timeout=LOAD_TIMEOUT_S * 1000)
        tally.loads_s.append(time.monotonic() - t)
        tally.loading.append((t, time.monotonic()))
        trace(f"{who}: explorer ready in {time.monotonic() - t:.1f} s")
        points = await asyncio.wait_for(_board_points(page, hexes), 90)
        trace(f"{who}: board at {points[:2]}")
        n = 0
        while n < MIN_ROUNDS or time.monotonic() < examples_at:
            await _explorer_round(page, k, points[(i + n) % len(points)], rng, tally, think)
            n += 1
        await _check_app_message(page, tally, who)

        t = time.monotonic()
        await page.goto(f"{base}/voila/render/examples.ipynb?example=E2", timeout=LOAD_TIMEOUT_S * 1000)
        await page.wait_for_selector(".samurai-step-next", state="visible", timeout=LOAD_TIMEOUT_S * 1000)
        tally.loads_s.append(time.monotonic() - t)
        tally.loading.append((t, time.monotonic()))
        trace(f"{who}: examples ready in {time.monotonic() - t:.1f} s ({len(tally.failed)} failed so far)")
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
        tally.failed.append(f"{who}: {str(e).splitlines()[0][:200]}")
        trace(f"failed: {tally.failed[-1]}")
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


async def _classroom(base: str, students: int, minutes: float, ramp_s: float, think: tuple[float, float],
                     tally: Tally, browsers_nice: int = 0) -> None:
    from playwright.async_api import async_playwright

    k, hexes = explorer_targets(12)
    t0 = time.monotonic()
    async with async_playwright() as pw:
        executable = niced_chromium(browsers_nice, ARTIFACTS / "classroom")
        browser = await pw.chromium.launch(executable_path=executable, args=list(CHROMIUM_FLAGS))
        try:
            jobs = []
            for i in range(students):
                start_at = t0 + (ramp_s * i / max(1, students - 1) if students > 1 else 0.0)
                end_at = start_at + minutes * 60
                examples_at = start_at + minutes * 60 * 2 / 3
                jobs.append(_student(i, browser, base, start_at, examples_at, end_at, (k, hexes), tally,
                                     vanish=(i % 5 == 4), think=think))
            await asyncio.gather(*jobs)
        finally:
            await browser.close()


_KERNEL_ERROR = re.compile(r"Traceback \(most recent call last\)|\] ERROR \|")


def kernel_errors(log_text: str) -> list[str]:
    """Error lines of a server log (tracebacks and ERROR records)."""
    return [line for line in log_text.splitlines() if _KERNEL_ERROR.search(line)]


def run_classroom(students: int = 30, minutes: float = 3.0, *, after_close_s: float = AFTER_CLOSE_S,
                  ramp_s: float | None = None, think: tuple[float, float] = (1.5, 4.0),
                  log: Any = None, log_path: Path | None = None, browsers_nice: int = 0) -> dict[str, Any]:
    """Serve the apps, run the class, and return the figures (see the module doc)."""
    say = log or (lambda *a: print(*a, file=sys.stderr, flush=True))
    notebooks = sorted(NOTEBOOKS.glob("*.ipynb"))
    server = start_served(NOTEBOOKS, log_path=log_path or ARTIFACTS / "voila-classroom.log")
    sampler = None
    # A SIGTERM ends the run through the `finally` below, which stops the server and its kernels.
    previous = signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        server.wait_until_up(120)
        say(f"server up; waiting for its {len(notebooks)} preheated kernels...")
        kernels_before = wait_for_pool(server, len(notebooks))
        time.sleep(5)
        rss_before = server_rss_mb(server.process.pid)
        load_before = os.getloadavg()[0]
        log_mark = len(server.log_tail(10**9))
        say(f"{kernels_before} kernels, {rss_before:.0f} MB; {students} students for {minutes} min...")
        sampler = Sampler(server.process.pid)
        sampler.start()
        tally = Tally()
        ramp = ramp_s if ramp_s is not None else min(60.0, 2.0 * students)
        t_run = time.monotonic()
        asyncio.run(_classroom(server.url, students, minutes, ramp, think, tally, browsers_nice))
        last_close = max(tally.closed_at) if tally.closed_at else time.monotonic()
        say(f"all pages closed after {time.monotonic() - t_run:.0f} s; counting kernels for {after_close_s:.0f} s...")
        back_after = None
        while time.monotonic() < last_close + after_close_s:
            if back_after is None and len(kernel_pids(server.process.pid)) <= kernels_before:
                back_after = time.monotonic() - last_close
            time.sleep(1.0)
        kernels_after = len(kernel_pids(server.process.pid))
        if back_after is None and kernels_after <= kernels_before:
            back_after = time.monotonic() - last_close
        sampler.stop()
        server_errors = kernel_errors(server.log_tail(10**9)[log_mark:])
    finally:
        signal.signal(signal.SIGTERM, previous)
        if sampler is not None:
            sampler.stop()
        server.stop()
    server_cpu, browsers_cpu = sampler.server_cpu.seconds, sampler.browsers_cpu.seconds
    clicks = tally.clicks_ms or [float("nan")]
    settled = tally.settled_clicks_ms() or [float("nan")]
    loads = tally.loads_s or [float("nan")]
    errors = tally.page_errors + tally.app_errors + server_errors + tally.failed
    return {
        "students": students,
        "minutes": minutes,
        "actions": len(tally.clicks_ms),
        "errors": len(errors),
        "page_errors": len(tally.page_errors),
        "kernel_errors": len(server_errors) + len(tally.app_errors),
        "failed_actions": len(tally.failed),
        "click_ms_p50": round(statistics.median(clicks), 1),
        "click_ms_p95": round(percentile(clicks, 95), 1),
        "arrival_s": ramp,
        "actions_settled": len(tally.settled_clicks_ms()),
        "click_ms_p50_settled": round(statistics.median(settled), 1),
        "click_ms_p95_settled": round(percentile(settled, 95), 1),
        "page_load_s_p50": round(statistics.median(loads), 1),
        "page_load_s_p95": round(percentile(loads, 95), 1),
        "server_rss_mb_before": round(rss_before, 1),
        "server_rss_mb_peak": round(sampler.max_rss, 1),
        "rss_mb_per_student": round((sampler.max_rss - rss_before) / max(1, students), 1),
        "kernels_before": kernels_before,
        "kernels_at_peak": sampler.max_kernels,
        "kernels_after_close": kernels_after,
        "kernels_back_after_s": None if back_after is None else round(back_after, 1),
        "after_close_s": after_close_s,
        "cpus": os.cpu_count(),
        "browsers_nice": browsers_nice,
        "server_cpu_s": round(server_cpu, 1),
        "browsers_cpu_s": round(browsers_cpu, 1),
        "server_cpu_s_per_student": round(server_cpu / max(1, students), 2),
        "browsers_cpu_s_per_student": round(browsers_cpu / max(1, students), 2),
        "loadavg_1m_before": round(load_before, 1),
        "loadavg_1m_peak": round(sampler.max_load, 1),
        "error_samples": errors[:10],
    }


HELP = "a class of simulated students on one `samurai-lab serve` (see samurai-lab bench --classroom)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--students", type=int, default=30, help="simulated students (default 30)")
    parser.add_argument("--minutes", type=float, default=3.0, help="minutes each student works (default 3)")
    parser.add_argument("--arrival", type=float, default=None, metavar="S",
                        help="seconds over which the students arrive (default: 2 per student, 60 at most)")
    parser.add_argument("--after-close", type=float, default=AFTER_CLOSE_S, metavar="S",
                        help="count the kernels S seconds after the last page closed (default 120)")
    parser.add_argument("--browsers-nice", type=int, default=0, metavar="N",
                        help="run the students' Chromium at niceness N (e.g. 19): the server then has the "
                             "CPU first, as when the students' browsers run on their own devices (default 0)")


def print_figures(figures: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(figures))
        return
    for k, v in figures.items():
        if k == "error_samples":
            for line in v:
                print(f"{'error':>24}: {line}")
        else:
            print(f"{k:>24}: {v}")


def run_from_arguments(args: argparse.Namespace) -> int:
    """Run the class :func:`add_arguments` describes and print its figures (``args.json``: as JSON)."""
    print_figures(run_classroom(args.students, args.minutes, after_close_s=args.after_close,
                                ramp_s=args.arrival, browsers_nice=args.browsers_nice), args.json)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="bench_classroom", description=HELP)
    add_arguments(p)
    p.add_argument("--json", action="store_true")
    return run_from_arguments(p.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
