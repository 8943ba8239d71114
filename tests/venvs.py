"""Packages installed into the fresh venvs of the tests that install the project apart (the wheel, Binder's
spec, the JupyterHub recipe), by uv with this machine's pip settings (``samurai_lab/tools/uv_pip.py``): the
same requirements and wheels as pip, in seconds rather than a minute each."""

from __future__ import annotations

from pathlib import Path

from samurai_lab.tools.uv_pip import uv_command, uv_install as _uv_install


def uv_install(python: Path, *args: str, env: dict[str, str] | None = None, cwd: Path | None = None,
               timeout: float = 900) -> None:
    """``pip install ARGS`` into the venv of ``python``, by uv; fails the test with uv's words."""
    out = _uv_install(python, *args, env=env, cwd=cwd, timeout=timeout)
    assert out.returncode == 0, f"{' '.join(uv_command(python, *args))}:\n{out.stderr[-3000:]}"
