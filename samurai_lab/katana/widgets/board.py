"""``KatanaBoard``: the board on an ipycanvas MultiCanvas (static squares below, position above), drawn once the
browser is ready and again on every change, each redraw in one ``hold_canvas`` batch; fitting, sharpness at any
``devicePixelRatio``, clicks and the keyboard cursor are ``ui/grid_board.GridBoard``'s.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from ipycanvas import hold_canvas

from ...i18n import Domain
from ...ui.grid_board import GridBoard
from ..core.board import NAMES, N_SQUARES
from ..core.rules import legal_moves
from ..core.state import EMPTY, Move, State, outcome, owner
from ..core.text import player_name
from ...common.picture import draw_shapes
from ..render.layout import Layout
from ..render.scene import board_shapes, overlay_shapes

T = Domain("katana")
CANVAS_CLASS = "katana-board-canvas"


def piece_letters() -> tuple[str, str]:
    """The letters on the samurai in the current language (Black/Nero, Red/Rosso)."""
    return T.pgettext("letter of a Black samurai", "B"), T.pgettext("letter of a Red samurai", "R")


class KatanaBoard(GridBoard):
    """An interactive board: ``set_state``, ``set_marks(selected, targets)``, ``on_click(callback)``."""

    def __init__(self, state: State, cell: float = 56.0, report: Callable[[BaseException], None] | None = None,
                 css_class: str = "") -> None:
        self.layout = Layout(cell=cell, margin=24.0)
        self.state = state
        self.selected: int | None = None
        self.targets: tuple[int, ...] = ()
        self.letters: tuple[str, str] = piece_letters()  # in the language the board is built in
        self.movable: tuple[int, ...] = ()
        self.previous_move = None
        super().__init__(self.layout, N_SQUARES, 3, (CANVAS_CLASS, css_class), NAMES.index("e5"),
                         on_error=report)  # layers: squares, position, cursor

    def _describe(self, square: int) -> str:
        cell = self.state.cells[square]
        return NAMES[square] if cell == EMPTY else f"{NAMES[square]}: {player_name(owner(cell))}"

    def set_state(self, state: State, selected: int | None = None, targets: Iterable[int] = (),
                  movable: Iterable[int] = (), previous_move: Any = None) -> None:
        """Show ``state`` with the selected samurai, its targets, the samurai that can move, the last move."""
        self.state, self.selected, self.targets = state, selected, tuple(targets)
        self.movable, self.previous_move = tuple(movable), previous_move
        self.redraw()

    def show_cells(self, state: State, selected: int | None = None, targets: Iterable[int] = (),
             arrow: tuple[int, int] | None = None, marked: Iterable[int] = ()) -> None:
        """The shared apps' drawing (``ui/game_board.py``): marked squares are shown as targets, the arrow as a
        move; with nothing selected or marked, the samurai that can move."""
        previous = Move("move", *arrow) if arrow else None
        movable = () if selected is not None or marked or outcome(state) is not None or state.pending else tuple(
            sorted({m.frm for m in legal_moves(state) if m.kind == "move"}))
        self.set_state(state, selected, tuple(targets) or tuple(marked), movable, previous)

    def set_marks(self, selected: int | None, targets: Iterable[int]) -> None:
        self.selected, self.targets = selected, tuple(targets)
        self.redraw()

    def set_letters(self, letters: tuple[str, str]) -> None:
        self.letters = letters
        self.redraw()

    def _draw_all(self) -> None:
        with hold_canvas():
            draw_shapes(self.frame.begin(0), board_shapes(self.layout))
            self._draw_overlay()

    def redraw(self) -> None:
        self.frame.refresh_help()  # in the app's language: a language switch redraws
        if not self.frame.ready:
            return
        with hold_canvas():
            self._draw_overlay()

    def _draw_overlay(self) -> None:
        top = self.frame.begin(1)
        draw_shapes(top, overlay_shapes(self.state, self.layout, selected=self.selected, targets=self.targets,
                                        letters=self.letters, movable=() if self.selected is not None else self.movable,
                                        previous_move=self.previous_move))
