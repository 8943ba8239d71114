"""Arrows on Knizia's board: their shapes (from one hex's centre towards another's, a head short of the
target's centre, widths growing with the zoom and the projector), the canvas and SVG pictures, the
board view, the study player's steps and the explorer's study editor (an arrow by two clicks, saved)."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from samurai_lab import new_game
from samurai_lab.common.study_format import load_study
from samurai_lab.knizia.render.canvas import draw_highlights
from samurai_lab.knizia.render.layout import layout_for
from samurai_lab.knizia.render.scene import Circle, Line, Poly, arrow_groups, arrow_shapes
from samurai_lab.knizia.render.svg import board_svg
from samurai_lab.knizia.render.theme import THEME, theme_for
from samurai_lab.knizia.widgets.explorer import STUDY_TAB, Explorer
from test_render_canvas import RecordingCanvas

STUDIES = Path(__file__).resolve().parents[1] / "studies"
STATE = new_game(2)
BOARD = STATE.board
A, B, C = (BOARD.resolve(h) for h in ("HO46", "HO47", "Edo"))


@pytest.fixture(autouse=True)
def saved_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("SAMURAI_SAVED_DIR", str(tmp_path))
    monkeypatch.delenv("QUERY_STRING", raising=False)
    return tmp_path / "studies"


def _text_of(svg: str) -> str:
    """The words of a picture as a reader gets them (its text, without the markup)."""
    return re.sub(r"<[^>]+>", "", svg)


def _parts(shapes):
    """(halo shaft, shaft, head) of an arrow's shapes."""
    lines = [s for s in shapes if isinstance(s, Line)]
    heads = [s for s in shapes if isinstance(s, Poly) and s.fill == THEME.arrow]
    halo = next(s for s in lines if s.stroke == THEME.arrow_halo)
    shaft = next(s for s in lines if s.stroke == THEME.arrow)
    return halo, shaft, heads[0]


def _on_segment(p, a, b, tol=1e-6) -> bool:
    cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
    return abs(cross) <= tol * max(1.0, math.dist(a, b) ** 2)


def test_an_arrow_runs_from_the_start_centre_to_a_tip_inside_the_target_hex():
    lay = layout_for(BOARD, 20)
    start, end = lay.centres[A], lay.centres[C]
    shapes = arrow_shapes(start, end, lay.size)
    halo, shaft, head = _parts(shapes)
    assert shaft.points[0] == start and _on_segment(shaft.points[1], start, end)
    tip = head.points[0]
    assert _on_segment(tip, start, end)
    assert 0 < math.dist(tip, end) < lay.size * 0.5  # inside the target hex, short of its centre
    assert math.dist(start, shaft.points[1]) < math.dist(start, tip)  # the shaft ends in the head
    assert halo.width > shaft.width and halo.points == shaft.points  # a white halo all along
    dots = [s for s in shapes if isinstance(s, Circle) and s.fill == THEME.arrow]
    assert len(dots) == 1 and (dots[0].x, dots[0].y) == start
    assert max(s.z for s in shapes) == head.z  # the head on top


def test_an_arrow_between_neighbours_keeps_a_shaft_and_a_whole_head():
    lay = layout_for(BOARD, 16)
    start, end = lay.centres[A], lay.centres[B]
    assert math.dist(start, end) < lay.size * 2  # HO46 and HO47 are neighbours
    _, shaft, head = _parts(arrow_shapes(start, end, lay.size))
    base = ((head.points[1][0] + head.points[3][0]) / 2, (head.points[1][1] + head.points[3][1]) / 2)
    assert math.dist(start, base) > shaft.width  # some shaft shows before the head


def test_arrows_grow_with_the_zoom_and_on_a_projector():
    small = _parts(arrow_shapes((0, 0), (200, 0), 10))[1].width
    large = _parts(arrow_shapes((0, 0), (200, 0), 30))[1].width
    projector = _parts(arrow_shapes((0, 0), (200, 0), 30, theme_for("default", True)))[1].width
    assert small < large < projector


def test_no_arrow_from_a_hex_to_itself():
    lay = layout_for(BOARD, 16)
    assert arrow_shapes(lay.centres[A], lay.centres[A], lay.size) == ()
    assert arrow_groups(lay, [(A, A)]) == []


def test_several_arrows_and_only_those_in_view():
    lay = layout_for(BOARD, 16)
    groups = arrow_groups(lay, [(A, B), (C, A)])
    assert [(g.kind, g.index, g.title) for g in groups] == [
        ("arrow", B, "HO46 → HO47"), ("arrow", A, f"{BOARD.label(C)} → HO46")]
    zoomed = layout_for(BOARD, 16, focus=[A, B], max_zoom=3.0)
    far = next(i for i in range(len(BOARD)) if not zoomed.visible(i))
    far2 = next(i for i in range(len(BOARD)) if not zoomed.visible(i) and i != far)
    assert [g.index for g in arrow_groups(zoomed, [(far, far2), (A, B)])] == [B]


def test_the_canvas_draws_the_shaft_in_the_arrow_colour_over_a_white_halo():
    lay = layout_for(BOARD, 16)
    canvas = RecordingCanvas()
    draw_highlights(canvas, lay, {}, arrows=[(A, B), (B, C)])
    strokes = [(style["stroke_style"], style["line_width"]) for _, style in canvas.named("stroke_line_segments")]
    assert [s for s, _ in strokes] == [THEME.arrow_halo, THEME.arrow]  # two arrows, one call per style
    assert strokes[0][1] > strokes[1][1]
    heads = [pts for pts, fill, _ in canvas.filled_polygons() if fill == THEME.arrow]
    assert len(heads) == 2
    plain = RecordingCanvas()
    draw_highlights(plain, lay, {})
    assert all(style.get("stroke_style") != THEME.arrow for _, _, style in plain.calls)


def test_the_svg_picture_draws_arrows_given_by_id():
    svg = board_svg(STATE, arrows=[("HO46", "HO47")], legend=False)
    assert '<g class="layer-arrows">' in svg and "<title>HO46 → HO47</title>" in svg
    assert THEME.arrow in svg
    assert "layer-arrows" not in board_svg(STATE, legend=False)


def test_the_board_view_keeps_its_arrows_until_replaced():
    from samurai_lab.knizia.widgets.board import BoardView

    view = BoardView(STATE)
    view.set_arrows([("HO46", "HO47"), ("Edo", 5)])
    assert view.arrows == ((A, B), (C, 5))
    view.clear_highlights()
    assert view.arrows == ((A, B), (C, 5))  # highlights and arrows are set apart
    view.set_arrows([])
    assert view.arrows == ()
    view.set_arrows([("HO46", "HO47")])
    view.set_state(new_game(3))  # another board: its hexes are others
    assert view.arrows == ()
    with pytest.raises(ValueError):
        view.set_arrows([("HO46", "HO99")])


def test_the_key_explains_the_arrow_only_while_one_is_drawn():
    from samurai_lab.i18n import use_language
    from samurai_lab.knizia.widgets.board import BoardView

    words = "arrow: a move the study points to"
    assert words in _text_of(board_svg(STATE, arrows=[("HO46", "HO47")]))
    assert THEME.arrow in board_svg(STATE, arrows=[(A, B)])
    assert words not in _text_of(board_svg(STATE))
    view = BoardView(STATE)
    view.legend.selected_index = 0  # the key opened
    assert words not in view._legend_html.value and THEME.arrow not in view._legend_html.value
    view.set_arrows([("HO46", "HO47")])
    assert words in _text_of(view._legend_html.value) and THEME.arrow in view._legend_html.value
    view.set_arrows([])
    assert words not in _text_of(view._legend_html.value)
    with use_language("ru"):
        view = BoardView(STATE)
        view.legend.selected_index = 0
        view.set_arrows([("HO46", "HO47")])
        assert "стрелка: ход, на который указывает этюд" in _text_of(view._legend_html.value)


def test_the_study_player_draws_a_step_s_arrows_and_names_them():
    from samurai_lab.common.game import get_game
    from samurai_lab.common.study_model import load_play
    from samurai_lab.ui.study_player import study_board

    knizia = get_game("knizia")
    play = load_play(knizia, STUDIES / "knizia-taking-a-helmet.toml")
    board = study_board(knizia, play.states[0])
    step = next(i for i, s in enumerate(play.study.steps) if s.marks.arrows)
    board.show_step(play.states[step], play.study.steps[step].marks, False)
    assert board.view.arrows == ((A, B),)
    assert "HO46" in board.arrows.value and "HO47" in board.arrows.value and "→" in board.arrows.value
    assert set(board.view.highlights) == {"preview"}  # the marked cells; the arrow's ends are not ringed
    board.show_step(play.states[0], play.study.steps[0].marks, False)
    assert board.view.arrows == () and board.arrows.value == ""


def test_the_explorer_s_editor_draws_an_arrow_by_two_clicks_and_saves_it(saved_folder):
    app = Explorer()  # the opening position of four players
    app.open_tab(STUDY_TAB)
    editor, (a, b) = app.study_panel, (app.state.board.resolve(h) for h in ("HO46", "HO47"))
    assert editor.arrow_toggle.layout.display == ""  # the Arrow button shows
    assert "hex" in editor.arrow_toggle.tooltip
    editor.title.value = "An arrow"
    editor.text.value = "From HO46 to HO47."
    editor.arrow_toggle.value = True
    app.click_hex(a)
    assert "hex the arrow points to" in app.feedback.message.value
    app.click_hex(b)
    assert editor.arrow == ("HO46", "HO47") and app.board.arrows == ((a, b),) and app.history.index == 0
    assert not editor.arrow_toggle.value
    editor.add_step()
    assert app.board.arrows == ()  # the next step starts without marks
    editor.name.value = "arrow"
    path = editor.save()
    assert load_study(path).steps[0].marks.arrows == (("HO46", "HO47"),)
    again = Explorer()
    again.open_tab(STUDY_TAB)
    again.study_panel.open_text(path.read_text(encoding="utf-8"), path.name)
    assert again.study_panel.steps[0].marks.arrows == (("HO46", "HO47"),)
    assert "HO46→HO47" in again.study_panel.steps_list.value
