"""The board of rulebook 003 in the study player: a step's position with its marks (squares as
targets, an arrow as a dashed line), and, while a question waits, a move made by clicking (or
tapping) a samurai of the player to move, then a square — that move is the try (``ui/study_player.py``)."""

from __future__ import annotations

from ...i18n import Domain
from ...ui.study_app import StudyGame
from ...ui.study_player import SquareStudyBoard
from ..core.board import square_index
from ..core.rules import targets
from ..core.state import Move, State, owner
from ..teaching.study import RULES
from .board import KatanaBoard

T = Domain("katana")


class KatanaStudyBoard(SquareStudyBoard):
    """``show_step(state, marks, asking)``, ``on_try(callback)``, ``click_square(square)`` (tests)."""

    def __init__(self, state: State, cell: float = 56.0) -> None:
        super().__init__(state)
        self.board = KatanaBoard(state, cell=cell, css_class="katana-study-canvas")
        self.board.on_square(self.click_square)
        self.widget = self.board.widget

    def set_projector(self, on: bool) -> None:
        self.board.set_projector(on)

    def mine(self, square: int) -> bool:
        return owner(self.state.cells[square]) == self.state.to_move

    def move(self, origin: int, target: int) -> Move:
        return Move("move", origin, target)

    def choose_first(self) -> str:
        return T.gettext("Click one of your samurai first, then the square it goes to.")

    def draw(self) -> None:
        arrow = None
        if self.marks.arrows:
            a, b = self.marks.arrows[0]
            arrow = Move("move", square_index(a), square_index(b))
        if self.selected is not None:
            marked = targets(self.state, self.selected)
        else:
            marked = [square_index(c) for c in self.marks.cells]
        self.board.set_state(self.state, selected=self.selected, targets=marked, previous_move=arrow)


#: This game in the study app (``ui/study_app.py``): its rules for studies and its board.
STUDY_GAME = StudyGame(RULES, KatanaStudyBoard)
