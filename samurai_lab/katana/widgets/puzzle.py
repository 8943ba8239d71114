"""The Katana puzzles of the Puzzles app (``ui/puzzles.py``): the board, a try by clicking a samurai then
its arrival (a tap is a click), each try judged in the rules' words, a hint, the solution step by step."""

from __future__ import annotations

from typing import Any, Callable

from ...common.puzzle_file import PuzzleRecord, puzzle_files, puzzles_dir, read_record
from ...i18n import N_, Domain
from ..core.rules import legal_moves, outcome, targets
from ..core.state import Move, State, owner
from ..teaching.puzzle import Puzzle, hint, judge, puzzle_from_record
from .board import KatanaBoard, piece_letters

T = Domain("katana")
THEMES = {"kill": N_("kill"), "third kill": N_("the third kill"), "win": N_("win"), "challenge": N_("challenge"),
          "sword": N_("a sword taken"), "double": N_("two challenges at once"), "tachiojo": N_("Tachiōjō"),
          "relocation": N_("back to SHIRO"), "constrained": N_("constrained move"), "quiet": N_("quiet move")}


class KatanaPuzzles:
    """A trainer for the Puzzles app (see ``ui/puzzles.py`` for what the app asks of it)."""

    game = "katana"

    def __init__(self, report: Callable[[BaseException], None] | None = None, folder: Any = None) -> None:
        self.records: list[PuzzleRecord] = [read_record(p) for p in puzzle_files(folder or puzzles_dir(), "katana")]
        self.board = KatanaBoard(State((0,) * 69), cell=48, report=report, css_class="katana-puzzle-canvas")
        self.board.set_letters(piece_letters())
        self.board.on_square(self._clicked)
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
        self.board.set_state(self.state, movable=self._movable())
        return self.puzzle.title_text()

    def _movable(self) -> tuple[int, ...]:
        if self.state is None or outcome(self.state) is not None or self.state.pending:
            return ()
        return tuple(sorted({m.frm for m in legal_moves(self.state) if m.kind == "move"}))

    def _clicked(self, square: int) -> None:
        st, puzzle = self.state, self.puzzle
        if st is None or puzzle is None or outcome(st) is not None or st.to_move != puzzle.solver:
            return
        if st.pending:
            self.try_move(Move("place", to=square))
        elif owner(st.cells[square]) == st.to_move:
            self.selected = square
            self.board.set_state(st, square, targets(st, square), self._movable())
        elif self.selected is not None and square in targets(st, self.selected):
            self.try_move(Move("move", self.selected, square))

    def try_move(self, move: Move | str) -> None:
        """Judge ``move`` as the solver's next move and show what follows."""
        assert self.puzzle is not None and self.state is not None
        verdict = judge(self.puzzle, self.state, move, self.left)
        self.selected = None
        if verdict.ok:
            self.state, self.left = verdict.state, verdict.left
        self.board.set_state(self.state, movable=self._movable())
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
        self.board.set_state(self.state, movable=self._movable())
        return T.gettext("Solution: {move}").format(move=verdict.line)
