"""The package works once installed from its wheel, away from the checkout.

``python -m build`` makes the sdist and, from the sdist, the wheel (so the sdist holds all the wheel
needs). The wheel carries what the apps need beside the code: the notebooks, the scenario files,
the landing page's thumbnails, the translation catalogs, the voila template and the board data.
Installed with its apps (``[app]``) into a fresh venv, from a folder that is not the checkout,
``samurai-lab check`` checks the bundled scenarios and ``samurai-lab serve`` serves every app from
the installed package, in Italian too, and saves into the user's data folder, not into the package.
Slow: a build and a full install (about a minute with a warm pip cache).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import tarfile
import time
import urllib.request
import zipfile
from pathlib import Path
from typing import Any

import pytest

from samurai_lab import __version__
from samurai_lab.tools.bench_browser import CHROMIUM_FLAGS, free_port

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
from helpers import APP_READY, PageErrors, chromium_for_tests  # noqa: E402  (tests/browser/helpers.py)
from venvs import uv_install  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = REPO_ROOT / "tests" / ".artifacts"
PACKAGE = REPO_ROOT / "samurai_lab"

# The browser part shares the browser tests' Playwright session, so this test runs with them (last).
pytestmark = [pytest.mark.slow, pytest.mark.browser]

#: What a source copy leaves out: version control, environments, build output, caches, saved positions.
NOT_SOURCE = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".artifacts",
                                    "saved", "test-results", ".pytest_cache", ".hypothesis", ".ipynb_checkpoints",
                                    "node_modules")


def _files(root: Path, pattern: str = "*") -> list[str]:
    """Files under ``root`` matching ``pattern``, as paths relative to it (saved positions left out)."""
    return sorted(p.relative_to(root).as_posix() for p in root.rglob(pattern)
                  if p.is_file() and "saved" not in p.relative_to(root).parts and "__pycache__" not in p.parts)


def expected_package_files() -> list[str]:
    """The package's files as installed: the modules, and every file the apps need (from the checkout)."""
    bundled = [f"samurai_lab/bundled/{name}/{f}" for name, folder in (
        ("notebooks", REPO_ROOT / "notebooks"), ("scenarios", REPO_ROOT / "scenarios"),
        ("studies", REPO_ROOT / "studies"), ("thumbs", REPO_ROOT / "docs" / "screenshots" / "thumbs"),
    ) for f in _files(folder)]
    modules_and_catalogs = [f"samurai_lab/{f}" for f in _files(PACKAGE, "*.py") + _files(PACKAGE, "*.mo")
                            + _files(PACKAGE, "*.js") + _files(PACKAGE, "*.css") + _files(PACKAGE, "*.sql")]
    data = [f"samurai_lab/{folder}/{f}" for folder in ("tools/voila_data", "knizia/core/data")
            for f in _files(PACKAGE / folder)]
    data.append("samurai_lab/knizia/teaching/lessons.toml")
    return sorted(bundled + modules_and_catalogs + data)


def _clean_env(venv: Path, data_home: Path) -> dict[str, str]:
    """An environment with ``venv`` active, nothing of the checkout's, and ``data_home`` as the user's data folder."""
    env = {k: v for k, v in os.environ.items()
           if k not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "JUPYTER_PATH"} and not k.startswith("SAMURAI_")}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["VIRTUAL_ENV"] = str(venv)
    env["XDG_DATA_HOME"] = str(data_home)
    return env


def _port_open(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as response:  # noqa: S310 - loopback
            return int(response.status) == 200
    except OSError:
        return False


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(sdist, wheel) built by ``python -m build`` from a copy of the source tree."""
    root = tmp_path_factory.mktemp("wheel-build")
    src = root / "src"
    shutil.copytree(REPO_ROOT, src, symlinks=True, ignore=NOT_SOURCE)
    out = subprocess.run([sys.executable, "-m", "build", "--installer=uv", "--outdir", str(root / "dist"), str(src)],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    sdist = root / "dist" / f"samurai_lab-{__version__}.tar.gz"
    wheel = root / "dist" / f"samurai_lab-{__version__}-py3-none-any.whl"
    assert sdist.is_file() and wheel.is_file(), sorted(p.name for p in (root / "dist").iterdir())
    return sdist, wheel


def test_the_sdist_and_the_wheel_carry_what_the_apps_need(built: tuple[Path, Path]) -> None:
    sdist, wheel = built
    expected = expected_package_files()
    assert "samurai_lab/bundled/notebooks/explorer.ipynb" in expected
    assert "samurai_lab/i18n/locale/it/LC_MESSAGES/knizia.mo" in expected
    with zipfile.ZipFile(wheel) as z:
        in_wheel = set(z.namelist())
        metadata = z.read(f"samurai_lab-{__version__}.dist-info/METADATA").decode()
    missing = [f for f in expected if f not in in_wheel]
    assert not missing, f"the wheel lacks {missing}"
    assert not [f for f in in_wheel if "/saved/" in f or "__pycache__" in f]
    prefix = f"samurai_lab-{__version__}/"
    with tarfile.open(sdist) as t:
        members = {m.name.removeprefix(prefix): m for m in t.getmembers()}
    missing = [f for f in expected + ["pyproject.toml", "README.md", "LICENSE"] if f not in members]
    assert not missing, f"the sdist lacks {missing}"
    assert not [name for name, m in members.items() if m.issym() or m.islnk()], "the sdist holds links, not files"
    for field in ("Version: ", "Summary: ", "License-Expression: MIT", "Requires-Python: >=3.10",
                  "Project-URL: Homepage", "Classifier: Programming Language :: Python :: 3.10",
                  "Description-Content-Type: text/markdown", "Provides-Extra: app"):
        assert field in metadata, field


@pytest.fixture(scope="module")
def installed(built: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The wheel installed with its apps into a fresh venv; a folder elsewhere to run it from."""
    root = tmp_path_factory.mktemp("wheel-install")
    venv, elsewhere, data_home = root / "venv", root / "elsewhere", root / "data"
    elsewhere.mkdir()
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    env = _clean_env(venv, data_home)
    t0 = time.monotonic()
    uv_install(venv / "bin" / "python", f"{built[1]}[app]", env=env, cwd=elsewhere)
    print(f"wheel installed with [app] in {time.monotonic() - t0:.1f} s")
    return {"venv": venv, "elsewhere": elsewhere, "data_home": data_home, "env": env}


def _run(installed: dict[str, Any], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(args), cwd=installed["elsewhere"], env=installed["env"], capture_output=True,
                          text=True, timeout=600)


def test_the_installed_package_finds_its_files_and_saves_in_the_users_folder(installed: dict[str, Any]) -> None:
    python = str(installed["venv"] / "bin" / "python")
    probe = ("import samurai_lab; from samurai_lab.common import resources as r; "
             "print(samurai_lab.__file__); print(r.notebooks_dir()); print(r.scenarios_dir()); "
             "print(r.in_source_checkout()); print(r.saved_dir()); "
             "from samurai_lab.knizia.scenarios.catalogue import catalogue; print(' '.join(e.key for e in catalogue()))")
    out = _run(installed, python, "-c", probe)
    assert out.returncode == 0, out.stderr
    module, notebooks, scenarios, checkout, saved, examples = out.stdout.split("\n")[:6]
    site = Path(module).resolve().parent
    assert site.is_relative_to(installed["venv"].resolve()), module
    assert Path(notebooks) == site / "bundled" / "notebooks" and Path(scenarios) == site / "bundled" / "scenarios"
    assert checkout == "False"
    assert Path(saved) == installed["data_home"] / "samurai-lab" / "saved"
    assert examples.split() == [f"E{i}" for i in range(1, 11)] + [f"R{i}" for i in range(1, 5)]  # the rulebook examples


def test_check_without_a_path_checks_the_bundled_scenarios(installed: dict[str, Any]) -> None:
    out = _run(installed, str(installed["venv"] / "bin" / "samurai-lab"), "check")
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    checked = [line for line in out.stdout.splitlines() if line.startswith("ok ")]
    bundled = len(_files(REPO_ROOT / "scenarios", "*.toml")) + len(_files(REPO_ROOT / "studies", "*.toml"))
    assert len(checked) == bundled, out.stdout
    assert all("site-packages" in line for line in checked), checked[:3]
    # every bundled puzzle proved against every turn of the player to move (the only run of that proof in the suite)
    puzzles = len(_files(REPO_ROOT / "puzzles", "*.toml"))
    assert re.search(rf"^{puzzles} puzzles: {puzzles} proved, 0 not", out.stdout, re.M), out.stdout[-3000:]


def test_serve_from_the_installed_wheel_serves_every_app_in_italian(installed: dict[str, Any], playwright: Any) -> None:
    port = free_port()
    log_path = ARTIFACTS / "serve-installed-wheel.log"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [str(installed["venv"] / "bin" / "samurai-lab"), "serve", "--no-browser", f"--port={port}"],
            cwd=installed["elsewhere"], env=installed["env"], stdin=subprocess.DEVNULL, stdout=log,
            stderr=subprocess.STDOUT, start_new_session=True,
        )
        try:
            deadline = time.monotonic() + 120
            while not _port_open(port):
                assert proc.poll() is None, log_path.read_text()[-3000:]
                assert time.monotonic() < deadline, log_path.read_text()[-3000:]
                time.sleep(0.5)
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=60) as response:  # noqa: S310
                tree = response.read().decode()
            apps = [p.name for p in sorted((REPO_ROOT / "notebooks").glob("*.ipynb"))]
            assert apps and all(name in tree for name in apps), tree[-2000:]

            browser = playwright.chromium.launch(executable_path=chromium_for_tests(), args=list(CHROMIUM_FLAGS))
            try:
                page = browser.new_page()
                errors = PageErrors()
                page.on("console", errors.on_console)
                page.on("pageerror", errors.on_page_error)
                base = f"http://127.0.0.1:{port}/voila/render"
                page.goto(f"{base}/explorer.ipynb?lang=it", timeout=180_000)
                page.wait_for_selector(APP_READY["explorer.ipynb"], state="visible", timeout=180_000)
                assert page.get_attribute("html", "lang") == "it"
                assert "Esploratore" in page.inner_text(".samurai-app-header")
                assert "regole 1998" in page.inner_text(".samurai-status")
                page.goto(f"{base}/index.ipynb?lang=it", timeout=180_000)
                page.wait_for_selector(APP_READY["index.ipynb"], state="visible", timeout=180_000)
                assert "Impara le regole" in page.inner_text(".samurai-landing-page")
                thumbs = page.locator(".samurai-card img[src^='data:image/jpeg']").count()
                assert thumbs >= 6, "the landing page's cards have no pictures"
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / "installed-wheel-index-it.png"))
                page.close()
                assert not errors.unexpected(), errors.unexpected()
            finally:
                browser.close()
        finally:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
    served = log_path.read_text()
    assert f"Positions saved on the server go to {installed['data_home'] / 'samurai-lab' / 'saved'}" in served
    assert "Traceback" not in served, served[-3000:]
