"""The board of rulebook 004 in the study player: a step's position with its marks (squares ringed,
an arrow drawn as a move), and, while a question waits, a move made by clicking (or tapping) a
samurai of the player to move, then a square — that move is the try (``ui/study_player.py``)."""

from __future__ import annotations

from ...i18n import Domain, get_language
from ...ui.study_app import StudyGame
from ...ui.study_player import SquareStudyBoard
from ..core.board import parse_square
from ..core.moves import Move
from ..core.state import State
from ..render.scene import Marks as BoardMarks, marks_for
from ..teaching.study import RULES
from .board import BoardView

T = Domain("ikizumari")


class IkizumariStudyBoard(SquareStudyBoard):
    """``show_step(state, marks, asking)``, ``on_try(callback)``, ``click_square(square)`` (tests)."""

    def __init__(self, state: State) -> None:
        super().__init__(state)
        self.board = BoardView(lang=get_language, css_class="ikz-study-board")
        self.board.on_click(self.click_square)
        self.widget = self.board.widget

    def set_projector(self, on: bool) -> None:
        self.board.set_projector(on)

    def mine(self, square: int) -> bool:
        return self.state.owner(square) == self.state.to_move

    def move(self, origin: int, target: int) -> Move:
        return Move(origin, target)

    def choose_first(self) -> str:
        return T.gettext("Click one of your samurai first, then the square it goes to.")

    def draw(self) -> None:
        if self.selected is not None:
            self.board.show(self.state, marks_for(self.state, self.selected))
            return
        last = None
        if self.marks.arrows:
            a, b = self.marks.arrows[0]
            last = Move(parse_square(a), parse_square(b))
        cells = frozenset(parse_square(c) for c in self.marks.cells)
        self.board.show(self.state, BoardMarks(first_squares=cells, last=last) if self.marks else None)


#: This game in the study app (``ui/study_app.py``): its rules for studies and its board.
STUDY_GAME = StudyGame(RULES, IkizumariStudyBoard)
