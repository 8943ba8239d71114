"""Random games (Hypothesis) under random rulings: the invariants of SAMOURAI hold at every move."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from samurai_lab.ikizumari.core import BOARD, Move, Ruleset, apply_move, from_position, legal_moves, outcome, \
    to_position, why_illegal
from samurai_lab.ikizumari.core.board import SYMBOL
from samurai_lab.ikizumari.core.rules import FIRST_MOVE_LIMIT, announced_window, first_turn, protected, window
from samurai_lab.ikizumari.core.ruleset import RULINGS
from samurai_lab.ikizumari.core.state import CROSS, new_game

rulesets = st.fixed_dictionaries({r.field: st.sampled_from(r.option_names) for r in RULINGS}).map(lambda d: Ruleset(**d))
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_random(ruleset: Ruleset, seed: int, max_plies: int = 120):
    rng = random.Random(seed)
    s = new_game(ruleset)
    states = [s]
    while outcome(s) is None and s.ply < max_plies:
        m = rng.choice(legal_moves(s))
        s = apply_move(s, m)
        states.append(s)
    return states


def check_move_respects_constraint(before, after) -> None:
    m = after.last
    w = window(before)
    if m.is_pass:
        assert w.must_pass
        return
    direction, k = BOARD.line(m.origin, m.target)
    assert k >= 1 and w.dmin <= k <= w.dmax
    if not w.released and before.distance is not None and not before.bonus:
        assert abs(k - before.distance) <= 1
    if first_turn(before):
        assert k <= FIRST_MOVE_LIMIT
    if w.symbol is not None:
        ray = BOARD.rays[m.origin][direction]
        path = ray[:1] if before.ruleset.first_square == "first" else ray[:k]
        if w.symbol == CROSS:
            assert any(BOARD.kind[sq] == "shiro" for sq in path)
        else:
            assert any(BOARD.symbol[sq] == w.symbol for sq in path)
    if before.ruleset.jump == "blocked":
        ray = BOARD.rays[m.origin][direction]
        assert not any(sq in before.occupied for sq in ray[:k - 1])


@SETTINGS
@given(rulesets, st.integers(0, 10**6))
def test_random_games_keep_the_invariants(ruleset, seed):
    states = play_random(ruleset, seed)
    for before, after in zip(states, states[1:]):
        # never two samurai on one square; always 4 per side
        assert len(after.occupied) == 8 and len(after.red) == 4 and len(after.black) == 4
        check_move_respects_constraint(before, after)
        # the mover only moved one of his own samurai
        mover = before.to_move
        assert after.pieces(1 - mover) == before.pieces(1 - mover)
        # ANZEN gives the same player another move, once per game
        if after.to_move == mover and not after.last.is_pass:
            assert after.bonus and after.last.target == BOARD.anzen and not before.anzen_used[mover]
    end = outcome(states[-1])
    last = states[-1]
    if end is not None:
        # the game ends only by the stated conditions
        if end.reason == "iki_zumari":
            assert not protected(last, last.to_move) and not legal_moves(last)
            assert end.winner == 1 - last.to_move
        elif end.reason == "draw_rule":
            from samurai_lab.ikizumari.core.rules import blocks_opponent, shiro_freed, _moves_under
            assert shiro_freed(last, 1 - last.to_move) < 2
            assert all(blocks_opponent(last, m) for m in _moves_under(last, window(last)))
        else:
            assert end.reason == "move_limit" and last.ruleset.move_limit == "200" and last.ply >= 200
    for s in states[::7]:
        assert from_position(to_position(s), s.ruleset) == s


@SETTINGS
@given(rulesets, st.integers(0, 10**6))
def test_why_illegal_and_legal_moves_agree(ruleset, seed):
    rng = random.Random(seed)
    states = play_random(ruleset, seed, max_plies=40)
    s = states[rng.randrange(len(states))]
    legal = set(legal_moves(s))
    for origin in s.pieces(s.to_move):
        for target in range(121):
            m = Move(origin, target)
            assert (why_illegal(s, m) is None) == (m in legal), (to_position(s), str(m))
    assert all(why_illegal(s, m) is None for m in legal)


@SETTINGS
@given(st.integers(0, 10**6))
def test_landing_announces_the_symbol_or_frees_the_direction(seed):
    for before, after in zip(*(lambda xs: (xs, xs[1:]))(play_random(Ruleset(), seed, 60))):
        m = after.last
        if m.is_pass or after.bonus:
            continue
        if BOARD.kind[m.target] == SYMBOL:
            assert after.symbol == BOARD.symbol[m.target]
        else:
            assert after.symbol is None
        assert after.distance == BOARD.line(m.origin, m.target)[1]
        assert announced_window(after).dmin == max(1, after.distance - 1)
