"""No client can hang or exhaust the class server: attacks played with plain HTTP and websocket
clients against `samurai-lab serve`'s voila (its command line, on 127.0.0.1), bounded in count and
time. The apps served are one-cell notebooks that read their address options as the apps do
(`samurai_lab.ui.query`), so that a kernel costs little.

A page request (GET) of a preheated app returns only once the notebook has run, that is once its
kernel has received the request: a GET that returns with the option proves the page finished.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Iterator

import nbformat
import pytest

from samurai_lab.tools.bench_browser import VoilaServer
from samurai_lab.tools.bench_classroom import kernel_ids, start_served, wait_for_pool
from samurai_lab.tools.class_full import RETRY_AFTER_S

pytestmark = pytest.mark.server

REPO = Path(__file__).resolve().parents[1]
ARTIFACTS = REPO / "tests" / ".artifacts"
PROBE = """from samurai_lab.ui.query import query_params
q = query_params({"x"})
print("PROBE", q.text("x"), "|", q.message(), "|")"""
GET_S = 120.0
LIMIT = 3
GRACE_S, INTERVAL_S = 6, 2


def write_probes(folder: Path, names: tuple[str, ...]) -> Path:
    for name in names:
        nb = nbformat.v4.new_notebook()
        nb.cells.append(nbformat.v4.new_code_cell(PROBE))
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nbformat.write(nb, folder / name)
    return folder


def get(url: str, headers: dict[str, str] | None = None, timeout: float = GET_S) -> tuple[int, dict[str, str], str]:
    """Status, headers and body of a plain GET (no websocket is ever opened)."""
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, dict(response.headers), response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read().decode("utf-8", "replace")


def probe_value(body: str) -> str | None:
    m = re.search(r"PROBE (\S+) \|", body)
    return m[1] if m else None


def wait_until(condition, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.5)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    folder = write_probes(tmp_path_factory.mktemp("probes"), ("probe.ipynb",))
    server = start_served(folder, log_path=ARTIFACTS / "voila-class-attacks.log", max_kernels=LIMIT,
                          unconnected_grace=GRACE_S, cull_interval=INTERVAL_S)
    server.wait_until_up(120)
    assert wait_for_pool(server, 1, timeout=120) == 1
    yield server
    server.stop()


def play_query_socket_attack(base_ws: str) -> list[int | None]:
    """The sockets that made voila forget a waiting kernel: two sockets for one unknown id, closed in
    turn (the second close is of a socket voila no longer knew), then a few more unknown ids."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    codes: list[int | None] = []

    async def attack() -> None:
        first = await connect(f"{base_ws}/voila/query/00000000-0000-4000-8000-000000000000", open_timeout=10)
        second = await connect(f"{base_ws}/voila/query/00000000-0000-4000-8000-000000000000", open_timeout=10)
        for ws in (second, first):
            try:
                await asyncio.wait_for(ws.recv(), 5)
            except ConnectionClosed:
                pass
            await ws.close()
            codes.append(ws.close_code)
        for i in range(5):
            async with connect(f"{base_ws}/voila/query/{i:08d}-1111-4111-8111-111111111111", open_timeout=10) as ws:
                try:
                    await asyncio.wait_for(ws.recv(), 5)
                except ConnectionClosed:
                    pass
            codes.append(ws.close_code)

    asyncio.run(attack())
    return codes


def test_sockets_of_unknown_kernels_cannot_hang_the_next_students_page(served: VoilaServer) -> None:
    codes = play_query_socket_attack(served.url.replace("http://", "ws://"))
    assert codes == [4004] * 7  # every unknown id refused
    status, _, body = get(f"{served.url}/voila/render/probe.ipynb?x=42")
    assert status == 200 and probe_value(body) == "42", body[-2000:]
    assert re.search(r"Using pre-heated kernel: \S+ for probe.ipynb", served.log_tail(10**9))
    assert "Traceback" not in served.log_tail(10**9)


def test_page_requests_past_the_limit_get_the_class_full_page_then_a_page_again(served: VoilaServer) -> None:
    pid = served.process.pid
    wait_until(lambda: len(kernel_ids(pid)) <= 1, GRACE_S + INTERVAL_S + 60, "earlier pages' kernels still run")
    peak = [0]
    done = [False]

    def sample() -> None:
        while not done[0]:
            peak[0] = max(peak[0], len(kernel_ids(pid)))
            time.sleep(0.2)

    headers = [{"Accept-Language": "it-IT,it;q=0.9"}, {"Accept-Language": "es"}, {}, {}]
    with ThreadPoolExecutor(max_workers=12) as pool:
        sampler = pool.submit(sample)
        answers = list(pool.map(lambda i: get(f"{served.url}/voila/render/probe.ipynb?x={i}",
                                              headers[i % len(headers)]), range(10)))
        done[0] = True
        sampler.result()
    served_pages = [a for a in answers if a[0] == 200]
    full = [a for a in answers if a[0] == 503]
    assert len(served_pages) + len(full) == len(answers), [a[0] for a in answers]
    assert 1 <= len(served_pages) <= LIMIT and full
    assert all(probe_value(body) is not None for _, _, body in served_pages)
    assert peak[0] <= LIMIT + 1  # the pages' kernels and the one preheated for the next page
    for status, head, body in full:
        assert head["Retry-After"] == str(RETRY_AFTER_S)
        assert "Traceback" not in body and "/work" not in body and "voila" not in body.lower()
    titles = {re.search(r"<h1>(.*?)</h1>", body)[1] for _, _, body in full}
    assert "The class is full" in titles or "La classe è al completo" in titles
    status, head, body = get(f"{served.url}/voila/render/probe.ipynb?lang=ru", timeout=10)
    if status == 503:  # the pages above still hold their kernels: the page says so in Russian
        assert '<html lang="ru">' in body and "Класс заполнен" in body
    # no page ever connected to those kernels: they stop within the grace, and a page is served again
    wait_until(lambda: len(kernel_ids(pid)) <= 1, GRACE_S + INTERVAL_S + 60, "kernels of unconnected pages still run")
    assert re.search(r"Culling kernel \S+: no page connected to it", served.log_tail(10**9))
    status, _, body = get(f"{served.url}/voila/render/probe.ipynb?x=after")
    assert status == 200 and probe_value(body) == "after"


def test_the_address_cannot_change_the_template_or_skip_the_preheated_kernels(served: VoilaServer) -> None:
    wait_until(lambda: len(kernel_ids(served.process.pid)) <= 1, GRACE_S + INTERVAL_S + 60, "kernels still run")
    uses = len(re.findall(r"Using pre-heated kernel", served.log_tail(10**9)))
    status, _, body = get(f"{served.url}/voila/render/probe.ipynb?x=7&template=reveal&theme=dark")
    assert status == 200 and probe_value(body) == "7", body[-2000:]
    assert len(re.findall(r"Using pre-heated kernel", served.log_tail(10**9))) == uses + 1
    assert not re.search(r"""(href|src)=["']?(https?:)?//""", body)
    assert "theme-dark" not in body and "reveal" not in body


def test_a_page_cannot_run_code_in_its_kernel(served: VoilaServer, tmp_path: Path) -> None:
    """voila refuses execute requests from pages: the code is not run, the kernel still answers."""
    from websockets.asyncio.client import connect

    wait_until(lambda: len(kernel_ids(served.process.pid)) <= 1, GRACE_S + INTERVAL_S + 60, "kernels still run")
    status, head, body = get(f"{served.url}/voila/render/probe.ipynb?x=1")
    assert status == 200
    config = json.loads(re.search(r'id="jupyter-config-data"[^>]*>(.*?)</script>', body, re.S)[1])
    kernel = config["kernelId"]
    witness = tmp_path / "ran"

    def message(msg_type: str, content: dict) -> str:
        header = {"msg_id": f"{msg_type}-1", "msg_type": msg_type, "username": "x", "session": "s",
                  "version": "5.3", "date": ""}
        return json.dumps({"header": header, "parent_header": {}, "metadata": {}, "content": content,
                           "channel": "shell", "buffers": []})

    async def attempt() -> list[str]:
        seen: list[str] = []
        url = f"{served.url.replace('http://', 'ws://')}/api/kernels/{kernel}/channels"
        cookie = head.get("Set-Cookie", "").split(";")[0]
        async with connect(url, open_timeout=10, additional_headers={"Cookie": cookie} if cookie else None) as ws:
            await ws.send(message("execute_request", {"code": f"open({str(witness)!r}, 'w').close()",
                                                      "silent": False, "store_history": False,
                                                      "user_expressions": {}, "allow_stdin": False}))
            await ws.send(message("kernel_info_request", {}))
            deadline = time.monotonic() + 30
            while "kernel_info_reply" not in seen and time.monotonic() < deadline:
                reply = json.loads(await asyncio.wait_for(ws.recv(), 30))
                seen.append(reply["header"]["msg_type"])
        return seen

    seen = asyncio.run(attempt())
    assert "kernel_info_reply" in seen and "execute_reply" not in seen and "execute_input" not in seen
    time.sleep(2)
    assert not witness.exists()
    assert 'Received message of type "execute_request", which is not allowed' in served.log_tail(10**9)


def test_prepared_kernels_wait_for_the_class_and_are_not_refilled(tmp_path_factory: pytest.TempPathFactory) -> None:
    """`serve --prepare probe=3 --prepare other=0`: three kernels of the app wait before anyone comes, none
    of the other; the first pages take them without starting any kernel, and the pool then shrinks back to
    voila's one; a page of the other app starts its own kernel, as under plain voila."""
    folder = write_probes(tmp_path_factory.mktemp("prepared"), ("probe.ipynb", "other.ipynb"))
    server = start_served(folder, log_path=ARTIFACTS / "voila-class-prepared.log", prepare={"probe": 3, "other": 0})
    try:
        server.wait_until_up(120)
        assert wait_for_pool(server, 3, timeout=180) == 3
        started = server.log_tail(10**9).count("Kernel started")
        for i in range(2):
            status, _, body = get(f"{server.url}/voila/render/probe.ipynb?x=p{i}")
            assert status == 200 and probe_value(body) == f"p{i}"
        time.sleep(3)  # voila refills a pool a second after a page takes from it
        log = server.log_tail(10**9)
        assert log.count("Kernel started") == started  # no kernel started for those pages
        assert len(re.findall(r"Using pre-heated kernel: \S+ for probe.ipynb", log)) == 2
        status, _, body = get(f"{server.url}/voila/render/probe.ipynb?x=p2")  # the last prepared one ...
        assert status == 200 and probe_value(body) == "p2"
        wait_until(lambda: server.log_tail(10**9).count("Kernel started") == started + 1, 60,
                   "the pool was not refilled to voila's usual one kernel")  # ... then one, as usual
        time.sleep(3)
        assert server.log_tail(10**9).count("Kernel started") == started + 1
        status, _, body = get(f"{server.url}/voila/render/other.ipynb?x=o")
        assert status == 200 and probe_value(body) == "o"
        log = server.log_tail(10**9)
        assert log.count("Kernel started") == started + 2
        assert not re.search(r"Using pre-heated kernel: \S+ for other.ipynb", log)
    finally:
        server.stop()
