"""``BoardView``: the ipycanvas board of SAMOURAI, drawn when a browser client is ready (never before: voila
loses drawing commands sent before the canvas exists), each redraw in one ``hold_canvas`` batch; fitting, sharpness
at any ``devicePixelRatio``, clicks and the keyboard cursor are ``ui/grid_board.GridBoard``'s."""

from __future__ import annotations

from typing import Callable, Iterable

from ipycanvas import hold_canvas

from samurai_lab.i18n import get_language
from samurai_lab.ui.grid_board import GridBoard

from ..core.board import SIZE, SQUARES, square_name
from ..core.moves import Move
from ..core.state import State, new_game
from ..core.text import player_name, square_words
from ..render.canvas import draw_board, draw_marks, draw_pieces
from ..render.geometry import DEFAULT_GEOMETRY, Geometry
from ..render.scene import Marks, marks_for

BOARD, MARKS, PIECES = 0, 1, 2  # the marks lie under the samurai, never over them (layer 3: the cursor)
BOARD_CLASS = "ikizumari-board-canvas"


class BoardView(GridBoard):
    """The board; ``on_click(callback(square_or_None))``; ``show(state, marks)`` redraws."""

    clicks_beside = True

    def __init__(self, geometry: Geometry = DEFAULT_GEOMETRY, on_error: Callable[[BaseException], None] | None = None,
                 lang: Callable[[], str] = lambda: "en", css_class: str = "") -> None:
        self.geometry = geometry
        self.state: State = new_game()
        self.marks: Marks = marks_for(self.state)
        super().__init__(geometry, SQUARES, 4, (BOARD_CLASS, css_class), (SIZE // 2) * SIZE + SIZE // 2,
                         on_error=on_error, lang=lang)
        self.widget.add_class("ikizumari-board")

    @classmethod
    def for_apps(cls, state: State, css_class: str = "", report: Callable[[BaseException], None] | None = None
                 ) -> "BoardView":
        """The board as the shared apps build it (``ui/game_board.py``)."""
        board = cls(on_error=report, lang=get_language, css_class=css_class)
        board.show(state)
        return board

    def show_cells(self, state: State, selected: int | None = None, targets: Iterable[int] = (),
                   arrow: tuple[int, int] | None = None, marked: Iterable[int] = ()) -> None:
        """The shared apps' drawing (``ui/game_board.py``): a selected samurai with its targets, or the squares a
        study rings and its arrow as a move."""
        if selected is not None:
            self.show(state, marks_for(state, selected))
        elif marked or arrow:
            self.show(state, Marks(first_squares=frozenset(marked), last=Move(*arrow) if arrow else None))
        else:
            self.show(state)

    def show(self, state: State, marks: Marks | None = None) -> None:
        """Show ``state`` with ``marks`` (default: its last move and constraint)."""
        self.state = state
        self.marks = marks if marks is not None else marks_for(state)
        self._draw(PIECES, MARKS)

    def redraw(self) -> None:
        self.frame.redraw()

    def _describe(self, square: int) -> str:
        """Its name, symbol and the samurai on it."""
        owner = self.state.owner(square)
        text = f"{square_name(square)}: {square_words(square)}"
        return text if owner is None else f"{text} — {player_name(owner)}"

    # --- internals ---------------------------------------------------------------------------------
    def _draw_all(self) -> None:
        self._draw(BOARD, PIECES, MARKS)

    def _draw(self, *layers: int) -> None:
        if not self.frame.ready:
            return
        draw = {BOARD: lambda c: draw_board(c, self.geometry),
                PIECES: lambda c: draw_pieces(c, self.geometry, self.state),
                MARKS: lambda c: draw_marks(c, self.geometry, self.marks)}
        with self.in_language(), hold_canvas():
            for layer in layers:
                draw[layer](self.frame.begin(layer))
