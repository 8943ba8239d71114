"""End of the game: a caste leaves the board, 4 pieces set aside, R4, and R1 (passing)."""

from __future__ import annotations

import re

import pytest

from samurai_lab import EDITION_1998, EDITION_2015, EndTurn, IllegalMoveError, Pass, Phase, parse_action
from samurai_lab.knizia.core.scoring import score_state

from helpers_positions import FILLER, filled, pieces_at, play, position, tiles_of, winners_at

# One Rice piece left on the board (HO23), one Helmet village (HO12) also nearly closed.
LAST_RICE = dict(
    pieces={"HO23": "R", "HO12": "H", "HO07": "HB", "HO21": "HB"}, clear_pieces=True,
    tiles={"HO18": (1, FILLER), **filled(["HO10", "HO11", "HO13", "HO15"])},
    hands={0: "R2 W1 N1 S1"}, piles={0: "S2 S3"},
)


def last_rice(ruleset):
    return position(2, ruleset, **LAST_RICE)


def test_the_last_piece_of_a_caste_leaving_the_board_ends_the_game():
    s = last_rice(EDITION_1998)
    assert s.pieces_on_board()[2] == 1 and s.end_reason is None
    s = play(s, "R2@HO22")
    assert winners_at(s, "HO23") == {"R": 0}
    assert s.end_reason == "no Rice field piece is left on the board"


def test_r4_finish_turn_the_player_completes_his_turn_and_later_captures_count():
    s = play(last_rice(EDITION_1998), "R2@HO22")
    assert s.phase is Phase.PLAY and s.end_reason
    legal = s.legal_actions()
    assert parse_action("W1@SEA20") in legal and EndTurn() in legal
    caught = s.captured[0]
    s = play(s, "W1@SEA20", "N1@HO16")
    assert winners_at(s, "HO12") == {"H": 0}
    assert s.captured[0] == (caught[0] + 1, caught[1], caught[2])
    assert s.end_reason == "no Rice field piece is left on the board", "the first reason stays"
    s = play(s, "end")
    assert s.phase is Phase.GAME_OVER and s.is_over
    assert s.legal_actions() == []
    with pytest.raises(IllegalMoveError, match="the game is over"):
        s.apply(parse_action("S1@HO02"))


def test_r4_stop_at_once():
    s = play(last_rice(EDITION_1998.with_options(instant_end="stop_at_once")), "R2@HO22")
    assert s.phase is Phase.GAME_OVER and s.end_reason == "no Rice field piece is left on the board"
    assert winners_at(s, "HO23") == {"R": 0}
    assert s.legal_actions() == []
    for action in ("W1@SEA20", "end", "pass"):
        with pytest.raises(IllegalMoveError, match="the game is over"):
            s.apply(parse_action(action))


@pytest.mark.parametrize("instant_end", ["finish_turn", "stop_at_once"])
def test_under_end_of_turn_the_turn_is_always_complete(instant_end):
    s = play(last_rice(EDITION_2015.with_options(instant_end=instant_end)), "R2@HO22")
    assert s.phase is Phase.PLAY and s.end_reason is None and pieces_at(s, "HO23") == "R"
    s = play(s, "N1@HO16")
    assert s.phase is Phase.PLAY and s.end_reason is None
    s = play(s, "end")
    assert s.phase is Phase.GAME_OVER and s.end_reason == "no Rice piece is left on the board"
    assert pieces_at(s, "HO23") == "" and pieces_at(s, "HO12") == ""


def test_the_game_goes_on_while_every_caste_is_on_the_board():
    s = position(2, pieces={"HO23": "R", "HO12": "R"}, tiles={"HO18": (1, FILLER)}, hands={0: "R2"})
    s = play(s, "R2@HO22", "end")
    assert s.end_reason is None and s.phase is Phase.PLAY and s.current == 1


def tie_position(ruleset, set_aside):
    return position(2, ruleset, pieces={"HO23": "H"}, tiles={"HO18": (0, "R4")}, hands={0: "B4 W1"},
                    set_aside=set_aside)


@pytest.mark.parametrize("ruleset", [EDITION_1998, EDITION_2015], ids=["instant", "end_of_turn"])
def test_the_fourth_piece_set_aside_ends_the_game(ruleset):
    s = play(tie_position(ruleset, (1, 1, 1)), "B4@HO22", "end")
    assert s.set_aside == (2, 1, 1)
    assert s.phase is Phase.GAME_OVER and s.end_reason == "4 pieces have been set aside by ties"


def test_three_pieces_set_aside_do_not_end_the_game():
    s = play(tie_position(EDITION_1998, (0, 2, 0)), "B4@HO22")
    assert s.set_aside == (1, 2, 0) and s.end_reason is None
    s = play(s, "end")
    assert s.phase is Phase.PLAY and s.current == 1


# --- R1: no legal play ---------------------------------------------------------

def stuck(n=2):
    """Every player holds only a move tile and has no tile of his own on the board: nothing to play."""
    return position(n, hands={p: "M" for p in range(n)}, piles={0: "S1 S2"})


def test_a_player_who_cannot_place_a_tile_may_only_pass():
    s = stuck()
    assert s.legal_actions() == [Pass()]
    with pytest.raises(IllegalMoveError, match="a player must play at least one (?:tile|token) each turn"):
        s.apply(EndTurn())
    s = play(s, "pass")
    assert s.current == 1 and s.passes == 1 and s.phase is Phase.PLAY


def test_passing_draws_nothing():
    s = play(stuck(), "pass")
    assert s.hands[0] == tiles_of("M") and s.piles[0] == tiles_of("S1 S2") and s.pile_sizes[0] == 2


def test_an_empty_hand_can_only_pass():
    s = position(2, hands={0: ""}, piles={0: ""})
    assert s.legal_actions() == [Pass()]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_all_players_passing_in_a_row_ends_the_game(n):
    s = stuck(n)
    for p in range(n):
        assert s.phase is Phase.PLAY and s.current == p
        s = play(s, "pass")
    assert s.phase is Phase.GAME_OVER
    assert re.fullmatch(r"no player can place a (?:tile|token) \(every player passed in a row\)", s.end_reason)
    assert score_state(s).winners


def test_a_tile_between_passes_breaks_the_row():
    s = position(3, hands={0: "M", 1: "W1", 2: "M"})
    s = play(s, "pass", "W1@SEA20", "end", "pass")
    assert s.passes == 1 and s.current == 0
    s = play(s, "pass")
    assert s.phase is Phase.PLAY and s.passes == 2 and s.current == 1
