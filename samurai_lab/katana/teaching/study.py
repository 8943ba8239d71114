"""Studies of Samurai of rulebook 003 (Katana): each step's position is a position string
(``katana/core/state.py``), answers and ``play`` are moves in the notation (``f9-g9``),
marks name squares (``g9``). See ``studies/README.md``.

::

    play = load_study("studies/katana-the-challenge.toml")   # StudyError lists every problem
    play.states[0]; play.judge(1, "e1-e4").kind        # 'accepted' (step 2 asks the question)
"""

from __future__ import annotations

from ...common.study_model import GameRules
from ..core.board import square_index
from ..core.rules import apply_move, why_illegal
from ..core.state import State, from_position, parse_move


def _cell(state: State, ref: str) -> int:
    return square_index(ref)


RULES = GameRules(
    game="katana",
    read_position=from_position,
    read_move=lambda state, text: parse_move(text),
    why_illegal=why_illegal,
    apply=apply_move,
    read_cell=_cell,
)


#: A study of this game checked against its rules, from a ``Study``, a file's text or a file.
study_play, loads_study, load_study = RULES.play, RULES.loads, RULES.load
