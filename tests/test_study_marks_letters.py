"""A study's marks never hide the letter of a samurai they mark: on a square with a samurai the ring goes round
the samurai, outside its disc (and so outside its letter), read from the shapes the board draws."""

from __future__ import annotations

import math
from pathlib import Path

from samurai_lab.common.study_format import load_study
from samurai_lab.katana.core import from_position
from samurai_lab.katana.core.board import square_index
from samurai_lab.katana.render.layout import Layout
from samurai_lab.katana.render.scene import overlay_shapes

STUDY = Path(__file__).resolve().parents[1] / "studies" / "katana-the-challenge.toml"


def test_katana_study_rings_go_round_the_samurai_they_mark() -> None:
    step = load_study(STUDY).steps[0]
    state, layout = from_position(step.position), Layout()
    marked = [square_index(c) for c in step.marks.cells]
    shapes = overlay_shapes(state, layout, targets=marked)
    on_pieces = [sq for sq in marked if state.cells[sq]]
    assert on_pieces  # the study marks samurai
    for sq in on_pieces:
        cx, cy = layout.centre(sq)
        here = [s for s in shapes if math.dist(s.points[:2], (cx, cy)) < layout.cell / 2]
        disc = max((s.points[2] + s.width / 2 for s in here if s.kind == "circle" and "piece" in s.tags))
        letter = next(s for s in here if s.kind == "text" and "piece" in s.tags)
        rings = [s for s in here if s.kind == "circle" and "target" in s.tags]
        assert rings
        for ring in rings:
            assert ring.points[2] - ring.width / 2 >= disc, (step.marks.cells, ring, disc)
        # the letter is drawn after (above) every ring of its square
        assert max(shapes.index(r) for r in rings) < shapes.index(letter)


def test_rings_on_empty_squares_stay_small() -> None:
    state, layout = from_position("f9,e6',c6' d1,f1,e1,i3 r - 0:1"), Layout()
    sq = square_index("e5")
    rings = [s for s in overlay_shapes(state, layout, targets=[sq]) if "target" in s.tags]
    assert rings and all(s.points[2] < layout.cell * 0.3 for s in rings)
