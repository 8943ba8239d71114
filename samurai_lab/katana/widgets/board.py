"""``KatanaBoard``: the board on an ipycanvas MultiCanvas (static squares below, position above).

Drawing waits for the browser: everything is drawn from ``on_client_ready`` (and again on every
change), each redraw in one ``hold_canvas`` batch. Clicks are turned into squares and handed to the
callback set with ``on_square``; errors go to the ``report`` callback (the app's message bar).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from ipycanvas import MultiCanvas, hold_canvas

from ...i18n import Domain
from ..core.state import State
from ..render.canvas import draw_shapes
from ..render.layout import Layout
from ..render.scene import board_shapes, overlay_shapes

T = Domain("katana")
CANVAS_CLASS = "katana-board-canvas"


def piece_letters() -> tuple[str, str]:
    """The letters on the samurai in the current language (Black/Nero, Red/Rosso)."""
    return T.pgettext("letter of a Black samurai", "B"), T.pgettext("letter of a Red samurai", "R")


class KatanaBoard:
    """An interactive board: ``set_state``, ``set_marks(selected, targets)``, ``on_square(callback)``."""

    def __init__(self, state: State, cell: float = 56.0, report: Callable[[BaseException], None] | None = None,
                 css_class: str = "") -> None:
        self.layout = Layout(cell=cell, margin=24.0)
        self.canvas = MultiCanvas(2, width=self.layout.width, height=self.layout.height)
        self.canvas.add_class(CANVAS_CLASS)
        if css_class:
            self.canvas.add_class(css_class)
        self.canvas.layout.width = f"{self.layout.width}px"
        self.canvas.layout.height = f"{self.layout.height}px"
        self.canvas.layout.min_width = f"{self.layout.width}px"
        self.state = state
        self.selected: int | None = None
        self.targets: tuple[int, ...] = ()
        self.letters: tuple[str, str] = ("B", "R")
        self.show_constraint = True
        self.movable: tuple[int, ...] = ()
        self.previous_move = None
        self._callback: Callable[[int], Any] | None = None
        self._report = report
        self.canvas.on_client_ready(self._safe(self.redraw_all))
        self.canvas.on_mouse_down(self._safe(self._clicked))

    @property
    def widget(self) -> MultiCanvas:
        return self.canvas

    def on_square(self, callback: Callable[[int], Any]) -> None:
        """Call ``callback(square)`` when a square is clicked."""
        self._callback = callback

    def pixel_of(self, square: int) -> tuple[float, float]:
        """The canvas pixel at the centre of ``square`` (for tests that click)."""
        return self.layout.centre(square)

    def set_state(self, state: State, selected: int | None = None, targets: Iterable[int] = (),
                  movable: Iterable[int] = (), previous_move: Any = None) -> None:
        """Show ``state`` with the selected samurai, its targets, the samurai that can move, the last move."""
        self.state, self.selected, self.targets = state, selected, tuple(targets)
        self.movable, self.previous_move = tuple(movable), previous_move
        self.redraw()

    def set_marks(self, selected: int | None, targets: Iterable[int]) -> None:
        self.selected, self.targets = selected, tuple(targets)
        self.redraw()

    def set_letters(self, letters: tuple[str, str]) -> None:
        self.letters = letters
        self.redraw()

    def redraw_all(self) -> None:
        with hold_canvas():
            base = self.canvas[0]
            base.clear()
            draw_shapes(base, board_shapes(self.layout))
            self._draw_overlay()

    def redraw(self) -> None:
        with hold_canvas():
            self._draw_overlay()

    def _draw_overlay(self) -> None:
        top = self.canvas[1]
        top.clear()
        draw_shapes(top, overlay_shapes(self.state, self.layout, selected=self.selected, targets=self.targets,
                                        letters=self.letters, show_constraint=self.show_constraint,
                                        movable=() if self.selected is not None else self.movable,
                                        previous_move=self.previous_move))

    def _clicked(self, x: float, y: float) -> None:
        square = self.layout.square_at(x, y)
        if square is not None and self._callback is not None:
            self._callback(square)

    def _safe(self, fn: Callable[..., Any]) -> Callable[..., None]:
        def run(*args: Any) -> None:
            try:
                fn(*args)
            except Exception as e:  # noqa: BLE001 - never lose an error in a canvas callback
                if self._report is not None:
                    self._report(e)
        return run
