"""Static SVG pictures: well-formed, and holding exactly what the state holds."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from samurai_lab import EDITION_1998, EDITION_2015, Caste, new_game
from samurai_lab.i18n import use_language
from samurai_lab.knizia.core.ruleset import VOCABULARY
from samurai_lab.knizia.render.describe import tile_text
from samurai_lab.knizia.render.scene import _ICONS, heat_cells, player_mark
from samurai_lab.knizia.render.svg import board_svg, legend_svg, piece_svg, state_svg, tile_svg
from samurai_lab.knizia.render.theme import THEME, seat_colours
from samurai_lab.knizia.core.tiles import CASTES, TILE_KINDS, tile
from helpers_positions import played

NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def mid4():
    return played(4, 120)


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def groups(root: ET.Element, kind: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if g.get("class", "").split(" ")[0] == kind]


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("ruleset", [EDITION_1998, EDITION_2015], ids=["1998", "2015"])
def test_svg_is_well_formed_and_has_one_polygon_per_hex(n: int, ruleset) -> None:
    state = played(n, 60, seed=n, ruleset=ruleset)
    root = parse(board_svg(state))
    assert root.tag == f"{NS}svg"
    hexes = groups(root, "hex")
    assert len(hexes) == len(state.board)
    assert sorted(int(g.get("data-index")) for g in hexes) == list(range(len(state.board)))
    for g in hexes:
        i = int(g.get("data-index"))
        assert g.get("data-hex") == state.board.ids[i]
        assert state.board.kinds[i] in g.get("class").split()
        polygons = g.findall(f"{NS}polygon")
        assert polygons[0].get("fill") in {THEME.sea, THEME.land, THEME.village, THEME.city, THEME.edo}
        assert len(polygons) == (2 if state.board.is_settlement[i] else 1), "settlements have an inner ring"
    off = groups(root, "off")
    assert (len(off) > 0) == (n < 4), "the rest of the printed map shows faded around smaller boards"


def test_pieces_drawn_in_every_settlement_holding_some(mid4) -> None:
    state = mid4
    root = parse(board_svg(state))
    drawn = {int(g.get("data-index")): g for g in groups(root, "pieces")}
    holding = {i for i in state.board.settlements if state.pieces[i]}
    assert holding and set(drawn) == holding
    caste_fill = {THEME.caste_colour(c): c for c in CASTES}
    for i, g in drawn.items():
        tokens = [c for c in g if c.tag in (f"{NS}circle", f"{NS}polygon") and c.get("fill") in caste_fill]
        assert [caste_fill[c.get("fill")] for c in tokens] == list(state.pieces[i])
        title = g.find(f"{NS}title").text
        for c in state.pieces[i]:
            assert state.ruleset.vocabulary.caste(c) in title


def test_tiles_show_owner_colour_value_and_fast_mark(mid4) -> None:
    state = mid4
    root = parse(board_svg(state))
    drawn = {int(g.get("data-index")): g for g in groups(root, "tile")}
    on_board = {i: p for i, p in enumerate(state.tiles) if p is not None}
    assert len(on_board) > 20 and set(drawn) == set(on_board)
    colours = seat_colours(state)
    assert any(p.tile.fast for p in on_board.values()) and any(not p.tile.fast for p in on_board.values())
    for i, placed in on_board.items():
        g = drawn[i]
        shadow, *polygons = g.findall(f"{NS}polygon")
        assert shadow.get("fill") == "#000000" and shadow.get("opacity")
        assert polygons[0].get("fill") == colours[placed.owner]
        texts = [t.text for t in g.findall(f"{NS}text")]
        assert texts == [str(placed.tile.value)]
        icon_polys = sum(1 for item in _ICONS[placed.tile.figure.value] if item[0] == "poly")
        fast_polys = 1 if placed.tile.fast else 0
        mark_polys = 0 if player_mark(placed.owner) == "circle" else 1  # the player's mark at the tile's foot
        assert len(polygons) == 1 + icon_polys + fast_polys + mark_polys
        assert state.seats[placed.owner].name in g.find(f"{NS}title").text
        assert ("(fast)" in g.find(f"{NS}title").text) == placed.tile.fast


def test_names_of_edo_and_the_cities(mid4) -> None:
    root = parse(board_svg(mid4))
    names = {g.find(f"{NS}text").text for g in groups(root, "name")}
    assert names == {"Edo", "Akita", "Kyoto", "Sapporo"}
    two = parse(board_svg(played(2, 10)))
    assert {g.find(f"{NS}text").text for g in groups(two, "name")} == {"Edo", "Akita", "Kyoto"}


def test_highlights_selection_and_ids() -> None:
    state = new_game(2)
    board = state.board
    svg = board_svg(state, highlights={"legal": ["HO12", 3], "warning": ["HO16"]}, selected="Kyoto",
                    show_ids=True)
    root = parse(svg)
    marks = {(g.get("data-hex"), g.get("class")) for g in groups(root, "highlight")}
    assert marks == {("HO12", "highlight legal"), (board.ids[3], "highlight legal"), ("HO16", "highlight warning")}
    sel = groups(root, "selected")
    assert [g.get("data-hex") for g in sel] == [board.ids[board.resolve("Kyoto")]]
    texts = {t.text for t in root.iter(f"{NS}text")}
    assert set(board.ids) <= texts
    plain = parse(board_svg(state, highlights=["HO12"]))
    assert [g.get("class") for g in groups(plain, "highlight")] == ["highlight legal"]
    assert groups(parse(board_svg(state)), "highlight") == []


def test_heat_map_tints_the_settlements_where_somebody_leads(mid4) -> None:
    state = mid4
    for caste in CASTES:
        root = parse(board_svg(state, heat=caste.value))
        drawn = {int(g.get("data-index")): g for g in groups(root, "heat")}
        cells = heat_cells(state, caste)
        assert set(drawn) == {i for i, _, _ in cells}
        colours = seat_colours(state)
        for i, leader, top in cells:
            fill = drawn[i].find(f"{NS}polygon").get("fill")
            assert fill == (THEME.tie_colour if leader is None else colours[leader])
            assert drawn[i].find(f"{NS}text").text == str(top)
    assert any(heat_cells(state, c) for c in CASTES), "the test position has influence somewhere"
    assert groups(parse(board_svg(state)), "heat") == []


def test_focus_crops_the_picture(mid4) -> None:
    state = mid4
    board = state.board
    kyoto = board.resolve("Kyoto")
    full = parse(board_svg(state, legend=False))
    crop = parse(board_svg(state, focus=[kyoto, *board.neighbours[kyoto]], legend=False))
    assert float(crop.get("width")) < float(full.get("width")) / 3
    drawn = {int(g.get("data-index")) for g in groups(crop, "hex")}
    assert kyoto in drawn and set(board.neighbours[kyoto]) <= drawn
    assert board.resolve("Sapporo") not in drawn
    assert len(drawn) < len(board) / 4


def test_legend_speaks_the_edition_vocabulary() -> None:
    for ruleset, helmet, fast in ((EDITION_1998, "High Helmet", "Japanese character"),
                                  (EDITION_2015, "Castle", "quick icon")):
        state = new_game(3, ruleset)
        texts = " ".join(" ".join(t.text for t in parse(board_svg(state)).iter(f"{NS}text")).split())  # lines joined
        assert helmet in texts and fast in texts
        for seat in state.seats:
            assert seat.name in texts
    legend = parse(legend_svg(new_game(4), heat="B", highlights=["legal", "preview"]))
    texts = " ".join(" ".join(t.text for t in legend.iter(f"{NS}text")).split())
    assert "Influence on Buddha" in texts and "where you can play" in texts and "last move" in texts


def test_a_single_tile_is_named_in_the_edition_s_words() -> None:
    assert parse(tile_svg(tile("H4"), edition="2015")).find(f"{NS}title").text == "Castle 4"
    assert parse(tile_svg(tile("H4"))).find(f"{NS}title").text == "High Helmet 4"
    with use_language("it"):
        assert parse(tile_svg(tile("H4"), edition="2015")).find(f"{NS}title").text == "Castello 4"


def test_single_tiles_and_pieces() -> None:
    for t in TILE_KINDS:
        root = parse(tile_svg(t, "purple", edition="2015"))
        assert root.find(f"{NS}title").text == tile_text(t, VOCABULARY["2015"])
        assert root.findall(f"{NS}polygon")[1].get("fill") == THEME.player_colour("purple"), "body over its shadow"
        values = [e.text for e in root.iter(f"{NS}text")]
        assert values == ([] if t.value is None else [str(t.value)])
    for c in CASTES:
        root = parse(piece_svg(c, 14))
        token = next(e for e in root if e.tag in (f"{NS}circle", f"{NS}polygon"))
        assert token.get("fill") == THEME.caste_colour(c)
        assert [e.text for e in root.iter(f"{NS}text")] == [c.value], "large pieces carry their letter"


def test_state_svg_and_views(mid4) -> None:
    svg = state_svg(mid4)
    assert re.sub(r"samurai-clip-\d+", "", svg) == re.sub(r"samurai-clip-\d+", "", board_svg(mid4))
    hidden = parse(board_svg(mid4.view(1)))
    assert len(groups(hidden, "tile")) == sum(p is not None for p in mid4.tiles)


def test_bad_arguments_say_what_is_wrong() -> None:
    state = new_game(2)
    with pytest.raises(ValueError, match="caste must be H, B or R"):
        board_svg(state, heat="X")
    with pytest.raises(ValueError, match="styles are legal, preview, warning"):
        board_svg(state, highlights={"glow": ["HO12"]})
    with pytest.raises(ValueError, match="not in play with 2 players"):
        board_svg(state, selected="HK15")
    assert Caste.BUDDHA in CASTES  # the heat map also takes Caste values
    parse(board_svg(state, heat=Caste.BUDDHA))
