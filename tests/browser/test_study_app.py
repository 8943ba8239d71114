"""Studies in the browser: a teacher builds a two-step study with a question in the explorer's Study tab
(an arrow drawn by two clicks, the answer and a tempting wrong answer played on the board), saves it, and
a student opens it by its link in a new page, sees the arrow (canvas pixels read back along its shaft, on a
projector too), answers wrongly (the teacher's feedback), then rightly; by mouse on a 1366×768 laptop, and
by touch on a 390×844 phone."""

from __future__ import annotations

import math
import os
import re
from pathlib import Path
from urllib.parse import quote

import pytest
from board_fit import board_layout
from context_pool import ContextPool
from helpers import APP_READY, canvas_pixel, click_canvas, context_page, open_app, save_screenshot, wait_for_text
from playwright.sync_api import Page, expect
from touch_taps import DEVICES, tap_board

from samurai_lab.common.study_files import saved_studies_dir
from samurai_lab.common.study_format import load_study
from samurai_lab.knizia.render.scene import Line, Poly, arrow_shapes
from samurai_lab.knizia.render.theme import THEME, theme_for
from samurai_lab.knizia.scenarios.position import parse_position
from samurai_lab.knizia.widgets.hand_panel import tile_label

pytestmark = pytest.mark.browser

CANVAS = "canvas.samurai-board-canvas"
#: Rulebook example E1: Red's High Helmet 2 beside the village HO47, Blue to play (H3 on HO46 takes it).
POSITION = ("1998 Red,Blue p:2:2:0:0 RRBRBHBHHBRRHHBHRRBBH 44aH2 H4B3B4S3X:S2R3S1S1R2H3W2W1N1S2W1MR4B2/"
            "H2H3R4W1M:W1S1S1S2B2R3B3N1S2XH4W2S3R2B4 0.0.0/0.0.0 0.0.0 1 - -")
STATE = parse_position(POSITION)
FEEDBACK = "A tie: the High Helmet is set aside."
MODES = {"mouse": {"viewport": {"width": 1366, "height": 768}}, "touch": DEVICES["phone-390x844"]}
#: The arrow of the first step: from the hex Blue plays on to the village whose High Helmet it takes.
ARROW = ("HO46", "HO47")
ARROW_FOCUS = [STATE.board.resolve(h) for h in ARROW]


def _rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[k:k + 2], 16) for k in (1, 3, 5))


def _near(rgba, colour: str, tolerance: int = 40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(rgba, _rgb(colour)))


def arrow_seen(page: Page, layout, theme=THEME) -> None:
    """The arrow HO46 → HO47 is on the board's canvas: its colour read back at points along the shaft and
    in the head, and not beside the shaft (a line, not a wash)."""
    a, b = ARROW_FOCUS
    shapes = arrow_shapes(layout.centres[a], layout.centres[b], layout.size, theme)
    shaft = next(sh for sh in shapes if isinstance(sh, Line) and sh.stroke == theme.arrow)
    head = next(sh for sh in shapes if isinstance(sh, Poly) and sh.fill == theme.arrow)
    (x0, y0), (x1, y1) = shaft.points
    points = [(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t) for t in (0.4, 0.55, 0.7)]
    points.append((sum(x for x, _ in head.points[:3]) / 3, sum(y for _, y in head.points[:3]) / 3))
    want = list(_rgb(theme.arrow))
    for x, y in points:
        page.wait_for_function(
            """([sel, x, y, rgb]) => { const c = document.querySelector(sel); if (!c || !c.width) return false;
  const d = c.getContext('2d').getImageData(x, y, 1, 1).data;
  return rgb.every((v, i) => Math.abs(v - d[i]) <= 40); }""",
            arg=[CANVAS, int(x), int(y), want], polling=200, timeout=30_000)
    length = math.hypot(x1 - x0, y1 - y0)
    off = shaft.width * 2 + layout.size * 0.25  # beside the shaft, past its halo
    nx, ny = -(y1 - y0) / length * off, (x1 - x0) / length * off
    for sign in (1, -1):
        x, y = x0 + (x1 - x0) * 0.4 + sign * nx, y0 + (y1 - y0) * 0.4 + sign * ny
        assert not _near(canvas_pixel(page, CANVAS, int(x), int(y)), theme.arrow), (x, y)


def draw_arrow_in_editor(page: Page, hands: "Hands", layout) -> None:
    """*Arrow* on, then the hex it starts from and the hex it points to."""
    hands.press(".samurai-study-arrow")
    wait_for_text(page, ".samurai-message", "Click the hex the arrow starts from")
    hands.board(layout, ARROW[0])
    wait_for_text(page, ".samurai-message", "Now click the hex the arrow points to.")
    hands.board(layout, ARROW[1])
    expect(page.locator(".samurai-study-marks")).to_have_text("→".join(ARROW))
    expect(page.locator(".samurai-study-arrow")).not_to_have_class(re.compile(r"\bmod-active\b"))
    arrow_seen(page, layout)


class Hands:
    """Clicks or taps, as the mode of the test."""

    def __init__(self, page: Page, touch: bool) -> None:
        self.page, self.touch = page, touch

    def press(self, selector: str, **kw) -> None:
        target = self.page.locator(selector, **kw).first
        target.scroll_into_view_if_needed()
        target.tap() if self.touch else target.click()

    def board(self, layout, hex_id: str) -> None:
        x, y = layout.pixel_of(STATE.board.resolve(hex_id))
        if self.touch:
            tap_board(self.page, CANVAS, x, y)
        else:
            click_canvas(self.page, CANVAS, x, y)

    def tile(self, scope: str, code: str) -> None:
        from samurai_lab.knizia.core.tiles import tile

        button = self.page.locator(f"{scope} .samurai-tile-button", has_text=tile_label(STATE, tile(code))).first
        button.scroll_into_view_if_needed()
        button.tap() if self.touch else button.click()
        expect(button).to_have_class(re.compile(r"\bmod-info\b"))


def play_in_explorer(hands: Hands, layout, code: str, hex_id: str) -> None:
    """Choose the tile in the Play tab's hand, then click the hex twice (the what-if preview, then played)."""
    hands.tile(".samurai-play", code)
    hands.board(layout, hex_id)
    wait_for_text(hands.page, ".samurai-preview", "What if")
    hands.board(layout, hex_id)


def _finish(page: Page, hands: Hands, layout, name: str) -> str:
    page.locator(".samurai-study-text-input textarea").fill("Blue takes the High Helmet, 3 against 2.")
    hands.press(".samurai-study-add-step")
    wait_for_text(page, ".samurai-message", "Step 2 added.")
    expect(page.locator(".samurai-study-steps li")).to_have_count(2)
    page.locator(".samurai-study-name input").fill(name)
    hands.press(".samurai-study-save")
    wait_for_text(page, ".samurai-message", f"Saved as “{name}.toml” among the saved studies.")
    link = page.locator(".samurai-study-link a")
    expect(link).to_have_attribute("href", f"study.ipynb?study={name}")
    save_screenshot(page, f"study_editor_{'touch' if hands.touch else 'mouse'}")
    return link.get_attribute("href")


def answer_in_player(page: Page, base_url: str, hands: Hands, href: str) -> None:
    open_app(page, base_url, href, APP_READY["study.ipynb"])
    wait_for_text(page, ".samurai-study-progress", "Step 1 of 2 · questions answered: 0 of 1")
    expect(page.locator(".samurai-study-text")).to_contain_text("High Helmet 2 lies beside the village HO47")
    expect(page.locator(".samurai-study-prompt")).to_contain_text("Where should Blue play?")
    layout = board_layout(page, STATE.board, focus=ARROW_FOCUS)  # the step zooms on its arrow
    arrow_seen(page, layout)
    expect(page.locator(".samurai-study-arrows")).to_have_text(re.compile(r"\(HO46\) → .*\(HO47\)"))  # in words
    if not hands.touch:  # on a projector: thicker, still read back along its shaft
        hands.press(".samurai-projector-switch")
        arrow_seen(page, board_layout(page, STATE.board, focus=ARROW_FOCUS, projector=True),
                   theme_for("default", True))
        save_screenshot(page, "study_player_arrow_projector")
        hands.press(".samurai-projector-switch")
        layout = board_layout(page, STATE.board, focus=ARROW_FOCUS)
        arrow_seen(page, layout)
    save_screenshot(page, f"study_player_arrow_{'touch' if hands.touch else 'mouse'}")
    hands.tile(".samurai-study-board", "H2")
    hands.board(layout, "HO46")
    wait_for_text(page, ".samurai-study-panel .samurai-message", f"Not this one: {FEEDBACK}")
    save_screenshot(page, f"study_player_wrong_{'touch' if hands.touch else 'mouse'}")
    hands.tile(".samurai-study-board", "H3")
    hands.board(layout, "HO46")
    wait_for_text(page, ".samurai-study-panel .samurai-message", "Right!")
    wait_for_text(page, ".samurai-study-progress", "questions answered: 1 of 1")
    hands.press(".samurai-study-next")
    wait_for_text(page, ".samurai-study-progress", "Step 2 of 2")
    expect(page.locator(".samurai-study-text")).to_contain_text("Blue takes the High Helmet, 3 against 2.")
    save_screenshot(page, f"study_player_{'touch' if hands.touch else 'mouse'}")


@pytest.mark.parametrize("mode", list(MODES))
def test_a_study_built_in_the_explorer_opens_by_link_and_judges_answers(browser_contexts: ContextPool, voila_url: str,
                                                                        mode: str) -> None:
    name = f"browser-study-{mode}-{os.getpid()}"
    saved = Path(saved_studies_dir()) / f"{name}.toml"
    touch = mode == "touch"
    try:
        with context_page(browser_contexts, **MODES[mode]) as (page, errors):
            hands = Hands(page, touch)
            open_app(page, voila_url, f"explorer.ipynb?position={quote(POSITION, safe='')}",
                     APP_READY["explorer.ipynb"])
            layout = board_layout(page, STATE.board)
            hands.press(".samurai-tabs .lm-TabBar-tab", has_text="Study")
            page.locator(".samurai-study-title-input input").fill("Taking a High Helmet")
            page.locator(".samurai-study-text-input textarea").fill(
                "Red's **High Helmet 2** lies beside the village HO47.")
            draw_arrow_in_editor(page, hands, layout)
            save_screenshot(page, f"study_editor_arrow_{mode}")
            hands.press(".samurai-study-add-step")
            wait_for_text(page, ".samurai-message", "Step 1 added.")
            page.locator(".samurai-study-prompt-input input").fill("Where should Blue play?")
            # a tempting wrong answer first needs the accepted one: record it, come back, record the wrong one
            hands.press(".samurai-study-ask")
            wait_for_text(page, ".samurai-message", "Now play the answer on the board")
            play_in_explorer(hands, layout, "H3", "HO46")
            wait_for_text(page, ".samurai-message", "Recorded H3@HO46 as the answer.")
            hands.press(".samurai-tabs .lm-TabBar-tab", has_text="Play")
            hands.press(".samurai-undo")
            hands.press(".samurai-tabs .lm-TabBar-tab", has_text="Study")
            page.locator(".samurai-study-wrong-feedback input").fill(FEEDBACK)
            hands.press(".samurai-study-record-wrong")
            wait_for_text(page, ".samurai-message", "Now play the answer on the board")
            play_in_explorer(hands, layout, "H2", "HO46")
            wait_for_text(page, ".samurai-message", "Recorded H2@HO46 as a wrong answer.")
            expect(page.locator(".samurai-study-steps li").first).to_contain_text(
                "HO46→HO47 · ? Where should Blue play? → H3@HO46 · ✗ H2@HO46")
            hands.press(".samurai-tabs .lm-TabBar-tab", has_text="Play")
            play_in_explorer(hands, layout, "H3", "HO46")  # the answer's position is the second step
            wait_for_text(page, ".samurai-message", "takes")
            hands.press(".samurai-tabs .lm-TabBar-tab", has_text="Study")
            href = _finish(page, hands, layout, name)
            assert errors.unexpected() == []
        assert saved.is_file()
        assert load_study(saved).steps[0].marks.arrows == (ARROW,)  # the arrow is in the study file
        with context_page(browser_contexts, **MODES[mode]) as (page, errors):  # a student's new page
            answer_in_player(page, voila_url, Hands(page, touch), href)
            assert errors.unexpected() == []
    finally:
        saved.unlink(missing_ok=True)


#: The other games' study boards, in their own logical pixels (``FittedBoards`` finds the fitted scale).
KATANA_CANVAS, IKZ_BOARD = ".katana-study-canvas", ".ikz-study-board"


def test_the_other_games_studies_play_by_clicks_in_their_languages(app_page: Page, voila_url: str) -> None:
    from helpers import FittedBoards

    from samurai_lab.ikizumari.core.board import parse_square
    from samurai_lab.ikizumari.render.geometry import DEFAULT_GEOMETRY
    from samurai_lab.katana.core.board import square_index
    from samurai_lab.katana.render.layout import Layout

    katana = Layout(cell=56.0, margin=24.0)
    boards = FittedBoards({KATANA_CANVAS: katana.width, IKZ_BOARD: DEFAULT_GEOMETRY.size}, 90.0)
    page = app_page
    page.set_viewport_size({"width": 1280, "height": 1000})
    open_app(page, voila_url, "study.ipynb?study=katana-the-challenge&lang=it", APP_READY["study.ipynb"])
    wait_for_text(page, ".samurai-study-progress", "Passo 1 di 3")
    expect(page.locator(".samurai-study-title")).to_contain_text("La Sfida sulla Katana")
    page.locator(".samurai-study-next").click()
    for square in ("e1", "e3"):
        boards.click(page, KATANA_CANVAS, *katana.centre(square_index(square)))
    wait_for_text(page, ".samurai-study-panel .samurai-message", "Non questa: e3 è a due caselle dalla KATANA e5")
    for square in ("e1", "e4"):
        boards.click(page, KATANA_CANVAS, *katana.centre(square_index(square)))
    wait_for_text(page, ".samurai-study-panel .samurai-message", "Giusto: il Rosso completa l'area di sfida")
    save_screenshot(page, "study_player_katana_it")
    # projector mode for the teacher: the words grow for the back of the room
    text_size = "() => getComputedStyle(document.querySelector('.samurai-study-text p')).fontSize"
    assert page.evaluate(text_size) == "16px"
    page.locator(".samurai-projector-switch").click()
    page.wait_for_function(f"() => ({text_size})() === '26px'")
    open_app(page, voila_url, "study.ipynb?study=ikizumari-announcing-a-distance&lang=fr&step=2",
             APP_READY["study.ipynb"])
    wait_for_text(page, ".samurai-study-progress", "Étape 2 sur 3 · questions résolues : 0 sur 1")
    for square in ("g7", "i7"):
        boards.click(page, IKZ_BOARD, *DEFAULT_GEOMETRY.centre(parse_square(square)))
    wait_for_text(page, ".samurai-study-panel .samurai-message", "Pas celui-ci : Deux cases annoncent 2")
    page.locator(".samurai-study-hint").click()
    wait_for_text(page, ".samurai-study-panel .samurai-message", "Indice : Une courte distance en tigre")
    for square in ("g7", "h7"):
        boards.click(page, IKZ_BOARD, *DEFAULT_GEOMETRY.centre(parse_square(square)))
    wait_for_text(page, ".samurai-study-panel .samurai-message", "Exact : 1 en tigre")
    save_screenshot(page, "study_player_ikizumari_fr")
