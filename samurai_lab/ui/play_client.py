"""A page's kernel as a client of the game service (``tools/play/api.py``): the same HTTP API that bots and
scripts use, with the seat's token, so a page only ever holds what its seat may see.

The service's address comes from ``serve`` (``$SAMURAI_PLAY_API``); :func:`follow` reads its stream of
moves in a thread and hands each one to the kernel's event loop, reconnecting (from the last ply seen)
when the server goes away and comes back.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import threading
import time
import urllib.error
import urllib.request
from typing import Any, Callable

API_ENV = "SAMURAI_PLAY_API"
TIMEOUT_S = 15.0
RETRY_S = (0.5, 1.0, 2.0, 4.0)


class PlayRefused(Exception):
    """The service said no (``status``, its words), or could not be reached (status 0)."""

    def __init__(self, status: int, words: str) -> None:
        super().__init__(words)
        self.status = status
        self.words = words


class PlayClient:
    """``create``, ``snapshot``, ``move``, ``mine`` and ``follow`` against the API at ``base``."""

    def __init__(self, base: str | None = None) -> None:
        self.base = base or os.environ.get(API_ENV, "").rstrip("/") or None  # none: the static site, a plain voila

    @property
    def available(self) -> bool:
        return self.base is not None

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        if self.base is None:
            raise PlayRefused(0, "there is no game service here: start the apps with samurai-lab serve")
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT_S) as answer:
                return json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as e:
            try:
                words = json.loads(e.read()).get("error", "")
            except (ValueError, AttributeError):
                words = ""
            raise PlayRefused(e.code, words or f"the game service answered {e.code}") from None
        except (urllib.error.URLError, OSError, ValueError):
            raise PlayRefused(0, "the game service cannot be reached: the server may be restarting") from None

    def create(self, body: dict) -> dict:
        return self.call("POST", "/games", body)

    def snapshot(self, game_id: str, token: str | None) -> dict:
        return self.call("GET", f"/games/{game_id}", token=token)

    def move(self, game_id: str, token: str, move: str, ply: int) -> dict:
        return self.call("POST", f"/games/{game_id}/moves", {"move": move, "ply": ply}, token=token)

    def mine(self, tokens: list[str]) -> list[dict]:
        return self.call("POST", "/mine", {"tokens": tokens})["games"]

    def follow(self, game_id: str, token: str | None, on_event: Callable[[dict], Any],
               on_connection: Callable[[bool], Any] = lambda up: None, since: int = 0) -> Callable[[], None]:
        """Call ``on_event(event)`` on the kernel's event loop after every move of the game (and
        ``on_connection(up)`` when the stream is lost or back); returns the function that stops following."""
        loop = asyncio.get_event_loop()
        stopped = threading.Event()
        state = {"ply": since}

        def deliver(fn: Callable, arg: Any) -> None:
            if not stopped.is_set():
                loop.call_soon_threadsafe(fn, arg)

        def read() -> None:
            failures = 0
            while not stopped.is_set():
                url = f"{self.base}/games/{game_id}/events?since={state['ply']}"
                request = urllib.request.Request(url)
                if token:
                    request.add_header("Authorization", f"Bearer {token}")
                with (contextlib.suppress(urllib.error.URLError, OSError, ValueError),
                      urllib.request.urlopen(request, timeout=60) as stream):
                    if failures:
                        deliver(on_connection, True)
                    failures = 0
                    for line in stream:
                        if stopped.is_set():
                            return
                        if line.startswith(b"data: "):
                            event = json.loads(line[6:])
                            if event.get("replayed") or event["ply"] < state["ply"]:
                                continue
                            state["ply"] = event["ply"] + 1
                            deliver(on_event, event)
                if stopped.is_set():
                    return
                if failures == 0:
                    deliver(on_connection, False)
                time.sleep(RETRY_S[min(failures, len(RETRY_S) - 1)])
                failures += 1

        if self.base is not None:
            threading.Thread(target=read, name=f"samurai-follow-{game_id}", daemon=True).start()
        return stopped.set
