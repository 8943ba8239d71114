"""The HTTP API of the game service (tornado handlers, served by ``samurai-lab serve`` beside voila and by
``samurai-lab play-service`` on a hub)::

    POST /samurai/api/games                 {"game", "seats" | "players", "rulings", "position"} → 201
    GET  /samurai/api/games/{id}            Authorization: Bearer <seat token> (none: the watchers' view)
    POST /samurai/api/games/{id}/moves      {"move": "<notation>", "ply": n} → 200 | 401 | 403 | 409 | 422
    GET  /samurai/api/games/{id}/events     server-sent events, one per move (``?since=ply`` replays)
    POST /samurai/api/mine                  {"tokens": [...]} → the games of this device, "your turn" marked
    POST /samurai/api/puzzles/tries         {"puzzle": "<id>", "solved": bool}, Bearer <player key> → the
                                            player's standing in its game (a first try rated once)
    GET  /samurai/api/puzzles/{game}        Bearer <player key> → his rating, its history, the puzzles he tried,
                                            the puzzles' ratings (``common/puzzle_ratings.py``'s shape)

Every refusal is JSON ``{"error": words}`` with its status; bodies are capped, and a client sending too
many requests is slowed with 429 (per seat, or per address without one), never able to stop other games.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import OrderedDict
from typing import Any

import tornado.iostream
import tornado.web

from .service import GameService, PlayError

PREFIX = "/samurai/api"
MAX_BODY = 16_384  #: bytes of a request body
KEEPALIVE_S = 15.0
MAX_STREAMS_PER_SEAT = 8  #: event streams a seat's token may hold at once (a page or two, reloads)
MAX_STREAMS_PER_WATCHER = 256  #: streams without a token from one address (every page of a serve is local)
MAX_STREAMS = 4_000  #: streams of the whole service


class Limiter:
    """Token buckets per client address: ``rate`` requests a second, ``burst`` at once."""

    def __init__(self, rate: float, burst: float, clients: int = 10_000) -> None:
        self.rate, self.burst, self.clients = rate, burst, clients
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def allow(self, key: str, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        level, last = self._buckets.pop(key, (self.burst, now))
        level = min(self.burst, level + (now - last) * self.rate)
        allowed = level >= 1.0
        self._buckets[key] = (level - 1.0 if allowed else level, now)
        while len(self._buckets) > self.clients:
            self._buckets.popitem(last=False)
        return allowed


class ApiHandler(tornado.web.RequestHandler):
    """JSON in and out; refusals in words; bearer tokens (so no cookie, and no XSRF check)."""

    limiter_name = "reads"

    def initialize(self, service: GameService, limiters: dict[str, Limiter]) -> None:
        self.service = service
        self.limiters = limiters

    def check_xsrf_cookie(self) -> None:  # the API authenticates by bearer token, never by cookie
        return

    def set_default_headers(self) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")

    def prepare(self) -> None:
        client = self.request.remote_ip or "?"
        try:
            key = (self.token() or client) if self.limiter_name != "games" else client
        except PlayError:
            key = client
        if not self.limiters[self.limiter_name].allow(key):
            self.set_header("Retry-After", "1")
            raise PlayError(429, "too many requests: slow down and try again in a second")
        if len(self.request.body or b"") > MAX_BODY:
            raise PlayError(413, f"the request is too large (at most {MAX_BODY} bytes)")

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        exc = kwargs.get("exc_info", (None, None, None))[1]
        if isinstance(exc, tornado.web.HTTPError) and exc.log_message:
            words = exc.log_message
        else:
            words = {404: "there is no such page of the API", 405: "this address does not take that method"}.get(
                status_code, "the game service could not answer")
        self.finish(json.dumps({"error": words}))

    def _handle_request_exception(self, e: BaseException) -> None:
        if isinstance(e, PlayError):
            self.set_status(e.status)
            self.finish(json.dumps({"error": e.words}))
            return
        super()._handle_request_exception(e)  # logged; the client reads only the sentence above

    def token(self) -> str | None:
        auth = self.request.headers.get("Authorization", "")
        if auth:
            kind, _, value = auth.partition(" ")
            if kind.lower() != "bearer" or not value.strip():
                raise PlayError(401, "send the seat's token as: Authorization: Bearer <token>")
            return value.strip()
        return self.get_query_argument("token", None)

    def body(self) -> dict:
        try:
            data = json.loads(self.request.body or b"{}")
        except (ValueError, UnicodeDecodeError):
            raise PlayError(400, "the body is not JSON") from None
        if not isinstance(data, dict):
            raise PlayError(400, "the body is a JSON object")
        return data

    def reply(self, data: Any, status: int = 200) -> None:
        self.set_status(status)
        self.finish(json.dumps(data))


class GamesHandler(ApiHandler):
    limiter_name = "games"

    def post(self) -> None:
        made = self.service.create(self.body())
        apps = self.settings.get("samurai_apps_url") or f"{self.request.protocol}://{self.request.host}/voila/render/"
        made["watch"] = apps + made["watch"]
        for seat in made["seats"]:
            if "link" in seat:
                seat["link"] = apps + seat["link"]
        self.reply(made, 201)


class GameHandler(ApiHandler):
    def get(self, game_id: str) -> None:
        self.reply(self.service.snapshot(game_id, self.token()))


class MovesHandler(ApiHandler):
    limiter_name = "moves"

    def post(self, game_id: str) -> None:
        body = self.body()
        self.reply(self.service.play(game_id, self.token(), body.get("move"), body.get("ply")))


class MineHandler(ApiHandler):
    def post(self) -> None:
        tokens = self.body().get("tokens")
        if not isinstance(tokens, list):
            raise PlayError(422, "send {\"tokens\": [...]}: the seats' tokens this device keeps")
        self.reply({"games": self.service.games_of(tokens[:100])})


class PuzzleTriesHandler(ApiHandler):
    limiter_name = "moves"

    def post(self) -> None:
        self.reply(self.service.puzzle_try(self.token(), self.body()))


class PuzzleStandingHandler(ApiHandler):
    def get(self, game: str) -> None:
        self.reply(self.service.puzzle_standing(self.token(), game))


class EventsHandler(ApiHandler):
    """Server-sent events: ``event: move`` with the move as the seat sees it, and keep-alive comments."""

    streams: dict[str, int] = {}

    def set_default_headers(self) -> None:
        super().set_default_headers()
        self.set_header("Content-Type", "text/event-stream; charset=utf-8")
        self.set_header("X-Accel-Buffering", "no")

    async def get(self, game_id: str) -> None:
        token = self.token()
        who = f"seat:{token}" if token else f"address:{self.request.remote_ip or '?'}"
        most = MAX_STREAMS_PER_SEAT if token else MAX_STREAMS_PER_WATCHER
        if self.streams.get(who, 0) >= most or sum(self.streams.values()) >= MAX_STREAMS:
            raise PlayError(429, "too many event streams are open: close a page and try again")
        since = self.get_query_argument("since", None)
        snap = self.service.snapshot(game_id, token)
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[dict] = asyncio.Queue()
        stop = self.service.listen(game_id, token, lambda event: loop.call_soon_threadsafe(queue.put_nowait, event))
        self.streams[who] = self.streams.get(who, 0) + 1
        try:
            self.write("retry: 2000\n\n")
            if since is not None and since.isdigit():
                for ply, move in enumerate(snap["moves"][int(since):], start=int(since)):
                    self._send({"ply": ply, "move": move, "replayed": True})
            await self.flush()
            while not self.request.connection.stream.closed():
                try:
                    self._send(await asyncio.wait_for(queue.get(), KEEPALIVE_S))
                except asyncio.TimeoutError:
                    self.write(": keep-alive\n\n")
                await self.flush()
        except tornado.iostream.StreamClosedError:
            pass
        finally:
            stop()
            self.streams[who] -= 1
            if not self.streams[who]:
                del self.streams[who]

    def _send(self, event: dict) -> None:
        self.write(f"id: {event['ply']}\nevent: move\ndata: {json.dumps(event)}\n\n")


def limiters() -> dict[str, Limiter]:
    """Reads and moves, each paced per seat (per address without a token); new games per address."""
    return {"reads": Limiter(20, 60), "moves": Limiter(5, 20), "games": Limiter(1, 30)}


def handlers(service: GameService, prefix: str = PREFIX) -> list[tuple]:
    """The API's routes, for a tornado application (voila's, or the standalone service's)."""
    kw = {"service": service, "limiters": limiters()}
    gid = r"([A-Za-z0-9_-]{1,64})"
    routes = (("games", GamesHandler), (f"games/{gid}", GameHandler), (f"games/{gid}/moves", MovesHandler),
              (f"games/{gid}/events", EventsHandler), ("mine", MineHandler),
              ("puzzles/tries", PuzzleTriesHandler), ("puzzles/([^/]+)", PuzzleStandingHandler))
    return [(f"{prefix}/{path}", handler, kw) for path, handler in routes]
