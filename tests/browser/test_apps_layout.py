"""The apps' layout in a real browser: nothing jumps, nothing overflows, the board stays in view,
and the game's quick start fits a 1366 × 768 screen."""

from __future__ import annotations

import pytest
from helpers import board_layout, click_canvas, open_app, wait_for_text
from playwright.sync_api import Page, expect

from samurai_lab import EDITION_1998
from samurai_lab.knizia.teaching.words import hex_words
from samurai_lab.knizia.widgets.explorer import default_state
from samurai_lab.knizia.widgets.hand_panel import tile_label

pytestmark = pytest.mark.browser

CANVAS = ".samurai-board-canvas"
TIMEOUT = 90.0


def rect(page: Page, selector: str) -> dict:
    return page.evaluate("(sel) => { const r = document.querySelector(sel).getBoundingClientRect();"
                         " return {x: r.x, y: r.y, w: r.width, h: r.height}; }", selector)


def test_the_explorer_right_panel_stays_put_and_the_files_tab_fits(app_page: Page, voila_url: str) -> None:
    page = app_page
    page.set_viewport_size({"width": 1366, "height": 768})
    state = default_state(2, EDITION_1998, 3)
    board = state.board
    open_app(page, voila_url, "explorer.ipynb?players=2&seed=3", ".samurai-tile-button", timeout=TIMEOUT)
    layout = board_layout(page, board)
    page.wait_for_timeout(500)
    before = rect(page, ".samurai-tabs")

    t = next(t for t in state.hand if not t.fast and not t.is_move)
    target = next(state.board.index[a.hex] for a in state.legal_actions() if getattr(a, "tile", None) == t)
    page.locator(".samurai-tile-button", has_text=tile_label(state, t)).first.click()
    wait_for_text(page, ".samurai-message", "click an empty", TIMEOUT)
    click_canvas(page, CANVAS, *layout.pixel_of(target))
    wait_for_text(page, ".samurai-preview", f"on {hex_words(board, target)}", TIMEOUT)
    click_canvas(page, CANVAS, *layout.pixel_of(target))
    wait_for_text(page, ".samurai-message", f"on {hex_words(board, target)}", TIMEOUT)
    page.wait_for_timeout(300)
    after = rect(page, ".samurai-tabs")
    assert (after["x"], after["y"], after["w"]) == (before["x"], before["y"], before["w"]), (before, after)

    page.locator(".samurai-tabs .lm-TabBar-tab", has_text="Files").click()
    page.wait_for_selector(".samurai-files .samurai-scenario-choice", state="visible", timeout=TIMEOUT * 1000)
    page.wait_for_timeout(300)
    right = rect(page, ".samurai-explorer-right")
    files = rect(page, ".samurai-files")
    assert files["x"] + files["w"] <= right["x"] + right["w"] + 1, (files, right)
    overflow = page.evaluate("() => { const e = document.querySelector('.samurai-files');"
                             " return e.scrollWidth - e.clientWidth; }")
    wide = page.evaluate("""() => { const f = document.querySelector('.samurai-files');
        const right = f.getBoundingClientRect().right;
        return Array.from(f.querySelectorAll('*')).filter(e => e.getBoundingClientRect().right > right + 1)
          .slice(0, 5).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right - right)); }""")
    assert overflow <= 1, wide


def open_e2_at_step_2(page: Page, voila_url: str, width: int, height: int) -> None:
    """The examples at ``width`` × ``height``: E2 chosen and stepped to its step 2 of 3."""
    page.set_viewport_size({"width": width, "height": height})
    open_app(page, voila_url, "examples.ipynb", ".samurai-example-E2", timeout=TIMEOUT)
    page.click(".samurai-example-E2")
    for k in (1, 2):
        page.click(".samurai-step-next")
        wait_for_text(page, ".samurai-step-label", f"Step {k} of 3", TIMEOUT)


def test_the_examples_board_stays_in_view_while_the_outcome_is_read(app_page: Page, voila_url: str) -> None:
    page = app_page
    open_e2_at_step_2(page, voila_url, 1366, 768)
    page.locator(".samurai-step-tallies").scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    box = rect(page, ".samurai-examples-board")
    assert box["y"] < 768 and box["y"] + box["h"] > 0, f"the board left the screen: {box}"
    assert box["y"] >= -2, f"the board's top is out of view: {box}"


def test_the_game_quick_start_fits_a_laptop_screen(app_page: Page, voila_url: str) -> None:
    page = app_page
    page.set_viewport_size({"width": 1366, "height": 768})
    open_app(page, voila_url, "game.ipynb", ".samurai-start", timeout=TIMEOUT)
    start = rect(page, ".samurai-start")
    assert start["y"] + start["h"] <= 768, f"Start is below the screen: {start}"
    for selector in (".samurai-quick-start", ".samurai-seat-kind-0", ".samurai-players"):
        expect(page.locator(selector).first).to_be_visible()
    expect(page.locator(".samurai-advanced .samurai-ruling-R1").first).to_be_hidden()


SIZES = ((1024, 768), (1366, 768), (1920, 1080))


@pytest.mark.parametrize("notebook,ready", [
    ("explorer.ipynb?players=2&seed=3", ".samurai-tile-button"),
    ("game.ipynb", ".samurai-start"),
    ("index.ipynb", ".samurai-card"),
])
def test_screens_of_three_sizes(app_page: Page, voila_url: str, notebook: str, ready: str) -> None:
    """What the apps look like on a small laptop, a common laptop and a desktop screen (for people to look at:
    tests/.artifacts/screens/); the header's name and links stay on screen at every size."""
    from helpers import REPO_ROOT

    page = app_page
    out = REPO_ROOT / "tests" / ".artifacts" / "screens"
    out.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    open_app(page, voila_url, notebook, ready, timeout=TIMEOUT)
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(1200)
        header = rect(page, ".samurai-app-header")
        assert 0 <= header["y"] and header["x"] + 100 <= w
        page.screenshot(path=str(out / f"{notebook.split('.')[0]}-{w}x{h}.png"))


def test_projector_mode_screenshot(app_page: Page, voila_url: str) -> None:
    """The examples in projector mode (the header's switch): big type; a picture for the README."""
    from helpers import SCREENSHOTS

    page = app_page
    open_e2_at_step_2(page, voila_url, 1920, 1080)
    size = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.samurai-step-action-text'))"
                         ".fontSize)")
    page.click(".samurai-projector-switch")
    page.wait_for_selector(".samurai-examples.samurai-projector", timeout=TIMEOUT * 1000)
    page.wait_for_timeout(1500)
    bigger = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.samurai-step-action-text'))"
                           ".fontSize)")
    assert bigger > size
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "projector.png"))
