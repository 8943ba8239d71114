"""``BoardView``: the ipycanvas board of SAMOURAI, drawn when a browser client is ready (never before: voila
loses drawing commands sent before the canvas exists), each redraw in one ``hold_canvas`` batch."""

from __future__ import annotations

from typing import Callable

import ipywidgets as widgets
from ipycanvas import MultiCanvas, hold_canvas

from samurai_lab.i18n import use_language
from samurai_lab.ui.scroll_focus import CANVAS_CLASS, scroll_focus_fix

from ..core.state import State, new_game
from ..render.canvas import draw_board, draw_marks, draw_pieces
from ..render.geometry import DEFAULT_GEOMETRY, Geometry
from ..render.scene import Marks, marks_for

BOARD, MARKS, PIECES = 0, 1, 2  # the marks lie under the samurai, never over them
BOARD_CLASS = "ikizumari-board-canvas"


class BoardView:
    """The board; ``on_click(callback(square_or_None))``; ``show(state, marks)`` redraws."""

    def __init__(self, geometry: Geometry = DEFAULT_GEOMETRY, on_error: Callable[[BaseException], None] | None = None,
                 lang: Callable[[], str] = lambda: "en", css_class: str = "") -> None:
        self.geometry = geometry
        self.state: State = new_game()
        self.marks: Marks = marks_for(self.state)
        self._ready = False
        self._callbacks: list[Callable[[int | None], None]] = []
        self._on_error = on_error
        self._lang = lang
        self.redraws = 0
        size = geometry.size
        self.canvas = MultiCanvas(3, width=size, height=size)
        self.canvas.add_class(CANVAS_CLASS)
        self.canvas.add_class(BOARD_CLASS)
        if css_class:
            self.canvas.add_class(css_class)
        self.canvas.layout.width = self.canvas.layout.min_width = f"{size}px"
        self.canvas.layout.height = f"{size}px"
        self.widget = widgets.VBox([self.canvas, scroll_focus_fix()])
        self.widget.add_class("ikizumari-board")
        self.canvas.on_client_ready(self._guard(self._client_ready))
        self.canvas.on_mouse_down(self._guard(self._mouse_down))

    def on_click(self, callback: Callable[[int | None], None]) -> None:
        self._callbacks.append(callback)

    def show(self, state: State, marks: Marks | None = None) -> None:
        """Show ``state`` with ``marks`` (default: its last move and constraint)."""
        self.state = state
        self.marks = marks if marks is not None else marks_for(state)
        self._draw(PIECES, MARKS)

    def redraw(self) -> None:
        self._draw(BOARD, PIECES, MARKS)

    def pixel_of(self, square: int) -> tuple[float, float]:
        return self.geometry.centre(square)

    # --- internals ---------------------------------------------------------------------------------
    def _draw(self, *layers: int) -> None:
        if not self._ready:
            return
        self.redraws += 1
        with use_language(self._lang()), hold_canvas():
            for layer in layers:
                c = self.canvas[layer]
                if layer == BOARD:
                    draw_board(c, self.geometry)
                elif layer == PIECES:
                    draw_pieces(c, self.geometry, self.state)
                else:
                    draw_marks(c, self.geometry, self.marks)

    def _client_ready(self) -> None:
        self._ready = True
        self.redraw()

    def _mouse_down(self, x: float, y: float) -> None:
        square = self.geometry.square_at(x, y)
        for cb in list(self._callbacks):
            cb(square)

    def _guard(self, fn: Callable) -> Callable:  # noqa: ANN001
        def run(*args: object) -> None:
            try:
                fn(*args)
            except Exception as exc:  # noqa: BLE001 - shown by the app, never lost
                if self._on_error is not None:
                    self._on_error(exc)
                else:
                    raise
        return run
