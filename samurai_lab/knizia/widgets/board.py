"""``BoardView``: the interactive board, an ipycanvas ``MultiCanvas`` that every app builds on.

API::

    view = BoardView(state, hex_size=16, focus=None)   # focus: hex ids/indices to centre and zoom on
    view.widget                      # the ipywidgets object to display (CSS class "samurai-board")
    view.state                       # current GameState
    view.set_state(state)            # redraw pieces/tiles
    view.set_highlights(hexes, style="legal")   # indices; style: "legal" | "preview" | "warning"
    view.set_selected(hex_or_None)
    view.set_heatmap(caste_or_None)
    view.set_focus(hexes_or_None)    # re-layout (zoom on the hexes concerned, or the whole map)
    view.on_click(callback)          # callback(hex_index_or_None, x, y)
    view.on_hover(callback)          # callback(hex_index_or_None), throttled
    view.hex_at(x, y) -> int | None ; view.pixel_of(hex_index) -> (x, y)

Details:

* Hexes may be given as indices, ids (``"HO21"``) or names (``"Edo"``); callbacks get indices.
* ``set_highlights`` replaces the hexes of one style and keeps the other styles;
  an empty sequence clears that style; ``clear_highlights()`` clears all.
* ``set_heatmap`` takes a ``Caste``, ``"H"``/``"B"``/``"R"`` or None (off).
* The canvas keeps a fixed pixel size (that of the whole board at ``hex_size``);
  a focus zooms into it (at most ``max_zoom`` times). A state with another player
  count resizes it and drops the focus, highlights and selection (they name hexes
  of the old board).
* Layers: map, heat map, pieces and tiles, highlights (hover outline included).
  Everything is drawn when a browser client is ready (``on_client_ready``): commands
  sent before are lost under voila, so the view keeps the latest state and redraws
  then. Each redraw is one ``hold_canvas`` batch.
* A click on a partly hidden board does not scroll the page (ipycanvas focuses the
  canvas before it reads the click position): see ``scroll_focus``.
* Hover callbacks run only when the hex under the pointer changes, at most once per
  ``hover_interval`` seconds (the last change is delivered after the interval):
  every mouse-move costs a kernel round trip.
* Exceptions in callbacks (the view's own and the app's) are shown in
  ``view.errors``, an ``ipywidgets.Output`` below the canvas, and kept in
  ``view.error_log``: they never vanish silently. ``view.guard(fn)`` gives the
  same protection to an app's other callbacks (buttons, observers).
"""

from __future__ import annotations

import asyncio
import time
import traceback
from typing import Any, Callable, Iterable

import ipywidgets as widgets
from ipycanvas import MultiCanvas, hold_canvas

from ..render.canvas import draw_heatmap, draw_highlights, draw_map, draw_pieces
from ..render.layout import HexRef, Layout, layout_for, resolve_hexes
from ..render.theme import HIGHLIGHT_STYLES, THEME, Theme
from ..core.state import GameState
from ..core.tiles import Caste
from ...ui.scroll_focus import CANVAS_CLASS, scroll_focus_fix

MAP, HEAT, PIECES, MARKS = range(4)
LAYER_NAMES = ("map", "heat", "pieces", "highlights")

ClickCallback = Callable[[int | None, float, float], Any]
HoverCallback = Callable[[int | None], Any]


def as_caste(value: Caste | str | None) -> Caste | None:
    """A caste from ``Caste``, ``"H"``/``"B"``/``"R"`` (or a word starting so), or None."""
    if value is None or isinstance(value, Caste):
        return value
    try:
        return Caste(str(value).strip().upper()[:1])
    except ValueError:
        raise ValueError(f"a heat map is for caste H, B or R (or None), not {value!r}") from None


class BoardView:
    """The board of a ``GameState`` on a layered canvas, with click and hover events (see the module doc)."""

    def __init__(
        self,
        state: GameState,
        hex_size: float = 16,
        focus: Iterable[HexRef] | None = None,
        *,
        theme: Theme = THEME,
        show_ids: bool = False,
        max_zoom: float = 3.0,
        hover_interval: float = 0.05,
    ) -> None:
        self._state = state
        self.hex_size = hex_size
        self.theme = theme
        self.show_ids = show_ids
        self.max_zoom = max_zoom
        self.hover_interval = hover_interval
        self._focus: tuple[int, ...] | None = None
        self._highlights: dict[str, tuple[int, ...]] = {}
        self._selected: int | None = None
        self._hover: int | None = None
        self._heat: Caste | None = None
        self._click_callbacks: list[ClickCallback] = []
        self._hover_callbacks: list[HoverCallback] = []
        self._ready = False
        self._pointer: int | None = None  # hex under the pointer, seen by the last mouse event
        self._last_hover_time = float("-inf")
        self._hover_pending = False
        self.error_log: list[str] = []
        self.draw_seconds: dict[str, float] = {}  # time of the last draw of each layer
        self.redraws = 0

        self.errors = widgets.Output()
        self.errors.add_class("samurai-board-errors")
        self._layout = self._make_layout(state, focus)
        w, h = self._layout.width, self._layout.height
        self.canvas = MultiCanvas(len(LAYER_NAMES), width=w, height=h)
        self.canvas.add_class(CANVAS_CLASS)
        self._pin_size(w, h)
        # a click must not scroll the page before ipycanvas reads its position (see scroll_focus)
        self.widget = widgets.VBox([self.canvas, self.errors, scroll_focus_fix()])
        self.widget.add_class("samurai-board")

        self.canvas.on_client_ready(self._guarded(self._on_client_ready))
        self.canvas.on_mouse_down(self._guarded(self._on_mouse_down))
        self.canvas.on_mouse_move(self._guarded(self._on_mouse_move))
        self.canvas.on_mouse_out(self._guarded(self._on_mouse_out))

    # --- public API ------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self._state

    @property
    def layout(self) -> Layout:
        """The current pixel layout (changes with the focus)."""
        return self._layout

    @property
    def highlights(self) -> dict[str, tuple[int, ...]]:
        return dict(self._highlights)

    @property
    def selected(self) -> int | None:
        return self._selected

    @property
    def heatmap(self) -> Caste | None:
        return self._heat

    @property
    def focus(self) -> tuple[int, ...] | None:
        return self._focus

    @property
    def hover(self) -> int | None:
        """The hex last reported to hover callbacks (outlined on the board)."""
        return self._hover

    def set_state(self, state: GameState) -> None:
        """Show ``state``: pieces, tiles and heat map are redrawn (everything if the player count changed)."""
        old = self._state
        self._state = state
        if state.board is not old.board:
            self._highlights, self._selected, self._hover, self._pointer = {}, None, None, None
            self._layout = self._make_layout(state, None)
            self._pin_size(self._layout.width, self._layout.height)
            self.redraw()
        else:
            self._redraw(HEAT, PIECES)

    def set_highlights(self, hexes: Iterable[HexRef], style: str = "legal") -> None:
        """Mark ``hexes`` in ``style`` ("legal", "preview" or "warning"), replacing that style's hexes."""
        self.theme.highlight(style)  # ValueError for an unknown style
        marked = resolve_hexes(self._state.board, hexes)
        if marked:
            self._highlights[style] = marked
        else:
            self._highlights.pop(style, None)
        self._redraw(MARKS)

    def clear_highlights(self) -> None:
        """Remove the highlights of every style."""
        self._highlights = {}
        self._redraw(MARKS)

    def set_selected(self, hex_ref: HexRef | None) -> None:
        """Outline one hex (a selected settlement, tile...), or none."""
        self._selected = None if hex_ref is None else resolve_hexes(self._state.board, [hex_ref])[0]
        self._redraw(MARKS)

    def set_heatmap(self, caste: Caste | str | None) -> None:
        """Show the influence heat map of ``caste`` (None: hide it)."""
        self._heat = as_caste(caste)
        self._redraw(HEAT)

    def set_focus(self, hexes: Iterable[HexRef] | None) -> None:
        """Zoom on ``hexes`` (centred), or show the whole board (None)."""
        self._layout = self._make_layout(self._state, hexes)
        self.redraw()

    def on_click(self, callback: ClickCallback, remove: bool = False) -> None:
        """Call ``callback(hex_index_or_None, x, y)`` on every click (mouse down) on the board."""
        _register(self._click_callbacks, callback, remove)

    def on_hover(self, callback: HoverCallback, remove: bool = False) -> None:
        """Call ``callback(hex_index_or_None)`` when the hex under the pointer changes (throttled)."""
        _register(self._hover_callbacks, callback, remove)

    def hex_at(self, x: float, y: float) -> int | None:
        """Index of the hex in play at canvas pixel (x, y), or None."""
        return self._layout.hex_at(x, y)

    def pixel_of(self, hex_ref: HexRef) -> tuple[float, float]:
        """Canvas pixel of the centre of a hex."""
        return self._layout.pixel_of(resolve_hexes(self._state.board, [hex_ref])[0])

    def redraw(self) -> None:
        """Redraw every layer (done automatically when a client connects)."""
        self._redraw(MAP, HEAT, PIECES, MARKS)

    def guard(self, fn: Callable[..., Any]) -> Callable[..., None]:
        """``fn`` wrapped so that its exceptions are shown in ``view.errors`` (for an app's own callbacks)."""
        return self._guarded(fn)

    # --- drawing -----------------------------------------------------------
    def _make_layout(self, state: GameState, focus: Iterable[HexRef] | None) -> Layout:
        board = state.board
        full = layout_for(board, self.hex_size)
        if focus is None:
            self._focus = None
            return full
        self._focus = resolve_hexes(board, focus)
        if not self._focus:
            self._focus = None
            return full
        return layout_for(board, self.hex_size, focus=self._focus, width=full.width, height=full.height,
                          max_zoom=self.max_zoom)

    def _pin_size(self, w: int, h: int) -> None:
        if self.canvas.width != w or self.canvas.height != h:
            self.canvas.width, self.canvas.height = w, h
        self.canvas.layout.width, self.canvas.layout.height = f"{w}px", f"{h}px"
        self.canvas.layout.min_width = f"{w}px"

    def _redraw(self, *layers: int) -> None:
        if not self._ready:
            return  # drawn in full when the client is ready
        self.redraws += 1
        with hold_canvas():
            for layer in layers:
                t0 = time.perf_counter()
                self._draw_layer(layer)
                self.draw_seconds[LAYER_NAMES[layer]] = time.perf_counter() - t0

    def _draw_layer(self, layer: int) -> None:
        c, lay, theme = self.canvas[layer], self._layout, self.theme
        if layer == MAP:
            draw_map(c, lay, theme, self.show_ids)
        elif layer == HEAT:
            draw_heatmap(c, lay, self._state, self._heat, theme)
        elif layer == PIECES:
            draw_pieces(c, lay, self._state, theme)
        else:
            draw_highlights(c, lay, self._highlights, self._selected, self._hover, theme)

    # --- events ------------------------------------------------------------
    def _guarded(self, fn: Callable[..., Any]) -> Callable[..., None]:
        def run(*args: Any) -> None:
            try:
                fn(*args)
            except Exception as exc:  # shown in the app, never lost
                self._report(exc)

        return run

    def _report(self, exc: BaseException) -> None:
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        self.error_log.append(text)
        self.errors.append_stderr(text)

    def _on_client_ready(self) -> None:
        self._ready = True
        self.redraw()

    def _on_mouse_down(self, x: float, y: float) -> None:
        hex_index = self.hex_at(x, y)
        for callback in list(self._click_callbacks):
            self._guarded(callback)(hex_index, x, y)

    def _on_mouse_move(self, x: float, y: float) -> None:
        self._pointer_at(self.hex_at(x, y))

    def _on_mouse_out(self, x: float, y: float) -> None:
        self._pointer_at(None, at_once=True)

    def _pointer_at(self, hex_index: int | None, at_once: bool = False) -> None:
        """Throttle: deliver a hover change now, or once ``hover_interval`` has passed since the last one."""
        if hex_index == self._pointer:
            return
        self._pointer = hex_index
        wait = self._last_hover_time + self.hover_interval - time.monotonic()
        if at_once or wait <= 0:
            self._deliver_hover()
        elif not self._hover_pending:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:  # no event loop (plain Python): no need to throttle
                self._deliver_hover()
                return
            self._hover_pending = True
            loop.call_later(wait, self._guarded(self._deliver_hover))

    def _deliver_hover(self) -> None:
        self._hover_pending = False
        if self._pointer == self._hover:
            return
        self._last_hover_time = time.monotonic()
        self._hover = self._pointer
        self._redraw(MARKS)
        for callback in list(self._hover_callbacks):
            self._guarded(callback)(self._hover)


def _register(callbacks: list, callback: Callable, remove: bool) -> None:
    if remove:
        if callback in callbacks:
            callbacks.remove(callback)
    elif callback not in callbacks:
        callbacks.append(callback)


__all__ = ["BoardView", "HIGHLIGHT_STYLES", "as_caste"]
