"""A study file far larger than a study may be, chosen in the Studies app: the page stops it before it is sent
(the server would drop a message that large, and nothing would be said) and the app says, in the page's
language, that it is too big, its size and the limit; the app still answers afterwards."""

from __future__ import annotations

import pytest
from helpers import open_app, save_screenshot, wait_for_text
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

UPLOAD = ".samurai-study-app .samurai-study-upload"
MESSAGE = ".samurai-study-app .samurai-message"


def choose_file(page: Page, name: str, data: bytes) -> None:
    """Click the app's "Open a .toml" and pick a file of ``data`` in the browser's file chooser."""
    with page.expect_file_chooser() as chooser:
        page.locator(UPLOAD).first.click()
    chooser.value.set_files({"name": name, "mimeType": "application/toml", "buffer": data})


def test_a_study_upload_too_big_is_refused_in_the_pages_language(app_page: Page, voila_url: str) -> None:
    page = app_page
    page.set_viewport_size({"width": 1366, "height": 768})
    open_app(page, voila_url, "study.ipynb?lang=it", UPLOAD, timeout=120)
    choose_file(page, "enorme.toml", b"study = 1\n" + b"#" * (15 * 1024 * 1024))
    wait_for_text(page, MESSAGE, "enorme.toml: il file è troppo grande (15 MB; un file può essere al massimo di 2 MB)")
    save_screenshot(page, "study-upload-too-big-it")
    choose_file(page, "rotto.toml", b"study = [\n")  # the kernel still answers: a small broken file is read
    wait_for_text(page, MESSAGE, "rotto.toml")
