"""A review of one player's Iki-zumari game: each of his moves searched against every other move of the
position by the search bot's evaluation (``common.review_search``), the costly ones marked and explained."""

from __future__ import annotations

from typing import Iterator, Sequence

from ...common.review_search import MoveReview, SearchRules, review_moves
from ...i18n import N_, Domain
from ..bots.evaluate import WIN, evaluate
from ..core.rules import legal_moves, outcome, play
from ..core.moves import Move
from ..core.state import State
from ..core.text import announcement, player_name

T = Domain("ikizumari")
DEPTH = 3  # plies searched after each candidate move
#: the evaluation counts mobility (the square root of the moves) and exposed symbols: a few units
RULES: SearchRules[State, Move] = SearchRules(
    moves=legal_moves, play=play, over=lambda s: outcome(s) is not None,
    winner=lambda s: outcome(s).winner, to_move=lambda s: s.to_move, evaluate=evaluate,  # type: ignore[union-attr]
    win=WIN, scale=3.0)
JUDGEMENTS = {"blunder": N_("Blunder"), "mistake": N_("Mistake"), "inaccuracy": N_("Inaccuracy")}


def review_steps(states: Sequence[State], player: int, depth: int = DEPTH) -> Iterator[tuple[int, int, MoveReview]]:
    """Review ``player``'s moves of a game (its states in order) one at a time: (done, total, review)."""
    moves = [s.last for s in states[1:]]
    return review_moves(states, moves, player, RULES, depth)


def review_game(states: Sequence[State], player: int, depth: int = DEPTH) -> list[MoveReview]:
    """Every move of ``player`` reviewed."""
    return [r for _, _, r in review_steps(states, player, depth)]


def percent(x: float) -> str:
    return T.gettext("{n}%").format(n=round(100 * x))


def judgement_words(name: str | None) -> str:
    return T.gettext(JUDGEMENTS[name]) if name in JUDGEMENTS else T.gettext("Good move")


def _move_words(before: State, move: Move) -> str:
    """``d1-d3 (announces 2 dragon)``."""
    return T.gettext("{move} (announces {words})").format(move=str(move), words=announcement(play(before, move)))


def explain(states: Sequence[State], review: MoveReview) -> list[str]:
    """The move played and the better move, with what each announces, and the chances to win."""
    before = states[review.index]
    lines = [T.gettext("Move {n} ({player}): estimated chance to win {before} with the best move, {after} after "
                       "the move played.").format(n=review.index + 1, player=player_name(review.player),
                                                  before=percent(review.before), after=percent(review.after))]
    lines.append(T.gettext("Played: {move}.").format(move=_move_words(before, review.played)))
    if review.best != review.played:
        lines.append(T.gettext("Better: {move}.").format(move=_move_words(before, review.best)))
        if review.before >= 1.0:
            lines.append(T.gettext("The better move wins by force: the search sees the IKI-ZUMARI."))
        elif review.after <= 0.0:
            lines.append(T.gettext("After the move played the opponent wins by force."))
    return lines
