"""The explorer's Study tab: build a study from the positions on the board (``studies/README.md``).

The shared editor (``ui/study_editor.py``) with this game's part: positions as position strings, a click
marks a hex (with *Arrow* on, two clicks draw an arrow), the next placement on the board is the answer.
The explorer hands it its clicks while marking (``marking``, ``mark``) and every action it plays (``after_play``).
"""

from __future__ import annotations

from typing import Any

from ...i18n import Domain
from ...ui.study_editor import ACCEPT, WRONG_ANSWER, EditorGame, StudyEditor as SharedEditor
from ..core.actions import Action, PlaceTile
from ..core.state import GameState
from ..game import GAME
from ..scenarios.position import parse_position, position_string

T = Domain("knizia")

__all__ = ["ACCEPT", "WRONG_ANSWER", "StudyEditor"]


class StudyEditor(SharedEditor):
    """The Study tab (CSS class ``samurai-study-editor``)."""

    def __init__(self, app: Any, play_tab: int, study_tab: int) -> None:
        self.app = app

        def load(position: str) -> None:
            app.load_state(parse_position(position), T.gettext("study: {title}").format(title=self.title.value))

        game = EditorGame(GAME, lambda: app.state, self._show_marks, load, app.undo,
                          lambda: app.open_tab(play_tab), lambda: app.open_tab(study_tab), words=self._words)
        super().__init__(game, app.feedback, app.guard)

    def _show_marks(self, cells: list[str], arrow: tuple[str, str] | None) -> None:
        """The marked hexes ringed, the arrow drawn (none when ``arrow`` is None)."""
        self.app.board.set_highlights(cells, "preview")
        self.app.board.set_arrows([arrow] if arrow else [])

    def _words(self) -> dict[str, str]:
        """This game's words for the editor's labels: hexes, placements, tiles."""
        return {
            "Mark squares": T.gettext("Mark hexes"),
            "While on, a click on the board marks a square (or removes its mark) for the next step": T.gettext(
                "While on, a click on the board marks a hex (or removes its mark) for the next step"),
            "e.g. Where should Black move?": T.gettext("e.g. Where should Blue play?"),
            "Ask: the next move is the answer": T.gettext("Ask: the next placement is the answer"),
            "The next move is a wrong answer": T.gettext("The next placement is a wrong answer"),
            "Click squares to mark them; click a marked square again to remove its mark.": T.gettext(
                "Click hexes to mark them; click a marked hex again to remove its mark."),
            "While on, click the square an arrow starts from, then the square it points to": T.gettext(
                "While on, click the hex an arrow starts from, then the hex it points to"),
            "Click the square the arrow starts from, then the square it points to.": T.gettext(
                "Click the hex the arrow starts from, then the hex it points to."),
            "Now click the square the arrow points to.": T.gettext("Now click the hex the arrow points to."),
            "Now play the answer on the board: click a samurai, then the square it goes to.": T.gettext(
                "Now play the answer on the board: choose a {tile}, then click a hex.").format(
                tile=self.app.state.ruleset.vocabulary.tile),
            "Tap squares to mark them; tap a marked square again to remove its mark.": T.gettext(
                "Tap hexes to mark them; tap a marked hex again to remove its mark."),
            "Tap the square the arrow starts from, then the square it points to.": T.gettext(
                "Tap the hex the arrow starts from, then the hex it points to."),
            "Now tap the square the arrow points to.": T.gettext("Now tap the hex the arrow points to."),
            "Now play the answer on the board: tap a samurai, then the square it goes to.": T.gettext(
                "Now play the answer on the board: choose a {tile}, then tap a hex.").format(
                tile=self.app.state.ruleset.vocabulary.tile),
        }

    def mark(self, index: int | None) -> None:  # type: ignore[override]  # the explorer hands a hex's index
        """A click while marking: mark the hex, or remove its mark."""
        if index is not None:
            super().mark(self.app.state.board.ids[index])

    def after_play(self, before: GameState, action: Action) -> None:  # type: ignore[override]
        """The explorer played ``action`` from ``before``: record it when an answer is awaited."""
        if self.recording is not None and not isinstance(action, PlaceTile):
            self.recording = None
            self.feedback.show(T.gettext("Only a placement can be an answer here."), "warning")
            return
        super().after_play(position_string(before), str(action))
