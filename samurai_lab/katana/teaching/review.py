"""A review of one player's Katana game: each of his moves searched against every other move of the
position by the search bot's evaluation (``common.review_search``), the costly ones marked and explained."""

from __future__ import annotations

from typing import Iterator, Sequence

from ...common.review_search import MoveReview, SearchRules, review_moves
from ...i18n import N_, Domain
from ..bots.search import WIN, evaluate
from ..core.rules import apply_legal, legal_moves, outcome
from ..core.state import Move, State
from ..core.text import describe_move, player_name

T = Domain("katana")
DEPTH = 3  # plies searched after each candidate move
#: a kill is worth 400 in the evaluation: the odds of a position one kill ahead are about 5 to 1
RULES: SearchRules[State, Move] = SearchRules(
    moves=legal_moves, play=apply_legal, over=lambda s: outcome(s) is not None,
    winner=lambda s: outcome(s).winner, to_move=lambda s: s.to_move, evaluate=evaluate,  # type: ignore[union-attr]
    win=WIN, scale=250.0)
JUDGEMENTS = {"blunder": N_("Blunder"), "mistake": N_("Mistake"), "inaccuracy": N_("Inaccuracy")}


def review_steps(states: Sequence[State], player: int, depth: int = DEPTH) -> Iterator[tuple[int, int, MoveReview]]:
    """Review ``player``'s moves of a game (its states in order) one at a time: (done, total, review)."""
    moves = [s.last_move for s in states[1:]]
    return review_moves(states, moves, player, RULES, depth)


def review_game(states: Sequence[State], player: int, depth: int = DEPTH) -> list[MoveReview]:
    """Every move of ``player`` reviewed."""
    return [r for _, _, r in review_steps(states, player, depth)]


def percent(x: float) -> str:
    return T.gettext("{n}%").format(n=round(100 * x))


def judgement_words(name: str | None) -> str:
    return T.gettext(JUDGEMENTS[name]) if name in JUDGEMENTS else T.gettext("Good move")


def explain(states: Sequence[State], review: MoveReview) -> list[str]:
    """The move played and the better move, each in words, and the chances to win."""
    before = states[review.index]
    lines = [T.gettext("Move {n} ({player}): estimated chance to win {before} with the best move, {after} after "
                       "the move played.").format(n=review.index + 1, player=player_name(review.player),
                                                  before=percent(review.before), after=percent(review.after))]
    lines.append(T.gettext("Played: {move}").format(move=describe_move(before, review.played, states[review.index + 1])))
    if review.best != review.played:
        after_best = apply_legal(before, review.best)
        lines.append(T.gettext("Better: {move}").format(move=describe_move(before, review.best, after_best)))
        if review.before >= 1.0:
            lines.append(T.gettext("The better move wins by force: the search sees the win."))
        elif review.after <= 0.0:
            lines.append(T.gettext("After the move played the opponent wins by force."))
    return lines
