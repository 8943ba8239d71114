"""voila as ``samurai-lab serve`` runs it: ``python -m samurai_lab.tools.voila_app NOTEBOOKS [voila options]``.

The differences from plain ``voila``, all for a class on one server:

* **Closed pages stop their kernels.** voila 0.5 never sets the ``_xsrf`` cookie on an app's page (a
  preheated page is even rendered before the request), so the server refused the unload beacon
  (``POST voila/api/shutdown/<kernel>``, 403) and the kernel lived on. Here every page sets the cookie;
  the culler (``serve``'s flags) stops the kernels of pages that close without a beacon.
* **No client can exhaust the server.** :class:`ClassroomKernelManager`: at most ``max_kernels`` pages at
  once (:mod:`.kernel_limit`), past it the "class is full" page at once (HTTP 503, :mod:`.class_full`),
  and the kernels no page connected to stopped.
* **No client can hang another's page.** ``voila/query/<kernel>`` is served by
  :class:`.page_options_socket.PageOptionsSocket` instead of voila's handler.
* **Prepared for a class.** ``SamuraiVoila.prepare`` (``serve --prepare explorer=30``) sizes voila's
  preheated pool of an app up; as they are used, it shrinks back to voila's usual one kernel per app.
  ``explorer.ipynb:0``: no pool (its pages start their kernels, as plain voila); ``*:N``: the apps not named.
* **Kernels start warm**, forked from one process that has imported the apps (:mod:`.kernel_forks`);
  ``JUPYTER_DEFAULT_PROVISIONER_NAME=local-provisioner`` (or voila's
  ``--KernelProvisionerFactory.default_provisioner_name``) starts each as plain voila does.
* **Addresses cannot change the page.** ``?template=`` and ``?theme=`` are ignored (voila would load
  another template's stylesheets from a CDN, and skip the preheated kernels).
* **Nothing is fetched from another host.** The ``samurai`` template (``voila_data/``, found through
  ``JUPYTER_PATH``) is voila's ``lab`` template without its FontAwesome stylesheets from a CDN (the icons
  come from voila's own static files); its loading wheel is turned by a timer (``loading.macro.html.j2``).
* **Front-end files are fetched once** when their address names their content (:class:`VersionedFiles`),
  and **templates are compiled once** per server (:func:`compile_templates_once`).
* **A page that closes is not a traceback** (:func:`quiet_when_page_gone`); when the server stops, it
  kills its kernels at once (``SamuraiVoila.stop``).

Everything else is voila's: any voila option works.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import re
import shutil
import sys
import time
from pathlib import Path
from typing import Any

from .iri_parser import skip_iri_parser

skip_iri_parser()  # before jupyter_server's imports: 2 s of the server's start

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from jupyter_core.utils import run_sync
from jupyter_server.base.handlers import FileFindHandler
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager, ServerKernelManager
from jupyter_server.utils import ensure_async, url_path_join
from tornado.ioloop import IOLoop
from tornado.iostream import StreamClosedError
from tornado.web import HTTPError
from tornado.websocket import WebSocketClosedError
from traitlets import Float, Int, TraitError, Unicode, default
from voila.app import Voila
from voila.handler import VoilaHandler
from voila.request_info_handler import RequestInfoSocketHandler
from voila.treehandler import VoilaTreeHandler

from .class_full import RETRY_AFTER_S, STATUS, class_full_language, class_full_page
from .kernel_limit import PageKernels, default_max_kernels
from .page_options_socket import PageOptionsSocket

#: Folder holding ``voila/templates/samurai`` (prepended to ``JUPYTER_PATH``).
DATA_DIR = Path(__file__).resolve().parent / "voila_data"


class _SetsXsrfCookie:
    """Mixin for page handlers: touching ``xsrf_token`` makes tornado set the ``_xsrf`` cookie."""

    async def prepare(self):  # type: ignore[no-untyped-def]
        result = await super().prepare()  # type: ignore[misc]
        self.xsrf_token  # noqa: B018 - the property sets the cookie the unload beacon sends back
        return result


def _mixed(mixin: type, handler: type) -> type:
    """``handler`` with ``mixin`` before it."""
    return type(f"{mixin.__name__.strip('_')}{handler.__name__}", (mixin, handler), {})


#: Address options voila would obey and ``serve`` ignores (another template's stylesheets, from a CDN).
IGNORED_OPTIONS = frozenset({"template", "theme"})


class _ClassPage(_SetsXsrfCookie):
    """Mixin for the app pages' handler: the kernel limit (a page past it gets the "class is full"
    page at once), the prepared pool shrinking as it is used, and no ``?template=`` or ``?theme=``."""

    _place: Any = None

    def get_argument(self, name: str, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        if name in IGNORED_OPTIONS:
            return args[0] if args else kwargs.get("default")
        return super().get_argument(name, *args, **kwargs)  # type: ignore[misc]

    def _notebook(self) -> str:
        return str(getattr(self, "notebook_path", None) or (self.path_args[0] if self.path_args else ""))  # type: ignore[attr-defined]

    async def prepare(self):  # type: ignore[no-untyped-def]
        result = await super().prepare()
        notebook = self._notebook()
        if self._finished or not notebook.endswith(".ipynb"):  # type: ignore[attr-defined]
            return result
        km = self.kernel_manager  # type: ignore[attr-defined]
        pages = _page_request_seen(km)
        if pages is not None:
            running = set(km.list_kernel_ids())
            self._place = pages.admit(running)
            if self._place is None and km.make_room() is not None:
                self._place = pages.admit(running)
            if self._place is None:
                self._class_full(notebook)
                return result
        shrink_prepared_pool(km, notebook)
        return result

    def _class_full(self, notebook: str) -> None:
        request = self.request  # type: ignore[attr-defined]
        lang = class_full_language(request.query, request.headers.get("Accept-Language"), notebook)
        self.log.warning("The class is full: %s answered with %s.", request.path, STATUS)  # type: ignore[attr-defined]
        self.set_status(STATUS)  # type: ignore[attr-defined]
        self.set_header("Retry-After", str(RETRY_AFTER_S))  # type: ignore[attr-defined]
        self.set_header("Content-Type", "text/html; charset=UTF-8")  # type: ignore[attr-defined]
        self.set_header("Cache-Control", "no-store")  # type: ignore[attr-defined]
        self.finish(class_full_page(lang))  # type: ignore[attr-defined]

    def _give_back_place(self) -> None:
        pages = _page_request_seen(self.kernel_manager)  # type: ignore[attr-defined]
        if pages is not None:
            pages.release(self._place)

    def on_finish(self) -> None:
        self._give_back_place()
        super().on_finish()  # type: ignore[misc]

    def on_connection_close(self) -> None:
        self._give_back_place()
        super().on_connection_close()  # type: ignore[misc]


def _page_request_seen(km: Any) -> PageKernels | None:
    """A page request began or ended: the grace of kernels no page has connected to starts again; ``km.pages``."""
    getattr(km, "page_request_seen", lambda: None)()
    return getattr(km, "pages", None)


def shrink_prepared_pool(km: Any, notebook: str) -> None:
    """A page of ``notebook`` is about to take a preheated kernel: a pool larger than voila's usual
    size (``serve --prepare``) is not refilled for it."""
    pools = getattr(km, "kernel_pools_config", None)
    if not pools or not km.get_pool_size(notebook):
        return
    usual = max(pools.get("default", {}).get("pool_size", 1), 1)
    mine = pools.get(notebook)
    if mine is not None and mine.get("pool_size", usual) > usual:
        mine["pool_size"] -= 1


#: What a page's websocket client gets instead of a traceback (without ``--debug``).
TRACEBACK_REPLACEMENT = "An error occurred; the person running `samurai-lab serve` sees its details in its terminal."


class ClassroomKernel(ServerKernelManager):
    """A page's kernel. With ``allow_tracebacks`` off, jupyter_server's websocket connection asks the
    kernel's own manager (not the mapping one, which has it) for the words replacing a traceback: an
    ``AttributeError`` without this, and the error message was dropped with a traceback in the terminal."""

    traceback_replacement_message = Unicode(TRACEBACK_REPLACEMENT, config=True)


class ClassroomKernelManager(AsyncMappingKernelManager):
    """The kernels of a class's server: at most ``max_kernels`` serving pages (:attr:`pages`), and
    the culler of a busy class. A kernel whose page has connected and gone is culled as usual (idle
    ``cull_idle_timeout`` with no connection); a kernel no page has connected to (a request that
    never loaded its page, or one still loading its scripts) after ``unconnected_grace`` seconds
    idle with no page request begun or ended meanwhile (a class arriving keeps the server busy, and
    its pages connect late), or after ``evict_after`` when the class is full and a new page needs its place
    (:meth:`make_room`). A busy kernel (a page's notebook still running) is never culled.

    voila's preheated pool keeps its own protection (voila's kernel manager wraps this class). A
    kernel still starting, with no activity yet, is passed over (jupyter_server's own check would
    fail on it and log an error)."""

    unconnected_grace = Float(45.0, config=True,
                              help="Seconds a kernel no page has connected to may stay idle.")
    max_kernels = Int(0, config=True,
                      help="Pages served at once (one kernel each); 0: sized from the memory.")
    evict_after = Float(15.0, config=True,
                        help="When the class is full, a kernel no page connected to, idle this long, "
                             "makes room for a new page.")

    @default("kernel_manager_class")
    def _kernel_class(self) -> str:
        return "samurai_lab.tools.voila_app.ClassroomKernel"

    @default("traceback_replacement_message")
    def _traceback_words(self) -> str:
        return TRACEBACK_REPLACEMENT

    def __init__(self, **kwargs):  # type: ignore[no-untyped-def]
        super().__init__(**kwargs)
        self._ever_connected: set[str] = set()
        self._pages: PageKernels | None = None
        self._last_page_request = time.monotonic()

    def page_request_seen(self) -> None:
        """A page request began or ended (see :meth:`cull_kernel_if_idle`)."""
        self._last_page_request = time.monotonic()

    @property
    def pages(self) -> PageKernels:
        """The kernels serving pages, against the limit (sized once the preheated pools are known)."""
        if self._pages is None:
            pooled = sum(len(pool) for pool in getattr(self, "_pools", {}).values())
            self._pages = PageKernels(self.max_kernels or default_max_kernels(pooled))
            self.log.info("At most %d pages are served at once.", self._pages.limit)
        return self._pages

    async def start_kernel(self, **kwargs):  # type: ignore[no-untyped-def]
        kernel_id = await super().start_kernel(**kwargs)
        if (kwargs.get("env") or {}).get("VOILA_PREHEAT") == "False":  # a page's own kernel, not the pool's
            self.pages.handed(kernel_id)
        return kernel_id

    async def shutdown_kernel(self, kernel_id: str, *args, **kwargs):  # type: ignore[no-untyped-def]
        self.pages.stopped(kernel_id)
        PageOptionsSocket.pending.pop(kernel_id, None)
        return await super().shutdown_kernel(kernel_id, *args, **kwargs)

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)
        self._ever_connected.add(kernel_id)

    def _unconnected_idle(self, kernel_id: str) -> float | None:
        """Seconds an idle kernel no page has connected to has been idle (None: connected once,
        busy, still starting or gone)."""
        from jupyter_server._tz import utcnow

        kernel = self._kernels.get(kernel_id)
        if kernel is None or kernel_id in self._ever_connected or getattr(kernel, "execution_state", None) == "busy":
            return None
        try:
            last = kernel.last_activity
        except TraitError:  # still starting
            return None
        return (utcnow() - last).total_seconds() if last is not None else None

    def make_room(self) -> str | None:
        """The class is full: stop the page kernel that has waited longest, idle ``evict_after``
        seconds or more, for a page that never connected (a request that never loaded its page);
        return its id (None: every page is in use)."""
        waiting = [(idle, k) for k in self.pages.kernels
                   if (idle := self._unconnected_idle(k)) is not None and idle >= self.evict_after]
        if not waiting:
            return None
        idle, kernel_id = max(waiting)
        self.log.warning("The class is full: stopping kernel %s, no page connected to it for %d seconds.",
                         kernel_id, idle)
        self.pages.stopped(kernel_id)
        asyncio.ensure_future(ensure_async(self.shutdown_kernel(kernel_id)))
        return kernel_id

    async def cull_kernel_if_idle(self, kernel_id: str):  # type: ignore[no-untyped-def]
        kernel = self._kernels.get(kernel_id)
        if kernel is None:  # stopped (its page closed) since the culler listed the kernels
            return None
        try:
            last = kernel.last_activity
        except TraitError:  # a kernel still starting (a pool's new one) has no activity yet: not idle
            return None
        if kernel_id not in self._ever_connected:
            idle = self._unconnected_idle(kernel_id)
            if idle is not None:  # its grace counts from the end of the last page request too (see the class)
                idle = min(idle, time.monotonic() - self._last_page_request)
            if idle is None or idle < self.unconnected_grace:
                return None
            self.log.warning("Culling kernel %s: no page connected to it within %d seconds.", kernel_id, idle)
            with contextlib.suppress(KeyError):  # stopped meanwhile
                await ensure_async(self.shutdown_kernel(kernel_id))
            return None
        try:
            return await ensure_async(super().cull_kernel_if_idle(kernel_id))
        except KeyError:
            if kernel_id in self._kernels:
                raise
            return None  # the kernel stopped while it was looked at (its page closed): nothing to cull


def quiet_when_page_gone(loop: asyncio.AbstractEventLoop, context: dict) -> None:
    """The event loop's exception handler: a write to a page's websocket that failed because the page
    had closed meanwhile (jupyter_server leaves that task's exception unread, and asyncio would print
    it as a traceback in the terminal of ``serve``) is expected in a class, and logged at debug level
    only; anything else goes to asyncio's default handler."""
    if isinstance(context.get("exception"), (WebSocketClosedError, StreamClosedError)):
        logging.getLogger(__name__).debug("a page closed while the server wrote to it: %s", context.get("message"))
        return
    loop.default_exception_handler(context)


def prepared_pools(text: str) -> dict[str, int]:
    """``"explorer.ipynb:30,examples.ipynb:10"`` as ``{"explorer.ipynb": 30, "examples.ipynb": 10}``."""
    items = (part.strip().rpartition(":") for part in text.split(",") if part.strip())
    return {name: int(size) for name, _, size in items}


def pools_config(pools: dict[str, int], usual: int = 1) -> dict[str, dict[str, int]]:
    """voila's ``kernel_pools_config`` for :func:`prepared_pools`: an app named gets its size (at least
    ``usual``, voila's per app) or none (0); the others ``usual``, or the size of ``*``."""
    return {"default": {"pool_size": pools.get("*", usual)},
            **{name: {"pool_size": size and max(size, usual)} for name, size in pools.items() if name != "*"}}


class CompiledTemplates(BytecodeCache):
    """Jinja's compiled templates kept in memory for every environment of this process."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self.compiled.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


def compile_templates_once(cache: BytecodeCache | None = None) -> None:
    """Give every page's Jinja environment (voila's exporter makes one per page) the one ``cache``: each template
    is parsed and compiled once per server (one changed on disk anew: its source's checksum is the key)."""
    from voila.exporter import VoilaExporter

    create = getattr(VoilaExporter._create_environment, "__wrapped__", VoilaExporter._create_environment)
    shared = cache or CompiledTemplates()

    @functools.wraps(create)
    def create_environment(self: Any) -> Any:
        environment = create(self)
        environment.bytecode_cache = shared
        return environment

    VoilaExporter._create_environment = create_environment  # type: ignore[method-assign]


#: Rounds of stopping every kernel when the server stops (a kernel stopped meanwhile fails a round).
STOP_ATTEMPTS = 3


#: The name of a front-end file that carries the hash of its content (webpack's 20 hex digits), as ``?v=`` does.
_HASHED_NAME = re.compile(r"\.[0-9a-f]{20}\.js$")


class VersionedFiles(FileFindHandler):
    """voila's extensions' scripts (``voila/labextensions``, sent with ``Cache-Control: no-cache``), cached by
    browsers when their address names their content (``immutable``): a page then loads them from the browser's
    cache instead of asking the server for each of two dozen; the files without a hash are still checked."""

    def set_headers(self) -> None:
        super().set_headers()
        if "v" in self.request.arguments or _HASHED_NAME.search(self.request.path):
            self.set_header("Cache-Control", f"max-age={self.CACHE_MAX_AGE}, immutable")


class SamuraiVoila(Voila):
    """voila for a class (see the module's notes)."""

    prepare = Unicode("", config=True,
                      help="Kernels to start before the class arrives: 'explorer.ipynb:30,examples.ipynb:10'; "
                           "0: none for that app; '*:0': none for the apps not named.")

    def init_settings(self) -> dict:
        compile_templates_once()
        chosen = "default_provisioner_name" in self.config.KernelProvisionerFactory
        if not chosen and not os.environ.get("JUPYTER_DEFAULT_PROVISIONER_NAME"):
            from .kernel_forks import PROVISIONER

            self.config.KernelProvisionerFactory.default_provisioner_name = PROVISIONER
        pools = prepared_pools(self.prepare)
        if pools and self.voila_configuration.preheat_kernel:
            usual = max(self.voila_configuration.default_pool_size, 0)
            self.config.VoilaKernelManager.kernel_pools_config = pools_config(pools, usual)
        return super().init_settings()

    def listen(self) -> None:
        IOLoop.current().asyncio_loop.set_exception_handler(quiet_when_page_gone)  # type: ignore[attr-defined]
        super().listen()

    def stop(self) -> None:
        """voila's stop, with every kernel killed at once: a kernel asked to shut down while it runs
        its cell (a preheated one waits there for its page) printed ipykernel's tracebacks in the
        terminal of ``serve``. The server is going away: no kernel has anything left to keep."""
        shutil.rmtree(self.connection_dir, ignore_errors=True)
        for _ in range(STOP_ATTEMPTS):
            try:
                run_sync(self.kernel_manager.shutdown_all)(now=True)
                return
            except (KeyError, HTTPError):  # a kernel stopped meanwhile (its page closed): the others again
                continue

    def init_handlers(self) -> list:
        import voila.handler

        # voila's page handler hands each request to the socket class it imported: ours instead.
        voila.handler.RequestInfoSocketHandler = PageOptionsSocket  # type: ignore[misc]
        pages = getattr(getattr(self, "kernel_manager", None), "pages", None)
        PageOptionsSocket.on_handed = pages.handed if pages is not None else None
        handlers = []
        for pattern, handler, *rest in super().init_handlers():
            if handler is RequestInfoSocketHandler:
                handler = PageOptionsSocket
            elif isinstance(handler, type) and issubclass(handler, VoilaHandler):
                handler = _mixed(_ClassPage, handler)
            elif isinstance(handler, type) and issubclass(handler, VoilaTreeHandler):
                handler = _mixed(_SetsXsrfCookie, handler)
            elif handler is FileFindHandler and pattern.endswith("/voila/labextensions/(.*)"):
                handler = VersionedFiles
            handlers.append((pattern, handler, *rest))
        return self._play_handlers() + handlers

    def _play_handlers(self) -> list:
        """The game service's API beside the pages (play with others), over the store ``serve`` names
        (``$SAMURAI_STORE``; without one, as under a plain voila, there is no game service)."""
        from .play.api import handlers as api_handlers
        from .play.service import GameService
        from .play.store import Store, StoreError

        where = os.environ.get("SAMURAI_STORE")
        if not where:
            return []
        try:
            store = Store.open(where)
        except StoreError as e:
            self.log.warning("play with others is off: %s", e)
            return []
        self.play_service = GameService(store)
        self.play_service.resume()
        return api_handlers(self.play_service, url_path_join(self.server_url, "samurai/api"))


#: The variables voila gives a kernel from its page's request (as CGI does): never inherited by a server.
REQUEST_VARIABLES = ("QUERY_STRING", "SCRIPT_NAME", "PATH_INFO", "SERVER_NAME", "SERVER_PORT",
                     "SERVER_PROTOCOL", "SERVER_SOFTWARE")


def data_path_env(env: dict[str, str] | None = None) -> dict[str, str]:
    """``env`` (default: this process's) with :data:`DATA_DIR` first on ``JUPYTER_PATH`` and without
    :data:`REQUEST_VARIABLES` (every kernel inherits the server's environment: a stray
    ``QUERY_STRING`` there would be every page's options)."""
    env = {k: v for k, v in (os.environ if env is None else env).items() if k not in REQUEST_VARIABLES}
    parts = [str(DATA_DIR)] + [p for p in env.get("JUPYTER_PATH", "").split(os.pathsep) if p and p != str(DATA_DIR)]
    env["JUPYTER_PATH"] = os.pathsep.join(parts)
    return env


def main(argv: list[str] | None = None) -> None:
    """Run :class:`SamuraiVoila` with voila's command line (the ``samurai`` template is found)."""
    for name in REQUEST_VARIABLES:
        os.environ.pop(name, None)
    os.environ.update(data_path_env())
    SamuraiVoila.launch_instance(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    main()
