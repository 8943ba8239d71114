"""The page a student gets when the server runs as many pages as it may (HTTP 503).

Short, in the student's language (``?lang=``, else the browser's ``Accept-Language``, else
English; the ``ui`` domain), with nothing from other hosts and no traceback. It tries again by
itself after :data:`RETRY_AFTER_S` seconds, the ``Retry-After`` the server sends with it.
"""

from __future__ import annotations

import html

from ..i18n import Domain, use_language
from ..ui.language import APP_LANGUAGES, page_language

T = Domain("ui")

#: Seconds after which the page, and any client reading ``Retry-After``, tries again.
RETRY_AFTER_S = 20
STATUS = 503


def class_full_language(query: str, accept_language: str | None, app: str = "") -> str:
    """The page's language: its address's ``lang``, else the browser's, else English (French too
    for the app of rulebook 004, whose rulebook is French)."""
    languages = APP_LANGUAGES + ("fr",) if "ikizumari" in app else APP_LANGUAGES
    return page_language(query, languages, accept=accept_language or "")


def class_full_page(lang: str, retry_after: int = RETRY_AFTER_S) -> str:
    """The HTML of the page in ``lang``."""
    with use_language(lang):
        title = T.gettext("The class is full")
        text = T.gettext("The server is running as many apps as it can right now. Try again shortly: "
                         "this page tries again by itself.")
        again = T.gettext("Try again now")
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<meta http-equiv="refresh" content="{int(retry_after)}">'
        f"<title>{html.escape(title)}</title>"
        "<style>body{font-family:sans-serif;max-width:32em;margin:4em auto;padding:0 1em;line-height:1.5}"
        "a{font-size:1.1em}</style></head>"
        f'<body><main><h1>{html.escape(title)}</h1><p class="samurai-class-full">{html.escape(text)}</p>'
        f'<p><a href="">{html.escape(again)}</a></p></main></body></html>\n'
    )
