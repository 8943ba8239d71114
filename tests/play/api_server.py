"""The game service's HTTP API on a free loopback port, in a thread of the test process, with a small
client that reads every answer as JSON."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import urllib.error
import urllib.request
from contextlib import contextmanager
from typing import Any, Iterator

from samurai_lab.tools.play.server import make_app
from samurai_lab.tools.play.service import GameService
from samurai_lab.tools.play.store import Store


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def api_server(store_url: str) -> Iterator["Client"]:
    """The API over a store at ``store_url``; yields a client of it."""
    store = Store.open(store_url)
    service = GameService(store)
    port = free_port()
    ready = threading.Event()
    holder: dict[str, Any] = {}

    def run() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        holder["loop"] = loop
        holder["server"] = make_app(service).listen(port, "127.0.0.1")
        ready.set()
        loop.run_forever()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    ready.wait(10)
    try:
        yield Client(f"http://127.0.0.1:{port}", service)
    finally:
        loop = holder["loop"]
        loop.call_soon_threadsafe(holder["server"].stop)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)
        service.close()
        store.close()


class Client:
    def __init__(self, base: str, service: GameService) -> None:
        self.base = base
        self.service = service

    def call(self, method: str, path: str, body: Any = None, token: str | None = None,
             raw: bytes | None = None, headers: dict | None = None) -> tuple[int, Any]:
        """(status, JSON answer) of one request."""
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        req = urllib.request.Request(self.base + path, data=data, method=method, headers=dict(headers or {}))
        if token is not None:
            req.add_header("Authorization", f"Bearer {token}")
        if data is not None:
            req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return r.status, json.loads(r.read() or b"null")
        except urllib.error.HTTPError as e:
            text = e.read()
            try:
                return e.code, json.loads(text)
            except ValueError:
                return e.code, text.decode(errors="replace")
