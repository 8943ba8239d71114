"""Surround and capture: land neighbours only, ships, piece by piece, strict majority, ties; R2 timing."""

from __future__ import annotations

import pytest

from samurai_lab import CASTES, EDITION_1998, EDITION_2015, Resolution
from samurai_lab.knizia.core.rules import decide, is_surrounded

from helpers_positions import FILLER, events_at, filled, land_around, pieces_at, play, position, sea_around, winners_at

H, B, R = CASTES


def test_only_land_neighbours_must_be_filled():
    s = position(2, pieces={"HO23": "H"}, tiles={"HO18": (1, "H3")}, hands={0: "H2"})
    assert len(sea_around(s, "HO23")) == 4 and land_around(s, "HO23") == ["HO18", "HO22"]
    assert not is_surrounded(s, s.board.resolve("HO23"))
    s = play(s, "H2@HO22")
    assert is_surrounded(s, s.board.resolve("HO23"))
    assert events_at(s, "HO23") == [Resolution(s.board.resolve("HO23"), H, 1, (2, 3))]
    assert pieces_at(s, "HO23") == "" and s.captured[1][0] == position(2, pieces={"HO23": "H"}).captured[1][0] + 1


def test_ships_on_adjacent_sea_add_influence():
    s = position(2, pieces={"HO23": "H"}, tiles={"HO18": (1, "H3"), "SEA37": (0, "W2")}, hands={0: "H2"})
    s = play(s, "H2@HO22")
    assert winners_at(s, "HO23") == {"H": 0} and s.events[0].tallies == (4, 3)


def test_tiles_further_away_do_not_count():
    s = position(2, pieces={"HO23": "H"}, tiles={"HO18": (1, "H3"), "HO17": (0, "H4"), "SEA40": (0, "W2")},
                 hands={0: "H2"})
    assert "HO17" not in land_around(s, "HO23") and "SEA40" not in sea_around(s, "HO23")
    s = play(s, "H2@HO22")
    assert winners_at(s, "HO23") == {"H": 1} and s.events[0].tallies == (2, 3)


def test_each_piece_is_decided_separately():
    s = position(2, pieces={"HO07": "HB"}, tiles={"HO04": (0, "H4"), "HO05": (1, "B3"), "HO08": (1, FILLER)},
                 hands={0: "R2"})
    before = s.captured
    s = play(s, "R2@HO10")
    assert winners_at(s, "Akita") == {"H": 0, "B": 1}
    assert {r.caste: r.tallies for r in s.events} == {H: (4, 0), B: (0, 3)}
    assert s.captured[0][0] == before[0][0] + 1 and s.captured[1][1] == before[1][1] + 1
    assert pieces_at(s, "Akita") == ""


def test_caste_tiles_count_only_for_their_caste_and_wild_tiles_for_all():
    s = position(2, pieces={"HO35": "BR"}, hands={0: "H3"},
                 tiles={"HO31": (0, "B4"), "HO32": (0, "R2"), "HO34": (1, "R3"), "HO38": (1, "H4"),
                        "SEA49": (1, "W1")})
    s = play(s, "H3@HO39")
    assert {r.caste: (r.tallies, r.winner) for r in events_at(s, "Kyoto")} == {B: ((4, 1), 0), R: ((2, 4), 1)}


def test_samurai_and_ronin_count_for_every_caste():
    s = position(2, pieces={"HO07": "HB"}, tiles={"HO04": (0, "S2"), "HO05": (1, "B2"), "HO08": (1, "H2")},
                 hands={0: "N1"})
    s = play(s, "N1@HO10")
    assert {r.caste: (r.tallies, r.winner) for r in s.events} == {H: ((3, 2), 0), B: ((3, 2), 0)}


def test_strict_highest_takes_a_tie_for_the_highest_sets_aside():
    s = position(3, pieces={"HO23": "H"}, tiles={"HO18": (1, "H3"), "SEA37": (2, "W1")}, hands={0: "S3"})
    aside = s.set_aside
    s = play(s, "S3@HO22")
    assert events_at(s, "HO23") == [Resolution(s.board.resolve("HO23"), H, None, (3, 3, 1))]
    assert s.set_aside == (aside[0] + 1, aside[1], aside[2]) and pieces_at(s, "HO23") == ""


def test_a_tie_below_the_top_does_not_matter():
    s = position(3, pieces={"HO23": "H"}, tiles={"HO18": (1, "S1"), "SEA37": (2, "W1")}, hands={0: "H4"})
    s = play(s, "H4@HO22")
    assert winners_at(s, "HO23") == {"H": 0} and s.events[0].tallies == (4, 1, 1)


def test_all_zero_is_a_tie_even_with_one_player_around():
    s = position(2, pieces={"HO23": "H"}, tiles={"HO18": (0, "R4")}, hands={0: "B4"})
    s = play(s, "B4@HO22")
    assert events_at(s, "HO23")[0].winner is None and events_at(s, "HO23")[0].tallies == (0, 0)
    assert pieces_at(s, "HO23") == ""


@pytest.mark.parametrize("tallies, winner", [
    ((3, 2), 0), ((2, 3, 1), 1), ((3, 3), None), ((0, 0, 0, 0), None), ((1, 4, 4, 0), None), ((0, 0, 1, 0), 2),
])
def test_decide(tallies, winner):
    assert decide(tallies) == winner


def test_edo_needs_all_six_land_neighbours_and_no_sea():
    s = position(2, tiles=filled(["HO16", "HO17", "HO20", "HO22", "HO26"]), hands={0: "S1"})
    assert pieces_at(s, "Edo") == "HBR" and sea_around(s, "Edo") == []
    s = play(s, "S1@HO27")
    assert winners_at(s, "Edo") == {"H": 0, "B": 0, "R": 0}
    assert all(r.tallies == (1, 0) for r in s.events)


def test_one_tile_can_close_two_settlements():
    # HO11 touches HO09 and HO12
    s = position(2, pieces={"HO09": "B", "HO12": "R"},
                 tiles={**filled(["HO06", "HO08", "HO10", "HO13", "HO15", "HO16"]), "SEA34": (1, "W1")},
                 hands={0: "S2"})
    s = play(s, "S2@HO11")
    assert winners_at(s, "HO09") == {"B": 0} and winners_at(s, "HO12") == {"R": 0}
    assert events_at(s, "HO12")[0].tallies == (2, 1)


def test_tiles_stay_on_the_board_after_a_capture():
    s = play(position(2, pieces={"HO23": "H"}, tiles={"HO18": (1, "H3")}, hands={0: "H2"}), "H2@HO22")
    assert s.tiles[s.board.resolve("HO18")] is not None and s.tiles[s.board.resolve("HO22")] is not None


def test_an_emptied_settlement_is_not_resolved_again():
    s = position(2, pieces={"HO23": ""}, tiles={"HO18": (1, "H3")}, hands={0: "H2"})
    s = play(s, "H2@HO22")
    assert s.events == ()


# --- capture timing (R2) ---------------------------------------------------

def ship_after_closing(ruleset):
    s = position(2, ruleset, pieces={"HO23": "H"}, tiles={"HO18": (1, "H3")}, hands={0: "H2 W2"})
    return play(s, "H2@HO22", "W2@SEA37")


def test_r2_instant_a_ship_after_the_closing_tile_comes_too_late():
    s = play(position(2, EDITION_1998, pieces={"HO23": "H"}, tiles={"HO18": (1, "H3")}, hands={0: "H2 W2"}),
             "H2@HO22")
    assert winners_at(s, "HO23") == {"H": 1} and s.events[0].tallies == (2, 3)
    s = play(s, "W2@SEA37")
    assert s.events == ()
    s = play(s, "end")
    assert s.captured[0][0] == position(2, EDITION_1998, pieces={"HO23": "H"}).captured[0][0]


def test_r2_end_of_turn_a_ship_after_the_closing_tile_counts():
    s = ship_after_closing(EDITION_2015)
    assert pieces_at(s, "HO23") == "H" and s.events == ()
    before = s.captured
    s = play(s, "end")
    assert pieces_at(s, "HO23") == ""
    assert s.captured[0] == (before[0][0] + 1, before[0][1], before[0][2])
    assert s.current == 1


def test_r2_end_of_turn_events_of_the_end():
    s = play(ship_after_closing(EDITION_2015), "end")
    assert winners_at(s, "HO23") == {"H": 0} and s.events[0].tallies == (4, 3)


def lift_after_closing(ruleset):
    """HO12 (Helmet): player 0 closes it with the ronin, then moves his Helmet 4 away from it."""
    s = position(2, ruleset, pieces={"HO12": "H"}, hands={0: "N1 M"},
                 tiles={"HO10": (0, "H4"), "HO11": (1, "H3"), **filled(["HO13", "HO15"])})
    return play(s, "N1@HO16", "M HO10>HO20")


def test_r2_instant_moving_a_tile_away_after_closing_changes_nothing():
    s = position(2, EDITION_1998, pieces={"HO12": "H"}, hands={0: "N1 M"},
                 tiles={"HO10": (0, "H4"), "HO11": (1, "H3"), **filled(["HO13", "HO15"])})
    s = play(s, "N1@HO16")
    assert winners_at(s, "HO12") == {"H": 0} and s.events[0].tallies == (5, 3)
    s = play(s, "M HO10>HO20", "end")
    assert pieces_at(s, "HO12") == ""


def test_r2_end_of_turn_moving_a_tile_away_after_closing_changes_the_outcome():
    s = lift_after_closing(EDITION_2015)
    i = s.board.resolve("HO12")
    assert is_surrounded(s, i), "the move tile keeps the hex filled"
    before = s.captured
    s = play(s, "end")
    assert s.captured[1][0] == before[1][0] + 1 and s.captured[0][0] == before[0][0], "1 against 3: player 1 takes it"


def test_r2_end_of_turn_resolves_every_surrounded_settlement_at_the_end():
    s = position(2, EDITION_2015, pieces={"HO23": "H", "HO07": "HB"}, hands={0: "N1 S2 W1"},
                 tiles={"HO18": (1, FILLER), **filled(["HO04", "HO05", "HO08"])})
    s = play(s, "N1@HO22", "S2@HO10")
    assert pieces_at(s, "HO23") == "H" and pieces_at(s, "Akita") == "HB"
    s = play(s, "end")
    assert pieces_at(s, "HO23") == "" and pieces_at(s, "Akita") == ""


# --- rulebook examples of the 2015 edition on the real map ---------------------

def test_e8_green_takes_a_lone_buddha_3_to_2():
    red, green = 1, 2
    s = position(3, EDITION_2015, pieces={"HO23": "B"}, tiles={"HO18": (red, "S2")}, hands={green: "B3"},
                 current=green)
    before = s.captured[green]
    s = play(s, "B3@HO22", "end")
    assert pieces_at(s, "HO23") == "" and s.captured[green] == (before[0], before[1] + 1, before[2])


@pytest.mark.parametrize("ruleset", [EDITION_2015, EDITION_1998], ids=["end_of_turn", "instant"])
def test_e9_one_buddha_4_surrounds_two_settlements(ruleset):
    """Gold lays a Ronin 1, then a Buddha 4 on the hex shared by HO28 (a Buddha) and Kyoto (a Buddha and a Rice)."""
    gold, red, green, purple = range(4)
    s = position(4, ruleset, pieces={"HO28": "B", "HO35": "BR", "HO42": ""}, hands={gold: "N1 B4"}, tiles={
        "HO25": (red, "S2"), "SEA43": (red, "W1"), "HO29": (purple, FILLER),  # around HO28
        "SEA49": (green, "W1"), "HO32": (green, "B3"), "HO34": (red, "R2"), "HO38": (purple, "H2"),
        "HO39": (purple, FILLER),  # around Kyoto
    })
    before = s
    s = play(s, "N1@HO24", "B4@HO31")
    if ruleset is EDITION_2015:
        assert pieces_at(s, "HO28") == "B" and pieces_at(s, "Kyoto") == "BR"
        s = play(s, "end")
    else:
        right, left = s.board.resolve("HO28"), s.board.resolve("Kyoto")
        assert {(r.hex, r.caste): (r.winner, r.tallies) for r in s.events} == {
            (right, B): (gold, (5, 3, 0, 0)),
            (left, B): (None, (4, 0, 4, 0)),
            (left, R): (red, (0, 2, 1, 0)),
        }
    assert pieces_at(s, "HO28") == "" and pieces_at(s, "Kyoto") == ""
    assert s.captured[gold][1] == before.captured[gold][1] + 1
    assert s.captured[red][2] == before.captured[red][2] + 1
    assert s.captured[purple] == before.captured[purple] and s.captured[green] == before.captured[green]
    assert s.set_aside == (0, 1, 0)
