"""The Katana puzzles of the Puzzles app (``ui/puzzles.py``): the board, a try by clicking a samurai then
its arrival (a tap is a click), each try judged in the rules' words, a hint, the solution step by step."""

from __future__ import annotations

from typing import Any, Callable

from ...common.puzzle_file import puzzle_files, puzzles_dir, read_record
from ...i18n import N_, Domain
from ...ui.puzzles import LineTrainer
from ..core.rules import legal_moves, outcome, targets
from ..core.state import Move, State, owner
from ..teaching.puzzle import hint, judge, puzzle_from_record
from .board import KatanaBoard, piece_letters

T = Domain("katana")


class KatanaPuzzles(LineTrainer):
    """A trainer for the Puzzles app (see ``ui/puzzles.py`` for what the app asks of it)."""

    game = "katana"
    themes = {"kill": N_("kill"), "third kill": N_("the third kill"), "win": N_("win"), "challenge": N_("challenge"),
              "sword": N_("a sword taken"), "double": N_("two challenges at once"), "tachiojo": N_("Tachiōjō"),
              "relocation": N_("back to SHIRO"), "constrained": N_("constrained move"), "quiet": N_("quiet move")}
    load, judge, hint_text = staticmethod(puzzle_from_record), staticmethod(judge), staticmethod(hint)

    def __init__(self, report: Callable[[BaseException], None] | None = None, folder: Any = None) -> None:
        super().__init__([read_record(p) for p in puzzle_files(folder or puzzles_dir(), "katana")])
        self.board = KatanaBoard(State((0,) * 69), cell=48, report=report, css_class="katana-puzzle-canvas")
        self.board.set_letters(piece_letters())
        self.board.on_square(self._clicked)
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
        st = self.state
        movable = () if outcome(st) is not None or st.pending else tuple(
            sorted({m.frm for m in legal_moves(st) if m.kind == "move"}))
        selected = self.selected
        self.board.set_state(st, selected, targets(st, selected) if selected is not None else (), movable)

    def _clicked(self, square: int) -> None:
        st, puzzle = self.state, self.puzzle
        if st is None or puzzle is None or outcome(st) is not None or st.to_move != puzzle.solver:
            return
        if st.pending:
            self.try_move(Move("place", to=square))
        elif owner(st.cells[square]) == st.to_move:
            self.selected = square
            self.draw()
        elif self.selected is not None and square in targets(st, self.selected):
            self.try_move(Move("move", self.selected, square))
