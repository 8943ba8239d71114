"""Iki-zumari puzzles: the themes read from the position and the main line, the rating, what the miner keeps,
and the bundled set (its mix of lengths, every theme named in every language)."""

from __future__ import annotations

from pathlib import Path

import pytest

from samurai_lab.common.puzzle_file import puzzle_files, read_record
from samurai_lab.common.puzzle_search import Solution
from samurai_lab.common.puzzles import theme_text
from samurai_lab.i18n import use_language
from samurai_lab.ikizumari.core.board import BOARD
from samurai_lab.ikizumari.core.moves import parse_move
from samurai_lab.ikizumari.core.position import from_position
from samurai_lab.ikizumari.core.rules import announced_window, play
from samurai_lab.ikizumari.game import GAME
from samurai_lab.ikizumari.teaching.puzzle_themes import (ONE_MOVE_TEMPTING, PUZZLES, THEME_NAMES, rating, stifled_by,
                                                          themes)

worth_keeping = PUZZLES.keeps

PUZZLES = Path(__file__).resolve().parents[1] / "puzzles"


def line_themes(position: str, line: list[str]) -> list[str]:
    return themes(from_position(position), [parse_move(m) for m in line])


def final(position: str, line: list[str]):
    state = from_position(position)
    for m in line:
        state = play(state, parse_move(m))
    return state


@pytest.mark.parametrize("position, line, expected", [
    # Black's last move, 4 squares onto an ibis: no red samurai stands next to an ibis
    ("2b8/11/11/3b7/3b7/2r8/4r6/11/11/7b2r/4r6 b 4I - - 29", ["c11-g7", "k2-k5", "g7-k3"],
     ["direction", "short"]),
    # Black leaves his SHIRO (three samurai there before, two after), passing over a samurai
    ("3bb1b4/11/11/11/11/5b5/11/3r7/2r8/11/6rr3 b - A2 b 4", ["d11-i11", "c3-g3", "i11-d6"],
     ["direction", "exposed", "jump"]),
    # Black's only move is e11-a7; Red's 3-square move then cuts every line short
    ("4b6/7bb2/11/11/11/11/11/11/7r3/3r3r3/5b3r1 r 5 - b 15", ["h3-c8", "e11-a7", "h2-e5"],
     ["only move", "short"]),
    # onto ANZEN, then the extra move of 8 squares
    ("r10/11/7r3/11/r5b4/2b8/11/11/11/10b/1b2r6 b 3 - - 39", ["c6-f6", "k2-c10"],
     ["anzen", "long"]),
])
def test_the_themes_of_a_line(position, line, expected):
    assert line_themes(position, line) == expected


def test_direction_and_distance_follow_the_rulebook():
    """By the direction: no line of the stifled player starts on the symbol; by the distance: one does."""
    for position, line in (("2b8/11/11/3b7/3b7/2r8/4r6/11/11/7b2r/4r6 b 4I - - 29", ["c11-g7", "k2-k5", "g7-k3"]),
                           ("4b6/7bb2/11/11/11/11/11/11/7r3/3r3r3/5b3r1 r 5 - b 15", ["h3-c8", "e11-a7", "h2-e5"])):
        state = final(position, line)
        symbol = announced_window(state).symbol
        starts = [ray for p in state.pieces(state.to_move) for ray in BOARD.rays[p] if ray
                  and BOARD.symbol[ray[0]] == symbol]
        assert stifled_by(state) == ("distance" if starts else "direction")
        assert symbol is not None


def test_the_rating_grows_with_moves_effort_and_tempting_moves():
    assert rating(1, 100, 10) < rating(1, 100, 40) < rating(2, 100, 40)
    assert rating(2, 50, 0) < rating(2, 1500, 0) < rating(3, 1500, 0)


def test_the_miner_keeps_wins_in_2_and_3_and_only_wins_in_1_that_are_not_obvious():
    def sol(moves: int, tempting: int) -> Solution:
        return Solution(moves, (), True, 100, tempting)
    assert not worth_keeping(sol(1, ONE_MOVE_TEMPTING - 1))
    assert worth_keeping(sol(1, ONE_MOVE_TEMPTING))
    assert worth_keeping(sol(2, 0)) and worth_keeping(sol(3, 0))


def test_the_bundled_puzzles_lean_to_2_and_3_moves_with_themes_named_in_every_language():
    records = [read_record(p) for p in puzzle_files(PUZZLES, "ikizumari")]
    assert len(records) >= 150
    one = [r for r in records if r.moves == 1]
    assert len(one) <= 60 and all(r.tempting >= ONE_MOVE_TEMPTING for r in one)
    used = {t for r in records for t in r.themes}
    assert used <= set(THEME_NAMES) and len(used) >= 7
    for lang in ("fr", "it", "es", "ru"):
        with use_language(lang):
            assert all(theme_text(GAME, t) != THEME_NAMES[t] for t in used - {"anzen", "ho bo", "shiro"}), lang
