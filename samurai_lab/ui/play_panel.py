"""A seat's board in a game with others, for a game whose moves are entered by their cells
(``ui/game_board.py``): a click or tap on a piece of the seat chooses it (its arrivals are ringed), a
click on an arrival plays; an action on one cell (a placement) is one click; an action on no cell (a
pass) is a button. The panel only proposes: ``on_action(callback)`` hands the move's notation to the app,
which sends it to the game service (the one judge)."""

from __future__ import annotations

from typing import Any, Callable

import ipywidgets as widgets

from ..common.game import Game
from ..i18n import Domain
from .game_board import click_on, new_board, targets_from
from .layout import button

T = Domain("ui")


def play_panel(game: Game, state: Any, report: Callable[[BaseException], None] | None = None,
               say: Callable[[str, str], Any] | None = None) -> Any:
    """The panel of ``game`` showing ``state``: the one it names in ``hooks["play_panel"]`` (Knizia's: the
    hand and the map), else :class:`LinePlayPanel`; ``say(text, kind)`` shows its guidance and refusals."""
    if "play_panel" in game.hooks:
        return game.hook("play_panel")(game, state, report, say)
    return LinePlayPanel(game, state, report)


class LinePlayPanel:
    """The panel of a game of moves: ``widget`` is the board, ``controls`` go beside it."""

    def __init__(self, game: Game, state: Any, report: Callable[[BaseException], None] | None = None) -> None:
        self.game, self.state, self.mine = game, state, False
        self.selected: int | None = None
        self._callbacks: list[Callable[[str], Any]] = []
        self.board = new_board(game, state, css_class="samurai-together-board", report=report)
        self.board.on_cell(self.click)
        self.buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", grid_gap="6px"))
        self.buttons.add_class("samurai-together-actions")
        self.widget = self.board.widget
        self.controls = [self.buttons]  #: shown beside the board by the app

    def on_action(self, callback: Callable[[str], Any]) -> None:
        self._callbacks.append(callback)

    def set_projector(self, on: bool) -> None:
        self.board.set_projector(on)

    def show(self, state: Any, mine: bool) -> None:
        """Show ``state``; ``mine``: the seat is to move (its pieces answer clicks, its passes are buttons)."""
        self.state, self.mine, self.selected = state, mine, None
        cellless = [a for a in self.game.legal_actions(state) if not self.game.action_cells(a)] if mine else []
        self.buttons.children = tuple(button(t, "samurai-together-action", on_click=lambda _b, t=t: self._propose(t))
                                      for t in map(self.game.action_text, cellless))
        self.draw()

    def click(self, cell: int | None) -> None:
        """A click or tap on ``cell``: choose a piece, or play to an arrival."""
        if not self.mine or cell is None:
            return
        game, state = self.game, self.state
        chosen, move = click_on(game, state, self.selected, cell)
        if chosen is not None:
            self.selected = chosen
            self.draw()
            return
        if move is None and self.selected is None:
            raise ValueError(T.gettext("Choose one of your pieces first, then the square it goes to."))
        if move is None:
            spec = game.features.get("study_board")
            built = spec.move(self.selected, cell) if spec is not None and spec.move is not None else None
            why = game.why_illegal(state, built) if built is not None else None
        self.selected = None
        self.draw()
        if move is None:
            raise ValueError(why or T.gettext("That piece cannot go there."))
        self._propose(game.action_text(move))

    def _propose(self, text: str) -> None:
        for callback in self._callbacks:
            callback(text)

    def draw(self) -> None:
        game, state, at = self.game, self.state, self.selected
        self.board.show_cells(state, at, targets_from(game, state, at) if at is not None else ())
