"""The site's stand-ins for packages Pyodide would fetch (``samurai_lab/tools/site/pyodide_shims/``), loaded
under a name of their own so that a test compares one with the real package."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

SHIMS = Path(__file__).resolve().parents[1] / "samurai_lab" / "tools" / "site" / "pyodide_shims"


def load_shim(package: str) -> ModuleType:
    """The site's stand-in for ``package``, as the module ``shim_<package>``."""
    spec = importlib.util.spec_from_file_location(f"shim_{package}", SHIMS / package / "__init__.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
