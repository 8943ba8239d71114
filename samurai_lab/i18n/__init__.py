"""The languages of the apps: standard gettext catalogs, one domain per part of the package.

Catalogs live in ``samurai_lab/i18n/locale/<lang>/LC_MESSAGES/<domain>.po``, compiled to ``.mo`` (``make
catalogs``) and read with the standard library only, so every layer (the rules cores included) can translate::

    T = Domain("katana")
    T.gettext("Black to move")                      # in the current language
    with use_language("it"): ...                     # a block in Italian

Mark strings translated later (module-level constants) with ``N_``. Messages with values take ``{name}``
placeholders filled with ``str.format`` after translation, never concatenation.
"""

from __future__ import annotations

import gettext
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from types import SimpleNamespace
from typing import Iterator

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: Every language an app may be shown in, by its code, with its own name.
LANGUAGES: dict[str, str] = {"en": "English", "it": "Italiano", "es": "Español", "ru": "Русский", "fr": "Français"}
DEFAULT_LANGUAGE = "en"

#: The language of this process. A kernel serves one page, so one value is enough; a plain attribute rather
#: than a context variable because notebook cells and widget callbacks do not share a context.
_current = SimpleNamespace(code=DEFAULT_LANGUAGE)


def normalize_language(code: str | None) -> str | None:
    """``"it"`` for ``"it"``, ``"IT"``, ``"it-IT"`` or ``"it_IT.UTF-8"``; None for a language we do not have."""
    if not code:
        return None
    base = code.strip().replace("_", "-").split("-")[0].split(".")[0].lower()
    return base if base in LANGUAGES else None


def get_language() -> str:
    """The language messages are translated into now."""
    return _current.code


def _known(code: str) -> str:
    """``code`` normalised; ValueError naming the languages we have when we do not have it."""
    lang = normalize_language(code)
    if lang is None:
        raise ValueError(f"unknown language {code!r}: choose one of {', '.join(LANGUAGES)}")
    return lang


def set_language(code: str) -> str:
    """Translate into ``code`` from now on; ValueError naming the languages we have."""
    _current.code = _known(code)
    return _current.code


@contextmanager
def use_language(code: str) -> Iterator[str]:
    """A block of code that translates into ``code``."""
    lang = _known(code)
    before, _current.code = _current.code, lang
    try:
        yield lang
    finally:
        _current.code = before


def N_(message: str) -> str:
    """Mark ``message`` for extraction; it is translated where it is shown (``Domain.gettext``)."""
    return message


@lru_cache(maxsize=None)
def _translations(domain: str, lang: str) -> gettext.NullTranslations:
    """The catalog of ``domain`` in ``lang`` (none for English: the messages are English)."""
    return gettext.translation(domain, localedir=str(LOCALE_DIR), languages=[lang], fallback=True)


class Domain:
    """The messages of one part of the package (``knizia``, ``katana``, ``ikizumari``, ``ui``)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def gettext(self, message: str) -> str:
        """``message`` in the current language (itself where no translation exists)."""
        return _translations(self.name, _current.code).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form for ``n`` in the current language (Russian has three)."""
        return _translations(self.name, _current.code).ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` in the current language, told apart from the same English words by ``context``."""
        return _translations(self.name, _current.code).pgettext(context, message)


def catalog_path(domain: str, lang: str, suffix: str = ".po") -> Path:
    """Where the catalog of ``domain`` in ``lang`` lives."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}{suffix}"
