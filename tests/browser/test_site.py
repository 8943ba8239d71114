"""The static site (``samurai-lab site``) in Chromium, every other origin blocked.

The site is built once per test run (``site_dir``; ``SAMURAI_SITE_DIR=<a built site>`` reuses one) and
served by a plain static server under a sub-path, as a school's web space would. Every page runs its
Python in the browser (Pyodide): the landing page and its links, the explorer (choose a tile, place it),
a rulebook example's step, a Katana move, an app in the browser's language (Italian), address options.
Any request to another origin fails the test, and so does any console error or unexpected warning.
"""

from __future__ import annotations

import os
import re
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest
from board_fit import board_layout
from helpers import FittedBoards, click_canvas, rgb, wait_for_canvas_pixel, wait_for_text
from playwright.sync_api import Browser, Page, expect

from samurai_lab import EDITION_1998, PlaceTile
from samurai_lab.i18n import Domain, use_language
from samurai_lab.katana.core.board import square_index
from samurai_lab.katana.render.layout import Layout as KatanaLayout
from samurai_lab.knizia.render.theme import seat_colours
from samurai_lab.knizia.scenarios import loads_scenario
from samurai_lab.knizia.teaching.words import hex_words
from samurai_lab.knizia.widgets.explorer import default_state
from samurai_lab.knizia.widgets.hand_panel import tile_label
from samurai_lab.tools.site.static_server import StaticSite

pytestmark = pytest.mark.browser

#: A page starts Pyodide, loads every wheel and runs its notebook: generous on a loaded machine.
TIMEOUT = 180.0
#: The only warning a page may print: Chromium's note on the test's own pixel reading. (Voici's two
#: warnings on every page, ``[yjs#509] Not same Y.Doc`` and the widget manager's "Control comm did not
#: respond in time", are fixed in the build: ``samurai_lab/tools/site/frontend.py``.)
STACK_WARNINGS = (re.compile(r"Canvas2D: Multiple readback operations"),)
SUB_PATH = "/samurai-lab/site/"
ARTIFACTS = Path(__file__).resolve().parents[1] / ".artifacts"


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once per test run (about 20 s once the build's cache is filled)."""
    given = os.environ.get("SAMURAI_SITE_DIR", "").strip()
    if given:
        return Path(given)
    from samurai_lab.tools.site.build import build_site

    return build_site(tmp_path_factory.mktemp("site") / "site", log=lambda *a: None)


@pytest.fixture(scope="session")
def site(site_dir: Path) -> Iterator[StaticSite]:
    """The site served under a sub-path by a plain static server."""
    with StaticSite(site_dir, prefix=SUB_PATH) as server:
        yield server


class Watch:
    """What one browser context did wrong: requests to other origins, console errors and warnings."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.problems: list[str] = []

    def on_request(self, request) -> None:
        if not request.url.startswith((self.origin + "/", "data:", "blob:")):
            self.problems.append(f"request to another origin: {request.url}")

    def on_console(self, msg) -> None:
        if msg.type == "error" or (msg.type == "warning" and not any(p.search(msg.text) for p in STACK_WARNINGS)):
            self.problems.append(f"console {msg.type}: {msg.text}")

    def on_page_error(self, error) -> None:
        self.problems.append(f"page error: {error.message}")


@contextmanager
def watched_page(browser: Browser, site: StaticSite, locale: str = "en-US") -> Iterator[Page]:
    """A page in a fresh context (the browser's language ``locale``) where every request to another
    origin is blocked and fails the test, as do console errors and warnings other than
    :data:`STACK_WARNINGS`."""
    context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 1000})
    watch = Watch(site.origin)

    def route(r) -> None:
        if r.request.url.startswith(site.origin + "/"):
            r.continue_()
        else:
            watch.problems.append(f"blocked a request to another origin: {r.request.url}")
            r.abort()

    context.route("**/*", route)
    context.on("request", watch.on_request)
    page = context.new_page()
    page.on("console", watch.on_console)
    page.on("pageerror", watch.on_page_error)
    try:
        yield page
    except Exception:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "site_failure.png"), full_page=True)
        raise
    finally:
        context.close()
    assert not watch.problems, "\n".join(watch.problems)


@pytest.fixture()
def site_page(browser: Browser, site: StaticSite) -> Iterator[Page]:
    """:func:`watched_page` in English."""
    with watched_page(browser, site) as page:
        yield page


def shot(page: Page, name: str) -> None:
    """A screenshot for people to look at, in ``tests/.artifacts/``."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def open_page(page: Page, site: StaticSite, address: str, ready: str) -> None:
    page.goto(site.url + "voici/render/" + address, timeout=TIMEOUT * 1000)
    page.wait_for_selector(ready, state="visible", timeout=TIMEOUT * 1000)


def test_the_site_is_small_and_has_a_page_per_app(site_dir: Path) -> None:
    pages = sorted(p.stem for p in (site_dir / "voici" / "render").glob("*.html"))
    notebooks = sorted(p.stem for p in (Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))
    assert pages == notebooks
    size = sum(p.stat().st_size for p in site_dir.rglob("*") if p.is_file())
    assert size < 25e6, f"the site is {size / 1e6:.1f} MB"
    assert not list(site_dir.rglob("*.map"))


#: The most a visitor's first page may fetch (a class of 30 fetches 30 times as much).
FIRST_PAGE_MB = 20.0


def test_a_first_page_fetches_at_most_20_mb(browser: Browser, site: StaticSite) -> None:
    with watched_page(browser, site) as page:  # a new browser context: nothing cached
        site.reset_counts()
        open_page(page, site, "explorer.html", ".samurai-explorer .samurai-tile-button")
        page.wait_for_timeout(1000)  # what the page still fetches once it shows
        sent = dict(site.sent)
        kept = page.evaluate("async () => (await (await caches.open('samurai-lab-pyodide-0.29.0')).keys())"
                             ".map(r => r.url)")
    assert [url.rsplit("/", 1)[-1] for url in kept] == ["pyodide.asm.wasm"]  # unpacked, for the next pages
    fetched = sum(sent.values()) / 1e6
    assert fetched <= FIRST_PAGE_MB, f"the explorer fetched {fetched:.1f} MB: " + ", ".join(
        f"{path} {n / 1e6:.1f}" for path, n in sorted(sent.items(), key=lambda kv: -kv[1])[:8])
    assert not any("networkx-3" in path for path in sent)  # the stand-in, not the 2.8 MB package


def test_landing_page_links_the_apps_as_pages(site_page: Page, site: StaticSite, site_dir: Path) -> None:
    page = site_page
    page.goto(site.url, timeout=TIMEOUT * 1000)  # the site's root leads to the landing page
    page.wait_for_selector(".samurai-landing-page .samurai-card", state="visible", timeout=TIMEOUT * 1000)
    hrefs = page.eval_on_selector_all(".samurai-landing-page a.samurai-card", "els => els.map(e => e.getAttribute('href'))")
    assert len(hrefs) >= 9
    for href in hrefs:
        name = href.split("?")[0]
        assert name.endswith(".html") and (site_dir / "voici" / "render" / name).is_file(), href
    expect(page.locator(".samurai-card-katana")).to_be_visible()  # the other games' notebooks are found
    shot(page, "site_landing")
    page.locator("a.samurai-card-explorer").first.click()
    page.wait_for_selector(".samurai-explorer .samurai-tile-button", state="visible", timeout=TIMEOUT * 1000)
    assert page.url.startswith(site.url + "voici/render/explorer.html?") and "lang=en" in page.url


def test_explorer_places_a_tile(site_page: Page, site: StaticSite) -> None:
    page = site_page
    state = default_state(2, EDITION_1998, 3)
    board = state.board
    open_page(page, site, "explorer.html?players=2&seed=3", ".samurai-explorer .samurai-tile-button")
    wait_for_text(page, ".samurai-status", "Turn 1: Green to play", TIMEOUT)
    layout = board_layout(page, board, timeout=TIMEOUT)
    t = next(t for t in state.hand if not t.fast and not t.is_move)
    target = next(board.index[a.hex] for a in state.legal_actions() if isinstance(a, PlaceTile) and a.tile == t)
    label = tile_label(state, t)
    button = page.locator(".samurai-tile-button", has_text=label).first
    button.click()
    expect(button).to_have_class(re.compile(r"\bmod-info\b"), timeout=TIMEOUT * 1000)
    x, y = layout.pixel_of(target)
    click_canvas(page, "canvas.samurai-board-canvas", x, y)
    wait_for_text(page, ".samurai-preview", f"What if: {label.replace(' ⚡', '')} on {hex_words(board, target)}",
                  TIMEOUT)
    click_canvas(page, "canvas.samurai-board-canvas", x, y)
    wait_for_text(page, ".samurai-message", f"lays {label.replace(' ⚡', '')} on {hex_words(board, target)}",
                  TIMEOUT)
    green = rgb(seat_colours(state)[0])
    wait_for_canvas_pixel(page, "canvas.samurai-board-canvas", int(x), int(y + 0.55 * layout.size), green,
                          tolerance=12)
    shot(page, "site_explorer")

    # no server: the position downloads, and saving keeps it in the browser's storage for the site
    page.locator(".samurai-tabs .lm-TabBar-tab", has_text="Files").click()
    page.locator(".samurai-download-button").click()
    with page.expect_download(timeout=TIMEOUT * 1000) as download:
        page.locator(".samurai-download a").click()
    saved = loads_scenario(Path(download.value.path()).read_text(encoding="utf-8"))
    assert saved.state.tiles == state.apply(PlaceTile(t, board.ids[target])).tiles
    page.locator(".samurai-save-path input").fill("first-tile")
    expect(page.locator(".samurai-save")).to_have_text("Keep in this browser")  # no server to save on
    page.locator(".samurai-save").click()
    wait_for_text(page, ".samurai-message", "Saved as “first-tile.toml”", TIMEOUT)
    page.reload(timeout=TIMEOUT * 1000)
    page.wait_for_selector(".samurai-explorer .samurai-tile-button", state="visible", timeout=TIMEOUT * 1000)
    page.locator(".samurai-tabs .lm-TabBar-tab", has_text="Files").click()
    expect(page.locator(".samurai-scenario-choice select option", has_text="first-tile.toml")).to_have_count(
        1, timeout=TIMEOUT * 1000)


def test_an_example_opened_by_its_address_steps(site_page: Page, site: StaticSite) -> None:
    page = site_page
    open_page(page, site, "examples.html?example=E2", ".samurai-examples .samurai-step-next")
    wait_for_text(page, ".samurai-example-title", "E2: Red's Ronin 1 and Samurai 2", TIMEOUT)
    page.click(".samurai-step-next")
    wait_for_text(page, ".samurai-step-label", "Step 1 of 3", TIMEOUT)
    wait_for_text(page, ".samurai-step-outcome", "No settlement is decided.", TIMEOUT)


KATANA_PLAY = KatanaLayout(cell=56.0, margin=24.0)
KATANA = FittedBoards({".katana-play-canvas": KATANA_PLAY.width}, TIMEOUT)


def test_a_katana_move_and_the_bots_answer(site_page: Page, site: StaticSite) -> None:
    page = site_page
    open_page(page, site, "katana.html", ".katana-app")
    wait_for_text(page, ".katana-constraint", "Free move: Black", TIMEOUT)
    KATANA.click(page, ".katana-play-canvas", *KATANA_PLAY.centre(square_index("d9")))
    wait_for_text(page, ".katana-message", "d9 selected", TIMEOUT)
    KATANA.click(page, ".katana-play-canvas", *KATANA_PLAY.centre(square_index("c9")))
    wait_for_text(page, ".katana-message", "Black moves d9-c9", TIMEOUT)
    shot(page, "site_katana")


def test_a_page_opens_in_the_browsers_language(browser: Browser, site: StaticSite) -> None:
    with watched_page(browser, site, locale="it-IT") as page:
        open_page(page, site, "map.html", ".samurai-board")
        with use_language("it"):
            name = Domain("ui").gettext("Map")
        assert name != "Map"
        expect(page).to_have_title(f"{name} — samurai_lab", timeout=TIMEOUT * 1000)
        expect(page.locator("html")).to_have_attribute("lang", "it")
