"""A turn: at least one tile, one normal tile plus any fast tiles, where tiles may go, refilling the hand."""

from __future__ import annotations

import re

import pytest

from samurai_lab import (EDITION_1998, EDITION_2015, EndTurn, IllegalMoveError, Pass, PlaceTile, parse_action, tile,
                         why_illegal)

from helpers_positions import FILLER, play, position, tiles_of

HAND = "H2 B3 N1 W1 W2"


def start(ruleset=EDITION_1998, hand=HAND, pile="S1 S2 S3 R2 R3", **kw):
    return position(2, ruleset, hands={0: hand}, piles={0: pile}, **kw)


def test_a_turn_needs_at_least_one_tile():
    s = start()
    assert EndTurn() not in s.legal_actions()
    with pytest.raises(IllegalMoveError, match="a player must play at least one (?:tile|token) each turn"):
        s.apply(EndTurn())
    s = play(s, "H2@HO02")
    assert EndTurn() in s.legal_actions()


def test_one_normal_tile_per_turn():
    s = play(start(), "H2@HO02")
    with pytest.raises(IllegalMoveError, match="only one token without the Japanese character may be played per turn"):
        s.apply(parse_action("B3@HO04"))
    assert all(a.tile.fast for a in s.legal_actions() if isinstance(a, PlaceTile))


def test_the_rule_speaks_the_2015_words():
    s = play(start(EDITION_2015), "H2@HO02")
    with pytest.raises(IllegalMoveError, match="only one tile without the quick icon may be played per turn"):
        s.apply(parse_action("B3@HO04"))


def test_any_number_of_fast_tiles_in_any_order():
    s = start()
    s = play(s, "W1@SEA20", "N1@HO02", "B3@HO04", "W2@SEA21")
    assert s.played_this_turn == 4 and s.normal_played
    assert s.hands[0] == tiles_of("H2")
    s = play(s, "end")
    assert s.current == 1 and s.turn == 2


def test_a_turn_of_fast_tiles_only_is_legal():
    s = play(start(), "W2@SEA20", "end")
    assert s.current == 1
    s = play(start(), "N1@HO02")
    assert not s.normal_played and EndTurn() in s.legal_actions()


def test_refill_to_five_from_the_own_pile():
    s = start()
    s = play(s, "W1@SEA20", "H2@HO02", "end")
    assert s.hands[0] == tuple(sorted(tiles_of("B3 N1 W2 S1 S2"), key=lambda t: t.rank))
    assert s.piles[0] == tiles_of("S3 R2 R3") and s.pile_sizes[0] == 3
    assert s.hands[1] == start().hands[1], "the other player's hand is untouched"


def test_refill_only_while_the_pile_lasts():
    s = play(start(pile="S1"), "W1@SEA20", "H2@HO02", "end")
    assert len(s.hands[0]) == 4 and s.pile_sizes[0] == 0 and s.piles[0] == ()
    s = play(start(pile=""), "W1@SEA20", "end")
    assert len(s.hands[0]) == 4


def test_ships_only_on_empty_sea():
    s = start()
    with pytest.raises(IllegalMoveError, match="ships may be placed only on empty sea hexes"):
        s.apply(parse_action("W1@HO02"))
    s = play(s, "W1@SEA20")
    with pytest.raises(IllegalMoveError, match="that hex already holds a token"):
        s.apply(parse_action("W2@SEA20"))
    ship_targets = {a.hex for a in s.legal_actions() if isinstance(a, PlaceTile) and a.tile.code == "W2"}
    assert ship_targets == {s.board.ids[i] for i in s.board.sea} - {"SEA20"}


@pytest.mark.parametrize("code", ["H2", "N1"])
def test_only_ships_go_on_the_sea(code):
    with pytest.raises(IllegalMoveError, match="only ships may be placed on the sea; other tokens go on empty land"):
        start().apply(parse_action(f"{code}@SEA20"))


@pytest.mark.parametrize("action", ["H2@HO21", "N1@Edo", "W1@HO21", "B3@HO07", "H2@HO12"])
def test_nothing_goes_on_a_settlement(action):
    with pytest.raises(IllegalMoveError, match="tokens are never placed on a village, a city or Edo"):
        start().apply(parse_action(action))


def test_occupied_hexes_are_refused():
    s = start(tiles={"HO02": (1, "S1")})
    with pytest.raises(IllegalMoveError, match="that hex already holds a token"):
        s.apply(parse_action("H2@HO02"))
    land_targets = {a.hex for a in s.legal_actions() if isinstance(a, PlaceTile) and a.tile.code == "H2"}
    assert land_targets == {s.board.ids[i] for i in s.board.land} - {"HO02"}


def test_only_tiles_in_the_hand():
    with pytest.raises(IllegalMoveError, match="you do not hold a Rice field 4 token"):
        start().apply(parse_action("R4@HO02"))


def test_swap_and_move_tiles_are_not_laid_like_others():
    s = start(hand="X M H2 W1 N1")
    with pytest.raises(IllegalMoveError, match="the figure exchange never lies on the board"):
        s.apply(PlaceTile(tile("X"), "HO02"))
    with pytest.raises(IllegalMoveError, match="the token exchange is played by lifting one of your own"):
        s.apply(PlaceTile(tile("M"), "HO02"))


def test_refusals_speak_the_1998_words():
    """RULINGS.md: the UI speaks the vocabulary of the edition picked (1998: token, not tile)."""
    s = start(hand="X M H2 W1 N1")
    refusals = [why_illegal(s, a) for a in (EndTurn(), Pass(), parse_action("R4@HO02"), PlaceTile(tile("M"), "HO02"),
                                            PlaceTile(tile("H4"), "SEA20"))]
    refusals.append(why_illegal(play(s, "W1@SEA20"), Pass()))
    assert all(refusals)
    assert not [r for r in refusals if re.search(r"\btiles?\b", r)]


def test_unknown_hexes_and_hexes_not_in_play():
    s = start()
    with pytest.raises(IllegalMoveError, match="there is no hex 'QQ1' on the map"):
        s.apply(PlaceTile(tile("H2"), "QQ1"))
    with pytest.raises(IllegalMoveError, match="hex 'HK03' is not in play with 2 players"):
        s.apply(parse_action("H2@HK03"))
    with pytest.raises(IllegalMoveError, match="not in play with 2 players"):
        s.apply(parse_action("W1@SEA01"))


def test_hex_names_are_accepted_where_ids_are():
    s = play(start(), "H2@ho02")
    assert s.tiles[s.board.resolve("HO02")].tile.code == "H2"


def test_illegal_move_error_is_a_value_error_naming_the_action():
    with pytest.raises(ValueError) as e:
        start().apply(parse_action("W1@HO02"))
    err = e.value
    assert isinstance(err, IllegalMoveError)
    assert str(err).startswith("W1@HO02: ") and err.action == parse_action("W1@HO02")
    assert why_illegal(start(), parse_action("W1@HO02")) == err.reason


def test_the_original_state_is_never_changed():
    s = start()
    before = (s.tiles, s.hands, s.piles, s.current)
    play(s, "H2@HO02", "W1@SEA20", "end")
    assert (s.tiles, s.hands, s.piles, s.current) == before


def test_turns_go_round_the_table():
    s = position(3, hands={0: HAND, 1: HAND, 2: HAND})
    order = []
    for _ in range(4):
        order.append(s.current)
        s = s.apply(next(a for a in s.legal_actions() if isinstance(a, PlaceTile))).apply(EndTurn())
    assert order == [0, 1, 2, 0]


def test_a_player_with_tiles_to_play_may_not_pass():
    s = start()
    assert Pass() not in s.legal_actions()
    with pytest.raises(IllegalMoveError, match=r"passing is allowed only when no (?:tile|token) can be placed \(R1\)"):
        s.apply(Pass())
    s = play(s, "W1@SEA20")
    with pytest.raises(IllegalMoveError, match="you have played a (?:tile|token) this turn: end the turn instead of passing"):
        s.apply(Pass())


def test_filler_tiles_do_not_count_as_the_players_own():
    """Sanity check of the test helper: the filler is a move tile, which the move tile cannot lift."""
    s = start(hand="M H2 W1 N1 B3", tiles={"HO02": (0, FILLER)})
    assert not any(str(a).startswith("M ") for a in s.legal_actions())


@pytest.mark.parametrize("text", ["H4@HO05", "W1@SEA12", "X HO07:H HO12:B", "M HO05>HO20", "end", "pass",
                                  "piece B@HO35", "pick S3"])
def test_action_notation_round_trip(text):
    assert str(parse_action(text)) == text
    assert parse_action(text.lower()) == parse_action(text)


def test_unreadable_notation_says_what_is_expected():
    with pytest.raises(ValueError, match="cannot read action 'H4 to HO05': expected e.g. 'H4@HO05'"):
        parse_action("H4 to HO05")
    with pytest.raises(ValueError, match="unknown tile 'Z9'"):
        parse_action("Z9@HO05")
