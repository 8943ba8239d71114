"""What a newcomer meets first, in a real browser: switching language keeps the work, links that cannot be
read say so plainly, places are named in words, the play line follows the board, a stopped app says so."""

from __future__ import annotations

import os
import re
import signal
import subprocess
from urllib.parse import parse_qs, urlsplit

import pytest
from board_fit import board_layout
from helpers import APP_READY, PageErrors, click_canvas, open_app, rgb, wait_for_canvas_pixel, wait_for_text
from playwright.sync_api import Page, expect

from samurai_lab import EDITION_1998, GameState, PlaceTile
from samurai_lab.knizia.render.theme import seat_colours
from samurai_lab.knizia.scenarios import position_string
from samurai_lab.knizia.teaching.game_session import GameSession, Player
from samurai_lab.knizia.widgets.explorer import default_state
from samurai_lab.knizia.widgets.hand_panel import tile_label

pytestmark = pytest.mark.browser

CANVAS = "canvas.samurai-board-canvas"
TIMEOUT = 90_000
SWITCH = ".samurai-language-switch"
#: A hex id as the board's data names it (HO18, SEA44): never in a text while "Show coordinates" is off.
HEX_ID = re.compile(r"\b(?:HO|HK|KY|SH|SEA)\d\d\b")


def link_options(page: Page, lang: str) -> dict[str, str]:
    """The options the header's link to ``lang`` carries."""
    href = page.locator(f"{SWITCH} a[hreflang={lang}]").get_attribute("href") or ""
    return {k: v[-1] for k, v in parse_qs(urlsplit(href).query).items()}


def switch_language(page: Page, lang: str, ready: str) -> None:
    """Click the header's link to ``lang`` and wait for the app, rebuilt in that language."""
    with page.expect_navigation(timeout=TIMEOUT):
        page.locator(f"{SWITCH} a[hreflang={lang}]").click()
    page.wait_for_selector(ready, state="visible", timeout=TIMEOUT)
    page.wait_for_function("(lang) => document.documentElement && document.documentElement.lang === lang",
                           arg=lang, timeout=TIMEOUT)


def test_explorer_keeps_a_placed_tile_across_a_language_switch(app_page: Page, voila_url: str) -> None:
    page = app_page
    page.set_viewport_size({"width": 1366, "height": 900})
    state = default_state(2, EDITION_1998, 3)
    board = state.board
    open_app(page, voila_url, "explorer.ipynb?players=2&seed=3", APP_READY["explorer.ipynb"])
    layout = board_layout(page, board)
    t = next(t for t in state.hand if not t.fast and not t.is_move and not t.on_sea)
    target = next(board.index[a.hex] for a in state.legal_actions() if isinstance(a, PlaceTile) and a.tile == t)
    after = state.apply(PlaceTile(t, board.ids[target]))
    page.locator(".samurai-tile-button", has_text=tile_label(state, t)).first.click()
    click_canvas(page, CANVAS, *layout.pixel_of(target))  # the preview
    click_canvas(page, CANVAS, *layout.pixel_of(target))  # placed
    wait_for_text(page, ".samurai-history-step", "1")
    page.wait_for_function("([sel, want]) => { const a = document.querySelector(sel);"
                           " return a && a.href.includes(want); }",
                           arg=[f"{SWITCH} a[hreflang=it]", "position="], timeout=TIMEOUT)
    assert link_options(page, "it")["position"] == position_string(after)
    assert "seed" not in link_options(page, "it")  # the position replaces the options that made the start

    switch_language(page, "it", APP_READY["explorer.ipynb"])
    layout = board_layout(page, board)
    x, y = layout.pixel_of(target)
    wait_for_canvas_pixel(page, CANVAS, int(x), int(y + 0.55 * layout.size), rgb(seat_colours(state)[0]),
                          tolerance=14)  # the tile is still on its hex, now in Italian
    assert link_options(page, "en")["position"] == position_string(after)
    expect(page.locator(".samurai-message")).not_to_contain_text("position")


def start_a_game(page: Page, base_url: str) -> GameState:
    """Open the game app, start the form's default game (you against a greedy bot, no bot pause); its first state."""
    page.set_viewport_size({"width": 1280, "height": 1100})
    open_app(page, base_url, "game.ipynb", APP_READY["game.ipynb"])
    pause = page.locator(".samurai-bot-pause input")
    pause.fill("0")
    pause.press("Enter")
    page.click(".samurai-start")
    page.wait_for_selector(".samurai-hand .samurai-tile-button", state="visible", timeout=TIMEOUT)
    return GameSession([Player.person(), Player.bot("greedy")],
                       EDITION_1998.with_options(setup="random", hands="random"), 1).state


def lay_the_first_tile(page: Page, state: GameState) -> None:
    """Lay the hand's first tile on its first legal hex with the mouse (which stays there)."""
    layout = board_layout(page, state.board)
    first = state.hand[0]
    target = next(a for a in state.legal_actions() if isinstance(a, PlaceTile) and a.tile == first)
    page.locator(".samurai-hand .samurai-tile-button").first.click()
    click_canvas(page, CANVAS, *layout.pixel_of(state.board.resolve(target.hex)))
    page.wait_for_selector(".samurai-log-body[data-actions='1']", state="attached", timeout=TIMEOUT)


def test_game_goes_on_across_a_language_switch(app_page: Page, voila_url: str) -> None:
    page = app_page
    lay_the_first_tile(page, start_a_game(page, voila_url))

    switch_language(page, "es", ".samurai-log-body[data-actions='1'][data-to-act='person']")
    expect(page.locator(".samurai-end-turn")).to_be_enabled()  # the same turn, the tile laid
    assert "record" in link_options(page, "en")


def test_lesson_keeps_its_task_and_progress_across_a_language_switch(app_page: Page, voila_url: str) -> None:
    page = app_page
    open_app(page, voila_url, "lesson.ipynb?solved=map-edo", APP_READY["lesson.ipynb"])
    page.click(".samurai-lesson-next")
    page.wait_for_function("(sel) => document.querySelector(sel).href.includes('task=map-ship')",
                           arg=f"{SWITCH} a[hreflang=ru]", timeout=TIMEOUT)
    progress = page.inner_text(".samurai-lesson-progress")
    switch_language(page, "ru", APP_READY["lesson.ipynb"])
    assert link_options(page, "en")["task"] == "map-ship"
    assert link_options(page, "en")["solved"] == "map-edo"
    assert page.inner_text(".samurai-lesson-progress") != progress  # the same count, in Russian
    assert re.search(r"\d", page.inner_text(".samurai-lesson-progress"))


def test_examples_keep_their_step_across_a_language_switch(app_page: Page, voila_url: str) -> None:
    page = app_page
    open_app(page, voila_url, "examples.ipynb?example=E2", APP_READY["examples.ipynb"])
    page.click(".samurai-step-next")
    page.click(".samurai-step-next")
    page.wait_for_function("(sel) => document.querySelector(sel).href.includes('step=2')",
                           arg=f"{SWITCH} a[hreflang=it]", timeout=TIMEOUT)
    switch_language(page, "it", APP_READY["examples.ipynb"])
    wait_for_text(page, ".samurai-step-label", "2")
    assert link_options(page, "en")["step"] == "2" and link_options(page, "en")["example"] == "E2"


@pytest.mark.parametrize("lang", ["en", "it"])
def test_an_unreadable_position_link_says_so_plainly(app_page: Page, voila_url: str, lang: str) -> None:
    page = app_page
    open_app(page, voila_url, f"explorer.ipynb?position=garbage&lang={lang}", APP_READY["explorer.ipynb"])
    message = page.locator(".samurai-message-warning")
    expect(message).to_be_visible(timeout=TIMEOUT)
    text = message.inner_text()
    assert "fields" not in text and "players turn pieces" not in text
    if lang == "en":
        assert "The position in this link could not be read" in text and "the start of a new game" in text


@pytest.mark.parametrize("notebook", ["map.ipynb", "ikizumari.ipynb"])
def test_an_unknown_language_is_named_in_a_warning(app_page: Page, voila_url: str, notebook: str) -> None:
    page = app_page
    open_app(page, voila_url, f"{notebook}?lang=xx", APP_READY[notebook])
    notice = page.locator(".samurai-language-notice")
    expect(notice).to_contain_text("lang='xx'", timeout=TIMEOUT)
    assert page.evaluate("document.documentElement.lang") == "en"


def test_ikizumari_in_french_frames_its_record_in_french(app_page: Page, voila_url: str) -> None:
    page = app_page
    open_app(page, voila_url, "ikizumari.ipynb?lang=fr", APP_READY["ikizumari.ipynb"])
    note = page.locator(".ikz-record-note")
    expect(note).to_contain_text("notation", timeout=TIMEOUT)
    assert "en-têtes" in note.inner_text()  # French words around the notation's English headers
    assert page.locator(".ikz-record textarea").input_value().startswith('[Game "ikizumari"]')  # the records' one format
    # the Knizia apps do not speak French: their links open them in English, and say so
    lesson = page.locator(".samurai-app-nav a", has_text="Leçon")
    assert "lang=en" in (lesson.get_attribute("href") or "")
    assert "anglais" in (lesson.get_attribute("title") or "")


def test_variants_page_names_places_and_rules_in_words(app_page: Page, voila_url: str) -> None:
    page = app_page
    open_app(page, voila_url, "variants.ipynb?ruling=R2", APP_READY["variants.ipynb"])
    text = page.inner_text(".samurai-rules-panel")
    assert "village north of Akita" in text
    for internal in ("samurai_lab", "end_of_turn", "HO01"):
        assert internal not in text, internal


def test_keyboard_announces_places_in_words(app_page: Page, voila_url: str) -> None:
    page = app_page
    page.set_viewport_size({"width": 1366, "height": 768})
    open_app(page, voila_url, "explorer.ipynb", APP_READY["explorer.ipynb"])
    live = page.locator(".samurai-board-live")
    page.locator(CANVAS).focus()
    heard = []
    for key in ("ArrowDown", "ArrowLeft", "ArrowLeft", "ArrowUp", "ArrowRight"):
        page.keyboard.press(key)
        page.wait_for_function("([sel, before]) => document.querySelector(sel).innerText !== before",
                               arg=[".samurai-board-live", heard[-1] if heard else ""], timeout=TIMEOUT)
        heard.append(live.inner_text())
    assert heard and not [h for h in heard if HEX_ID.search(h)], heard
    page.locator(".samurai-coordinates-switch input").check()  # ids only with "Show coordinates"
    page.locator(CANVAS).focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("([sel, re]) => new RegExp(re).test(document.querySelector(sel).innerText)",
                           arg=[".samurai-board-live", HEX_ID.pattern], timeout=TIMEOUT)


def test_play_line_follows_a_tile_placed_under_the_pointer(app_page: Page, voila_url: str) -> None:
    page = app_page
    state = start_a_game(page, voila_url)
    end_turn = page.locator(".samurai-end-turn")
    expect(end_turn).to_be_disabled()
    assert "mod-primary" not in (end_turn.get_attribute("class") or "")  # greyed, not a blue button
    lay_the_first_tile(page, state)  # the pointer stays on the hex
    wait_for_text(page, ".samurai-hover", state.ruleset.vocabulary.seat_names(state.seats)[0])  # whose tile
    assert "empty" not in page.inner_text(".samurai-hover")
    expect(end_turn).to_be_enabled()
    assert "mod-primary" in (end_turn.get_attribute("class") or "")


def _kill_kernel(page: Page) -> None:
    """Kill the page's kernel process, as a crash would."""
    kernel = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    pids = subprocess.run(["pgrep", "-f", f"kernel-{kernel}"], capture_output=True, text=True).stdout.split()
    assert pids, f"no process for kernel {kernel}"
    for pid in pids:
        os.kill(int(pid), signal.SIGKILL)


@pytest.mark.parametrize("lang, words", [("it", "Ricarica"), ("en", "Reload")])
def test_a_page_whose_kernel_died_says_so_and_reloads(app_page: Page, page_errors: PageErrors, voila_url: str,
                                                      lang: str, words: str) -> None:
    page = app_page
    page_errors.allow(r"Connection lost|kernel|Kernel|WebSocket")  # the connection's end, as it is
    open_app(page, voila_url, f"map.ipynb?lang={lang}", APP_READY["map.ipynb"])
    _kill_kernel(page)
    stopped = page.locator(".samurai-stopped[role=alert]")
    expect(stopped).to_be_visible(timeout=TIMEOUT)
    reload = stopped.locator("button.samurai-reload")
    expect(reload).to_have_text(words)
    reload.click()
    page.wait_for_selector(APP_READY["map.ipynb"], state="visible", timeout=TIMEOUT)
    expect(page.locator(".samurai-stopped")).to_have_count(0)

