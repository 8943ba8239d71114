"""voila as ``samurai-lab serve`` runs it: ``python -m samurai_lab.tools.voila_app NOTEBOOKS [voila options]``.

Four differences from plain ``voila``, all for a class on one server:

* **Closed pages stop their kernels.** When a page closes, voila's front end
  sends ``POST voila/api/shutdown/<kernel>`` with the ``_xsrf`` cookie's value.
  voila 0.5 never sets that cookie on an app's page (a preheated page is even
  rendered before the request), so the server refuses the request (403) and
  the kernel lives on. Here every page sets the cookie, and the beacon works.
  The kernel culler (``serve``'s flags) stops the kernels of pages that close
  without a beacon (a crashed browser, a laptop that went to sleep).
* **A page still loading keeps its kernel.** :class:`ClassroomKernelManager`
  (``serve`` names it with ``--VoilaConfiguration.multi_kernel_manager_class``)
  culls only kernels whose page has connected and gone, or that no page has
  connected to for ``unconnected_grace`` (5 min).
* **Nothing is fetched from another host.** The ``samurai`` template (in
  ``voila_data/``, found through ``JUPYTER_PATH``) is voila's ``lab`` template
  without its FontAwesome stylesheets from a CDN: the icons come from the copy
  in voila's own static files. Its loading wheel is turned by a timer, not a
  CSS animation (see ``loading.macro.html.j2``).
* **A page that closes is not a traceback.** A page closing while the server
  writes to it is routine in a class: :func:`quiet_when_page_gone` logs it at
  debug level instead of asyncio's "Task exception was never retrieved". When
  the server stops, it kills its kernels at once (see ``SamuraiVoila.stop``).

Everything else is voila's: any voila option works.
"""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
import sys
from pathlib import Path

from jupyter_core.utils import run_sync
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import ensure_async
from tornado.ioloop import IOLoop
from tornado.iostream import StreamClosedError
from tornado.websocket import WebSocketClosedError
from traitlets import Float, TraitError
from voila.app import Voila
from voila.handler import VoilaHandler
from voila.treehandler import VoilaTreeHandler

#: Folder holding ``voila/templates/samurai`` (prepended to ``JUPYTER_PATH``).
DATA_DIR = Path(__file__).resolve().parent / "voila_data"
TEMPLATE = "samurai"


class _SetsXsrfCookie:
    """Mixin for page handlers: touching ``xsrf_token`` makes tornado set the ``_xsrf`` cookie."""

    async def prepare(self):  # type: ignore[no-untyped-def]
        result = await super().prepare()  # type: ignore[misc]
        self.xsrf_token  # noqa: B018 - the property sets the cookie the unload beacon sends back
        return result


def _with_cookie(handler: type) -> type:
    return type(f"Cookie{handler.__name__}", (_SetsXsrfCookie, handler), {})


class ClassroomKernelManager(AsyncMappingKernelManager):
    """The culler of a busy class: a kernel whose page has connected and gone is culled as usual
    (idle ``cull_idle_timeout`` with no connection); a kernel whose page never connected yet (a page
    still loading its scripts on a crowded server) only after ``unconnected_grace`` seconds idle.

    Without this, ``cull_connected=False`` with a short timeout culls the kernels of pages that are
    slow to load, and they never start. voila's preheated pool keeps its own protection (voila's
    kernel manager wraps this class). A kernel still starting, with no activity yet, is passed over
    (jupyter_server's own check would fail on it and log an error)."""

    unconnected_grace = Float(300.0, config=True,
                              help="Seconds a kernel no page has connected to yet may stay idle.")

    def __init__(self, **kwargs):  # type: ignore[no-untyped-def]
        super().__init__(**kwargs)
        self._ever_connected: set[str] = set()

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)
        self._ever_connected.add(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id: str):  # type: ignore[no-untyped-def]
        kernel = self._kernels.get(kernel_id)
        if kernel is None:  # stopped (its page closed) since the culler listed the kernels
            return None
        try:
            last = kernel.last_activity
        except TraitError:  # a kernel still starting (a pool's new one) has no activity yet: not idle
            return None
        if kernel_id not in self._ever_connected:
            from jupyter_server._tz import utcnow

            if last is not None and (utcnow() - last).total_seconds() < max(self.unconnected_grace,
                                                                             self.cull_idle_timeout):
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


class SamuraiVoila(Voila):
    """voila whose pages set the ``_xsrf`` cookie their kernel-shutdown beacon needs, and whose
    terminal is not filled with the tracebacks of pages that closed (:func:`quiet_when_page_gone`)."""

    def listen(self) -> None:
        IOLoop.current().asyncio_loop.set_exception_handler(quiet_when_page_gone)  # type: ignore[attr-defined]
        super().listen()

    def stop(self) -> None:
        """voila's stop, with every kernel killed at once: a kernel asked to shut down while it runs
        its cell (a preheated one waits there for its page) printed ipykernel's tracebacks in the
        terminal of ``serve``. The server is going away: no kernel has anything left to keep."""
        shutil.rmtree(self.connection_dir, ignore_errors=True)
        run_sync(self.kernel_manager.shutdown_all)(now=True)

    def init_handlers(self) -> list:
        handlers = []
        for spec in super().init_handlers():
            pattern, handler, *rest = spec
            if isinstance(handler, type) and issubclass(handler, (VoilaHandler, VoilaTreeHandler)):
                handler = _with_cookie(handler)
            handlers.append((pattern, handler, *rest))
        return handlers


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
    clean = data_path_env()
    for name in REQUEST_VARIABLES:
        os.environ.pop(name, None)
    os.environ.update(clean)
    SamuraiVoila.launch_instance(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    main()
