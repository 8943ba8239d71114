"""The static site's numpy stand-in packs exactly what real numpy packs, for every call ipycanvas makes.

ipycanvas turns drawing arguments into binary buffers (``ipycanvas.utils`` and the polygon / line
serializer of ``ipycanvas.canvas``); the browser's Python has no numpy, so the site ships
``samurai_lab/tools/site/pyodide_shims/numpy``. Each case runs ipycanvas's own functions once with
real numpy and once with the stand-in, and compares the metadata and the bytes sent to the browser.
"""

from __future__ import annotations

import json
import sys

import numpy as real_np
import pytest

ipycanvas_canvas = pytest.importorskip("ipycanvas.canvas")
import ipycanvas.utils as ipycanvas_utils  # noqa: E402

from samurai_lab.knizia.core.playout import midgame_position  # noqa: E402
from samurai_lab.knizia.render import canvas as board_canvas  # noqa: E402
from samurai_lab.knizia.render.layout import fit_layout  # noqa: E402
from pyodide_shims import load_shim  # noqa: E402

shim = load_shim("numpy")


def packed(np_module, monkeypatch, call):
    """What ``call()`` sends with ``np_module`` as ipycanvas's numpy: (metadata JSON, buffers as bytes)."""
    with monkeypatch.context() as m:
        m.setattr(ipycanvas_utils, "np", np_module)
        m.setattr(ipycanvas_canvas, "np", np_module)
        m.setattr(ipycanvas_utils, "ORJSON_AVAILABLE", False)
        m.setattr(ipycanvas_utils, "json", json, raising=False)
        args, buffers = call(np_module)
    return json.dumps(args), [bytes(memoryview(b)) for b in buffers]


def populate(values):
    def call(np_module):
        args, buffers = [], []
        for v in values:
            ipycanvas_utils.populate_args(v(np_module) if callable(v) else v, args, buffers)
        return args, buffers
    return call


CASES = {
    "floats": [[1.5, 2.25, -3.0]],
    "ints": [[1, 2, 3, -4]],
    "mixed numbers": [[1, 2.5, 3]],
    "a number and a string": [3.5, "red", None],
    "one point list": [[[0.0, 1.0], [2.0, 3.0]]],
    "asarray of equal polygons": [lambda np: np.asarray([[[0, 0], [1, 2.5], [3, 1]], [[4, 4], [5, 6], [7, 8]]],
                                                         dtype=float)],
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_populate_args_packs_the_same_bytes(case, monkeypatch):
    assert packed(real_np, monkeypatch, populate(CASES[case])) == packed(shim, monkeypatch, populate(CASES[case]))


def test_commands_buffer_is_the_same(monkeypatch):
    commands = [[12, [1, 2.5, "x"]], [3, [{"idx": 0, "shape": [4], "dtype": "float64"}]], "é"]

    def call(np_module):
        meta, buffer = ipycanvas_utils.commands_to_buffer(commands)
        return [meta], [buffer]

    assert packed(real_np, monkeypatch, call) == packed(shim, monkeypatch, call)


@pytest.mark.parametrize("points", [
    [[[0, 0], [1, 2.5], [3, 1]], [[4, 4], [5, 6], [7, 8], [9, 9]]],   # a list of polygons of different sizes
    [[(0.5, 1), (2, 3)], [(4, 5), (6, 7.25)]],                           # tuples of points
    lambda np: np.asarray([[[0, 0], [1, 2], [3, 1.5]]] * 3, dtype=float),  # an (n, k, 2) array
])
def test_polygons_serialize_the_same(points, monkeypatch):
    def call(np_module):
        given = points(np_module) if callable(points) else points
        n, flat, per_item = ipycanvas_canvas._serialize_list_of_polygons_or_linestrokes(given, None, "polygon", 2)
        args, buffers = [], []
        for v in (n, flat, per_item):
            ipycanvas_utils.populate_args(v, args, buffers)
        return args, buffers

    assert packed(real_np, monkeypatch, call) == packed(shim, monkeypatch, call)


def test_styled_colours_serialize_the_same(monkeypatch):
    def call(np_module):
        colour = np_module.require([[255, 0, 10], [1, 2, 3]], requirements=["C"], dtype="uint8")
        colour = colour.ravel() if colour.ndim != 1 else colour
        args, buffers = [], []
        ipycanvas_utils.populate_args(colour, args, buffers)
        ipycanvas_utils.populate_args(np_module.zeros((2, 3, 4), dtype=int), args, buffers)
        return args, buffers

    assert packed(real_np, monkeypatch, call) == packed(shim, monkeypatch, call)


class Recorder:
    """A canvas that packs every array argument the way ipycanvas does."""

    def __init__(self):
        self.sent: list = []

    def __getattr__(self, name):
        def record(*args, **kwargs):
            packed_args, buffers = [], []
            for v in args:
                if name.endswith(("polygons", "line_segments")) and not isinstance(v, (int, float, str)):
                    n, flat, per = ipycanvas_canvas._serialize_list_of_polygons_or_linestrokes(v, None, "polygon", 2)
                    for w in (n, flat, per):
                        ipycanvas_utils.populate_args(w, packed_args, buffers)
                else:
                    ipycanvas_utils.populate_args(v, packed_args, buffers)
            self.sent.append((name, json.dumps(packed_args), [bytes(memoryview(b)) for b in buffers]))
        return record

    def __setattr__(self, name, value):
        if name == "sent":
            object.__setattr__(self, name, value)
        else:
            self.sent.append((name, repr(value)))


def test_the_board_draws_the_same_bytes(monkeypatch):
    """The whole board of a midgame position, drawn by the app's own routines, sends the same bytes."""
    state = midgame_position()
    layout = fit_layout(state.board, 900, 700)

    def draw(np_module):
        with monkeypatch.context() as m:
            m.setattr(ipycanvas_utils, "np", np_module)
            m.setattr(ipycanvas_canvas, "np", np_module)
            m.setattr(board_canvas, "_np", np_module)
            rec = Recorder()
            board_canvas.draw_map(rec, layout)
            board_canvas.draw_pieces(rec, layout, state)
            return rec.sent

    real, stand_in = draw(real_np), draw(shim)
    assert len(real) > 20
    assert real == stand_in


def test_a_ragged_list_is_refused_as_numpy_does():
    with pytest.raises(ValueError):
        real_np.asarray([[1, 2], [3]], dtype=float)
    with pytest.raises(ValueError):
        shim.asarray([[1, 2], [3]], dtype=float)


def test_the_stand_in_is_not_the_test_interpreter_numpy():
    assert "shim" in shim.__version__ and sys.modules["numpy"] is real_np
