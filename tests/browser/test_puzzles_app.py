"""The Puzzles app in a real browser: a Katana puzzle solved by mouse after a wrong try explained in words,
an Iki-zumari puzzle solved by mouse in Italian after a hint, a Knizia puzzle solved by mouse, a Knizia
"leave nothing to take" puzzle whose wrong try is explained by what the next player could then take (by
mouse in English, by taps on a tablet in Spanish), a Katana puzzle solved by taps on a phone;
the streak and the solved puzzles kept in the browser; screenshots saved."""

from __future__ import annotations

import json
from typing import Any, Callable

import pytest
from context_pool import ContextPool
from helpers import FittedBoards, click_canvas, context_page, open_app, save_screenshot, wait_for_text
from playwright.sync_api import Page, expect
from touch_taps import DEVICES, board_box, fitted_pixel, tap_board

from samurai_lab.common.game import get_game
from samurai_lab.common.puzzle_file import PuzzleRecord, puzzle_files, puzzles_dir, read_record
from samurai_lab.common.puzzles import judge, load_puzzle
from samurai_lab.i18n import use_language
from samurai_lab.ikizumari.render.geometry import DEFAULT_GEOMETRY
from samurai_lab.katana.render.layout import Layout
from samurai_lab.knizia.core.state import new_game
from samurai_lab.knizia.teaching import puzzle as knizia
from samurai_lab.knizia.teaching.puzzle import THEMES
from samurai_lab.knizia.widgets.board import BoardView
from samurai_lab.knizia.teaching.reply import threatened
from samurai_lab.knizia.teaching.turn_search import relevant_actions, reply_reach
from samurai_lab.knizia.widgets.puzzle import BELOW_SHARE, focus_hexes
from samurai_lab.ui.puzzles import STORE_KEY

pytestmark = pytest.mark.browser

TIMEOUT = 90.0
KATANA = ".katana-puzzle-canvas"
IKI = ".ikizumari-puzzle-canvas"
KNIZIA = "canvas.samurai-board-canvas"
MESSAGE = ".samurai-puzzle-message"
KATANA_LAYOUT = Layout(cell=56.0, margin=24.0)  # the board hook's (``ui/game_board.py``)
BOARDS = FittedBoards({KATANA: KATANA_LAYOUT.width, IKI: DEFAULT_GEOMETRY.size}, TIMEOUT)


def first_puzzle(game: str) -> PuzzleRecord:
    """The easiest puzzle, then by id (the tests open it by its address: ``?puzzle=<id>``)."""
    return min((read_record(p) for p in puzzle_files(puzzles_dir(), game)), key=lambda r: (r.rating, r.id))


def _katana_squares(move: Any) -> tuple:
    """The squares a Katana move is played by: from and to, or the square of a placement."""
    return (move.frm, move.to) if move.kind == "move" else (move.to,)


def solve_by_the_proof(page: Page, puzzle: Any, squares: Callable[[Any], tuple], play: Callable[[Any], None],
                       lang: str = "en", words: tuple[str, str] = ("Right:", "Solved!")) -> None:
    """Play the proof's first winning move each time, its ``squares`` given to ``play`` (a click or a tap), and
    wait for the app's verdict in ``lang`` (``words``: a right move, the puzzle solved), until solved."""
    state, left = puzzle.state, puzzle.record.moves
    while True:
        move = puzzle.prover().winning_moves(state, left)[0]
        for square in squares(move):
            play(square)
        with use_language(lang):
            verdict = judge(puzzle, state, move, left)
        wait_for_text(page, MESSAGE, words[1] if verdict.solved else words[0], TIMEOUT)
        if verdict.solved:
            return
        state, left = verdict.state, verdict.left


def test_katana_wrong_try_then_solved_by_mouse(browser_contexts: ContextPool, voila_url: str) -> None:
    puzzle = load_puzzle(get_game("katana"), first_puzzle("katana"))
    winning = puzzle.prover().winning_moves(puzzle.state, puzzle.record.moves)
    wrong = next(m for m in puzzle.game.legal_actions(puzzle.state) if m.kind == "move" and m not in winning)
    with context_page(browser_contexts, viewport={"width": 1280, "height": 1000}) as (page, errors):
        open_app(page, voila_url, f"puzzles.ipynb?game=katana&puzzle={puzzle.record.id}", ".samurai-puzzle-goal b",
                 timeout=TIMEOUT)
        expect(page).to_have_title("Puzzles — samurai_lab", timeout=TIMEOUT * 1000)
        wait_for_text(page, ".samurai-puzzle-goal", "to move: kill a samurai" if puzzle.record.goal == "kill"
                      else "to move: win", TIMEOUT)
        for square in (wrong.frm, wrong.to):
            BOARDS.click(page, KATANA, *KATANA_LAYOUT.centre(square))
        wait_for_text(page, MESSAGE, "can no longer", TIMEOUT)
        wait_for_text(page, ".samurai-puzzle-score", "Streak: 0", TIMEOUT)
        save_screenshot(page, "puzzles_katana_wrong")
        solve_by_the_proof(page, puzzle, _katana_squares,
                           lambda square: BOARDS.click(page, KATANA, *KATANA_LAYOUT.centre(square)))
        wait_for_text(page, ".samurai-puzzle-score", "Solved here: 1 of", TIMEOUT)
        # kept in the browser's storage by the time the page counts it, so a reload at once keeps it
        stored = page.evaluate("key => window.localStorage.getItem(key)", STORE_KEY)
        assert puzzle.record.id in json.loads(stored or "{}").get("solved", []), stored
        page.reload()
        page.wait_for_selector(".samurai-puzzle-goal b", state="visible", timeout=TIMEOUT * 1000)
        wait_for_text(page, ".samurai-puzzle-score", "Solved here: 1 of", TIMEOUT)
        save_screenshot(page, "puzzles_katana_solved")
        assert errors.unexpected() == []


def test_ikizumari_hint_then_solved_by_mouse_in_italian(browser_contexts: ContextPool, voila_url: str) -> None:
    puzzle = load_puzzle(get_game("ikizumari"), first_puzzle("ikizumari"))
    with context_page(browser_contexts, viewport={"width": 1280, "height": 1000}) as (page, errors):
        open_app(page, voila_url, f"puzzles.ipynb?game=ikizumari&lang=it&puzzle={puzzle.record.id}", ".samurai-puzzle-goal b", timeout=TIMEOUT)
        wait_for_text(page, ".samurai-puzzle-goal", "IKI-ZUMARI in", TIMEOUT)
        page.locator(".samurai-puzzle-hint").click()
        wait_for_text(page, MESSAGE, "Guarda il samurai su", TIMEOUT)
        solve_by_the_proof(page, puzzle, lambda move: (move.origin, move.target),
                           lambda square: BOARDS.click(page, IKI, *DEFAULT_GEOMETRY.centre(square)),
                           "it", ("Giusto:", "Risolto!"))
        wait_for_text(page, ".samurai-puzzle-score", "Risolti qui: 1 su", TIMEOUT)
        save_screenshot(page, "puzzles_ikizumari_it")
        assert errors.unexpected() == []


def _knizia_view(puzzle: knizia.Puzzle) -> BoardView:
    """The app's board, built as the app builds it (for where its hexes are drawn)."""
    view = BoardView(new_game(2), legend=False)
    view.below_share = BELOW_SHARE  # as the trainer fits it: its hand is above it
    view.set_state(puzzle.state)
    view.set_focus(focus_hexes(puzzle.state, puzzle.record.goal) or None)
    return view


def test_knizia_solved_by_mouse(browser_contexts: ContextPool, voila_url: str) -> None:
    puzzle = knizia.puzzle_from_record(first_puzzle("knizia"))
    view = _knizia_view(puzzle)
    with context_page(browser_contexts, viewport={"width": 1280, "height": 1000}) as (page, errors):
        open_app(page, voila_url, f"puzzles.ipynb?game=knizia&puzzle={puzzle.record.id}", ".samurai-puzzle-goal b",
                 timeout=TIMEOUT)
        wait_for_text(page, ".samurai-puzzle-goal", "to play:", TIMEOUT)
        for action in puzzle.answer()[:-1]:
            assert isinstance(action, knizia.PlaceTile), "the easiest puzzle places tiles only"
            page.locator(".knizia-puzzle-hand button", has_text=_tile_label(puzzle, action)).first.click()
            click_canvas(page, KNIZIA, *fitted_pixel(page, view, action.hex, KNIZIA, timeout=TIMEOUT))
            wait_for_text(page, ".knizia-puzzle-played", "lays", TIMEOUT)
        page.locator(".knizia-puzzle-end").click()
        wait_for_text(page, MESSAGE, "Solved!", TIMEOUT)
        wait_for_text(page, ".samurai-puzzle-score", "Streak: 1", TIMEOUT)
        save_screenshot(page, "puzzles_knizia_solved")
        assert errors.unexpected() == []


def _first_deny() -> knizia.Puzzle:
    """The easiest "leave nothing to take" puzzle but one (opened by its address)."""
    first = first_puzzle("knizia")
    records = [read_record(p) for p in puzzle_files(puzzles_dir(), "knizia")]
    pool = sorted((r for r in records if "deny" in r.themes), key=lambda r: (r.rating, r.id))
    return knizia.puzzle_from_record(pool[1] if pool[0].id == first.id else pool[0])


def _leaving_try(puzzle: knizia.Puzzle) -> knizia.PlaceTile:
    """One tile of the hand, near the settlements, after which the next player could take a piece."""
    focus = set(focus_hexes(puzzle.state, puzzle.record.goal))
    for a in relevant_actions(puzzle.state, reply_reach(puzzle.state, puzzle.record.goal)):
        if isinstance(a, knizia.PlaceTile) and puzzle.state.board.resolve(a.hex) in focus:
            if threatened(knizia.turn_captures(puzzle.state, [a])[0]):
                return a
    raise AssertionError("no tile leaves the next player a piece")


def _play_knizia_turn(page: Page, puzzle: knizia.Puzzle, view: BoardView, actions: list, lang: str,
                      touch: bool) -> None:
    """Lay the turn's tiles (a hand button, then the hex: clicked, or tapped), the swap or the move tile from
    its list, then end the turn."""
    from samurai_lab.knizia.teaching.game_text import action_phrase, describe_action
    state = puzzle.state
    for action in actions:
        with use_language(lang):
            if isinstance(action, knizia.PlaceTile):
                label = _tile_label(puzzle, action)
            else:
                label = action_phrase(state, action)
        if isinstance(action, knizia.PlaceTile):
            button = page.locator(".knizia-puzzle-hand button", has_text=label).first
            button.tap() if touch else button.click()
            x, y = fitted_pixel(page, view, action.hex, KNIZIA, timeout=TIMEOUT)
            tap_board(page, KNIZIA, x, y) if touch else click_canvas(page, KNIZIA, x, y)
        else:
            page.locator(".knizia-puzzle-special select").select_option(label=label)
            page.locator(".knizia-puzzle-play").click()
        before, state = state, state.apply(action)
        view.set_state(state)
        with use_language(lang):
            line = describe_action(before, action, state)
        wait_for_text(page, ".knizia-puzzle-played", line, TIMEOUT)
    end = page.locator(".knizia-puzzle-end")
    end.tap() if touch else end.click()


@pytest.mark.parametrize("lang, touch", [("en", False), ("es", True)])
def test_knizia_wrong_try_explained_by_the_reply_then_solved(browser_contexts: ContextPool, voila_url: str, lang: str,
                                                              touch: bool) -> None:
    puzzle = _first_deny()
    wrong = _leaving_try(puzzle)
    with use_language(lang):
        theme = knizia.T.gettext(THEMES["deny"])
        expected_wrong = knizia.judge(puzzle, [wrong]).text
        reply = expected_wrong.split(", ")[-1].rstrip(".")
        solved = knizia.judge(puzzle, puzzle.answer()).text
    assert not knizia.judge(puzzle, [wrong]).ok
    device = DEVICES["tablet-1024x768"] if touch else {"viewport": {"width": 1280, "height": 1000}}
    with context_page(browser_contexts, **device) as (page, errors):
        open_app(page, voila_url, f"puzzles.ipynb?game=knizia&lang={lang}&puzzle={puzzle.record.id}",
                 ".samurai-puzzle-goal b", timeout=TIMEOUT)
        assert theme in page.locator(".samurai-puzzle-about").inner_text()
        with use_language(lang):
            wait_for_text(page, ".samurai-puzzle-goal", puzzle.title_text(), TIMEOUT)
        view = _knizia_view(puzzle)
        _play_knizia_turn(page, puzzle, view, [wrong], lang, touch)
        wait_for_text(page, MESSAGE, reply, TIMEOUT)
        save_screenshot(page, f"puzzles_knizia_reply_{lang}")
        view = _knizia_view(puzzle)  # the wrong turn is taken back
        _play_knizia_turn(page, puzzle, view, puzzle.answer()[:-1], lang, touch)
        assert solved.startswith("Solved!" if lang == "en" else "¡Resuelto!")
        wait_for_text(page, MESSAGE, solved, TIMEOUT)
        assert errors.unexpected() == []


def test_katana_solved_by_taps_on_a_phone(browser_contexts: ContextPool, voila_url: str) -> None:
    puzzle = load_puzzle(get_game("katana"), first_puzzle("katana"))

    def tap(square: int) -> None:
        scale = board_box(page, KATANA)["cw"] / KATANA_LAYOUT.width
        x, y = KATANA_LAYOUT.centre(square)
        tap_board(page, KATANA, x * scale, y * scale)

    with context_page(browser_contexts, **DEVICES["phone-390x844"]) as (page, errors):
        open_app(page, voila_url, f"puzzles.ipynb?game=katana&puzzle={puzzle.record.id}", ".samurai-puzzle-goal b",
                 timeout=TIMEOUT)
        page.wait_for_function("(sel) => document.querySelector(sel).width > 600", arg=KATANA)  # fitted
        solve_by_the_proof(page, puzzle, _katana_squares, tap)
        wait_for_text(page, ".samurai-puzzle-score", "Streak: 1", TIMEOUT)
        save_screenshot(page, "puzzles_katana_phone")
        assert errors.unexpected() == []


def _tile_label(puzzle: knizia.Puzzle, action) -> str:  # noqa: ANN001 - a PlaceTile
    from samurai_lab.knizia.core.text import tile_name
    return tile_name(action.tile, puzzle.state.ruleset.vocabulary)


def test_the_landing_page_links_the_puzzles(page: Page, voila_url: str) -> None:
    open_app(page, voila_url, "index.ipynb", ".samurai-landing-page .samurai-card", timeout=TIMEOUT)
    expect(page.locator('a.samurai-card[href^="puzzles.ipynb"]')).to_have_count(1)
