"""Kernels forked from the zygote (``samurai_lab/tools/kernel_forks.py``): each is the kernel its page asked for
(environment, folder), a child of the zygote with the apps already imported, its widgets' comms open with it;
it is interrupted and stopped as any kernel; a kernel the zygote cannot be is launched as usual."""

from __future__ import annotations

import ast
import json
import os
import sys
from pathlib import Path
from typing import Iterator

import psutil
import pytest
from jupyter_client.manager import KernelManager
from jupyter_client.provisioning import KernelProvisionerFactory

from samurai_lab.tools.kernel_forks import PRELOAD, PROVISIONER, Zygote, running

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
TIMEOUT = 60


def notebook_imports() -> set[str]:
    """The modules the apps' notebooks import from."""
    found = set()
    for path in NOTEBOOKS.glob("*.ipynb"):
        for cell in json.loads(path.read_text())["cells"]:
            if cell["cell_type"] == "code":
                source = "".join(line for line in cell["source"] if not line.lstrip().startswith(("%", "!")))
                found |= {n.module for n in ast.walk(ast.parse(source)) if isinstance(n, ast.ImportFrom) and n.module}
    return found


def test_the_zygote_imports_every_module_the_apps_notebooks_import() -> None:
    missing = notebook_imports() - set(PRELOAD)
    assert not missing, f"add to PRELOAD: {sorted(missing)}"


@pytest.fixture
def forking() -> Iterator[None]:
    """Kernels started in this test are launched by the fork provisioner."""
    factory = KernelProvisionerFactory.instance()
    before = factory.default_provisioner_name
    factory.default_provisioner_name = PROVISIONER
    yield
    factory.default_provisioner_name = before


def run(km: KernelManager, code: str) -> dict:
    """Run ``code`` in the kernel; the reply's content (and the text it printed, as ``out``)."""
    client = km.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=TIMEOUT)
        out: list[str] = []
        reply = client.execute_interactive(code, timeout=TIMEOUT, output_hook=lambda m: out.append(
            m["content"].get("text", "")) if m["msg_type"] == "stream" else None)
        return {**reply["content"], "out": "".join(out)}
    finally:
        client.stop_channels()


PROBE = """import gc, os, sys, json
from ipywidgets.widgets.widget import _instances
import comm
print(json.dumps({"query": os.environ.get("QUERY_STRING"), "cwd": os.getcwd(), "ppid": os.getppid(),
                  "preloaded": "samurai_lab.ui.puzzles" in sys.modules, "parent": os.environ.get("JPY_PARENT_PID"),
                  "placeholders": [type(w).__name__ for w in _instances.values() if isinstance(w.comm, comm.DummyComm)],
                  "targets": sorted(comm.get_comm_manager().targets), "frozen": gc.get_freeze_count(),
                  "collects": gc.isenabled()}))"""


def test_a_forked_kernel_is_the_kernel_its_page_asked_for(forking: None, tmp_path: Path) -> None:
    km = KernelManager(kernel_name="python3", transport="ipc", connection_file=str(tmp_path / "kernel.json"))
    km.start_kernel(env={**os.environ, "QUERY_STRING": "lang=it"}, cwd=str(tmp_path))
    try:
        pid = km.provisioner.pid
        seen = json.loads(run(km, PROBE)["out"])
        zygote = Zygote.shared()
        assert zygote is not None and seen["ppid"] == zygote.process.pid  # a fork, not a new interpreter
        assert seen["preloaded"] and seen["query"] == "lang=it" and Path(seen["cwd"]) == tmp_path
        assert seen["parent"] == str(os.getpid())
        assert "ipykernel_launcher" in " ".join(psutil.Process(pid).cmdline())  # in ps, as the kernel it is
        assert not seen["placeholders"]  # ipycanvas's canvas manager has its kernel comm
        assert {"jupyter.widget", "jupyter.widget.control"} <= set(seen["targets"])
        assert seen["frozen"] > 50_000 and seen["collects"]  # the zygote's objects are out of the kernel's collections

        km.interrupt_kernel()  # nothing running: the kernel lives on
        assert run(km, "print(6 * 7)")["out"].strip() == "42"
    finally:
        km.shutdown_kernel(now=False)
    assert not running(pid)


def test_an_interrupt_stops_a_forked_kernels_cell(forking: None, tmp_path: Path) -> None:
    km = KernelManager(kernel_name="python3", transport="ipc", connection_file=str(tmp_path / "kernel.json"))
    km.start_kernel(cwd=str(tmp_path))
    client = km.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=TIMEOUT)
        msg_id = client.execute("import time; print('asleep', flush=True); time.sleep(60)")
        while True:  # the cell runs (before it does, an interrupt would stop the kernel's wait for it, not the cell)
            msg = client.get_iopub_msg(timeout=TIMEOUT)
            if msg["msg_type"] == "stream" and "asleep" in msg["content"]["text"]:
                break
        km.interrupt_kernel()
        reply = client.get_shell_msg(timeout=TIMEOUT)
        assert reply["parent_header"]["msg_id"] == msg_id and reply["content"]["ename"] == "KeyboardInterrupt"
    finally:
        client.stop_channels()
        km.shutdown_kernel(now=True)


def test_a_kernel_the_zygote_cannot_be_is_launched_as_usual(forking: None, tmp_path: Path) -> None:
    zygote = Zygote.shared()
    assert zygote is not None
    launcher = [sys.executable, "-m", "ipykernel_launcher", "-f", "k.json"]
    assert zygote.takes(launcher, dict(os.environ))
    assert not zygote.takes(launcher, {**os.environ, "PYTHONPATH": str(tmp_path)})  # read when Python starts
    assert not zygote.takes(["/usr/bin/other-python", *launcher[1:]], dict(os.environ))
    assert not zygote.takes([sys.executable, "-m", "other_kernel", "-f", "k.json"], dict(os.environ))

    km = KernelManager(kernel_name="python3", transport="ipc", connection_file=str(tmp_path / "kernel.json"))
    km.start_kernel(env={**os.environ, "PYTHONPATH": str(tmp_path)}, cwd=str(tmp_path))
    try:
        seen = json.loads(run(km, "import os, sys, json; print(json.dumps({'ppid': os.getppid(), "
                                  "'preloaded': 'samurai_lab.ui.puzzles' in sys.modules}))")["out"])
        assert seen == {"ppid": os.getpid(), "preloaded": False}
    finally:
        km.shutdown_kernel(now=True)
