"""``samurai-lab bench --site``: the static site's figures: its size, and per app the time until the page
is ready (cold: an empty browser cache; warm: the same page again), the megabytes it fetched and the CPU
seconds the browser spent on it, and the machine's load average (one minute) when it was ready: the times
are wall-clock times, which the machine's other work stretches; the CPU seconds are steadier.

The site is built (``samurai-lab site``) into a temporary folder and served by a plain static server
under a sub-path, which sends ``Cache-Control: max-age=600`` as GitHub Pages does. Each app gets a
Chromium with a fresh profile of its own (a real disk cache, as a visitor's browser has). Chromium may
reach no other host (``--host-resolver-rules``); a request that tries is counted as
``requests_elsewhere``.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from .bench_browser import CHROMIUM_FLAGS, find_chromium

#: Each app's page and the element that shows it is ready (the apps' own CSS classes).
SITE_APPS: dict[str, str] = {
    "index": ".samurai-landing-page .samurai-card",
    "explorer": ".samurai-explorer .samurai-tile-button",
    "examples": ".samurai-examples .samurai-step-next",
    "lesson": ".samurai-lesson .samurai-tile-button",
    "scoring": ".samurai-scoring-explainer .samurai-score-next",
    "variants": ".samurai-rules-panel .samurai-ruling-run",
    "game": ".samurai-game .samurai-start",
    "tournament": ".samurai-tournament .samurai-chart-wins svg",
    "map": ".samurai-board",
    "katana": ".katana-app",
    "ikizumari": ".ikz-play-board",
    "study": ".samurai-study-app .samurai-study-progress",
    "puzzles": ".samurai-puzzles .samurai-puzzle-goal b",
}
READY_TIMEOUT_S = 300.0
#: Chromium reaches no host but this machine.
LOCAL_ONLY = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"


def browser_cpu_s() -> float:
    """CPU seconds so far of this process's children (the Playwright driver and its Chromium)."""
    import psutil

    from .bench_classroom import read_each

    children = psutil.Process().children(recursive=True)
    return sum(t.user + t.system for _, t in read_each(children, lambda p: p.cpu_times()))


def site_figures(site_dir: Path) -> dict[str, float | int]:
    files = [p for p in site_dir.rglob("*") if p.is_file()]
    return {"site_mb": round(sum(p.stat().st_size for p in files) / 1e6, 2), "files": len(files)}


def measure_page(playwright: Any, site: Any, name: str, ready: str) -> dict[str, float]:
    """Open the app twice in a browser with a profile of its own: cold (nothing cached), then warm (the
    browser's disk cache, and its cache of compiled WebAssembly, as a returning visitor has them)."""
    outside: list[str] = []
    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="samurai-bench-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=find_chromium(), args=[*CHROMIUM_FLAGS, LOCAL_ONLY],
            viewport={"width": 1280, "height": 900})
        context.on("request", lambda r: None if r.url.startswith((site.origin + "/", "data:", "blob:"))
                   else outside.append(r.url))
        try:
            page = context.new_page()
            for run in ("cold", "warm"):
                site.reset_counts()
                cpu0, t0 = browser_cpu_s(), time.monotonic()
                page.goto(f"{site.url}voici/render/{name}.html", timeout=READY_TIMEOUT_S * 1000)
                page.wait_for_selector(ready, state="visible", timeout=READY_TIMEOUT_S * 1000)
                figures[f"page_ready_{run}_s"] = round(time.monotonic() - t0, 2)
                figures[f"browser_cpu_{run}_s"] = round(browser_cpu_s() - cpu0, 2)
                figures[f"mb_fetched_{run}"] = round(site.bytes_sent() / 1e6, 2)
        finally:
            context.close()
    result = {"page_ready_cold_s": figures["page_ready_cold_s"], "page_ready_warm_s": figures["page_ready_warm_s"],
              "mb_fetched": figures["mb_fetched_cold"], "mb_fetched_warm": figures["mb_fetched_warm"],
              "browser_cpu_s": figures["browser_cpu_cold_s"], "browser_cpu_warm_s": figures["browser_cpu_warm_s"],
              "load_average": round(os.getloadavg()[0], 1)}
    if outside:
        result["requests_elsewhere"] = len(outside)
    return result


def bench_site(apps: list[str] | None = None, site_dir: Path | None = None, log=print) -> dict[str, Any]:
    """Build the site (unless ``site_dir`` is given) and measure ``apps`` (default: every app)."""
    from playwright.sync_api import sync_playwright

    from .site.build import build_site
    from .site.static_server import StaticSite

    with tempfile.TemporaryDirectory(prefix="samurai-bench-site-") as tmp:
        if site_dir is None:
            site_dir = build_site(Path(tmp) / "site", log=log)
        result: dict[str, Any] = site_figures(site_dir)
        with StaticSite(site_dir, prefix="/samurai-lab/", cache_seconds=600) as site, sync_playwright() as p:
            result["apps"] = {}
            for name in apps or list(SITE_APPS):
                result["apps"][name] = measure_page(p, site, name, SITE_APPS[name])
                log(f"{name}: {result['apps'][name]}")
    return result


#: What a visitor's first page may fetch and how soon it is to be ready (cold), on this project's machine.
FIRST_PAGE_MB_TARGET = 20.0
COLD_READY_S_TARGET = 4.5


def summary(figures: dict[str, Any]) -> dict[str, float]:
    """The largest first page (MB fetched, cold) and the slowest cold start over the apps measured."""
    apps = figures["apps"].values()
    return {"first_page_mb_max": max(f["mb_fetched"] for f in apps),
            "page_ready_cold_s_max": max(f["page_ready_cold_s"] for f in apps)}


def print_figures(figures: dict[str, Any], as_json: bool) -> None:
    figures = {**figures, **summary(figures)}
    if as_json:
        print(json.dumps(figures))
        return
    print(f"{'site_mb':>20}: {figures['site_mb']}\n{'files':>20}: {figures['files']}")
    for name, f in figures["apps"].items():
        print(f"{name:>20}: " + ", ".join(f"{k} {v}" for k, v in f.items()))
    print(f"{'first page':>20}: at most {figures['first_page_mb_max']} MB fetched (target {FIRST_PAGE_MB_TARGET}); "
          f"ready cold within {figures['page_ready_cold_s_max']} s (target {COLD_READY_S_TARGET}; wall-clock "
          "time: see each app's load_average)")
