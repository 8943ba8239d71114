"""The board of rulebook 003 in the study player: a step's position with its marks (squares as
targets, an arrow as a dashed line), and, while a question waits, a move made by clicking (or
tapping) a samurai of the player to move, then a square — that move is the try (``ui/study_player.py``)."""

from __future__ import annotations

from typing import Any, Callable

from ...common.study_format import Marks
from ...i18n import Domain
from ..core.board import square_index
from ..core.rules import targets
from ..core.state import Move, State, owner
from .board import KatanaBoard

T = Domain("katana")


class KatanaStudyBoard:
    """``show_step(state, marks, asking)``, ``on_try(callback)``, ``click_square(square)`` (tests)."""

    def __init__(self, state: State, cell: float = 56.0) -> None:
        self.board = KatanaBoard(state, cell=cell, css_class="katana-study-canvas")
        self.board.on_square(self.click_square)
        self.widget = self.board.widget
        self.state = state
        self.marks = Marks()
        self.asking = False
        self.selected: int | None = None
        self._callbacks: list[Callable[[Any], None]] = []

    def on_try(self, callback: Callable[[Any], None]) -> None:
        self._callbacks.append(callback)

    def set_projector(self, on: bool) -> None:
        self.board.set_projector(on)

    def show_step(self, state: State, marks: Marks, asking: bool) -> None:
        self.state, self.marks, self.asking, self.selected = state, marks, asking, None
        self._draw()

    def _draw(self) -> None:
        arrow = None
        if self.marks.arrows:
            a, b = self.marks.arrows[0]
            arrow = Move("move", square_index(a), square_index(b))
        if self.selected is not None:
            marked = targets(self.state, self.selected)
        else:
            marked = [square_index(c) for c in self.marks.cells]
        self.board.set_state(self.state, selected=self.selected, targets=marked, previous_move=arrow)

    def click_square(self, square: int) -> None:
        """A click (or tap): a samurai of the player to move is chosen, a square then makes the try."""
        if not self.asking:
            return
        if self.selected is None or owner(self.state.cells[square]) == self.state.to_move:
            if owner(self.state.cells[square]) != self.state.to_move:
                raise ValueError(T.gettext("Click one of your samurai first, then the square it goes to."))
            self.selected = square
            self._draw()
            return
        move = Move("move", self.selected, square)
        self.selected = None
        self._draw()
        for cb in self._callbacks:
            cb(move)
