"""Studies of Reiner Knizia's Samurai: each step's position is a position string
(``knizia/scenarios/position.py``), answers and ``play`` are actions in the notation (``H3@HO46``),
marks name hexes by id or settlement name (``HO47``, ``Edo``). See ``studies/README.md``.

::

    play = load_study("studies/knizia-influence-around-edo.toml")   # StudyError lists every problem
    play.states[0]; play.judge(0, "H3@HO46").kind                   # 'accepted'
"""

from __future__ import annotations

from pathlib import Path

from ...common.study_format import GAME_TITLES, Study
from ...common.study_model import GameRules, StudyPlay
from ..core.actions import as_action
from ..core.rules import why_illegal
from ..core.state import GameState
from ..scenarios.position import parse_position


def _cell(state: GameState, ref: str) -> int:
    return state.board.resolve(ref)


RULES = GameRules(
    game="knizia",
    title=GAME_TITLES["knizia"],
    read_position=lambda text: parse_position(text, "position"),
    read_move=lambda state, text: as_action(text),
    why_illegal=why_illegal,
    apply=lambda state, action: state.apply(action),
    read_cell=_cell,
    edition_of=lambda state: state.ruleset.edition,
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
