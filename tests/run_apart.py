"""Run work in a thread of its own, away from the event loop Playwright's synchronous API keeps running.

From the first browser test on, the test process's main thread has a running asyncio loop (see
``tests/conftest.py``): ``asyncio.run`` and a second ``sync_playwright`` refuse to start there. A test
that needs either runs it here and gets its result, or its exception, back.
"""

from __future__ import annotations

import threading
from typing import Any, Callable, TypeVar

T = TypeVar("T")


def run_apart(work: Callable[..., T], *args: Any) -> T:
    """Call ``work(*args)`` in a new thread, wait for it, and return its result or raise its exception."""
    outcome: dict[str, Any] = {}

    def body() -> None:
        try:
            outcome["result"] = work(*args)
        except BaseException as error:  # handed back to the caller's thread
            outcome["error"] = error

    thread = threading.Thread(target=body, name=f"apart-{getattr(work, '__name__', 'work')}")
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["result"]
