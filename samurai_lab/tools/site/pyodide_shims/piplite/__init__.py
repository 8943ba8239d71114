"""The static site's stand-in for piplite, the Pyodide kernel's package installer.

Every package a page needs is in the site and loaded before the kernel starts, so the site installs
nothing while a page runs (and never asks PyPI). The real piplite imports micropip, ``unittest.mock`` and
``logging`` (about a CPU second in WebAssembly) for nothing. The kernel imports :mod:`piplite.piplite`
first of all, once its working folder is the browser's file store (``/drive``): see there.
"""

from .piplite import install

__all__ = ["install"]
