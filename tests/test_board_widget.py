"""BoardView without a browser: events are fed the way ipycanvas receives them from the front end."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import ipywidgets as widgets
import pytest

from samurai_lab import EDITION_1998, Caste, new_game
from samurai_lab.knizia.render.layout import layout_for
from samurai_lab.knizia.widgets import BoardView
from samurai_lab.knizia.widgets.board import LAYER_NAMES


def frontend(view: BoardView, event: str, **fields) -> None:
    """Deliver a front-end event message to the view's canvas."""
    view.canvas._canvases[-1]._handle_frontend_event(None, {"event": event, **fields}, [])


def start(n: int = 4, **kwargs) -> BoardView:
    state = new_game(n, EDITION_1998.with_options(setup="random", hands="random"), seed=n)
    return BoardView(state, **kwargs)


def ready(view: BoardView) -> BoardView:
    frontend(view, "client_ready")
    return view


@pytest.fixture
def view() -> BoardView:
    """A board of four, its page ready."""
    return ready(start())


def test_widget_structure_and_pinned_size() -> None:
    view = start()
    assert isinstance(view.widget, widgets.VBox)
    assert "samurai-board" in view.widget._dom_classes
    assert view.canvas in view.widget.children and view.errors in view.widget.children
    full = layout_for(view.state.board, 16)
    assert (view.canvas.width, view.canvas.height) == (full.width, full.height)
    assert (view.canvas.layout.width, view.canvas.layout.height) == (f"{full.width}px", "auto")
    assert view.canvas.layout.max_width == "100%", "never wider than its room: the page keeps the proportions"
    assert len(view.canvas._canvases) == len(LAYER_NAMES) == 4


def test_nothing_is_drawn_before_the_client_is_ready_then_everything() -> None:
    view = start()
    view.set_state(view.state)
    view.set_highlights(["HO12"])
    assert view.redraws == 0 and view.draw_seconds == {}
    ready(view)
    assert view.redraws == 1 and set(view.draw_seconds) == set(LAYER_NAMES)
    view.draw_seconds.clear()
    view.set_state(view.state)
    assert set(view.draw_seconds) == {"heat", "pieces"}, "a new state redraws only what it changes"
    view.draw_seconds.clear()
    view.set_selected("Edo")
    assert set(view.draw_seconds) == {"highlights"}
    ready(view)  # a second client (another browser tab) gets everything again
    assert set(view.draw_seconds) == set(LAYER_NAMES)


def test_click_reports_the_hex_under_the_pointer(view: BoardView) -> None:
    got = []
    view.on_click(lambda i, x, y: got.append((i, x, y)))
    x, y = view.pixel_of("Kyoto")
    frontend(view, "mouse_down", x=x, y=y)
    frontend(view, "mouse_down", x=1, y=1)
    assert got == [(view.state.board.resolve("Kyoto"), x, y), (None, 1, 1)]
    view.on_click(got.append, remove=True)  # removing an unknown callback is harmless
    assert len(got) == 2


def test_hover_reports_changes_only() -> None:
    view = ready(start(hover_interval=0))
    seen = []
    view.on_hover(seen.append)
    board = view.state.board
    x, y = view.pixel_of(board.edo)
    frontend(view, "mouse_move", x=x, y=y)
    frontend(view, "mouse_move", x=x + 2, y=y + 1)  # same hex: nothing new
    nx, ny = view.pixel_of(board.neighbours[board.edo][0])
    frontend(view, "mouse_move", x=nx, y=ny)
    frontend(view, "mouse_out", x=nx, y=ny)
    assert seen == [board.edo, board.neighbours[board.edo][0], None]
    assert view.hover is None


def test_hover_is_throttled_with_the_last_change_delivered() -> None:
    view = ready(start(hover_interval=0.05))
    seen = []
    view.on_hover(seen.append)
    board = view.state.board
    path = [board.edo, *board.neighbours[board.edo]]

    async def sweep() -> None:
        for i in path:  # a fast sweep across seven hexes
            frontend(view, "mouse_move", x=view.pixel_of(i)[0], y=view.pixel_of(i)[1])
        assert seen == [path[0]], "the first change at once, the rest waits"
        await asyncio.sleep(0.12)

    # A thread of its own: other tests (Playwright's sync API) may keep an event loop running here.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, sweep()).result()
    assert seen == [path[0], path[-1]], "only the latest hex after the interval"
    assert view.hover == path[-1]


def test_callback_errors_are_shown_and_kept(view: BoardView) -> None:
    after = []

    def broken(i, x, y):
        raise RuntimeError("the app broke")

    view.on_click(broken)
    view.on_click(lambda i, x, y: after.append(i))
    frontend(view, "mouse_down", x=1, y=1)
    assert after == [None], "the other callbacks still run"
    assert len(view.error_log) == 1 and "RuntimeError: the app broke" in view.error_log[0]
    assert any("the app broke" in o.get("text", "") for o in view.errors.outputs)
    guarded = view.guard(lambda: 1 / 0)
    guarded()
    assert "ZeroDivisionError" in view.error_log[-1]


def test_highlights_selection_and_heat_map(view: BoardView) -> None:
    board = view.state.board
    view.set_highlights(["HO12", 3])
    view.set_highlights([board.edo], "warning")
    assert view.highlights == {"legal": (board.resolve("HO12"), 3), "warning": (board.edo,)}
    view.set_highlights([], "legal")
    assert view.highlights == {"warning": (board.edo,)}
    view.clear_highlights()
    assert view.highlights == {}
    with pytest.raises(ValueError, match="styles are legal, preview, warning"):
        view.set_highlights([1], "glow")
    with pytest.raises(ValueError, match="not in play"):
        start(2).set_highlights(["HK15"])
    view.set_selected("Kyoto")
    assert view.selected == board.resolve("Kyoto")
    view.set_selected(None)
    assert view.selected is None
    view.set_heatmap("b")
    assert view.heatmap is Caste.BUDDHA
    view.set_heatmap(Caste.RICE)
    assert view.heatmap is Caste.RICE
    view.set_heatmap(None)
    assert view.heatmap is None
    with pytest.raises(ValueError, match="caste H, B or R"):
        view.set_heatmap("x")
    assert view.error_log == []


def test_focus_zooms_and_hit_testing_follows(view: BoardView) -> None:
    board = view.state.board
    w, h = view.canvas.width, view.canvas.height
    view.set_focus(["Edo", *board.neighbours[board.edo]])
    assert view.focus == (board.edo, *board.neighbours[board.edo])
    assert view.layout.size <= 48 + 1e-9, "at most max_zoom"
    centre, whole = view.pixel_of("Edo"), view.layout.size * 2
    assert whole <= centre[0] <= w - whole and whole <= centre[1] <= h - whole, "the focus well inside"
    assert (view.canvas.width, view.canvas.height) == (w, h), "the canvas keeps its size"
    for i in view.focus:
        assert view.hex_at(*view.pixel_of(i)) == i
    view.set_focus(None)
    assert view.focus is None and view.layout.size == 16
    for i in range(len(board)):
        assert view.hex_at(*view.pixel_of(i)) == i
    zoomed = start(focus=["Kyoto"])
    assert zoomed.focus == (board.resolve("Kyoto"),)


def test_a_state_with_another_player_count_resizes_the_board() -> None:
    view = ready(start(4))
    view.set_highlights(["HK15"])
    view.set_selected("Sapporo")
    two = new_game(2)
    view.set_state(two)
    full = layout_for(two.board, 16)
    assert (view.canvas.width, view.canvas.height) == (full.width, full.height)
    assert view.canvas.layout.width == f"{full.width}px"
    assert view.highlights == {} and view.selected is None, "hexes of another board are dropped"
    assert view.state is two


# --- fitting the room, projector, palette, keyboard, preview, legend -------------------------------
import json

from samurai_lab.knizia.core.actions import PlaceTile
from samurai_lab.knizia.core.influence import preview
from samurai_lab.knizia.render.layout import board_aspect, fit_layout
from samurai_lab.common.board_room import BOTTOM_GAP
from samurai_lab.knizia.render.fit import room_box


def measure(view: BoardView, w: float, vh: float = 768, top: float = 150, dpr: float = 1.0, vw: float = 1366) -> None:
    """What the page script writes into the view's hidden text widget."""
    view.space.value = json.dumps({"w": w, "vw": vw, "vh": vh, "top": top, "dpr": dpr})


def key(view: BoardView, name: str) -> None:
    frontend(view, "key_down", key=name, shift_key=False, ctrl_key=False, meta_key=False)


@pytest.mark.parametrize("w, vh, top, dpr", [(800, 768, 150, 1.0), (800, 768, 150, 2.0), (300, 1080, 100, 1.5),
                                             (1400, 1440, 120, 1.0), (600, 512, 300, 1.5)])
def test_the_board_fits_its_room_sharp_and_clicks_stay_exact(w, vh, top, dpr, view: BoardView) -> None:
    board = view.state.board
    measure(view, w, vh, top, dpr)
    css_w, css_h = view.css_size
    assert (css_w, css_h) == room_box(board, {"w": w, "vh": vh, "top": top, "dpr": dpr, "vw": 1366})
    assert css_w <= w and css_h <= vh - BOTTOM_GAP
    assert css_w >= w - 1 or css_h >= 0.6 * vh - 1, "width-bound or height-bound, never a small island"
    bw, bh = board_aspect(board)
    assert abs(css_w / css_h - bw / bh) < 0.01, "the map keeps its proportions"
    assert (view.canvas.width, view.canvas.height) == (round(css_w * dpr), round(css_h * dpr)), "full resolution"
    assert view.canvas.layout.width == f"{css_w}px"
    lay = fit_layout(board, view.canvas.width, view.canvas.height)
    assert view.layout.size == pytest.approx(lay.size)
    got = []
    view.on_click(lambda i, x, y: got.append(i))
    for i in range(len(board)):  # ipycanvas reports mouse positions in backing pixels: the layout's units
        x, y = view.pixel_of(i)
        frontend(view, "mouse_down", x=x, y=y)
    assert got == list(range(len(board)))


def test_a_new_measure_redraws_only_when_the_canvas_changes(view: BoardView) -> None:
    measure(view, 800)
    n = view.redraws
    measure(view, 801, top=151)  # the same box: nothing to do
    assert view.redraws == n
    measure(view, 300)
    assert view.redraws == n + 1
    view.space.value = "not a measure"  # ignored
    assert view.redraws == n + 1 and view.error_log == []


def test_unfitted_and_projector_boxes() -> None:
    view = ready(start(fit=False))
    measure(view, 800)
    assert (view.canvas.width, view.canvas.height) == (layout_for(view.state.board, 16).width,
                                                        layout_for(view.state.board, 16).height)
    view = ready(start())
    measure(view, 2000, vh=1080, top=600)  # below its top a board has less than 60% of the window
    normal = view.css_size
    assert normal[1] == 1080 - BOTTOM_GAP, "the page scrolls to it: the window's whole height"
    view.set_projector(True)
    # on a projector it fits below its top (40% of the window is enough): the step's controls stay on the screen
    assert view.css_size[1] == 1080 - 608 - BOTTOM_GAP, "projector: the room below its top"
    assert view.theme.line_scale > 1
    view.set_projector(False)
    assert view.css_size == normal and view.theme.line_scale == 1


def test_another_player_count_refits_to_its_proportions() -> None:
    view = ready(start(4))
    measure(view, 900, vh=1000)
    four = view.css_size
    view.set_state(new_game(2))
    two = view.css_size
    assert two != four
    bw, bh = board_aspect(view.state.board)
    assert abs(two[0] / two[1] - bw / bh) < 0.01


def test_keyboard_cursor_clicks_and_cancels() -> None:
    view = ready(start(hover_interval=0))
    board = view.state.board
    clicks, hovers, keys = [], [], []
    view.on_click(lambda i, x, y: clicks.append(i))
    view.on_hover(hovers.append)
    view.on_key(keys.append)
    key(view, "ArrowRight")
    assert view.cursor == board.edo and "Edo" in view.live.value, "the first arrow shows the cursor"
    assert "HO21" not in view.live.value, "the announcement names places in words, ids only with coordinates"
    key(view, "ArrowDown")
    below = view.cursor
    assert below != board.edo
    (x0, y0), (x1, y1) = view.pixel_of(board.edo), view.pixel_of(below)
    assert y1 > y0 and abs(x1 - x0) < y1 - y0, "down is down"
    key(view, "ArrowUp")
    assert view.cursor == board.edo, "and back up"
    key(view, "ArrowLeft")
    assert view.pixel_of(view.cursor)[0] < x0
    assert hovers[-1] == view.cursor, "apps see the cursor as they see the pointer"
    key(view, "Enter")
    key(view, " ")
    key(view, "Escape")
    assert clicks == [view.cursor, view.cursor, None], "Enter and Space click the cursor's hex, Escape cancels"
    key(view, "Tab")  # not a board key
    assert keys == ["ArrowRight", "ArrowDown", "ArrowUp", "ArrowLeft", "Enter", " ", "Escape"]
    for i in range(len(board)):  # every hex has a way on in some direction
        assert any(view._step(i, dx, dy) != i for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
    view.set_cursor(None)
    assert view.live.value == "" and view.cursor is None


def test_preview_palette_and_legend() -> None:
    state = new_game(4, EDITION_1998.with_options(setup="random", hands="random"), seed=4)
    view = ready(BoardView(state))
    action = next(a for a in state.legal_actions() if isinstance(a, PlaceTile))
    pv = preview(state, action)
    view.set_preview(pv)
    assert view.preview is pv and "highlights" in view.draw_seconds
    view.set_preview(None)
    assert view.preview is None
    assert view.legend.selected_index is None and view._legend_html.value == "", "folded, drawn when opened"
    view.legend.selected_index = 0
    assert "samurai-legend" in view._legend_html.value and "Green" in view._legend_html.value
    view.palette_choice.value = "colour-blind"
    assert view.palette == "colour-blind" and view.theme.palette == "colour-blind"
    assert "#009e73" in view._legend_html.value, "the key shows the palette in use"
    view.set_palette("default")
    assert view.palette_choice.value == "default"
    with pytest.raises(ValueError, match="palettes are default, colour-blind"):
        view.set_palette("sepia")
    assert view.error_log == []


def test_the_redraws_of_one_event_go_as_one_batch(view: BoardView) -> None:
    board = view.state.board

    async def one_event() -> tuple[int, int]:
        before = view.redraws
        view.set_state(view.state)
        view.set_highlights([board.land[0]])
        view.set_selected("Edo")
        during = view.redraws
        await asyncio.sleep(0)
        return during - before, view.redraws - before

    with ThreadPoolExecutor(1) as pool:  # a thread of its own (see above)
        during, after = pool.submit(asyncio.run, one_event()).result()
    assert (during, after) == (0, 1), "drawn once, after the event"
    assert set(view.draw_seconds) >= {"heat", "pieces", "highlights"}
