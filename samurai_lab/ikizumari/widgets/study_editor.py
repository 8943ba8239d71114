"""The Iki-zumari app's study editor (``ui/study_editor.py``): the Play board's position as a position
string, its squares marked and an arrow drawn, the next move played on it as the answer."""

from __future__ import annotations

from typing import Any

from ...ui.study_editor import EditorGame, StudyEditor
from ..core.board import parse_square
from ..core.moves import Move
from ..core.position import from_position, to_position
from ..render.scene import Marks
from ..teaching.study import RULES

#: The languages an Iki-zumari study is written in: English and the rulebook's French.
TEXT_LANGUAGES = ("en", "fr")


def ikizumari_study_editor(app: Any, open_editor: Any) -> StudyEditor:
    """The editor of ``app`` (an ``IkizumariApp``); ``open_editor()`` shows its panel."""

    def show_marks(cells: list[str], arrow: tuple[str, str] | None) -> None:
        last = Move(parse_square(arrow[0]), parse_square(arrow[1])) if arrow else None
        app.board.show(app.session.state, Marks(first_squares=frozenset(parse_square(c) for c in cells), last=last))

    def load(position: str) -> None:
        app.session.states = [from_position(position, app.session.ruleset)]
        app.selected = None
        app._refresh_play()

    def undo() -> None:
        app.session.undo()
        app.selected = None
        app._refresh_play()

    game = EditorGame("ikizumari", TEXT_LANGUAGES, lambda: to_position(app.session.state), show_marks, load, undo,
                      lambda: None, open_editor, RULES.loads, to_position)
    return StudyEditor(game, app.feedback, app._guarded)
