"""Test order: the browser tests run last.

Playwright's synchronous API keeps an asyncio event loop running in the test process from the first
browser test on; code that looks for a running loop (the board's batched redraws, the serve culler's
test) would then see a loop no test drives. Running every other test first keeps them as in a plain
Python process, and the browser tests keep their one Chromium session.
"""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None or "browser" in item.path.parts)


@pytest.fixture(autouse=True)
def english_after_each_test():
    """An app opened with ``?lang=it`` sets the process's language (a kernel serves one page);
    every test starts and ends in English."""
    from samurai_lab.i18n import DEFAULT_LANGUAGE, set_language

    set_language(DEFAULT_LANGUAGE)
    yield
    set_language(DEFAULT_LANGUAGE)
