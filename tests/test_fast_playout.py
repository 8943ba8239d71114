"""The search's fast path against the rules engine, action by action, on random games of every ruling."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from samurai_lab.knizia.bots.fast import (END, MOVE, PASS, PLACE, SWAP, FastGame, from_action, random_start,
                                          to_action, winners)
from samurai_lab.knizia.core.model import Phase
from samurai_lab.knizia.core.ruleset import EDITION_1998, EDITION_2015, RANDOM
from samurai_lab.knizia.core.scoring import score_state
from samurai_lab.knizia.core.state import GameState, new_game
from samurai_lab.knizia.core.tiles import supply_per_caste

RULESETS = {
    "1998": EDITION_1998,
    "1998-stop": EDITION_1998.with_options(instant_end="stop_at_once"),
    "2015": EDITION_2015,
    "2015-R3-forbidden": EDITION_2015.with_options(swap_into_surrounded="forbidden"),
}
COMPARED = [f.name for f in fields(GameState) if f.name not in ("events", "board", "hidden_hand_sizes")]


def _start(n: int, ruleset, seed: int) -> GameState:
    return new_game(n, ruleset.with_options(setup=RANDOM, hands=RANDOM), seed)


def _assert_same(fast: FastGame, state: GameState, where: str) -> None:
    mirror = fast.to_state(state)
    for name in COMPARED:
        assert getattr(mirror, name) == getattr(state, name), f"{where}: {name} differs"


def _choose(fast: FastGame, legal: list, rng: random.Random) -> tuple:
    """The fast path's own random choice, or (often) a legal action of a random kind, so that swaps and
    moves are played as often as tiles."""
    if rng.random() < 0.5:
        return fast.random_action(rng)
    by_kind: dict[int, list] = {}
    for a in legal:
        by_kind.setdefault(a[0], []).append(a)
    return rng.choice(by_kind[rng.choice(sorted(by_kind))])


@pytest.mark.parametrize("rules", sorted(RULESETS))
@pytest.mark.parametrize("n", [2, 3, 4])
def test_fast_path_plays_as_the_rules_engine(rules: str, n: int) -> None:
    kinds_seen: set[int] = set()
    for seed in range(6):
        rng = random.Random(f"{rules}:{n}:{seed}")
        state = _start(n, RULESETS[rules], seed)
        fast = FastGame.from_state(state)
        _assert_same(fast, state, "start")
        step = 0
        while not state.is_over:
            legal = fast.legal_actions()
            assert sorted(map(str, (to_action(state.board, a) for a in legal))) == \
                sorted(map(str, state.legal_actions())), f"seed {seed} step {step}: legal actions differ"
            action = _choose(fast, legal, rng)
            kinds_seen.add(action[0])
            rules_action = to_action(state.board, action)
            assert from_action(state.board, rules_action) in (action, (SWAP, *action[3:5], *action[1:3]))
            state = state.apply(rules_action)
            fast.apply(action)
            step += 1
            _assert_same(fast, state, f"seed {seed} step {step} after {rules_action}")
        assert fast.over and fast.legal_actions() == []
        assert sorted(winners(fast.captured)) == sorted(score_state(state).winners)
    assert {PLACE, END, SWAP, MOVE} <= kinds_seen


@pytest.mark.parametrize("rules", sorted(RULESETS))
def test_random_playouts_end_with_every_piece_accounted_for(rules: str) -> None:
    rng = random.Random(rules)
    for n in (2, 3, 4):
        for _ in range(30):
            game = random_start(n, RULESETS[rules], rng)
            game.playout(rng)
            assert game.over and game.end_reason
            per = supply_per_caste(n)
            on_board = [sum(1 for m in game.pieces if m >> c & 1) for c in range(3)]
            for c in range(3):
                taken = sum(cap[c] for cap in game.captured)
                assert on_board[c] == game.on_board[c]
                assert on_board[c] + taken + game.set_aside[c] == per
            assert game.result(game.winners()[0]) > 0


def test_a_playout_from_a_rules_state_leaves_the_state_alone() -> None:
    state = _start(4, EDITION_1998, 5)
    fast = FastGame.from_state(state)
    copy = fast.copy()
    copy.playout(random.Random(1))
    assert copy.over
    _assert_same(fast, state, "after a playout of a copy")
    assert state.phase is Phase.PLAY


def test_views_are_refused() -> None:
    with pytest.raises(ValueError):
        FastGame.from_state(_start(3, EDITION_1998, 1).view(0))
    assert PASS != END


def test_the_search_mc_level_plays_a_whole_game_by_the_rules() -> None:
    from samurai_lab.knizia.bots import make_bot
    from samurai_lab.knizia.bots.simulate import play_game
    from samurai_lab.knizia.core.playout import BEGINNER_RULES

    bot = make_bot("search-mc", playouts=48, plans=4)
    state, actions = play_game([bot, make_bot("greedy-lite")], BEGINNER_RULES, seed=3)  # every action checked
    assert state.is_over and len(actions) > 10
    assert bot.last_stats["playouts"] >= 4 and bot.last_stats["plans"] <= 4
