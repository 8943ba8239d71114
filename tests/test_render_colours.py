"""Colours tell the truth: palettes apart for colour-blind viewers, players and castes apart by shape,
highlights that never wash over a tile, and the what-if preview drawn on the board."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from samurai_lab import EDITION_1998, EDITION_2015, new_game
from samurai_lab.knizia.core.actions import PlaceTile
from samurai_lab.knizia.core.influence import preview
from samurai_lab.knizia.core.tiles import CASTES
from samurai_lab.knizia.render.layout import layout_for
from samurai_lab.knizia.render.scene import Circle, Poly, highlight_groups, player_mark, preview_groups
from samurai_lab.knizia.render.theme import CASTE_SHAPES, PLAYER_MARKS, THEME, seat_colours, theme_for
from helpers_positions import played

# Machado, Oliveira and Fernandes (2009), severity 1, on linear RGB.
CVD = {
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "protanopia": np.array([[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
}


def _rgb(colours: list[str]) -> np.ndarray:
    return np.array([[int(c[i:i + 2], 16) for i in (1, 3, 5)] for c in colours], dtype=float)


def _lin(c: np.ndarray) -> np.ndarray:
    c = c / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _lab_of_linear(lin: np.ndarray) -> np.ndarray:
    xyz = np.clip(lin, 0, 1) @ np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722],
                                         [0.0193, 0.1192, 0.9505]]).T
    xyz = xyz / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16 / 116)
    return np.stack([116 * f[:, 1] - 16, 500 * (f[:, 0] - f[:, 1]), 200 * (f[:, 1] - f[:, 2])], axis=1)


def min_delta_e(colours: list[str], kind: str | None) -> float:
    lin = _lin(_rgb(colours))
    if kind is not None:
        lin = lin @ CVD[kind].T
    lab = _lab_of_linear(lin)
    return float(min(np.linalg.norm(a - b) for a, b in itertools.combinations(lab, 2)))


@pytest.mark.parametrize("ruleset", [EDITION_1998, EDITION_2015], ids=["1998", "2015"])
@pytest.mark.parametrize("kind", [None, "deuteranopia", "protanopia"])
def test_colour_blind_palette_keeps_the_four_players_apart(ruleset, kind) -> None:
    state = new_game(4, ruleset)
    safe = seat_colours(state, theme_for("colour-blind"))
    assert len(set(safe)) == 4
    assert min_delta_e(list(safe), kind) >= 30


def test_castes_and_players_differ_by_shape_too() -> None:
    assert len(set(CASTE_SHAPES[c.value] for c in CASTES)) == 3
    assert len(set(PLAYER_MARKS)) == 4 and [player_mark(p) for p in range(4)] == list(PLAYER_MARKS)
    cb = theme_for("colour-blind")
    assert min_delta_e([cb.caste_colour(c) for c in CASTES], "deuteranopia") >= 20
    assert theme_for("colour-blind") is theme_for("colour-blind"), "cached: shape caches keep working"
    assert theme_for() is THEME
    proj = theme_for("default", True)
    assert proj.line_scale > 1 and proj.name_size > THEME.name_size
    with pytest.raises(ValueError, match="palettes are"):
        theme_for("sepia")


def test_highlights_never_wash_a_tile_and_fill_only_empty_legal_hexes() -> None:
    state = played(4, 60)
    layout = layout_for(state.board, 20)
    with_tile = next(i for i, p in enumerate(state.tiles) if p is not None)
    empty = next(i for i in state.board.land if state.tiles[i] is None)
    settlement = next(i for i in state.board.settlements if state.pieces[i])
    for style in ("legal", "preview", "warning"):
        groups = highlight_groups(layout, {style: (with_tile, empty, settlement)}, state=state)
        fills = {g.index for g in groups for s in g.shapes if isinstance(s, Poly) and s.fill}
        assert fills == ({empty} if style == "legal" else set()), style
        for g in groups:  # the rings lie outside the tile's body (radius tile_inset)
            rings = [s for s in g.shapes if isinstance(s, Poly) and s.stroke]
            x, y = layout.centres[g.index]
            for ring in rings:
                r = max(((px - x) ** 2 + (py - y) ** 2) ** 0.5 for px, py in ring.points)
                inner = (r - ring.width / 2) * 0.866  # apothem of the ring's inner edge
                assert inner >= THEME.tile_inset * layout.size * 0.866 - 0.01


def test_preview_ghosts_the_tile_and_badges_every_decided_piece() -> None:
    found = None
    for seed in range(40):
        state = played(4, 30 + seed)
        for a in state.legal_actions():
            if isinstance(a, PlaceTile):
                pv = preview(state, a)
                if len(pv.resolutions) >= 1:
                    found = state, pv
                    break
        if found:
            break
    assert found, "a placement that closes a settlement"
    state, pv = found
    layout = layout_for(state.board, 20)
    groups = preview_groups(layout, state, pv.after, pv.resolutions)
    target = state.board.resolve(pv.action.hex)
    ghosts = [g for g in groups if g.kind == "ghost"]
    assert [g.index for g in ghosts] == [target]
    assert all(s.alpha < 1 for s in ghosts[0].shapes if isinstance(s, (Poly, Circle)) and s.fill)
    colours = seat_colours(state)
    badges = [g for g in groups if g.kind == "badge"]
    assert len(badges) == len(pv.resolutions)
    for g, res in zip(badges, pv.resolutions):
        assert g.index == res.hex
        disc = g.shapes[0]
        assert disc.fill == ("#ffffff" if res.winner is None else colours[res.winner])
