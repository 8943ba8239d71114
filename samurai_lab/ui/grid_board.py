"""A square board of squares that fits its space, is sharp at any ``devicePixelRatio`` and is usable
from the keyboard: the frame any game drawn on a grid puts around its ``MultiCanvas``.

The game draws in *logical* pixels (``logical`` x ``logical``). The page script of ``ui/board_client``
measures the board element's room; the frame makes the canvas a square of CSS side ``side`` with
``round(side x dpr)`` backing pixels and asks the game to redraw; ``begin(layer)`` scales a layer by
``backing / logical``, and ``logical_xy`` turns ipycanvas' mouse positions (backing pixels) back.
Keyboard: arrow keys move a cursor square, Enter or Space selects it (``on_select``), Escape calls
``on_escape``; ``describe(square)`` goes to the board's ARIA live line.
"""

from __future__ import annotations

import contextlib
import html
import math
from typing import Any, Callable, ContextManager, Sequence

import ipywidgets as widgets
from ipycanvas import MultiCanvas

from ..common.board_room import room_height
from ..i18n import N_, Domain, use_language
from .common import guarded
from .header import script_output
from .board_client import BOARD_CLASS, LIVE_CLASS, SPACE_CLASS, board_client, parse_space
from .scroll_focus import CANVAS_CLASS, scroll_focus_fix
from .layout import classed, set_traits
from .touch import HELP_CLASS, cell_text, help_html
from .web_files import call_script

GRID_CANVAS_CLASS = "samurai-grid-canvas"
MIN_SIDE = 240
ARROWS = {"ArrowUp": (0, -1), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}
CURSOR_COLOUR = "#6a1b9a"
T = Domain("ui")
GRID_LABEL = N_("Game board. Arrow keys move the cursor from square to square, Enter or Space selects the "
                "cursor's square, Escape cancels.")


def label_script() -> str:
    """``web/grid_label.js`` with the board's name and description in the current language: it names square boards
    in words of squares (the shared page script speaks of hexes)."""
    return call_script(__package__, "grid_label.js", {"label": T.gettext(GRID_LABEL), "cls": GRID_CANVAS_CLASS,
                                                      "role": T.gettext("game board")})


def fit_side(space: dict[str, float], projector: bool = False, min_side: int = MIN_SIDE) -> int:
    """The CSS side of a square board for the page's measure ``space`` (see ``ui/board_client``):
    as wide as its element and as high as ``room_height``."""
    return int(max(min(min_side, space["w"]), min(space["w"], room_height(space, projector))))


class GridFrame:
    """Fits ``canvas`` (a ``MultiCanvas`` whose last layer the frame keeps for the cursor) to its room;
    ``centres`` (each square's, by its number) and ``cell`` (a square's side) are in logical pixels."""

    def __init__(self, canvas: Any, logical: float, centres: Sequence[tuple[float, float]], cell: float, *,
                 redraw: Callable[[], Any], on_select: Callable[[int], Any] | None = None,
                 on_escape: Callable[[], Any] | None = None, describe: Callable[[int], str] | None = None,
                 on_error: Callable[[BaseException], Any] | None = None, start: int = 0,
                 in_language: Callable[[], ContextManager] = contextlib.nullcontext) -> None:
        self.canvas = canvas
        self.logical = float(logical)
        self.centres = tuple(centres)
        self.cell = float(cell)
        self._redraw = redraw
        self.on_select = on_select
        self.on_escape = on_escape
        self.describe = describe
        self._on_error = on_error
        self.start = start
        self.in_language = in_language  # the game's language for the touch help line
        self.projector = False
        self.dpr = 1.0
        self.side = int(round(self.logical))  # CSS side
        self.space: dict[str, float] | None = None
        self.cursor: int | None = None
        self.ready = False
        classed(canvas, CANVAS_CLASS, GRID_CANVAS_CLASS)
        self.live = classed(widgets.HTML(""), LIVE_CLASS)
        self.space_text = classed(widgets.Text("", layout=widgets.Layout(display="none")), SPACE_CLASS)
        self.space_text.observe(self.guard(lambda ch: self._on_space(ch["new"])), names="value")
        # how to play by touch (shown on touch screens only)
        self.touch_help = classed(widgets.HTML(""), HELP_CLASS)
        self.widget = widgets.VBox([canvas, self.live, self.touch_help, self.space_text, board_client(), scroll_focus_fix(),
                                    script_output(label_script())],
                                   layout=widgets.Layout(flex="1 1 0", min_width="260px", width="100%"))
        self.widget.add_class(BOARD_CLASS)
        self._pin(self.side, int(round(self.logical)))
        self.refresh_help()
        canvas.on_key_down(self.guard(self._on_key))

    # --- sizes ------------------------------------------------------------------------------------
    @property
    def scale(self) -> float:
        """Backing pixels per logical pixel."""
        return self.canvas.width / self.logical

    def logical_xy(self, x: float, y: float) -> tuple[float, float]:
        """A mouse position of ipycanvas (backing pixels) in the game's logical pixels."""
        s = self.scale
        return x / s, y / s

    def begin(self, layer: int) -> Any:
        """Layer ``layer`` cleared, scaled to the backing size: the game draws on it in logical pixels."""
        c = self.canvas[layer]
        c.reset_transform()
        c.clear()
        c.scale(self.scale)
        return c

    def set_projector(self, on: bool) -> None:
        on = bool(on)
        if on != self.projector:
            self.projector = on
            self._fit()

    def _on_space(self, text: str) -> None:
        space = parse_space(text)
        if space is None:
            return
        self.space = space
        self.dpr = space["dpr"]
        self._fit()

    def _fit(self) -> None:
        if self.space is None:
            return
        side = fit_side(self.space, self.projector)
        # the element no wider than the board can be high: the panel beside it stays next to the board
        cap = max(MIN_SIDE, int(room_height(self.space, self.projector)))
        set_traits(self.widget.layout, max_width=f"{cap}px")
        backing = max(1, round(side * self.dpr))
        changed = (self.canvas.width, self.side) != (backing, side)
        self.side = side
        self._pin(side, backing)
        self.refresh_help()
        if changed:
            self.redraw()

    def refresh_help(self) -> None:
        """A square's side in CSS px for the page's touch script (its lens), and the touch help line in the
        game's language (called on every fit and redraw: a language switch redraws the board)."""
        cell = self.cell * self.side / self.logical
        set_traits(self.space_text, placeholder=cell_text(cell))
        with self.in_language():
            set_traits(self.touch_help, value=help_html("square", cell))

    def _pin(self, side: int, backing: int) -> None:
        set_traits(self.canvas, width=backing, height=backing)
        set_traits(self.canvas.layout, width=f"{side}px", height=f"{side}px", min_width="0", max_width="100%")

    def redraw(self) -> None:
        """The game's redraw, then the cursor (only once a browser has the canvas)."""
        self.refresh_help()
        if not self.ready:
            return
        self._redraw()
        self.draw_cursor()

    def client_ready(self) -> None:
        self.ready = True
        self.redraw()

    # --- keyboard ---------------------------------------------------------------------------------
    def draw_cursor(self) -> None:
        if not self.ready:
            return
        c = self.begin(len(self.canvas._canvases) - 1)
        if self.cursor is None:
            return
        x, y = self.centres[self.cursor]
        h = self.cell / 2 - 2
        c.stroke_style = CURSOR_COLOUR
        c.line_width = 4
        c.set_line_dash([8, 4])
        c.stroke_rect(x - h, y - h, 2 * h, 2 * h)
        c.set_line_dash([])

    def set_cursor(self, square: int | None) -> None:
        self.cursor = square
        text = "" if square is None or self.describe is None else self.describe(square)
        self.live.value = html.escape(text)
        self.draw_cursor()

    def step(self, start: int, dx: int, dy: int) -> int:
        """The square next to ``start`` in direction (dx, dy) (screen directions), or ``start`` at the edge."""
        x0, y0 = self.centres[start]
        best, best_d = start, math.inf
        for i, (x, y) in enumerate(self.centres):
            along = (x - x0) * dx + (y - y0) * dy
            across = abs((x - x0) * dy - (y - y0) * dx)
            if along > self.cell / 2 and across < self.cell / 2 and along < best_d:
                best, best_d = i, along
        return best

    def _on_key(self, key: str, *args: Any) -> None:
        if key in ARROWS:
            self.set_cursor(self.start if self.cursor is None else self.step(self.cursor, *ARROWS[key]))
        elif key in ("Enter", " "):
            if self.cursor is None:
                self.set_cursor(self.start)
            elif self.on_select is not None:
                self.on_select(self.cursor)
                self.set_cursor(self.cursor)  # its description after the move
        elif key == "Escape" and self.on_escape is not None:
            self.on_escape()

    def guard(self, fn: Callable[..., Any]) -> Callable[..., None]:
        """``fn`` for a widget's callback: an error goes to ``on_error`` (raised without one)."""
        return guarded(fn, self._on_error)


class GridBoard:
    """A game's square board: a ``MultiCanvas`` of ``layers`` (the last one the cursor's) in a :class:`GridFrame`,
    laid out by ``grid`` (a ``common.square_grid.SquareGrid``). A click or a key selecting a square calls the
    callback of :meth:`on_click`; a game's board draws its own layers in ``_draw_all`` and words a square in
    ``_describe``, both in the board's language (``lang()``, else the current one)."""

    clicks_beside = False  # whether a click beside the squares calls the callback (with None)

    def __init__(self, grid: Any, squares: int, layers: int, css_classes: Sequence[str], start: int, *,
                 on_error: Callable[[BaseException], Any] | None = None,
                 lang: Callable[[], str] | None = None) -> None:
        self.grid = grid
        self.lang = lang  # the app's language, for the live line and the touch help
        self._callback: Callable[[int | None], Any] | None = None
        self.canvas = MultiCanvas(layers, width=grid.size, height=grid.size)
        classed(self.canvas, *filter(None, css_classes))
        self.frame = GridFrame(self.canvas, grid.size, [grid.centre(i) for i in range(squares)], grid.cell,
                               redraw=self._draw_all, on_select=self._select, describe=self.describe,
                               on_error=on_error, start=start, in_language=self.in_language)
        self.canvas.on_client_ready(self.frame.guard(self.frame.client_ready))
        self.canvas.on_mouse_down(self.frame.guard(self._mouse_down))

    @property
    def widget(self) -> widgets.VBox:
        """The board element (canvas, live line, page scripts)."""
        return self.frame.widget

    def on_click(self, callback: Callable[[int | None], Any]) -> None:
        """Call ``callback(square)`` when a square is clicked or selected from the keyboard."""
        self._callback = callback

    def on_cell(self, callback: Callable[[int], Any]) -> None:
        """The shared apps' clicks (``ui/game_board.py``): a square, never a click beside the board."""
        self._callback = lambda square: None if square is None else callback(square)

    def set_projector(self, on: bool) -> None:
        """Projector mode: as large as the screen's height allows."""
        self.frame.set_projector(on)

    def pixel_of(self, square: int) -> tuple[float, float]:
        """The centre of ``square`` in logical pixels (for tests that click)."""
        return self.grid.centre(square)

    def in_language(self) -> contextlib.AbstractContextManager:
        """The board's language while it draws or speaks."""
        return use_language(self.lang()) if self.lang is not None else contextlib.nullcontext()

    def describe(self, square: int) -> str:
        """The square under the keyboard cursor, in words."""
        with self.in_language():
            return self._describe(square)

    def _describe(self, square: int) -> str:
        raise NotImplementedError

    def _draw_all(self) -> None:
        raise NotImplementedError

    def _mouse_down(self, x: float, y: float) -> None:
        self._select(self.grid.square_at(*self.frame.logical_xy(x, y)))

    def _select(self, square: int | None) -> None:
        if self._callback is not None and (square is not None or self.clicks_beside):
            self._callback(square)


__all__ = ["GRID_CANVAS_CLASS", "GridBoard", "GridFrame", "fit_side", "room_height"]
