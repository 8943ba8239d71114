"""The map: hex counts per player count, settlements and their neighbours, names, geometry."""

from __future__ import annotations

import itertools
import math

import pytest

from samurai_lab import board_for, map_graph
from samurai_lab.knizia.core.board import CITY, EDO, LAND, SEA, VILLAGE, Board
from samurai_lab.knizia.core.hexgrid import (DIRECTIONS, axial_distance, axial_to_pixel, hex_corners, neighbour_coords,
                                 pixel_to_axial)
from samurai_lab.knizia.core.tiles import supply_per_caste

# data/BOARD-NOTES.md §2.3: id -> (q, r, kind, island, name, land neighbours, sea neighbours at its min player count)
SETTLEMENTS = {
    "HO01": (0, -6, VILLAGE, "honshu", None, 2, 4),
    "HO03": (2, -6, VILLAGE, "honshu", None, 3, 3),
    "HO07": (0, -4, CITY, "honshu", "Akita", 4, 2),
    "HO09": (2, -4, VILLAGE, "honshu", None, 3, 3),
    "HO12": (0, -2, VILLAGE, "honshu", None, 5, 1),
    "HO14": (2, -2, VILLAGE, "honshu", None, 3, 3),
    "HO19": (-2, 0, VILLAGE, "honshu", None, 4, 2),
    "HO21": (0, 0, EDO, "honshu", "Edo", 6, 0),
    "HO23": (2, 0, VILLAGE, "honshu", None, 2, 4),
    "HO28": (-3, 2, VILLAGE, "honshu", None, 4, 2),
    "HO30": (-1, 2, VILLAGE, "honshu", None, 4, 2),
    "HO33": (-5, 4, VILLAGE, "honshu", None, 3, 3),
    "HO35": (-3, 4, CITY, "honshu", "Kyoto", 5, 1),
    "HO41": (-6, 6, VILLAGE, "honshu", None, 4, 2),
    "HO42": (-4, 6, VILLAGE, "honshu", None, 2, 4),
    "HO43": (-8, 7, VILLAGE, "honshu", None, 4, 2),
    "HO47": (-9, 9, VILLAGE, "honshu", None, 2, 4),
    "KY01": (-11, 11, VILLAGE, "kyushu", None, 3, 3),
    "KY05": (-10, 12, VILLAGE, "kyushu", None, 4, 2),
    "KY06": (-13, 13, VILLAGE, "kyushu", None, 2, 4),
    "KY10": (-12, 14, VILLAGE, "kyushu", None, 3, 3),
    "KY12": (-10, 14, VILLAGE, "kyushu", None, 2, 4),
    "SH01": (-6, 8, VILLAGE, "shikoku", None, 3, 3),
    "SH05": (-5, 9, VILLAGE, "shikoku", None, 3, 3),
    "SH06": (-8, 10, VILLAGE, "shikoku", None, 3, 3),
    "SH10": (-7, 11, VILLAGE, "shikoku", None, 3, 3),
    "HK01": (4, -13, VILLAGE, "hokkaido", None, 2, 4),
    "HK02": (0, -12, VILLAGE, "hokkaido", None, 2, 4),
    "HK07": (1, -11, VILLAGE, "hokkaido", None, 5, 1),
    "HK09": (3, -11, VILLAGE, "hokkaido", None, 4, 2),
    "HK13": (-1, -9, VILLAGE, "hokkaido", None, 3, 3),
    "HK15": (1, -9, CITY, "hokkaido", "Sapporo", 6, 0),
    "HK20": (2, -8, VILLAGE, "hokkaido", None, 2, 4),
    "HK21": (-1, -7, VILLAGE, "hokkaido", None, 2, 4),
}
MIN_PLAYERS = {"honshu": 2, "kyushu": 3, "shikoku": 3, "hokkaido": 4}

# data/BOARD-NOTES.md §2.2: players -> (sea, empty land, villages, cities, islands)
PER_PLAYER_COUNT = {
    2: (44, 30, 14, 2, {"honshu"}),
    3: (64, 43, 23, 2, {"honshu", "kyushu", "shikoku"}),
    4: (84, 56, 30, 3, {"honshu", "kyushu", "shikoku", "hokkaido"}),
}


def test_the_whole_map_has_174_hexes():
    g = map_graph()
    assert g.number_of_nodes() == 174
    kinds = [d["kind"] for _, d in g.nodes(data=True)]
    assert kinds.count(SEA) == 84 and kinds.count(LAND) == 56
    assert kinds.count(VILLAGE) == 30 and kinds.count(CITY) == 3 and kinds.count(EDO) == 1


@pytest.mark.parametrize("n", [2, 3, 4])
def test_board_per_player_count(n):
    sea, land, villages, cities, islands = PER_PLAYER_COUNT[n]
    b = board_for(n)
    assert len(b.sea) == sea
    assert len(b.land) == land
    assert len(b.villages) == villages
    assert len(b.cities) == cities
    assert b.kinds.count(EDO) == 1
    assert len(b) == sea + land + villages + cities + 1
    assert {b.info[i].island for i in b.land + b.settlements} == islands
    assert all(info.min_players <= n for info in b.info)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_settlement_capacity_is_three_times_the_supply(n):
    b = board_for(n)
    assert b.settlement_capacity_total == {2: 21, 3: 30, 4: 39}[n] == 3 * supply_per_caste(n)
    assert supply_per_caste(n) == {2: 7, 3: 10, 4: 13}[n]
    for s in b.settlements:
        assert b.capacity[s] == {VILLAGE: 1, CITY: 2, EDO: 3}[b.kinds[s]]
    assert all(b.capacity[i] == 0 for i in b.land + b.sea)


def test_settlement_table_of_the_board_notes():
    b4 = board_for(4)
    assert {b4.ids[s] for s in b4.settlements} == set(SETTLEMENTS)
    for hid, (q, r, kind, island, name, n_land, n_sea) in SETTLEMENTS.items():
        info = b4.hex(hid)
        assert (info.q, info.r, info.kind, info.island, info.name) == (q, r, kind, island, name), hid
        assert info.min_players == MIN_PLAYERS[island], hid
        b = board_for(info.min_players)
        i = b.resolve(hid)
        assert len(b.land_neighbours[i]) == n_land, hid
        assert len(b.sea_neighbours[i]) == n_sea, hid
        assert len(b.neighbours[i]) == n_land + n_sea, f"{hid} touches another settlement"


@pytest.mark.parametrize("n", [3, 4])
def test_more_players_only_add_sea_around_a_settlement(n):
    """A settlement keeps its land neighbours; more board parts can only add sea."""
    small, big = board_for(n - 1), board_for(n)
    for s in small.settlements:
        hid = small.ids[s]
        t = big.resolve(hid)
        assert {small.ids[o] for o in small.land_neighbours[s]} == {big.ids[o] for o in big.land_neighbours[t]}
        assert {small.ids[o] for o in small.sea_neighbours[s]} <= {big.ids[o] for o in big.sea_neighbours[t]}


def test_edo_and_sapporo_have_no_sea_neighbours():
    b = board_for(4)
    assert b.sea_neighbours[b.resolve("Edo")] == ()
    assert b.sea_neighbours[b.resolve("Sapporo")] == ()
    assert len(b.land_neighbours[b.edo]) == 6


@pytest.mark.parametrize("n", [2, 3, 4])
def test_named_hexes(n):
    b = board_for(n)
    assert b.ids[b.resolve("Edo")] == "HO21" == b.ids[b.edo]
    assert b.ids[b.resolve("Akita")] == "HO07"
    assert b.ids[b.resolve("kyoto")] == "HO35"
    assert b.label(b.resolve("Edo")) == "Edo (HO21)"
    assert b.label(b.resolve("HO12")) == "HO12"
    named = {b.ids[i] for i in b.cities}
    assert named == ({"HO07", "HO35", "HK15"} if n == 4 else {"HO07", "HO35"})
    if n == 4:
        assert b.ids[b.resolve("Sapporo")] == "HK15"


def test_no_two_settlements_are_adjacent():
    g = map_graph()
    settlements = [h for h, d in g.nodes(data=True) if d["kind"] in (VILLAGE, CITY, EDO)]
    for h in settlements:
        assert not any(g.nodes[o]["kind"] in (VILLAGE, CITY, EDO) for o in g.neighbors(h)), h
    for n in (2, 3, 4):
        b = board_for(n)
        assert all(b.adjacent_settlements[s] == () for s in b.settlements)


def test_every_settlement_touches_land_of_its_own_island():
    b = board_for(4)
    for s in b.settlements:
        assert b.land_neighbours[s], b.ids[s]
        assert {b.info[o].island for o in b.land_neighbours[s]} == {b.info[s].island}


def test_graph_edges_are_exactly_hex_adjacency():
    g = map_graph()
    coords = {h: (d["q"], d["r"]) for h, d in g.nodes(data=True)}
    assert len(set(coords.values())) == 174, "two hexes share coordinates"
    for a, b in itertools.combinations(coords, 2):
        assert g.has_edge(a, b) == (axial_distance(coords[a], coords[b]) == 1), (a, b)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_board_neighbour_tuples_match_its_graph(n):
    b = board_for(n)
    for i, hid in enumerate(b.ids):
        assert {b.ids[o] for o in b.neighbours[i]} == set(b.graph.neighbors(hid))
        assert set(b.land_neighbours[i]) == {o for o in b.neighbours[i] if b.kinds[o] == LAND}
        assert set(b.sea_neighbours[i]) == {o for o in b.neighbours[i] if b.kinds[o] == SEA}
    assert b.graph.number_of_nodes() == len(b)


def test_neighbour_coordinates_are_the_six_directions():
    assert len(set(DIRECTIONS)) == 6
    around = neighbour_coords(3, -2)
    assert all(axial_distance((3, -2), c) == 1 for c in around)
    assert len(set(around)) == 6


@pytest.mark.parametrize("size", [1.0, 17.5, 40.0])
def test_geometry_round_trip_for_every_hex(size):
    for _, d in map_graph().nodes(data=True):
        q, r = d["q"], d["r"]
        cx, cy = axial_to_pixel(q, r, size)
        assert pixel_to_axial(cx, cy, size) == (q, r)
        corners = hex_corners(cx, cy, size)
        assert all(math.isclose(math.dist((cx, cy), c), size) for c in corners)
        for k, (x, y) in enumerate(corners):
            # a point just inside each corner, and just inside the middle of each edge
            assert pixel_to_axial(cx + 0.95 * (x - cx), cy + 0.95 * (y - cy), size) == (q, r)
            nx, ny = corners[(k + 1) % 6]
            mx, my = (x + nx) / 2, (y + ny) / 2
            assert pixel_to_axial(cx + 0.95 * (mx - cx), cy + 0.95 * (my - cy), size) == (q, r)


def test_pixel_just_across_an_edge_belongs_to_the_neighbour():
    size = 10.0
    for dq, dr in DIRECTIONS:
        cx, cy = axial_to_pixel(dq, dr, size)
        # the neighbour's centre seen from (0, 0), stepped 55% of the way: past the shared edge
        assert pixel_to_axial(0.55 * cx, 0.55 * cy, size) == (dq, dr)
        assert pixel_to_axial(0.45 * cx, 0.45 * cy, size) == (0, 0)


def test_resolve_by_id_name_and_errors():
    b2 = board_for(2)
    assert b2.resolve("HO12") == b2.index["HO12"]
    assert b2.resolve(" ho12 ") == b2.index["HO12"]
    with pytest.raises(ValueError, match="there is no hex 'ZZ99' on the map"):
        b2.resolve("ZZ99")
    with pytest.raises(ValueError, match="not in play with 2 players"):
        b2.resolve("HK15")
    with pytest.raises(ValueError, match="not in play with 3 players"):
        board_for(3).resolve("SEA01")
    assert board_for(3).resolve("KY01") >= 0


def test_resolve_a_name_not_in_play():
    with pytest.raises(ValueError, match="not in play with 2 players"):
        board_for(2).resolve("Sapporo")


@pytest.mark.parametrize("n", [1, 5])
def test_board_refuses_other_player_counts(n):
    with pytest.raises(ValueError, match="2, 3 or 4 players"):
        Board(n)
