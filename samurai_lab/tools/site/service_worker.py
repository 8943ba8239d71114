"""The site's service worker answers only what it must: the kernel's requests to the browser's file store.

JupyterLite's service worker (``service-worker.js``) carries the kernel's file requests (``/api/drive``,
``/api/stdin``) to the page, which is how the explorer keeps saved positions in the browser. As built, it
also stands between the page and every other file, fetching each itself and handing it on: every script,
Pyodide's 9 MB of WebAssembly and every wheel passed through it at each load, even from the browser's
cache. Patched, it leaves every other request to the browser (its own cache, as without a service
worker).
"""

from __future__ import annotations

from pathlib import Path

from .toolchain import BuildError

SERVICE_WORKER = "service-worker.js"
#: In jupyterlite-core 0.7.6's worker: the file store's requests are broadcast to the page; others not
#: dropped are fetched by the worker itself (``maybeFromCache``, a plain ``fetch`` without its cache).
PASS_THROUGH = "shouldBroadcast(a)?n=broadcastOne(t,a):shouldDrop(t,a)||(n=maybeFromCache(e)),"
ONLY_THE_DRIVE = "shouldBroadcast(a)&&(n=broadcastOne(t,a)),"


def patch_service_worker(out: Path) -> Path:
    """Make the built site's service worker answer only the file store's requests; returns its path."""
    path = Path(out) / SERVICE_WORKER
    script = path.read_text(encoding="utf-8")
    if ONLY_THE_DRIVE in script:
        return path
    if script.count(PASS_THROUGH) != 1:
        raise BuildError(f"{path} is not the service worker of jupyterlite-core this build knows "
                         "(its fetch handler changed): see samurai_lab/tools/site/service_worker.py")
    path.write_text(script.replace(PASS_THROUGH, ONLY_THE_DRIVE), encoding="utf-8")
    return path
