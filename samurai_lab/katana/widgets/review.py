"""The review of a finished game in the Katana app: one player's moves searched against the other moves
of each position, the costly ones marked and explained, a chart of his estimated chance to win."""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Sequence

from ...i18n import Domain
from ...ui.review import LearnWords, MoveReviewPanel, ReviewWords, game_review_panel
from ..core.state import State
from ..core.text import player_name
from ..teaching.review import explain, judgement_words, percent, review_steps
from ..teaching.review_puzzle import mistake_puzzle
from .puzzle import KatanaPuzzles

T = Domain("katana")
NO_FILES = Path("/no-puzzle-files")  # the trainer plays the puzzles it is given, not the puzzle files


def review_panel(states: Callable[[], Sequence[State]], guard: Callable[[Callable], Callable],
                 report: Callable[[BaseException], None] | None = None,
                 in_language: Callable[[Callable], object] = lambda fn: fn()) -> MoveReviewPanel:
    """The panel reviewing the game ``states()`` returns (the app's session, read when the review starts)."""
    words = ReviewWords(
        title=lambda: T.gettext("Review"),
        intro=lambda: T.gettext("the moves that cost a player the most, by the search's estimate of his chance to "
                                "win"),
        player=lambda: T.gettext("Player"), start=lambda: T.gettext("Review the game"),
        working=lambda: T.gettext("Reviewing…"),
        progress=lambda done, total: T.gettext("Move {done} of {total} reviewed").format(done=done, total=total),
        chart=lambda: T.gettext("Estimated chance to win after each move"),
        well_played=lambda: T.gettext("No move cost much: well played."),
        nothing=lambda: T.gettext("This player has made no move."),
        percent=percent, judgement=judgement_words, label=lambda r: str(r.index + 1),
        explain=lambda r: explain(states(), r))
    learn = LearnWords(
        button=lambda: T.gettext("Learn from your mistakes"), next=lambda: T.gettext("Next position"),
        position=lambda k, n, move: T.gettext("Position {k} of {n} (move {move}):").format(k=k, n=n, move=move),
        none=lambda: T.gettext("None of these positions has a forced kill that the search proves in three moves."))

    return game_review_panel(words, learn, states, review_steps, mistake_puzzle,
                             lambda: KatanaPuzzles(report=report, folder=NO_FILES), guard, report, in_language)


def player_names() -> list[str]:
    """Black and Red in the current language."""
    return [player_name(0), player_name(1)]
