"""SAMURAI pictures: SVG of positions, the canvas replay, marks for constraint, last move, challenges."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from samurai_lab.katana.core import apply_move, from_position, new_game, play
from samurai_lab.katana.core.board import N_SQUARES, square_index
from samurai_lab.common.picture import draw_shapes
from samurai_lab.katana.render.layout import Layout
from samurai_lab.katana.render.scene import board_shapes, constraint_squares, overlay_shapes


def test_svg_is_well_formed_and_shows_every_square_and_piece():
    svg = new_game()._repr_svg_()
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    shapes = board_shapes(Layout())
    assert sum("square" in s.tags for s in shapes) == N_SQUARES
    pieces = [s for s in overlay_shapes(new_game(), Layout()) if "piece" in s.tags and s.kind == "text"]
    assert sorted(s.text for s in pieces) == ["B"] * 4 + ["R"] * 4


def test_layout_maps_pixels_to_squares_and_back():
    lay = Layout(cell=50, margin=20)
    for sq in range(N_SQUARES):
        assert lay.square_at(*lay.centre(sq)) == sq
    assert lay.square_at(1, 1) is None and lay.square_at(lay.width - 2, 2) is None


def test_constraint_last_move_and_challenge_marks():
    s = play(new_game(), "d9-c9")
    assert len(constraint_squares(s)) == 9  # every TAIYO square
    tags = {t for sh in overlay_shapes(s, Layout()) for t in sh.tags}
    assert {"constraint", "last", "piece"} <= tags
    s2 = apply_move(from_position("d9,f9,a7,e6 d1,f1,e1,i3 r - 0:0"), "e1-e4")
    tags2 = {t for sh in overlay_shapes(s2, Layout(), targets=[square_index("e3")]) for t in sh.tags}
    assert {"challenge", "weak", "target"} <= tags2
    # targets are rings (no fill), never a wash that recolours a piece
    assert all(sh.fill is None for sh in overlay_shapes(s2, Layout(), targets=[1]) if "target" in sh.tags)


class Recorder:
    """A stand-in for an ipycanvas Canvas that records the calls."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def __getattr__(self, name):
        def call(*args):
            self.calls.append(name)
        return call

    def __setattr__(self, name, value):
        if name == "calls":
            object.__setattr__(self, name, value)
        else:
            self.calls.append(f"{name}=")


def test_canvas_replay_uses_the_canvas_calls():
    c = Recorder()
    draw_shapes(c, board_shapes(Layout()) + overlay_shapes(new_game(), Layout()))
    for call in ("fill_rect", "stroke_rect", "arc", "fill_text", "line_to", "fill_style="):
        assert call in c.calls
