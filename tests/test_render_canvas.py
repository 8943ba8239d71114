"""Canvas drawing routines, checked on a fake canvas that records every call and style."""

from __future__ import annotations

from typing import Any

import pytest

from samurai_lab import new_game
from samurai_lab.knizia.render.canvas import draw_heatmap, draw_highlights, draw_map, draw_pieces, paint
from samurai_lab.knizia.render.layout import layout_for
from samurai_lab.knizia.render.scene import Circle, Poly, Text, heat_cells, piece_groups, tile_groups
from samurai_lab.knizia.render.theme import CASTE_SHAPES, THEME, seat_colours
from samurai_lab.knizia.core.tiles import CASTES
from helpers_positions import played

STYLE_ATTRS = ("fill_style", "stroke_style", "line_width", "global_alpha", "font", "text_align",
               "text_baseline", "line_join", "line_cap")


class RecordingCanvas:
    """Records draw calls with the style in force at each call."""

    def __init__(self) -> None:
        object.__setattr__(self, "calls", [])
        object.__setattr__(self, "style", {})
        object.__setattr__(self, "sets", 0)

    def __setattr__(self, name: str, value: Any) -> None:
        assert name in STYLE_ATTRS, f"unexpected attribute {name}"
        self.style[name] = value
        object.__setattr__(self, "sets", self.sets + 1)

    def set_line_dash(self, segments: list) -> None:
        self.style["line_dash"] = tuple(segments)

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)

        def record(*args: Any) -> None:
            self.calls.append((name, args, dict(self.style)))

        return record

    def named(self, name: str) -> list[tuple[tuple, dict]]:
        return [(args, style) for n, args, style in self.calls if n == name]

    def filled_polygons(self) -> list[tuple[list, str, float]]:
        """(points, fill colour, alpha) of every filled polygon, in drawing order."""
        out = []
        for name, args, style in self.calls:
            if name == "fill_polygon":
                out.append((args[0], style["fill_style"], style.get("global_alpha", 1.0)))
            elif name == "fill_polygons":
                out += [(pts, style["fill_style"], style.get("global_alpha", 1.0)) for pts in args[0]]
        return out


def centroid(points) -> tuple[float, float]:
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


@pytest.fixture(scope="module")
def mid4():
    return played()


def test_map_layer_fills_every_hex_in_its_kind_colour() -> None:
    state = new_game(4)
    layout = layout_for(state.board, 16)
    canvas = RecordingCanvas()
    draw_map(canvas, layout)
    assert canvas.calls[0][0] == "clear"
    (args, style), = canvas.named("fill_rect")
    assert args == (0, 0, layout.width, layout.height) and style["fill_style"] == THEME.background
    kind_fill = {"sea": THEME.sea, "land": THEME.land, "village": THEME.village, "city": THEME.city, "edo": THEME.edo}
    at = {}
    for points, fill, _ in canvas.filled_polygons():
        at.setdefault(layout.hex_at(*centroid(points)), []).append(fill)
    for i, kind in enumerate(state.board.kinds):
        assert at[i] == [kind_fill[kind]], state.board.ids[i]
    # batched: all sea hexes in one call, all land hexes in one call
    batches = {style["fill_style"]: len(args[0]) for args, style in canvas.named("fill_polygons")}
    assert batches[THEME.sea] == len(state.board.sea)
    assert batches[THEME.land] == len(state.board.land)


def test_pieces_layer_draws_each_tile_in_its_owner_colour(mid4) -> None:
    state = mid4
    layout = layout_for(state.board, 16)
    canvas = RecordingCanvas()
    draw_pieces(canvas, layout, state)
    colours = seat_colours(state)
    bodies: dict[int, str] = {}
    for points, fill, _ in canvas.filled_polygons():
        if len(points) == 6 and fill in colours:
            i = layout.hex_at(*centroid(points))
            assert i not in bodies, "one tile body per hex"
            bodies[i] = fill
    expected = {i: colours[p.owner] for i, p in enumerate(state.tiles) if p is not None}
    assert expected and bodies == expected
    values = sorted(args[0] for args, style in canvas.named("fill_text") if args[0].isdigit())
    assert values == sorted(str(p.tile.value) for p in state.tiles if p is not None)


def test_pieces_layer_draws_each_caste_piece(mid4) -> None:
    state = mid4
    layout = layout_for(state.board, 16)
    canvas = RecordingCanvas()
    draw_pieces(canvas, layout, state)
    tokens: dict[int, list[tuple[str, str]]] = {}  # hex -> (colour, shape) of each token
    caste_colours = set(THEME.caste_colours.values())
    for name, args, style in canvas.calls:
        if name in ("fill_circle", "fill_circles") and style["fill_style"] in caste_colours:
            xs, ys, rs = (args if name == "fill_circles" else ([args[0]], [args[1]], [args[2]]))
            for x, y in zip(xs, ys):
                tokens.setdefault(layout.hex_at(x, y), []).append((style["fill_style"], "circle"))
    for points, fill, alpha in canvas.filled_polygons():
        if fill in caste_colours and len(points) == 4:
            tokens.setdefault(layout.hex_at(*centroid(points)), []).append((fill, "polygon"))
    shape = {"circle": "circle", "square": "polygon", "diamond": "polygon"}
    expected = {i: sorted((THEME.caste_colour(c), shape[CASTE_SHAPES[c.value]]) for c in state.pieces[i])
                for i in state.board.settlements if state.pieces[i]}
    assert {i: sorted(v) for i, v in tokens.items()} == expected, "each piece in its caste's colour and shape"
    names = {args[0] for args, _ in canvas.named("fill_text") if not args[0].isdigit()}
    assert names == {"Edo", "Akita", "Kyoto", "Sapporo"}


def test_pieces_layer_is_few_batched_calls(mid4) -> None:
    """Equal styles are drawn together: far fewer draw calls than shapes."""
    layout = layout_for(mid4.board, 16)
    canvas = RecordingCanvas()
    draw_pieces(canvas, layout, mid4)
    texts = {"fill_text", "stroke_text"}
    shapes = sum(len(g.shapes) for g in piece_groups(layout, mid4) + tile_groups(layout, mid4))
    other = [n for n, _, _ in canvas.calls if n not in texts]
    assert shapes > 400 and len(other) < 60
    # styles are only set when they change
    assert canvas.sets < len(canvas.calls) * 3


def test_highlights_layer(mid4) -> None:
    board = mid4.board
    layout = layout_for(board, 16)
    canvas = RecordingCanvas()
    legal = (board.land[0], board.land[1])
    draw_highlights(canvas, layout, {"legal": legal, "warning": (board.land[2],)}, selected=board.edo,
                    hover=board.sea[0])
    assert canvas.filled_polygons() == [], "highlights never wash over a hex: its tile keeps its colour"
    legal_glow, legal_alpha, legal_edge = THEME.highlight("legal")
    strokes = {}
    for name, args, style in canvas.calls:
        if name in ("stroke_polygon", "stroke_polygons"):
            polys = [args[0]] if name == "stroke_polygon" else args[0]
            for p in polys:
                strokes.setdefault(layout.hex_at(*centroid(p)), set()).add(style["stroke_style"])
    assert THEME.selected_edge in strokes[board.edo]
    assert THEME.hover_edge in strokes[board.sea[0]]
    assert legal_edge in strokes[legal[0]] and legal_edge in strokes[legal[1]]
    assert set(THEME.highlight("warning")[::2]) <= strokes[board.land[2]], "a glow and a ring"
    empty = RecordingCanvas()
    draw_highlights(empty, layout)
    assert [n for n, _, _ in empty.calls] == ["clear"]


def test_heat_layer_tints_by_leader(mid4) -> None:
    layout = layout_for(mid4.board, 16)
    colours = seat_colours(mid4)
    for caste in CASTES:
        canvas = RecordingCanvas()
        draw_heatmap(canvas, layout, mid4, caste)
        tints = {}
        for points, fill, alpha in canvas.filled_polygons():
            if alpha < 1:
                tints[layout.hex_at(*centroid(points))] = fill
        cells = heat_cells(mid4, caste)
        assert tints == {i: (THEME.tie_colour if lead is None else colours[lead]) for i, lead, _ in cells}
    off = RecordingCanvas()
    draw_heatmap(off, layout, mid4, None)
    assert [n for n, _, _ in off.calls] == ["clear"]


def test_focus_draws_only_visible_hexes() -> None:
    state = new_game(4)
    board = state.board
    full = layout_for(board, 16)
    zoomed = layout_for(board, 16, focus=["Edo"], width=full.width, height=full.height)
    canvas = RecordingCanvas()
    draw_map(canvas, zoomed)
    drawn = {zoomed.hex_at(*centroid(p)) for p, _, _ in canvas.filled_polygons()} - {None}
    assert board.edo in drawn and len(drawn) < len(board) / 3


def test_paint_keeps_passes_in_order_and_text_halo_under_fill() -> None:
    canvas = RecordingCanvas()
    paint(canvas, [
        Text(5, 5, "top", 10, "#000000", halo="#ffffff", z=3),
        Circle(1, 1, 1, fill="#00ff00", z=2),
        Poly(((0, 0), (1, 0), (1, 1)), fill="#ff0000", z=1),
        Poly(((2, 0), (3, 0), (3, 1)), fill="#ff0000", z=1),
    ])
    names = [n for n, _, _ in canvas.calls]
    assert names == ["fill_polygons", "fill_circle", "stroke_text", "fill_text"]
    assert canvas.calls[2][2]["stroke_style"] == "#ffffff" and canvas.calls[3][2]["fill_style"] == "#000000"
    assert canvas.calls[3][2]["text_align"] == "center" and canvas.calls[3][2]["text_baseline"] == "middle"


def test_drawing_runs_on_a_real_ipycanvas_canvas(mid4) -> None:
    """The calls exist with these signatures on ipycanvas (no browser needed to queue them)."""
    ipycanvas = pytest.importorskip("ipycanvas")
    layout = layout_for(mid4.board, 16)
    canvas = ipycanvas.Canvas(width=layout.width, height=layout.height)
    with ipycanvas.hold_canvas():
        draw_map(canvas, layout, show_ids=True)
        draw_heatmap(canvas, layout, mid4, CASTES[1])
        draw_pieces(canvas, layout, mid4)
        draw_highlights(canvas, layout, {"preview": (0, 1)}, 2, 3)
