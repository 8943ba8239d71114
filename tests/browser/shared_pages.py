"""One app's page shared by the tests that only read it: opened once, resized between them.

Several checks look at the same app in the same language without changing its work: the labels cut
short, the English left on a translated page, axe-core's verdict; on a phone, the layout at every touch
screen and axe-core's verdict. Each such page costs a kernel and a full page load, so the checks share
it: a test asks for it with ``@pytest.mark.parametrize("shared_page", [desktop(...)], indirect=True)``
(the ``shared_page`` fixture of ``conftest.py``, scoped to the session), pytest runs the tests of one
page one after the other, and the page closes when the next page is asked for (or at the end). Each test sizes the page
itself (``SharedPage.show``: the apps reflow on a resize, boards included) and leaves the app's work as it
found it. A test fails on the browser errors seen while it ran (``app_view``).

The id of a shared page ends in ``-on-desktop`` or ``-on-phone`` (``index-it-on-desktop``); under
``pytest -n`` the tests of one page go to one worker (``tests/conftest.py``), which opens it once.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable

import pytest
from helpers import APP_READY, PageErrors
from playwright.sync_api import Page

#: Page loads on a loaded machine: generous.
TIMEOUT = 120.0
#: The screens: a desktop (the context's default options), and a phone as Playwright emulates one.
SCREENS: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1024, "height": 768}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
              "device_scale_factor": 3},
}


#: Each board of the page: the room the page measured for it (the hidden input its kernel reads: see
#: ``samurai_lab/ui/board_client.py``), its canvas's backing size (which only the kernel sets), and whether it shows.
BOARDS_JS = """() => Array.from(document.querySelectorAll('.samurai-board')).map(b => {
  const c = b.querySelector('canvas'), i = b.querySelector('.samurai-board-space input');
  return [i ? i.value : null, c ? c.width : 0, c ? c.height : 0, b.getBoundingClientRect().width > 0];
})"""
#: What follows a board's new backing size: its drawing, and the layout around it.
REDRAW_MS = 250


def after_change(page: Page, change: Callable[[], Any], most_ms: int = 1200) -> None:
    """Make ``change`` (a resize, a switch) and wait until the kernel has redrawn every shown board whose room
    the page measured anew — its canvas has a new backing size — or ``most_ms`` have passed (a new room may
    keep the board's size), then for the drawing to land."""
    before = page.evaluate(BOARDS_JS)
    change()
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    deadline = time.monotonic() + most_ms / 1000
    while time.monotonic() < deadline:
        now = page.evaluate(BOARDS_JS)
        waiting = [b for b, a in zip(now, before) if b[3] and b[0] != a[0] and b[1:3] == a[1:3]]
        if not waiting:
            break
        page.wait_for_timeout(50)
    page.wait_for_timeout(REDRAW_MS)


def resize(page: Page, width: int, height: int, most_ms: int = 1200) -> None:
    """Size the page and let its boards fit their new room (:func:`after_change`)."""
    after_change(page, lambda: page.set_viewport_size({"width": width, "height": height}), most_ms)


@dataclass(frozen=True)
class AppPage:
    """Which page: an app (its notebook) on a screen, in a language (None: the address names none)."""

    screen: str
    notebook: str
    lang: str | None = None

    @property
    def address(self) -> str:
        return f"{self.notebook}?lang={self.lang}" if self.lang else self.notebook

    @property
    def ready(self) -> str:
        """What shows that the app is built (the header, for a notebook without controls)."""
        return APP_READY.get(self.notebook, ".samurai-app-header")

    @property
    def id(self) -> str:
        return "-".join([self.notebook.removesuffix(".ipynb"), *([self.lang] if self.lang else []),
                         f"on-{self.screen}"])


def desktop(notebook: str, lang: str) -> Any:
    """The parameter of a test on ``notebook?lang=<lang>`` on a desktop screen."""
    key = AppPage("desktop", notebook, lang)
    return pytest.param(key, id=key.id)


def phone(notebook: str) -> Any:
    """The parameter of a test on ``notebook`` (no language asked) on a phone."""
    key = AppPage("phone", notebook)
    return pytest.param(key, id=key.id)


@dataclass
class SharedPage:
    """An app's page open for the tests of one :class:`AppPage`."""

    key: AppPage
    page: Page
    errors: PageErrors = field(default_factory=PageErrors)
    checked: int = 0  # how many of ``errors.messages`` the tests before have been judged on

    fresh: bool = True  # no test has looked at the page yet: the app may still be drawing

    def show(self, width: int, height: int, settle_ms: int = 1200) -> Page:
        """Size the page for a test and let the app (its boards) fit the room: ``settle_ms`` for the first
        test of the page, which may still see the last messages of the first draw; for the others, until
        their boards are redrawn (:func:`resize`, at most ``settle_ms``)."""
        if self.fresh:
            self.page.set_viewport_size({"width": width, "height": height})
            self.page.wait_for_timeout(settle_ms)
            self.fresh = False
        else:
            resize(self.page, width, height, settle_ms)
        return self.page

    def new_errors(self) -> list[str]:
        """The unexpected errors recorded since the test before this one (since the page opened, for the first)."""
        return self.errors_since(self.checked)

    def errors_since(self, start: int) -> list[str]:
        """The unexpected errors recorded after the first ``start`` ones."""
        return [m for m in self.errors.messages[start:] if not any(p.search(m) for p in self.errors.allowed)]
