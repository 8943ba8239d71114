"""``BoardView``: the ipycanvas board of SAMOURAI, drawn when a browser client is ready (never before: voila
loses drawing commands sent before the canvas exists), each redraw in one ``hold_canvas`` batch.

The board fits its space and is sharp at any ``devicePixelRatio`` (``ui/grid_board.GridFrame``): the
geometry stays in logical pixels, the canvas gets ``round(CSS side x dpr)`` backing pixels and every
layer is scaled; mouse positions (backing pixels) are turned back into logical pixels. Arrow keys move a
cursor square, Enter or Space selects it; its description goes to an ARIA live line."""

from __future__ import annotations

from typing import Callable, Iterable

import ipywidgets as widgets
from ipycanvas import MultiCanvas, hold_canvas

from samurai_lab.i18n import get_language, use_language
from samurai_lab.ui.grid_board import GridFrame

from ..core.board import SIZE, SQUARES, square_name
from ..core.moves import Move
from ..core.state import State, new_game
from ..core.text import player_name, square_words
from ..render.canvas import draw_board, draw_marks, draw_pieces
from ..render.geometry import DEFAULT_GEOMETRY, Geometry
from ..render.scene import Marks, marks_for

BOARD, MARKS, PIECES = 0, 1, 2  # the marks lie under the samurai, never over them (layer 3: the cursor)
BOARD_CLASS = "ikizumari-board-canvas"


class BoardView:
    """The board; ``on_click(callback(square_or_None))``; ``show(state, marks)`` redraws."""

    def __init__(self, geometry: Geometry = DEFAULT_GEOMETRY, on_error: Callable[[BaseException], None] | None = None,
                 lang: Callable[[], str] = lambda: "en", css_class: str = "") -> None:
        self.geometry = geometry
        self.state: State = new_game()
        self.marks: Marks = marks_for(self.state)
        self._callbacks: list[Callable[[int | None], None]] = []
        self._lang = lang
        self.redraws = 0
        size = geometry.size
        self.canvas = MultiCanvas(4, width=size, height=size)
        self.canvas.add_class(BOARD_CLASS)
        if css_class:
            self.canvas.add_class(css_class)
        self.frame = GridFrame(self.canvas, size, [geometry.centre(i) for i in range(SQUARES)], geometry.cell,
                               redraw=self._draw_all, on_select=self._select, describe=self.describe,
                               on_error=on_error, start=(SIZE // 2) * SIZE + SIZE // 2, language=lang)
        self.widget: widgets.VBox = self.frame.widget
        self.widget.add_class("ikizumari-board")
        self.canvas.on_client_ready(self.frame.guard(self.frame.client_ready))
        self.canvas.on_mouse_down(self.frame.guard(self._mouse_down))

    def on_click(self, callback: Callable[[int | None], None]) -> None:
        self._callbacks.append(callback)

    @classmethod
    def for_apps(cls, state: State, css_class: str = "", report: Callable[[BaseException], None] | None = None
                 ) -> "BoardView":
        """The board as the shared apps build it (``ui/game_board.py``)."""
        board = cls(on_error=report, lang=get_language, css_class=css_class)
        board.show(state)
        return board

    def on_cell(self, callback: Callable[[int], None]) -> None:
        """The shared apps' clicks (``ui/game_board.py``): a square, never a click beside the board."""
        self.on_click(lambda square: None if square is None else callback(square))

    def show_cells(self, state: State, selected: int | None = None, targets: Iterable[int] = (),
                   arrow: tuple[int, int] | None = None, marked: Iterable[int] = ()) -> None:
        """The shared apps' drawing (``ui/game_board.py``): a selected samurai with its targets, or the squares a
        study rings and its arrow as a move."""
        if selected is not None:
            self.show(state, marks_for(state, selected))
        elif marked or arrow:
            last = Move(*arrow) if arrow else None
            self.show(state, Marks(first_squares=frozenset(marked), last=last))
        else:
            self.show(state)

    def show(self, state: State, marks: Marks | None = None) -> None:
        """Show ``state`` with ``marks`` (default: its last move and constraint)."""
        self.state = state
        self.marks = marks if marks is not None else marks_for(state)
        self._draw(PIECES, MARKS)

    def redraw(self) -> None:
        self.frame.redraw()

    def set_projector(self, on: bool) -> None:
        """Projector mode: as large as the screen's height allows."""
        self.frame.set_projector(on)

    def pixel_of(self, square: int) -> tuple[float, float]:
        """The centre of ``square`` in the geometry's (logical) pixels."""
        return self.geometry.centre(square)

    def describe(self, square: int) -> str:
        """The square under the keyboard cursor, in words: its name, symbol and the samurai on it."""
        with use_language(self._lang()):
            text = f"{square_name(square)}: {square_words(square)}"
            for colour, squares in enumerate((self.state.red, self.state.black)):
                if square in squares:
                    text += f" — {player_name(colour)}"
            return text

    # --- internals ---------------------------------------------------------------------------------
    def _draw_all(self) -> None:
        self._draw(BOARD, PIECES, MARKS)

    def _draw(self, *layers: int) -> None:
        if not self.frame.ready:
            return
        self.redraws += 1
        with use_language(self._lang()), hold_canvas():
            for layer in layers:
                c = self.frame.begin(layer)
                if layer == BOARD:
                    draw_board(c, self.geometry)
                elif layer == PIECES:
                    draw_pieces(c, self.geometry, self.state)
                else:
                    draw_marks(c, self.geometry, self.marks)

    def _mouse_down(self, x: float, y: float) -> None:
        self._select(self.geometry.square_at(*self.frame.logical_xy(x, y)))

    def _select(self, square: int | None) -> None:
        for cb in list(self._callbacks):
            cb(square)
