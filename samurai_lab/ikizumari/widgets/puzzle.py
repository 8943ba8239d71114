"""The Iki-zumari puzzles of the Puzzles app (``ui/puzzles.py``): the board, a try by clicking a samurai then
its arrival (a tap is a click), each try judged in the rules' words, a hint, the solution step by step."""

from __future__ import annotations

from typing import Any, Callable

from ...common.puzzle_file import puzzle_files, puzzles_dir, read_record
from ...i18n import Domain, get_language
from ...ui.puzzles import LineTrainer
from ..core.moves import Move
from ..core.rules import legal_moves, outcome
from ..core.state import State
from ..render.scene import marks_for
from ..teaching.puzzle import hint, judge, puzzle_from_record
from ..teaching.puzzle_themes import THEME_NAMES
from .board import BoardView

T = Domain("ikizumari")


class IkizumariPuzzles(LineTrainer):
    """A trainer for the Puzzles app (see ``ui/puzzles.py`` for what the app asks of it)."""

    game = "ikizumari"
    themes = THEME_NAMES
    load, judge, hint_text = staticmethod(puzzle_from_record), staticmethod(judge), staticmethod(hint)

    def __init__(self, report: Callable[[BaseException], None] | None = None, folder: Any = None) -> None:
        super().__init__([read_record(p) for p in puzzle_files(folder or puzzles_dir(), "ikizumari")])
        self.board = BoardView(on_error=report, lang=get_language, css_class="ikizumari-puzzle-canvas")
        self.board.on_click(self._clicked)
        self.boards = [self.board]
        self.widget = self.board.widget

    def translate(self, text: str) -> str:
        return T.gettext(text)

    def over(self, state: State) -> bool:
        return outcome(state) is not None

    def solved_note(self) -> str:
        return T.gettext("The puzzle is solved: choose the next one.")

    def solution_text(self, line: str) -> str:
        return T.gettext("Solution: {move}").format(move=line)

    def draw(self) -> None:
        self.board.show(self.state, marks_for(self.state, self.selected) if self.selected is not None else None)

    def _clicked(self, square: int | None) -> None:
        st, puzzle = self.state, self.puzzle
        if square is None or st is None or puzzle is None or outcome(st) is not None or st.to_move != puzzle.solver:
            return
        moves = legal_moves(st)
        if any(m.origin == square for m in moves):
            self.selected = square
            self.draw()
        elif self.selected is not None and Move(self.selected, square) in moves:
            self.try_move(Move(self.selected, square))
