"""The real Samurai map as a networkx graph, with precomputed index tuples for the rules' inner loops.

``map_graph()`` is the whole 174-hex map; ``Board(n_players)`` is the part in play
for 2, 3 or 4 players. Hexes have stable readable ids (``HO21`` is Edo); the
integer index of a hex is its position in ``Board.ids`` and is what game states use.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import cache

import networkx as nx

from ...i18n import N_, Domain
from .hexgrid import DIRECTIONS
from .tiles import _component_data, describe_value

T = Domain("knizia")


def place_name(name: str) -> str:
    """A place of the map (a settlement or an island) in the current language: ``Kyoto``, Russian ``Киото``."""
    return T.pgettext("place name", name)


def place_names() -> tuple[str, ...]:
    """Every name of the map in the current language (written out so that the catalogs hold them)."""
    return (T.pgettext("place name", "Edo"), T.pgettext("place name", "Kyoto"), T.pgettext("place name", "Akita"),
            T.pgettext("place name", "Sapporo"), T.pgettext("place name", "Honshu"),
            T.pgettext("place name", "Kyushu"), T.pgettext("place name", "Shikoku"),
            T.pgettext("place name", "Hokkaido"))

SEA, LAND, VILLAGE, CITY, EDO = "sea", "land", "village", "city", "edo"
SETTLEMENT_KINDS = frozenset({VILLAGE, CITY, EDO})
#: How many caste pieces a settlement holds.
CAPACITY = {VILLAGE: 1, CITY: 2, EDO: 3}
PLAYER_COUNTS = (2, 3, 4)


#: Every hex id of the whole map, and settlement names (lower case) -> hex id.
MAP_IDS: frozenset[str] = frozenset(h["id"] for h in _component_data()["hexes"])
MAP_NAMES: dict[str, str] = {h["name"].lower(): h["id"] for h in _component_data()["hexes"] if h.get("name")}
HEX_EXAMPLE = N_("write a hex id such as 'HO12' or a settlement name such as 'Kyoto'")


def hex_id(ref: object) -> str:
    """The id of a hex of the whole map, given its id (any case) or a settlement name (``Edo``, ``Kyoto``).

    ValueError saying what is wrong and how to write a hex otherwise."""
    if type(ref) is str and ref in MAP_IDS:
        return ref
    if not isinstance(ref, str):
        raise ValueError(T.gettext("a hex is written as text, not {value}; {example}").format(
            value=describe_value(ref), example=T.gettext(HEX_EXAMPLE)))
    key = " ".join(ref.split())
    hid = MAP_NAMES.get(key.lower(), key.upper())
    if hid in MAP_IDS:
        return hid
    near = difflib.get_close_matches(key.upper(), sorted(MAP_IDS), n=1) or difflib.get_close_matches(
        key.lower(), sorted(MAP_NAMES), n=1)
    if near:
        raise ValueError(T.gettext("there is no hex {ref} on the map (did you mean {near}?); {example}").format(
            ref=repr(ref), near=near[0] if near[0] in MAP_IDS else near[0].title(), example=T.gettext(HEX_EXAMPLE)))
    raise ValueError(T.gettext("there is no hex {ref} on the map; {example}").format(
        ref=repr(ref), example=T.gettext(HEX_EXAMPLE)))


@dataclass(frozen=True, slots=True)
class HexInfo:
    """Facts about one hex."""

    id: str
    q: int
    r: int
    kind: str
    island: str
    min_players: int
    name: str | None = None

    @property
    def label(self) -> str:
        """``Edo (HO21)`` for named hexes, the id otherwise."""
        return f"{self.name} ({self.id})" if self.name else self.id


@cache
def map_graph() -> nx.Graph:
    """The whole map: one node per hex id (attributes of HexInfo), edges between adjacent hexes."""
    g = nx.Graph(name="Samurai map")
    at: dict[tuple[int, int], str] = {}
    for h in _component_data()["hexes"]:
        info = HexInfo(h["id"], h["q"], h["r"], h["kind"], h["island"], h["min_players"], h.get("name"))
        g.add_node(info.id, info=info, kind=info.kind, q=info.q, r=info.r, island=info.island,
                   min_players=info.min_players, name=info.name)
        at[(info.q, info.r)] = info.id
    for (q, r), hid in at.items():
        for dq, dr in DIRECTIONS:
            other = at.get((q + dq, r + dr))
            if other is not None:
                g.add_edge(hid, other)
    return g


class Board:
    """The hexes in play for a player count, as a graph plus tuples indexed by hex index (``kinds``,
    ``neighbours``, ``land_neighbours``, ``sea_neighbours``, ``adjacent_settlements``, ``capacity``)."""

    def __init__(self, n_players: int) -> None:
        if n_players not in PLAYER_COUNTS:
            raise ValueError(T.gettext("Samurai is played by 2, 3 or 4 players, not {n}").format(n=n_players))
        full = map_graph()
        self.n_players = n_players
        nodes = [h for h, d in full.nodes(data=True) if d["min_players"] <= n_players]
        self.graph: nx.Graph = full.subgraph(nodes).copy()
        self.graph.graph["name"] = f"Samurai map for {n_players} players"
        self.ids: tuple[str, ...] = tuple(nodes)
        self.index: dict[str, int] = {h: i for i, h in enumerate(self.ids)}
        self.info: tuple[HexInfo, ...] = tuple(self.graph.nodes[h]["info"] for h in self.ids)
        self.kinds: tuple[str, ...] = tuple(i.kind for i in self.info)
        ix = self.index
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(ix[o] for o in self.graph.neighbors(h))) for h in self.ids
        )
        kinds = self.kinds
        self.land_neighbours = tuple(tuple(o for o in nb if kinds[o] == LAND) for nb in self.neighbours)
        self.sea_neighbours = tuple(tuple(o for o in nb if kinds[o] == SEA) for nb in self.neighbours)
        self.settlements: tuple[int, ...] = tuple(i for i, k in enumerate(kinds) if k in SETTLEMENT_KINDS)
        self.cities: tuple[int, ...] = tuple(i for i in self.settlements if kinds[i] == CITY)
        self.villages: tuple[int, ...] = tuple(i for i in self.settlements if kinds[i] == VILLAGE)
        self.edo: int = next(i for i in self.settlements if kinds[i] == EDO)
        self.land: tuple[int, ...] = tuple(i for i, k in enumerate(kinds) if k == LAND)
        self.sea: tuple[int, ...] = tuple(i for i, k in enumerate(kinds) if k == SEA)
        self.capacity: tuple[int, ...] = tuple(CAPACITY.get(k, 0) for k in kinds)
        self.adjacent_settlements: tuple[tuple[int, ...], ...] = tuple(
            tuple(o for o in nb if kinds[o] in SETTLEMENT_KINDS) for nb in self.neighbours
        )
        self.is_land = tuple(k == LAND for k in kinds)
        self.is_sea = tuple(k == SEA for k in kinds)
        self.is_settlement = tuple(k in SETTLEMENT_KINDS for k in kinds)
        self.settlement_capacity_total = sum(self.capacity)

    def __repr__(self) -> str:
        return f"Board({self.n_players} players: {len(self.ids)} hexes, {len(self.settlements)} settlements)"

    def __len__(self) -> int:
        return len(self.ids)

    def resolve(self, ref: str) -> int:
        """Index of a hex given its id (``HO21``) or settlement name (``Edo``); ValueError if not in play."""
        if type(ref) is str:
            i = self.index.get(ref)
            if i is not None:
                return i
        hid = hex_id(ref)
        i = self.index.get(hid)
        if i is None:
            info = map_graph().nodes[hid]["info"]
            text = (T.gettext("hex {ref} is not in play with {n} players: {label} lies on {island}, which "
                              "is in play with 4 players") if info.min_players == 4 else
                    T.gettext("hex {ref} is not in play with {n} players: {label} lies on {island}, which "
                              "is in play with {min} or more players"))
            raise ValueError(text.format(ref=repr(ref), n=self.n_players, label=info.label,
                                         island=info.island.capitalize(), min=info.min_players))
        return i

    def hex(self, ref: str | int) -> HexInfo:
        """HexInfo by index, id or name."""
        return self.info[ref if isinstance(ref, int) else self.resolve(ref)]

    def label(self, index: int) -> str:
        """Readable name of a hex: ``Kyoto (HO35)`` or ``HO12``."""
        return self.info[index].label


@cache
def board_for(n_players: int) -> Board:
    """The shared, immutable Board for a player count."""
    return Board(n_players)
