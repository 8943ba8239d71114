"""The board of rulebook 004 in the study player: a step's position with its marks (squares ringed,
an arrow drawn as a move), and, while a question waits, a move made by clicking (or tapping) a
samurai of the player to move, then a square — that move is the try (``ui/study_player.py``)."""

from __future__ import annotations

from typing import Any, Callable

from ...common.study_format import Marks
from ...i18n import Domain, get_language
from ..core.board import parse_square
from ..core.moves import Move
from ..core.state import State
from ..render.scene import Marks as BoardMarks, marks_for
from .board import BoardView

T = Domain("ikizumari")


class IkizumariStudyBoard:
    """``show_step(state, marks, asking)``, ``on_try(callback)``, ``click_square(square)`` (tests)."""

    def __init__(self, state: State) -> None:
        self.board = BoardView(lang=get_language, css_class="ikz-study-board")
        self.board.on_click(self.click_square)
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
        if self.selected is not None:
            self.board.show(self.state, marks_for(self.state, self.selected))
            return
        last = None
        if self.marks.arrows:
            a, b = self.marks.arrows[0]
            last = Move(parse_square(a), parse_square(b))
        cells = frozenset(parse_square(c) for c in self.marks.cells)
        self.board.show(self.state, BoardMarks(first_squares=cells, last=last) if self.marks else None)

    def click_square(self, square: int | None) -> None:
        """A click (or tap): a samurai of the player to move is chosen, a square then makes the try."""
        if not self.asking or square is None:
            return
        mine = self.state.owner(square) == self.state.to_move
        if self.selected is None or mine:
            if not mine:
                raise ValueError(T.gettext("Click one of your samurai first, then the square it goes to."))
            self.selected = square
            self._draw()
            return
        move = Move(self.selected, square)
        self.selected = None
        self._draw()
        for cb in self._callbacks:
            cb(move)
