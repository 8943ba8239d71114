"""The Puzzles app's ratings in a real browser: the player's rating down after a failed first try and up after
a solved one, kept through a reload, the next puzzle drawn from those nearest it; the puzzle of the day the
same for two visitors and opened by its link; a language switch that keeps the puzzle, Iki-zumari in French;
a stored value of the wrong shape read safely, said once in the page's language; under ``samurai-lab serve``
the ratings kept in the class store, the same for a second browser with the same player key. Screenshots saved."""

from __future__ import annotations

import importlib.util
import json
import re
from urllib.parse import parse_qs, urlparse

import pytest
from context_pool import ContextPool
from helpers import context_page, open_app, save_screenshot, wait_for_text
from playwright.sync_api import Page, expect
from serve_process import Serve
from test_puzzles_app import BOARDS, KATANA, KATANA_LAYOUT, MESSAGE, _katana_squares, first_puzzle, solve_by_the_proof

from samurai_lab.common.daily_puzzle import daily_puzzle, utc_today
from samurai_lab.common.game import get_game
from samurai_lab.common.puzzle_file import game_records
from samurai_lab.common.puzzle_ratings import nearest, player_rating, tried
from samurai_lab.common.puzzles import load_puzzle
from samurai_lab.i18n import Domain, use_language
from samurai_lab.ui.puzzles import STORE_KEY

pytestmark = pytest.mark.browser

TIMEOUT = 90.0
READY = ".samurai-puzzle-goal b"
RATING = ".samurai-puzzle-rating"
DESKTOP = {"viewport": {"width": 1280, "height": 1000}}


def opened_puzzle(page: Page, other_than: str | None = None) -> str:
    """The id of the puzzle the app shows, read from its language links (after it is no longer ``other_than``)."""
    page.wait_for_function("""(before) => {
      const a = document.querySelector('.samurai-language-switch a');
      const m = a && /[?&]puzzle=([^&]+)/.exec(a.getAttribute('href'));
      return m && m[1] !== before;
    }""", arg=other_than or "", timeout=TIMEOUT * 1000)
    href = page.locator(".samurai-language-switch a").first.get_attribute("href") or ""
    return parse_qs(urlparse(href).query)["puzzle"][0]


def stored(page: Page) -> dict:
    return json.loads(page.evaluate("key => window.localStorage.getItem(key)", STORE_KEY) or "{}")


def shown_rating(page: Page, tries: int) -> int:
    """The player's rating as the page says it, once it counts ``tries`` first tries."""
    wait_for_text(page, RATING, f"from {tries} first tr", TIMEOUT)
    text = page.locator(RATING).inner_text()
    return int(re.search(r"this game: (\d+)", text)[1])


def test_ratings_learn_from_first_tries_survive_a_reload_and_choose_the_next_puzzle(browser_contexts: ContextPool,
                                                                                    voila_url: str) -> None:
    records = game_records("katana")
    easiest = load_puzzle(get_game("katana"), first_puzzle("katana"))
    winning = easiest.prover().winning_moves(easiest.state, easiest.record.moves)
    wrong = next(m for m in easiest.game.legal_actions(easiest.state) if m.kind == "move" and m not in winning)
    with context_page(browser_contexts, **DESKTOP) as (page, errors):
        open_app(page, voila_url, f"puzzles.ipynb?game=katana&puzzle={easiest.record.id}", READY,
                 timeout=TIMEOUT)
        assert shown_rating(page, 0) == 1500
        # the browser's storage handed to the app (the panels it fills may still move the board)
        page.wait_for_selector(".samurai-store input[data-samurai-store]", state="attached", timeout=TIMEOUT * 1000)
        # a wrong first try: the puzzle wins
        for square in (wrong.frm, wrong.to):
            BOARDS.click(page, KATANA, *KATANA_LAYOUT.centre(square))
        wait_for_text(page, MESSAGE, "can no longer", TIMEOUT)
        lost = shown_rating(page, 1)
        assert lost < 1500
        assert round(player_rating(stored(page), "katana").rating) == lost

        # the next puzzle: untried, among those nearest the player's rating
        progress = stored(page)
        page.locator(".samurai-puzzle-next").click()
        second = opened_puzzle(page, easiest.record.id)
        assert second in {r.id for r in nearest(records, progress, "katana", exclude=easiest.record.id)}

        # solved at the first try: the player wins
        puzzle = load_puzzle(get_game("katana"), next(r for r in records if r.id == second))
        solve_by_the_proof(page, puzzle, _katana_squares,
                           lambda square: BOARDS.click(page, KATANA, *KATANA_LAYOUT.centre(square)))
        won = shown_rating(page, 2)
        assert won > lost
        expect(page.locator(f"{RATING} svg.samurai-rating-chart polyline")).to_have_count(1)
        assert tried(stored(page), "katana") == {easiest.record.id, second}
        chart = page.locator(f"{RATING} svg.samurai-rating-chart")
        assert f"to {won}" in (chart.get_attribute("aria-label") or "")  # read aloud: the chart in words
        if importlib.util.find_spec("axe_playwright_python") is not None:
            from axe_playwright_python.sync_playwright import Axe

            found = [v["id"] for v in Axe().run(page, context=f"{RATING}").response["violations"]
                     if v.get("impact") in ("serious", "critical")]
            assert found == [], found
        save_screenshot(page, "puzzle_ratings_katana")

        page.reload()  # the address still names the first puzzle: the ratings come back from the browser
        page.wait_for_selector(READY, state="visible", timeout=TIMEOUT * 1000)
        assert shown_rating(page, 2) == won
        progress = stored(page)
        page.locator(".samurai-puzzle-next").click()
        third = opened_puzzle(page, easiest.record.id)
        assert third in {r.id for r in nearest(records, progress, "katana", exclude=easiest.record.id)}
        assert third not in tried(progress, "katana")
        assert errors.unexpected() == []


def test_the_daily_puzzle_is_the_same_for_two_visitors_and_its_link_opens_it(browser_contexts: ContextPool,
                                                                            voila_url: str) -> None:
    links = []
    for locale in ("en-GB", "it-IT"):  # two visitors: two browser contexts, nothing shared
        with context_page(browser_contexts, locale=locale, **DESKTOP) as (page, errors):
            open_app(page, voila_url, "index.ipynb", ".samurai-daily-link", timeout=TIMEOUT)
            links.append(page.locator(".samurai-daily-link").get_attribute("data-puzzle"))
            if locale == "it-IT":
                save_screenshot(page, "landing_daily_it")
                page.locator(".samurai-daily-link").click()
                page.wait_for_selector(READY, state="visible", timeout=TIMEOUT * 1000)
                assert opened_puzzle(page) == links[0]
            assert errors.unexpected() == []
    today = daily_puzzle(utc_today())
    assert links == [today.id, today.id]


def test_a_language_switch_keeps_the_puzzle_and_iki_zumari_speaks_french(
        browser_contexts: ContextPool, voila_url: str,
) -> None:
    record = sorted(game_records("ikizumari"), key=lambda r: r.id)[7]
    puzzle = load_puzzle(get_game("ikizumari"), record)
    with context_page(browser_contexts, **DESKTOP) as (page, errors):
        open_app(page, voila_url, f"puzzles.ipynb?game=ikizumari&puzzle={record.id}", READY,
                 timeout=TIMEOUT)
        assert opened_puzzle(page) == record.id
        for lang in ("it", "fr"):
            page.locator(f'.samurai-language-switch a[hreflang="{lang}"]').click()
            page.wait_for_selector(READY, state="visible", timeout=TIMEOUT * 1000)
            expect(page.locator("html")).to_have_attribute("lang", lang, timeout=TIMEOUT * 1000)
            with use_language(lang):
                wait_for_text(page, ".samurai-puzzle-goal b", puzzle.title_text(), TIMEOUT)
                moved = Domain("ui").gettext("Your move: play it on the board.")
            assert opened_puzzle(page) == record.id
            wait_for_text(page, MESSAGE, moved, TIMEOUT)
            expect(page.locator(".samurai-language-notice")).to_have_text("")
        save_screenshot(page, "puzzles_ikizumari_fr")
        assert errors.unexpected() == []


def test_a_stored_value_of_the_wrong_shape_is_dropped_and_said_once(
        browser_contexts: ContextPool, voila_url: str,
) -> None:
    record = first_puzzle("katana")
    with context_page(browser_contexts, **DESKTOP) as (page, errors):
        page.add_init_script("""(() => {
          if (sessionStorage.getItem('seeded')) return;
          sessionStorage.setItem('seeded', '1');
          localStorage.setItem(%s, JSON.stringify({solved: 5, streak: 2}));
        })();""" % json.dumps(STORE_KEY))
        address = f"puzzles.ipynb?game=katana&lang=it&puzzle={record.id}"
        open_app(page, voila_url, address, READY, timeout=TIMEOUT)
        with use_language("it"):
            dropped = Domain("ui").gettext("Part of the puzzle progress kept in this browser could not be read, "
                                           "so it was dropped; the rest is kept.")
            moved = Domain("ui").gettext("Your move: play it on the board.")
        wait_for_text(page, MESSAGE, dropped, TIMEOUT)
        page.wait_for_function("key => JSON.parse(localStorage.getItem(key) || '{}').solved?.length === 0",
                               arg=STORE_KEY, timeout=TIMEOUT * 1000)
        assert stored(page) == {"solved": [], "streak": 2}  # the sound part kept, the bad one not written back
        page.locator(".samurai-puzzle-next").click()
        opened_puzzle(page, record.id)
        wait_for_text(page, MESSAGE, moved, TIMEOUT)
        save_screenshot(page, "puzzles_bad_store_it")
        page.reload()
        page.wait_for_selector(READY, state="visible", timeout=TIMEOUT * 1000)
        page.wait_for_timeout(1500)  # the stored value has reached the kernel
        wait_for_text(page, MESSAGE, moved, TIMEOUT)
        assert "Qualcosa" not in page.locator(MESSAGE).inner_text()
        assert errors.unexpected() == []


def test_a_knizia_puzzle_with_a_swap_fits_a_tablet(browser_contexts: ContextPool, voila_url: str) -> None:
    """Served near the player's rating, any puzzle may come: one whose swaps and move tiles are long sentences
    fits a tablet, upright and lying (its list no wider than its room; the tablet's picker shows them in full)."""
    from layout_check import clipped, off_screen
    from shared_pages import SCREENS

    record = min((r for r in game_records("knizia") if {"swap", "move tile"} & set(r.themes)),
                 key=lambda r: (abs(r.rating - 1500), r.id))
    with context_page(browser_contexts, **SCREENS["phone"]) as (page, errors):
        page.set_viewport_size({"width": 768, "height": 1024})
        open_app(page, voila_url, f"puzzles.ipynb?game=knizia&puzzle={record.id}", ".knizia-puzzle-special select",
                 timeout=TIMEOUT)
        assert page.locator(".knizia-puzzle-special select option").count() > 10
        for width, height in ((768, 1024), (1024, 768)):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(1500)  # the board fits its room
            assert (off_screen(page), clipped(page)) == ([], []), (width, height)
        page.locator(".knizia-puzzle-special").scroll_into_view_if_needed()
        save_screenshot(page, "puzzles_knizia_swap_tablet")
        assert errors.unexpected() == []


def test_under_serve_the_ratings_are_the_class_stores_for_every_browser_of_the_player(browser_contexts: ContextPool,
                                                                                       serve: Serve) -> None:
    easiest = load_puzzle(get_game("katana"), first_puzzle("katana"))
    winning = easiest.prover().winning_moves(easiest.state, easiest.record.moves)
    wrong = next(m for m in easiest.game.legal_actions(easiest.state) if m.kind == "move" and m not in winning)
    with context_page(browser_contexts, **DESKTOP) as (page, errors):
        open_app(page, serve.url, f"puzzles.ipynb?game=katana&puzzle={easiest.record.id}", READY, timeout=TIMEOUT)
        assert shown_rating(page, 0) == 1500
        page.wait_for_function("key => JSON.parse(localStorage.getItem(key) || '{}').player", arg=STORE_KEY,
                               timeout=TIMEOUT * 1000)
        player = stored(page)["player"]  # the player key, made for this browser
        for square in (wrong.frm, wrong.to):
            BOARDS.click(page, KATANA, *KATANA_LAYOUT.centre(square))
        lost = shown_rating(page, 1)
        in_store = serve.api("GET", "/puzzles/katana", token=player)
        assert lost < 1500 and round(in_store["player"][0]) == lost and in_store["tried"] == [easiest.record.id]
        assert "ratings" not in stored(page)  # not kept in the browser
        link = page.locator(f"{RATING} .samurai-puzzle-key a").get_attribute("href") or ""
        assert parse_qs(urlparse(link).query)["player"] == [player]
        page.reload()
        page.wait_for_selector(READY, state="visible", timeout=TIMEOUT * 1000)
        assert shown_rating(page, 1) == lost
        assert errors.unexpected() == []
    # another browser: nothing stored, the key's link
    with context_page(browser_contexts, **DESKTOP) as (other, errors):
        open_app(other, serve.url, link, READY, timeout=TIMEOUT)
        assert shown_rating(other, 1) == lost and stored(other)["player"] == player
        assert opened_puzzle(other) != easiest.record.id  # the tried puzzle not served again
        assert errors.unexpected() == []
