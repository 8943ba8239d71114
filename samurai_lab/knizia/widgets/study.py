"""The board of Knizia's game in the study player: a step's position with its marks (hexes ringed,
arrows drawn from hex to hex and named in words below the board for screen readers), and, while a
question waits, the hand of the player to move: choose a tile, then click (or tap) a hex — that
placement is the try (``ui/study_player.py``). The game declares it as its ``hooks["study_board"]``."""

from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as widgets

from ..core.actions import PlaceTile
from ..core.state import GameState
from ...common.study_format import Marks
from ...i18n import Domain
from ...ui.touch import PointerError
from ...ui.layout import classed
from ..teaching.words import hex_words
from .hand_panel import HandPanel, hand_items

T = Domain("knizia")

MARK_STYLE = "preview"


class KniziaStudyBoard:
    """``show_step(state, marks, asking)``, ``on_try(callback)``, ``click_hex(index)`` (tests)."""

    def __init__(self, state: GameState, hex_size: float = 16) -> None:
        from .board import BoardView

        self.view = BoardView(state, hex_size=hex_size)
        self.state = state
        self.asking = False
        self.selected: int | None = None
        self._callbacks: list[Callable[[Any], None]] = []
        self._focus: list[str] = []
        self.hand = HandPanel()
        self.hand.on_select(self.choose)
        self.arrows = classed(widgets.HTML(), "samurai-study-arrows")
        self.widget = classed(widgets.VBox([self.view.widget, self.arrows, self.hand.widget]), "samurai-study-board")
        self.view.on_click(self.click_hex)

    def on_try(self, callback: Callable[[Any], None]) -> None:
        self._callbacks.append(callback)

    def set_projector(self, on: bool) -> None:
        self.view.set_projector(on)

    def show_step(self, state: GameState, marks: Marks, asking: bool) -> None:
        """The step's position, its marks, and the hand when a question waits for a placement."""
        self.state, self.asking, self.selected = state, asking, None
        self.view.set_state(state)
        self.view.clear_highlights()
        board = state.board
        marked = [*marks.cells, *(c for arrow in marks.arrows for c in arrow)]
        if marked != self._focus:  # zoom on what the step marks (the whole board when it marks nothing)
            self._focus = marked
            self.view.set_focus([board.resolve(c) for c in marked] or None)
        if marks.cells:
            self.view.set_highlights([board.resolve(c) for c in marks.cells], MARK_STYLE)
        self.view.set_arrows([(board.resolve(a), board.resolve(b)) for a, b in marks.arrows])
        self.arrows.value = " · ".join(
            f"{html.escape(str(hex_words(state, a, coords=True)))} → "
            f"{html.escape(str(hex_words(state, b, coords=True)))}" for a, b in marks.arrows)
        self._show_hand()

    def _show_hand(self) -> None:
        state = self.state
        if not self.asking or not state.hands:
            self.hand.widget.layout.display = "none"
            return
        self.hand.widget.layout.display = ""
        vocab = state.ruleset.vocabulary
        seat = state.seats[state.current]
        title = T.gettext("Choose a {tile} of {player}'s hand, then a hex").format(
            tile=vocab.tile, player=vocab.seat_name(seat.name, seat.colour))
        self.hand.show(title, hand_items(state, state.hands[state.current], self.selected))

    def how_to(self) -> tuple[str, str]:
        """How a try is made, said for a mouse and for a finger."""
        tile = self.state.ruleset.vocabulary.tile
        return (T.gettext("Choose a {tile} in the hand, then click the board.").format(tile=tile),
                T.gettext("Choose a {tile} in the hand, then tap the board.").format(tile=tile))

    def choose(self, k: int) -> None:
        """Choose the k-th tile of the hand for the try."""
        self.selected = None if self.selected == k else k
        self._show_hand()

    def click_hex(self, index: int | None, x: float = 0.0, y: float = 0.0) -> None:
        """A click (or tap) on the board: with a tile chosen, the placement is the try."""
        if index is None or not self.asking:
            return
        if self.selected is None:
            tile = self.state.ruleset.vocabulary.tile
            raise PointerError(T.gettext("Choose a {tile} of the hand first, then click the hex.").format(tile=tile),
                               T.gettext("Choose a {tile} of the hand first, then tap the hex.").format(tile=tile))
        tile = self.state.hands[self.state.current][self.selected]
        move = PlaceTile(tile, self.state.board.ids[index])
        for cb in self._callbacks:
            cb(move)

