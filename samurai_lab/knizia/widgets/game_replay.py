"""Game records in the game app: export (a text area and a download link) and a step-by-step
replay of a record (a board, previous / next buttons and a slider over the replayed states)."""

from __future__ import annotations

import base64
import html
from typing import Callable, Sequence

import ipywidgets as widgets

from ..core.actions import Action
from ..teaching.game_text import action_hexes, describe_action
from ..render.theme import seat_colours
from ..core.state import GameState
from .history import History, HistoryBar

RECORD_FILENAME = "samurai-game.txt"


def download_link(text: str, filename: str = RECORD_FILENAME, label: str = "Download the record") -> str:
    """An HTML link that saves ``text`` as a file (a data URL: works without a server round trip)."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (f'<a class="samurai-record-download" download="{html.escape(filename)}" '
            f'href="data:text/plain;charset=utf-8;base64,{data}">{html.escape(label)}</a>')


class RecordExport:
    """The record of a game as text to copy, and a link to download it (CSS class ``samurai-record``)."""

    def __init__(self) -> None:
        self.text = widgets.Textarea(layout=widgets.Layout(width="100%", height="140px"))
        self.text.add_class("samurai-record-text")
        self.link = widgets.HTML()
        self.widget = widgets.VBox([widgets.HTML("<b>Game record</b> (copy it, or download it; load it later "
                                                 "to replay the game step by step)"), self.link, self.text])
        self.widget.add_class("samurai-record")

    def show(self, record: str) -> None:
        if self.text.value != record:
            self.text.value = record
            self.link.value = download_link(record)


class ReplayViewer:
    """A replayed game: a board, a slider with previous / next, and the line of the step shown.

    ``make_board(state)`` builds the board view (a ``BoardView``); ``on_continue(k)`` is called with the
    step shown when the person asks to play on from there.
    """

    def __init__(self, make_board: Callable[[GameState], object], guard: Callable[[Callable], Callable]) -> None:
        self._make_board = make_board
        self._guard = guard
        self.states: list[GameState] = []
        self.actions: list[Action] = []
        self.texts: list[str] = []
        self.board = None
        self.bar: HistoryBar | None = None
        self.board_box = widgets.Box()
        self.bar_box = widgets.Box()
        self.step_text = widgets.HTML()
        self.step_text.add_class("samurai-replay-step")
        self.first_button = widgets.Button(description="First", icon="fast-backward",
                                           layout=widgets.Layout(width="80px"))
        self.first_button.add_class("samurai-replay-first")
        self.first_button.on_click(guard(lambda _b: self.goto(0)))
        self.last_button = widgets.Button(description="Last", icon="fast-forward",
                                          layout=widgets.Layout(width="80px"))
        self.last_button.add_class("samurai-replay-last")
        self.last_button.on_click(guard(lambda _b: self.goto(len(self.states) - 1)))
        self.back_button = widgets.Button(description="Back", icon="arrow-left")
        self.back_button.add_class("samurai-replay-back")
        self.continue_button = widgets.Button(description="Play on from this step", icon="play",
                                              tooltip="Continue the game from the position shown, "
                                                      "with the players of the new-game form")
        self.continue_button.add_class("samurai-replay-continue")
        self.widget = widgets.VBox([
            widgets.HTML("<h3 style='margin:4px 0'>Replay</h3>"),
            widgets.HBox([self.first_button, self.bar_box, self.last_button]), self.step_text, self.board_box,
            widgets.HBox([self.back_button, self.continue_button]),
        ])
        self.widget.add_class("samurai-replay")

    @property
    def index(self) -> int:
        return self.bar.history.index if self.bar is not None else 0

    def load(self, states: Sequence[GameState], actions: Sequence[Action], labels: Sequence[str] | None = None) -> None:
        """Show ``states`` (``states[k + 1]`` follows ``actions[k]``), starting at the first."""
        if not states:
            raise ValueError("a replay needs at least the starting position")
        if len(states) != len(actions) + 1:
            raise ValueError(f"{len(actions)} actions need {len(actions) + 1} states, not {len(states)}")
        self.states, self.actions = list(states), list(actions)
        labels = list(labels) if labels is not None else [s.name for s in states[0].seats]
        self.texts = [describe_action(states[k], a, states[k + 1], labels[states[k].current])
                      for k, a in enumerate(actions)]
        history: History[GameState] = History(states[0], "the starting position")
        for k, s in enumerate(states[1:]):
            history.push(s, str(actions[k]))
        history.goto(0)
        self.bar = HistoryBar(history, self._guard)
        self.bar.undo_button.description, self.bar.undo_button.tooltip = "Previous", "Back one action"
        self.bar.redo_button.description, self.bar.redo_button.tooltip = "Next", "Forward one action"
        self.bar.undo_button.add_class("samurai-replay-prev")
        self.bar.redo_button.add_class("samurai-replay-next")
        self.bar.slider.description = "Step"
        self.bar.slider.add_class("samurai-replay-slider")
        self.bar.on_change(lambda _state: self.show())
        self.bar_box.children = [self.bar.widget]
        self.board = self._make_board(states[0])
        self.board_box.children = [self.board.widget]  # type: ignore[attr-defined]
        self.show()

    def goto(self, k: int) -> None:
        """Show step ``k`` (0 is the starting position)."""
        if self.bar is None:
            raise ValueError("no game is loaded")
        self.bar.goto(k)

    def show(self) -> None:
        """Draw the step the slider points at, with its log line and the hexes it touched."""
        if self.bar is None or self.board is None:
            return
        k = self.index
        state = self.states[k]
        self.board.set_state(state)  # type: ignore[attr-defined]
        if k == 0:
            self.board.set_highlights((), style="preview")  # type: ignore[attr-defined]
            text = "The starting position. Use Next or the slider to follow the game."
            colour = "#777"
        else:
            before, action = self.states[k - 1], self.actions[k - 1]
            self.board.set_highlights(action_hexes(before, action), style="preview")  # type: ignore[attr-defined]
            text = f"{k}. {self.texts[k - 1]}"
            colour = seat_colours(before)[before.current]
        if state.is_over:
            text += f" — game over: {state.end_reason}"
        self.step_text.value = (f'<div style="border-left:4px solid {colour};padding:2px 8px">'
                                f'{html.escape(text)}</div>')
