"""Undo, redo and a history slider over a session's frozen states: ``History`` (the plain logic) and
``HistoryBar`` (its widgets)."""

from __future__ import annotations

from typing import Callable, Generic, TypeVar

import ipywidgets as widgets

from ...i18n import Domain
from ...ui.layout import button, classed, set_traits

T = Domain("knizia")
S = TypeVar("S")


class History(Generic[S]):
    """A list of states with a position; a new state after an undo drops the undone ones."""

    def __init__(self, first: S, label: str = "start") -> None:
        self.states: list[S] = [first]
        self.labels: list[str] = [label]
        self.index = 0

    def __len__(self) -> int:
        return len(self.states)

    @property
    def current(self) -> S:
        return self.states[self.index]

    @property
    def label(self) -> str:
        return self.labels[self.index]

    @property
    def can_undo(self) -> bool:
        return self.index > 0

    @property
    def can_redo(self) -> bool:
        return self.index < len(self.states) - 1

    def push(self, state: S, label: str) -> S:
        """Add ``state`` after the current one (forgetting any undone states)."""
        self.states[self.index + 1:] = [state]
        self.labels[self.index + 1:] = [label]
        self.index += 1
        return state

    def reset(self, state: S, label: str = "start") -> S:
        """Start a new history from ``state``."""
        self.states, self.labels, self.index = [state], [label], 0
        return state

    def undo(self) -> S:
        if not self.can_undo:
            raise ValueError(T.gettext("nothing to undo: this is the first position of the session"))
        self.index -= 1
        return self.current

    def redo(self) -> S:
        if not self.can_redo:
            raise ValueError(T.gettext("nothing to redo: this is the latest position of the session"))
        self.index += 1
        return self.current

    def goto(self, index: int) -> S:
        if not 0 <= index < len(self.states):
            raise ValueError(T.gettext("the history has steps 0 to {last}, not {index}").format(
                last=len(self.states) - 1, index=index))
        self.index = index
        return self.current


class HistoryBar:
    """Undo / redo buttons and a slider over a ``History``; ``on_change(cb(state))`` after a move in it."""

    def __init__(self, history: History, guard: Callable[[Callable], Callable] | None = None,
                 words: Callable[[str], str] | None = None) -> None:
        self.history = history
        #: a step's label as shown (e.g. an action's notation in words)
        self.words: Callable[[str], str] = words or (lambda label: label)
        guard = guard or (lambda fn: fn)
        self.undo_button = button(T.gettext("Undo"), "samurai-undo", "undo", tooltip=T.gettext("Back one step"),
                                  min_width="90px", on_click=guard(lambda _: self.undo()))
        self.redo_button = button(T.gettext("Redo"), "samurai-redo", "repeat", tooltip=T.gettext("Forward one step"),
                                  min_width="90px", on_click=guard(lambda _: self.redo()))
        self.slider = widgets.IntSlider(value=0, min=0, max=0, description=T.gettext("History"), readout=False,
                                        continuous_update=False, layout=widgets.Layout(width="260px"))
        self.slider.add_class("samurai-history-slider")
        self.step = classed(widgets.HTML(), "samurai-history-step")
        self.widget = classed(widgets.HBox([self.undo_button, self.redo_button, self.slider, self.step],
                                           layout=widgets.Layout(align_items="center")), "samurai-history")
        self._callbacks: list[Callable[[object], None]] = []
        self._syncing = False
        self.slider.observe(guard(self._on_slider), names="value")
        self.refresh()

    def on_change(self, callback: Callable[[object], None]) -> None:
        """Call ``callback(state)`` whenever the user moves in the history."""
        self._callbacks.append(callback)

    def refresh(self) -> None:
        """Show the history's length and position without firing callbacks."""
        h = self.history
        self._syncing = True
        try:
            with self.slider.hold_sync():  # a lower max first pulls the value down to it
                self.slider.max = len(h) - 1
                self.slider.value = h.index
        finally:
            self._syncing = False
        self.undo_button.disabled = not h.can_undo
        self.redo_button.disabled = not h.can_redo
        text = T.gettext("step {n} of {last}: {label}").format(n=h.index, last=len(h) - 1, label=self.words(h.label))
        set_traits(self.step, value=text)

    def _move(self, step: Callable[[], object]) -> None:
        state = step()
        self.refresh()
        for cb in self._callbacks:
            cb(state)

    def _on_slider(self, change: dict) -> None:
        if self._syncing or change["new"] == self.history.index:
            return
        self._move(lambda: self.history.goto(int(change["new"])))

    # handlers for tests and other widgets
    def undo(self) -> None:
        self._move(self.history.undo)

    def redo(self) -> None:
        self._move(self.history.redo)

    def goto(self, index: int) -> None:
        self._move(lambda: self.history.goto(index))
