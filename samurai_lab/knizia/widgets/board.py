"""``BoardView``: the interactive board, an ipycanvas ``MultiCanvas`` that every app builds on.

``view.widget`` is what to display; the ``set_...`` methods change what it shows and redraw; ``on_click``,
``on_hover`` and ``on_key`` take callbacks.

* Hexes may be given as indices, ids (``"HO21"``) or names (``"Edo"``); callbacks get indices.
* ``set_highlights`` replaces one style's hexes (an empty sequence clears it); ``clear_highlights()``
  clears every style, not the arrows.
* The board fits the room the page script (``ui/board_client``) reports: the largest box of the map's
  proportions (``render.fit.room_box``), its backing size times ``devicePixelRatio``, the map laid out in
  backing pixels (``fit_layout``), so that mouse positions and hit testing are exact at every size. Until
  the first report (and with ``fit=False``) the canvas is the whole board at ``hex_size``. A state with
  another player count re-fits the canvas and drops what names hexes of the old board.
* Keyboard: arrow keys move a cursor (its words in ``view.live``, an ARIA live region), Enter or Space
  clicks its hex, Escape clicks outside the map. Touch: ``ui/touch`` (``view.touch_help``).
* ``view.legend``: the key to the board's symbols, folded, with the palette choice.
* Everything is drawn from ``on_client_ready`` (commands sent before are lost under voila); the redraws
  one event asks for go out once it has been handled, in one ``hold_canvas`` batch.
* Hover callbacks run only when the hex under the pointer changes, at most once per ``hover_interval``
  seconds: every mouse-move costs a kernel round trip.
* Exceptions in callbacks are shown in ``view.errors`` and kept in ``view.error_log``;
  ``view.guard(fn)`` gives an app's other callbacks the same protection.
"""

from __future__ import annotations

import asyncio
import html
import time
import traceback
from typing import Any, Callable, Iterable

import ipywidgets as widgets
from ipycanvas import MultiCanvas, hold_canvas

from ..core.hexgrid import SQRT3
from ..core.influence import Preview
from ..core.state import GameState
from ..core.tiles import Caste
from ..render.canvas import draw_heatmap, draw_highlights, draw_map, draw_pieces
from ..render.describe import hover_text
from ..render.fit import focus_zoom, room_box
from ..render.layout import HexRef, Layout, fit_layout, layout_for, resolve_hexes
from ..render.svg import legend_html
from ..render.theme import HIGHLIGHT_STYLES, THEME, theme_for
from ...ui.common import guarded
from ...ui.board_client import BOARD_KEYS, LIVE_CLASS, SPACE_CLASS, board_client, parse_space
from ...ui.touch import HELP_CLASS, cell_text, help_html
from ...ui.layout import classed, set_traits
from ...ui.scroll_focus import CANVAS_CLASS, scroll_focus_fix
from ...i18n import Domain

T = Domain("knizia")

MAP, HEAT, PIECES, MARKS = range(4)
LAYER_NAMES = ("map", "heat", "pieces", "highlights")

ClickCallback = Callable[[int | None, float, float], Any]
HoverCallback = Callable[[int | None], Any]
KeyCallback = Callable[[str], Any]

#: Arrow keys: direction of the cursor's move (x right, y down).
ARROWS = {"ArrowRight": (1.0, 0.0), "ArrowLeft": (-1.0, 0.0), "ArrowDown": (0.0, 1.0), "ArrowUp": (0.0, -1.0)}


class BoardView:
    """The board of a ``GameState`` on a layered canvas, with click and hover events (see the module doc)."""

    def __init__(
        self,
        state: GameState,
        hex_size: float = 16,
        focus: Iterable[HexRef] | None = None,
        *,
        hover_interval: float = 0.05,
        fit: bool = True,
        legend: bool = True,
    ) -> None:
        self.state = state
        self.hex_size = hex_size
        self.palette = "default"
        self.projector = False
        #: the share of the window the board needs below its top to fit there (None: ``room_box``'s default); an
        #: app whose controls are above the board lowers it, so that the board and its controls fit the screen
        self.below_share: float | None = None
        self.theme = THEME
        self.fit = fit
        self.max_zoom = 3.0
        self.hover_interval = hover_interval
        self.focus: tuple[int, ...] | None = None
        self._highlights: dict[str, tuple[int, ...]] = {}
        self.arrows: tuple[tuple[int, int], ...] = ()  # (from, to) hex indices
        self.selected: int | None = None
        self.hover: int | None = None  # the hex last reported to hover callbacks (outlined on the board)
        self.heatmap: Caste | None = None
        self._click_callbacks: list[ClickCallback] = []
        self._hover_callbacks: list[HoverCallback] = []
        self._key_callbacks: list[KeyCallback] = []
        self.preview: Preview | None = None
        self.cursor: int | None = None
        self._space: dict[str, float] | None = None  # the page's last measure (see ui/board_client)
        self.dpr = 1.0
        self.css_size: tuple[int, int] | None = None  # CSS box of a fitted canvas
        self._legend_key: tuple | None = None
        self._pending: set[int] = set()  # layers to redraw (see _redraw)
        self._flush_scheduled = False
        self._ready = False
        self._pointer: int | None = None  # hex under the pointer, seen by the last mouse event
        self._last_hover_time = float("-inf")
        self._hover_pending = False
        self.error_log: list[str] = []
        self.draw_seconds: dict[str, float] = {}  # time of the last draw of each layer
        self.redraws = 0

        self.errors = classed(widgets.Output(), "samurai-board-errors")
        self.layout = self._make_layout(state, focus)
        w, h = self.layout.width, self.layout.height
        self.canvas = classed(MultiCanvas(len(LAYER_NAMES), width=w, height=h), CANVAS_CLASS)
        self._pin_size(w, h)
        # the keyboard cursor's hex, in words (an ARIA live region)
        self.live = classed(widgets.HTML(""), LIVE_CLASS)
        self.space = classed(widgets.Text("", layout=widgets.Layout(display="none")), SPACE_CLASS)  # page script input
        self.space.observe(self.guard(lambda ch: self._on_space(ch["new"])), names="value")
        # how to play by touch (shown on touch screens only)
        self.touch_help = classed(widgets.HTML(""), HELP_CLASS)
        self._show_cell_size()
        self._legend_html = widgets.HTML("")
        self.palette_choice = classed(widgets.ToggleButtons(
            options=[(T.gettext("Standard colours"), "default"), (T.gettext("Colour-blind safe"), "colour-blind")],
            value=self.palette,
            tooltips=[T.gettext("The colours of the game"),
                      T.gettext("Okabe and Ito's colours, apart for every colour vision")],
            style={"button_width": "auto"}), "samurai-board-palette")
        self.palette_choice.observe(self.guard(lambda ch: self.set_palette(ch["new"])), names="value")
        key = widgets.VBox([self.palette_choice, self._legend_html])
        self.legend = classed(widgets.Accordion(children=[key], selected_index=None,
                                                layout=widgets.Layout(display="" if legend else "none")),
                              "samurai-board-legend")
        self.legend.set_title(0, T.gettext("Key to the board"))
        self.legend.observe(self.guard(lambda ch: self._show_legend()), names="selected_index")
        # a click must not scroll the page before ipycanvas reads its position (see scroll_focus)
        self.widget = classed(widgets.VBox([self.canvas, self.live, self.touch_help, self.legend, self.errors,
                                            self.space, board_client(), scroll_focus_fix()],
                                           layout=widgets.Layout(flex="1 1 auto", min_width="0")), "samurai-board")

        self.canvas.on_client_ready(self.guard(self._on_client_ready))
        self.canvas.on_mouse_down(self.guard(self._on_mouse_down))
        self.canvas.on_mouse_move(self.guard(self._on_mouse_move))
        self.canvas.on_mouse_out(self.guard(lambda _x, _y: self._pointer_at(None, at_once=True)))
        self.canvas.on_key_down(self.guard(self._on_key_down))

    # --- public API (the attributes state, layout, arrows, selected, heatmap, focus, hover, cursor, preview
    # are read; the set_ methods change them and redraw) ---------------------------------------------
    @property
    def highlights(self) -> dict[str, tuple[int, ...]]:
        return dict(self._highlights)

    def set_state(self, state: GameState) -> None:
        """Show ``state``: pieces, tiles and heat map are redrawn (everything if the player count changed)."""
        old = self.state
        self.state = state
        if state.board is not old.board:
            self._highlights, self.arrows, self._pointer = {}, (), None
            self.selected = self.hover = self.preview = self.cursor = self.focus = None
            self._relayout(redraw=True)
        else:
            self._redraw(HEAT, PIECES)
        self._show_legend()

    def set_highlights(self, hexes: Iterable[HexRef], style: str = "legal") -> None:
        """Mark ``hexes`` in ``style`` ("legal", "preview" or "warning"), replacing that style's hexes."""
        self.theme.highlight(style)  # ValueError for an unknown style
        marked = resolve_hexes(self.state.board, hexes)
        if marked:
            self._highlights[style] = marked
        else:
            self._highlights.pop(style, None)
        self._redraw(MARKS)

    def set_arrows(self, arrows: Iterable[tuple[HexRef, HexRef]]) -> None:
        """Draw an arrow for each pair of hexes (from, to), replacing the arrows drawn; [] removes them."""
        board = self.state.board
        drawn = tuple((a, b) for a, b in (resolve_hexes(board, pair) for pair in arrows))
        if drawn != self.arrows:
            self.arrows = drawn
            self._redraw(MARKS)
            self._show_legend()

    def clear_highlights(self) -> None:
        """Remove the highlights of every style."""
        self._highlights = {}
        self._redraw(MARKS)

    def set_selected(self, hex_ref: HexRef | None) -> None:
        """Outline one hex (a selected settlement, tile...), or none."""
        self.selected = None if hex_ref is None else resolve_hexes(self.state.board, [hex_ref])[0]
        self._redraw(MARKS)

    def set_marks(self, legal: Iterable[HexRef], preview: Iterable[HexRef], selected: HexRef | None) -> None:
        """Mark the hexes a click may take and those previewed, outline ``selected`` (only what changed)."""
        for style, hexes in (("legal", tuple(legal)), ("preview", tuple(preview))):
            if self._highlights.get(style, ()) != hexes:
                self.set_highlights(hexes, style)
        if self.selected != selected:
            self.set_selected(selected)

    def set_heatmap(self, caste: Caste | str | None) -> None:
        """Show the influence heat map of ``caste``: a ``Caste``, ``"H"``/``"B"``/``"R"`` (or a word starting
        so), None hides it."""
        if caste is not None and not isinstance(caste, Caste):
            try:
                caste = Caste(str(caste).strip().upper()[:1])
            except ValueError:
                raise ValueError(f"a heat map is for caste H, B or R (or None), not {caste!r}") from None
        self.heatmap = caste
        self._redraw(HEAT)

    def set_focus(self, hexes: Iterable[HexRef] | None) -> None:
        """Zoom on ``hexes`` (centred unless sliding keeps settlements whole), or show the whole board (None)."""
        self.layout = self._make_layout(self.state, hexes)
        self._show_cell_size()
        self.redraw()

    def set_preview(self, preview: Preview | None) -> None:
        """Show a what-if preview (``knizia.core.influence.preview(state, action)``) on the board: the tiles
        it would lay ghosted, a badge on every piece it would decide; None removes it."""
        if preview is self.preview:
            return
        self.preview = preview
        self._redraw(MARKS)

    def set_projector(self, on: bool) -> None:
        """Projector mode: the board as large as the window's height allows, thicker lines, bigger labels."""
        on = bool(on)
        if on == self.projector:
            return
        self.projector = on
        self.theme = theme_for(self.palette, on)
        self._relayout(redraw=True)

    def set_palette(self, palette: str) -> None:
        """``"default"`` or ``"colour-blind"`` (Okabe and Ito's colours); redraws everything."""
        theme = theme_for(palette, self.projector)  # ValueError for an unknown palette
        if palette == self.palette:
            return
        self.palette = palette
        self.palette_choice.value = palette
        self.theme = theme
        self.redraw()
        self._show_legend()

    #: Whether the keyboard's announcements name hexes by their ids too (the header's "Show coordinates").
    coords = False

    def set_coordinates(self, on: bool) -> None:
        """Name hexes by their ids too in the keyboard's announcements (the header calls it)."""
        self.coords = bool(on)
        if self.cursor is not None:
            self.set_cursor(self.cursor)

    def set_cursor(self, hex_ref: HexRef | None) -> None:
        """Put the keyboard cursor on a hex (None: remove it); its description goes to ``view.live``."""
        self.cursor = None if hex_ref is None else resolve_hexes(self.state.board, [hex_ref])[0]
        text = hover_text(self.state, self.cursor, self.coords) if self.cursor is not None else ""
        set_traits(self.live, value=f"<span>{html.escape(text)}</span>" if text else "")
        self._redraw(MARKS)

    def on_click(self, callback: ClickCallback, remove: bool = False) -> None:
        """Call ``callback(hex_index_or_None, x, y)`` on every click (mouse down) on the board."""
        _register(self._click_callbacks, callback, remove)

    def on_hover(self, callback: HoverCallback, remove: bool = False) -> None:
        """Call ``callback(hex_index_or_None)`` when the hex under the pointer changes (throttled)."""
        _register(self._hover_callbacks, callback, remove)

    def on_key(self, callback: KeyCallback, remove: bool = False) -> None:
        """Call ``callback(key)`` for every board key (``BOARD_KEYS``), after the view has handled it."""
        _register(self._key_callbacks, callback, remove)

    def hex_at(self, x: float, y: float) -> int | None:
        """Index of the hex in play at canvas pixel (x, y), or None."""
        return self.layout.hex_at(x, y)

    def pixel_of(self, hex_ref: HexRef) -> tuple[float, float]:
        """Canvas pixel of the centre of a hex."""
        return self.layout.pixel_of(resolve_hexes(self.state.board, [hex_ref])[0])

    def redraw(self) -> None:
        """Redraw every layer (done automatically when a client connects)."""
        self._redraw(MAP, HEAT, PIECES, MARKS)

    def guard(self, fn: Callable[..., Any]) -> Callable[..., None]:
        """``fn`` wrapped so that its exceptions are shown in ``view.errors`` (for an app's own callbacks)."""
        return guarded(fn, self._report)  # shown in the app, never lost

    # --- drawing -----------------------------------------------------------
    def _make_layout(self, state: GameState, focus: Iterable[HexRef] | None) -> Layout:
        board = state.board
        self.focus = (resolve_hexes(board, focus) if focus is not None else None) or None
        css = self._css_box(state)
        if css is not None:  # fitted: the backing size is the CSS box times the pixel ratio
            box = max(1, round(css[0] * self.dpr)), max(1, round(css[1] * self.dpr))
            zoom = focus_zoom(board, box, self.dpr, self.max_zoom, self.projector)
            return fit_layout(board, *box, focus=self.focus, max_zoom=zoom)
        full = layout_for(board, self.hex_size)
        if self.focus is None:
            return full
        return layout_for(board, self.hex_size, focus=self.focus, width=full.width, height=full.height,
                          max_zoom=self.max_zoom)

    def _css_box(self, state: GameState) -> tuple[int, int] | None:
        if not self.fit or self._space is None:
            return None
        return room_box(state.board, self._space, self.projector, self.below_share)

    def _relayout(self, redraw: bool = False) -> None:
        """Lay the board out again for the current room; redrawn if the canvas changed (or ``redraw``)."""
        self.css_size = self._css_box(self.state)
        self.layout = self._make_layout(self.state, self.focus)
        w, h = self.layout.width, self.layout.height
        changed = (self.canvas.width, self.canvas.height) != (w, h)
        self._pin_size(w, h)
        self._show_cell_size()
        if changed or redraw:
            self.redraw()

    def _show_cell_size(self) -> None:
        """A hex's height in CSS px, for the page's touch script (its lens) and the touch help line."""
        cell = self.layout.size * SQRT3 / self.dpr
        set_traits(self.space, placeholder=cell_text(cell))
        set_traits(self.touch_help, value=help_html("hex", cell))

    def _pin_size(self, w: int, h: int) -> None:
        set_traits(self.canvas, width=w, height=h)
        css_w = self.css_size[0] if self.css_size is not None else w
        set_traits(self.canvas.layout, width=f"{css_w}px", height="auto", max_width="100%", min_width="0")

    def _redraw(self, *layers: int) -> None:
        """Redraw ``layers``: at once without an event loop; in the kernel, once the current event has
        been handled, so that the changes one event makes (state, highlights, preview...) go to the
        browser as one batch and the page composites the board once."""
        if not self._ready:
            return  # drawn in full when the client is ready
        self._pending.update(layers)
        if self._flush_scheduled:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # plain Python (tests, scripts): draw now
            self._flush()
            return
        self._flush_scheduled = True
        loop.call_soon(self.guard(self._flush))

    def _flush(self) -> None:
        self._flush_scheduled = False
        layers, self._pending = sorted(self._pending), set()
        if not layers:
            return
        self.redraws += 1
        with hold_canvas():
            for layer in layers:
                t0 = time.perf_counter()
                self._draw_layer(layer)
                self.draw_seconds[LAYER_NAMES[layer]] = time.perf_counter() - t0

    def _draw_layer(self, layer: int) -> None:
        c, lay, theme = self.canvas[layer], self.layout, self.theme
        if layer == MAP:
            draw_map(c, lay, theme)
        elif layer == HEAT:
            draw_heatmap(c, lay, self.state, self.heatmap, theme)
        elif layer == PIECES:
            draw_pieces(c, lay, self.state, theme)
        else:
            pv = self.preview
            preview = None if pv is None else (self.state, pv.after, pv.resolutions)
            draw_highlights(c, lay, self._highlights, self.selected, self.hover, theme, self.cursor, preview,
                            self.state, self.arrows)

    def _show_legend(self) -> None:
        """The key, drawn when it is open and what it shows (edition, seats, palette) changed."""
        if self.legend.selected_index is None:
            return
        st = self.state
        key = (st.ruleset.edition, st.seats, self.palette, bool(self.arrows))
        if key != self._legend_key:
            self._legend_key = key
            self._legend_html.value = legend_html(st, theme=theme_for(self.palette), arrow=bool(self.arrows))

    # --- events ------------------------------------------------------------
    def _report(self, exc: BaseException) -> None:
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        self.error_log.append(text)
        self.errors.append_stderr(text)

    def _on_client_ready(self) -> None:
        self._ready = True
        self.redraw()

    def _on_space(self, text: str) -> None:
        """The page measured the board's room (see ``ui/board_client``): fit the canvas to it."""
        space = parse_space(text)
        if space is None:
            return
        self._space = space
        self.dpr = space["dpr"]
        self._relayout()

    def _on_key_down(self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> None:
        if key not in BOARD_KEYS:
            return
        if key in ARROWS:
            if self.cursor is None:  # the cursor appears on the hovered hex, else the selected one, else Edo
                target = next(h for h in (self.hover, self.selected, self.state.board.edo) if h is not None)
            else:
                target = self._step(self.cursor, *ARROWS[key])
            self.set_cursor(target)
            self._pointer = target
            self._deliver_hover()
        elif key in ("Enter", " "):
            if self.cursor is not None:
                self._click(self.cursor, *self.layout.pixel_of(self.cursor))
        elif key == "Escape":
            self._click(None, -1.0, -1.0)
        for callback in list(self._key_callbacks):
            self.guard(callback)(key)

    def _step(self, start: int, dx: float, dy: float) -> int:
        """The hex next to ``start`` in direction (dx, dy): the nearest centre within 60 degrees of it."""
        lay = self.layout
        centres = [((x - lay.ox) / lay.size, (y - lay.oy) / lay.size) for x, y in lay.centres]
        x0, y0 = centres[start]
        scores = []
        for i, (x, y) in enumerate(centres):
            along = (x - x0) * dx + (y - y0) * dy
            across = abs((x - x0) * dy - (y - y0) * dx)
            if along > 0.1 and across <= along * 1.74:
                scores.append((along + 2.0 * across, i))
        return min(scores, default=(0.0, start))[1]

    def _on_mouse_down(self, x: float, y: float) -> None:
        self._click(self.hex_at(x, y), x, y)

    def _click(self, hex_index: int | None, x: float, y: float) -> None:
        for callback in list(self._click_callbacks):
            self.guard(callback)(hex_index, x, y)

    def _on_mouse_move(self, x: float, y: float) -> None:
        self._pointer_at(self.hex_at(x, y))

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
            loop.call_later(wait, self.guard(self._deliver_hover))

    def _deliver_hover(self) -> None:
        self._hover_pending = False
        if self._pointer == self.hover:
            return
        self._last_hover_time = time.monotonic()
        self.hover = self._pointer
        self._redraw(MARKS)
        for callback in list(self._hover_callbacks):
            self.guard(callback)(self.hover)


def _register(callbacks: list, callback: Callable, remove: bool) -> None:
    if remove:
        if callback in callbacks:
            callbacks.remove(callback)
    elif callback not in callbacks:
        callbacks.append(callback)


__all__ = ["BoardView", "HIGHLIGHT_STYLES", "focus_zoom", "room_box"]  # the last three re-exported
