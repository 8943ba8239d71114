"""Packages installed into the fresh venvs of the tests that install the project apart (the wheel, Binder's
spec, the JupyterHub recipe), by uv: the same requirements and wheels as pip would install, resolved and
linked from one cache in seconds rather than unpacked and compiled by pip in a minute each.

uv reads its own settings, not pip's: the package indexes, links and constraints this machine gives pip
(``pip config list``: a file or ``PIP_*`` variables) are handed to uv as its ``UV_*`` variables, and, as pip
does, uv takes the best version over every index.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from functools import cache
from pathlib import Path

from uv import find_uv_bin

#: pip's settings and the uv variable each one becomes (uv's lists are separated by spaces but find-links by commas).
_PIP_TO_UV = {"index-url": "UV_INDEX_URL", "extra-index-url": "UV_EXTRA_INDEX_URL", "find-links": "UV_FIND_LINKS",
              "constraint": "UV_CONSTRAINT", "cert": "SSL_CERT_FILE"}


@cache
def uv_environment() -> dict[str, str]:
    """``UV_*`` variables carrying pip's settings on this machine (none where pip has none)."""
    out = subprocess.run([sys.executable, "-m", "pip", "config", "list"], capture_output=True, text=True,
                         timeout=60).stdout
    found: dict[str, list[str]] = {}
    for line in out.splitlines():
        key, _, value = line.partition("=")
        name = key.rpartition(".")[2]
        if name in _PIP_TO_UV:
            values = found.setdefault(_PIP_TO_UV[name], [])
            values += [v for v in shlex.split(value.strip().strip("'\"")) if v not in values]
    env = {var: ("," if var == "UV_FIND_LINKS" else " ").join(values) for var, values in found.items()}
    if env.get("SSL_CERT_FILE"):
        env["SSL_CERT_FILE"] = env["SSL_CERT_FILE"].split()[0]
    return {**env, "UV_INDEX_STRATEGY": "unsafe-best-match", "UV_NO_PROGRESS": "1"}


def uv_install(python: Path, *args: str, env: dict[str, str] | None = None, cwd: Path | None = None,
               timeout: float = 900) -> None:
    """``pip install ARGS`` into the venv of ``python``, by uv (quiet; fails the test with uv's words)."""
    full = {**(os.environ if env is None else env), **uv_environment()}
    command = [find_uv_bin(), "pip", "install", "--quiet", "--python", str(python), *args]
    out = subprocess.run(command, env=full, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    assert out.returncode == 0, f"{' '.join(command)}:\n{out.stderr[-3000:]}"
