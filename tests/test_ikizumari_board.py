"""The reconstructed board of SAMOURAI: 121 squares, exact counts, symmetric camps, graph and rays."""

from __future__ import annotations

from collections import Counter

import networkx as nx
import pytest

from samurai_lab.ikizumari.core.board import (
    ANZEN, BLACK, BOARD, DIRECTIONS, LAYOUT, MEKURA, RED, SHIRO, SIZE, SYMBOL, SYMBOLS, build_board, parse_square,
    square_name,
)


def test_2_le_plan_de_jeu_se_compose_de_121_cases():
    """« il se compose de 121 cases »"""
    assert BOARD.graph.number_of_nodes() == 121 == SIZE * SIZE


def test_8_shiro_4_par_camp():
    """« 8 cases marquées d'une croix et appelées SHIRO (forteresse). Ce sont les cases de départ (4 cases par camp). »"""
    assert Counter(BOARD.kind)[SHIRO] == 8
    assert len(BOARD.shiro[RED]) == len(BOARD.shiro[BLACK]) == 4
    assert all(s // SIZE == SIZE - 1 for s in BOARD.shiro[RED]) and all(s // SIZE == 0 for s in BOARD.shiro[BLACK])


def test_64_cases_des_quatre_symboles():
    """« 64 cases marquées d'un des quatre symboles suivants » — 16 of each."""
    assert Counter(BOARD.kind)[SYMBOL] == 64
    assert Counter(s for s in BOARD.symbol if s) == {s: 16 for s in SYMBOLS}
    assert set(SYMBOLS) == {"dragon", "ibis", "tiger", "tortoise"}


def test_une_case_centrale_anzen():
    """« 1 case centrale appelée ANZEN (sécurité) »"""
    assert Counter(BOARD.kind)[ANZEN] == 1
    assert BOARD.anzen == 60 and square_name(BOARD.anzen) == "f6"


def test_48_cases_neutres_mekura():
    """« 48 cases neutres, sans indications particulières, appelées MEKURA (aveugle) »"""
    assert Counter(BOARD.kind)[MEKURA] == 48
    assert all(BOARD.symbol[i] is None for i in range(121) if BOARD.kind[i] != SYMBOL)


def test_the_camps_are_symmetric_by_a_half_turn():
    for r in range(SIZE):
        for c in range(SIZE):
            assert LAYOUT[r][c] == LAYOUT[SIZE - 1 - r][SIZE - 1 - c]


def test_graph_nodes_carry_kind_and_symbol():
    g = BOARD.graph
    assert g.nodes[parse_square("c11")] == {"kind": SYMBOL, "symbol": "dragon", "row": 0, "col": 2, "name": "c11"}
    assert g.nodes[parse_square("f6")]["kind"] == ANZEN
    assert nx.is_connected(g)
    corner, centre = parse_square("a1"), parse_square("f6")
    assert g.degree(corner) == 3 and g.degree(centre) == 8
    # 2 * 11 * 10 orthogonal + 2 * 10 * 10 diagonal neighbours
    assert g.number_of_edges() == 2 * 11 * 10 + 2 * 10 * 10


def test_rays_run_to_the_edge():
    d1 = parse_square("d1")
    north = [i for i, d in enumerate(DIRECTIONS) if d[0] == "N"][0]
    assert [square_name(s) for s in BOARD.rays[d1][north]] == [f"d{k}" for k in range(2, 12)]
    assert all(len(BOARD.rays[parse_square("a1")][i]) == 0 for i, d in enumerate(DIRECTIONS) if "S" in d[0] or "W" in d[0])
    assert BOARD.line(d1, parse_square("d3")) == (north, 2)
    assert BOARD.line(d1, parse_square("e3")) is None


def test_the_board_places_the_rulebook_example():
    """The sketch: A (d11) to the left 1 dragon 2 ibis 3 mekura, diagonally 1 dragon 2 mekura 3 mekura;
    B (h11) 1 dragon 2 ibis 3 mekura; Red's "2 dragon" is d1-d3."""
    def bears(name: str) -> str:
        i = parse_square(name)
        return BOARD.symbol[i] or BOARD.kind[i]
    assert [bears(s) for s in ("c11", "b11", "a11")] == ["dragon", "ibis", MEKURA]
    assert [bears(s) for s in ("c10", "b9", "a8")] == ["dragon", MEKURA, MEKURA]
    assert [bears(s) for s in ("i11", "j11", "k11")] == ["dragon", "ibis", MEKURA]
    assert bears("d3") == "dragon"


@pytest.mark.parametrize("bad", ["", "z1", "a0", "a12", "a01", "11", "aa", None, 3, "a-1"])
def test_bad_square_names_are_value_errors(bad):
    with pytest.raises(ValueError):
        parse_square(bad)


def test_bad_layouts_are_refused():
    with pytest.raises(ValueError):
        build_board(LAYOUT[:10])
    with pytest.raises(ValueError):
        build_board(tuple(r.replace("A", "Z") for r in LAYOUT))


def test_no_game_is_decided_in_its_first_two_moves():
    """The reason f1 and f11 are MEKURA (docs/ikizumari.md): no forced draw or win at the start."""
    from samurai_lab.ikizumari.core import apply_move, legal_moves, new_game, outcome
    start = new_game()
    for opening in legal_moves(start):
        after = apply_move(start, opening)
        assert outcome(after) is None, str(opening)
        for reply in legal_moves(after):
            assert outcome(apply_move(after, reply)) is None, (str(opening), str(reply))
