"""The game service on its own (``samurai-lab play-service``): the HTTP API of ``api.py`` over a store, for a
JupyterHub (as a hub service, its users' servers on several machines sharing one PostgreSQL) or for tests.
``samurai-lab serve`` runs the same handlers inside its own server instead."""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
from pathlib import Path

import tornado.web

from ...common.resources import user_data_dir
from .api import PREFIX, handlers
from .service import GameService
from .store import Store, StoreError

HELP = "run the game service for play with others on its own (e.g. as a JupyterHub service)"


def default_store() -> Path:
    """The embedded store in the user's data folder."""
    return user_data_dir() / "games.sqlite"


def make_app(service: GameService, prefix: str = PREFIX) -> tornado.web.Application:
    return tornado.web.Application(handlers(service, prefix))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=int, default=int(os.environ.get("SAMURAI_PLAY_PORT", 8870)))
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--store", default=os.environ.get("SAMURAI_STORE") or None,
                        help="a SQLite file or a postgresql:// URL (default: games.sqlite in the data folder)")
    parser.add_argument("--prefix", default=os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "").rstrip("/") + PREFIX,
                        help="where the API is served (on a hub: the service's prefix)")


def run(args: argparse.Namespace) -> int:
    try:
        store = Store.open(args.store or default_store())
    except StoreError as e:
        print(f"samurai-lab play-service: {e}")
        return 2
    service = GameService(store)
    resumed = service.resume()
    app = make_app(service, args.prefix)

    async def serve() -> None:
        server = app.listen(args.port, args.host, max_body_size=1 << 20)
        print(f"game service on http://{args.host}:{args.port}{args.prefix} ({resumed} games going on)", flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        await stop.wait()
        server.stop()

    asyncio.run(serve())
    service.close()
    store.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="samurai-lab play-service", description=HELP)
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
