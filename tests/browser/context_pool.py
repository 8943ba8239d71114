"""Browser contexts lent from test to test, each with a profile on disk: a page loads as on a user's browser.

A context that ``browser.new_context()`` makes keeps its caches in memory, and Chromium keeps no compiled
code for it: every page of every test fetched, parsed and compiled voila's 5 MB of scripts again. A context
of this pool is a persistent one (``launch_persistent_context``) with its profile in a folder of its own, so
its HTTP cache and V8's code cache last from one test to the next, as on a user's browser: a page costs
about half a CPU-second less. What a test could see of an earlier one is wiped when a context comes back:
its pages closed (as tabs close), its cookies, its sites' storage (``localStorage``, IndexedDB...) and its
permissions. A test that needs a browser that has cached nothing makes its own (``browser.new_context()``).

A new context starts with the caches of a context that came back from a test before (:data:`SEEDED`, copied
from its profile when it came back for the :data:`SEED_AT` time): its first page costs what a later one does
(about 0.8 CPU-second less), as a returning user's browser would.

Contexts differ only in what Playwright sets for a whole context (a phone's touch and pixel ratio, the
locale); the viewport is set on each page. Two contexts of the same kind at once (two devices of one test)
are two profiles.
"""

from __future__ import annotations

import itertools
import json
import shutil
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urlsplit

from helpers import close_tab
from playwright.sync_api import BrowserContext, BrowserType, Error

#: The kinds of sites' data wiped when a context comes back (``Storage.clearDataForOrigin``): all but the caches.
WIPED = "cookies,file_systems,indexeddb,local_storage,service_workers,cache_storage,websql,shader_cache"
#: The folders of a profile a new context starts with: the HTTP cache and V8's compiled code.
SEEDED = ("Cache", "Code Cache")
#: Which returns of a context refresh the caches new contexts start with (the first; then after more pages).
SEED_AT = (1, 4, 16)


@dataclass
class _Open:
    """An open context's profile folder, and the sites its pages went to since it was last wiped."""

    profile: Path
    origins: set[str] = field(default_factory=set)


class ContextPool:
    """Persistent browser contexts, lent to one user at a time (:meth:`lend`) and closed by :meth:`close`."""

    def __init__(self, browser_type: BrowserType, launch_args: dict[str, Any]) -> None:
        self._browser_type = browser_type
        self._launch_args = launch_args
        self.root = Path(tempfile.mkdtemp(prefix="samurai-lab-profiles-"))  # a profile folder per context
        self._free: dict[str, list[BrowserContext]] = {}
        self._open: dict[BrowserContext, _Open] = {}  # every open context
        self._profiles = itertools.count()
        self._seed = Path(tempfile.mkdtemp(prefix="samurai-lab-profile-seed-"))  # the caches new contexts start with
        self._returns = 0

    @contextmanager
    def lend(self, **options: Any) -> Iterator[BrowserContext]:
        """A context with ``options`` (Playwright's context options); a viewport given is every new page's."""
        viewport = options.pop("viewport", None)
        key = json.dumps(options, sort_keys=True)
        free = self._free.setdefault(key, [])
        context = free.pop() if free else self._launch(options)
        handler = (lambda page: page.set_viewport_size(viewport)) if viewport else None
        if handler:
            context.on("page", handler)
        try:
            yield context
        finally:
            if handler:
                context.remove_listener("page", handler)
            if self._wipe(context):
                free.append(context)
                self._returns += 1
                if self._returns in SEED_AT:
                    self._keep_caches(self._open[context].profile)

    def close(self) -> None:
        """Close every context (and its browser), and delete their profiles."""
        for context in self._open:
            _close_quietly(context)
        self._open.clear()
        shutil.rmtree(self.root, ignore_errors=True)
        shutil.rmtree(self._seed, ignore_errors=True)
        self._free.clear()

    def _launch(self, options: dict[str, Any]) -> BrowserContext:
        profile = self.root / f"profile-{next(self._profiles)}"
        for name in SEEDED:
            if (self._seed / name).is_dir():
                shutil.copytree(self._seed / name, profile / "Default" / name, dirs_exist_ok=True)
        context = self._browser_type.launch_persistent_context(str(profile), **self._launch_args, **options)
        for page in context.pages:  # the blank tab a persistent context opens with
            page.close()
        self._open[context] = _Open(profile)
        origins = self._open[context].origins
        context.on("page", lambda page: page.on("framenavigated", lambda frame: _note_origin(origins, frame.url)))
        return context

    def _wipe(self, context: BrowserContext) -> bool:
        """Close the context's pages and wipe what its sites stored; False if the context is gone."""
        try:
            for page in list(context.pages):
                close_tab(page)
            origins = self._open[context].origins
            if origins:
                page = context.new_page()
                session = context.new_cdp_session(page)
                for origin in sorted(origins):
                    session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": WIPED})
                session.detach()
                page.close()
                origins.clear()
            context.clear_cookies()
            context.clear_permissions()
            return True
        except Error:  # the browser is gone, or the context broke: the next test gets a new one
            del self._open[context]
            _close_quietly(context)
            return False

    def _keep_caches(self, profile: Path) -> None:
        """Make the caches of ``profile`` (a live browser's: a file it writes meanwhile may be copied half, and
        Chromium then drops that entry) the ones new contexts start with."""
        for name in SEEDED:
            shutil.rmtree(self._seed / name, ignore_errors=True)
            try:
                shutil.copytree(profile / "Default" / name, self._seed / name, copy_function=_copy_if_there)
            except (shutil.Error, OSError):  # a folder the browser removed meanwhile: no cache to start with
                shutil.rmtree(self._seed / name, ignore_errors=True)


def _copy_if_there(source: str, target: str) -> None:
    """Copy a file of a live cache, unless the browser removed it meanwhile."""
    try:
        shutil.copy2(source, target)
    except FileNotFoundError:
        pass


def _note_origin(origins: set[str], url: str) -> None:
    parts = urlsplit(url)
    if parts.scheme in ("http", "https"):
        origins.add(f"{parts.scheme}://{parts.netloc}")


def _close_quietly(context: BrowserContext) -> None:
    try:
        context.close()
    except Error:
        pass  # its browser is gone already
