"""The Iki-zumari puzzles of the Puzzles app (``ui/puzzles.py``): the board, a try by clicking a samurai then
its arrival (a tap is a click), each try judged in the rules' words, a hint, the solution step by step."""

from __future__ import annotations

from typing import Any, Callable

from ...common.puzzle_file import PuzzleRecord, puzzle_files, puzzles_dir, read_record
from ...i18n import N_, Domain, get_language
from ..core.moves import Move
from ..core.rules import legal_moves, outcome
from ..core.state import State
from ..render.scene import marks_for
from ..teaching.puzzle import Puzzle, hint, judge, puzzle_from_record
from .board import BoardView

T = Domain("ikizumari")
THEMES = {"iki-zumari": N_("IKI-ZUMARI"), "announcement": N_("announcement"), "ho bo": N_("HO BO"),
          "shiro": N_("SHIRO"), "anzen": N_("ANZEN"), "pass": N_("a forced pass")}


class IkizumariPuzzles:
    """A trainer for the Puzzles app (see ``ui/puzzles.py`` for what the app asks of it)."""

    game = "ikizumari"

    def __init__(self, report: Callable[[BaseException], None] | None = None, folder: Any = None) -> None:
        self.records: list[PuzzleRecord] = [read_record(p) for p in puzzle_files(folder or puzzles_dir(), "ikizumari")]
        self.board = BoardView(on_error=report, lang=get_language, css_class="ikizumari-puzzle-canvas")
        self.board.on_click(self._clicked)
        self.boards = [self.board]
        self.widget = self.board.widget
        self.on_result: Callable[[bool, bool, str], Any] = lambda ok, solved, text: None
        self.puzzle: Puzzle | None = None
        self.state: State | None = None
        self.left = 0
        self.selected: int | None = None

    def theme_text(self, theme: str) -> str:
        return T.gettext(THEMES[theme]) if theme in THEMES else theme

    def show(self, record: PuzzleRecord) -> str:
        self.puzzle = puzzle_from_record(record)
        self.state, self.left, self.selected = self.puzzle.state, record.moves, None
        self.board.show(self.state)
        return self.puzzle.title_text()

    def _clicked(self, square: int | None) -> None:
        st, puzzle = self.state, self.puzzle
        if square is None or st is None or puzzle is None or outcome(st) is not None or st.to_move != puzzle.solver:
            return
        moves = legal_moves(st)
        if any(m.origin == square for m in moves):
            self.selected = square
            self.board.show(st, marks_for(st, square))
        elif self.selected is not None and Move(self.selected, square) in moves:
            self.try_move(Move(self.selected, square))

    def try_move(self, move: Move | str) -> None:
        """Judge ``move`` as the solver's next move and show what follows."""
        assert self.puzzle is not None and self.state is not None
        verdict = judge(self.puzzle, self.state, move, self.left)
        self.selected = None
        if verdict.ok:
            self.state, self.left = verdict.state, verdict.left
        self.board.show(self.state)
        self.on_result(verdict.ok, verdict.solved, verdict.text)

    def hint(self) -> str:
        assert self.puzzle is not None and self.state is not None
        return hint(self.puzzle, self.state, self.left)

    def solution_step(self) -> str:
        """Play the solver's next move of the solution (and the reply) on the board."""
        assert self.puzzle is not None and self.state is not None
        if outcome(self.state) is not None or self.left <= 0:
            return T.gettext("The puzzle is solved: choose the next one.")
        move = self.puzzle.prover().winning_moves(self.state, self.left)[0]
        verdict = judge(self.puzzle, self.state, move, self.left)
        self.state, self.left, self.selected = verdict.state, verdict.left, None
        self.board.show(self.state)
        return T.gettext("Solution: {move}").format(move=verdict.line)
