"""A small networkx for the static site: the undirected ``Graph`` the games' boards are built as.

The engines use networkx only to hold each board (squares or hexes as nodes with attributes, adjacency as
edges) and read it back: ``add_node``, ``add_edge``, ``nodes`` (``nodes[n]``, ``nodes(data=True)``),
``neighbors``, ``subgraph(...).copy()`` and the ``graph`` attributes. The real package is 2.8 MB of wheel
and a second of imports in every page; this stand-in keeps the same dict-of-dicts layout (insertion
order, the same attribute dicts), so the boards come out the same (``tests/test_site_shims.py`` compares
them with real networkx).
"""

from __future__ import annotations

from typing import Any, Hashable, Iterable, Iterator

__version__ = "0.0.0+samurai-lab-shim"


class NetworkXError(Exception):
    """As networkx's: a node or edge that is not in the graph."""


class NodeView:
    """``G.nodes``: iterate, ``len``, ``in``, ``G.nodes[n]`` (the node's attributes), ``G.nodes(data=True)``."""

    def __init__(self, nodes: dict[Hashable, dict[str, Any]]) -> None:
        self._nodes = nodes

    def __getitem__(self, n: Hashable) -> dict[str, Any]:
        return self._nodes[n]

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._nodes)

    def __len__(self) -> int:
        return len(self._nodes)

    def __contains__(self, n: object) -> bool:
        return n in self._nodes

    def __call__(self, data: bool | str = False, default: Any = None) -> Iterable[Any]:
        if data is False:
            return list(self._nodes)
        if data is True:
            return list(self._nodes.items())
        return [(n, d.get(data, default)) for n, d in self._nodes.items()]


class Graph:
    """An undirected graph: ``_node`` (node -> attributes) and ``_adj`` (node -> neighbour -> edge
    attributes), as networkx keeps them."""

    def __init__(self, incoming_graph_data: Any = None, **attr: Any) -> None:
        if incoming_graph_data is not None:
            raise NotImplementedError("the site's networkx builds graphs node by node")
        self.graph: dict[str, Any] = dict(attr)
        self._node: dict[Hashable, dict[str, Any]] = {}
        self._adj: dict[Hashable, dict[Hashable, dict[str, Any]]] = {}

    @property
    def nodes(self) -> NodeView:
        return NodeView(self._node)

    def add_node(self, n: Hashable, **attr: Any) -> None:
        if n not in self._node:
            self._adj[n] = {}
            self._node[n] = {}
        self._node[n].update(attr)

    def add_nodes_from(self, nodes: Iterable[Any], **attr: Any) -> None:
        for n in nodes:
            if isinstance(n, tuple) and len(n) == 2 and isinstance(n[1], dict):
                self.add_node(n[0], **{**attr, **n[1]})
            else:
                self.add_node(n, **attr)

    def add_edge(self, u: Hashable, v: Hashable, **attr: Any) -> None:
        for n in (u, v):
            if n not in self._node:
                self.add_node(n)
        data = self._adj[u].get(v, {})
        data.update(attr)
        self._adj[u][v] = data
        self._adj[v][u] = data

    def neighbors(self, n: Hashable) -> Iterator[Hashable]:
        try:
            return iter(self._adj[n])
        except KeyError:
            raise NetworkXError(f"The node {n} is not in the graph.") from None

    def has_edge(self, u: Hashable, v: Hashable) -> bool:
        return u in self._adj and v in self._adj[u]

    def edges(self, data: bool = False) -> list[tuple]:
        seen: set[Hashable] = set()
        out: list[tuple] = []
        for u, nbrs in self._adj.items():
            for v, d in nbrs.items():
                if v not in seen:
                    out.append((u, v, d) if data else (u, v))
            seen.add(u)
        return out

    def number_of_edges(self) -> int:
        return len(self.edges())

    def subgraph(self, nodes: Iterable[Hashable]) -> "Graph":
        """The graph on ``nodes`` (a copy here; networkx gives a view, which the engines copy at once)."""
        keep = {n for n in nodes if n in self._node}
        g = Graph(**self.graph)
        for n, d in self._node.items():
            if n in keep:
                g._node[n] = d
                g._adj[n] = {}
        for u in g._node:
            for v, d in self._adj[u].items():
                if v in keep:
                    g._adj[u][v] = d
        return g

    def copy(self) -> "Graph":
        g = Graph(**self.graph)
        g.add_nodes_from((n, dict(d)) for n, d in self._node.items())
        for u, nbrs in self._adj.items():  # in networkx's order: each edge from both ends
            for v, d in nbrs.items():
                g.add_edge(u, v, **d)
        return g

    def __getitem__(self, n: Hashable) -> dict[Hashable, dict[str, Any]]:
        return self._adj[n]

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._node)

    def __len__(self) -> int:
        return len(self._node)

    def __contains__(self, n: object) -> bool:
        try:
            return n in self._node
        except TypeError:
            return False
