"""Undo, redo and a history slider over the states of a session.

States are frozen, so a session's history is simply a list of states with a
position in it. ``History`` is the plain logic; ``HistoryBar`` its widgets
(undo and redo buttons, a slider, the step's label).
"""

from __future__ import annotations

from typing import Callable, Generic, TypeVar

import ipywidgets as widgets

T = TypeVar("T")


class History(Generic[T]):
    """A list of states with a position; a new state after an undo drops the undone ones."""

    def __init__(self, first: T, label: str = "start") -> None:
        self.states: list[T] = [first]
        self.labels: list[str] = [label]
        self.index = 0

    def __len__(self) -> int:
        return len(self.states)

    @property
    def current(self) -> T:
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

    def push(self, state: T, label: str) -> T:
        """Add ``state`` after the current one (forgetting any undone states)."""
        del self.states[self.index + 1:]
        del self.labels[self.index + 1:]
        self.states.append(state)
        self.labels.append(label)
        self.index += 1
        return state

    def reset(self, state: T, label: str = "start") -> T:
        """Start a new history from ``state``."""
        self.states, self.labels, self.index = [state], [label], 0
        return state

    def undo(self) -> T:
        if not self.can_undo:
            raise ValueError("nothing to undo: this is the first position of the session")
        self.index -= 1
        return self.current

    def redo(self) -> T:
        if not self.can_redo:
            raise ValueError("nothing to redo: this is the latest position of the session")
        self.index += 1
        return self.current

    def goto(self, index: int) -> T:
        if not 0 <= index < len(self.states):
            raise ValueError(f"the history has steps 0 to {len(self.states) - 1}, not {index}")
        self.index = index
        return self.current


class HistoryBar:
    """Undo / redo buttons and a slider over a ``History``; ``on_change(cb(state))`` after a move in it."""

    def __init__(self, history: History, guard: Callable[[Callable], Callable] | None = None) -> None:
        self.history = history
        guard = guard or (lambda fn: fn)
        self.undo_button = widgets.Button(description="Undo", icon="undo", tooltip="Back one step",
                                          layout=widgets.Layout(width="90px"))
        self.redo_button = widgets.Button(description="Redo", icon="repeat", tooltip="Forward one step",
                                          layout=widgets.Layout(width="90px"))
        self.undo_button.add_class("samurai-undo")
        self.redo_button.add_class("samurai-redo")
        self.slider = widgets.IntSlider(value=0, min=0, max=0, description="History", readout=False,
                                        continuous_update=False, layout=widgets.Layout(width="260px"))
        self.slider.add_class("samurai-history-slider")
        self.step = widgets.HTML()
        self.step.add_class("samurai-history-step")
        self.widget = widgets.HBox([self.undo_button, self.redo_button, self.slider, self.step],
                                   layout=widgets.Layout(align_items="center"))
        self.widget.add_class("samurai-history")
        self._callbacks: list[Callable[[object], None]] = []
        self._syncing = False
        self.undo_button.on_click(guard(lambda _: self.undo()))
        self.redo_button.on_click(guard(lambda _: self.redo()))
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
            with self.slider.hold_sync():
                if self.slider.max != len(h) - 1 or self.slider.value != h.index:
                    if h.index > self.slider.max:
                        self.slider.max = len(h) - 1
                        self.slider.value = h.index
                    else:
                        self.slider.value = h.index
                        self.slider.max = len(h) - 1
        finally:
            self._syncing = False
        self.undo_button.disabled = not h.can_undo
        self.redo_button.disabled = not h.can_redo
        text = f"step {h.index} of {len(h) - 1}: {h.label}"
        if self.step.value != text:
            self.step.value = text

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
