"""The review of a finished game in the game app: one player's costly turns, a chart of his estimated chance to
win, each marked turn on a board with the better turn, and "Learn from your mistakes" (a puzzle of each marked
position that has one, ``teaching.puzzle.mistake_puzzle``, played in the Puzzles app's trainer). The review
runs one turn at a time on the kernel's event loop when one runs (``ui.review.MoveReviewPanel``)."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Callable, Sequence

import ipywidgets as widgets

from ...i18n import Domain
from ..core.actions import Action
from ..core.state import GameState
from ..teaching.game_text import action_hexes
from ..teaching.puzzle import mistake_puzzle
from ..teaching.review import GameReview, TurnReview, explain, judgement_words, percent, review_steps
from ...ui.layout import button, classed
from ...ui.review import LearnWords, MistakeTrainer, MoveReviewPanel, ReviewWords
from .board import BoardView
from .puzzle import KniziaPuzzles

T = Domain("knizia")
NO_FILES = Path("/no-puzzle-files")  # the trainer plays the puzzles it is given, not the puzzle files


def review_words(explain_turn: Callable[[TurnReview], list[str]]) -> ReviewWords:
    """The review panel's words in Knizia's domain."""
    return ReviewWords(
        title=lambda: T.gettext("Review"),
        intro=lambda: T.gettext("the turns that cost a player the most, by the engine's estimate of his chance to "
                                "win"),
        player=lambda: T.gettext("Player"), start=lambda: T.gettext("Review the game"),
        working=lambda: T.gettext("Reviewing…"),
        progress=lambda done, total: T.gettext("Turn {done} of {total} reviewed").format(done=done, total=total),
        chart=lambda: T.gettext("Estimated chance to win after each turn"),
        well_played=lambda: T.gettext("No turn cost much: well played."),
        nothing=lambda: T.gettext("This player has played no turn yet."),
        percent=percent, judgement=judgement_words, label=lambda t: str(t.turn), explain=explain_turn)


def learn_words() -> LearnWords:
    """"Learn from your mistakes" in Knizia's domain."""
    return LearnWords(
        button=lambda: T.gettext("Learn from your mistakes"), next=lambda: T.gettext("Next position"),
        position=lambda k, n, turn: T.gettext("Position {k} of {n} (turn {turn}):").format(k=k, n=n, turn=turn),
        none=lambda: T.gettext("None of these positions has one turn that search proves best in pieces taken: look "
                               "at the better turns on the board instead."))


class ReviewPanel:
    """The review of one player's game (CSS class ``samurai-review``): ``set_game`` then ``start``; each
    marked turn can be shown on a board, and the marked positions replayed as puzzles."""

    def __init__(self, guard: Callable[[Callable], Callable], make_board: Callable[[GameState], BoardView],
                 report: Callable[[BaseException], None] | None = None) -> None:
        self._guard = guard
        self._make_board = make_board
        self.states: list[GameState] = []
        self.actions: list[Action] = []
        self.review: GameReview | None = None
        self.panel = MoveReviewPanel(
            review_words(lambda t: explain(self.states, t)),
            lambda player: review_steps(self.states, self.actions, player), guard, report,
            row_extra=self._show_button, on_done=self._done)
        self.player, self.start_button = self.panel.player, self.panel.start_button
        self.chart, self.summary, self.turns_box = self.panel.chart, self.panel.summary, self.panel.turns_box
        self.board: BoardView | None = None
        self.board_box = widgets.Box()
        self.board_text = classed(widgets.HTML(), "samurai-review-board-text")
        self.learning = MistakeTrainer(learn_words(), self.mistake_puzzles,
                                       lambda: KniziaPuzzles(report=report, folder=NO_FILES), guard)
        self.learn_box = self.learning.box
        self.widget = self.panel.widget
        self.widget.children = (*self.widget.children, self.board_text, self.board_box, self.learning.widget)

    def set_game(self, states: Sequence[GameState], actions: Sequence[Action], labels: Sequence[str],
                 player: int = 0) -> None:
        """The game to review (``states[k + 1]`` follows ``actions[k]``) and the seat chosen first."""
        if self.states and len(self.states) == len(states) and self.states[-1] is states[-1]:
            return
        self.states, self.actions, self.review = list(states), list(actions), None
        self.panel.set_game(labels, player)
        self.board_text.value = ""
        self.board_box.children = ()
        self.learning.offer([])

    def start(self) -> None:
        """Review the chosen player's turns, one at a time (on the event loop when one runs)."""
        if not self.states:
            raise ValueError(T.gettext("there is no game to review yet"))
        self.panel.start()

    def _done(self, turns: list[TurnReview]) -> None:
        self.review = GameReview(int(self.player.value or 0), tuple(turns), 0)
        self.learning.offer(self.review.marked)

    def _show_button(self, turn: TurnReview) -> list[widgets.Widget]:
        return [button(T.gettext("Show on the board"), "samurai-review-show", icon="map-marker",
                       on_click=self._guard(lambda _b: self.show_turn(turn)))]

    def show_turn(self, turn: TurnReview) -> None:
        """The position before a marked turn: the hexes played in red, the better turn's in blue."""
        state = self.states[turn.start]
        if self.board is None:
            self.board = self._make_board(state)
            self.board_box.children = [self.board.widget]
        self.board.set_state(state)
        self.board.clear_highlights()
        self.board.set_highlights([h for a in turn.played for h in action_hexes(state, a)], style="warning")
        self.board.set_highlights([h for a in turn.best for h in action_hexes(state, a)], style="preview")
        self.board_text.value = html.escape(T.gettext(
            "Turn {turn}: in red the hexes of the turn played, in blue those of the better turn.").format(
            turn=turn.turn))

    # --- learn from your mistakes -------------------------------------------------------------------
    def mistake_puzzles(self, marked: Sequence[TurnReview]) -> list[tuple[str, object]]:
        """(turn, puzzle record) of every marked position with a puzzle proved by search."""
        records = ((str(t.turn), mistake_puzzle(self.states[t.start], source=f"turn {t.turn}"))
                   for t in marked)
        return [(turn, record) for turn, record in records if record is not None]

    @property
    def trainer(self) -> object:
        return self.learning.trainer

    def learn(self) -> None:
        """Replay the marked positions as puzzles, one after the other."""
        self.learning.start()
