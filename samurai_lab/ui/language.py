"""The language of a page: ``?lang=it|es|ru|en`` in its address, else the browser's, else English.

Every app calls :func:`open_page` before it builds a widget: texts are translated when they are built, and a
kernel serves one page. Under ``samurai-lab serve`` (preheated kernels) this waits for the page's request, so
the imports are done before it and the widgets after it. The browser's language reaches the kernel as
``HTTP_ACCEPT_LANGUAGE`` (voila's ``http_header_envs``, set by ``serve``, the test server and Binder).
"""

from __future__ import annotations

import html
import os
from typing import Callable, Iterable
from urllib.parse import parse_qsl

from ..i18n import DEFAULT_LANGUAGE, LANGUAGES, normalize_language, set_language
from .query import query_string

#: The languages of the Knizia apps and the shared pages (French only where a rulebook is French).
APP_LANGUAGES: tuple[str, ...] = ("en", "it", "es", "ru")
#: The address option that chooses the language.
LANG_OPTION = "lang"


def accepted_languages(header: str | None) -> list[str]:
    """The languages of an ``Accept-Language`` header, best first (``q`` weights honoured)."""
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        for p in params.split(";"):
            key, _, value = p.strip().partition("=")
            if key == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        lang = normalize_language(tag)
        if lang and weight > 0:
            ranked.append((-weight, i, lang))
    return [lang for _, _, lang in sorted(ranked)]


def page_language(query: str | None = None, languages: Iterable[str] = APP_LANGUAGES,
                  accept: str | None = None) -> str:
    """The language a page is shown in: its ``lang`` option when it is one of ``languages``, else
    the first of the browser's languages that is, else English."""
    languages = tuple(languages)
    option = normalize_language(lang_option(query))  # first: a preheated kernel waits here for its request
    header = os.environ.get("HTTP_ACCEPT_LANGUAGE") if accept is None else accept  # the request's header
    wanted = [option, *accepted_languages(header)]
    return next((lang for lang in wanted if lang in languages), DEFAULT_LANGUAGE)


def unknown_language(query: str | None = None, languages: Iterable[str] = APP_LANGUAGES) -> str | None:
    """The page's ``lang`` option as given when it is not one of ``languages`` (the page then falls back,
    and says so), else None."""
    given = lang_option(query)
    return None if given is None or normalize_language(given) in tuple(languages) else given


def lang_option(query: str | None = None) -> str | None:
    """The page's last ``lang`` option as given (None without one)."""
    q = query_string() if query is None else query
    return next((v for k, v in reversed(parse_qsl(q.lstrip("?"), keep_blank_values=True)) if k == LANG_OPTION), None)


def open_page(query: str | None = None, languages: Iterable[str] = APP_LANGUAGES) -> str:
    """Set this page's language (see :func:`page_language`) and return it."""
    return set_language(page_language(query, languages))


def language_links(current: str, href: Callable[[str], str], languages: Iterable[str] = APP_LANGUAGES) -> str:
    """The language switch as links (``href(lang)`` gives each address), each named in its own
    language (``lang``, ``hreflang``), the current one marked ``aria-current``."""
    parts = []
    for lang in languages:
        name = html.escape(LANGUAGES[lang])
        mark, text = (' aria-current="true"', f"<b>{name}</b>") if lang == current else ("", name)
        parts.append(f'<a href="{html.escape(href(lang))}"{mark} lang="{lang}" hreflang="{lang}">{text}</a>')
    # the dot is a separator to the eye only, spaced as the links are (the switch may be a flex row)
    return '<span aria-hidden="true" style="margin-right:10px">·</span>'.join(parts)
