"""Properties over random full games (2-4 players, both presets, random and chosen setups).

Nothing is created or lost, tiles lie only where they may, hands never exceed five, every
listed action applies, every other action is refused with IllegalMoveError, and games end.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from samurai_lab import (CASTES, EDITION_1998, EDITION_2015, TILE_KINDS, TILE_SET, EndTurn, IllegalMoveError,
                         MoveTile, Pass, Phase, PickTile, PlacePiece, PlaceTile, Swap, map_graph, new_game,
                         why_illegal)
from samurai_lab.knizia.core.playout import play_random_game, random_action
from samurai_lab.knizia.core.rules import is_surrounded
from samurai_lab.knizia.core.model import tile_accounting
from samurai_lab.knizia.core.tiles import HAND_SIZE, supply_per_caste

MAX_STEPS = 3000  # a game has at most 39 + 80 setup steps and well under 1000 play steps
ALL_HEXES = sorted(map_graph().nodes)
ALL_SETTLEMENTS = sorted(h for h, d in map_graph().nodes(data=True) if d["kind"] in ("village", "city", "edo"))

rulesets = st.builds(
    lambda preset, setup, hands, r3, r4: preset.with_options(
        setup=setup, hands=hands, swap_into_surrounded=r3, instant_end=r4),
    st.sampled_from([EDITION_1998, EDITION_2015]),
    st.sampled_from(["random", "chosen"]),
    st.sampled_from(["random", "chosen"]),
    st.sampled_from(["allowed", "forbidden"]),
    st.sampled_from(["finish_turn", "stop_at_once"]),
)
games = st.tuples(st.sampled_from([2, 3, 4]), rulesets, st.integers(0, 2**31))
FEW = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_invariants(s) -> None:
    """Everything that holds in every reachable state."""
    b = s.board
    n = s.n_players
    per = supply_per_caste(n)
    for i, ps in enumerate(s.pieces):
        assert len(ps) <= b.capacity[i], f"{b.ids[i]} holds too many pieces"
        assert len(set(ps)) == len(ps), f"{b.ids[i]} holds two pieces alike"
    on_board = s.pieces_on_board()
    captured = [sum(c[k] for c in s.captured) for k in range(3)]
    if s.phase in (Phase.PLAY, Phase.GAME_OVER):
        for k in range(3):
            assert on_board[k] + captured[k] + s.set_aside[k] == per, "a caste piece was created or lost"
    else:
        assert all(0 <= x <= per for x in s.supply())
    for i, p in enumerate(s.tiles):
        if p is None:
            continue
        assert not b.is_settlement[i], f"a tile on settlement {b.ids[i]}"
        assert p.tile.on_sea == b.is_sea[i], f"{p.tile} on {b.kinds[i]} {b.ids[i]}"
        assert not p.tile.is_swap
    for p in range(n):
        assert len(s.hands[p]) <= HAND_SIZE
        assert s.pile_sizes[p] == len(s.piles[p])
        if s.phase is not Phase.CHOOSE_HANDS or p < s.current:  # hands are chosen before the pieces are placed
            assert tile_accounting(s, p) == Counter(TILE_SET), f"player {p}'s tiles do not add up to his 20"
    assert all(len(d) <= 1 for d in s.discarded)
    if s.phase is Phase.PLAY:
        assert s.passes < n
        assert s.hand_sizes() == tuple(len(h) for h in s.hands)
        if s.ruleset.capture_timing == "instant" or s.played_this_turn == 0:
            closed = [b.ids[x] for x in b.settlements if s.pieces[x] and is_surrounded(s, x)]
            assert not closed, f"surrounded settlements still hold pieces: {closed}"
    if s.phase is Phase.GAME_OVER:
        assert s.end_reason


def candidates(s, rng: random.Random, k: int) -> list:
    """Random actions of every kind, most of them illegal, some legal."""
    ids = s.board.ids
    own = [ids[i] for i, p in enumerate(s.tiles) if p is not None and p.owner == s.current] or ALL_HEXES
    empty = [ids[i] for i, p in enumerate(s.tiles) if p is None]
    hand = list(s.hands[s.current] or ()) or list(TILE_KINDS)
    out = [EndTurn(), Pass()]
    for _ in range(k):
        kind = rng.randrange(7)
        if kind == 0:
            out.append(PlaceTile(rng.choice(TILE_KINDS), rng.choice(ALL_HEXES)))
        elif kind == 1:
            out.append(PlaceTile(rng.choice(hand), rng.choice(empty)))
        elif kind == 2:
            out.append(Swap(rng.choice(ALL_SETTLEMENTS), rng.choice(CASTES),
                            rng.choice(ALL_SETTLEMENTS), rng.choice(CASTES)))
        elif kind == 3:
            out.append(MoveTile(rng.choice(own), rng.choice(empty + ALL_HEXES[:20])))
        elif kind == 4:
            out.append(MoveTile(rng.choice(ALL_HEXES), rng.choice(ALL_HEXES)))
        elif kind == 5:
            out.append(PlacePiece(rng.choice(CASTES), rng.choice(ALL_SETTLEMENTS + ALL_HEXES[:10])))
        else:
            out.append(PickTile(rng.choice(TILE_KINDS)))
    return out


def walk(n, ruleset, seed, each=None):
    """Play one random game through the checked path, calling ``each(state, rng)`` on every state."""
    rng = random.Random(seed)
    s = new_game(n, ruleset, seed)
    for _ in range(MAX_STEPS):
        check_invariants(s)
        if each is not None:
            each(s, rng)
        if s.is_over:
            return s
        s = s.apply(random_action(s, rng))
    raise AssertionError(f"the game did not end in {MAX_STEPS} steps")


@FEW
@given(games)
def test_invariants_hold_and_games_end(game):
    n, ruleset, seed = game
    final = walk(n, ruleset, seed)
    assert final.phase is Phase.GAME_OVER and final.end_reason


def at_every_state(check):
    """A property test of random games (``walk``): ``check(state, rng)`` on every state of each."""
    @FEW
    @given(games)
    def test(game):
        walk(*game, check)

    test.__name__ = check.__name__
    return test


@at_every_state
def test_listed_actions_apply_and_others_are_refused(s, rng):
    legal = s.legal_actions()
    assert len(set(legal)) == len(legal), "an action is listed twice"
    if s.is_over:
        assert legal == []
    for a in rng.sample(legal, min(6, len(legal))):
        assert why_illegal(s, a) is None, a
        check_invariants(s.apply(a))
    listed = set(legal)
    for a in candidates(s, rng, 12):
        if a in listed:
            s.apply(a)
        else:
            try:
                s.apply(a)
            except IllegalMoveError as e:
                assert e.reason and e.reason == why_illegal(s, a)
            else:
                raise AssertionError(f"{a} is not listed but was accepted")


@at_every_state
def test_pass_is_listed_exactly_when_nothing_else_is(s, rng):
    legal = s.legal_actions()
    if Pass() in legal:
        assert legal == [Pass()]
    if s.phase is Phase.PLAY and s.played_this_turn == 0:
        assert legal, "a player always has something to do"


@settings(max_examples=15, deadline=None)
@given(games)
def test_random_games_replay_from_seed_and_actions(game):
    n, ruleset, seed = game
    final, actions = play_random_game(n, ruleset, seed, checked=True)
    fast, fast_actions = play_random_game(n, ruleset, seed)
    assert fast_actions == actions and fast == final, "the unchecked fast path plays the same game"
    s = new_game(n, ruleset, seed)
    for a in actions:
        s = s.apply(a)
    assert s == final and s.is_over
    assert all(str(a) for a in actions)
