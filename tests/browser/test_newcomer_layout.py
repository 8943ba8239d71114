"""Layout a newcomer meets, in a real browser: the magnified board's "Whole board" button outside the board,
instructions that say "tap" on a touch screen, and projector mode fitting a projector's screen (the board and
the controls of the step at hand without scrolling, the header on one line). Pages are the shared ones
(``shared_pages.py``); each test leaves its page as it found it."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from helpers import REPO_ROOT
from playwright.sync_api import Page
from shared_pages import SharedPage, desktop, phone, resize
from touch_taps import board_box, scroll_to

from samurai_lab.ui.touch import LENS_BUTTON_CLASS

pytestmark = pytest.mark.browser

SHOTS = Path(REPO_ROOT) / "tests" / ".artifacts" / "newcomer-layout"
KATANA_BOARD = ".katana-play-canvas"

_RECT_JS = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  return {x: r.x, y: r.y, w: r.width, h: r.height}; }"""
#: The board's own box, also while the lens magnifies the canvas (a CSS transform: its layout box is read).
_BOARD_AREA_JS = """(sel) => { const c = document.querySelector(sel); const p = c.offsetParent.getBoundingClientRect();
  return {x: p.x + c.offsetLeft, y: p.y + c.offsetTop, w: c.offsetWidth, h: c.offsetHeight}; }"""


def overlap(a: dict, b: dict) -> float:
    """The area two boxes share (0 when apart)."""
    w = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
    h = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
    return max(0.0, w) * max(0.0, h)


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.mark.parametrize("shared_page", [phone("katana.ipynb")], indirect=True)
def test_whole_board_button_is_outside_the_magnified_board(app_view: SharedPage) -> None:
    page = app_view.show(390, 844)
    page.wait_for_function("(sel) => document.querySelector(sel).width > 600", arg=KATANA_BOARD)  # fitted
    box = board_box(page, KATANA_BOARD)
    assert box["cell"] < 44  # a phone: the first tap magnifies
    scroll_to(page, KATANA_BOARD, box["ch"] / 2)
    before = page.evaluate(_BOARD_AREA_JS, KATANA_BOARD)
    page.touchscreen.tap(before["x"] + before["w"] * 0.5, before["y"] + before["h"] * 0.5)
    button = f".samurai-board:has({KATANA_BOARD}) .{LENS_BUTTON_CLASS}"
    page.wait_for_selector(button, state="visible")
    try:
        area = page.evaluate(_BOARD_AREA_JS, KATANA_BOARD)
        place = page.evaluate(_RECT_JS, button)
        shot(page, "katana-lens-390x844")
        assert overlap(area, place) == 0, (area, place)
        assert abs(area["y"] - before["y"]) < 1 and abs(area["h"] - before["h"]) < 1  # the board did not move
        assert place["h"] >= 44 and place["y"] < 844  # a finger's size, on the screen
    finally:  # the whole board again, for the next test on this page
        page.locator(button).tap()
        page.wait_for_function("(sel) => !window.samuraiBoardTouch.lens(document.querySelector(sel))",
                               arg=KATANA_BOARD)
    assert not app_view.new_errors(), app_view.new_errors()


@pytest.mark.parametrize("shared_page,verb,not_verb", [
    pytest.param(*phone("study.ipynb").values, "Tap", "click", id=phone("study.ipynb").id),
    pytest.param(*desktop("study.ipynb", "en").values, "click", "Tap", id=desktop("study.ipynb", "en").id),
], indirect=["shared_page"])
def test_a_question_says_tap_on_a_touch_screen_and_click_with_a_mouse(app_view: SharedPage, verb: str,
                                                                        not_verb: str) -> None:
    page = app_view.show(390, 844) if app_view.key.screen == "phone" else app_view.show(1024, 768)
    page.locator(".samurai-study-next").first.click()  # the study's question (its second step)
    try:
        prompt = page.locator(".samurai-study-prompt")
        prompt.locator(".samurai-study-how").wait_for(state="attached")
        shown = prompt.inner_text()
        shot(page, f"study-question-{app_view.key.screen}")
        assert verb.lower() in shown.lower() and not_verb.lower() not in shown.lower(), shown
    finally:
        page.locator(".samurai-study-back").first.click()  # the first step again, for the next test
    assert not app_view.new_errors(), app_view.new_errors()


#: What the class must see on the projector without scrolling, per app: its board and the controls of the step at
#: hand (each selector's first shown element).
PROJECTOR_STEP = {
    "puzzles.ipynb": ("canvas.samurai-board-canvas", ".knizia-puzzle-hand", ".knizia-puzzle-end"),
    "katana.ipynb": (".katana-play-canvas", ".katana-new", ".katana-pass", ".katana-message"),
    "ikizumari.ipynb": (".ikz-play-board", ".ikz-new", ".ikz-pass"),
    "study.ipynb": ("canvas.samurai-board-canvas", ".samurai-study-nav"),
    "explorer.ipynb": ("canvas.samurai-board-canvas", ".samurai-tile-button"),
    "examples.ipynb": ("canvas.samurai-board-canvas", ".samurai-step-next"),
    "lesson.ipynb": ("canvas.samurai-board-canvas", ".samurai-tile-button", ".samurai-lesson-end-turn"),
    "map.ipynb": ("canvas.samurai-board-canvas",),
    "game.ipynb": (".samurai-start",),
    "scoring.ipynb": (".samurai-score-chart", ".samurai-score-prev", ".samurai-score-next", ".samurai-score-steps"),
    "variants.ipynb": (".samurai-ruling-choice", "canvas.samurai-board-canvas", ".samurai-ruling-demo-intro"),
    "tournament.ipynb": (".samurai-tournament-players", ".samurai-tournament-run"),
    "index.ipynb": (".samurai-cards",),
}
PROJECTORS = ((1280, 720), (1024, 768))

_PLACES_JS = """(sels) => {
  const all = [document.scrollingElement, ...document.querySelectorAll('.jp-LabShell *')];
  all.forEach((e) => { if (e.scrollTop) e.scrollTop = 0; });  // the page as it opens: nothing scrolled
  const box = (e) => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left,
    right: r.right, w: r.width, h: r.height}; };
  const out = {};
  for (const s of sels) {
    const e = Array.from(document.querySelectorAll(s)).find((x) => x.getBoundingClientRect().height > 0);
    out[s] = e ? box(e) : null;
  }
  return out;
}"""
_HEADER = (".samurai-app-header", ".samurai-app-header h1", ".samurai-app-nav nav", ".samurai-language-switch",
           ".samurai-projector-switch")


#: How long the boards may take to fit a new room on a loaded machine.
FIT_S = 60.0


def projector_faults(page: Page, notebook: str, width: int, height: int) -> list[str]:
    """What of the app's step or its header is off the screen or missing, at ``width`` x ``height``, once the
    boards have fitted the room (however late their last re-fit comes, up to :data:`FIT_S`)."""
    resize(page, width, height)
    deadline = time.monotonic() + FIT_S
    faults = placement_faults(page, notebook, width, height)
    while faults and time.monotonic() < deadline:
        page.wait_for_timeout(250)
        faults = placement_faults(page, notebook, width, height)
    return faults


def placement_faults(page: Page, notebook: str, width: int, height: int) -> list[str]:
    """What of the app's step or its header is off the screen or missing now."""
    places = page.evaluate(_PLACES_JS, [*PROJECTOR_STEP[notebook], *_HEADER])
    faults = []
    for sel in PROJECTOR_STEP[notebook]:
        p = places[sel]
        if p is None:
            faults.append(f"{sel}: not shown")
        elif p["top"] < -1 or p["bottom"] > height + 1 or p["right"] > width + 1:
            faults.append(f"{sel}: {p['top']:.0f}..{p['bottom']:.0f} (x ..{p['right']:.0f}) outside {width}x{height}")
    head = places[".samurai-app-header"]
    if head["h"] > 130:
        faults.append(f"header {head['h']:.0f} px tall")
    if head["top"] > 40:
        faults.append(f"header at {head['top']:.0f}..{head['bottom']:.0f}, not at the top of the screen")
    nav, name = places[".samurai-app-nav nav"], places[".samurai-app-header h1"]
    if nav is None or nav["w"] < 100 or abs(nav["top"] - name["top"]) > 30:
        faults.append(f"the apps' links not on the title's line: {nav} beside {name}")
    return faults


@pytest.mark.parametrize("shared_page", [desktop(notebook, "en") for notebook in PROJECTOR_STEP], indirect=True)
def test_projector_mode_fits_a_projector(app_view: SharedPage) -> None:
    notebook = app_view.key.notebook
    page = app_view.show(1280, 720)
    page.click(".samurai-projector-switch")
    found = {}
    try:
        page.wait_for_selector(".samurai-projector", timeout=90_000)
        for width, height in PROJECTORS:
            faults = projector_faults(page, notebook, width, height)
            shot(page, f"projector-{notebook.removesuffix('.ipynb')}-{width}x{height}")
            if faults:
                found[f"{width}x{height}"] = faults
    finally:  # projector mode off again, for the next test on this page
        page.click(".samurai-projector-switch")
        page.wait_for_selector(".samurai-projector", state="detached", timeout=90_000)
    assert not found, f"{notebook}: {found}"
    assert not app_view.new_errors(), app_view.new_errors()


@pytest.mark.parametrize("shared_page", [phone("puzzles.ipynb")], indirect=True)
def test_puzzles_tiles_and_board_on_a_tablet_and_the_game_row_on_a_phone(app_view: SharedPage) -> None:
    page = app_view.show(390, 844)
    games = page.evaluate("""() => Array.from(document.querySelectorAll('.samurai-puzzle-game button'))
      .map((b) => { const r = b.getBoundingClientRect(); return [r.top, r.width, r.height]; })""")
    shot(page, "puzzles-390x844")
    assert len(games) == 3
    assert len({round(top) for top, _, _ in games}) == 1, games  # one row
    assert max(w for _, w, _ in games) - min(w for _, w, _ in games) <= 1, games  # equal parts
    page = app_view.show(768, 1024, settle_ms=2000)  # a tablet held upright
    places = page.evaluate(_PLACES_JS, ["canvas.samurai-board-canvas", ".knizia-puzzle-hand", ".knizia-puzzle-end"])
    shot(page, "puzzles-768x1024")
    for sel, p in places.items():
        assert p is not None and p["top"] >= 0 and p["bottom"] <= 1024 + 1, (sel, p)  # tiles and board at once
    assert places[".knizia-puzzle-hand"]["bottom"] <= places["canvas.samurai-board-canvas"]["top"] + 1
    assert not app_view.new_errors(), app_view.new_errors()
