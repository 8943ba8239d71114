"""Random SAMURAI games (Hypothesis) keep the invariants; the move generator and why_illegal agree."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from samurai_lab.katana.core import (RULINGS, Ruleset, apply_move, from_position, legal_moves, new_game, outcome,
                                     to_position, why_illegal)
from samurai_lab.katana.core.board import (ARRIVAL_TYPE, BLACK, COORDS, IS_KATANA, N_SQUARES, SYMBOL_OF, SYMBOLS)
from samurai_lab.katana.core.rules import WIN_KILLS
from samurai_lab.katana.core.state import Move, owner

rulesets = st.builds(lambda picks: Ruleset.from_dict(picks),
                     st.fixed_dictionaries({r.id: st.sampled_from(r.option_names) for r in RULINGS}))


def path(frm: int, to: int) -> list[int]:
    (c0, r0), (c1, r1) = COORDS[frm], COORDS[to]
    sc, sr = (c1 > c0) - (c1 < c0), (r1 > r0) - (r1 < r0)
    out, c, r = [], c0, r0
    while (c, r) != (c1, r1):
        c, r = c + sc, r + sr
        out.append(COORDS.index((c, r)))
    return out


def check_move_respects_the_constraints(state, move: Move) -> None:
    if move.kind != "move":
        return
    cells = state.cells
    assert owner(cells[move.frm]) == state.to_move
    p = path(move.frm, move.to)
    assert all(cells[s] == 0 and not IS_KATANA[s] for s in p), "jumps or crosses"
    if state.last in SYMBOLS:
        assert SYMBOL_OF[p[0]] == state.last and len(p) >= 2, "constrained move must cross the symbol first"
        assert ARRIVAL_TYPE[move.to] != state.last
    if state.last == BLACK and state.rules.ban_black == "all":
        assert ARRIVAL_TYPE[move.to] != BLACK


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rulesets, seed=st.integers(0, 10**6), data=st.data())
def test_random_games_keep_the_invariants(rules, seed, data):
    state = new_game(rules)
    for _ in range(160):
        moves = legal_moves(state)
        res = outcome(state)
        if res is not None:
            assert moves == []
            assert (max(state.kills) >= WIN_KILLS or state.passes >= 2
                    or (rules.length == "quiet100" and state.quiet >= 100))
            break
        assert moves, "a live game always has a move (at least the Tachiōjō pass)"
        move = data.draw(st.sampled_from(moves))
        assert why_illegal(state, move) is None
        check_move_respects_the_constraints(state, move)
        nxt = apply_move(state, move)
        # samurai never on Katana, never two on one square (one cell each), counts add up
        assert not any(c and IS_KATANA[i] for i, c in enumerate(nxt.cells))
        for p in (0, 1):
            alive = sum(1 for c in nxt.cells if owner(c) == p)
            assert alive + nxt.kills[1 - p] == int(rules.samurai_per_side)
        assert nxt.kills[0] >= state.kills[0] and nxt.kills[1] >= state.kills[1]
        # the position string round-trips
        assert from_position(to_position(nxt), rules) == nxt
        state = nxt


@settings(max_examples=15, deadline=None)
@given(rules=rulesets, data=st.data())
def test_generator_and_why_illegal_agree(rules, data):
    state = new_game(rules)
    for _ in range(data.draw(st.integers(0, 40))):
        moves = legal_moves(state)
        if not moves:
            return
        state = apply_move(state, data.draw(st.sampled_from(moves)))
    legal = {str(m) for m in legal_moves(state)}
    for frm in state.samurai(state.to_move):
        for to in range(N_SQUARES):
            mv = Move("move", frm, to)
            assert (why_illegal(state, mv) is None) == (str(mv) in legal), str(mv)
