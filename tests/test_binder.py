"""The Binder spec (binder/) installs into a fresh venv and serves the notebooks.

No docker here, so this does what repo2docker does with binder/: install
requirements.txt, run postBuild from the repository root, then serve the
notebooks, both with voila on its own and with voila as a Jupyter server
extension at the URL a Binder link opens (``voila/render/notebooks/<name>``).
Slow (a full install, about half a minute with a warm pip cache).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from samurai_lab.tools.bench_browser import free_port, start_voila
from venvs import uv_install

REPO_ROOT = Path(__file__).resolve().parents[1]
BINDER = REPO_ROOT / "binder"
ARTIFACTS = REPO_ROOT / "tests" / ".artifacts"

pytestmark = [pytest.mark.slow, pytest.mark.server]


def _env_with_venv(venv: Path) -> dict[str, str]:
    """The current environment with ``venv`` activated (its bin first on PATH)."""
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"}}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["VIRTUAL_ENV"] = str(venv)
    return env


def _get(url: str, timeout: float = 120.0) -> tuple[int, str]:
    """HTTP GET; returns (status, body)."""
    with urllib.request.urlopen(url, timeout=timeout) as response:  # noqa: S310 - loopback only
        return int(response.status), response.read().decode("utf-8", "replace")


def _served_root(tmp_path: Path) -> tuple[Path, str]:
    """A folder holding notebooks/, and the notebook to render from it.

    The repository itself once notebooks/ has notebooks; until then a copy of
    the trivial app in a temporary notebooks/ folder.
    """
    notebooks = sorted((REPO_ROOT / "notebooks").glob("*.ipynb"))
    if notebooks:
        names = [p.name for p in notebooks]
        return REPO_ROOT, "index.ipynb" if "index.ipynb" in names else names[0]
    root = tmp_path / "site"
    (root / "notebooks").mkdir(parents=True)
    shutil.copy(REPO_ROOT / "benchmarks" / "trivial_app.ipynb", root / "notebooks")
    return root, "trivial_app.ipynb"


def _assert_rendered(status: int, body: str, name: str) -> None:
    assert status == 200
    assert "Traceback" not in body, body[-3000:]
    assert Path(name).stem in body
    assert "jp-Cell" in body, "no rendered cell in the page"


def test_binder_spec_serves_notebooks(tmp_path: Path) -> None:
    """requirements.txt + postBuild give a venv whose voila renders the notebooks."""
    assert (BINDER / "runtime.txt").read_text().strip().startswith("python-3.")
    assert os.access(BINDER / "postBuild", os.X_OK), "binder/postBuild must be executable"
    timings: dict[str, float] = {}
    t0 = time.monotonic()

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    env = _env_with_venv(venv)
    uv_install(python, "-r", str(BINDER / "requirements.txt"), env=env, timeout=600)
    timings["requirements"] = time.monotonic() - t0
    subprocess.run([str(BINDER / "postBuild")], check=True, cwd=REPO_ROOT, env=env, timeout=300)
    timings["postBuild"] = time.monotonic() - t0 - timings["requirements"]
    probe = "import samurai_lab, voila, ipycanvas, ipywidgets, networkx; print(samurai_lab.__file__)"
    out = subprocess.run([str(python), "-c", probe], check=True, env=env, capture_output=True, text=True)
    assert Path(out.stdout.strip()).resolve().is_relative_to(REPO_ROOT)

    root, name = _served_root(tmp_path)

    # voila on its own, in tree mode over notebooks/ (as `samurai-lab serve` runs it).
    t1 = time.monotonic()
    server = start_voila(
        root / "notebooks",
        python=python,
        env=env,
        log_path=ARTIFACTS / "voila-binder.log",
        extra_args=["--classic-tree"],
    )
    try:
        server.wait_until_up(timeout=60)
        status, body = _get(server.url + "/")
        assert status == 200 and name in body, body[-2000:]
        _assert_rendered(*_get(server.app_url(name)), name)
    finally:
        server.stop()
    timings["voila"] = time.monotonic() - t1

    # voila as a Jupyter server extension: the URL of a Binder link.
    t2 = time.monotonic()
    port = free_port()
    log = open(ARTIFACTS / "jupyter-server-binder.log", "wb")  # noqa: SIM115
    proc = subprocess.Popen(
        [
            str(python), "-m", "jupyter_server", "--no-browser", "--allow-root",
            f"--port={port}", "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0",
            "--IdentityProvider.token=", f"--ServerApp.root_dir={root}",
        ],
        cwd=root, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, (ARTIFACTS / "jupyter-server-binder.log").read_text()[-3000:]
            try:
                status, body = _get(f"http://127.0.0.1:{port}/voila/render/notebooks/{name}")
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        _assert_rendered(status, body, name)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
            proc.wait()
        log.close()
    timings["server-extension"] = time.monotonic() - t2
    timings["total"] = time.monotonic() - t0
    summary = ", ".join(f"{k} {v:.1f} s" for k, v in timings.items())
    print(f"binder spec: {summary}")
    (ARTIFACTS / "binder-timings.txt").write_text(summary + "\n")
