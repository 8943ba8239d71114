"""Drawing SAMOURAI: the SVG of a position, the canvas routines (on a recording double), the geometry."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from samurai_lab.i18n import use_language
from samurai_lab.ikizumari.core import apply_move, new_game, parse_square
from samurai_lab.ikizumari.render.canvas import draw_board, draw_marks, draw_pieces
from samurai_lab.ikizumari.render.geometry import DEFAULT_GEOMETRY
from samurai_lab.ikizumari.render.scene import marks_for
from samurai_lab.ikizumari.render.svg import position_svg


class Recorder:
    """Records every call and attribute set, like an ipycanvas Canvas would receive them."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []

    def __getattr__(self, name):
        return lambda *args: self.calls.append((name, *args))

    def __setattr__(self, name, value):
        if name == "calls":
            object.__setattr__(self, name, value)
        else:
            self.calls.append(("set", name, value))


def test_svg_is_well_formed_and_shows_everything():
    s = apply_move(new_game(), "d1-d3")
    svg = position_svg(s, selected=parse_square("d11"))
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert svg.count("<polygon") >= 16 * 3  # dragon, tiger, tortoise shapes
    assert svg.count(">R</text>") == 4 and svg.count(">B</text>") == 4
    assert 'stroke="#1565c0"' in svg  # legal targets outlined
    assert 'stroke="#00897b"' in svg  # the last move
    assert s._repr_svg_().startswith("<svg")
    with use_language("fr"):
        assert position_svg(s).count(">N</text>") == 4


def test_marks_show_targets_with_distances_and_first_squares():
    s = apply_move(new_game(), "d1-d3")
    marks = marks_for(s, parse_square("d11"))
    assert sorted(marks.targets.values()) == [1, 1, 2, 2, 3, 3]
    assert {parse_square(n) for n in ("c11", "c10", "i11")} == set(marks.first_squares)
    assert marks.last is not None and marks_for(new_game()).last is None


def test_canvas_routines_draw_with_outlines_only_for_marks():
    g = DEFAULT_GEOMETRY
    s = apply_move(new_game(), "d1-d3")
    board, pieces, marks = Recorder(), Recorder(), Recorder()
    draw_board(board, g)
    draw_pieces(pieces, g, s)
    draw_marks(marks, g, marks_for(s, parse_square("d11")))
    names = [c[0] for c in board.calls]
    assert names.count("fill_rect") >= 122 and "fill_circle" in names
    assert [c for c in pieces.calls if c[0] == "fill_text" and c[1] == "R"].__len__() == 4
    assert not any(c[0] == "fill_rect" for c in marks.calls)  # no wash of colour over the squares
    assert sum(1 for c in marks.calls if c[0] == "stroke_rect") >= 6 + 2 + 3


def test_geometry_round_trip():
    g = DEFAULT_GEOMETRY
    for sq in range(121):
        assert g.square_at(*g.centre(sq)) == sq
    assert g.square_at(1, 1) is None and g.square_at(g.size - 1, g.size - 1) is None
