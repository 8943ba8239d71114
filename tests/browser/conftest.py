"""Browser test harness: voila servers, Debian's Chromium, and error capture.

Fixtures:

* ``voila_server`` / ``voila_url``: voila in tree mode over ``notebooks/``
  for the whole session (URLs ``voila/render/<name>.ipynb``).
* ``trivial_url``: the same over ``benchmarks/`` (the trivial reference app).
* ``serve``: ``samurai-lab serve`` with a games store of its own (``serve_process.Serve``).
* ``voila_factory``: start another server over any folder or notebook.
* ``app_page``: pytest-playwright's ``page`` that fails the test at teardown
  on any page error or console error not known to be noise; ``page_errors``
  is its recorder (``page_errors.allow(regex)`` for an expected error).
* ``browser_contexts``: the browser contexts lent to the tests (``context_pool.py``): each has a profile on
  disk, so what a page loads is cached and compiled once for the session, and is wiped of what sites stored
  between tests. ``context`` (and so pytest-playwright's ``page``) and ``helpers.context_page`` take theirs
  from it.
* ``shared_page`` / ``app_view``: an app's page opened once for the tests that
  only read it (``shared_pages.py``); ``app_view`` fails a test on the errors
  seen while it ran.

Server logs and screenshots of failed tests go to ``tests/.artifacts/`` (under ``pytest -n``, a log name
ends in the worker's name: ``voila-notebooks-gw0.log``).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from helpers import PageErrors, chromium_for_tests, close_tab, open_app
from context_pool import ContextPool
from playwright.sync_api import BrowserContext, BrowserType, Page
from serve_process import Serve
from shared_pages import SCREENS, TIMEOUT, AppPage, SharedPage

from samurai_lab.tools.bench_browser import CHROMIUM_FLAGS, VoilaServer, start_voila
from samurai_lab.tools.serve import CULL_IDLE_TIMEOUT_S, CULL_INTERVAL_S, IOPUB_TIMEOUT_S, TEMPLATE, VOILA_MODULE
from samurai_lab.tools.voila_app import data_path_env

REPO_ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO_ROOT / "tests" / ".artifacts"
NOTEBOOKS = REPO_ROOT / "notebooks"
BENCHMARKS = REPO_ROOT / "benchmarks"

# voila flags of the harness on top of the shared ones (serve.voila_base_flags): voila as `samurai-lab serve`
# runs it (its pages' unload beacon works) with its template (nothing from other hosts), not preheated.
# Like serve, it stops the kernels of pages gone without their beacon (a context closed under a test): a
# session opens hundreds of pages, whose kernels would otherwise outlive them and exhaust the server's sockets.
HARNESS_VOILA_ARGS = ("--classic-tree", f"--template={TEMPLATE}", f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT_S}",
                      "--VoilaConfiguration.http_header_envs=Accept-Language",
                      f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_TIMEOUT_S}",
                      f"--MappingKernelManager.cull_interval={CULL_INTERVAL_S}",
                      "--MappingKernelManager.cull_connected=False", "--MappingKernelManager.cull_busy=False",
                      "--KernelManager.transport=ipc")  # as serve: no kernel port lost to another process


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's Chromium with the flags a closed network needs (its headless shell when installed and
    the browser is headless: see ``helpers.chromium_for_tests``)."""
    return {
        **browser_type_launch_args,
        "executable_path": chromium_for_tests(headless=browser_type_launch_args.get("headless", True)),
        "args": list(CHROMIUM_FLAGS),
    }


@pytest.fixture(scope="session")
def browser_contexts(browser_type: BrowserType, browser_type_launch_args: dict[str, Any]) -> Iterator[ContextPool]:
    """The pool of persistent browser contexts of this session (of this worker, under ``pytest -n``)."""
    pool = ContextPool(browser_type, browser_type_launch_args)
    yield pool
    pool.close()


@pytest.fixture
def context(browser_contexts: ContextPool) -> Iterator[BrowserContext]:
    """pytest-playwright's ``context`` (and so its ``page``), lent by ``browser_contexts``."""
    with browser_contexts.lend() as lent:
        yield lent


@pytest.fixture(scope="session")
def base_url(pytestconfig: pytest.Config) -> str | None:
    """pytest-playwright's ``--base-url``, as a plain function fixture.

    It replaces pytest-playwright's own, a method that pytest 9 warns about.
    """
    return pytestconfig.getoption("--base-url") or pytestconfig.getini("base_url") or None


@pytest.fixture(scope="session")
def voila_factory() -> Iterator[Callable[[Path, str], VoilaServer]]:
    """Start voila servers on free ports; all are stopped at session end."""
    servers: list[VoilaServer] = []

    worker = os.environ.get("PYTEST_XDIST_WORKER")  # under pytest -n each worker has its servers (and logs)

    def start(target: Path, name: str) -> VoilaServer:
        server = start_voila(
            target, log_path=ARTIFACTS / f"voila-{name}{f'-{worker}' if worker else ''}.log", extra_args=HARNESS_VOILA_ARGS,
            module=VOILA_MODULE, env=data_path_env(),
        )
        servers.append(server)
        server.wait_until_up(timeout=60)
        return server

    yield start
    for server in servers:
        server.stop()


@pytest.fixture(scope="session")
def voila_server(voila_factory: Callable[[Path, str], VoilaServer]) -> VoilaServer:
    """voila in tree mode over notebooks/."""
    NOTEBOOKS.mkdir(exist_ok=True)
    return voila_factory(NOTEBOOKS, "notebooks")


@pytest.fixture(scope="session")
def serve(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Serve]:
    """``samurai-lab serve`` with its games store, shared by the tests of playing together and of the class's
    puzzle ratings (``conftest.ONE_WORKER`` keeps them in one worker)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    server = Serve(tmp_path_factory.mktemp("play"))
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def voila_url(voila_server: VoilaServer) -> str:
    """Base URL of the notebooks/ server."""
    return voila_server.url


@pytest.fixture(scope="session")
def trivial_url(voila_factory: Callable[[Path, str], VoilaServer]) -> str:
    """Base URL of a tree-mode server over benchmarks/ (the trivial app)."""
    return voila_factory(BENCHMARKS, "benchmarks").url


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Keep each phase's report on the item, for screenshots of failures."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


@pytest.fixture
def page_errors() -> PageErrors:
    """The error recorder that ``app_page`` attaches to its page."""
    return PageErrors()


@pytest.fixture
def app_page(page: Page, page_errors: PageErrors, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page that fails the test on unexpected browser errors."""
    page.on("console", page_errors.on_console)
    page.on("pageerror", page_errors.on_page_error)
    yield page
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid)
        page.screenshot(path=str(ARTIFACTS / f"{safe}.png"), full_page=True)
    unexpected = page_errors.unexpected()
    close_tab(page)  # as a browser's tab closes: the page's beacon stops its kernel
    if unexpected:
        pytest.fail("browser errors during the test:\n" + "\n".join(unexpected), pytrace=False)


@pytest.fixture(scope="session")
def shared_page(request: pytest.FixtureRequest, browser_contexts: ContextPool, voila_url: str) -> Iterator[SharedPage]:
    """The page of ``request.param`` (an :class:`AppPage`, given by ``indirect`` parametrization), open
    until a test asks for another one."""
    key: AppPage = request.param
    with browser_contexts.lend(**SCREENS[key.screen]) as context:
        shared = SharedPage(key, context.new_page())
        shared.page.on("console", shared.errors.on_console)
        shared.page.on("pageerror", shared.errors.on_page_error)
        open_app(shared.page, voila_url, key.address, key.ready, timeout=TIMEOUT)
        yield shared


@pytest.fixture
def app_view(shared_page: SharedPage, request: pytest.FixtureRequest) -> Iterator[SharedPage]:
    """The shared page for one test: the test fails on the browser errors seen since the test before it
    (opening the page, for the first test), and a screenshot is kept when it failed."""
    start = shared_page.checked
    yield shared_page
    shared_page.checked = len(shared_page.errors.messages)
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid)
        shared_page.page.screenshot(path=str(ARTIFACTS / f"{safe}.png"), full_page=True)
    unexpected = shared_page.errors_since(start)
    if unexpected:
        pytest.fail("browser errors during the test:\n" + "\n".join(unexpected), pytrace=False)
