"""The scenario explorer in headless Chromium, served by voila: draw, preview, place, refuse, undo, load.

Positions are seeded, so the test computes in Python the same game the app
shows (``?players=2&seed=3``) and clicks hexes at the pixels of the board's
layout.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote

import pytest
from board_fit import board_layout
from helpers import canvas_pixel, click_canvas, open_app, rgb, save_screenshot, wait_for_canvas_pixel, wait_for_text
from playwright.sync_api import Page, expect

from samurai_lab.knizia.teaching.words import capitalised, hex_words
from samurai_lab import EDITION_1998, Phase, PickTile, PlaceTile, new_game, why_illegal
from samurai_lab.knizia.core.influence import settlement_tally
from samurai_lab.knizia.core.tiles import TILE_KINDS
from samurai_lab.knizia.scenarios import position_string
from samurai_lab.knizia.render.theme import THEME, seat_colours
from samurai_lab.knizia.widgets.explorer import default_state, midgame_state
from samurai_lab.knizia.widgets.hand_panel import tile_label

pytestmark = pytest.mark.browser

CANVAS = "canvas.samurai-board-canvas"
QUERY = "players=2&seed=3"


def open_explorer(page: Page, base_url: str, query: str = QUERY) -> None:
    open_app(page, base_url, f"explorer.ipynb?{query}", ".samurai-tile-button")


def choose_tile(page: Page, state, t) -> None:
    """Click the hand button of tile ``t`` (by its label) and wait until it shows as chosen."""
    label = tile_label(state, t)
    button = page.locator(".samurai-tile-button", has_text=label).first
    button.click()
    expect(button).to_have_class(re.compile(r"\bmod-info\b"))


def wait_for_inner_text(page: Page, selector: str, text: str) -> None:
    """Wait until the rendered text of ``selector`` (table cells tab-separated) contains ``text``."""
    page.wait_for_function("([sel, text]) => { const e = document.querySelector(sel);"
                           " return !!e && e.innerText.includes(text); }", arg=[selector, text])


def tile_point(layout, index: int) -> tuple[int, int]:
    """A pixel inside a tile's body, away from its figure and value."""
    x, y = layout.pixel_of(index)
    return int(x), int(y + 0.55 * layout.size)


def tally_row(state, settlement: int) -> str:
    """The tallies of the first piece of ``settlement``, as the table's text shows them."""
    t = settlement_tally(state, settlement)
    ct = t.castes[state.pieces[settlement][0].index]
    return "\t".join(str(v) for v in ct.tallies)


def test_explorer_plays_previews_refuses_and_undoes(app_page: Page, voila_url: str) -> None:
    page = app_page
    state = default_state(2, EDITION_1998, 3)
    board = state.board
    open_explorer(page, voila_url)
    layout = board_layout(page, board)  # the board fits its room: its layout follows the canvas size

    # the board really drew: a sea hex and a land hex in their colours
    empty_land = next(i for i in board.land if state.tiles[i] is None)
    for hex_, colour in ((board.sea[0], THEME.sea), (empty_land, THEME.land)):
        x, y = layout.pixel_of(hex_)
        wait_for_canvas_pixel(page, CANVAS, int(x), int(y), rgb(colour), tolerance=12)
    wait_for_text(page, ".samurai-status", "Turn 1: Green to play")

    # a normal tile next to a settlement holding pieces, and a legal hex for it
    t = next(t for t in state.hand if not t.fast and not t.is_move)
    target = next(board.index[a.hex] for a in state.legal_actions() if isinstance(a, PlaceTile) and a.tile == t
                  and any(state.pieces[s] for s in board.adjacent_settlements[board.index[a.hex]]))
    settlement = next(s for s in board.adjacent_settlements[target] if state.pieces[s])
    after = state.apply(PlaceTile(t, board.ids[target]))
    assert tally_row(after, settlement) != tally_row(state, settlement)

    # click the settlement: its tallies
    sx, sy = layout.pixel_of(settlement)
    click_canvas(page, CANVAS, sx, sy)
    wait_for_inner_text(page, ".samurai-tally", capitalised(hex_words(board, settlement)))
    before_tally = page.inner_text(".samurai-tally")
    assert tally_row(state, settlement) in before_tally

    # choose the tile: its legal hexes light up
    tx, ty = tile_point(layout, target)
    land_before = canvas_pixel(page, CANVAS, tx, ty)
    choose_tile(page, state, t)
    page.wait_for_function(
        f"""() => {{ const c = document.querySelector({CANVAS!r});
        const d = c.getContext('2d').getImageData({tx}, {ty}, 1, 1).data;
        return [d[0], d[1], d[2]].join() !== {list(land_before[:3])!r}.join(); }}""")

    # first click previews, second click places
    click_canvas(page, CANVAS, *layout.pixel_of(target))
    wait_for_text(page, ".samurai-preview", f"What if: {tile_label(state, t).replace(' ⚡', '')} on {hex_words(board, target)}")
    click_canvas(page, CANVAS, *layout.pixel_of(target))
    green = rgb(seat_colours(state)[0])
    wait_for_canvas_pixel(page, CANVAS, tx, ty, green, tolerance=12)
    wait_for_text(page, ".samurai-message", f"lays {tile_label(state, t).replace(' ⚡', '')} on {hex_words(board, target)}")
    wait_for_inner_text(page, ".samurai-tally", tally_row(after, settlement))
    assert page.inner_text(".samurai-tally") != before_tally
    wait_for_text(page, ".samurai-history-step", "step 1 of 1")

    # an illegal click says which rule forbids it
    t2 = next(x for x in after.hand if x.fast and not x.is_swap)
    choose_tile(page, after, t2)
    wrong = next(i for i in (board.land if t2.on_sea else board.sea) if after.tiles[i] is None)
    reason = why_illegal(after, PlaceTile(t2, board.ids[wrong]))
    assert reason and ("sea" in reason)
    click_canvas(page, CANVAS, *layout.pixel_of(wrong))
    wait_for_text(page, ".samurai-message", f"on {hex_words(board, wrong)} is not allowed: {reason}")
    assert "samurai-message-error" in page.inner_html(".samurai-message")

    # undo: the tile is gone again
    page.locator(".samurai-undo").click()
    wait_for_text(page, ".samurai-history-step", "step 0 of 1")
    wait_for_canvas_pixel(page, CANVAS, tx, ty, land_before[:3], tolerance=6)
    wait_for_text(page, ".samurai-status", "Turn 1: Green to play")


def test_explorer_loads_a_scenario_file(app_page: Page, voila_url: str) -> None:
    page = app_page
    open_explorer(page, voila_url)
    page.locator(".samurai-tabs .lm-TabBar-tab", has_text="Files").click()
    select = page.locator(".samurai-scenario-choice select")
    select.wait_for()
    label = next(o for o in select.locator("option").all_inner_texts() if o.startswith("E1:"))
    select.select_option(label=label)
    page.locator(".samurai-load-scenario").click()
    wait_for_text(page, ".samurai-message", "Loaded “E1:")
    wait_for_text(page, ".samurai-history-step", "step 0 of")
    page.wait_for_function("() => document.querySelector('.samurai-position textarea').value.startsWith('1998 ')")
    position = page.locator(".samurai-position textarea").input_value()
    assert re.match(r"^1998 \S+ p:", position), position
    page.locator(".samurai-redo").click()
    wait_for_text(page, ".samurai-history-step", "step 1 of")
    wait_for_text(page, ".samurai-captures", "Blue takes the High Helmet")


def test_explorer_sets_up_in_the_rulebooks_order(app_page: Page, voila_url: str) -> None:
    # 002: "5. Dibujar mano inicial: cada jugador elige en secreto cinco de sus fichas" before "8. Poblar los
    # espacios de la ciudad: comenzando con el jugador más joven".
    page = app_page
    state = new_game(2, EDITION_1998, 3)  # hands and pieces chosen by clicking
    open_explorer(page, voila_url, "position=" + quote(position_string(state), safe=""))
    wait_for_text(page, ".samurai-status", "Green chooses a starting hand")
    for p in range(2):
        for k in range(5):  # five different kinds
            page.locator(".samurai-hand .samurai-tile-button").nth(k).click()
            state = state.apply(PickTile(TILE_KINDS[k]))
            if state.phase is Phase.CHOOSE_HANDS:
                wait_for_text(page, ".samurai-hand-title", f"({len(state.hands[state.current])} of 5 picked")
    assert state.phase is Phase.PLACE_PIECES
    wait_for_text(page, ".samurai-status", "every hand is chosen")
    wait_for_text(page, ".samurai-hand-title", "Green puts a figure into a settlement")
    layout = board_layout(page, state.board)
    page.locator(".samurai-hand .samurai-tile-button").first.click()  # the first caste
    city = state.board.cities[0]
    click_canvas(page, CANVAS, *layout.pixel_of(city))
    wait_for_text(page, ".samurai-hand-title", "Yellow puts a figure into a settlement")


def test_explorer_mid_game_screenshot(app_page: Page, voila_url: str) -> None:
    """A 4-player game in its 13th turn with a preview showing: the README's picture."""
    page = app_page
    state = midgame_state()
    board = state.board
    page.set_viewport_size({"width": 1240, "height": 1100})
    open_explorer(page, voila_url, "start=midgame")
    layout = board_layout(page, board)
    wait_for_text(page, ".samurai-status", f"Turn {state.turn}:")
    t = next(t for t in state.hand if not t.fast and not t.is_move)
    choose_tile(page, state, t)
    targets = [board.index[a.hex] for a in state.legal_actions() if isinstance(a, PlaceTile) and a.tile == t]

    def gain(i: int) -> tuple[int, int]:
        events = state.apply(PlaceTile(t, board.ids[i])).events
        return sum(r.winner == state.current for r in events), sum(r.winner is not None for r in events)

    best = max(targets, key=gain)
    click_canvas(page, CANVAS, *layout.pixel_of(best))
    wait_for_text(page, ".samurai-preview", f"What if: {tile_label(state, t).replace(' ⚡', '')} on {hex_words(board, best)}")
    page.wait_for_timeout(300)
    shot = save_screenshot(page, "explorer")
    assert shot.stat().st_size > 20000


def test_index_links_open_the_apps(app_page: Page, voila_url: str) -> None:
    """The landing page links every app with relative links that work under voila (each carries the
    page's language)."""
    page = app_page
    page.goto(f"{voila_url}/voila/render/index.ipynb", timeout=90000)
    page.wait_for_selector("a[href='explorer.ipynb?lang=en']", timeout=90000)
    hrefs = page.eval_on_selector_all("a", "els => els.map(e => e.getAttribute('href'))")
    apps = [nb.name for nb in sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))]
    for name in apps:
        assert name == "index.ipynb" or f"{name}?lang=en" in hrefs, f"the landing page links {name}"
    page.click("a[href='explorer.ipynb?lang=en']")
    page.wait_for_url(re.compile(r"/voila/render/explorer\.ipynb\?lang=en$"), timeout=90000)
    page.wait_for_selector(".samurai-tile-button", timeout=90000)
