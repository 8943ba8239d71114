"""A full class, as students meet it: past `serve --max-kernels`, a student's browser shows a short page
in the student's language saying the class is full, which tries again by itself and opens the app as
soon as another student has left. Served with `samurai-lab serve`'s options, limited to one page.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Iterator

import pytest
from context_pool import ContextPool
from helpers import APP_READY, context_page

from samurai_lab.tools.bench_browser import VoilaServer
from samurai_lab.tools.bench_classroom import start_served, wait_for_pool
from samurai_lab.tools.class_full import RETRY_AFTER_S

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "tests" / ".artifacts"
LOAD_S = 240.0
APP = "explorer.ipynb"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    folder = tmp_path_factory.mktemp("apps")
    shutil.copy(REPO / "notebooks" / APP, folder / APP)
    server = start_served(folder, log_path=ARTIFACTS / "voila-class-limits.log", max_kernels=1)
    server.wait_until_up(120)
    assert wait_for_pool(server, 1, timeout=LOAD_S) == 1
    yield server
    server.stop()


def test_a_student_past_the_limit_reads_that_the_class_is_full_then_gets_in(browser_contexts: ContextPool,
                                                                          served: VoilaServer) -> None:
    address = f"{served.url}/voila/render/{APP}?start=midgame"
    with context_page(browser_contexts, locale="it-IT") as (first, first_errors):
        first.goto(address, timeout=LOAD_S * 1000)
        first.wait_for_selector(APP_READY[APP], state="visible", timeout=LOAD_S * 1000)
        with context_page(browser_contexts, locale="it-IT") as (second, second_errors):
            # the browser reports the 503 of the page it shows; nothing else may fail
            second_errors.allow(r"Failed to load resource: the server responded with a status of 503")
            response = second.goto(address, timeout=30_000)
            assert response is not None and response.status == 503
            assert response.headers["retry-after"] == str(RETRY_AFTER_S)
            assert second.locator("h1").inner_text() == "La classe è al completo"
            assert second.locator("html").get_attribute("lang") == "it"
            assert "Riprova tra poco" in second.locator("main").inner_text()
            first.close(run_before_unload=True)  # a student leaves: the page's beacon stops its kernel
            # the full page tries again by itself, and the app opens, in Italian
            second.wait_for_selector(APP_READY[APP], state="visible", timeout=(LOAD_S + RETRY_AFTER_S) * 1000)
            assert second.locator("html").get_attribute("lang") == "it"
            assert not second_errors.unexpected(), second_errors.unexpected()
        assert not first_errors.unexpected(), first_errors.unexpected()
