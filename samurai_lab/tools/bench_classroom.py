"""``samurai-lab bench --classroom``: a class of simulated students on one ``samurai-lab serve``.

The apps are served on 127.0.0.1 exactly as ``samurai-lab serve`` serves them (same module, options and
environment: :func:`start_served`). N students (default 30) arrive over the first minute and for a few
minutes work in the explorer, then step through an example, and close their pages (one in five just
vanishes: a laptop closed), as ``bench_classroom_tally.Student`` says. Most speak what the page speaks
(:mod:`protocol_student`): their browsers run on their own devices, and the server's cores measure the
server alone; a few (``--browsers``, default 3, spread over the arrivals) use Chromium on this machine for
the end-to-end view (:mod:`bench_classroom_browser`). Kernels, memory and CPU are read from ``/proc``
(psutil) every second.

The figures (:func:`run_classroom`) count the students, the timed clicks (``actions``) and the ``errors``
(page and console errors, kernel errors in the server log or the pages, actions that failed or timed out);
then click percentiles (a click until the first reply that changes what the student sees; ``_settled``: the
clicks no page load overlapped; ``_browsers``: the Chromium students'), page-ready ones (until the board is
drawn at its size), the server's memory and kernels (``kernels_before``: the preheated pool; counted again
``after_close_s``, default 120, after the last page closed, and how long until they were back), the CPU time
of the server with its kernels, of the Chromium students and of the protocol students (this process), and
the machine's load (other work may share it).

``--curve 10,20,30,45,60`` runs one class of each size and names the largest
whose click p95 stays within ``--target-ms`` (default 1000) with no error.

A benchmark, not a test: it prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import signal
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable, Sequence

from ..common.resources import notebooks_dir
from .bench_browser import CHROMIUM_FLAGS, REPO_ROOT, VoilaServer, free_port, percentile
from .bench_classroom_browser import BrowserStudent, niced_chromium, scout_assets
from .bench_classroom_tally import AFTER_CLOSE_S, Tally, explorer_targets

NOTEBOOKS = notebooks_dir()
ARTIFACTS = REPO_ROOT / "tests" / ".artifacts"


# --- the server, as `samurai-lab serve` runs it ------------------------------------------------------

def start_served(notebooks_dir: Path = NOTEBOOKS, *, log_path: Path | None = None, **flags: Any) -> VoilaServer:
    """Start the apps as ``samurai-lab serve`` does (its command line and environment, ``flags`` going to
    :func:`samurai_lab.tools.serve.voila_flags`) on 127.0.0.1. Call ``wait_until_up`` before use."""
    from . import serve

    port = free_port()
    cmd = serve.voila_command(Path(notebooks_dir), port, **flags)
    return VoilaServer.launch(cmd, Path(notebooks_dir), port, log_path or ARTIFACTS / f"voila-served-{port}.log",
                              serve.voila_env(debug=bool(flags.get("debug", False))))


def _tree(pid: int) -> list[Any]:
    import psutil

    try:
        root = psutil.Process(pid)
        return [root, *root.children(recursive=True)]
    except psutil.Error:
        return []


def read_each(processes: Sequence[Any], read: Callable[[Any], Any]) -> list[tuple[Any, Any]]:
    """(process, ``read(process)``) of each of ``processes`` that can still be read (psutil's)."""
    import psutil

    found = []
    for p in processes:
        with contextlib.suppress(psutil.Error):
            found.append((p, read(p)))
    return found


def _kernel_commands(server_pid: int) -> dict[int, list[str]]:
    """The command lines of a voila server's kernels (its descendants running ipykernel), by process id."""
    return {p.pid: command for p, command in read_each(_tree(server_pid)[1:], lambda p: p.cmdline())
            if any("ipykernel" in part for part in command)}


def kernel_pids(server_pid: int) -> list[int]:
    """The kernel processes of a voila server (its descendants running ipykernel)."""
    return list(_kernel_commands(server_pid))


def server_rss_mb(server_pid: int) -> float:
    """Resident memory of the server and all its kernels, in MB."""
    return sum(rss for _, rss in read_each(_tree(server_pid), lambda p: p.memory_info().rss)) / 2**20


def kernel_ids(server_pid: int) -> set[str]:
    """The ids of a voila server's running kernels (from their connection files' names)."""
    found = (re.search(r"kernel-([0-9a-f-]{36})\.json", " ".join(c)) for c in _kernel_commands(server_pid).values())
    return {m[1] for m in found if m}


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
        for p, t in read_each(processes, lambda p: p.cpu_times()):
            used = t.user + t.system
            self._first.setdefault(p.pid, 0.0 if self._started else used)
            self._last[p.pid] = used
        self._started = True

    @property
    def seconds(self) -> float:
        return sum(self._last[pid] - self._first[pid] for pid in self._last)


def browser_processes(server: Sequence[Any]) -> list[Any]:
    """This process's descendants outside ``server``: the students' Chromium and its driver."""
    server_pids = {p.pid for p in server}
    return [p for p in _tree(os.getpid())[1:] if p.pid not in server_pids]


class Sampler(threading.Thread):
    """Samples the kernel count, the server's memory and the CPU time of the server (voila and its
    kernels) and of the students' browsers every ``every`` seconds."""

    def __init__(self, server_pid: int, every: float = 1.0) -> None:
        super().__init__(daemon=True)
        self.pid, self.every = server_pid, every
        self.max_kernels, self.max_rss, self.max_load = 0, 0.0, 0.0
        self.server_cpu, self.browsers_cpu = CpuLedger(), CpuLedger()
        self._halt = threading.Event()

    def run(self) -> None:
        while not self._halt.is_set():
            k, r = len(kernel_pids(self.pid)), server_rss_mb(self.pid)
            self.max_kernels, self.max_rss = max(self.max_kernels, k), max(self.max_rss, r)
            self.max_load = max(self.max_load, os.getloadavg()[0])
            server = _tree(self.pid)
            self.server_cpu.sample(server)
            self.browsers_cpu.sample(browser_processes(server))
            self._halt.wait(self.every)

    def stop(self) -> None:
        self._halt.set()
        self.join(timeout=10)


def browser_seats(students: int, browsers: int) -> set[int]:
    """Which of the students (by arrival) use Chromium: ``browsers`` of them, spread over the arrivals."""
    browsers = max(0, min(browsers, students))
    return {j * students // browsers for j in range(browsers)}


async def _classroom(base: str, students: int, minutes: float, ramp_s: float, think: tuple[float, float],
                     tally: Tally, browsers_nice: int = 0, browsers: int = 3, assets: Sequence[str] = ()) -> None:
    from playwright.async_api import async_playwright

    from .protocol_student import ProtocolStudent

    k, hexes = explorer_targets(12)
    seats = browser_seats(students, browsers)
    t0 = time.monotonic()
    async with async_playwright() as pw:
        browser = None
        if seats:
            executable = niced_chromium(browsers_nice, ARTIFACTS / "classroom")
            browser = await pw.chromium.launch(executable_path=executable, args=list(CHROMIUM_FLAGS))
        try:
            jobs = []
            for i in range(students):
                start_at = t0 + ramp_s * i / max(1, students - 1)
                student = (BrowserStudent(i, base, tally, think, browser) if i in seats
                           else ProtocolStudent(i, base, tally, think, assets))
                jobs.append(student.lesson(start_at, start_at + minutes * 60 * 2 / 3, start_at + minutes * 60,
                                           (k, hexes), vanish=(i % 5 == 4)))
            await asyncio.gather(*jobs)
        finally:
            if browser is not None:
                await browser.close()


_KERNEL_ERROR = re.compile(r"Traceback \(most recent call last\)|\] ERROR \|")


def kernel_errors(log_text: str) -> list[str]:
    """Error lines of a server log (tracebacks and ERROR records)."""
    return [line for line in log_text.splitlines() if _KERNEL_ERROR.search(line)]


def _p(values: Sequence[float], q: float) -> float | None:
    """The q-th percentile (50: the median), rounded; None without values."""
    return round(statistics.median(values) if q == 50 else percentile(list(values), q), 1) if values else None


def run_classroom(students: int = 30, minutes: float = 3.0, *, after_close_s: float = AFTER_CLOSE_S,
                  ramp_s: float | None = None, think: tuple[float, float] = (1.5, 4.0),
                  log: Any = None, log_path: Path | None = None, browsers_nice: int = 0,
                  browsers: int = 3, server_flags: dict[str, Any] | None = None) -> dict[str, Any]:
    """Serve the apps, run the class and return its figures (see the module doc); ``server_flags`` go to
    ``samurai-lab serve``'s voila options (:func:`serve.voila_flags`)."""
    say = log or (lambda *a: print(*a, file=sys.stderr, flush=True))
    server = start_served(NOTEBOOKS, log_path=log_path or ARTIFACTS / "voila-classroom.log", **(server_flags or {}))
    sampler = None
    # A SIGTERM ends the run through the `finally` below, which stops the server and its kernels.
    previous = signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        server.wait_until_up(120)
        say("server up; waiting for its preheated kernels...")
        from .serve import pool_kernels

        pool = wait_for_pool(server, pool_kernels(NOTEBOOKS, (server_flags or {}).get("prepare")), timeout=900)
        assets = asyncio.run(scout_assets(server.url)) if browsers < students else []
        # The scout's page took one of the explorer's ready kernels: one kernel is made ready again only
        # when none is left (so with --prepare explorer=N, N-1 wait after it).
        prepared = {k.removesuffix(".ipynb"): n for k, n in ((server_flags or {}).get("prepare") or {}).items()}
        kernels_before = wait_for_pool(server, pool - (1 if assets and prepared.get("explorer", 1) > 1 else 0))
        time.sleep(5)
        rss_before = server_rss_mb(server.process.pid)
        load_before = os.getloadavg()[0]
        log_mark = len(server.log_tail(10**9))
        say(f"{kernels_before} kernels, {rss_before:.0f} MB; {students} students ({min(browsers, students)} in "
            f"Chromium) for {minutes} min...")
        sampler = Sampler(server.process.pid)
        sampler.start()
        tally = Tally()
        ramp = ramp_s if ramp_s is not None else min(60.0, 2.0 * students)
        t_run, cpu_run = time.monotonic(), time.process_time()
        asyncio.run(_classroom(server.url, students, minutes, ramp, think, tally, browsers_nice, browsers, assets))
        protocol_cpu = time.process_time() - cpu_run
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
        server_errors = kernel_errors(server.log_tail(10**9)[log_mark:])
    finally:
        signal.signal(signal.SIGTERM, previous)
        if sampler is not None:
            sampler.stop()
        server.stop()
    server_cpu, browsers_cpu = sampler.server_cpu.seconds, sampler.browsers_cpu.seconds
    in_browsers = len(browser_seats(students, browsers))
    settled = tally.settled_clicks_ms()
    errors = (tally.page_errors, tally.app_errors, server_errors, tally.failed)
    return {
        "students": students,
        "browser_students": in_browsers,
        "minutes": minutes,
        "arrival_s": ramp,
        "actions": len(tally.clicks_ms),
        "errors": sum(map(len, errors)),
        "page_errors": len(tally.page_errors),
        "kernel_errors": len(server_errors) + len(tally.app_errors),
        "failed_actions": len(tally.failed),
        "click_ms_p50": _p(tally.clicks_ms, 50),
        "click_ms_p95": _p(tally.clicks_ms, 95),
        "actions_settled": len(settled),
        "click_ms_p50_settled": _p(settled, 50),
        "click_ms_p95_settled": _p(settled, 95),
        "click_ms_p50_browsers": _p(tally.clicks_of("browser"), 50),
        "click_ms_p95_browsers": _p(tally.clicks_of("browser"), 95),
        "page_ready_s_p50": _p(tally.loads_s, 50),
        "page_ready_s_p95": _p(tally.loads_s, 95),
        "page_ready_s_p95_browsers": _p(tally.loads_of("browser"), 95),
        "server_rss_mb_before": round(rss_before, 1),
        "server_rss_mb_peak": round(sampler.max_rss, 1),
        "rss_mb_per_student": round((sampler.max_rss - rss_before) / max(1, students), 1),
        "kernels_before": kernels_before,
        "kernels_peak": sampler.max_kernels,
        "kernels_after_close": kernels_after,
        "kernels_back_after_s": None if back_after is None else round(back_after, 1),
        "after_close_s": after_close_s,
        "cpus": os.cpu_count(),
        "server_options": dict(server_flags or {}),
        "server_cpu_s": round(server_cpu, 1),
        "server_cpu_s_per_student": round(server_cpu / max(1, students), 2),
        "browsers_nice": browsers_nice,
        "browsers_cpu_s": round(browsers_cpu, 1),
        "browsers_cpu_s_per_browser": round(browsers_cpu / in_browsers, 2) if in_browsers else None,
        "protocol_students_cpu_s": round(protocol_cpu, 1),
        "loadavg_1m_before": round(load_before, 1),
        "loadavg_1m_peak": round(sampler.max_load, 1),
        "error_samples": [e for kind in errors for e in kind[:3]],
    }


#: The figures of each class of a curve, as its table shows them.
CURVE_COLUMNS = ("students", "errors", "click_ms_p50", "click_ms_p95", "click_ms_p95_browsers", "page_ready_s_p95",
                 "server_cpu_s_per_student", "rss_mb_per_student", "kernels_peak", "kernels_after_close",
                 "loadavg_1m_peak")


def largest_class(figures: Sequence[dict[str, Any]], target_ms: float) -> int | None:
    """The largest class of a curve with no error and a click p95 within ``target_ms`` (None: none)."""
    fit = [f["students"] for f in figures
           if f["errors"] == 0 and f["click_ms_p95"] is not None and f["click_ms_p95"] <= target_ms]
    return max(fit) if fit else None


def run_curve(sizes: Sequence[int], minutes: float, target_ms: float, as_json: bool, **options: Any) -> int:
    """One class of each size, one after the other on a fresh server; print each class's figures as it
    ends, then the table and the largest class whose click p95 stays within ``target_ms``."""
    runs = []
    for n in sizes:
        runs.append(run_classroom(n, minutes, log_path=ARTIFACTS / f"voila-classroom-{n}.log", **options))
        print(json.dumps(runs[-1]), file=sys.stderr, flush=True)
    best = largest_class(runs, target_ms)
    if as_json:
        print(json.dumps({"curve": runs, "target_click_ms_p95": target_ms, "largest_class": best}))
        return 0
    print(" | ".join(CURVE_COLUMNS))
    for f in runs:
        print(" | ".join(str(f[c]) for c in CURVE_COLUMNS))
    print(f"largest class with click p95 <= {target_ms:.0f} ms and no error: {best}")
    return 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--students", type=int, default=30, help="simulated students (default 30)")
    parser.add_argument("--browsers", type=int, default=3, metavar="N",
                        help="how many of them use Chromium on this machine, for the end-to-end view; the others "
                             "speak the page's protocol (HTTP, the kernel websocket, the widget messages) without "
                             "a browser, as if their browsers ran on their own devices (default 3)")
    parser.add_argument("--minutes", type=float, default=3.0, help="minutes each student works (default 3)")
    parser.add_argument("--arrival", type=float, default=None, metavar="S",
                        help="seconds over which the students arrive (default: 2 per student, 60 at most)")
    parser.add_argument("--after-close", type=float, default=AFTER_CLOSE_S, metavar="S",
                        help="count the kernels S seconds after the last page closed (default 120)")
    parser.add_argument("--browsers-nice", type=int, default=0, metavar="N",
                        help="run the students' Chromium at niceness N (e.g. 19) (default 0)")
    from .serve import parse_prepare

    parser.add_argument("--max-kernels", type=int, metavar="N",
                        help="serve at most N pages at once (serve's option; default: serve's, from the memory)")
    parser.add_argument("--prepare", type=parse_prepare, action="append", metavar="APP=N",
                        help="start N kernels of APP before the class arrives (serve's option), e.g. explorer=30")
    parser.add_argument("--curve", metavar="N,N,...",
                        help="instead of one class: one class of each size (e.g. 10,20,30,45,60), the figures of "
                             "each and the largest class whose click p95 stays within --target-ms")
    parser.add_argument("--target-ms", type=float, default=1000.0, metavar="MS",
                        help="the click p95 a class must keep, for --curve (default 1000)")


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
    """Run the class (or the classes of ``--curve``) and print the figures (``args.json``: as JSON)."""
    server_flags: dict[str, Any] = {}
    if args.max_kernels is not None:
        server_flags["max_kernels"] = args.max_kernels
    if args.prepare:
        server_flags["prepare"] = dict(args.prepare)
    options = dict(after_close_s=args.after_close, ramp_s=args.arrival, browsers_nice=args.browsers_nice,
                   browsers=args.browsers, server_flags=server_flags)
    if args.curve:
        return run_curve([int(n) for n in args.curve.split(",")], args.minutes, args.target_ms, args.json,
                         **options)
    print_figures(run_classroom(args.students, args.minutes, **options), args.json)
    return 0
