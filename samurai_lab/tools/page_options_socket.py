"""The ``voila/query/<kernel>`` websocket: where a preheated kernel waits for its page's request.

voila's own handler (``voila.request_info_handler``) accepts any id, and when a socket it does not
know closes, it forgets the *last* waiting kernel instead: that kernel then waits forever, and the
next student who opens its app gets a page that never finishes. :class:`PageOptionsSocket` replaces
it (``SamuraiVoila`` routes ``voila/query/`` to it and hands it the requests voila's page handler
sends):

* a socket for a kernel the server does not run is closed at once and remembered nowhere;
* a closing socket removes only itself;
* a request that comes while its kernel is not connected is kept until the kernel asks again
  (``samurai_lab.ui.query`` asks again every few seconds) or stops;
* each request handed on tells the kernel limit that the kernel now serves a page
  (:attr:`PageOptionsSocket.on_handed`).
"""

from __future__ import annotations

import json
import logging
from typing import Any, Callable, ClassVar

from tornado.websocket import WebSocketHandler

#: Sockets one kernel id may hold open at once (its kernel needs one).
MAX_SOCKETS_PER_KERNEL = 4
#: Close code for a socket the server refuses (a kernel it does not run, or too many sockets).
REFUSED = 4004

log = logging.getLogger(__name__)


class PageOptionsSocket(WebSocketHandler):
    """A preheated kernel's wait for its page's request (voila's protocol: one JSON message)."""

    #: Open sockets by kernel id.
    waiters: ClassVar[dict[str, set["PageOptionsSocket"]]] = {}
    #: Requests whose kernel has not received them yet, by kernel id.
    pending: ClassVar[dict[str, Any]] = {}
    #: Called with a kernel's id when a page's request is handed to it (set by ``SamuraiVoila``).
    on_handed: ClassVar[Callable[[str], None] | None] = None

    kernel_id: str = ""

    def _running(self, kernel_id: str) -> bool:
        km = self.settings.get("kernel_manager")
        return km is not None and kernel_id in km

    def open(self, kernel_id: str) -> None:  # type: ignore[override]
        """Register the socket of a running kernel; refuse any other id (and a flood of sockets)."""
        waiting = self.waiters.get(kernel_id, set())
        if not self._running(kernel_id) or len(waiting) >= MAX_SOCKETS_PER_KERNEL:
            log.info("refused a page-options socket for %s", kernel_id[:60])
            self.close(REFUSED, "unknown kernel")
            return
        self.kernel_id = kernel_id
        self.waiters.setdefault(kernel_id, set()).add(self)
        self._forget_stopped_kernels()
        if kernel_id in self.pending:
            self.write_message(self.pending[kernel_id])

    def on_message(self, message: str | bytes) -> None:
        """The kernel sends nothing: anything sent is ignored."""

    def on_close(self) -> None:
        """Remove this socket, and only this one."""
        waiting = self.waiters.get(self.kernel_id, set())
        waiting.discard(self)
        if not waiting:
            self.waiters.pop(self.kernel_id, None)

    def _forget_stopped_kernels(self) -> None:
        for kernel_id in [k for k in self.pending if not self._running(k)]:
            del self.pending[kernel_id]

    @classmethod
    def send_updates(cls, msg: dict[str, Any]) -> None:
        """Hand a page's request to its kernel (called by voila's page handler, as voila's own)."""
        kernel_id, payload = msg["kernel_id"], msg["payload"]
        if cls.on_handed is not None:
            cls.on_handed(kernel_id)
        # kept until the kernel stops: a kernel whose socket closed before the write asks again
        cls.pending[kernel_id] = json.dumps(payload) if isinstance(payload, dict) else payload
        for waiter in list(cls.waiters.get(kernel_id, ())):
            try:
                waiter.write_message(cls.pending[kernel_id])
            except Exception:  # noqa: BLE001 - a socket closing now: the kernel asks again
                log.debug("the page-options socket of %s closed before the request", kernel_id, exc_info=True)
