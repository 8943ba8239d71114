"""The static site's networkx stand-in builds the three games' boards exactly as real networkx does.

The site ships ``samurai_lab/tools/site/pyodide_shims/networkx`` instead of networkx (2.8 MB of wheel and a
second of imports per page). Each board is built once with each and compared: nodes in order with their
attributes, each node's neighbours in order, the edges' attributes, and Knizia's per-player-count boards
(``subgraph(...).copy()``).
"""

from __future__ import annotations

import networkx as real_nx
import pytest

from samurai_lab.ikizumari.core import board as ikizumari_board
from samurai_lab.katana.core import board as katana_board
from samurai_lab.knizia.core import board as knizia_board
from pyodide_shims import load_shim

shim = load_shim("networkx")


def built(module, nx_module, monkeypatch, build):
    """The graph ``build()`` makes with ``nx_module`` as ``module``'s networkx."""
    with monkeypatch.context() as m:
        m.setattr(module, "nx", nx_module)
        return build()


def layout(g) -> tuple:
    """Everything the engines read of a graph, in networkx's order."""
    return (dict(g.graph), [(n, dict(d)) for n, d in g.nodes(data=True)],
            [(n, list(g.neighbors(n))) for n in g], sorted((repr(u), repr(v), sorted(d.items())) for u, v, d in
                                                          ((u, v, g[u][v]) for u in g for v in g.neighbors(u))))


BUILDS = {
    "knizia map": (knizia_board, lambda: knizia_board.map_graph.__wrapped__()),
    "katana": (katana_board, lambda: katana_board._build()[1]),
    "ikizumari": (ikizumari_board, lambda: ikizumari_board.build_board().graph),
}


@pytest.mark.parametrize("name", sorted(BUILDS))
def test_a_board_graph_is_the_same(name, monkeypatch):
    module, build = BUILDS[name]
    real, stand_in = built(module, real_nx, monkeypatch, build), built(module, shim, monkeypatch, build)
    assert isinstance(stand_in, shim.Graph) and not isinstance(stand_in, real_nx.Graph)
    assert layout(stand_in) == layout(real)
    assert len(stand_in) == len(real) and stand_in.number_of_edges() == real.number_of_edges()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_knizia_boards_per_player_count_are_the_same(players, monkeypatch):
    def board():
        knizia_board.map_graph.cache_clear()
        try:
            return knizia_board.Board(players)
        finally:
            knizia_board.map_graph.cache_clear()

    real, stand_in = built(knizia_board, real_nx, monkeypatch, board), built(knizia_board, shim, monkeypatch, board)
    assert isinstance(stand_in.graph, shim.Graph)
    assert stand_in.ids == real.ids and stand_in.neighbours == real.neighbours and stand_in.info == real.info
    assert stand_in.graph.graph == real.graph.graph
    # networkx's subgraph may list nodes in a set's order: the same nodes, attributes and neighbours
    assert {n: d for n, d in stand_in.graph.nodes(data=True)} == {n: d for n, d in real.graph.nodes(data=True)}
    assert {n: set(stand_in.graph.neighbors(n)) for n in stand_in.graph} == {n: set(real.graph.neighbors(n))
                                                                              for n in real.graph}


def test_a_missing_node_is_refused_as_networkx_does():
    g = shim.Graph()
    g.add_edge("a", "b", line="x")
    assert g.has_edge("b", "a") and g["b"]["a"] == {"line": "x"} and "c" not in g
    with pytest.raises(shim.NetworkXError):
        g.neighbors("c")
