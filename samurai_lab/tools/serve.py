"""``samurai-lab serve``: the notebooks as apps in the browser, for one person or a whole class.

voila serves the package's notebooks folder (``common.resources.notebooks_dir``: the
repository's ``notebooks/`` in a checkout) in tree mode, so every notebook is an
app at ``/voila/render/<name>.ipynb`` and links between notebooks work; the
browser opens on ``index.ipynb`` (or ``--app NAME``).

voila runs as :mod:`samurai_lab.tools.voila_app` (what a class needs that plain voila lacks is listed there:
the kernel limit, ``--max-kernels``, and the kernels started ahead, ``--prepare``) with the options of
:func:`voila_flags`:

* **Options in links** (``explorer.ipynb?start=midgame``): kernels are preheated, so a notebook runs before
  its request; the apps read their options with ``samurai_lab.ui.query``, which waits for the request.
* **Kernels of closed pages stop**, by their unload beacon or, within ``CULL_IDLE_TIMEOUT_S +
  CULL_INTERVAL_S`` seconds, by the culler (a page that is open, even idle, stays connected; the preheated
  kernels are out of its reach); a kernel no page connects to stops after ``UNCONNECTED_GRACE_S`` idle.
* **Messages, not tracebacks**: tracebacks only with ``--debug``, neither in the pages nor in the kernels'
  messages to any client.
* **Saved positions** go to one folder (``--saved-dir``; by default ``scenarios/saved`` in a source
  checkout, else the user's own folder, ``common.resources.saved_dir``; never inside the installed
  package): the apps' Save refuses any other place.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import webbrowser
from pathlib import Path
from typing import Mapping

from .kernel_limit import default_max_kernels

DEFAULT_PORT = 8866
DEFAULT_HOST = "127.0.0.1"
STOP_GRACE_S = 15.0
INDEX = "index.ipynb"
#: The module run as the voila server (voila plus the page cookie and the samurai template).
VOILA_MODULE = "samurai_lab.tools.voila_app"
TEMPLATE = "samurai"

#: A kernel no page is connected to is stopped once idle this long ...
CULL_IDLE_TIMEOUT_S = 60
#: ... checked this often: a closed page's kernel stops within their sum (75 s).
CULL_INTERVAL_S = 15
#: A kernel no page has connected to (a request that never loaded its page) is stopped once idle this
#: long with no page request begun or ended meanwhile; with the culler's interval, within a minute.
UNCONNECTED_GRACE_S = 45
#: What a page says instead of a traceback when its notebook fails (voila's words name voila's options).
CELL_ERROR = ("This app could not start. Reload the page; if it fails again, the person running "
              "`samurai-lab serve` can restart it with --debug to see why.")
#: Longest wait for a cell's outputs after its reply (voila's default, 4 s, loses a busy app's page).
IOPUB_TIMEOUT_S = 300
#: Environment variable that turns on tracebacks in the apps' messages (set by ``--debug``).
DEBUG_ENV = "SAMURAI_DEBUG"
#: Environment variable naming the folder where the apps save positions (set by ``--saved-dir``).
SAVED_DIR_ENV = "SAMURAI_SAVED_DIR"
#: Environment variables naming the games' store (``--store``) and, for the kernels, the game service's API.
STORE_ENV, PLAY_API_ENV, PUBLIC_URL_ENV = "SAMURAI_STORE", "SAMURAI_PLAY_API", "SAMURAI_PUBLIC_URL"

ANY_HOST = {"0.0.0.0", "::", ""}
#: The files of the notary that signs the served notebooks (a folder of ``serve``'s own, removed at its end).
NOTARY_DB, NOTARY_SECRET = "signatures.db", "secret"


def voila_flags(
    *,
    host: str = DEFAULT_HOST,
    debug: bool = False,
    cull_idle_timeout: int = CULL_IDLE_TIMEOUT_S,
    cull_interval: int = CULL_INTERVAL_S,
    unconnected_grace: int = UNCONNECTED_GRACE_S,
    max_kernels: int | None = None,
    prepare: Mapping[str, int] | None = None,
    notary: Path | None = None,
) -> list[str]:
    """The voila options of ``samurai-lab serve`` (the tests and the classroom bench serve with the same
    list). ``max_kernels``: pages served at once (None: sized from the memory); ``prepare``: kernels
    to start ahead per app, e.g. ``{"explorer": 30}`` (see :func:`prepare_option`); ``notary``: the folder
    of the signatures that make the notebooks trusted (:func:`trust_notebooks`)."""
    flags = [
        *voila_base_flags(host, debug),
        # the kernels' error messages reach any websocket client: no tracebacks there either
        f"--MappingKernelManager.allow_tracebacks={debug}",
        # ?template= and ?theme= would load another template's stylesheets from a CDN
        "--VoilaConfiguration.allow_template_override=NO",
        "--VoilaConfiguration.allow_theme_override=NO",
        f"--VoilaExecutor.cell_error_instruction={CELL_ERROR}",
        f"--template={TEMPLATE}",
        "--classic-tree",
        "--preheat_kernel=True",
        # voila stops reading a cell's outputs 4 s after the cell's reply; a class's busy server may need
        # longer to pass an app's hundreds of widget messages on (else the page stays blank).
        f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT_S}",
        "--VoilaConfiguration.multi_kernel_manager_class=samurai_lab.tools.voila_app.ClassroomKernelManager",
        f"--MappingKernelManager.cull_idle_timeout={cull_idle_timeout}",
        f"--MappingKernelManager.cull_interval={cull_interval}",
        "--MappingKernelManager.cull_connected=False",
        "--MappingKernelManager.cull_busy=False",
        f"--ClassroomKernelManager.unconnected_grace={unconnected_grace}",
        # the browser's language reaches the page's kernel as HTTP_ACCEPT_LANGUAGE (ui/language.py)
        "--VoilaConfiguration.http_header_envs=Accept-Language",
        # kernels speak over Unix sockets in voila's connection folder: no TCP port to lose to another
        # process between its choice and its bind, and no "running over TCP without encryption" per kernel
        "--KernelManager.transport=ipc",
    ]
    if max_kernels is not None:
        flags.append(f"--ClassroomKernelManager.max_kernels={max_kernels}")
    if prepare:
        flags.append(f"--SamuraiVoila.prepare={prepare_option(prepare)}")
    if notary is not None:
        flags += [f"--NotebookNotary.db_file={notary / NOTARY_DB}",
                  f"--NotebookNotary.secret_file={notary / NOTARY_SECRET}"]
    return flags


def voila_base_flags(host: str = DEFAULT_HOST, debug: bool = True) -> list[str]:
    """The voila options shared by the test harness, the benchmarks (plain voila) and ``serve``."""
    return ["--no-browser", f"--Voila.ip={host}", "--Voila.port_retries=0", f"--show_tracebacks={debug}"]


def trust_notebooks(notebooks_dir: Path, notary: Path) -> int:
    """Sign every notebook of ``notebooks_dir`` with a notary whose secret and signatures are kept in the
    folder ``notary`` (the server's notary then is the same: :func:`voila_flags`), so that the server reads
    them as trusted: no "Notebook ... is not trusted" warning for each app at every start. The number signed."""
    import nbformat
    from nbformat.sign import NotebookNotary

    notary.mkdir(parents=True, exist_ok=True)
    signer = NotebookNotary(db_file=str(notary / NOTARY_DB), secret_file=str(notary / NOTARY_SECRET))
    paths = sorted(p for p in notebooks_dir.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
    for path in paths:
        signer.sign(nbformat.read(path, as_version=4))  # as the server reads it
    signer.store.close()
    return len(paths)


def notebook_name(app: str) -> str:
    """``explorer`` -> ``explorer.ipynb`` (a name with ``.ipynb`` is kept, and ``*``: every other app)."""
    return app if app.endswith(".ipynb") or app == "*" else f"{app}.ipynb"


def prepare_option(prepare: Mapping[str, int]) -> str:
    """``{"explorer": 30}`` as voila_app's option value ``explorer.ipynb:30``."""
    return ",".join(f"{notebook_name(app)}:{int(n)}" for app, n in prepare.items())


def parse_prepare(text: str) -> tuple[str, int]:
    """``explorer=30`` -> ``("explorer", 30)`` (the ``--prepare`` option; ``explorer=0``: none ready)."""
    app, sep, count = text.partition("=")
    if not sep or not app.strip() or not count.strip().isdigit():
        raise argparse.ArgumentTypeError(f"{text!r}: write APP=N, e.g. explorer=30")
    return app.strip(), int(count)


def pool_kernels(notebooks_dir: Path, prepare: Mapping[str, int] | None = None) -> int:
    """Kernels the preheated pools hold: one per app, or as many as ``prepare`` asks (``*``: the others)."""
    prepared = {notebook_name(app): n for app, n in (prepare or {}).items()}
    other = prepared.pop("*", 1)
    apps = [p.relative_to(notebooks_dir).as_posix() for p in notebooks_dir.rglob("*.ipynb")
            if ".ipynb_checkpoints" not in p.parts]
    return sum(max(n, 1) if n else 0 for n in (prepared.get(name, other) for name in apps))


#: The options with their defaults, as one tuple (for reading and for tests).
VOILA_FLAGS: tuple[str, ...] = tuple(voila_flags())


def start_page(notebooks_dir: Path, notebook: str | None) -> str:
    """URL path to open: the chosen notebook, index.ipynb, or the tree page."""
    if notebook:
        name = notebook_name(notebook)
        if not (notebooks_dir / name).is_file():
            available = ", ".join(sorted(p.stem for p in notebooks_dir.glob("*.ipynb"))) or "none"
            raise FileNotFoundError(f"there is no app {Path(name).stem!r} (the apps: {available})")
        return f"/voila/render/{name}"
    if (notebooks_dir / INDEX).is_file():
        return f"/voila/render/{INDEX}"
    return "/"


def voila_command(notebooks_dir: Path, port: int, python: str = sys.executable, **flags: object) -> list[str]:
    """The command line serving ``notebooks_dir`` on ``port`` (``flags``: see :func:`voila_flags`)."""
    return [python, "-m", VOILA_MODULE, str(notebooks_dir), f"--port={port}", *voila_flags(**flags)]  # type: ignore[arg-type]


def voila_env(*, host: str = DEFAULT_HOST, debug: bool = False, saved_dir: Path | None = None,
              base: dict[str, str] | None = None, store: str | None = None, port: int | None = None
              ) -> dict[str, str]:
    """The environment of the voila process (its kernels inherit it)."""
    from .voila_app import data_path_env

    env = data_path_env(base)
    env.pop(DEBUG_ENV, None)
    if debug:
        env[DEBUG_ENV] = "1"
    if saved_dir is not None:
        env[SAVED_DIR_ENV] = str(saved_dir)
    # A preheated kernel asks the server for its request's query string on this address.
    env["VOILA_APP_IP"] = "127.0.0.1" if host in ANY_HOST or host == "localhost" else host
    if store is not None:
        env[STORE_ENV] = store
    if port is not None:  # the kernels reach the game service on the server's own address
        env[PLAY_API_ENV] = f"http://{env['VOILA_APP_IP']}:{port}/samurai/api"
        students = student_urls(host, port, "")
        if students:  # the address in the links and QR codes a page on this computer hands out
            env[PUBLIC_URL_ENV] = students[0]
    return env


def port_accepts(port: int, host: str = "127.0.0.1", timeout: float = 0.2) -> bool:
    """True if something accepts TCP connections on ``host:port``."""
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other networks' machines may reach (no packet is sent)."""
    found: list[str] = []
    # the address of the default route: a UDP "connect" only picks the interface
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.254.254.254", 1))
        found.append(s.getsockname()[0])
    with contextlib.suppress(OSError):
        found += [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    return list(dict.fromkeys(a for a in found if not a.startswith("127.") and a != "0.0.0.0"))


def student_urls(host: str, port: int, path: str) -> list[str]:
    """The addresses to give students: this host's LAN addresses (or the host asked for)."""
    if host in ANY_HOST:
        hosts = lan_addresses()
    elif host.startswith("127.") or host == "localhost":
        hosts = []
    else:
        hosts = [host]
    return [f"http://{h}:{port}{path}" for h in hosts]


def qr_text(url: str) -> str:
    """``url`` as a QR code drawn with text blocks ('' when segno is not installed)."""
    try:
        import segno
    except ImportError:
        return ""
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def banner(host: str, port: int, path: str, *, qr: bool = True, saved_dir: Path | None = None) -> str:
    """What ``serve`` prints once the server is up (``saved_dir``: where the apps save positions)."""
    local = f"http://127.0.0.1:{port}{path}"
    lines = ["", f"Samurai Lab is running at {local}"]
    urls = student_urls(host, port, path)
    if urls:
        lines.append("Students on the same network open:")
        lines += [f"    {u}" for u in urls]
        code = qr_text(urls[0]) if qr else ""
        if code:
            lines += ["", code.rstrip("\n")]
    elif host not in ANY_HOST:
        lines.append("Only this computer can connect; `samurai-lab serve --host 0.0.0.0` serves a class.")
    else:
        lines.append("No network address found: students cannot reach this computer.")
    if saved_dir is not None:
        lines.append(f"Positions saved on the server go to {saved_dir}")
    lines += ["Press Ctrl-C to stop.", ""]
    return "\n".join(lines)


def capacity_text(max_kernels: int, prepare: Mapping[str, int]) -> str:
    """What ``serve`` prints about the class it can take."""
    lines = [f"Up to {max_kernels} pages at once (--max-kernels); one more student reads 'the class is full, "
             "try again shortly'."]
    if prepare:
        apps = ", ".join(f"{'every other app' if a == '*' else Path(notebook_name(a)).stem} {n}"
                         for a, n in prepare.items())
        lines.append(f"Kernels made ready for the class: {apps}. They start now: give them a minute or two "
                     "before the students come.")
    return "\n".join(lines)


HELP = "serve the notebooks as apps in the browser (voila), for yourself or for a class"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``samurai-lab serve``."""
    parser.add_argument("--host", default=DEFAULT_HOST,
                        help="address to listen on (default %(default)s: this computer only; "
                             "0.0.0.0: every network, for a class)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="port (default %(default)s)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a web browser")
    parser.add_argument("--app", "--notebook", dest="notebook", metavar="NAME",
                        help="open this app (e.g. explorer) instead of the landing page; "
                             "its direct address is printed")
    parser.add_argument("--saved-dir", type=Path, metavar="FOLDER",
                        help="folder where the apps save positions (default: scenarios/saved in a source "
                             "checkout, else samurai-lab/saved in your data folder, e.g. "
                             "~/.local/share/samurai-lab/saved)")
    parser.add_argument("--max-kernels", type=int, metavar="N",
                        help="pages served at once, one Python kernel each (default: sized from this "
                             "computer's memory, about 150 MB a page); past it a student gets a short "
                             "'the class is full, try again shortly' page")
    parser.add_argument("--prepare", type=parse_prepare, action="append", metavar="APP=N",
                        help="start N kernels of an app before the students arrive, so that their pages "
                             "open at once (e.g. --prepare explorer=30 --prepare examples=10); repeatable. "
                             "Without it, one per app; APP=0: none (its pages start their own, a few seconds "
                             "slower), '*=0': none for the apps not named")
    parser.add_argument("--store", metavar="WHERE",
                        help="where games between people are kept: a SQLite file (default: games.sqlite in "
                             "your data folder) or a postgresql:// URL")
    parser.add_argument("--debug", action="store_true",
                        help="show Python tracebacks in the apps and in error pages (for developers)")


def stop_voila(proc: subprocess.Popen[bytes], port: int, grace: float = STOP_GRACE_S) -> None:
    """SIGTERM voila (it shuts its kernels down), then kill its process group."""
    if proc.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        proc.send_signal(signal.SIGTERM)
    port_accepts(port)  # wakes voila's event loop so it handles the signal now
    try:
        proc.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)


def _store_place(where: str | None) -> str | None:
    """The games' store to use (checked now: a problem is said before voila starts), or None."""
    from .play.server import default_store
    from .play.store import Store, StoreError

    place = where or os.environ.get(STORE_ENV) or str(default_store())
    try:
        Store.open(place).close()
    except StoreError as e:
        _refused(f"--store: {e}")
        return None
    print(f"Games between people are kept in {place.split('@')[-1] if '://' in place else place}", flush=True)
    return place


def _refused(words: str) -> int:
    """Say on stderr why ``serve`` cannot start; its exit status."""
    print(f"samurai-lab serve: {words}", file=sys.stderr)
    return 2


def main_serve(argv: list[str] | None = None) -> int:
    """Run voila over notebooks/ until it exits or SIGINT/SIGTERM arrives."""
    parser = argparse.ArgumentParser(prog="samurai-lab serve", description=HELP)
    add_arguments(parser)
    return run(parser.parse_args(argv))


def run(args: argparse.Namespace) -> int:
    """Serve with the options of :func:`add_arguments`."""
    from importlib.util import find_spec

    if find_spec("voila") is None:
        return _refused('the apps need their server (voila); install it with pip install "samurai_lab[app]"')
    from ..common.resources import notebooks_dir as bundled_notebooks, saved_dir as default_saved_dir

    notebooks_dir = bundled_notebooks()  # the repository's in a checkout
    if not notebooks_dir.is_dir():
        return _refused("the apps' notebooks are missing from the samurai_lab package; reinstall it")
    try:
        path = start_page(notebooks_dir, args.notebook)
    except FileNotFoundError as exc:
        return _refused(str(exc))
    if port_accepts(args.port):
        return _refused(f"port {args.port} is in use; try --port")
    saved_dir = Path(args.saved_dir).expanduser().resolve() if args.saved_dir else default_saved_dir()
    store = _store_place(args.store)
    if store is None:
        return 2
    prepare = dict(args.prepare or ())
    for app in set(prepare) - {"*"}:
        try:
            start_page(notebooks_dir, app)
        except FileNotFoundError as exc:
            return _refused(f"--prepare: {exc}")
    if args.max_kernels is not None and args.max_kernels < 1:
        return _refused("--max-kernels must be at least 1")
    max_kernels = args.max_kernels or default_max_kernels(pool_kernels(notebooks_dir, prepare))
    notary = Path(tempfile.mkdtemp(prefix="samurai-lab-notary-"))
    try:
        trust_notebooks(notebooks_dir, notary)
        return _serve(args, notebooks_dir, path, saved_dir, store, max_kernels, prepare, notary)
    finally:
        shutil.rmtree(notary, ignore_errors=True)


def _serve(args: argparse.Namespace, notebooks_dir: Path, path: str, saved_dir: Path, store: str, max_kernels: int,
           prepare: dict[str, int], notary: Path) -> int:
    """Run voila until it exits or a signal asks ``serve`` to stop it."""
    host, debug = args.host, args.debug
    # Own session: a Ctrl-C in the terminal reaches only this process, which
    # then stops voila once, cleanly.
    proc = subprocess.Popen(
        voila_command(notebooks_dir, args.port, host=host, debug=debug, max_kernels=max_kernels,
                      prepare=prepare, notary=notary), cwd=notebooks_dir,
        env=voila_env(host=host, debug=debug, saved_dir=saved_dir, store=store, port=args.port),
        start_new_session=True,
    )
    stop_requested = threading.Event()
    previous = {sig: signal.signal(sig, lambda *_: stop_requested.set())
                for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        announced = False
        while proc.poll() is None and not stop_requested.is_set():
            if not announced and port_accepts(args.port):
                announced = True
                print(capacity_text(max_kernels, prepare), flush=True)
                print(banner(host, args.port, path, saved_dir=saved_dir), flush=True)
                if not args.no_browser:
                    url = f"http://127.0.0.1:{args.port}{path}"
                    threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
            time.sleep(0.1 if not announced else 0.5)
        if stop_requested.is_set():
            print("Stopping voila...", flush=True)
            stop_voila(proc, args.port)
            return 0
        return int(proc.returncode or 0)
    finally:
        stop_voila(proc, args.port)
        for sig, handler in previous.items():
            signal.signal(sig, handler)


if __name__ == "__main__":
    raise SystemExit(main_serve())
