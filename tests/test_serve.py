"""`samurai-lab serve` for a class: its voila options, environment, template, banner, and the apps'
address options (``samurai_lab.ui.query``), without a browser (tests/browser/test_classroom_*.py
serve them for real)."""

from __future__ import annotations

import asyncio
import json
import os
import re
import threading
from pathlib import Path

import pytest

from samurai_lab.tools import serve
from samurai_lab.tools.voila_app import DATA_DIR, SamuraiVoila
from samurai_lab.ui import query as query_mod
from samurai_lab.ui.common import Feedback
from samurai_lab.ui.query import parse_query, query_params

REPO = Path(__file__).resolve().parents[1]
TEMPLATE_DIR = DATA_DIR / "voila" / "templates" / serve.TEMPLATE


def flag(flags: list[str], name: str) -> str:
    values = [f.split("=", 1)[1] for f in flags if f.startswith(f"--{name}=")]
    assert len(values) == 1, (name, flags)
    return values[0]


# --- the voila command --------------------------------------------------------------------------

def test_serve_flags_by_default_and_with_debug():
    flags = serve.voila_flags()
    assert flag(flags, "Voila.ip") == "127.0.0.1"
    assert flag(flags, "show_tracebacks") == "False"
    assert flag(flags, "show_tracebacks") == "False" and flag(serve.voila_flags(debug=True), "show_tracebacks") == "True"
    instruction = flag(flags, "VoilaExecutor.cell_error_instruction")  # a failing page speaks our words
    assert "samurai-lab serve" in instruction and "Voil" not in instruction
    assert flag(flags, "preheat_kernel") == "True"
    assert flag(flags, "template") == serve.TEMPLATE
    assert flag(serve.voila_flags(host="0.0.0.0"), "Voila.ip") == "0.0.0.0"
    assert tuple(flags) == serve.VOILA_FLAGS


def test_a_closed_pages_kernel_is_culled_within_two_minutes_but_not_a_connected_one():
    flags = serve.voila_flags()
    timeout = int(flag(flags, "MappingKernelManager.cull_idle_timeout"))
    interval = int(flag(flags, "MappingKernelManager.cull_interval"))
    assert 0 < timeout and 0 < interval and timeout + interval <= 120
    assert flag(flags, "MappingKernelManager.cull_connected") == "False"  # an open page is connected
    assert flag(flags, "MappingKernelManager.cull_busy") == "False"


def test_a_page_that_never_connects_loses_its_kernel_within_a_minute_a_busy_one_never(monkeypatch):
    """The culler's rule (serve's kernel manager): idle and never connected -> stopped after the grace
    (a request that never loaded its page); busy -> kept (its notebook still runs); connected once
    and now idle -> culled as usual (by jupyter_server's own check)."""
    import datetime

    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    from samurai_lab.tools.voila_app import ClassroomKernelManager

    assert flag(serve.voila_flags(), "VoilaConfiguration.multi_kernel_manager_class") == \
        "samurai_lab.tools.voila_app.ClassroomKernelManager"
    grace = int(flag(serve.voila_flags(), "ClassroomKernelManager.unconnected_grace"))
    interval = int(flag(serve.voila_flags(), "MappingKernelManager.cull_interval"))
    assert 0 < grace and grace + interval <= 60
    asked: list[str] = []
    stopped: list[str] = []

    async def usual(self, kernel_id):
        asked.append(kernel_id)

    async def shutdown(self, kernel_id, *args, **kwargs):
        stopped.append(kernel_id)

    monkeypatch.setattr(AsyncMappingKernelManager, "cull_kernel_if_idle", usual)
    monkeypatch.setattr(AsyncMappingKernelManager, "shutdown_kernel", shutdown)
    km = ClassroomKernelManager(cull_idle_timeout=60, unconnected_grace=grace)
    now = datetime.datetime.now(datetime.timezone.utc)

    def kernel(age: float, state: str = "idle"):
        return type("K", (), {"last_activity": now - datetime.timedelta(seconds=age), "execution_state": state})()

    km._kernels = {"loading": kernel(grace / 2), "stuck": kernel(grace + 5), "running": kernel(400, "busy"),
                   "gone": kernel(70)}
    km._kernel_connections = {k: 0 for k in km._kernels}
    km.notify_connect("gone")
    km.notify_disconnect("gone")
    # a page request ended a moment ago (a class arriving): "stuck"'s page may still connect
    km.page_request_seen()
    for k in ("loading", "stuck", "running", "gone"):
        asyncio.run(km.cull_kernel_if_idle(k))
    assert stopped == [] and asked == ["gone"]
    km._last_page_request -= grace + 1  # no page request since: the grace has passed
    asked.clear()
    for k in ("loading", "stuck", "running", "gone"):
        asyncio.run(km.cull_kernel_if_idle(k))
    assert stopped == ["stuck"] and asked == ["gone"]
    monkeypatch.undo()
    monkeypatch.setattr(AsyncMappingKernelManager, "cull_kernel_if_idle", usual)
    km._kernels.pop("stuck")
    # a kernel stopped (its page closed) after the culler listed the kernels: nothing to do, no error
    assert asyncio.run(km.cull_kernel_if_idle("closed meanwhile")) is None

    from traitlets import Instance, TraitError
    from traitlets.config import LoggingConfigurable

    class Starting(LoggingConfigurable):  # as jupyter_server's kernel manager before its first activity
        last_activity = Instance(datetime.datetime)

    with pytest.raises(TraitError):
        Starting().last_activity  # noqa: B018 - what the culler met: reading it raises
    km._kernels["starting"] = Starting()
    km.notify_connect("starting")
    assert asyncio.run(km.cull_kernel_if_idle("starting")) is None and asked == ["gone"]
    del km._kernels["starting"]

    async def stopped_while_looked_at(self, kernel_id):
        del km._kernels[kernel_id]
        raise KeyError(kernel_id)

    monkeypatch.setattr(AsyncMappingKernelManager, "cull_kernel_if_idle", stopped_while_looked_at)
    km._kernels["left"] = kernel(70)
    km.notify_connect("left")
    assert asyncio.run(km.cull_kernel_if_idle("left")) is None

    async def broken(self, kernel_id):
        raise KeyError("something else")

    monkeypatch.setattr(AsyncMappingKernelManager, "cull_kernel_if_idle", broken)
    with pytest.raises(KeyError):  # a KeyError about a kernel still there is a real error
        asyncio.run(km.cull_kernel_if_idle("gone"))


def test_a_full_class_makes_room_by_stopping_a_kernel_no_page_connected_to(monkeypatch):
    """A loop of requests that never load their pages cannot hold the class: when it is full, the
    kernel idle longest that no page connected to gives its place; an open page's never does."""
    import datetime

    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    from samurai_lab.tools.voila_app import ClassroomKernelManager

    stopped: list[str] = []

    async def shutdown(self, kernel_id, *args, **kwargs):
        stopped.append(kernel_id)

    monkeypatch.setattr(AsyncMappingKernelManager, "shutdown_kernel", shutdown)
    km = ClassroomKernelManager(max_kernels=4, evict_after=15)
    now = datetime.datetime.now(datetime.timezone.utc)
    ages = {"open page": 300, "loading": 5, "running": 100, "fetched": 20, "fetched long ago": 40}
    km._kernels = {k: type("K", (), {"last_activity": now - datetime.timedelta(seconds=age),
                                     "execution_state": "busy" if k == "running" else "idle"})()
                   for k, age in ages.items()}
    km.notify_connect("open page")
    for k in ("open page", "loading", "running", "fetched long ago"):
        km.pages.handed(k)
    assert km.pages.admit(set(km._kernels)) is None  # full

    async def newcomer():
        return km.make_room()

    assert asyncio.run(newcomer()) == "fetched long ago" and stopped == ["fetched long ago"]
    assert km.pages.admit(set(km._kernels)) is not None  # the newcomer's place
    assert asyncio.run(newcomer()) is None  # "fetched" is no page's: never handed; the others are in use
    assert stopped == ["fetched long ago"]


def test_the_command_runs_voila_with_the_page_cookie_and_the_template(tmp_path):
    cmd = serve.voila_command(tmp_path, 9999, python="py", debug=True)
    assert cmd[:3] == ["py", "-m", serve.VOILA_MODULE] and cmd[3] == str(tmp_path) and "--port=9999" in cmd
    assert "--show_tracebacks=True" in cmd
    env = serve.voila_env(debug=True, base={"JUPYTER_PATH": "/elsewhere"}, saved_dir=tmp_path)
    assert env["JUPYTER_PATH"].split(":")[:2] == [str(DATA_DIR), "/elsewhere"]
    assert env[serve.DEBUG_ENV] == "1" and env[serve.SAVED_DIR_ENV] == str(tmp_path)
    assert serve.DEBUG_ENV not in serve.voila_env(base={serve.DEBUG_ENV: "1"})
    assert serve.voila_env(host="0.0.0.0", base={})["VOILA_APP_IP"] == "127.0.0.1"
    assert serve.voila_env(host="192.168.1.20", base={})["VOILA_APP_IP"] == "192.168.1.20"


def test_the_page_handlers_set_the_cookie_of_the_unload_beacon(monkeypatch):
    """Pages (notebooks, tree) get a handler that sets the ``_xsrf`` cookie; the others are voila's.
    That the beacon then stops the kernel is proven in tests/browser/test_classroom_kernels.py."""
    from voila.app import Voila
    from voila.handler import VoilaHandler
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
    from voila.treehandler import VoilaTreeHandler

    from samurai_lab.tools.voila_app import _SetsXsrfCookie

    monkeypatch.setattr(Voila, "init_handlers", lambda self: [
        ("/render", VoilaHandler, {"x": 1}), ("/tree", VoilaTreeHandler), ("/shutdown", VoilaShutdownKernelHandler)])
    handlers = SamuraiVoila.init_handlers(object.__new__(SamuraiVoila))
    (p1, h1, kw), (p2, h2), (p3, h3) = handlers
    assert (p1, p2, p3, kw) == ("/render", "/tree", "/shutdown", {"x": 1})
    assert issubclass(h1, VoilaHandler) and issubclass(h1, _SetsXsrfCookie)
    assert issubclass(h2, VoilaTreeHandler) and issubclass(h2, _SetsXsrfCookie)
    assert h3 is VoilaShutdownKernelHandler


def test_a_page_that_closed_while_the_server_wrote_to_it_is_not_a_traceback():
    from tornado.iostream import StreamClosedError
    from tornado.websocket import WebSocketClosedError

    from samurai_lab.tools.voila_app import quiet_when_page_gone

    printed: list[dict] = []
    loop = type("Loop", (), {"default_exception_handler": lambda self, context: printed.append(context)})()
    for gone in (WebSocketClosedError(), StreamClosedError()):
        quiet_when_page_gone(loop, {"message": "Task exception was never retrieved", "exception": gone})
    assert printed == []
    other = {"message": "Task exception was never retrieved", "exception": RuntimeError("a real failure")}
    quiet_when_page_gone(loop, other)
    quiet_when_page_gone(loop, {"message": "no exception at all"})
    assert printed == [other, {"message": "no exception at all"}]


def test_a_stopping_server_kills_its_kernels_at_once(tmp_path):
    """A kernel asked to shut down while it runs its cell (a preheated one waits there for its page)
    printed ipykernel's tracebacks in the terminal of `serve`: the stopping server kills them."""
    asked: list[dict] = []

    class Kernels:
        async def shutdown_all(self, **kwargs):
            asked.append(kwargs)

    connections = tmp_path / "connections"
    connections.mkdir()
    app = SamuraiVoila(connection_dir=str(connections))
    app.kernel_manager = Kernels()
    app.stop()
    assert asked == [{"now": True}] and not connections.exists()


def test_the_template_asks_nothing_of_other_hosts():
    files = sorted(TEMPLATE_DIR.iterdir())
    assert {p.name for p in files} >= {"conf.json", "index.html.j2", "page.html"}
    assert json.loads((TEMPLATE_DIR / "conf.json").read_text())["base_template"] == "lab"
    for p in files:
        text = re.sub(r"\{#.*?#\}", "", p.read_text(), flags=re.S)  # Jinja comments are not rendered
        assert not re.search(r"""(href|src)\s*=\s*["']?(https?:)?//""", text), p.name
        assert "cdn" not in text.lower(), p.name


def test_a_loading_page_shows_a_wheel_without_words_or_animation():
    """A page that waits for its app shows a wheel a timer turns (tests/browser/test_loading_wheel.py
    watches it): no CSS animation, which would redraw every frame, and nothing said in English before
    the app picks the language."""
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATE_DIR))
    macros = env.get_template("loading.macro.html.j2").module
    css, html = str(macros.css()), str(macros.html())
    assert "animation" not in css and "@keyframes" not in css
    assert 'id="loading"' in html and 'id="loading_text"' in html  # voila's scripts show and remove them
    words = re.sub(r"<script>.*?</script>|<[^>]+>", " ", html, flags=re.S)
    assert not words.strip(), words
    assert "window.voila_process = () => {}" in html  # voila's "Executing 1 of 1" is never written
    index = (TEMPLATE_DIR / "index.html.j2").read_text()
    assert "spinner" not in index
    assert index.index("voila_setup_helper_functions()") < index.index("loading.html()")  # its override last


# --- the banner for a class ---------------------------------------------------------------------

def test_a_class_gets_the_network_addresses_and_a_qr_code(monkeypatch):
    monkeypatch.setattr(serve, "lan_addresses", lambda: ["192.168.1.20"])
    text = serve.banner("0.0.0.0", 8866, "/voila/render/explorer.ipynb")
    assert "http://127.0.0.1:8866/voila/render/explorer.ipynb" in text
    assert "http://192.168.1.20:8866/voila/render/explorer.ipynb" in text
    pytest.importorskip("segno")
    assert "█" in text or "▀" in text or "▄" in text
    alone = serve.banner("127.0.0.1", 8866, "/")
    assert "--host 0.0.0.0" in alone and "192.168" not in alone


def test_an_unknown_app_is_named_with_the_apps_there_are():
    with pytest.raises(FileNotFoundError, match="explorer"):
        serve.start_page(REPO / "notebooks", "nonesuch")
    assert serve.start_page(REPO / "notebooks", "explorer") == "/voila/render/explorer.ipynb"


def test_serve_help_lists_the_class_options(capsys):
    with pytest.raises(SystemExit):
        serve.main_serve(["--help"])
    out = capsys.readouterr().out
    for option in ("--host", "--port", "--app", "--debug", "--saved-dir", "--max-kernels", "--prepare"):
        assert option in out


# --- no client can hang or exhaust the server (tests/test_class_server_attacks.py plays the attacks) ----

def test_no_traceback_reaches_a_websocket_client_and_the_address_cannot_change_the_template():
    from samurai_lab.tools.voila_app import ClassroomKernel, ClassroomKernelManager

    flags = serve.voila_flags()
    assert flag(flags, "MappingKernelManager.allow_tracebacks") == "False"
    assert flag(serve.voila_flags(debug=True), "MappingKernelManager.allow_tracebacks") == "True"
    assert flag(flags, "VoilaConfiguration.allow_template_override") == "NO"
    assert flag(flags, "VoilaConfiguration.allow_theme_override") == "NO"
    # jupyter_server asks the kernel's own manager for the words that replace a traceback
    km = ClassroomKernelManager()
    assert km.kernel_manager_class == "samurai_lab.tools.voila_app.ClassroomKernel"
    words = ClassroomKernel().traceback_replacement_message
    assert words == km.traceback_replacement_message and "samurai-lab serve" in words and "/" not in words


def test_the_kernel_limit_and_the_prepared_kernels_are_options():
    from samurai_lab.tools.voila_app import prepared_pools

    assert not any("max_kernels" in f or "prepare" in f for f in serve.voila_flags())
    flags = serve.voila_flags(max_kernels=12, prepare={"explorer": 30, "examples.ipynb": 5})
    assert flag(flags, "ClassroomKernelManager.max_kernels") == "12"
    assert prepared_pools(flag(flags, "SamuraiVoila.prepare")) == {"explorer.ipynb": 30, "examples.ipynb": 5}
    assert serve.parse_prepare("explorer=30") == ("explorer", 30)
    assert serve.parse_prepare("explorer=0") == ("explorer", 0) and serve.parse_prepare("*=0") == ("*", 0)
    for bad in ("explorer", "explorer=-1", "=3", "explorer=many"):
        with pytest.raises(Exception, match="APP=N"):
            serve.parse_prepare(bad)
    notebooks = len(list((REPO / "notebooks").glob("*.ipynb")))
    assert serve.pool_kernels(REPO / "notebooks") == notebooks
    assert serve.pool_kernels(REPO / "notebooks", {"explorer": 30}) == notebooks - 1 + 30
    # APP=0: no kernel ready for that app; '*=0': none for the apps not named
    assert serve.pool_kernels(REPO / "notebooks", {"explorer": 0}) == notebooks - 1
    assert serve.pool_kernels(REPO / "notebooks", {"*": 0, "explorer": 2, "examples": 1}) == 3
    assert prepared_pools(serve.prepare_option({"*": 0, "explorer": 2})) == {"*": 0, "explorer.ipynb": 2}
    assert "every other app 0" in serve.capacity_text(40, {"explorer": 2, "*": 0})
    assert "explorer 30" in serve.capacity_text(40, {"explorer": 30}) and "40 pages" in serve.capacity_text(40, {})


def test_serve_refuses_a_bad_limit_or_an_unknown_app_to_prepare_before_starting_anything(capsys, monkeypatch):
    started: list[object] = []
    monkeypatch.setattr(serve.subprocess, "Popen", lambda *a, **k: started.append(a))
    port = ["--port", "1"]  # nothing listens there: the checks come first
    assert serve.main_serve([*port, "--no-browser", "--prepare", "nonesuch=3"]) == 2
    assert "--prepare: there is no app 'nonesuch'" in capsys.readouterr().err
    assert serve.main_serve([*port, "--no-browser", "--max-kernels", "0"]) == 2
    assert "--max-kernels must be at least 1" in capsys.readouterr().err
    assert started == []


def test_the_default_limit_follows_the_memory():
    from samurai_lab.tools.kernel_limit import KERNEL_MB, MIN_KERNELS, default_max_kernels

    assert default_max_kernels(memory_mb=24_000) == int(24_000 * 0.6 / KERNEL_MB)
    assert default_max_kernels(10, memory_mb=24_000) == default_max_kernels(memory_mb=24_000) - 10
    assert default_max_kernels(memory_mb=1_000) == MIN_KERNELS
    assert default_max_kernels() >= MIN_KERNELS


def test_a_burst_of_page_requests_cannot_pass_the_limit_before_any_has_a_kernel():
    import contextvars

    from samurai_lab.tools.kernel_limit import PageKernels

    pages = PageKernels(limit=3)

    def request(kernel: str | None):
        """One page request in its own context (as each request runs in a task of its own)."""
        ctx = contextvars.copy_context()
        place = ctx.run(pages.admit)
        return ctx, place

    burst = [request(None) for _ in range(5)]
    admitted = [(ctx, place) for ctx, place in burst if place is not None]
    assert len(admitted) == 3 and pages.in_use() == 3
    (ctx1, p1), (ctx2, p2), (ctx3, p3) = admitted
    ctx1.run(pages.handed, "k1")  # its kernel: the place becomes the kernel
    assert pages.in_use() == 3 and pages.kernels == {"k1"}
    pages.release(p1)  # the request ends: nothing more to give back
    pages.release(p2)  # a request that ended without a kernel gives its place back
    assert pages.in_use() == 2
    assert request(None)[1] is not None and pages.in_use() == 3
    pages.stopped("k1")
    assert pages.in_use() == 2
    ctx3.run(pages.handed, "k3")
    pages.handed("pool")  # a kernel handed outside any request
    assert pages.in_use(running={"k3"}) == 2 and pages.admit(running={"k3"}) is not None


def test_the_class_full_page_speaks_the_students_language_and_asks_nothing_of_other_hosts():
    from samurai_lab.tools.class_full import RETRY_AFTER_S, class_full_language, class_full_page

    assert class_full_language("lang=ru&x=1", "it") == "ru"
    assert class_full_language("", "es-ES,es;q=0.9,en;q=0.5") == "es"
    assert class_full_language("", "fr-FR") == "en"
    assert class_full_language("", "fr-FR", "ikizumari.ipynb") == "fr"
    assert class_full_language("lang=xx", None) == "en"
    titles = {"en": "The class is full", "it": "La classe è al completo", "es": "La clase está completa",
              "ru": "Класс заполнен", "fr": "La classe est complète"}
    for lang, title in titles.items():
        page = class_full_page(lang)
        assert f'<html lang="{lang}">' in page and f"<h1>{title}</h1>" in page
        assert f'content="{RETRY_AFTER_S}"' in page
        assert not re.search(r"""(href|src)\s*=\s*["']?(https?:)?//""", page)


def test_a_prepared_pool_shrinks_back_to_the_usual_size_as_it_is_used():
    from samurai_lab.tools.voila_app import shrink_prepared_pool

    class Pools:
        kernel_pools_config = {"default": {"pool_size": 1}, "explorer.ipynb": {"pool_size": 3}}

        def get_pool_size(self, notebook):
            return 2

    km = Pools()
    for _ in range(4):
        shrink_prepared_pool(km, "explorer.ipynb")
        shrink_prepared_pool(km, "examples.ipynb")
    assert km.kernel_pools_config == {"default": {"pool_size": 1}, "explorer.ipynb": {"pool_size": 1}}
    km.kernel_pools_config = {"default": {"pool_size": 0}, "explorer.ipynb": {"pool_size": 2}}  # '*:0'
    for _ in range(3):
        shrink_prepared_pool(km, "explorer.ipynb")
    assert km.kernel_pools_config["explorer.ipynb"] == {"pool_size": 1}  # one stays ready, as usual


def test_prepare_zero_leaves_an_app_without_ready_kernels():
    """``--prepare APP=0`` and ``'*=0'`` size voila's pools: none for those apps, which then start a
    kernel per page as plain voila does (voila serves a page without preheating when its pool is 0)."""
    from samurai_lab.tools.voila_app import pools_config, prepared_pools

    def pools(prepare: str) -> dict:
        return pools_config(prepared_pools(prepare))

    assert pools("explorer.ipynb:0,examples.ipynb:3") == {"default": {"pool_size": 1}, "explorer.ipynb": {"pool_size": 0},
                                                          "examples.ipynb": {"pool_size": 3}}
    assert pools("*:0,explorer.ipynb:1") == {"default": {"pool_size": 0}, "explorer.ipynb": {"pool_size": 1}}


# --- address options ----------------------------------------------------------------------------

def test_options_are_read_and_problems_named():
    q = parse_query("?players=3&edition=2015&foo=1&theme=dark&token=abc", {"players", "edition"})
    assert q.integer("players", 4, 2, 4) == 3 and q.choice("edition", ("1998", "2015")) == "2015"
    assert q.problems == ["unknown option 'foo' (this app knows: edition, players)"]
    q = parse_query("players=x&edition=1999&seed=99", {"players", "edition", "seed"})
    assert q.integer("players", 4) == 4 and q.choice("edition", ("1998", "2015"), "1998") == "1998"
    assert q.integer("seed", 1, 1, 10) == 1
    text = q.message()
    assert "players='x' is not a whole number" in text and "edition='1999' is not one of 1998, 2015" in text
    assert "seed=99 is out of range (from 1 to 10)" in text
    assert parse_query("", {"a"}).message() == ""
    assert parse_query("a=" + "x" * 5000, {"a"}).problems == ["a is too long (5000 characters)"]
    f = Feedback()
    q.report(f)
    assert f.kind == "warning" and f.text == text


def test_outside_voila_the_environment_gives_the_query(monkeypatch):
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "example=E2")
    assert query_params({"example"}).text("example") == "E2"
    monkeypatch.setenv("VOILA_PREHEAT", "False")  # voila without preheating, the Binder route
    assert query_params({"example"}).text("example") == "E2"


def stand_in_query_server(handler) -> tuple[threading.Thread, dict[str, object]]:
    """A websocket server on 127.0.0.1 running ``handler``; ``box["port"]``, stopped by ``box["done"]``."""
    from websockets.asyncio.server import serve as ws_serve

    ready = threading.Event()
    box: dict[str, object] = {}

    async def main():
        async with ws_serve(handler, "127.0.0.1", 0) as server:
            box["port"] = server.sockets[0].getsockname()[1]
            ready.set()
            while "done" not in box:
                await asyncio.sleep(0.05)

    t = threading.Thread(target=lambda: asyncio.run(main()), daemon=True)
    t.start()
    assert ready.wait(10)
    return t, box


def preheated_kernel(monkeypatch, port: object) -> None:
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_APP_PORT", str(port))
    monkeypatch.setenv("VOILA_KERNEL_ID", "k-1")
    monkeypatch.delenv("VOILA_WS_BASE_URL", raising=False)
    monkeypatch.setenv("QUERY_STRING", "")  # set first, so that the end of the test unsets it again
    monkeypatch.setattr(query_mod._request, "read", False)
    monkeypatch.setattr(query_mod._request, "lost", False)


def test_a_preheated_kernel_waits_for_its_request(monkeypatch):
    """The protocol of voila's ``voila/query/<kernel>`` websocket, with a stand-in server."""
    got_path: list[str] = []

    async def handler(ws):
        got_path.append(ws.request.path)
        await asyncio.sleep(0.3)  # the request comes later than the kernel asks
        await ws.send(json.dumps({"QUERY_STRING": "start=midgame", "SERVER_NAME": "x"}))

    t, box = stand_in_query_server(handler)
    preheated_kernel(monkeypatch, box["port"])
    monkeypatch.setenv("VOILA_SERVER_URL", "/base/")
    monkeypatch.setenv("SERVER_NAME", "")  # set first, so that the end of the test unsets it again
    try:
        assert query_params({"start"}).text("start") == "midgame"
        assert got_path == ["/base/voila/query/k-1"]
        assert query_params({"start"}).text("start") == "midgame"  # asked once per kernel
        assert len(got_path) == 1
    finally:
        box["done"] = True
        t.join(5)


def test_a_kernel_whose_wait_the_server_lost_asks_again_and_gets_its_request(monkeypatch):
    """The server forgot the kernel's socket (as voila did when another socket closed): the kernel asks
    again after a while, and gets the request the server kept meanwhile."""
    connections: list[int] = []

    async def handler(ws):
        connections.append(1)
        if len(connections) == 1:
            await ws.wait_closed()  # forgotten: nothing is ever sent on this socket
            return
        await ws.send(json.dumps({"QUERY_STRING": "start=midgame"}))

    t, box = stand_in_query_server(handler)
    preheated_kernel(monkeypatch, box["port"])
    monkeypatch.setattr(query_mod, "REQUEST_POLL_S", 0.5)
    try:
        q = query_params({"start"})
        assert q.text("start") == "midgame" and not q.problems and len(connections) == 2
    finally:
        box["done"] = True
        t.join(5)


def test_a_kernel_the_server_refuses_takes_the_defaults_with_a_warning(monkeypatch, capfd):
    refused: list[int] = []

    async def handler(ws):
        refused.append(1)
        await ws.close(4004, "unknown kernel")

    t, box = stand_in_query_server(handler)
    preheated_kernel(monkeypatch, box["port"])
    try:
        q = query_params({"start"})
    finally:
        box["done"] = True
        t.join(5)
    assert len(refused) == query_mod.REQUEST_ATTEMPTS
    assert q.text("start") is None
    assert q.message() == ("The address has options this app cannot use, so their defaults are shown: "
                           "the server did not pass the address on to this app.")
    assert "never reached this kernel" in capfd.readouterr().err


def test_a_page_never_reads_a_query_string_inherited_from_the_server(monkeypatch):
    """A preheated kernel inherits the server's environment: a ``QUERY_STRING`` there (or a flag
    saying the request was read) must not become every page's options."""
    from samurai_lab.tools.voila_app import REQUEST_VARIABLES, data_path_env

    monkeypatch.setenv("QUERY_STRING", "start=midgame")
    monkeypatch.setenv("SERVER_NAME", "old")
    env = data_path_env()
    assert not set(REQUEST_VARIABLES) & set(env)
    assert env["PATH"] == os.environ["PATH"]
    # the request-read flag lives in the kernel's process, not in the environment it hands on
    monkeypatch.setattr(query_mod._request, "read", False)
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    asked: list[str] = []
    monkeypatch.setattr(query_mod, "wait_for_request", lambda: asked.append("asked"))
    query_mod.query_string()
    assert asked == ["asked"]
    assert not any("REQUEST_READ" in k for k in os.environ)


def test_every_app_takes_its_options():
    from samurai_lab.knizia.widgets.explorer import Explorer
    from samurai_lab.knizia.widgets.from_url import examples_app, game_app, lesson_app, map_app, variants_app

    app = Explorer.from_query("players=2&edition=2015&seed=3")
    assert (app.state.n_players, app.state.ruleset.edition, app.state.seed) == (2, "2015", 3)
    assert examples_app("example=e3").entry.key == "E3"
    lesson = lesson_app("chapter=capture&edition=2015")
    assert lesson.task.id == "capture-one" and lesson.ruleset.edition == "2015" and lesson.feedback.text == ""
    assert lesson_app("chapter=4").task.id == "capture-one"
    variants = variants_app("ruling=R3&edition=2015")
    assert variants.ruling_buttons.value == "R3" and variants.edition_value == "2015"
    game = game_app("players=3&edition=2015", bot_pause=0)
    assert game.form.rules.players.value == 3 and game.form.rules.edition.value == "2015"
    the_map = map_app("players=2")
    assert the_map.players.value == 2 and the_map.info.value == "Point at a hex."  # no warning


def test_a_bad_option_is_a_warning_and_the_default():
    from samurai_lab.knizia.widgets.from_url import examples_app, lesson_app

    app = examples_app("example=E99&colour=red")
    assert app.entry.key == "E1" and app.feedback.kind == "warning"
    assert "example='E99' is not one of E1" in app.feedback.text and "unknown option 'colour'" in app.feedback.text
    lesson = lesson_app("chapter=12")
    assert lesson.task.id == "map-edo" and "chapter='12' is not a chapter" in lesson.feedback.text


# --- tracebacks are for developers --------------------------------------------------------------

def _boom():
    raise RuntimeError("kaboom in /secret/server/path.py")


def test_an_unexpected_error_shows_a_message_and_no_traceback(monkeypatch, capsys):
    monkeypatch.delenv("SAMURAI_DEBUG", raising=False)
    f = Feedback()
    f.guard(_boom)()
    assert f.kind == "error" and "RuntimeError" in f.text and "/secret" not in f.text
    assert f.log_box.layout.display == "none" and not f.log.outputs
    monkeypatch.setenv("SAMURAI_DEBUG", "1")
    f = Feedback()
    f.guard(_boom)()
    assert "kaboom" in f.text and f.log_box.layout.display == ""


def test_the_classroom_figures_tell_the_clicks_made_while_pages_loaded_apart():
    from samurai_lab.tools.bench_classroom import Tally

    tally = Tally(clicks_ms=[100.0, 2000.0, 300.0], clicks_at=[1.0, 10.0, 30.0], loading=[(9.0, 12.0), (25.0, 30.05)])
    # the first click came before any load, the second during one, the third ended as a load ended
    assert tally.settled_clicks_ms() == [100.0]


def test_the_classroom_cpu_ledger_counts_processes_that_ended_and_not_what_ran_before_it():
    from types import SimpleNamespace

    from samurai_lab.tools.bench_classroom import CpuLedger

    def proc(pid: int, user: float, system: float = 0.0) -> SimpleNamespace:
        return SimpleNamespace(pid=pid, cpu_times=lambda: SimpleNamespace(user=user, system=system))

    ledger = CpuLedger()
    ledger.sample([proc(1, 50.0, 10.0)])               # running before: its 60 s are not the run's
    ledger.sample([proc(1, 52.0, 10.0), proc(2, 0.5)])  # a kernel starts
    ledger.sample([proc(1, 53.0, 10.5), proc(3, 1.0)])  # the kernel ended (its last 0.5 s kept); another began
    assert ledger.seconds == 3.5 + 0.5 + 1.0


def test_the_classroom_can_run_the_students_browsers_at_a_lower_priority(tmp_path, monkeypatch):
    import subprocess

    from samurai_lab.tools import bench_classroom_browser

    monkeypatch.setattr(bench_classroom_browser, "find_chromium", lambda: "/bin/sh")
    assert bench_classroom_browser.niced_chromium(0, tmp_path) == "/bin/sh"
    script = bench_classroom_browser.niced_chromium(7, tmp_path)
    niceness = subprocess.run([script, "-c", "nice"], capture_output=True, text=True, check=True).stdout
    assert int(niceness) == min(os.nice(0) + 7, 19)  # 19 is the lowest priority there is


def test_stopping_the_server_passes_over_a_kernel_stopped_meanwhile(tmp_path: Path) -> None:
    """A page's beacon may stop its kernel while the server stops every kernel: no traceback, and
    the other kernels are stopped all the same."""
    from types import SimpleNamespace

    from tornado.web import HTTPError

    from samurai_lab.tools.voila_app import SamuraiVoila

    rounds: list[bool] = []

    async def shutdown_all(now: bool = False) -> None:
        rounds.append(now)
        if len(rounds) == 1:
            raise HTTPError(404, "Kernel does not exist: gone")

    server = SimpleNamespace(connection_dir=str(tmp_path / "connections"),
                             kernel_manager=SimpleNamespace(shutdown_all=shutdown_all))
    SamuraiVoila.stop(server)  # type: ignore[arg-type]
    assert rounds == [True, True]


def test_kernels_speak_over_unix_sockets() -> None:
    """No kernel port to lose between its choice and its bind, and no warning per kernel at start."""
    assert "--KernelManager.transport=ipc" in serve.voila_flags()
