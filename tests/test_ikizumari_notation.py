"""Move notation, position strings and game records: round trips, and bad input of any kind refused with a
ValueError (never another exception)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from samurai_lab.ikizumari.bots import make_bot
from samurai_lab.ikizumari.core import (
    PASS, START, Move, Ruleset, apply_move, from_position, legal_moves, new_game, outcome, parse_move, to_position,
    why_illegal,
)
from samurai_lab.common.records import parse_record as read_text, write_record
from samurai_lab.ikizumari.game import GAME


def record_text(start, moves) -> str:
    return write_record(GAME, start, moves)


def parse_record(text: str):
    return read_text(GAME, text)


def replay(record) -> list:
    return list(record.states)


@pytest.mark.parametrize("text", ["d1-d3", "d1d3", "D1 D3", "d1–d3", " d1 - d3 ", "d1xd3"])
def test_move_notations(text):
    assert parse_move(text) == Move(113, 91) and str(parse_move(text)) == "d1-d3"


def test_pass_and_moves_round_trip():
    assert parse_move("pass") == PASS == parse_move("PASSE") and str(PASS) == "pass"
    for origin in range(121):
        m = Move(origin, (origin * 7) % 121)
        assert parse_move(str(m)) == m


@pytest.mark.parametrize("bad", ["", "d1", "d1-", "d0-d3", "d1-d12", "l1-d3", "d1--d3", "d1-d3-d5", "x", None, 3,
                                 3.5, b"d1-d3", ["d1", "d3"], {"a": 1}, object(), "d1 d3 d5", "🐉", "\x00"])
def test_bad_moves_are_value_errors(bad):
    with pytest.raises(ValueError):
        parse_move(bad)
    assert isinstance(why_illegal(new_game(), bad), str)
    with pytest.raises(ValueError):
        apply_move(new_game(), bad)


def test_bad_move_objects():
    for args in ((-1, 5), (0, 121), (True, 3), ("a", "b")):
        with pytest.raises(ValueError):
            Move(*args)


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.text(max_size=12), st.binary(max_size=8), st.integers(), st.none(), st.floats(),
                 st.lists(st.integers(), max_size=3)))
def test_fuzz_moves_never_raise_anything_but_value_error(junk):
    s = new_game()
    try:
        apply_move(s, junk)
    except ValueError:
        pass
    reason = why_illegal(s, junk)
    assert reason is None or isinstance(reason, str)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="rb0123456789/ -ADITOX", max_size=60))
def test_fuzz_positions_never_raise_anything_but_value_error(junk):
    try:
        from_position(junk)
    except ValueError:
        pass


@pytest.mark.parametrize("bad", [
    "", START.replace(" r ", " x "), START + " 9", START.replace("3rr1rr3", "3rr1rr2"), START.replace("3rr1rr3", "3rr1rrr2"),
    START.replace(" - - - 0", " 2Z - - 0"), START.replace(" - - - 0", " - - q 0"), START.replace(" 0", " -1"),
    START.replace(" - - - 0", " 2D A - 0"), START.replace(" - - - 0", " - A - 0"), START.replace("3bb", "3bq"),
    "/".join(["11"] * 10) + " r - - - 0", None, 7,
])
def test_bad_positions_are_value_errors(bad):
    with pytest.raises(ValueError):
        from_position(bad)


def test_start_position_string():
    assert to_position(new_game()) == START and from_position(START) == new_game()


def test_records_replay_exactly():
    rng = random.Random(4)
    for game in range(5):
        s = new_game(Ruleset(jump="blocked") if game % 2 else Ruleset())
        start, moves = s, []
        bot = make_bot("random", game)
        while outcome(s) is None:
            m = bot.choose(s)
            moves.append(m)
            s = apply_move(s, m)
        text = record_text(start, moves)
        record = parse_record(text)
        assert record.moves == tuple(moves) and record.start == start
        assert replay(record)[-1] == s
        assert record_text(record.start, list(record.moves)) == text
    assert rng


def test_a_record_from_a_position_and_a_result_that_lies():
    start = from_position("7b1b1/11/9r1/11/6r4/11/1b7b1/11/11/11/r3r6 r 1T - - 26")
    text = record_text(start, [parse_move("g7-h7")])
    assert '[Result "red iki_zumari"]' in text and "[Start " in text
    assert replay(parse_record(text))[-1].ply == 27
    with pytest.raises(ValueError, match="the record says"):
        replay(parse_record(text.replace("red iki_zumari", "black iki_zumari")))


@pytest.mark.parametrize("bad", ["Game: katana\n\n1. d1-d3", "Colour: red\n", "Rulings: I1\n", "Rulings: I99=x\n",
                                 "Result: maybe\n", "\n1. d1-d9", "\n1. zz", "Start: nonsense\n"])
def test_bad_records_are_value_errors(bad):
    with pytest.raises(ValueError):
        replay(parse_record(bad))


def test_legal_moves_are_distinct():
    ms = legal_moves(new_game())
    assert len(ms) == len(set(ms)) == 96


@pytest.mark.parametrize("junk", [None, "start", 3, object()])
def test_functions_refuse_what_is_not_a_state(junk):
    from samurai_lab.ikizumari.core import outcome
    for fn in (legal_moves, outcome, lambda s: why_illegal(s, "d1-d3"), lambda s: apply_move(s, "d1-d3")):
        with pytest.raises(ValueError):
            fn(junk)


def test_a_turn_with_anzen_extra_move_is_joined_with_plus():
    start = from_position("11/11/5b5/11/11/2r8/11/3b4r2/3r7/2r8/1b2b6 b 1I - - 65")
    moves = [parse_move("d4-f6"), parse_move("b1-b9")]
    text = record_text(start, moves)
    assert text.rstrip().endswith("1. d4-f6+b1-b9")
    record = parse_record(text)
    assert record.moves == tuple(moves) and replay(record)[-1].to_move == 0
