"""Studies of Samouraï of rulebook 004 (Iki-zumari): each step's position is a position string
(``ikizumari/core/position.py``), answers and ``play`` are moves in the notation (``g7-h7``),
marks name squares (``g7``). See ``studies/README.md``.

::

    play = load_study("studies/ikizumari-announcing-a-distance.toml")   # StudyError lists every problem
    play.states[0]; play.judge(0, "g7-h7").kind                   # 'accepted'
"""

from __future__ import annotations

from pathlib import Path

from ...common.study_format import GAME_TITLES, Study
from ...common.study_model import GameRules, StudyPlay
from ..core.board import parse_square
from ..core.moves import parse_move
from ..core.position import from_position
from ..core.rules import apply_move, why_illegal
from ..core.state import State


def _cell(state: State, ref: str) -> int:
    return parse_square(ref)


RULES = GameRules(
    game="ikizumari",
    title=GAME_TITLES["ikizumari"],
    read_position=from_position,
    read_move=lambda state, text: parse_move(text),
    why_illegal=why_illegal,
    apply=apply_move,
    read_cell=_cell,
    titles=lambda game: GAME_TITLES.get(game, game),
)


def study_play(study: Study, text: str | None = None) -> StudyPlay:
    """A study of this game checked against the rules (StudyError listing every problem)."""
    return StudyPlay(study, RULES, text)


def loads_study(text: str, name: str = "") -> StudyPlay:
    """A study file's text, read and checked (StudyError listing every problem, each with its line)."""
    return StudyPlay.from_text(text, RULES, name)


def load_study(path: str | Path) -> StudyPlay:
    """The study in ``path``, read and checked."""
    p = Path(path)
    return loads_study(p.read_text(encoding="utf-8"), p.name)
