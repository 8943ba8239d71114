"""Browser figures of the apps, next to the trivial reference app measured in the same run.

``bench_apps()`` (used by ``samurai-lab bench --browser``) measures the scenario
explorer in headless Chromium on a 4-player game in its 13th turn:

* ``cold_start_s``: voila start → board drawn and hand buttons shown (median of the rounds);
* ``click_redraw_ms_*``: a click on a hex → the canvas, the side panels and
  the message line changed. Two kinds of click alternate: a first click on a
  legal hex (the what-if preview: highlight, preview text, tallies after it) and
  a second click on the same hex (the tile is placed: pieces layer, status,
  tallies). The pointer rests on the hex before each pair, as a person's does
  (the hover preview is not measured), so a preview click is done when its
  highlight and message are shown; after each placement an (unmeasured) Undo
  restores the position.

``phone_*``: the same explorer on a phone (``PHONE``: 390x844 CSS px, 3 device pixels each, touch),
tap → answer and mouse click → answer on the same board: a tap's time runs from its ``touchend``
(when the page knows it is a tap), a click's from its ``mousedown``. Each hex is first magnified by
a tap (the lens: in the page, not measured) and, after a pause (mouse events that close to a touch
are the touch's own: ``ui.touch.COMPAT_MS``), tapped twice (preview, placement); after an Undo the
same again with two clicks; tap pairs and click pairs take turns at going first. Neither rests on the hex
before (a finger cannot), so both answer the hover with the click.

The trivial app's figures (``trivial_*``) come from :func:`bench_trivial`, run alternately
with the explorer in the same run; the ratios compare medians. The explorer's state is read in the page
by ``web/explorer_state.js``, its board's fitted size by ``web/board_fitted.js``.
"""

from __future__ import annotations

import json
import os
import statistics

from ..common.resources import notebooks_dir
from ..ui.web_files import web_file
from .bench_browser import (bench_trivial, js_all_changed, js_call, js_canvas_alpha_at, js_canvas_hash,
                            measure_clicks, measure_cold_start, percentile, screen_point)
from .bench_classroom_tally import explorer_targets

EXPLORER = notebooks_dir() / "explorer.ipynb"
CANVAS = "canvas.samurai-board-canvas"
PANELS = (".samurai-preview", ".samurai-tally", ".samurai-status")
MESSAGE = ".samurai-message"
HEX_SIZE = 16
#: The phone of the touch figures: 390x844 CSS px at 3 device pixels each, touch.
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}


def _panels_and_canvas_js() -> str:
    """JS ``() => [message, panel text, canvas hash]`` for the explorer.

    The message line is the last thing a click updates (board first, then the panels, then the
    message), so "all changed" means the click was handled completely, not only the hover before it
    (``web/explorer_state.js``).
    """
    return js_call("explorer_state.js", json.dumps([list(PANELS), MESSAGE]), js_canvas_hash(CANVAS))


STATE_JS = _panels_and_canvas_js()
#: A preview click changes the message and the canvas (after a hover, the panels already show the hover's
#: preview); a placement changes all three.
PREVIEW_DONE, PLACE_DONE = js_all_changed(STATE_JS, (0, 2)), js_all_changed(STATE_JS, (0, 1, 2))


def fitted_layout(page, n_players: int = 4, timeout: float = 30.0):
    """The layout of the page's board once it is fitted to its room (it fits the window: its pixels
    follow the canvas size the kernel chose for the page's measure; read by ``web/board_fitted.js``)."""
    import time

    from ..knizia.core.board import board_for
    from ..knizia.render.fit import room_box
    from ..knizia.render.layout import fit_layout

    board = board_for(n_players)
    deadline, seen = time.monotonic() + timeout, None
    while time.monotonic() < deadline:
        got = page.evaluate(web_file(__package__, "board_fitted.js"), CANVAS)
        if got:
            space = json.loads(got[2])
            w, h = room_box(board, space)
            if (got[0], got[1]) == (round(w * space["dpr"]), round(h * space["dpr"])):
                if got == seen:
                    return fit_layout(board, got[0], got[1])
                seen = got
        page.wait_for_timeout(300)
    raise TimeoutError("the board was not fitted to its room")


def _explorer_cold_start(then, ready_pixel: tuple[int, int], context_options: dict | None = None):
    """One cold start of the explorer in its midgame, ready when its hand is shown and the board's canvas is
    drawn at ``ready_pixel``; ``then(page)`` measures the ready page (:func:`measure_cold_start`)."""
    ready = (f"() => document.querySelectorAll('.samurai-tile-button').length >= 5"
             f" && ({js_canvas_alpha_at(CANVAS, *ready_pixel)})()")
    return measure_cold_start(EXPLORER, ready, then=then, context_options=context_options,
                              env={**os.environ, "SAMURAI_EXPLORER_START": "midgame"})


def bench_explorer(n_hexes: int = 12) -> dict[str, list[float] | float]:
    """One cold start of the explorer and its click latencies (see the module doc): raw lists in ms."""
    k, hexes = explorer_targets(n_hexes + 1)

    def clicks(page) -> dict[str, list[float]]:
        layout = fitted_layout(page)
        points = [layout.pixel_of(i) for i in hexes]
        _select_tile(page, k)
        preview, place = [], []  # the first pair is a warm-up
        for i, (x, y) in enumerate(points):
            _hover(page, x, y)
            first = measure_clicks(page, CANVAS, [(x, y)], PREVIEW_DONE, 1, snapshot_js=STATE_JS, warmup=0)
            second = measure_clicks(page, CANVAS, [(x, y)], PLACE_DONE, 1, snapshot_js=STATE_JS, warmup=0)
            if i > 0:
                preview += first
                place += second
            _undo_and_reselect(page, k)
        return {"preview": preview, "place": place}

    ex, ey = _edo_pixel()
    cold = _explorer_cold_start(clicks, (int(ex), int(ey)))
    return {"server_up_s": cold.server_up_s, "cold_start_s": cold.ready_s, **cold.result}


def bench_phone(n_hexes: int = 8) -> dict[str, list[float] | float]:
    """One cold start of the explorer on a phone (``PHONE``) and its taps and clicks (see the module doc): raw
    lists in ms."""
    from ..ui.touch import COMPAT_MS

    k, hexes = explorer_targets(n_hexes + 1)

    def gestures(page) -> dict[str, list[float]]:
        layout = fitted_layout(page)
        _select_tile(page, k)
        times: dict[str, list[float]] = {"tap": [], "click": []}
        for i, hex_ in enumerate(hexes):  # the first hex is a warm-up; the kinds take turns at going first
            x, y = layout.pixel_of(hex_)
            for touch in ((True, False) if i % 2 == 0 else (False, True)):
                _lens_on(page, x, y)
                page.wait_for_timeout(COMPAT_MS)  # see the module doc
                pair = [measure_clicks(page, CANVAS, [(x, y)], done, 1, snapshot_js=STATE_JS, warmup=0, touch=touch)[0]
                        for done in (PREVIEW_DONE, PLACE_DONE)]
                if i > 0:
                    times["tap" if touch else "click"] += pair
                _undo_and_reselect(page, k)
        return times

    return dict(_explorer_cold_start(gestures, (20, 20), PHONE).result)


def _lens_on(page, x: float, y: float) -> None:
    """Magnify the board around canvas pixel (x, y) by a tap, as a person's first tap does (not measured)."""
    page.evaluate("(sel) => window.samuraiBoardTouch.closeLens(document.querySelector(sel))", CANVAS)
    board = page.locator(CANVAS).first
    board.scroll_into_view_if_needed()
    page.touchscreen.tap(*screen_point(board, x, y))
    page.wait_for_function("(sel) => !!window.samuraiBoardTouch.lens(document.querySelector(sel))", arg=CANVAS,
                           timeout=30000)


def _edo_pixel() -> tuple[float, float]:
    from ..knizia.core.board import board_for
    from ..knizia.render.layout import layout_for

    b = board_for(4)
    return layout_for(b, HEX_SIZE).pixel_of(b.edo)


def _undo_and_reselect(page, k: int) -> None:
    """Undo the placement and choose the same tile again (not measured)."""
    page.locator(".samurai-undo").click()
    page.wait_for_function("() => document.querySelector('.samurai-history-step').innerText.includes('step 0')",
                           timeout=30000)
    _select_tile(page, k)


def _hover(page, x: float, y: float) -> None:
    """Move the pointer onto canvas pixel (x, y) and let the hover preview settle (not measured)."""
    page.mouse.move(*screen_point(page.locator(CANVAS).first, x, y))
    page.wait_for_timeout(150)


def _select_tile(page, k: int, hand_size: int = 5) -> None:
    """Click the k-th tile of the (whole) hand and wait until it shows as selected."""
    page.wait_for_function(f"() => document.querySelectorAll('.samurai-tile-button').length === {hand_size}",
                           timeout=30000)
    page.locator(".samurai-tile-button").nth(k).click()
    page.wait_for_function(
        f"() => {{ const b = document.querySelectorAll('.samurai-tile-button')[{k}];"
        " return b && b.classList.contains('mod-info'); }", timeout=30000)


def bench_apps(rounds: int = 3) -> dict[str, float | list[float]]:
    """The explorer's figures and the trivial app's, measured alternately in one run (``rounds``
    times each, medians reported: the machine's load varies), with their ratios."""
    trivial_runs, explorer_runs, phone_runs = [], [], []
    for _ in range(rounds):
        trivial_runs.append(bench_trivial())
        explorer_runs.append(bench_explorer())
        phone_runs.append(bench_phone())
    preview = [x for r in explorer_runs for x in r["preview"]]  # type: ignore[union-attr]
    place = [x for r in explorer_runs for x in r["place"]]  # type: ignore[union-attr]
    both = preview + place
    cold = [float(r["cold_start_s"]) for r in explorer_runs]  # type: ignore[arg-type]
    trivial_cold = [r["trivial_cold_start_s"] for r in trivial_runs]
    trivial_click = statistics.median(r["trivial_click_ms_median"] for r in trivial_runs)
    return {
        "click_redraw_ms_median": round(statistics.median(both), 1),
        "click_redraw_ms_p95": round(percentile(both, 95), 1),
        "click_preview_ms_median": round(statistics.median(preview), 1),
        "click_place_ms_median": round(statistics.median(place), 1),
        "clicks_measured": len(both),
        "cold_start_s": round(statistics.median(cold), 3),
        "server_up_s": round(statistics.median(float(r["server_up_s"]) for r in explorer_runs), 3),  # type: ignore
        "trivial_click_ms_median": round(trivial_click, 1),
        "trivial_click_ms_p95": round(statistics.median(r["trivial_click_ms_p95"] for r in trivial_runs), 1),
        "trivial_cold_start_s": round(statistics.median(trivial_cold), 3),
        "trivial_server_up_s": round(statistics.median(r["trivial_server_up_s"] for r in trivial_runs), 3),
        "rounds": rounds,
        "cold_start_s_runs": [round(x, 2) for x in cold],
        "trivial_cold_start_s_runs": [round(x, 2) for x in trivial_cold],
        **phone_figures(phone_runs),
        "click_ratio_to_trivial": round(statistics.median(both) / trivial_click, 2),
        "cold_start_ratio_to_trivial": round(statistics.median(cold) / statistics.median(trivial_cold), 2),
    }


def phone_figures(runs: list[dict]) -> dict[str, float]:
    """Median and 95th percentile of the phone's taps and clicks, and the taps' over the clicks'."""
    taps = [x for r in runs for x in r["tap"]]
    clicks = [x for r in runs for x in r["click"]]
    out = {f"phone_{kind}_ms_{name}": round(f(values), 1)
           for kind, values in (("tap", taps), ("click", clicks))
           for name, f in (("median", statistics.median), ("p95", lambda v: percentile(v, 95)))}
    out["phone_taps_measured"] = len(taps)
    out["phone_tap_ratio_to_click"] = round(statistics.median(taps) / statistics.median(clicks), 2)
    out["phone_tap_p95_ratio_to_click"] = round(percentile(taps, 95) / percentile(clicks, 95), 2)
    return out
