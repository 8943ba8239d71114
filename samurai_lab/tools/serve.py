"""``samurai-lab serve``: the notebooks as apps in the browser, with voila.

voila serves the ``notebooks/`` folder in tree mode, so every notebook is an
app at ``/voila/render/<name>.ipynb`` and links between notebooks work; the
browser opens on ``index.ipynb`` (or ``--notebook NAME``, or the list of
notebooks when there is no index). Standard library only.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import webbrowser
from pathlib import Path
from types import FrameType

DEFAULT_PORT = 8866
STOP_GRACE_S = 15.0
INDEX = "index.ipynb"

# Kernels of closed pages are not always shut down by voila 0.5 (its unload
# beacon is refused), so idle kernels nobody is connected to are culled.
VOILA_FLAGS: tuple[str, ...] = (
    "--no-browser",
    "--Voila.ip=127.0.0.1",
    "--Voila.port_retries=0",
    "--show_tracebacks=True",
    "--classic-tree",
    "--preheat_kernel=True",
    "--MappingKernelManager.cull_idle_timeout=1800",
    "--MappingKernelManager.cull_interval=120",
)


def find_notebooks_dir() -> Path | None:
    """The repository's notebooks/ next to the package, else ./notebooks, else None."""
    for candidate in (
        Path(__file__).resolve().parents[2] / "notebooks",
        Path.cwd() / "notebooks",
    ):
        if candidate.is_dir():
            return candidate
    return None


def start_page(notebooks_dir: Path, notebook: str | None) -> str:
    """URL path to open: the chosen notebook, index.ipynb, or the tree page."""
    if notebook:
        name = notebook if notebook.endswith(".ipynb") else f"{notebook}.ipynb"
        if not (notebooks_dir / name).is_file():
            available = ", ".join(sorted(p.name for p in notebooks_dir.glob("*.ipynb"))) or "none"
            raise FileNotFoundError(f"no notebook {name} in {notebooks_dir} (available: {available})")
        return f"/voila/render/{name}"
    if (notebooks_dir / INDEX).is_file():
        return f"/voila/render/{INDEX}"
    return "/"


def voila_command(notebooks_dir: Path, port: int, python: str = sys.executable) -> list[str]:
    """The voila command line for serving ``notebooks_dir`` on ``port``."""
    return [python, "-m", "voila", str(notebooks_dir), f"--port={port}", *VOILA_FLAGS]


def _port_accepts(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


HELP = "serve the notebooks as apps in the browser (voila)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``samurai-lab serve``."""
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="port on 127.0.0.1 (default %(default)s)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a web browser")
    parser.add_argument("--notebook", metavar="NAME", help="open this notebook instead of index.ipynb")


def _parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="samurai-lab serve", description=HELP)
    add_arguments(parser)
    return parser.parse_args(argv)


def _stop(proc: subprocess.Popen[bytes], port: int) -> None:
    """SIGTERM voila (it shuts its kernels down), then kill its process group."""
    if proc.poll() is not None:
        return
    proc.send_signal(signal.SIGTERM)
    _port_accepts(port)  # wakes voila's event loop so it handles the signal now
    try:
        proc.wait(timeout=STOP_GRACE_S)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        proc.wait()


def main_serve(argv: list[str] | None = None) -> int:
    """Run voila over notebooks/ until it exits or SIGINT/SIGTERM arrives."""
    return run(_parse(argv))


def run(args: argparse.Namespace) -> int:
    """Serve with parsed options (``port``, ``no_browser``, ``notebook``)."""
    notebooks_dir = find_notebooks_dir()
    if notebooks_dir is None:
        print("samurai-lab serve: no notebooks/ folder found", file=sys.stderr)
        return 2
    try:
        path = start_page(notebooks_dir, args.notebook)
    except FileNotFoundError as exc:
        print(f"samurai-lab serve: {exc}", file=sys.stderr)
        return 2
    if _port_accepts(args.port):
        print(f"samurai-lab serve: port {args.port} is in use; try --port", file=sys.stderr)
        return 2

    url = f"http://127.0.0.1:{args.port}{path}"
    # Own session: a Ctrl-C in the terminal reaches only this process, which
    # then stops voila once, cleanly.
    proc = subprocess.Popen(
        voila_command(notebooks_dir, args.port), cwd=notebooks_dir, start_new_session=True
    )
    stop_requested = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stop_requested.set()

    previous = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        announced = False
        while proc.poll() is None and not stop_requested.is_set():
            if not announced and _port_accepts(args.port):
                announced = True
                print(f"\nSamurai Lab is running at {url}\nPress Ctrl-C to stop.\n", flush=True)
                if not args.no_browser:
                    threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
            time.sleep(0.1 if not announced else 0.5)
        if stop_requested.is_set():
            print("Stopping voila...", flush=True)
            _stop(proc, args.port)
            return 0
        return int(proc.returncode or 0)
    finally:
        _stop(proc, args.port)
        for sig, handler in previous.items():
            signal.signal(sig, handler)


if __name__ == "__main__":
    raise SystemExit(main_serve())
