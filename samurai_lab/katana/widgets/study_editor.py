"""The Katana app's study editor (``ui/study_editor.py``): the Play board's position as a position
string, its squares marked and an arrow drawn, the next move played on it as the answer."""

from __future__ import annotations

from typing import Any

from ...ui.study_editor import EditorGame, StudyEditor
from ..core.board import square_index
from ..core.state import Move, from_position, to_position
from ..teaching.study import RULES

#: The languages a Katana study is written in: the rulebook's English and Italian.
TEXT_LANGUAGES = ("en", "it")


def katana_study_editor(app: Any, open_editor: Any) -> StudyEditor:
    """The editor of ``app`` (a ``KatanaApp``); ``open_editor()`` shows its panel."""

    def show_marks(cells: list[str], arrow: tuple[str, str] | None) -> None:
        previous = Move("move", square_index(arrow[0]), square_index(arrow[1])) if arrow else None
        app.board.set_state(app.session.state, None, [square_index(c) for c in cells], (), previous)

    def load(position: str) -> None:
        app.session.load(from_position(position, app.session.rules))
        app.selected = None
        app._refresh_play()

    def undo() -> None:
        app.session.undo()
        app.selected = None
        app._refresh_play()

    game = EditorGame("katana", TEXT_LANGUAGES, lambda: to_position(app.session.state), show_marks, load, undo,
                      lambda: None, open_editor, RULES.loads, to_position)
    return StudyEditor(game, app.feedback, app._guard)
