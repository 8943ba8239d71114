"""Glicko-2 against the worked example of Glickman's paper, and the puzzle duel's directions."""

from __future__ import annotations

import pytest

from samurai_lab.common.glicko2 import MAX_DEVIATION, Rating, duel, expected_score, rate


def test_the_papers_worked_example() -> None:
    player = Rating(1500, 200, 0.06)
    games = [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)]
    after = rate(player, games, tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_no_game_only_widens_the_deviation() -> None:
    after = rate(Rating(1500, 200, 0.06), [])
    assert after.rating == 1500 and 200 < after.deviation < 201 and after.volatility == 0.06
    assert rate(Rating(1500, 349.9, 0.06), []).deviation == MAX_DEVIATION


def test_a_solved_puzzle_raises_the_player_and_lowers_the_puzzle() -> None:
    player, puzzle = Rating(), Rating(1400, 150, 0.06)
    won_player, won_puzzle = duel(player, puzzle, solved=True)
    lost_player, lost_puzzle = duel(player, puzzle, solved=False)
    assert won_player.rating > player.rating > lost_player.rating
    assert won_puzzle.rating < puzzle.rating < lost_puzzle.rating
    assert won_player.deviation < player.deviation and lost_player.deviation < player.deviation
    # an uncertain newcomer moves much more than a puzzle known well
    assert abs(won_player.rating - player.rating) > 3 * abs(won_puzzle.rating - puzzle.rating)


def test_expected_score() -> None:
    assert expected_score(Rating(1500), Rating(1500)) == pytest.approx(0.5)
    assert expected_score(Rating(1700, 50), Rating(1500, 50)) > 0.7
