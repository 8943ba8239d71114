"""Studies of Reiner Knizia's Samurai: each step's position is a position string
(``knizia/scenarios/position.py``), answers and ``play`` are actions in the notation (``H3@HO46``),
marks name hexes by id or settlement name (``HO47``, ``Edo``). See ``studies/README.md``.

::

    play = load_study("studies/knizia-influence-around-edo.toml")   # StudyError lists every problem
    play.states[0]; play.judge(1, "H3@HO46").kind      # 'accepted' (step 2 asks the question)
"""

from __future__ import annotations

from ...common.study_model import GameRules
from ..core.actions import as_action
from ..core.rules import why_illegal
from ..core.state import GameState
from ..scenarios.position import parse_position
from .rulebook_examples import check_expectations


def _cell(state: GameState, ref: str) -> int:
    return state.board.resolve(ref)


RULES = GameRules(
    game="knizia",
    read_position=lambda text: parse_position(text, "position"),
    read_move=lambda state, text: as_action(text),
    why_illegal=why_illegal,
    apply=lambda state, action: state.apply(action),
    read_cell=_cell,
    edition_of=lambda state: state.ruleset.edition,
    check_expect=check_expectations,
)


#: A study of this game checked against its rules, from a ``Study``, a file's text or a file.
study_play, loads_study, load_study = RULES.play, RULES.loads, RULES.load
