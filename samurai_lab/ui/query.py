"""The options of an app's address: ``explorer.ipynb?players=3&edition=2015``.

::

    q = query_params({"players", "edition"})
    n = q.integer("players", 4, 2, 4)
    edition = q.choice("edition", ("1998", "2015"), "1998")
    q.report(feedback)

Under voila with preheated kernels (``samurai-lab serve``) the notebook runs before anyone asks for the page:
it waits for the request on voila's ``voila/query/<kernel>`` websocket, as ``voila.utils.get_query_string()``
does, without importing ``voila.utils`` (the whole Jupyter server: seconds of CPU per kernel); an app builds
its widgets first, then reads the query, so the wait costs nothing. It asks again
every :data:`REQUEST_POLL_S` seconds, and a server that fails :data:`REQUEST_ATTEMPTS` times in a row gives
the defaults, with a warning. Under plain voila the query string is in ``$QUERY_STRING``; elsewhere there is
none. Unknown or malformed options never raise: each becomes one line of :meth:`Query.message`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Iterable, Sequence
from urllib.parse import parse_qsl

from ..common.limits import MAX_SEED, shortened
from ..i18n import Domain

T = Domain("ui")

#: Options that belong to the server or to voila, not to an app: never reported as unknown.
SERVER_OPTIONS = frozenset({"token", "template", "theme", "voila-template", "voila-theme"})
#: Options every page understands (its header's): never reported as unknown by an app.
PAGE_OPTIONS = frozenset({"lang", "projector", "coordinates"})
#: Longest option value accepted (a position string is about 1,000 characters).
MAX_VALUE = 4000
#: Longest wait for the request on one connection; then the kernel asks again.
REQUEST_POLL_S = 15.0
#: Refused or failed connections in a row after which the page takes its defaults.
REQUEST_ATTEMPTS = 3


#: Whether this process has read its request (``lost``: the server never gave it, the defaults are shown, with a
#: warning). Kept in the process, never in ``os.environ``: a kernel inherits the server's environment.
_request = SimpleNamespace(read=False, lost=False)


def request_info_url() -> str:
    """The websocket where voila gives a preheated kernel its request (as ``voila.utils.wait_for_request``)."""
    server_url = os.environ.get("VOILA_SERVER_URL", "/")
    return (f"{os.environ.get('VOILA_WS_PROTOCOL', 'ws')}://{os.environ.get('VOILA_APP_IP', '127.0.0.1')}:"
            f"{os.environ.get('VOILA_APP_PORT', '8866')}{os.environ.get('VOILA_WS_BASE_URL', server_url)}"
            f"voila/query/{os.environ.get('VOILA_KERNEL_ID', '')}")


def wait_for_request() -> None:
    """Block until voila sends this preheated kernel its request; put its variables in ``os.environ``."""
    import asyncio
    import json
    import threading

    try:
        from websockets.asyncio.client import connect
    except ImportError:  # an old websockets: voila's own helper does the same
        from voila.utils import wait_for_request as voila_wait

        voila_wait()
        return

    url = request_info_url()
    result: dict[str, object] = {}

    async def receive() -> object:
        failures = 0
        while True:
            try:
                async with connect(url, open_timeout=10, max_size=2**22) as ws:
                    try:
                        return await asyncio.wait_for(ws.recv(), REQUEST_POLL_S)
                    except asyncio.TimeoutError:
                        failures = 0  # the server is there: ask again (it keeps what came meanwhile)
                        continue
            except Exception:  # noqa: BLE001 - refused, closed or unreachable
                failures += 1
                if failures >= REQUEST_ATTEMPTS:
                    raise
                await asyncio.sleep(1.0)

    def run() -> None:  # in a thread of its own: the kernel's event loop is running
        try:
            result["info"] = asyncio.run(receive())
        except Exception as e:  # noqa: BLE001 - reported by the caller as "no options"
            result["error"] = e

    thread = threading.Thread(target=run, name="voila-request", daemon=True)
    thread.start()
    thread.join()
    info = result.get("info")
    if isinstance(info, (str, bytes)):
        os.environ.update({str(key): str(value) for key, value in json.loads(info).items()})
    else:
        _request.lost = True
        import sys

        print(f"samurai_lab: the page's request never reached this kernel ({result.get('error')!r}); "
              "its options take their defaults", file=sys.__stderr__, flush=True)
    _request.read = True


def query_string() -> str:
    """The query string of the request that opened this page ('' outside voila)."""
    if os.environ.get("VOILA_PREHEAT") == "True" and not _request.read:
        wait_for_request()
    return os.environ.get("QUERY_STRING", "")


@dataclass
class Query:
    """An address's options: ``values`` (the last value of each allowed key) and ``problems``."""

    values: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def __contains__(self, key: str) -> bool:
        return key in self.values

    def text(self, key: str, default: str | None = None) -> str | None:
        """The option's value as given (stripped), or ``default``."""
        return self.values.get(key, "").strip() or default

    def integer(self, key: str, default: int, low: int | None = None, high: int | None = None) -> int:
        """A whole number between ``low`` and ``high``, or ``default`` (a problem is noted)."""
        raw = self.text(key)
        if raw is None:
            return default
        try:
            value = int(raw)
        except ValueError:  # not a number, or one of thousands of digits (never Python's words about it)
            self.problems.append(T.gettext("{option} is not a whole number").format(option=f"{key}={shortened(raw)}"))
            return default
        if (low is not None and value < low) or (high is not None and value > high):
            shown = str(value) if len(str(value)) <= 24 else shortened(str(value))
            span = (T.gettext("from {low} to {high}").format(low=low, high=high) if low is not None and high is not None
                    else T.gettext("at least {low}").format(low=low) if low is not None
                    else T.gettext("at most {high}").format(high=high))
            self.problems.append(T.gettext("{option} is out of range ({span})").format(option=f"{key}={shown}",
                                                                                      span=span))
            return default
        return value

    def seed(self, key: str, default: int) -> int:
        """A seed: a whole number from 0 to ``common.limits.MAX_SEED``, or ``default`` (a problem is noted)."""
        return self.integer(key, default, 0, MAX_SEED)

    def choice(self, key: str, choices: Sequence[str], default: str | None = None) -> str | None:
        """One of ``choices`` (matched without regard to case), or ``default`` (a problem is noted)."""
        raw = self.text(key)
        if raw is None:
            return default
        for c in choices:
            if c.lower() == raw.lower():
                return c
        self.problems.append(T.gettext("{option} is not one of {choices}").format(option=f"{key}={raw!r}",
                                                                                 choices=", ".join(choices)))
        return default

    def message(self) -> str:
        """The problems in one message ('' when there is none)."""
        if not self.problems:
            return ""
        return T.gettext("The address has options this app cannot use, so their defaults are shown: "
                         "{problems}.").format(problems="; ".join(self.problems))

    def report(self, feedback) -> None:
        """Show :meth:`message` as a warning in an app's ``Feedback`` (nothing when all is well)."""
        if self.problems:
            feedback.show(self.message(), "warning")


def parse_query(query: str, allowed: Iterable[str]) -> Query:
    """The ``allowed`` options of ``query`` (a leading ``?`` is fine); others become problems."""
    allowed = frozenset(allowed)
    q = Query()
    unknown: list[str] = []
    try:
        pairs = parse_qsl(query.lstrip("?"), keep_blank_values=True, max_num_fields=50)
    except ValueError:
        q.problems.append(T.gettext("the address has too many options"))
        return q
    for key, value in pairs:
        if key in allowed:
            if len(value) > MAX_VALUE:
                q.problems.append(T.ngettext("{option} is too long ({n} character)", "{option} is too long ({n} characters)",
                                             len(value)).format(option=key, n=len(value)))
                continue
            q.values[key] = value
        elif key not in SERVER_OPTIONS and key not in PAGE_OPTIONS and key not in unknown:
            unknown.append(key)
    if unknown:
        names = ", ".join(repr(k) for k in unknown)
        known = ", ".join(sorted(allowed)) or T.gettext("none")
        q.problems.append(T.ngettext("unknown option {names} (this app knows: {known})",
                                     "unknown options {names} (this app knows: {known})",
                                     len(unknown)).format(names=names, known=known))
    return q


def query_params(allowed: Iterable[str], query: str | None = None) -> Query:
    """The options of the address that opened this app (see the module's notes), or of ``query``."""
    if query is not None:
        return parse_query(query, allowed)
    q = parse_query(query_string(), allowed)
    if _request.lost:
        q.problems.insert(0, T.gettext("the server did not pass the address on to this app"))
    return q
