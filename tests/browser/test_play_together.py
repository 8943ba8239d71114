"""Play with others in real browsers, through ``samurai-lab serve`` as users run it: a phone (touch) and a laptop
(mouse) play a Katana game to its end, each seeing the other's move come without reloading; three seats of a
Knizia game (one a bot) play a round, each page's traffic checked for the other hands; the server is killed
mid-game and started again, and the game goes on from the last acknowledged move; an Iki-zumari game is
watched on a projector page; the lobby creates a game and hands out its links and QR codes."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from context_pool import ContextPool
from helpers import FittedBoards, click_canvas, context_page, save_screenshot, wait_for_text
from playwright.sync_api import Page, expect
from serve_process import Serve
from touch_taps import fitted_pixel, tap_board

from samurai_lab.common.game import get_game
from samurai_lab.common.puzzle_file import read_record
from samurai_lab.common.puzzles import solve
from samurai_lab.katana.render.layout import Layout
from samurai_lab.knizia.core.tiles import TILES_BY_CODE
from samurai_lab.knizia.widgets.hand_panel import tile_label

pytestmark = pytest.mark.browser

REPO_ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO_ROOT / "tests" / ".artifacts"
TIMEOUT = 90.0
SEEN_WITHIN_S = 10.0  # a generous bound for a loaded test machine; bench --play measures the real delay
BOARD = ".samurai-together-board"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}
TABLET = {"viewport": {"width": 768, "height": 1024}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1366, "height": 768}}
PROJECTOR = {"viewport": {"width": 1280, "height": 720}}
KATANA = Layout(cell=56.0, margin=24.0)  # the Katana board's own pixels (KatanaBoard's default)
BOARDS = FittedBoards({BOARD: KATANA.width}, TIMEOUT)


def open_seat(page: Page, serve: Serve, game_id: str, token: str | None, extra: str = "") -> None:
    seat = f"&seat={token}" if token else ""
    page.goto(f"{serve.url}/voila/render/together.ipynb?game={game_id}{seat}{extra}", timeout=TIMEOUT * 1000)
    page.wait_for_selector(".samurai-together-status", state="visible", timeout=TIMEOUT * 1000)


def enter_katana_move(page: Page, move: Any, touch: bool) -> None:
    """Click (or tap) the cells of a Katana move on the seat's board."""
    for cell in get_game("katana").action_cells(move):
        x, y = KATANA.centre(cell)
        if touch:
            s = BOARDS.scale(page, BOARD)
            tap_board(page, BOARD, x * s, y * s)
        else:
            BOARDS.click(page, BOARD, x, y)
        page.wait_for_timeout(250)


def a_katana_win_in_two() -> str:
    """A bundled puzzle's position: Black to move wins in two of his moves, whatever Red answers."""
    for path in sorted((REPO_ROOT / "puzzles" / "katana").glob("*.toml")):
        record = read_record(path)
        if record.goal == "win" and record.moves == 2 and record.position.split()[2] == "b":
            return record.position
    raise AssertionError("no Katana puzzle of a win in two for Black")


def test_a_phone_and_a_laptop_play_katana_to_its_end(browser_contexts: ContextPool, serve: Serve) -> None:
    game = get_game("katana")
    made = serve.api("POST", "/games", {"game": "katana", "seats": [{"kind": "person", "name": "Aiko"},
                                                                    {"kind": "person", "name": "Kenji"}],
                                        "position": a_katana_win_in_two()})
    black, red = (s["token"] for s in made["seats"])
    with context_page(browser_contexts, **PHONE) as (phone, phone_errors), \
            context_page(browser_contexts, **LAPTOP) as (laptop, errors):
        open_seat(phone, serve, made["id"], black)
        open_seat(laptop, serve, made["id"], red)
        wait_for_text(phone, ".samurai-together-status", "Your turn", TIMEOUT)
        wait_for_text(laptop, ".samurai-together-status", "Aiko is to move", TIMEOUT)
        seen = []
        for _ in range(8):
            snap = serve.api("GET", f"/games/{made['id']}")
            if snap["outcome"] is not None:
                break
            state = game.from_position(snap["position"])
            mover, other = (phone, laptop) if snap["to_move"] == 0 else (laptop, phone)
            if snap["to_move"] == 0:
                move = solve(game, state, "win").line[0]
            else:
                move = next(a for a in game.legal_actions(state) if len(game.action_cells(a)) == 2)
            enter_katana_move(mover, move, touch=mover is phone)
            sent = time.monotonic()
            # the other seat sees the move, without reloading
            expect(other.locator(".samurai-together-moves")).to_contain_text(game.action_text(move),
                                                                          timeout=SEEN_WITHIN_S * 1000)
            seen.append(time.monotonic() - sent)
        end = serve.api("GET", f"/games/{made['id']}")["outcome"]
        assert end is not None and end["winner"] == 0, end
        for page in (phone, laptop):
            wait_for_text(page, ".samurai-together-status", "Black has killed three", TIMEOUT)
        save_screenshot(phone, "together_katana_phone_end")
        save_screenshot(laptop, "together_katana_laptop_end")
        print(f"moves seen by the other seat after {', '.join(f'{s:.2f}' for s in seen)} s")
        assert not phone_errors.unexpected() and not errors.unexpected(), (phone_errors.unexpected(), errors.unexpected())


def hand_labels(snapshot: dict) -> set[str]:
    """The labels of a seat's hand as its hand panel words them (English), e.g. ``Rice 3``."""
    view = get_game("knizia").from_position(snapshot["position"])
    return {tile_label(view, TILES_BY_CODE[c]) for c in snapshot["hand"]}


def board_labels(snapshot: dict) -> set[str]:
    """The labels of every tile on the board (public)."""
    view = get_game("knizia").from_position(snapshot["position"])
    return {tile_label(view, placed.tile) for placed in view.tiles if placed is not None}


def test_three_knizia_seats_play_a_round_and_never_see_the_others_hands(
        browser_contexts: ContextPool, serve: Serve,
) -> None:
    made = serve.api("POST", "/games", {"game": "knizia", "seats": ["person", "person", "bot:random"],
                                        "rulings": {"hands": "random", "setup": "random"}})
    tokens = [s.get("token") for s in made["seats"]]
    gid = made["id"]
    frames: dict[int, list[str]] = {0: [], 1: []}
    seen: dict[int, set[str]] = {0: set(), 1: set()}  # the tiles each seat held at some point
    with context_page(browser_contexts, **LAPTOP) as (laptop, laptop_errors), \
            context_page(browser_contexts, **TABLET) as (tablet, tablet_errors):
        for seat, page in ((0, laptop), (1, tablet)):
            page.on("websocket", lambda ws, seat=seat: ws.on("framereceived", lambda f, seat=seat: frames[seat].append(
                f if isinstance(f, str) else f.decode("utf-8", "replace"))))
            page.on("response", lambda r, seat=seat: frames[seat].append(r.text()) if "/samurai/api" in r.url else None)
            open_seat(page, serve, gid, tokens[seat])
        for seat, page in ((0, laptop), (1, tablet)):
            snap = serve.api("GET", f"/games/{gid}", token=tokens[seat])
            seen[seat] |= hand_labels(snap)
            wait_for_text(page, ".samurai-together-status", "Your turn", TIMEOUT)
            assert snap["to_move"] == seat
            view = get_game("knizia").from_position(snap["position"])
            first = next(a for a in view.legal_actions() if type(a).__name__ == "PlaceTile")
            page.locator(".samurai-hand .samurai-tile-button").nth(
                [t.code for t in view.hands[seat]].index(first.tile.code)).click()
            from samurai_lab.knizia.widgets.board import BoardView

            x, y = fitted_pixel(page, BoardView(view, hex_size=14), first.hex, "canvas.samurai-board-canvas")
            if seat == 1:
                tap_board(page, "canvas.samurai-board-canvas", x, y)
            else:
                click_canvas(page, "canvas.samurai-board-canvas", x, y)
            expect(page.locator(".samurai-together-moves")).to_contain_text(str(first), timeout=TIMEOUT * 1000)
            page.locator(".samurai-end-turn").click()
            try:
                wait_for_text(page, ".samurai-together-status", "is to move", TIMEOUT)
            except AssertionError:
                save_screenshot(page, f"together_knizia_end_turn_{seat}")
                raise
        # the bot plays its turn on the server; every seat sees the round come back to the first
        wait_for_text(laptop, ".samurai-together-status", "Your turn", TIMEOUT)
        save_screenshot(laptop, "together_knizia_laptop")
        save_screenshot(tablet, "together_knizia_tablet")
        hands = {seat: hand_labels(serve.api("GET", f"/games/{gid}", token=tokens[seat])) for seat in (0, 1)}
        full = serve.api("GET", f"/games/{gid}", token=tokens[0])
        public = board_labels(full)
        assert full["ply"] >= 6  # a tile and the end of the turn by each person, then the bot's turn
        for seat, other in ((0, 1), (1, 0)):
            traffic = "\n".join(frames[seat])
            assert traffic, "no traffic recorded"
            only_theirs = hands[other] - hands[seat] - seen[seat] - public
            leaked = [label for label in only_theirs if f"{label} ×" in traffic or f'"{label}' in traffic]
            assert not leaked, f"seat {seat + 1}'s page received seat {other + 1}'s tiles: {leaked}"
            for token in tokens:
                if token and token != tokens[seat]:
                    assert token not in traffic, "a page received another seat's token"
        assert not laptop_errors.unexpected() and not tablet_errors.unexpected()


def test_a_killed_server_comes_back_with_every_acknowledged_move(browser_contexts: ContextPool, serve: Serve) -> None:
    game = get_game("katana")
    made = serve.api("POST", "/games", {"game": "katana", "seats": ["person", "person"]})
    black, red = (s["token"] for s in made["seats"])
    gid = made["id"]
    with context_page(browser_contexts, **LAPTOP) as (page, errors):
        open_seat(page, serve, gid, black)
        state = game.from_position(serve.api("GET", f"/games/{gid}")["position"])
        move = next(a for a in game.legal_actions(state) if len(game.action_cells(a)) == 2)
        enter_katana_move(page, move, touch=False)
        expect(page.locator(".samurai-together-moves")).to_contain_text(str(move), timeout=TIMEOUT * 1000)
        reply = serve.api("GET", f"/games/{gid}", token=red)["legal"][0]
        assert serve.api("POST", f"/games/{gid}/moves", {"move": reply, "ply": 1}, token=red)["ply"] == 2
        serve.kill()
        serve.start()
        open_seat(page, serve, gid, black)  # the same link, after the restart
        wait_for_text(page, ".samurai-together-status", "Your turn", TIMEOUT)
        expect(page.locator(".samurai-together-moves")).to_contain_text(f"{move} {reply}", timeout=TIMEOUT * 1000)
        state = game.from_position(serve.api("GET", f"/games/{gid}")["position"])
        again = next(a for a in game.legal_actions(state) if len(game.action_cells(a)) == 2)
        enter_katana_move(page, again, touch=False)
        expect(page.locator(".samurai-together-moves")).to_contain_text(str(again), timeout=TIMEOUT * 1000)
        assert serve.api("GET", f"/games/{gid}")["ply"] == 3
        # the page of the killed server: its socket gone, and a widget (the board's canvas) that sent on it meanwhile
        errors.allow(r"WebSocket|ERR_CONNECTION_REFUSED|Failed to load resource|Cannot send")
        assert not errors.unexpected(), errors.unexpected()


def test_an_ikizumari_game_is_watched_on_a_projector(browser_contexts: ContextPool, serve: Serve) -> None:
    made = serve.api("POST", "/games", {"game": "ikizumari", "seats": ["person", "person"]})
    tokens = [s["token"] for s in made["seats"]]
    gid = made["id"]
    with context_page(browser_contexts, **PROJECTOR) as (page, errors):
        open_seat(page, serve, gid, None, "&projector=1")
        for ply in range(3):
            snap = serve.api("GET", f"/games/{gid}", token=tokens[ply % 2])
            serve.api("POST", f"/games/{gid}/moves", {"move": snap["legal"][0], "ply": ply}, token=tokens[ply % 2])
            expect(page.locator(".samurai-together-moves")).to_contain_text(f"({ply + 1})", timeout=SEEN_WITHIN_S * 1000)
        board = page.locator("canvas").first.bounding_box()
        assert board is not None and board["height"] <= 720, board  # the whole board fits the screen's height
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280
        assert page.locator(".samurai-projector").count() >= 1
        save_screenshot(page, "together_ikizumari_projector")
        assert not errors.unexpected(), errors.unexpected()


def test_the_lobby_creates_a_game_with_links_and_codes(browser_contexts: ContextPool, serve: Serve) -> None:
    with context_page(browser_contexts, **LAPTOP) as (page, errors):
        page.goto(f"{serve.url}/voila/render/together.ipynb?lang=it", timeout=TIMEOUT * 1000)
        page.wait_for_selector(".samurai-together-create", state="visible", timeout=TIMEOUT * 1000)
        page.locator(".samurai-together-game button", has_text="Katana").click()
        page.locator(".samurai-together-create").click()
        expect(page.locator(".samurai-together-seat-link")).to_have_count(2, timeout=TIMEOUT * 1000)
        expect(page.locator(".samurai-together-qr img")).to_have_count(3)
        link = page.locator(".samurai-together-seat-link a").first.get_attribute("href")
        assert link.startswith(serve.url) and "together.ipynb?game=" in link and "&seat=" in link
        wait_for_text(page, ".samurai-message", "La partita è creata", TIMEOUT)
        page.goto(link, timeout=TIMEOUT * 1000)  # the first seat, on this device: kept in its browser
        wait_for_text(page, ".samurai-together-status", "Your turn", TIMEOUT)  # a link opens in its reader's language
        game_id = link.split("game=")[1].split("&")[0]
        page.wait_for_function("(id) => (localStorage.getItem('samurai-together') || '').includes(id)", arg=game_id,
                               timeout=TIMEOUT * 1000)
        page.goto(f"{serve.url}/voila/render/index.ipynb", timeout=TIMEOUT * 1000)
        wait_for_text(page, ".samurai-together-mine", "your turn", TIMEOUT)
        save_screenshot(page, "together_landing_your_turn")
        assert not errors.unexpected(), errors.unexpected()
