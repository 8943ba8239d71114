"""Pictures of game states: static SVG (standard library only) and drawing routines for ipycanvas.

* ``layout``: pixel layout of a board, zoom on some hexes, fitting a box, hit testing;
* ``fit``: how large a board is drawn in the room the page gives it;
* ``scene``: the shapes a picture is made of (shared by both renderers);
* ``svg``: ``board_svg``, ``state_svg``, ``legend_svg``, ``tile_svg``, ``piece_svg``;
* ``canvas``: the board in layers, as calls on an ipycanvas canvas;
* ``describe``: hover and tooltip texts (``hover_text``);
* ``theme``: colours and proportions; ``bench``: timings of all of it.
"""

from .describe import hover_text, status_text
from .layout import Layout, layout_for, resolve_hexes
from .svg import board_svg, legend_svg, piece_svg, state_svg, tile_svg
from .theme import THEME, Theme

__all__ = ["Layout", "THEME", "Theme", "board_svg", "hover_text", "layout_for", "legend_svg", "piece_svg",
           "resolve_hexes", "state_svg", "status_text", "tile_svg"]
