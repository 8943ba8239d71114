"""A seat's table in a game of Knizia's Samurai with others (``ui/together.py``): the map and the seat's own
hand, in the rulebooks' order (choose the starting tiles, place the caste pieces, then play tiles, swap and
move), entered as in the Play app (``PlayInput``). The panel sees only the seat's view and only proposes:
each action's notation goes to the game service, which judges it."""

from __future__ import annotations

from typing import Any, Callable

import ipywidgets as widgets

from ...common.game import Game
from ...i18n import Domain
from ...ui.common import guarded
from ...ui.layout import button
from ..core.actions import EndTurn, Pass
from ..core.model import Phase
from ..core.state import GameState
from ..core.tiles import Caste
from .board import BoardView
from .examples import SwapChooser
from .hand_panel import HandPanel, hand_items
from .play_input import LEGAL, PREVIEW, Outcome, PlayInput

T = Domain("knizia")


class KniziaPlayPanel:
    """``show(view, mine)``, ``on_action(callback)``, ``set_projector(on)``, ``widget`` (the map), ``controls`` (the
    hand and the turn's buttons, beside it) and ``board``."""

    def __init__(self, game: Game, view: GameState, report: Callable[[BaseException], None] | None = None,
                 say: Callable[[str, str], Any] | None = None) -> None:
        self.game, self.state, self.mine = game, view, False
        self.say = say or (lambda text, kind: None)
        self.input = PlayInput(confirm=False)
        self._callbacks: list[Callable[[str], Any]] = []

        def guard(fn: Callable) -> Callable:
            return guarded(fn, report, lambda e: self.say(str(e), "error"))

        self.board = BoardView(view, hex_size=14)
        self.board.on_click(guard(self.click))
        self.hand = HandPanel()
        self.hand.on_select(guard(self.choose))
        self.end_turn = button(T.gettext("End the turn"), "samurai-end-turn",
                               on_click=guard(lambda _b: self._propose(str(EndTurn()))))
        self.pass_button = button(T.gettext("Pass"), on_click=guard(lambda _b: self._propose(str(Pass()))))
        self.swap_castes = SwapChooser(guard(self.choose_swap_caste))
        self.buttons = widgets.HBox([self.end_turn, self.pass_button],
                                    layout=widgets.Layout(flex_flow="row wrap", grid_gap="6px"))
        self.widget = self.board.widget
        self.controls = [self.hand.widget, self.swap_castes.widget, self.buttons]  #: shown beside the board by the app

    def on_action(self, callback: Callable[[str], Any]) -> None:
        self._callbacks.append(callback)

    def set_projector(self, on: bool) -> None:
        self.board.set_projector(on)

    def _propose(self, text: str) -> None:
        self.input.reset()
        for callback in self._callbacks:
            callback(text)

    def _follow(self, outcome: Outcome) -> None:
        outcome.follow(lambda action: self._propose(str(action)), lambda text, kind, tap=None: self.say(text, kind),
                       self.draw)

    def click(self, hex_index: int | None, *_: Any) -> None:
        if self.mine:
            self._follow(self.input.click(self.state, hex_index))

    def choose(self, k: int) -> None:
        if self.mine:
            self._follow(self.input.choose(self.state, k))

    def choose_swap_caste(self, end: int, caste: Caste) -> None:
        self._follow(self.input.choose_swap_caste(self.state, end, caste))

    def show(self, view: GameState, mine: bool) -> None:
        """Show the seat's ``view``; ``mine``: the seat is to act."""
        if view != self.state or mine != self.mine:
            self.input.reset()
        self.state, self.mine = view, mine
        self.draw()

    def draw(self) -> None:
        state = self.state
        if self.board.state != state:
            self.board.set_state(state)
        legal = state.legal_actions() if self.mine else []
        if self.mine:
            self.hand.show(*self.input.items(state))
        else:
            seat = state.viewer
            hand = state.hands[seat] if seat is not None and seat >= 0 else None
            names = state.ruleset.vocabulary.seat_names(state.seats)
            title = T.gettext("The {tiles} of {player} (waiting for {current})").format(
                tiles=state.ruleset.vocabulary.tiles, player=names[seat], current=names[state.current]) if hand else ""
            self.hand.show(title, hand_items(state, hand, None) if hand and state.phase is Phase.PLAY else [])
        self.end_turn.layout.display = "" if EndTurn() in legal else "none"
        self.pass_button.layout.display = "" if Pass() in legal else "none"
        marks = self.input.highlights(state) if self.mine else {}
        self.board.set_highlights(marks.get(LEGAL, ()), style=LEGAL)
        self.board.set_highlights(marks.get(PREVIEW, ()), style=PREVIEW)
        self.swap_castes.show(state, self.input.sel.swap_ends if self.mine else (), self.input.sel.swap_castes)
