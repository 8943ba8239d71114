"""Where the apps run: in a kernel beside a server (voila, JupyterHub, Binder), or in the visitor's
browser (the static site, Python compiled to WebAssembly by Pyodide), where there is no server to save
on and pages are ``<name>.html``."""

from __future__ import annotations

import sys


def in_browser() -> bool:
    """Does Python run in the visitor's browser (the static site) rather than beside a server?"""
    return sys.platform == "emscripten"
