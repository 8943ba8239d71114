"""Move notation, position strings and game records: round trips and refusals of bad input."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from samurai_lab.katana.bots import make_bot
from samurai_lab.katana.core import (IllegalMoveError, Move, apply_move, from_position, legal_moves, new_game,
                                     parse_move, to_position, why_illegal)
from samurai_lab.common.records import RecordError, parse_record as read_text, write_record as write
from samurai_lab.katana.game import GAME


def write_record(start, moves) -> str:
    return write(GAME, start, moves)


def parse_record(text: str):
    return read_text(GAME, text)


def test_move_notation_round_trips():
    for text in ("d9-d5", "pass", "@d9"):
        assert str(parse_move(text)) == text
    assert parse_move("D9 - D5") == parse_move("d9d5") == parse_move("d9 d5") == parse_move(" d9-d5 ")
    assert parse_move(parse_move("e6-e7")) == parse_move("e6-e7")


def test_start_position_string():
    assert to_position(new_game()) == "d9,f9,a7,i7 a3,i3,d1,f1 b - 0:0 0 0 -"
    assert from_position("d9,f9,a7,i7 d1,f1,a3,i3 b - 0:0") == new_game()


def played(seed: int, n: int):
    state, moves, rng = new_game(), [], random.Random(seed)
    for _ in range(n):
        ms = legal_moves(state)
        if not ms:
            break
        m = rng.choice(ms)
        moves.append(m)
        state = apply_move(state, m)
    return state, moves


def test_positions_round_trip_along_games():
    for seed in range(5):
        state, _ = played(seed, 120)
        assert from_position(to_position(state)) == state


def test_records_replay_exactly():
    for seed in range(3):
        state, moves = played(seed, 400)
        text = write_record(new_game(), moves)
        record = parse_record(text)
        assert record.final == state and list(record.moves) == moves
        assert record.result in ("black", "red", "draw", "*")


def test_record_of_a_bot_game_with_rulings():
    from samurai_lab.katana.core import Ruleset
    rules = Ruleset(relocation_chooser="attacker", ban_black="all")
    state, moves = new_game(rules), []
    bots = [make_bot("random", seed=1), make_bot("random", seed=2)]
    while state.outcome is None and len(moves) < 500:
        m = bots[state.to_move].choose(state)
        moves.append(m)
        state = apply_move(state, m)
    text = write_record(new_game(rules), moves)
    assert '[Rulings "K1=attacker K8=all"]' in text
    assert parse_record(text).final == state


def test_bad_records_name_the_problem():
    with pytest.raises(RecordError, match="move 2"):
        parse_record('[Game "katana"]\n1. d9-e9 d1-z1\n')
    with pytest.raises(RecordError, match="Result"):
        parse_record('[Game "katana"]\n[Result "black"]\n1. d9-e9\n')
    with pytest.raises(RecordError, match="Rulings"):
        parse_record('[Game "katana"]\n[Rulings "K99=x"]\n')


BAD_MOVES = ["", " ", "-", "d9-", "-d5", "d9-d9-d9", "z9-d5", "d0-d5", "a1-a2", "d9--d5", "@", "@z9",
             "d9xd5x", "passe", "d", "dd-ee", "10-11", "d9→d5", None, 5, 3.5, [], {}, ("d9", "d5"), b"d9-d5",
             Move("move", -1, 3), Move("move", 3, 99), Move("fly", 1, 2), Move("place", 3, 4)]


@pytest.mark.parametrize("bad", BAD_MOVES, ids=repr)
def test_malformed_moves_are_value_errors(bad):
    state = new_game()
    for call in (parse_move, lambda m: why_illegal(state, m), lambda m: apply_move(state, m)):
        with pytest.raises(ValueError):
            call(bad)


@settings(max_examples=150, deadline=None)
@given(text=st.one_of(st.text(max_size=12), st.from_regex(r"[a-j][0-9]-[a-j][0-9]", fullmatch=True),
                      st.from_regex(r"@[a-j][0-9]", fullmatch=True), st.integers(), st.none(), st.binary()))
def test_fuzzed_moves_are_legal_or_refused_with_value_error(text):
    state = new_game()
    try:
        apply_move(state, text)
    except IllegalMoveError:
        pass
    except ValueError:
        pass


@settings(max_examples=100, deadline=None)
@given(text=st.one_of(st.text(max_size=40), st.from_regex(
    r"([a-i][1-9]'?,){0,4}[a-i][1-9] ([a-i][1-9],){0,4}[a-i][1-9] [brx] (-|taiyo|sun) [0-4]:[0-4]", fullmatch=True)))
def test_fuzzed_positions_parse_or_raise_value_error(text):
    try:
        state = from_position(text)
    except ValueError:
        return
    assert from_position(to_position(state)) == state


def test_bad_positions_list_every_problem():
    with pytest.raises(ValueError) as e:
        from_position("e5,z1 d1 x nope 9:9")
    msg = str(e.value)
    for words in ("Katana", "z1", "side to move", "previous arrival", "kills"):
        assert words in msg
    with pytest.raises(ValueError):
        from_position(None)
