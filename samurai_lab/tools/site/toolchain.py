"""The tools that build the site, cached: a virtual environment with voici and Pyodide's core from npm.

The build runs in its own environment (``~/.cache/samurai_lab/site-build/venv-<pins>``), so building the
site never changes the versions of voila, JupyterLab or ipywidgets the apps are served with. It is made
once (200 MB from PyPI: a few seconds with uv installed, about 40 s with pip); later builds reuse it.
``SAMURAI_SITE_CACHE`` moves the cache.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import tarfile
import venv
from pathlib import Path

#: The versions that work together (voici 0.10 shows "No kernel available" with pyodide-kernel 0.7.2).
BUILD_PINS: tuple[str, ...] = (
    "voici==0.10.0",
    "jupyterlite-core==0.7.6",
    "jupyterlite-pyodide-kernel==0.7.0",
    "ipywidgets==8.1.9",   # its front end (jupyterlab_widgets) must match the kernel's ipywidgets
    "ipycanvas==0.14.3",
)
#: Pulled in by voici, but it needs conda and fetches from GitHub: removed from the build environment.
UNWANTED = ("jupyterlite-xeus",)
#: Pyodide's core on npm: the interpreter (WebAssembly) and the standard library.
PYODIDE_VERSION = "0.29.0"
PYODIDE_CORE = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                "package.json")
CACHE_ENV = "SAMURAI_SITE_CACHE"


class BuildError(RuntimeError):
    """A step of the build failed; the message says which and what to do."""


def cache_dir() -> Path:
    """``$SAMURAI_SITE_CACHE``, else ``~/.cache/samurai_lab/site-build``."""
    env = os.environ.get(CACHE_ENV, "").strip()
    path = Path(env) if env else Path.home() / ".cache" / "samurai_lab" / "site-build"
    path.mkdir(parents=True, exist_ok=True)
    return path


def run(cmd: list[str], what: str, **kwargs) -> subprocess.CompletedProcess:
    """Run ``cmd``; a failure raises :class:`BuildError` naming ``what`` with the command's last words."""
    done = subprocess.run(cmd, capture_output=True, text=True, **kwargs)
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
        raise BuildError(f"{what} failed ({' '.join(cmd[:4])} ...):\n{tail}")
    return done


def build_python(log=print) -> Path:
    """The interpreter of the build environment, made (and cached) when missing."""
    key = hashlib.sha256("\n".join(BUILD_PINS + UNWANTED).encode()).hexdigest()[:10]
    home = cache_dir() / f"venv-{key}"
    python = home / "bin" / "python"
    stamp = home / ".complete"
    if stamp.exists() and python.exists():
        return python
    if home.exists():
        shutil.rmtree(home)
    log(f"Making the build environment in {home} (once) ...")
    venv.EnvBuilder(with_pip=True).create(home)  # pip downloads the browser's wheels (packages.py)
    if importlib.util.find_spec("uv") is not None:
        from ..uv_pip import uv_command, uv_environment

        env = {**os.environ, **uv_environment()}
        run(uv_command(python, *BUILD_PINS), "installing voici and jupyterlite from PyPI", env=env)
        run([sys.executable, "-m", "uv", "pip", "uninstall", "--quiet", "--python", str(python), *UNWANTED],
            "removing jupyterlite-xeus", env=env)
    else:
        run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *BUILD_PINS],
            "installing voici and jupyterlite from PyPI")
        run([str(python), "-m", "pip", "uninstall", "--quiet", "--yes", *UNWANTED], "removing jupyterlite-xeus")
    stamp.write_text("\n".join(BUILD_PINS) + "\n", encoding="utf-8")
    return python


def pyodide_core(log=print) -> Path:
    """The folder of Pyodide's core files (``npm pack pyodide@VERSION``, cached)."""
    home = cache_dir() / f"pyodide-{PYODIDE_VERSION}"
    if all((home / name).exists() for name in PYODIDE_CORE):
        return home
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm is needed once to fetch Pyodide's core (e.g. sudo apt-get install -y npm)")
    home.mkdir(parents=True, exist_ok=True)
    log(f"Fetching Pyodide {PYODIDE_VERSION} from npm (once; about 6 MB) ...")
    done = run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--silent"], "fetching Pyodide from npm", cwd=home)
    tgz = home / done.stdout.strip().splitlines()[-1]
    with tarfile.open(tgz) as tar:
        for name in PYODIDE_CORE:
            with tar.extractfile(f"package/{name}") as src, open(home / name, "wb") as dst:
                shutil.copyfileobj(src, dst)
    tgz.unlink()
    return home
