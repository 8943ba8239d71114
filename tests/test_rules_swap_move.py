"""The swap tile (figure exchange) and the move tile (token exchange), R3 included."""

from __future__ import annotations

import pytest

from samurai_lab import (CASTES, EDITION_1998, EDITION_2015, EndTurn, IllegalMoveError, MoveTile, Pass,
                         Swap, parse_action, tile)
from samurai_lab.knizia.core.rules import empty_land_around, influence

from helpers_positions import FILLER, pieces_at, play, position, tiles_of, winners_at

H, B, R = CASTES
PIECES = {"HO07": "HB", "HO12": "H", "HO23": "R", "HO35": "BR", "HO14": "B"}


def swap_position(ruleset=EDITION_1998, hand="X H2 W1 N1 B3", **kw):
    return position(2, ruleset, pieces=PIECES, hands={0: hand}, **kw)


# --- swap -------------------------------------------------------------------

def test_swap_exchanges_two_pieces_of_two_settlements():
    s = play(swap_position(), "X HO07:H HO23:R")
    assert pieces_at(s, "Akita") == "BR" and pieces_at(s, "HO23") == "H"
    assert s.played_this_turn == 1 and not s.normal_played


def test_the_swap_tile_leaves_the_game():
    before = swap_position()
    s = play(before, "X HO07:H HO23:R")
    assert s.discarded[0] == tiles_of("X") and s.discarded[1] == ()
    assert s.hands[0] == tiles_of("H2 B3 N1 W1") and tile("X") not in s.hands[0]
    assert s.tiles == before.tiles, "the swap tile never lies on the board"
    s = play(s, "end")
    assert s.discarded[0] == tiles_of("X")
    assert s.hand_sizes()[0] == 5 and s.view(1).hand_sizes() == s.hand_sizes()


def test_swap_is_fast_before_or_after_the_normal_tile():
    s = play(swap_position(), "H2@HO02", "X HO07:H HO23:R", "end")
    assert s.current == 1
    s = play(swap_position(), "X HO07:H HO23:R", "B3@HO02", "W1@SEA20", "end")
    assert s.current == 1
    assert play(swap_position(), "X HO07:H HO23:R").legal_actions()[-1] == EndTurn()


def test_swap_needs_two_different_settlements():
    with pytest.raises(IllegalMoveError, match="the figure exchange exchanges two pieces lying in two different settlements"):
        swap_position().apply(parse_action("X HO07:H HO07:B"))


def test_no_settlement_may_end_with_two_alike():
    s = swap_position()
    with pytest.raises(IllegalMoveError, match=r"after the swap .* would hold two [A-Za-z ]+s: no settlement may hold two pieces of the same caste"):
        s.apply(parse_action("X HO07:B HO12:H"))  # Akita would hold two Helmets
    with pytest.raises(IllegalMoveError, match="no settlement may hold two"):
        s.apply(parse_action("X Edo:H HO23:R"))  # Edo would hold two Rice fields
    assert Swap("HO07", B, "HO12", H) not in s.legal_actions()
    assert Swap("HO07", H, "HO12", H) in s.legal_actions(), "exchanging two alike is allowed (and changes nothing)"


def test_a_full_edo_can_only_exchange_alike_and_2015_words():
    s = swap_position()
    with pytest.raises(IllegalMoveError, match="no settlement may hold two"):
        s.apply(parse_action("X HO21:R HO14:B"))
    assert pieces_at(play(s, "X HO21:H HO12:H"), "Edo") == "HBR"
    with pytest.raises(IllegalMoveError, match=r"after the swap Akita \(HO07\) would hold two Castles"):
        swap_position(EDITION_2015).apply(parse_action("X HO07:B HO12:H"))


def test_swap_needs_the_named_pieces():
    with pytest.raises(IllegalMoveError, match=r"there is no Rice field piece in Akita \(HO07\)"):
        swap_position().apply(parse_action("X HO07:R HO23:R"))
    with pytest.raises(IllegalMoveError, match="there is no Buddha piece in HO23"):
        swap_position().apply(parse_action("X HO07:H HO23:B"))


def test_swap_notation_and_order():
    a = parse_action("x ho23:r ho07:h")
    assert a == Swap("HO07", H, "HO23", R) == Swap("HO23", R, "HO07", H)
    assert str(a) == "X HO07:H HO23:R"


def test_every_listed_swap_obeys_the_rules():
    s = swap_position()
    swaps = [a for a in s.legal_actions() if isinstance(a, Swap)]
    assert swaps
    for a in swaps:
        after = s.apply(a)
        assert all(len(set(ps)) == len(ps) for ps in after.pieces)
        assert a.hex_a != a.hex_b


def test_swap_over_a_settlement_that_is_now_empty():
    s = position(2, pieces={"HO23": ""}, hands={0: "X W1"})
    assert all("HO23" not in (a.hex_a, a.hex_b) for a in s.legal_actions() if isinstance(a, Swap))


# --- R3: swapping into a settlement surrounded earlier in the turn (end-of-turn capture) ---

def r3_position(ruleset):
    """HO23 (Helmet) has one empty land hex left; player 0 closes it with the ronin, then swaps."""
    return position(2, ruleset, pieces={"HO23": "H", "HO12": "B"}, hands={0: "N1 X W1"},
                    tiles={"HO18": (1, FILLER)})


def test_r3_allowed_swap_into_a_settlement_surrounded_this_turn():
    s = play(r3_position(EDITION_2015), "N1@HO22")
    assert pieces_at(s, "HO23") == "H", "end-of-turn capture: still on the board"
    assert Swap("HO12", B, "HO23", H) in s.legal_actions()
    s = play(s, "X HO23:H HO12:B")
    assert pieces_at(s, "HO23") == "B" and pieces_at(s, "HO12") == "H"
    s = play(s, "end")
    assert pieces_at(s, "HO23") == "" and s.captured[0] == (0, 1, 0), "the swapped-in Buddha is captured"


def test_r3_forbidden():
    s = play(r3_position(EDITION_2015.with_options(swap_into_surrounded="forbidden")), "N1@HO22")
    with pytest.raises(IllegalMoveError, match=r"HO23 is surrounded: its pieces may no longer be exchanged \(R3\)"):
        s.apply(parse_action("X HO23:H HO12:B"))
    swaps = [a for a in s.legal_actions() if isinstance(a, Swap)]
    assert swaps and all("HO23" not in (a.hex_a, a.hex_b) for a in swaps)


def test_r3_does_not_arise_under_instant_capture():
    s = play(r3_position(EDITION_1998), "N1@HO22")
    assert pieces_at(s, "HO23") == "" and winners_at(s, "HO23") == {"H": 0}
    with pytest.raises(IllegalMoveError, match="there is no High Helmet piece in HO23"):
        s.apply(parse_action("X HO23:H HO12:B"))


# --- the move tile ------------------------------------------------------------

MOVE_TILES = {"HO02": (0, "H4"), "SEA20": (0, "W1"), "HO15": (0, "N1"), "HO05": (1, "S2"), "HO11": (0, "S1")}


def move_position(ruleset=EDITION_1998, hand="M H2 W2 B3 R2", tiles=MOVE_TILES, **kw):
    return position(2, ruleset, hands={0: hand}, tiles=tiles, **kw)


def test_move_lifts_an_own_tile_and_leaves_the_move_tile():
    s = play(move_position(), "M HO02>HO08")
    b = s.board
    assert s.tiles[b.resolve("HO08")].tile.code == "H4" and s.tiles[b.resolve("HO08")].owner == 0
    left = s.tiles[b.resolve("HO02")]
    assert left.tile.code == "M" and left.owner == 0 and left.tile.strength == 0
    assert tile("M") not in s.hands[0] and s.normal_played


def test_only_own_normal_tiles_are_listed_for_the_move():
    s = move_position()
    moves = [a for a in s.legal_actions() if isinstance(a, MoveTile)]
    assert {a.from_hex for a in moves} == {"HO02", "HO11"}, "caste tiles and samurai only"
    empty_land = {s.board.ids[i] for i in s.board.land} - set(MOVE_TILES)
    assert {a.to_hex for a in moves} == empty_land


@pytest.mark.parametrize("action, words", [
    ("M SEA20>HO08", r"tokens with the Japanese character \(ships, the ronin\) cannot be moved"),
    ("M HO15>HO08", r"\(ships, the ronin\) cannot be moved"),
    ("M HO05>HO08", "the token exchange can lift only one of your own tokens"),
    ("M HO10>HO08", "there is no token on HO10 to move"),
    ("M HO02>HO02", "the lifted token must go to another hex"),
    ("M HO02>SEA21", "the lifted token must go to an empty land hex"),
    ("M HO02>HO12", "the lifted token must go to an empty land hex"),
    ("M HO02>HO05", "that hex already holds a token"),
    ("M HO02>HK03", "not in play with 2 players"),
])
def test_move_refusals(action, words):
    with pytest.raises(IllegalMoveError, match=words):
        move_position().apply(parse_action(action))


def test_the_move_tile_itself_cannot_be_moved():
    s = move_position(tiles={"HO02": (0, "M")})
    with pytest.raises(IllegalMoveError, match="the token exchange itself cannot be moved"):
        s.apply(parse_action("M HO02>HO08"))


@pytest.mark.parametrize(("position_of", "hand", "action", "ruleset", "refusal"), [
    (swap_position, "H2 W1", "X HO07:H HO23:R", EDITION_1998, "you do not hold the figure exchange"),
    (swap_position, "H2 W1", "X HO07:H HO23:R", EDITION_2015, "you do not hold the swap tile"),
    (move_position, "H2 W2", "M HO02>HO08", EDITION_1998, "you do not hold the token exchange"),
    (move_position, "H2 W2", "M HO02>HO08", EDITION_2015, "you do not hold the move tile"),
], ids=["swap-1998", "swap-2015", "move-1998", "move-2015"])
def test_swap_and_move_need_their_tile(position_of, hand, action, ruleset, refusal):
    with pytest.raises(IllegalMoveError, match=refusal):
        position_of(ruleset, hand=hand).apply(parse_action(action))


def test_move_is_not_playable_without_an_own_normal_tile_on_the_board():
    only_fast = {"SEA20": (0, "W1"), "HO15": (0, "N1"), "HO05": (1, "S2")}
    s = move_position(tiles=only_fast)
    assert not [a for a in s.legal_actions() if isinstance(a, MoveTile)]
    s = move_position(hand="M", tiles=only_fast)
    assert s.legal_actions() == [Pass()], "holding only an unplayable move tile: pass (R1)"
    s = play(s, "pass")
    assert s.current == 1


def test_the_move_tile_is_the_turns_normal_tile():
    s = play(move_position(), "M HO02>HO08")
    with pytest.raises(IllegalMoveError, match="only one token without the Japanese character may be played per turn"):
        s.apply(parse_action("H2@HO10"))
    s = play(s, "W2@SEA21", "end")
    assert s.current == 1
    s = play(move_position(), "H2@HO10")
    with pytest.raises(IllegalMoveError, match="and the token exchange is one"):
        s.apply(parse_action("M HO02>HO08"))
    assert not [a for a in s.legal_actions() if isinstance(a, MoveTile)]


def test_the_move_tile_left_behind_reopens_nothing():
    s = move_position(tiles={"HO10": (0, "H4"), "HO11": (1, FILLER), "HO13": (1, FILLER)},
                      pieces={"HO12": "H"})
    i = s.board.resolve("HO12")
    assert empty_land_around(s, i) == 2 and influence(s, i, H) == (4, 0)
    s = play(s, "M HO10>HO20")
    assert empty_land_around(s, i) == 2, "the hex the tile left is filled by the move tile"
    assert influence(s, i, H) == (0, 0), "the move tile has no value"


def test_a_moved_tile_closes_a_settlement_and_captures_at_once():
    s = move_position(pieces={"HO23": "H"}, tiles={"HO02": (0, "H4"), "HO18": (1, FILLER)})
    s = play(s, "M HO02>HO22")
    assert winners_at(s, "HO23") == {"H": 0} and pieces_at(s, "HO23") == ""
    assert s.events[0].tallies == (4, 0)


def test_a_moved_tile_closes_a_settlement_resolved_at_the_end_of_the_turn():
    s = move_position(EDITION_2015, pieces={"HO23": "H"}, tiles={"HO02": (0, "H4"), "HO18": (1, FILLER)})
    s = play(s, "M HO02>HO22")
    assert pieces_at(s, "HO23") == "H" and s.events == ()
    s = play(s, "end")
    assert pieces_at(s, "HO23") == "" and s.captured[0][0] == 1
