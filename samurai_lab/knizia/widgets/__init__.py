"""Reusable widgets of the apps (ipywidgets + ipycanvas)."""

from .board import BoardView

__all__ = ["BoardView"]
