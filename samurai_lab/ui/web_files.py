"""The pages' own scripts, stylesheets and SQL: plain ``.js``, ``.css`` and ``.sql`` files in a ``web/`` (or
``sql/``) folder beside the modules that use them, read once. A script that takes a configuration is an
expression ``(C) => {...}``, which :func:`call_script` calls with that configuration as JSON."""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from typing import Any


@cache
def web_file(package: str, name: str, folder: str = "web") -> str:
    """The text of ``<folder>/<name>`` of the package ``package`` (a module passes its ``__package__``)."""
    return files(package).joinpath(folder, name).read_text("utf-8")


def call_script(package: str, name: str, config: Any) -> str:
    """The script ``web/<name>`` of ``package``, called with ``config`` (as JSON)."""
    return f"({web_file(package, name).strip().rstrip(';')})({json.dumps(config)});"
