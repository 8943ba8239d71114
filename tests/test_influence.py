"""Influence tallies per settlement x caste x player, and previews of actions not yet played."""

from __future__ import annotations

import pytest

from samurai_lab import (CASTES, EDITION_1998, EDITION_2015, EndTurn, IllegalMoveError, Resolution, all_tallies,
                         parse_action, pending_resolutions, preview, settlement_tally)

from helpers_positions import FILLER, filled, pieces_at, play, position

H, B, R = CASTES


def kyoto(ruleset=EDITION_1998, n=3, **kw):
    """Kyoto (Buddha, Rice) with four of its five land hexes filled and a ship on its one sea hex."""
    return position(n, ruleset, pieces={"HO35": "BR"}, hands={0: "H3 W1 S2"},
                    tiles={"HO31": (0, "B4"), "HO32": (0, "R2"), "HO34": (1, "R3"), "HO38": (2, "H4"),
                           "SEA49": (1, "W1")}, **kw)


def test_settlement_tally_of_an_open_settlement():
    s = kyoto()
    t = settlement_tally(s, s.board.resolve("Kyoto"))
    assert t.pieces == (B, R) and t.empty_land == 1 and not t.surrounded
    assert t.for_caste(H).tallies == (0, 1, 4) and not t.for_caste(H).present and t.for_caste(H).leader == 2
    assert t.for_caste(B).tallies == (4, 1, 0) and t.for_caste(B).present and t.for_caste(B).leader == 0
    assert t.for_caste(R).tallies == (2, 4, 0) and t.for_caste(R).leader == 1
    assert [c.caste for c in t.castes] == [H, B, R]


def test_tally_leader_is_none_on_a_tie():
    s = position(2, pieces={"HO23": "H"}, tiles={"HO18": (0, "H2"), "SEA37": (1, "W2")})
    t = settlement_tally(s, s.board.resolve("HO23"))
    assert t.for_caste(H).tallies == (2, 2) and t.for_caste(H).leader is None
    assert t.for_caste(B).tallies == (0, 2) and t.for_caste(B).leader == 1
    assert t.empty_land == 1


def test_tally_of_a_closed_settlement():
    s = play(kyoto(), "H3@HO39")
    t = settlement_tally(s, s.board.resolve("Kyoto"))
    assert t.surrounded and t.empty_land == 0 and t.pieces == ()
    assert not any(c.present for c in t.castes)
    assert t.for_caste(H).tallies == (3, 1, 4)


def test_empty_land_counts_of_an_empty_board():
    s = position(4)
    tallies = all_tallies(s)
    assert set(tallies) == set(s.board.settlements)
    for i, t in tallies.items():
        assert t.empty_land == len(s.board.land_neighbours[i]) and not t.surrounded
        assert all(c.tallies == (0, 0, 0, 0) and c.leader is None for c in t.castes)


def test_preview_reports_the_captures_without_changing_the_state():
    s = kyoto()
    before = (s.tiles, s.pieces, s.captured, s.hands, s.set_aside)
    p = preview(s, parse_action("H3@HO39"))
    assert (s.tiles, s.pieces, s.captured, s.hands, s.set_aside) == before
    k = s.board.resolve("Kyoto")
    assert set(p.resolutions) >= {Resolution(k, B, 0, (4, 1, 0)), Resolution(k, R, 1, (2, 4, 0))}
    assert p.after == s.apply(parse_action("H3@HO39"))
    assert p.game_ends is None


def test_preview_of_a_quiet_action():
    p = preview(kyoto(), parse_action("W1@SEA20"))
    assert p.resolutions == () and p.game_ends is None


def test_preview_refuses_an_illegal_action():
    with pytest.raises(IllegalMoveError, match="ships may be placed only on empty sea hexes"):
        preview(kyoto(), parse_action("W1@HO39"))


def test_preview_under_end_of_turn_shows_what_the_end_will_resolve():
    s = kyoto(EDITION_2015)
    p = preview(s, parse_action("H3@HO39"))
    k = s.board.resolve("Kyoto")
    assert p.after.pieces[k] == (B, R), "nothing is resolved before the end of the turn"
    assert [(r.hex, r.caste, r.winner) for r in p.resolutions if r.hex == k] == [(k, B, 0), (k, R, 1)]
    assert pending_resolutions(p.after) == p.resolutions
    # a ship far from Kyoto changes nothing pending
    p2 = preview(p.after, parse_action("W1@SEA20"))
    assert p2.resolutions == p.resolutions
    after_end = play(p.after, "end")
    assert pieces_at(after_end, "Kyoto") == ""


def test_pending_resolutions_are_empty_between_turns():
    s = position(2)
    assert pending_resolutions(s) == ()


def test_preview_tells_when_the_game_would_end():
    kw = dict(pieces={"HO23": "R", "HO12": "H", "HO07": "HB", "HO21": "HB"}, clear_pieces=True,
              tiles={"HO18": (1, FILLER)}, hands={0: "R2 W1"})
    for ruleset in (EDITION_1998, EDITION_2015):
        p = preview(position(2, ruleset, **kw), parse_action("R2@HO22"))
        assert p.game_ends == f"no {ruleset.vocabulary.caste(R)} piece is left on the board"


def test_preview_of_the_end_of_turn_under_end_of_turn():
    s = play(kyoto(EDITION_2015), "H3@HO39")
    p = preview(s, EndTurn())
    k = s.board.resolve("Kyoto")
    assert [(r.caste, r.winner) for r in p.resolutions if r.hex == k] == [(B, 0), (R, 1)]


def test_tallies_follow_ownership_not_the_current_player():
    s = position(2, pieces={"HO12": "R"}, tiles={"HO10": (1, "R4"), "HO11": (0, "S3"), **filled(["HO13"])})
    t = settlement_tally(s, s.board.resolve("HO12"))
    assert t.for_caste(R).tallies == (3, 4)
    assert settlement_tally(s.view(1), s.board.resolve("HO12")) == t
