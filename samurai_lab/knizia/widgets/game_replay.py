"""Game records in the game app: export (a text area and a download link) and a step-by-step
replay of a record (a board, previous / next buttons and a slider over the replayed states)."""

from __future__ import annotations

import base64
import html
from typing import Callable, Sequence

import ipywidgets as widgets

from ..core.actions import Action
from ..teaching.game_text import action_hexes, action_phrase, describe_action
from ..render.theme import seat_colours
from ..core.state import GameState
from .history import History, HistoryBar
from ..core.text import end_reason_text
from ...i18n import Domain
from ...ui.layout import button, classed, set_traits

T = Domain("knizia")


def download_link(text: str) -> str:
    """An HTML link that saves the record ``text`` as a file (a data URL: works without a server round trip)."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    label = T.gettext("Download the record")
    return (f'<a class="samurai-record-download" download="samurai-game.txt" '
            f'href="data:text/plain;charset=utf-8;base64,{data}">{html.escape(label)}</a>')


class RecordExport:
    """The record of a game as text to copy, and a link to download it (CSS class ``samurai-record``)."""

    def __init__(self) -> None:
        self.text = classed(widgets.Textarea(layout=widgets.Layout(width="100%", height="140px")),
                            "samurai-record-text")
        self.link = widgets.HTML()
        self.widget = classed(widgets.VBox([widgets.HTML("<b>{}</b> ({})".format(
            html.escape(T.gettext("Game record")),
            html.escape(T.gettext("copy it, or download it; load it later to replay the game step by step")))),
            self.link, self.text]), "samurai-record")

    def show(self, record: str) -> None:
        if self.text.value != record:
            self.text.value = record
            self.link.value = download_link(record)


class ReplayViewer:
    """A replayed game: a board (``make_board(state)``), a slider with previous / next, the line of the step shown,
    and the buttons back and "Play on from this step" (the app wires them)."""

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
        self.step_text = classed(widgets.HTML(), "samurai-replay-step")
        self.first_button = button(T.gettext("First"), "samurai-replay-first", "fast-backward",
                                   on_click=guard(lambda _b: self.goto(0)), min_width="80px")
        self.last_button = button(T.gettext("Last"), "samurai-replay-last", "fast-forward",
                                  on_click=guard(lambda _b: self.goto(len(self.states) - 1)), min_width="80px")
        self.back_button = button(T.gettext("Back"), "samurai-replay-back", "arrow-left")
        self.continue_button = button(T.gettext("Play on from this step"), "samurai-replay-continue", "play",
                                      tooltip=T.gettext("Continue the game from the position shown, "
                                                        "with the players of the new-game form"))
        self.widget = classed(widgets.VBox([
            widgets.HTML("<h3 style='margin:4px 0'>{}</h3>".format(html.escape(T.gettext("Replay")))),
            widgets.HBox([self.first_button, self.bar_box, self.last_button]), self.step_text, self.board_box,
            widgets.HBox([self.back_button, self.continue_button]),
        ]), "samurai-replay")

    @property
    def index(self) -> int:
        return self.bar.history.index if self.bar is not None else 0

    def load(self, states: Sequence[GameState], actions: Sequence[Action], labels: Sequence[str] | None = None) -> None:
        """Show ``states`` (``states[k + 1]`` follows ``actions[k]``), starting at the first."""
        if not states:
            raise ValueError(T.gettext("a replay needs at least the starting position"))
        if len(states) != len(actions) + 1:
            raise ValueError(T.gettext("{n} actions need {states} states, not {given}").format(
                n=len(actions), states=len(actions) + 1, given=len(states)))
        self.states, self.actions = list(states), list(actions)
        labels = list(labels) if labels is not None else states[0].ruleset.vocabulary.seat_names(states[0].seats)
        self.texts = [describe_action(states[k], a, states[k + 1], labels[states[k].current])
                      for k, a in enumerate(actions)]
        history: History[GameState] = History(states[0], T.gettext("the starting position"))
        for k, s in enumerate(states[1:]):
            history.push(s, str(actions[k]))
        history.goto(0)
        bar = self.bar = HistoryBar(history, self._guard, words=self._label_words)
        set_traits(classed(bar.undo_button, "samurai-replay-prev"), description=T.gettext("Previous"),
                   tooltip=T.gettext("Back one action"))
        set_traits(classed(bar.redo_button, "samurai-replay-next"), description=T.gettext("Next"),
                   tooltip=T.gettext("Forward one action"))
        classed(bar.slider, "samurai-replay-slider").description = T.gettext("Step")
        self.bar.on_change(lambda _state: self.show())
        self.bar_box.children = [self.bar.widget]
        self.board = self._make_board(states[0])
        self.board_box.children = [self.board.widget]  # type: ignore[attr-defined]
        self.show()

    def goto(self, k: int) -> None:
        """Show step ``k`` (0 is the starting position)."""
        if self.bar is None:
            raise ValueError(T.gettext("no game is loaded"))
        self.bar.goto(k)

    def _label_words(self, label: str) -> str:
        """The step's action in words (the labels are the actions' notation)."""
        k = self.index
        if k == 0 or k > len(self.actions):
            return label
        return action_phrase(self.states[k - 1], self.actions[k - 1])

    def show(self) -> None:
        """Draw the step the slider points at, with its log line and the hexes it touched."""
        if self.bar is None or self.board is None:
            return
        k = self.index
        state = self.states[k]
        self.board.set_state(state)  # type: ignore[attr-defined]
        if k == 0:
            self.board.set_highlights((), style="preview")  # type: ignore[attr-defined]
            text = T.gettext("The starting position. Use {next} or the slider to follow the game.").format(
                next=T.gettext("Next"))
            colour = "#777"
        else:
            before, action = self.states[k - 1], self.actions[k - 1]
            self.board.set_highlights(action_hexes(before, action), style="preview")  # type: ignore[attr-defined]
            text = f"{k}. {self.texts[k - 1]}"
            colour = seat_colours(before)[before.current]
        if state.is_over:
            text += " — " + T.gettext("game over: {reason}").format(
                reason=end_reason_text(state.end_reason or "", state.ruleset.vocabulary))
        self.step_text.value = (f'<div style="border-left:4px solid {colour};padding:2px 8px">'
                                f'{html.escape(text)}</div>')
