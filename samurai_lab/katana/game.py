"""Samurai of rulebook 003 (Katana) declared once for every feature that spans the games
(``common/game.py``): its rules, notation, words, evaluation and drawing hooks."""

from __future__ import annotations

from typing import Mapping

from ..common.game import Game
from ..common.review import ReviewWords
from ..i18n import N_, Domain
from ..common.study_model import StudyBoardSpec
from .bots.base import BOTS, make_bot
from .bots.search import WIN, evaluate
from .core.board import square_index
from .core.ruleset import RULINGS, Ruleset
from .core.rules import apply_legal, apply_move, legal_moves, why_illegal
from .core.state import Move, State, from_position, new_game, outcome, parse_move, to_position
from .core.text import describe_move, describe_outcome, player_name
from .teaching.puzzle_themes import PUZZLES


K = Domain("katana")
#: the review's words: its puzzles are forced kills
REVIEW = ReviewWords("katana", no_puzzle=N_("None of these positions has a forced kill that the search proves in three "
                                            "moves."))


def _new_state(players: int | None = None, seed: int = 0, rulings: Mapping[str, str] | None = None) -> State:
    if players not in (None, 2):
        raise ValueError("SAMURAI (katana) is a game for two players")
    return new_game(Ruleset.from_dict(rulings or {}))


def rulings_table() -> list[tuple[str, str, list[tuple[str, str]]]]:
    """Each ruling a new game may choose, in words, its default first."""
    return [(r.id, K.gettext(r.question), [(o, K.gettext(words)) for o, words in
                                           sorted(r.options, key=lambda item: item[0] != r.default)])
            for r in RULINGS]


def _why_illegal(state: State, move: object) -> str | None:
    """The rules' reason, also for a malformed move (the core raises ValueError for one)."""
    try:
        return why_illegal(state, move)
    except ValueError as e:
        return str(e)


GAME: Game[State, object] = Game(
    name="katana", title="Samurai: challenges across Katana squares", label="Katana", source="rulebook 003 (it)",
    notebook="katana.ipynb", languages=("en", "it", "es", "ru"), text_languages=("en", "it"), seats=(2, 2),
    new_state=_new_state, to_position=to_position, key=State.key,
    from_position=lambda text, rulings=None: from_position(text, Ruleset.from_dict(rulings or {})),
    legal_actions=legal_moves, apply_action=apply_move, why_illegal=_why_illegal, to_move=lambda s: s.to_move,
    outcome=outcome, parse_action=lambda state, text: parse_move(text), describe_action=describe_move,
    player_name=lambda state, seat: player_name(seat), read_cell=lambda state, text: square_index(text), describe_outcome=describe_outcome,
    play=apply_legal, evaluate=evaluate, win=WIN,
    scale=250.0,  # a kill is worth 400 in the evaluation: the odds of a position one kill ahead are about 5 to 1
    cost=lambda state, move: 0 if move.kind == "place" else 1,  # a relocation is part of the turn it follows
    bots=tuple(BOTS), make_bot=make_bot, rulings=lambda s: s.rules.changes(), rulings_table=rulings_table,
    action_cells=lambda m: (m.frm, m.to) if m.kind == "move" else (m.to,) if m.kind == "place" else (),
    hooks={"board": "samurai_lab.katana.widgets.board:KatanaBoard"},
    features={"puzzles": PUZZLES, "review": REVIEW,
              "study_board": StudyBoardSpec("katana-study-canvas", lambda a, b: Move("move", a, b))},
)
