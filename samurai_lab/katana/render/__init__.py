"""Pictures of SAMURAI positions: one scene of shapes (``scene``), drawn as SVG (``svg``) or on an
ipycanvas-like canvas (``common/picture.py``); the geometry of squares and pixels lives in ``layout``."""

from .layout import Layout
from .scene import Shape, board_shapes, overlay_shapes
from .svg import board_svg

__all__ = ["Layout", "Shape", "board_shapes", "overlay_shapes", "board_svg"]
