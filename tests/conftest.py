"""Markers, test order, and how ``pytest -n N`` (pytest-xdist, ``make test``) shares the tests out.

Every test of ``tests/browser/`` is marked ``browser``, so that a marker expression (``make test-fast``:
``-m "not browser and not slow and not notebook and not server"``) selects it whether its module says so or not.

The browser tests run last. Playwright's synchronous API keeps an asyncio event loop running in the test
process from the first browser test on; code that looks for a running loop (the board's batched redraws,
the serve culler's test) would then see a loop no test drives. Running every other test first keeps them
as in a plain Python process, and the browser tests keep their one Chromium session. Among the browser
tests the long ones (a wheel or a hub installed into a venv of their own, the site, the class servers) start
first, so that under ``pytest -n`` the other workers go through the rest meanwhile.

Under ``pytest -n N --dist loadgroup`` (the default ``--dist``, see ``pyproject.toml``) every worker takes
its tests in that same order, and the tests of one of the :data:`ONE_WORKER` groups (those sharing a
server, a built site or an installed wheel that is costly to make) or of one shared app page all go to the
same worker, one after the other: what they share is made once.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from typing import Any

import pytest

from samurai_lab.tools.iri_parser import skip_iri_parser

skip_iri_parser()  # as in the apps' servers: 2 s of each test process that reads a notebook

#: Tests that share something costly (made once per module or session), by the start of their node id:
#: under ``pytest -n`` each group runs in one worker.
ONE_WORKER: dict[str, str] = {
    "tests/test_class_server_attacks.py::": "class-server-attacks",  # one class server
    "tests/test_wheel.py::": "wheel",  # the wheel, built and installed into a venv
    "tests/play/": "game-store",  # one PostgreSQL server for the game store's tests
    "tests/browser/test_play_together.py::": "play-together",  # `samurai-lab serve` with its game service
    "tests/browser/test_puzzle_ratings.py::test_under_serve": "play-together",  # the same server
    "tests/browser/test_site.py::": "site",  # the static site, built
    # the apps under `samurai-lab serve` (a preheated kernel per app), and on the Binder route
    "tests/browser/test_classroom_query.py::test_address_options_under_serve": "classroom-query-serve",
    "tests/browser/test_classroom_query.py::test_the_tree_page_asks_nothing_of_other_hosts": "classroom-query-serve",
    "tests/browser/test_classroom_query.py::test_address_options_on_the_binder_route": "classroom-query-binder",
    "tests/browser/test_board_scrolled_click.py::": "board-click",  # a voila server over its test app
    "tests/browser/test_play_together.py::": "play-together",  # `samurai-lab serve` with its game store
}
#: Browser tests that take a minute or more (beside the ``slow`` ones), by the start of their node id: they start
#: before the other browser tests, so that under ``pytest -n`` no worker is left alone with one of them at the end.
LONG: tuple[str, ...] = (
    "tests/browser/test_site.py::",
    "tests/browser/test_classroom_bench.py::",
    "tests/browser/test_classroom_kernels.py::",
    "tests/browser/test_classroom_query.py::test_address_options_under_serve",
    "tests/browser/test_classroom_query.py::test_the_tree_page_asks_nothing_of_other_hosts",
    "tests/browser/test_class_limits.py::",
    "tests/browser/test_play_together.py::",
    "tests/browser/test_puzzle_ratings.py::test_under_serve",
)


#: The end of the node id of a test on a page shared with others (``tests/browser/shared_pages.py``), which
#: names the page: ``…[chromium-index-it-on-desktop]``. The tests of one page make a group.
SHARED_PAGE_ID = re.compile(r"\[(?:chromium-|firefox-|webkit-)?(?P<page>[^\[\]]+-on-(?:desktop|phone))\]$")


def one_worker_group(nodeid: str) -> str | None:
    """The group of a test whose node id is in :data:`ONE_WORKER` or names a shared page, or None."""
    shared = SHARED_PAGE_ID.search(nodeid)
    if shared:
        return shared["page"]
    return next((group for start, group in ONE_WORKER.items() if nodeid.startswith(start)), None)


def pytest_configure(config: pytest.Config) -> None:
    """The tests never write into the user's data folder: a ``samurai-lab serve`` started without ``--store``
    keeps its games store (and saved positions) in a data folder of this test process's own."""
    folder = tempfile.mkdtemp(prefix="samurai-lab-test-data-")
    config.stash[_DATA_HOME] = (folder, os.environ.get("XDG_DATA_HOME"))
    os.environ["XDG_DATA_HOME"] = folder


def pytest_unconfigure(config: pytest.Config) -> None:
    folder, before = config.stash.get(_DATA_HOME, (None, None))
    if folder is None:
        return
    if before is None:
        os.environ.pop("XDG_DATA_HOME", None)
    else:
        os.environ["XDG_DATA_HOME"] = before
    shutil.rmtree(folder, ignore_errors=True)


_DATA_HOME = pytest.StashKey[tuple[str, "str | None"]]()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if "browser" in item.path.parts and item.get_closest_marker("browser") is None:
            item.add_marker(pytest.mark.browser)
    items.sort(key=_order)


def _order(item: pytest.Item) -> tuple[bool, int]:
    """Other tests first, then the slow browser tests, the :data:`LONG` ones, the other browser tests (a stable
    sort: tests that share a page or a server stay together)."""
    if item.get_closest_marker("browser") is None:
        return False, 0
    return True, 0 if item.get_closest_marker("slow") is not None else 1 if item.nodeid.startswith(LONG) else 2


@pytest.hookimpl(optionalhook=True, tryfirst=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadgroup``: each test on its own (a worker takes the next one when it is free), except the
    :data:`ONE_WORKER` groups, each sent whole to one worker; the workers take them in the collection's
    order. (pytest-xdist's own ``loadgroup`` reads ``xdist_group`` marks from node ids that pytest 9.2
    no longer lets it change, and puts the biggest groups first.)"""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class OneWorkerGroups(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return one_worker_group(nodeid) or nodeid

    config.option.loadscopereorder = False  # keep the collection's order: the browser tests last
    return OneWorkerGroups(config, log)


@pytest.fixture(autouse=True)
def english_after_each_test():
    """An app opened with ``?lang=it`` sets the process's language (a kernel serves one page);
    every test starts and ends in English."""
    from samurai_lab.i18n import DEFAULT_LANGUAGE, set_language

    set_language(DEFAULT_LANGUAGE)
    yield
    set_language(DEFAULT_LANGUAGE)
