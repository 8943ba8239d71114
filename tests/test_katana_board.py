"""The reconstructed SAMURAI board: the glossary's counts, symmetry, and every rule reachable on it."""

from __future__ import annotations

from itertools import combinations

import networkx as nx

from samurai_lab.katana.core.board import (ARRIVAL_TYPE, BLACK, COORDS, GLOSSARY_COUNTS, GRAPH, IS_KATANA, KATANA, KIND,
                                           N_SQUARES, NAMES, NEIGHBOUR, RAYS, SHIRO, SHIRO_OF, SYMBOL_OF, SYMBOLS,
                                           counts, mirror, square_index)
from samurai_lab.katana.core import from_position, is_tachiojo, new_game, play


def test_the_glossary_counts():
    # "BLACK: CASELLE NERE 16x / KATANA: SPADE 7x / SHIRO: CASELLE DI PARTENZA 8x / MEKURA: LUNA 11x /
    #  RYU: DRAGO 9x / TAIYO: SOLE 9x / WASH: UCCELLO 9x"
    assert counts() == GLOSSARY_COUNTS == {"black": 16, "katana": 7, "shiro": 8, "mekura": 11, "ryu": 9,
                                           "taiyo": 9, "wash": 9}
    assert N_SQUARES == 69 == GRAPH.number_of_nodes()


def test_graph_nodes_carry_kind_and_symbol():
    for sq in GRAPH.nodes:
        node = GRAPH.nodes[sq]
        assert node["kind"] == KIND[sq] and node["symbol"] == SYMBOL_OF[sq] and node["name"] == NAMES[sq]
        assert (node["symbol"] is not None) == (node["kind"] == "symbol")
    assert nx.is_connected(GRAPH)
    assert max(d for _, d in GRAPH.degree) == 8


def test_the_two_sides_mirror_each_other():
    for sq in range(N_SQUARES):
        m = mirror(sq)
        assert KIND[m] == KIND[sq] and SYMBOL_OF[m] == SYMBOL_OF[sq]
        assert mirror(m) == sq
    assert [mirror(s) for s in SHIRO_OF[0]] == list(SHIRO_OF[1])
    assert len(SHIRO_OF[0]) == len(SHIRO_OF[1]) == 4
    black_half = [s for s in range(N_SQUARES) if COORDS[s][1] > 4]
    red_half = [s for s in range(N_SQUARES) if COORDS[s][1] < 4]
    assert len(black_half) == len(red_half) == 30


def test_rays_are_straight_lines_to_the_edge():
    for sq in range(N_SQUARES):
        for d, ray in enumerate(RAYS[sq]):
            if ray:
                assert NEIGHBOUR[sq][d] == ray[0]
            prev = sq
            for nxt in ray:
                assert GRAPH.has_edge(prev, nxt)
                prev = nxt


def test_no_shiro_square_touches_a_katana_square():
    # so a defender sent back to SHIRO never lands in a challenge area
    for s in SHIRO_OF[0] + SHIRO_OF[1]:
        assert not any(IS_KATANA[n] for n in GRAPH.neighbors(s))


def test_challenges_possible_across_every_katana_square():
    for k in (s for s in range(N_SQUARES) if KIND[s] == KATANA):
        lines = [d for d in range(4) if NEIGHBOUR[k][d] >= 0 and NEIGHBOUR[k][d + 4] >= 0
                 and not IS_KATANA[NEIGHBOUR[k][d]] and not IS_KATANA[NEIGHBOUR[k][d + 4]]]
        assert lines, f"no challenge can happen across {NAMES[k]}"


def test_every_symbol_can_be_crossed_first():
    # for every symbol some square next to it lets a samurai cross it and stop beyond
    for symbol in SYMBOLS:
        ok = [(s, d) for s in range(N_SQUARES) for d in range(8)
              if len(RAYS[s][d]) >= 2 and SYMBOL_OF[RAYS[s][d][0]] == symbol and not IS_KATANA[RAYS[s][d][1]]
              and ARRIVAL_TYPE[RAYS[s][d][1]] != symbol and KIND[s] != KATANA]
        assert len(ok) > 10, symbol


def test_tachiojo_is_reachable_from_the_start():
    assert is_tachiojo(play(new_game(), "d9-c9"))


def test_two_samurai_can_never_both_be_walled_in():
    """Ruling K6 (both players stuck) cannot arise: with four enemies at most, no group of two or more
    samurai of one side can lose every free neighbour (a free move always exists after a pass)."""
    free = [s for s in range(N_SQUARES) if not IS_KATANA[s]]
    for n in (2, 3):
        for group in combinations(free, n):
            gs = set(group)
            if any(abs(COORDS[a][0] - COORDS[b][0]) > 2 * n or abs(COORDS[a][1] - COORDS[b][1]) > 2 * n
                   for a in group for b in group):
                continue  # far-apart samurai need their own walls: even more enemies
            need = {t for s in group for t in GRAPH.neighbors(s) if not IS_KATANA[t] and t not in gs}
            assert len(need) > 4, [NAMES[s] for s in group]


def test_square_names():
    assert NAMES[square_index("E5")] == "e5" and KIND[square_index("e5")] == KATANA
    assert KIND[square_index("d9")] == SHIRO and ARRIVAL_TYPE[square_index("d9")] == BLACK
    for bad in ("a1", "a9", "i1", "j5", "e0", "", 5, None, "e55"):
        try:
            square_index(bad)
        except ValueError:
            pass
        else:
            raise AssertionError(bad)


def test_position_with_samurai_on_katana_refused():
    try:
        from_position("e5 d1 b - 0:0")
    except ValueError as e:
        assert "Katana" in str(e)
    else:
        raise AssertionError
