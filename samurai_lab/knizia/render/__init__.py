"""Pictures of game states: the shapes of a picture (``scene``), written as static SVG (``svg``, standard library
only) or drawn on an ipycanvas canvas (``canvas``); hover texts (``describe``), layout, fit and theme."""

from .describe import hover_text, status_text
from .layout import Layout, layout_for, resolve_hexes
from .svg import board_svg, legend_svg, piece_svg, state_svg, tile_svg
from .theme import THEME, Theme

__all__ = ["Layout", "THEME", "Theme", "board_svg", "hover_text", "layout_for", "legend_svg", "piece_svg",
           "resolve_hexes", "state_svg", "status_text", "tile_svg"]
