"""``PIL.Image`` of the static site: importable; opening or making an image says it is not available."""

from __future__ import annotations

from typing import Any

UNAVAILABLE = "images are not available in the browser version of these apps (no Pillow in Pyodide)"


def open(*args: Any, **kwargs: Any) -> Any:  # noqa: A001 - Pillow's name
    raise NotImplementedError(UNAVAILABLE)


def fromarray(*args: Any, **kwargs: Any) -> Any:
    raise NotImplementedError(UNAVAILABLE)
