"""Studies of Samouraï of rulebook 004 (Iki-zumari): each step's position is a position string
(``ikizumari/core/position.py``), answers and ``play`` are moves in the notation (``g7-h7``),
marks name squares (``g7``). See ``studies/README.md``.

::

    play = load_study("studies/ikizumari-announcing-a-distance.toml")   # StudyError lists every problem
    play.states[0]; play.judge(1, "g7-h7").kind        # 'accepted' (step 2 asks the question)
"""

from __future__ import annotations

from ...common.study_model import GameRules
from ..core.board import parse_square
from ..core.moves import parse_move
from ..core.position import from_position
from ..core.rules import apply_move, why_illegal
from ..core.state import State


def _cell(state: State, ref: str) -> int:
    return parse_square(ref)


RULES = GameRules(
    game="ikizumari",
    read_position=from_position,
    read_move=lambda state, text: parse_move(text),
    why_illegal=why_illegal,
    apply=apply_move,
    read_cell=_cell,
)


#: A study of this game checked against its rules, from a ``Study``, a file's text or a file.
study_play, loads_study, load_study = RULES.play, RULES.loads, RULES.load
