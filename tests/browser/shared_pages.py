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

from dataclasses import dataclass, field
from typing import Any

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

    def show(self, width: int, height: int, settle_ms: int = 1200) -> Page:
        """Size the page for a test and let the app (its boards) fit the room."""
        self.page.set_viewport_size({"width": width, "height": height})
        self.page.wait_for_timeout(settle_ms)
        return self.page

    def new_errors(self) -> list[str]:
        """The unexpected errors recorded since the test before this one (since the page opened, for the first)."""
        return self.errors_since(self.checked)

    def errors_since(self, start: int) -> list[str]:
        """The unexpected errors recorded after the first ``start`` ones."""
        return [m for m in self.errors.messages[start:] if not any(p.search(m) for p in self.errors.allowed)]
