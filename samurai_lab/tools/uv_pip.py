"""``pip install`` done by uv, with the settings this machine gives pip.

uv installs the same requirements and wheels as pip, resolved and linked from one cache in seconds rather
than unpacked and compiled in a minute or more. It reads its own settings, not pip's: the package indexes,
links, constraints and certificate pip is given here (``pip config list``: a file or ``PIP_*`` variables)
are handed to uv as its ``UV_*`` variables, and, as pip does, uv takes the best version over every index.

Run as a script (the Makefile does, before the package is installed: stdlib only)::

    .venv/bin/python samurai_lab/tools/uv_pip.py -e '.[test]'   # into the running interpreter's venv
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from functools import cache
from pathlib import Path

#: pip's settings and the variable each one becomes for uv.
_PIP_TO_UV = {"index-url": "UV_INDEX_URL", "extra-index-url": "UV_EXTRA_INDEX_URL", "find-links": "UV_FIND_LINKS",
              "constraint": "UV_CONSTRAINT", "cert": "SSL_CERT_FILE"}


@cache
def uv_environment() -> dict[str, str]:
    """``UV_*`` variables carrying pip's settings on this machine (only the strategy where pip has none)."""
    out = subprocess.run([sys.executable, "-m", "pip", "config", "list"], capture_output=True, text=True,
                         timeout=60).stdout
    found: dict[str, list[str]] = {}
    for line in out.splitlines():
        key, _, value = line.partition("=")
        name = key.rpartition(".")[2]
        if name in _PIP_TO_UV:
            values = found.setdefault(_PIP_TO_UV[name], [])
            values += [v for v in shlex.split(value.strip().strip("'\"")) if v not in values]
    env = {var: ("," if var == "UV_FIND_LINKS" else " ").join(values) for var, values in found.items() if values}
    if "SSL_CERT_FILE" in env:
        env["SSL_CERT_FILE"] = env["SSL_CERT_FILE"].split()[0]
    return {**env, "UV_INDEX_STRATEGY": "unsafe-best-match", "UV_NO_PROGRESS": "1"}


def uv_command(python: Path | str, *args: str) -> list[str]:
    """The command installing ``args`` (pip's arguments) into the venv of ``python``."""
    return [sys.executable, "-m", "uv", "pip", "install", "--quiet", "--python", str(python), *args]


def uv_install(python: Path | str, *args: str, env: dict[str, str] | None = None, cwd: Path | None = None,
               timeout: float = 900) -> subprocess.CompletedProcess[str]:
    """Install ``args`` into the venv of ``python``; uv's words are in the result's ``stderr``."""
    full = {**(os.environ if env is None else env), **uv_environment()}
    return subprocess.run(uv_command(python, *args), env=full, cwd=cwd, capture_output=True, text=True,
                          timeout=timeout)


def main(argv: list[str]) -> int:
    """Install ``argv`` into this interpreter's venv by uv; its exit status."""
    return subprocess.run(uv_command(sys.executable, *argv), env={**os.environ, **uv_environment()}).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
