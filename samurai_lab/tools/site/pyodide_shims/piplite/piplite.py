"""What the Pyodide kernel sets and asks of piplite, with nothing to install; and the import path.

The kernel works in the browser's file store (``/drive``), where every look at a file is a request to
the page, and Python looks in the working folder (``''`` at the head of ``sys.path``) before anywhere
else for every module it imports: about a hundred requests a page. The kernel imports this module
before any other of its own, so it takes the working folder out of the import path here (IPython's
``ignore_cwd`` keeps it out, ``page.py``). The apps import nothing from the file store.
"""

from __future__ import annotations

import sys
from typing import Any

#: Set by the kernel at start (the site's package index, PyPI refused); nothing reads them.
_PIPLITE_URLS: list[str] = []
_PIPLITE_DISABLE_PYPI = True

NOTHING_TO_INSTALL = "this site installs no packages: every package its apps use is already loaded"

while "" in sys.path:
    sys.path.remove("")


async def install(*args: Any, **kwargs: Any) -> None:
    """Refuse: the site's pages run only the packages the site carries."""
    raise RuntimeError(NOTHING_TO_INSTALL)
