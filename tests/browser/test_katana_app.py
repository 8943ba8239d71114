"""The SAMURAI (katana) app in a real browser: moves by clicking the canvas, the bot answers, a refusal in
words, the language switch, the lesson; pixels read back and screenshots saved."""

from __future__ import annotations

import re

import pytest
from helpers import FittedBoards, canvas_pixel, open_app, rgb, save_screenshot, wait_for_text
from playwright.sync_api import Page, expect

from samurai_lab.katana.core.board import square_index
from samurai_lab.katana.render import theme
from samurai_lab.katana.render.layout import Layout

pytestmark = pytest.mark.browser

CANVAS = ".katana-play-canvas"
LESSON = ".katana-lesson-canvas"
TIMEOUT = 90.0
VIEWPORT = {"width": 1280, "height": 1000}
PLAY = Layout(cell=56.0, margin=24.0)  # the app's play board
LOGICAL = {CANVAS: PLAY.width, LESSON: Layout(cell=48.0, margin=24.0).width}  # the boards' own pixels

#: Where the boards are clicked and read, in their own logical pixels.
BOARDS = FittedBoards(LOGICAL, TIMEOUT)
fitted_scale, click_at, pixel_wait = BOARDS.scale, BOARDS.click, BOARDS.pixel


def centre(name: str) -> tuple[float, float]:
    return PLAY.centre(square_index(name))


def test_play_refusal_language_and_lesson(app_page: Page, voila_url: str) -> None:
    page = app_page
    page.set_viewport_size(VIEWPORT)
    open_app(page, voila_url, "katana.ipynb", ".katana-app", timeout=TIMEOUT)
    # the board really drew: a BLACK square's colour at e9, a Black samurai's disc at d9
    x, y = PLAY.origin(square_index("e9"))
    pixel_wait(page, CANVAS, x + 4, y + 4, rgb(theme.BLACK_SQUARE), timeout=TIMEOUT)
    bx, by = centre("d9")
    pixel_wait(page, CANVAS, bx - 10, by + 12, rgb(theme.PIECE_FILL[0]), timeout=TIMEOUT)
    expect(page).to_have_title("Katana — samurai_lab", timeout=TIMEOUT * 1000)
    wait_for_text(page, ".katana-constraint", "Free move: Black", TIMEOUT)

    # a refusal in words: a samurai may not stop on a KATANA square
    click_at(page, CANVAS, *centre("a7"))
    wait_for_text(page, ".katana-message", "a7 selected", TIMEOUT)
    click_at(page, CANVAS, *centre("c7"))
    wait_for_text(page, ".katana-message", "KATANA", TIMEOUT)

    # a legal move; the search bot answers
    click_at(page, CANVAS, *centre("d9"))
    wait_for_text(page, ".katana-message", "d9 selected", TIMEOUT)
    save_screenshot(page, "katana_selected")
    click_at(page, CANVAS, *centre("c9"))  # onto a TAIYO: Red is in Tachiōjō and passes
    wait_for_text(page, ".katana-message", "Black moves d9-c9", TIMEOUT)
    wait_for_text(page, ".katana-message", "Tachiōjō", TIMEOUT)
    s = fitted_scale(page, CANVAS)
    page.wait_for_timeout(300)  # the redraw after the move
    r, g, b, _ = canvas_pixel(page, CANVAS, int((bx - 10) * s), int((by + 12) * s))
    assert (r, g, b) != rgb(theme.PIECE_FILL[0])  # d9 is empty now
    save_screenshot(page, "katana_play")

    # Italian: every label re-rendered
    page.select_option(".katana-language select", label="Italiano")
    expect(page.locator(".katana-tabs")).to_contain_text("Gioca", timeout=TIMEOUT * 1000)
    wait_for_text(page, ".katana-constraint", "Movimento libero", TIMEOUT)
    expect(page.locator(".katana-new")).to_have_text("Nuova partita", timeout=TIMEOUT * 1000)
    wait_for_text(page, ".katana-log", "Il Nero muove d9-c9", TIMEOUT)
    save_screenshot(page, "katana_italian")

    # the lesson tab: first task, a wrong try named by the rule, then the solution
    page.get_by_role("tab", name="Lezione").click()
    wait_for_text(page, ".katana-task", "Esercizio 1", TIMEOUT)
    lay = Layout(cell=48.0, margin=24.0)
    click_at(page, LESSON, *lay.centre(square_index("d9")))
    click_at(page, LESSON, *lay.centre(square_index("e8")))  # legal, but a MEKURA square
    wait_for_text(page, ".katana-lesson-message", "BLACK", TIMEOUT)
    page.click(".katana-task-retry")
    click_at(page, LESSON, *lay.centre(square_index("d9")))
    click_at(page, LESSON, *lay.centre(square_index("e9")))
    wait_for_text(page, ".katana-lesson-message", "Ben fatto", TIMEOUT)
    page.select_option(".katana-language select", label="English")
    wait_for_text(page, ".katana-task", "Task 1", TIMEOUT)
    page.click(".katana-task-next")
    wait_for_text(page, ".katana-task", "Task 2", TIMEOUT)
    wait_for_text(page, ".katana-task", "Constrained move: Red must move a samurai next to a Taiyo (sun) square", TIMEOUT)
    save_screenshot(page, "katana_lesson")

    # the rules, with the rulings listed
    page.get_by_role("tab", name="Rules").click()
    wait_for_text(page, ".katana-rules", "K10", TIMEOUT)
    save_screenshot(page, "katana_rules")


def test_a_sfida_and_the_defenders_choice(app_page: Page, voila_url: str) -> None:
    page = app_page
    page.set_viewport_size(VIEWPORT)
    open_app(page, voila_url, "katana.ipynb", ".katana-app", timeout=TIMEOUT)
    page.select_option(".katana-seat-red select", label="Person")
    page.get_by_text("Position and record").click()
    page.fill(".katana-position input", "a7,e6 d1,f1,e1,i3 r - 0:2")
    page.click(".katana-set-position")
    wait_for_text(page, ".katana-message", "Position set.", TIMEOUT)
    wait_for_text(page, ".katana-status", "Red to move", TIMEOUT)
    click_at(page, CANVAS, *centre("e1"))
    wait_for_text(page, ".katana-message", "e1 selected", TIMEOUT)
    click_at(page, CANVAS, *centre("e4"))
    wait_for_text(page, ".katana-message", "challenge (Sfida) across the KATANA on e5", TIMEOUT)
    wait_for_text(page, ".katana-constraint", "Black puts the defeated samurai of Black back", TIMEOUT)
    # the challenge line is drawn in red between e4 and e6
    x, y = PLAY.centre(square_index("e5"))
    pixel_wait(page, CANVAS, x, y, rgb(theme.CHALLENGE), tolerance=40, timeout=TIMEOUT)
    save_screenshot(page, "katana_sfida")
    click_at(page, CANVAS, *centre("f9"))
    wait_for_text(page, ".katana-message", "back on SHIRO f9", TIMEOUT)
    wait_for_text(page, ".katana-constraint", "Constrained move: Black must move a samurai next to a Ryu (dragon)",
                  TIMEOUT)
    expect(page.locator(".katana-record textarea")).to_have_value(re.compile(r"\[Game \"katana\"\].*1\. e1-e4 @f9", re.S),
                                                                  timeout=TIMEOUT * 1000)
    save_screenshot(page, "katana_after_sfida")


def test_the_page_opens_in_the_language_of_its_address(app_page: Page, voila_url: str) -> None:
    page = app_page
    page.set_viewport_size(VIEWPORT)
    page.goto(f"{voila_url.rstrip('/')}/voila/render/katana.ipynb?lang=es", timeout=TIMEOUT * 1000)
    page.wait_for_selector(".katana-app", state="visible", timeout=TIMEOUT * 1000)
    expect(page.get_by_role("tab", name="Jugar")).to_be_visible(timeout=TIMEOUT * 1000)
    wait_for_text(page, ".katana-constraint", "Movimiento libre: Negro", TIMEOUT)
    wait_for_text(page, ".katana-intro", "reglamento 003", TIMEOUT)
    expect(page.locator(".katana-language select")).to_have_value("Español", timeout=TIMEOUT * 1000)
    click_at(page, CANVAS, *centre("a7"))
    wait_for_text(page, ".katana-message", "a7 seleccionada", TIMEOUT)
    click_at(page, CANVAS, *centre("c7"))
    wait_for_text(page, ".katana-message", "Un samurái nunca puede detenerse en una casilla KATANA", TIMEOUT)
    save_screenshot(page, "katana_spanish")
