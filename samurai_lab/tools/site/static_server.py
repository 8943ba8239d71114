"""A plain static file server for a built site, under a sub-path (as a school's web space would serve it).

Used by the site's browser test and ``samurai-lab bench --site``; it counts the bytes it sends, so the
bench can tell what a page fetched. Any static host does the same job (``python -m http.server``).
"""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

EXTRA_TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".whl": "application/zip",
               ".json": "application/json"}


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **EXTRA_TYPES}
    prefix = "/"
    counter: "StaticSite"
    cache_seconds = 0

    def end_headers(self) -> None:
        if self.cache_seconds:
            self.send_header("Cache-Control", f"max-age={self.cache_seconds}")
        super().end_headers()

    def translate_path(self, path: str) -> str:
        if not path.startswith(self.prefix):
            return str(Path(self.directory) / "\0missing")  # outside the site: 404
        return super().translate_path("/" + path[len(self.prefix):])

    def copyfile(self, source, outputfile) -> None:  # count what is sent
        before = source.tell()
        try:
            super().copyfile(source, outputfile)
        except ConnectionError:  # the page went away mid-file (closed, reloaded): nothing to report
            self.close_connection = True
        self.counter.add(self.path, source.tell() - before)

    def log_message(self, format: str, *args) -> None:  # quiet
        pass


class StaticSite:
    """Serve ``folder`` at ``http://127.0.0.1:<port>/<prefix>/`` in a background thread (``cache_seconds``:
    how long browsers may keep a file without asking again, as ``Cache-Control: max-age``)."""

    def __init__(self, folder: Path, prefix: str = "/samurai/", host: str = "127.0.0.1", port: int = 0,
                 cache_seconds: int = 0) -> None:
        prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
        handler = type("Handler", (_Handler,), {"prefix": prefix, "counter": self, "cache_seconds": cache_seconds})
        self._lock = threading.Lock()
        self.sent: dict[str, int] = {}
        self.server = http.server.ThreadingHTTPServer((host, port), functools.partial(handler, directory=str(folder)))
        self.server.daemon_threads = True
        self.url = f"http://{host}:{self.server.server_address[1]}{prefix}"
        self.origin = f"http://{host}:{self.server.server_address[1]}"
        self._thread = threading.Thread(target=self.server.serve_forever, name="static-site", daemon=True)

    def add(self, path: str, n: int) -> None:
        with self._lock:
            self.sent[path] = self.sent.get(path, 0) + n

    def bytes_sent(self) -> int:
        with self._lock:
            return sum(self.sent.values())

    def reset_counts(self) -> None:
        with self._lock:
            self.sent.clear()

    def __enter__(self) -> "StaticSite":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()
