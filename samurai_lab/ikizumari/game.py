"""Samouraï of rulebook 004 (Iki-zumari) declared once for every feature that spans the games
(``common/game.py``): its rules, notation, words, evaluation and drawing hooks."""

from __future__ import annotations

from typing import Mapping

from ..common.game import Game
from ..common.review import ReviewWords
from ..i18n import N_, Domain
from ..common.study_model import StudyBoardSpec
from .bots.base import BOTS, make_bot
from .bots.evaluate import WIN, evaluate
from .core.board import parse_square
from .core.moves import Move, parse_move
from .core.position import from_position, to_position
from .core.rules import apply_move, legal_moves, outcome, play, why_illegal
from .core.ruleset import DEFAULT_RULESET, RULINGS, Ruleset
from .core.state import State, new_game
from .core.describe import describe_move
from .core.text import outcome_text, player_name
from .teaching.puzzle_themes import PUZZLES


I = Domain("ikizumari")
#: the review's words: the win is an IKI-ZUMARI, and a move is a "spostamento" in Italian, a "déplacement" in French
REVIEW = ReviewWords("ikizumari", forced_win=N_("The better move wins by force: the search sees the IKI-ZUMARI."),
                     own=frozenset((
    N_("the moves that cost a player the most, by the search's estimate of his chance to win"), N_("Good move"),
    N_("Move {done} of {total} reviewed"), N_("Estimated chance to win after each move"), N_("Played: {move}"),
    N_("No move cost much: well played."), N_("This player has made no move."), N_("Better: {move}"),
    N_("Position {k} of {n} (move {move}):"), N_("After the move played the opponent wins by force."),
    N_("Move {n} ({player}): estimated chance to win {before} with the best move, {after} after the move played."),
    N_("None of these positions has a forced win that the search proves in three moves."))))


def _new_state(players: int | None = None, seed: int = 0, rulings: Mapping[str, str] | None = None) -> State:
    if players not in (None, 2):
        raise ValueError("SAMOURAI is a game for two players")
    return new_game(_ruleset(rulings))


def _ruleset(rulings: Mapping[str, str] | None) -> Ruleset:
    ruleset = DEFAULT_RULESET
    for ruling, option in dict(rulings or {}).items():
        ruleset = ruleset.with_option(ruling, option)
    return ruleset


def rulings_table() -> list[tuple[str, str, list[tuple[str, str]]]]:
    """Each ruling a new game may choose, in words, its default first."""
    return [(r.id, I.gettext(r.question), [(v, r.label(v)) for v in sorted(r.option_names, key=lambda v: v != r.default)])
            for r in RULINGS]


def key(s: State) -> tuple:
    """What decides the future of the game (for transposition tables)."""
    return (s.red, s.black, s.to_move, s.distance, s.symbol, s.bonus, s.pending, s.anzen_used)


GAME: Game[State, object] = Game(
    name="ikizumari", title="Samouraï: Iki-zumari", label="Iki-zumari", source="rulebook 004 (fr)", notebook="ikizumari.ipynb",
    languages=("en", "fr", "it", "es", "ru"), text_languages=("en", "fr"), seats=(2, 2),
    new_state=_new_state, from_position=lambda text, rulings=None: from_position(text, _ruleset(rulings)),
    to_position=to_position, key=key,
    legal_actions=legal_moves, apply_action=apply_move, why_illegal=why_illegal, to_move=lambda s: s.to_move,
    outcome=outcome, parse_action=lambda state, text: parse_move(text),
    describe_action=describe_move,
    player_name=lambda state, seat: player_name(seat), read_cell=lambda state, text: parse_square(text), describe_outcome=outcome_text,
    play=play, evaluate=evaluate, win=WIN,
    scale=3.0,  # the evaluation counts mobility (the square root of the moves) and exposed symbols: a few units
    bots=tuple(BOTS), make_bot=make_bot, rulings=lambda s: s.ruleset.changes(), rulings_table=rulings_table,
    action_cells=lambda m: () if m.is_pass else (m.origin, m.target),
    hooks={"board": "samurai_lab.ikizumari.widgets.board:BoardView.for_apps"},
    features={"puzzles": PUZZLES, "review": REVIEW, "study_board": StudyBoardSpec("ikz-study-board", Move)},
)
