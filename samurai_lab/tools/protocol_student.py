"""A student without a browser: what an app's page says to the server, spoken directly.

A voila page is an HTML document (``GET /voila/render/<app>.ipynb``) naming its kernel, the
static files of the page (fetched once per device, then cached), and one websocket to the kernel
(``/api/kernels/<id>/channels``, Jupyter's ``v1.kernel.websocket.jupyter.org`` protocol) over which
the page's widget manager speaks ipywidgets' comm protocol. :class:`WidgetPage` does what the page
does, in the order Chromium does it (recorded from a real page):

1. ``kernel_info_request``; a ``jupyter.widget.control`` comm asks for every widget's state
   (``request_states`` → ``update_states``) and is closed;
2. every canvas says ``client_ready`` (ipycanvas then draws), the board's page script reports the
   room the board has (``{"w":…, "vw":…, "vh":…, "top":…, "dpr":…}`` into the board's hidden text
   widget), and the kernel fits and redraws the board: the page is ready;
3. a button click is ``{"method": "custom", "content": {"event": "click"}}`` on the button's comm;
   a click on the board is ``mouse_move``, ``mouse_down``, ``mouse_up`` (canvas backing pixels) on
   the board's ``MultiCanvas`` comm;
4. closing the page posts voila's unload beacon (``POST /voila/api/shutdown/<id>`` with the
   ``_xsrf`` cookie's value); a page that vanishes just drops its websocket.

A click is timed from its first message to the first reply it causes that changes what the student
sees: a canvas drawing (a ``custom`` message with buffers to the canvas manager) or a new value of
one of the widgets named for that click. Only 127.0.0.1 is ever contacted, and every wait is bounded.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable
from urllib.parse import urlencode, urlsplit

from .bench_classroom_tally import ACTION_TIMEOUT_S, LOAD_TIMEOUT_S, Student, Tally

#: The websocket subprotocol of JupyterLab's kernel connection (and so of voila's pages).
WS_PROTOCOL = "v1.kernel.websocket.jupyter.org"
#: The version of ipywidgets' control comm (``jupyter.widget.control``) the page speaks.
CONTROL_PROTOCOL = "1.0.0"
#: What the board's page script reports on a 1366×900 window (recorded from Chromium).
BOARD_ROOM = {"w": 612, "vw": 1366, "vh": 900, "dpr": 1}
_KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')
_VIEW = re.compile(r'"application/vnd\.jupyter\.widget-view\+json":\s*\{"model_id":\s*"([0-9a-f]+)"')
_REF = re.compile(r'IPY_MODEL_([0-9a-f]+)|"model_id":\s*"([0-9a-f]+)"')
_ASSET = re.compile(r'(?:src|href)="([^"#]+\.(?:js|css|woff2?)(?:\?[^"]*)?)"')


class PageError(Exception):
    """The page did not load or did not answer as a browser's page expects."""


def pack(channel: str, header: dict[str, Any], content: dict[str, Any], metadata: dict[str, Any] | None = None) -> bytes:
    """One message in the v1 websocket protocol (jupyter_server's own serializer)."""
    from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

    parts = [json.dumps(x).encode() for x in (header, {}, metadata or {}, content)]
    return serialize_msg_to_ws_v1(parts, channel)


def unpack(frame: bytes) -> tuple[str, dict[str, Any], dict[str, Any], dict[str, Any], list[bytes]]:
    """(channel, header, parent header, content, buffers) of a v1 websocket frame."""
    from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1

    channel, parts = deserialize_msg_from_ws_v1(frame)
    header, parent, _meta, content = (json.loads(p) for p in parts[:4])
    return channel, header, parent, content, list(parts[4:])


@dataclass
class _Waiter:
    parents: set[str]
    accept: Callable[[str, dict[str, Any]], bool]
    future: asyncio.Future


@dataclass
class WidgetPage:
    """One app page of one student: its cookies, kernel websocket and widget models."""

    base: str
    cookies: dict[str, str] = field(default_factory=dict)
    kernel_id: str = ""
    roots: list[str] = field(default_factory=list)  # the widgets the page's cells display
    models: dict[str, dict[str, Any]] = field(default_factory=dict)  # comm id -> {"name", "state"}
    kernel_errors: list[str] = field(default_factory=list)
    _session: str = field(default_factory=lambda: uuid.uuid4().hex)
    _ws: Any = None
    _client: Any = None
    _reader: asyncio.Task | None = None
    _waiters: list[_Waiter] = field(default_factory=list)

    # --- HTTP ---------------------------------------------------------------------------------------

    def _http(self) -> Any:
        """This page's HTTP client: six connections at a time, as a browser opens to one server."""
        if self._client is None:
            from tornado.httpclient import AsyncHTTPClient

            self._client = AsyncHTTPClient(force_instance=True, max_clients=6)
        return self._client

    def _cookie_header(self) -> dict[str, str]:
        return {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())} if self.cookies else {}

    def _keep_cookies(self, response: Any) -> None:
        for line in response.headers.get_list("Set-Cookie"):
            name, _, rest = line.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]

    async def fetch(self, path: str, timeout: float, **kwargs: Any) -> Any:
        """An HTTP request to the server (127.0.0.1 only), with this page's cookies."""
        url = path if path.startswith("http") else self.base + path
        if urlsplit(url).hostname not in ("127.0.0.1", "localhost"):
            raise PageError(f"not a local address: {url}")
        headers = {**self._cookie_header(), "Accept-Language": "en", **kwargs.pop("headers", {})}
        response = await self._http().fetch(url, request_timeout=timeout, connect_timeout=min(timeout, 30),
                                            headers=headers, raise_error=False, **kwargs)
        self._keep_cookies(response)
        return response

    async def fetch_assets(self, urls: Iterable[str], timeout: float) -> int:
        """Fetch a page's static files as a browser with an empty cache does (six at a time)."""
        urls = list(dict.fromkeys(urls))
        limit = asyncio.Semaphore(6)

        async def one(u: str) -> None:
            async with limit:
                await self.fetch(u, timeout)

        await asyncio.gather(*(one(u) for u in urls))
        return len(urls)

    # --- the page -----------------------------------------------------------------------------------

    async def open(self, path: str, *, timeout: float, assets: Iterable[str] | None = None) -> float:
        """Load the page at ``path`` and its widgets, until the board is drawn at its room's size;
        return the seconds it took. ``assets`` (on a device's first page): the static files the page
        loads besides those its HTML names; None: all are in the browser's cache."""
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        t0 = time.monotonic()
        deadline = t0 + timeout

        def left() -> float:
            return max(1.0, deadline - time.monotonic())

        page = await self.fetch(path, timeout)
        if page.code != 200:
            raise PageError(f"{path}: HTTP {page.code}")
        html = page.body.decode("utf-8", "replace")
        found = _KERNEL_ID.search(html)
        if not found:
            raise PageError(f"{path}: no kernel in the page")
        self.kernel_id = found[1]
        self.roots = _VIEW.findall(html)
        if assets is not None:  # a device's first page: nothing cached yet
            await self.fetch_assets(list(_ASSET.findall(html)) + list(assets), left())
        await self.fetch(f"/api/kernels/{self.kernel_id}", left())
        ws_url = self.base.replace("http", "ws", 1) + f"/api/kernels/{self.kernel_id}/channels?session_id={self._session}"
        request = HTTPRequest(ws_url, headers=self._cookie_header(), connect_timeout=30, request_timeout=left())
        connecting = websocket_connect(request, subprotocols=[WS_PROTOCOL], max_message_size=256 * 2**20)
        self._ws = await asyncio.wait_for(connecting, left())
        self._reader = asyncio.create_task(self._read())

        info = self.send("shell", "kernel_info_request", {})
        await self._wait({info}, lambda kind, c: kind == "kernel_info_reply", deadline - time.monotonic())
        control = uuid.uuid4().hex
        self.send("shell", "comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                  {"version": CONTROL_PROTOCOL})
        ask = self.send("shell", "comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        states = await self._wait({ask}, lambda kind, c: c.get("data", {}).get("method") == "update_states",
                                  deadline - time.monotonic())
        for comm_id, model in states["data"]["states"].items():
            self.models[comm_id] = {"name": model["model_name"], "state": dict(model["state"])}
        self.send("shell", "comm_close", {"comm_id": control, "data": {}})
        for comm_id, m in self.models.items():
            if m["name"] == "CanvasModel" and m["state"].get("_send_client_ready_event"):
                self.custom(comm_id, {"event": "client_ready"})
        room = self.first("samurai-board-space")
        if room is None:
            return time.monotonic() - t0
        top = 184 if self.first("samurai-tile-button") else 96
        report = self.send("shell", "comm_msg", {"comm_id": room, "data": {
            "method": "update", "state": {"value": json.dumps({**BOARD_ROOM, "top": top}, separators=(",", ":"))},
            "buffer_paths": []}})
        await self._wait({report}, lambda kind, c: self._is_draw(c), deadline - time.monotonic())
        return time.monotonic() - t0

    async def close(self, *, beacon: bool = True, timeout: float = 30.0) -> None:
        """Leave the page: the unload beacon (``beacon``), then the websocket goes."""
        try:
            if beacon and self.kernel_id:
                token = self.cookies.get("_xsrf", "")
                await self.fetch(f"/voila/api/shutdown/{self.kernel_id}", timeout, method="POST",
                                 body=urlencode({"_xsrf": token}),
                                 headers={"Content-Type": "application/x-www-form-urlencoded"})
        finally:
            if self._ws is not None:
                self._ws.close()
            if self._reader is not None:
                self._reader.cancel()
            if self._client is not None:
                self._client.close()
                self._client = None
            for w in self._waiters:
                w.future.cancel()  # a done one is left as it is
            self._waiters.clear()

    # --- messages -----------------------------------------------------------------------------------

    def send(self, channel: str, msg_type: str, content: dict[str, Any], metadata: dict[str, Any] | None = None) -> str:
        """Send one message on the kernel websocket; return its id."""
        header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": self._session, "username": "",
                  "date": time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime()), "version": "5.2"}
        self._ws.write_message(pack(channel, header, content, metadata), binary=True)
        return header["msg_id"]

    def custom(self, comm_id: str, content: dict[str, Any]) -> str:
        """A widget's custom message (a click, a canvas event) as the front end sends it."""
        return self.send("shell", "comm_msg", {"comm_id": comm_id, "data": {"method": "custom", "content": content}})

    async def _read(self) -> None:
        while True:
            frame = await self._ws.read_message()
            if frame is None:
                return
            if isinstance(frame, str):
                continue
            _channel, header, parent, content, _buffers = unpack(frame)
            kind = header.get("msg_type", "")
            self._note(kind, content)
            parent_id = parent.get("msg_id", "")
            for w in list(self._waiters):
                if parent_id in w.parents and not w.future.done() and w.accept(kind, content):
                    w.future.set_result(content)
                    self._waiters.remove(w)

    def _note(self, kind: str, content: dict[str, Any]) -> None:
        """Keep the widget models as the page's widget manager does; note kernel errors."""
        if kind == "error":
            self.kernel_errors.append(f"{content.get('ename')}: {content.get('evalue')}"[:200])
        elif kind == "comm_open" and content.get("target_name") == "jupyter.widget":
            data = content.get("data", {})
            self.models[content["comm_id"]] = {"name": data.get("state", {}).get("_model_name", ""),
                                               "state": dict(data.get("state", {}))}
        elif kind == "comm_msg":
            data = content.get("data", {})
            model = self.models.get(content.get("comm_id", ""))
            if model is not None and data.get("method") in ("update", "echo_update"):
                model["state"].update(data.get("state", {}))

    def _is_draw(self, content: dict[str, Any]) -> bool:
        model = self.models.get(content.get("comm_id", ""))
        return (model is not None and model["name"] == "CanvasManagerModel"
                and content.get("data", {}).get("method") == "custom")

    async def _wait(self, parents: set[str], accept: Callable[[str, dict[str, Any]], bool],
                    timeout: float, sends: Callable[[], list[str]] | None = None) -> dict[str, Any]:
        """The first reply to a message of ``parents`` that ``accept`` takes; ``sends`` (which returns the
        ids of the messages it sends) is called once the wait is set, so that no reply is missed."""
        waiter = _Waiter(parents, accept, asyncio.get_running_loop().create_future())
        self._waiters.append(waiter)
        try:
            if sends is not None:
                parents.update(sends())
            return await asyncio.wait_for(waiter.future, max(0.1, timeout))
        finally:
            if waiter in self._waiters:
                self._waiters.remove(waiter)

    # --- the widgets ----------------------------------------------------------------------------------

    def shown(self) -> list[str]:
        """The widgets on the page, in the page's order: those the cells display and, depth first,
        every widget they hold (children, an Output's widgets). Widgets the kernel keeps but no
        longer shows (an earlier hand's buttons) are not among them."""
        seen: list[str] = []
        stack = list(reversed(self.roots))
        while stack:
            comm_id = stack.pop()
            if comm_id in seen or comm_id not in self.models:
                continue
            seen.append(comm_id)
            refs = [a or b for a, b in _REF.findall(json.dumps(self.models[comm_id]["state"]))]
            stack.extend(reversed(refs))
        return seen

    def with_class(self, css_class: str) -> list[str]:
        """The comm ids of the widgets on the page with that CSS class, in the page's order."""
        return [c for c in self.shown() if css_class in (self.models[c]["state"].get("_dom_classes") or ())]

    def first(self, css_class: str) -> str | None:
        return next(iter(self.with_class(css_class)), None)

    def state(self, comm_id: str) -> dict[str, Any]:
        return self.models[comm_id]["state"]

    async def timed(self, sends: Callable[[], list[str]], watch: Iterable[str], timeout: float) -> float:
        """Send a click (``sends`` returns the ids of its messages) and wait for its first reply that
        draws on a canvas or changes a widget of ``watch``; return the milliseconds."""
        watched = set(watch)

        def changes(kind: str, content: dict[str, Any]) -> bool:
            data = content.get("data", {}) if kind == "comm_msg" else {}
            return self._is_draw(content) or (data.get("method") == "update" and content.get("comm_id") in watched)

        t0 = time.monotonic()
        await self._wait(set(), changes, timeout, sends)
        return (time.monotonic() - t0) * 1000

    def click(self, comm_id: str) -> list[str]:
        """A button's click."""
        return [self.custom(comm_id, {"event": "click"})]

    def board_click(self, canvas: str, x: float, y: float) -> list[str]:
        """A mouse click on the board at backing pixel (x, y)."""
        return [self.custom(canvas, {"event": kind, "x": x, "y": y}) for kind in ("mouse_move", "mouse_down", "mouse_up")]


# --- the student's lesson -----------------------------------------------------------------------------

def _hex_pixel(page: WidgetPage, canvas: str, hex_index: int) -> tuple[float, float]:
    """Backing pixel of a hex on the explorer's board at the canvas's current size."""
    from ..knizia.core.board import board_for
    from ..knizia.render.layout import fit_layout

    state = page.state(canvas)
    return fit_layout(board_for(4), int(state["width"]), int(state["height"])).pixel_of(hex_index)


class ProtocolStudent(Student):
    """A student speaking the page's protocol (:class:`WidgetPage`); his first page fetches the static files
    (``assets``) of a device's empty cache."""

    kind = "protocol"

    def __init__(self, i: int, base: str, tally: Tally, think: tuple[float, float], assets: Iterable[str]) -> None:
        super().__init__(i, base, tally, think)
        self.assets: list[str] | None = list(assets)

    async def load(self, path: str, app: str) -> None:
        if self.page is not None:  # leaving for another app: the page unloads
            await self.page.close(beacon=True)
        await super().load(path, app)

    async def open(self, path: str) -> None:
        self.page = WidgetPage(self.base, cookies=dict(self.page.cookies) if self.page is not None else {})
        await self.page.open(path, timeout=LOAD_TIMEOUT_S, assets=self.assets)
        self.assets = None

    async def _timed(self, sends: Callable[[], list[str]], watch: Iterable[str | None], what: str) -> bool:
        at = time.monotonic()
        try:
            ms = await self.page.timed(sends, [w for w in watch if w], ACTION_TIMEOUT_S)
        except (Exception, asyncio.TimeoutError) as e:  # noqa: BLE001 - a failed action is a figure, not a crash
            self.tally.fail(what, e)
            return False
        self.tally.click(ms, at, "protocol")
        return True

    async def choose_tile(self, k: int) -> None:
        page = self.page
        self.canvas = page.first("samurai-board-canvas")
        tiles = page.with_class("samurai-tile-button")
        if self.canvas is None or len(tiles) <= k:
            raise PageError("the explorer shows no board or no hand")
        await self._timed(lambda: page.click(tiles[k]), [tiles[k], page.first("samurai-message")], "choose a tile")

    async def point_at(self, hex_index: int) -> None:
        x, y = self.point = _hex_pixel(self.page, self.canvas, hex_index)
        self.page.custom(self.canvas, {"event": "mouse_move", "x": x, "y": y})  # the pointer arrives: the hover preview

    async def click_board(self, watch: str, what: str) -> None:
        await self._timed(lambda: self.page.board_click(self.canvas, *self.point), [self.page.first(watch)], what)

    async def undo(self) -> None:
        page = self.page
        page.custom(self.canvas, {"event": "mouse_out", "x": 0, "y": 0})
        await self._timed(lambda: page.click(page.first("samurai-undo")), [page.first("samurai-history-step")], "undo")

    async def step(self) -> bool:
        page = self.page
        label, first, step = (page.first(f"samurai-step-{name}") for name in ("label", "first", "next"))
        if step is None or first is None:
            raise PageError("the example shows no step buttons")
        button = first if page.state(step).get("disabled") else step
        return await self._timed(lambda: page.click(button), [label], "step the example")

    async def check_app_message(self) -> None:
        page = self.page
        message = page.first("samurai-message")
        self.app_message(str(page.state(message).get("value", "")) if message else "")
        self.tally.app_errors.extend(f"{self.who}: kernel error {e}" for e in page.kernel_errors)
        page.kernel_errors.clear()

    async def leave(self, vanish: bool) -> None:
        if self.page is not None:
            await self.page.close(beacon=not vanish)
