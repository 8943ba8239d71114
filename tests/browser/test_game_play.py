"""The game app in a real browser: a game against a bot, hints, and a game played to the scoring."""

from __future__ import annotations

import re

import pytest
from board_fit import board_layout
from helpers import click_canvas, open_app, save_screenshot, wait_for_canvas_pixel
from playwright.sync_api import Page, expect

from samurai_lab import EDITION_1998, PickTile, PlaceTile
from samurai_lab.knizia.teaching.game_session import GameSession, Player
from samurai_lab.knizia.core.tiles import TILE_KINDS
from samurai_lab.knizia.scenarios import record_game
from samurai_lab.knizia.teaching.words import hex_words
from samurai_lab.knizia.widgets.hand_panel import tile_label

pytestmark = pytest.mark.browser

CANVAS = ".samurai-board-canvas"
LOG = ".samurai-log-body"
SEED = 1  # the form's default
BEGINNER = EDITION_1998.with_options(setup="random", hands="random")  # the form's default rules
TIMEOUT = 60_000
# The whole board must be in view: ipycanvas focuses the canvas on mouse-down, which scrolls a
# partly hidden canvas, before it reads the canvas position (the click then lands on another hex).
VIEWPORT = {"width": 1280, "height": 1100}


def actions_logged(page: Page) -> int:
    return int(page.get_attribute(LOG, "data-actions") or 0)


def wait_for_actions(page: Page, n: int, to_act: str | None = None) -> None:
    """Wait until the log says ``n`` actions were played (and who is to act)."""
    sel = f"{LOG}[data-actions='{n}']" + (f"[data-to-act='{to_act}']" if to_act else "")
    page.wait_for_selector(sel, state="attached", timeout=TIMEOUT)


def open_game_form(page: Page, base_url: str) -> None:
    """Open the app on its quick start, with the bots' pause set to none."""
    page.set_viewport_size(VIEWPORT)
    open_app(page, base_url, "game.ipynb", ".samurai-start")
    pause = page.locator(".samurai-bot-pause input")
    pause.fill("0")
    pause.press("Enter")


def start_game(page: Page, base_url: str) -> None:
    """Open the app and start the form's default game (you against a greedy bot), bots without pause."""
    open_game_form(page, base_url)
    page.click(".samurai-start")
    page.wait_for_selector(".samurai-hand .samurai-tile-button", state="visible", timeout=TIMEOUT)


def test_play_a_tile_end_the_turn_and_ask_for_hints(app_page: Page, voila_url: str) -> None:
    page = app_page
    start_game(page, voila_url)
    state = GameSession([Player.person(), Player.bot("greedy")], BEGINNER, SEED).state  # the app's first state
    layout = board_layout(page, state.board)
    wait_for_canvas_pixel(page, CANVAS, *map(int, layout.pixel_of(state.board.edo)))

    # the first tile of the hand, on its first legal hex
    first = state.hand[0]
    target = next(a for a in state.legal_actions() if isinstance(a, PlaceTile) and a.tile == first)
    page.locator(".samurai-hand .samurai-tile-button").first.click()
    expect(page.locator(".samurai-message")).to_contain_text("click an empty", timeout=TIMEOUT)
    x, y = layout.pixel_of(state.board.resolve(target.hex))
    click_canvas(page, CANVAS, x, y)
    wait_for_actions(page, 1, "person")
    expect(page.locator(".samurai-log-line").first).to_contain_text(f"on {hex_words(state, target.hex)}")
    expect(page.locator(".samurai-undo-turn")).to_be_enabled()
    expect(page.locator(".samurai-end-turn")).to_be_enabled()

    # end the turn: the bot answers in the log
    page.click(".samurai-end-turn")
    page.wait_for_function(
        "sel => { const e = document.querySelector(sel); return e && +e.dataset.actions > 2"
        " && e.dataset.toAct === 'person'; }", arg=LOG, timeout=TIMEOUT)
    expect(page.locator(".samurai-log")).to_contain_text("Yellow (greedy)")
    expect(page.locator(".samurai-undo-turn")).to_be_disabled()

    # hints: a ranked list, each with why; showing one marks its hex
    page.click(".samurai-hint-button")
    page.wait_for_selector(".samurai-hint", state="visible", timeout=TIMEOUT)
    assert page.locator(".samurai-hint").count() >= 1
    page.locator(".samurai-hint-show").first.click()
    expect(page.locator(".samurai-message")).to_contain_text(":", timeout=TIMEOUT)
    save_screenshot(page, "game")


def test_setup_in_the_rulebooks_order_hands_then_pieces(app_page: Page, voila_url: str) -> None:
    # 000: "Simultaneamente e di nascosto dagli altri avversari, tutti i giocatori devono scegliere 5 dei 20
    # tasselli" ... "Selezionare poi i segnalini" ... "Inizia il giocatore più giovane".
    page = app_page
    open_game_form(page, voila_url)
    advanced = page.locator(".samurai-advanced")
    if advanced.count() and not page.locator(".samurai-rules").is_visible():  # the rules wait under "Advanced"
        advanced.get_by_text("Advanced").first.click()
    page.locator(".samurai-rules button", has_text="choose hands yourself").click()
    page.locator(".samurai-rules button", has_text="place figures yourself").click()
    page.click(".samurai-start")
    expect(page.locator(".samurai-status")).to_contain_text("chooses a starting hand", timeout=TIMEOUT)

    # the hand first: five picks of five different kinds; the bot then picks its own
    rules = EDITION_1998.with_options(setup="chosen", hands="chosen")
    session = GameSession([Player.person(), Player.bot("greedy")], rules, SEED)
    for k in range(5):
        page.locator(".samurai-hand .samurai-tile-button").nth(k).click()
        wait_for_actions(page, k + 1 if k < 4 else 10, "person")
        session.play(PickTile(TILE_KINDS[k]))
    session.run_bots()
    assert session.state.phase.value == "place_pieces"
    expect(page.locator(".samurai-status")).to_contain_text("every hand is chosen", timeout=TIMEOUT)
    for t in session.state.hands[0]:  # the hand as tile symbols, each named in the edition's words
        named = f'.samurai-status .samurai-hand-tile[aria-label="{tile_label(session.state, t)}"]'
        expect(page.locator(named).first).to_be_visible()
    expect(page.locator(".samurai-log")).to_contain_text("Every hand is chosen: now the figures are placed")

    # then the pieces, from Green: a caste, then a city on the board
    state = session.state
    layout = board_layout(page, state.board)
    page.locator(".samurai-hand .samurai-tile-button").first.click()
    city = state.board.cities[0]
    click_canvas(page, CANVAS, *layout.pixel_of(city))
    wait_for_actions(page, 12, "person")  # Green's piece, then the bot's
    name = state.board.label(city).split(" (")[0]  # the city's name
    expect(page.locator(".samurai-log-line").nth(1)).to_contain_text(f"Green puts a High Helmet into {name}")
    save_screenshot(page, "game-setup")


def near_the_end_record(turns_left: int = 2) -> tuple[str, int]:
    """A record of a bot game cut at the start of one of Green's last turns, and its number of actions."""
    bots = GameSession([Player.bot("random"), Player.bot("greedy")], BEGINNER, 5)
    bots.run_bots()
    starts = [k for k, s in enumerate(bots.states)
              if s.current == 0 and s.played_this_turn == 0 and not s.is_over and s.phase.value == "play"]
    k = starts[-turns_left]
    return record_game(bots.states[0], bots.actions[:k]), k


def wait_until(page: Page, condition: str, n: int) -> None:
    """Wait until the log's action count is above ``n`` and ``condition`` (JS on ``e.dataset``) holds."""
    page.wait_for_function(
        f"([sel, n]) => {{ const e = document.querySelector(sel); if (!e) return false;"
        f" const d = e.dataset; return +d.actions > n && ({condition}); }}", arg=[LOG, n], timeout=TIMEOUT)


def game_over(page: Page) -> bool:
    return page.locator(f"{LOG}[data-to-act='over']").count() > 0


def click_until_the_person_acts(page: Page, selector: str) -> None:
    """Click ``selector`` (pass, end the turn) and wait until an action more is logged and no bot is to act."""
    n = actions_logged(page)
    page.click(selector)
    wait_until(page, "d.toAct !== 'bot'", n)


def test_replay_a_record_then_play_it_to_the_scoring(app_page: Page, voila_url: str) -> None:
    page = app_page
    open_game_form(page, voila_url)
    text, k = near_the_end_record()
    page.locator(".samurai-record-input textarea").fill(text)
    page.click(".samurai-load-record")
    expect(page.locator(".samurai-replay-step")).to_contain_text("starting position", timeout=TIMEOUT)
    page.click(".samurai-replay-next")
    expect(page.locator(".samurai-replay-step")).to_contain_text("1. Green", timeout=TIMEOUT)
    page.click(".samurai-replay-last")
    expect(page.locator(".samurai-replay-step")).to_contain_text(f"{k}. Yellow", timeout=TIMEOUT)
    page.click(".samurai-replay-continue")
    page.wait_for_selector(f"{LOG}[data-actions='{k}'][data-to-act='person']", state="attached", timeout=TIMEOUT)

    # play the first hint each turn, then end the turn, until the game is scored
    for _ in range(40):
        if game_over(page):
            break
        if page.locator(".samurai-pass").is_visible():
            click_until_the_person_acts(page, ".samurai-pass")
            continue
        n = actions_logged(page)
        page.click(".samurai-hint-button")
        page.locator(".samurai-hint-play").first.click()
        wait_until(page, "true", n)
        if game_over(page):
            break
        if page.locator(".samurai-end-turn").is_enabled():
            click_until_the_person_acts(page, ".samurai-end-turn")
    else:
        pytest.fail("the game did not end within 40 turns")
    scoring = page.locator(".samurai-scoring")
    expect(scoring).to_be_visible(timeout=TIMEOUT)
    expect(scoring).to_contain_text("Game over")
    expect(page.locator(".samurai-score-steps")).to_contain_text("Leaders")
    # the record follows the scoring onto the page
    expect(page.locator(".samurai-record-text textarea")).to_have_value(re.compile(r"Result"), timeout=TIMEOUT)
    record = page.locator(".samurai-record-text textarea").input_value()
    assert record.startswith('[Game "Samurai"]') and "Result" in record
    assert page.locator("a.samurai-record-download").get_attribute("href").startswith("data:text/plain")


def test_tournament_charts_and_more_games(app_page: Page, voila_url: str) -> None:
    page = app_page
    page.set_viewport_size({"width": 1280, "height": 1300})
    open_app(page, voila_url, "tournament.ipynb", ".samurai-tournament-run")
    expect(page.locator(".samurai-win-chart")).to_be_visible(timeout=TIMEOUT)
    expect(page.locator(".samurai-tournament-summary")).to_contain_text("20 games")
    assert page.locator(".samurai-win-chart .samurai-ci").count() == 2
    expect(page.locator(".samurai-captures-chart")).to_be_visible()
    expect(page.locator(".samurai-lengths-chart")).to_be_visible()
    page.click(".samurai-tournament-more")
    expect(page.locator(".samurai-tournament-summary")).to_contain_text("40 games", timeout=TIMEOUT)
    save_screenshot(page, "tournament")
