"""Bots: games finish under every ruleset, records replay, hints are legal, choices use only the view."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from samurai_lab import EDITION_1998, EDITION_2015, EndTurn, Pass, PlaceTile, new_game, parse_action
from samurai_lab.knizia.bots import BOTS, GreedyBot, hints, make_bot, play_game, simulate
from samurai_lab.knizia.bots.evaluate import DEFAULT_COSTS, Costs
from samurai_lab.knizia.bots.knowledge import playable, sample_state, unseen_tiles
from samurai_lab.knizia.bots.simulate import ENDINGS, ending_of
from samurai_lab.knizia.core.playout import random_action
from samurai_lab.knizia.core.scoring import score_state
from samurai_lab.knizia.core.model import Phase, tile_accounting
from samurai_lab.knizia.core.tiles import TILE_SET_COUNTS

QUICK = dict(setup="random", hands="random")
RULESETS = {
    "1998": EDITION_1998.with_options(**QUICK),
    "2015": EDITION_2015.with_options(**QUICK),
    "1998-stop_at_once": EDITION_1998.with_options(instant_end="stop_at_once", **QUICK),
    "2015-swap_forbidden": EDITION_2015.with_options(swap_into_surrounded="forbidden", **QUICK),
}
# small budgets keep the search level quick in tests; its play is the same code
LEVELS = ["search:playouts=6:plans=3", "greedy", "random", "greedy-lite"]


def _position(n: int, ruleset, seed: int, steps: int):
    """A play-phase position reached by random play."""
    state = new_game(n, ruleset, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        nxt = state.apply(random_action(state, rng))
        if nxt.is_over:
            break
        state = nxt
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rules", list(RULESETS))
def test_bot_games_finish(rules: str, players: int) -> None:
    seating = [LEVELS[(i + players) % len(LEVELS)] for i in range(players)]
    final, actions = play_game([make_bot(b) for b in seating], RULESETS[rules], seed=players)
    assert final.is_over and final.end_reason
    assert ending_of(final) in ENDINGS
    assert score_state(final).winners
    assert actions and all(str(parse_action(str(a))) == str(a) for a in actions)


@pytest.mark.parametrize("players", [2, 3])
def test_records_replay_exactly(players: int) -> None:
    result = simulate(["greedy", "random"], games=2, players=players, seed=3, ruleset=RULESETS["2015"])
    for record in result.records:
        state = new_game(players, result.ruleset, record.seed)
        for text in record.actions:
            state = state.apply(parse_action(text))
        assert state == record.final
        assert state.captured == record.captured
        assert score_state(state).winners == record.winners


def test_chosen_setup_and_hands_are_played_by_bots() -> None:
    final, actions = play_game([make_bot("greedy"), make_bot("random")], EDITION_1998, seed=5)
    assert final.is_over
    kinds = [str(a).split()[0] for a in actions]
    # 000: the hands are chosen "Simultaneamente e di nascosto", then "Selezionare poi i segnalini"
    assert kinds.index("piece") == 10 and kinds[:10] == ["pick"] * 10 and "pick" not in kinds[10:]


def test_a_bot_picks_its_hand_before_the_pieces_and_places_pieces_knowing_it() -> None:
    from collections import Counter

    from samurai_lab import CASTES
    from samurai_lab.knizia.bots.opening import caste_strength, choose_setup

    state = new_game(2, EDITION_1998, 3)
    rng = random.Random(1)
    while state.phase is Phase.CHOOSE_HANDS:
        assert state.pieces_on_board() == (1, 1, 1), "only Edo holds pieces while hands are chosen"
        state = state.apply(choose_setup(state.view(state.current), rng))
    strength = caste_strength(state.hands[0])
    assert strength == caste_strength(state.view(0).hands[0]) and sum(strength) > 0
    placed = []
    while state.phase is Phase.PLACE_PIECES:
        a = choose_setup(state.view(state.current), rng)
        placed.append((state.current, a.caste))
        state = state.apply(a)
    assert state.phase is Phase.PLAY
    mine = Counter(c for p, c in placed if p == 0)
    best = max(CASTES, key=lambda c: strength[c.index])
    assert mine[best] >= min(mine.values()), "the caste the hand influences most is placed at least as often"


@pytest.mark.parametrize("players,rules", [(2, "1998"), (3, "2015"), (4, "1998")])
def test_every_hint_is_legal(players: int, rules: str) -> None:
    for steps in (0, 9, 25):
        state = _position(players, RULESETS[rules], seed=steps + players, steps=steps)
        me = state.current
        found = hints(state, me, k=6)
        assert 1 <= len(found) <= 6
        values = [h.score - DEFAULT_COSTS.of(h.action) for h in found]  # ranked by chance minus tile price
        assert values == sorted(values, reverse=True)
        for h in found:
            assert state.is_legal(h.action), h
            assert all(state.is_legal(a) for a in h.equivalents)
            for a in h.equivalents:  # e.g. the same tile next to the same settlements
                assert type(a) is type(h.action) and a != h.action
                if isinstance(a, PlaceTile):
                    assert a.tile == h.action.tile
                    assert (state.board.adjacent_settlements[state.board.resolve(a.hex)]
                            == state.board.adjacent_settlements[state.board.resolve(h.action.hex)])
            assert h.reasons and all(isinstance(r, str) and r for r in h.reasons)
            assert 0.0 <= h.score <= 1.0 + 1e-9
        # the same hints from the player's own view
        assert [h.action for h in hints(state.view(me), me, k=6)] == [h.action for h in found]


def test_hints_for_a_player_not_to_move_are_for_his_next_turn() -> None:
    state = _position(2, RULESETS["1998"], seed=4, steps=6)
    other = 1 - state.current
    found = hints(state, other, k=3)
    turn = replace(state, current=other, normal_played=False, played_this_turn=0)
    assert found and all(turn.is_legal(h.action) for h in found)
    with pytest.raises(ValueError, match="view"):
        hints(state.view(state.current), other)
    with pytest.raises(ValueError, match="not at the table"):
        hints(state, 2)


def test_hints_explain_a_capture() -> None:
    """In random positions, a hint that closes a settlement says what it takes or gives."""
    seen = 0
    for seed in range(30):
        state = _position(2, RULESETS["1998"], seed=seed, steps=30)
        if state.is_over:
            continue
        for h in hints(state, state.current, k=10):
            closing = state.apply(h.action).events if not isinstance(h.action, (EndTurn, Pass)) else ()
            if closing:
                seen += 1
                assert any(r.startswith(("takes the", "gives the", "sets the")) for r in h.reasons), h
    assert seen > 0


def _hidden_twin(state, player: int, seed: int):
    """A full state with the same view for ``player`` but other hidden information (hands, piles,
    hidden captures, seed)."""
    twin = replace(sample_state(state.view(player), random.Random(seed)), seed=state.seed + 1000)
    return twin


@pytest.mark.parametrize("level", sorted(BOTS))
@pytest.mark.parametrize("players", [2, 3])
def test_choice_depends_only_on_the_view(level: str, players: int) -> None:
    spec = {"search": "search:playouts=12:plans=4", "ismcts": "ismcts:screen=12:playouts=6:plans=4:keep=2"}.get(level, level)
    state = _position(players, RULESETS["1998"], seed=11, steps=14 * players)
    me = state.current
    twin = _hidden_twin(state, me, seed=1)
    others = [p for p in range(players) if p != me]
    assert any(twin.hands[p] != state.hands[p] or twin.piles[p] != state.piles[p] for p in others)
    assert twin.piles[me] != state.piles[me] or len(state.piles[me]) < 2
    if players > 2:
        assert any(twin.captured[p] != state.captured[p] for p in others) or sum(map(sum, state.captured)) < 2
    assert twin.view(me) == state.view(me)
    a = make_bot(spec).choose(state.view(me), random.Random(7))
    b = make_bot(spec).choose(twin.view(me), random.Random(7))
    assert a == b
    assert state.is_legal(a)


def test_sampled_states_match_the_view() -> None:
    state = _position(3, RULESETS["2015"], seed=2, steps=40)
    view = state.view(1)
    for seed in range(5):
        full = sample_state(view, random.Random(seed))
        assert full.view(1) == view
        for p in range(3):
            assert tile_accounting(full, p) == TILE_SET_COUNTS
        assert [sum(c[i] for c in full.captured) for i in range(3)] == [sum(c[i] for c in state.captured) for i in range(3)]
    with pytest.raises(ValueError, match="play"):
        sample_state(new_game(2, EDITION_1998, 1).view(0), random.Random(0))


def test_unseen_tiles_of_the_viewer_are_his_pile() -> None:
    state = _position(2, RULESETS["1998"], seed=8, steps=12)
    me = state.current
    assert sorted(t.code for t in unseen_tiles(state.view(me), me, me).elements()) == sorted(t.code for t in state.piles[me])


def test_playable_view_hides_nothing_new() -> None:
    state = _position(4, RULESETS["1998"], seed=6, steps=40)
    view = state.view(0)
    copy, persp = playable(view)
    assert persp.player == 0 and set(persp.hidden) == {1, 2, 3}
    taken = [sum(c[i] for c in state.captured[1:]) for i in range(3)]
    assert list(persp.hidden_base) == taken
    assert copy.hands == view.hands and copy.tiles == view.tiles


def test_make_bot_options() -> None:
    bot = make_bot("search:playouts=30:plans=2:depth=1")
    assert (bot.playouts, bot.plans, bot.depth) == (30, 2, 1)
    assert make_bot("random:uniform=true").uniform is True


@pytest.mark.parametrize(("spec", "refusal"), [("wizard", "unknown bot 'wizard'"), ("search:300", "key=value"),
                                                ("greedy:depth=3", "bad option")])
def test_make_bot_refuses_a_bad_spec_in_words(spec: str, refusal: str) -> None:
    with pytest.raises(ValueError, match=refusal):
        make_bot(spec)


def test_greedy_beats_random_in_seeded_games() -> None:
    result = simulate(["greedy", "random"], games=4, players=2, seed=2)
    assert result.win_rates["greedy"] >= 0.75


def _fast_tile_choices(bot: GreedyBot) -> tuple[int, int]:
    """(turns ended holding a playable fast tile, fast tiles added after the first tile of a turn)."""
    rng = random.Random(3)
    kept = used = 0
    for seed in range(4):
        state = new_game(2, RULESETS["1998"], seed)
        while not state.is_over and state.turn < 14:
            action = bot.choose(state.view(state.current), rng)
            fast_playable = any(isinstance(a, PlaceTile) and a.tile.fast for a in state.legal_actions())
            if state.played_this_turn > 0 and fast_playable:
                if isinstance(action, EndTurn):
                    kept += 1
                elif isinstance(action, PlaceTile) and action.tile.fast:
                    used += 1
            state = state.apply(action)
    return kept, used


def test_greedy_adds_a_fast_tile_only_when_it_gains_more_than_its_price() -> None:
    kept, used = _fast_tile_choices(GreedyBot())
    assert used > 0
    kept, used = _fast_tile_choices(GreedyBot(costs=Costs(fast=0.5)))
    assert kept > 0 and used == 0


def test_search_follows_its_plan_within_a_turn() -> None:
    state = _position(2, RULESETS["2015"], seed=9, steps=8)
    bot = make_bot("search:playouts=16:plans=4")
    rng = random.Random(1)
    player, turn = state.current, state.turn
    while state.turn == turn and not state.is_over:
        action = bot.choose(state.view(player), rng)
        state = state.apply(action)
    assert state.turn == turn + 1 or state.is_over
    assert state.phase in (Phase.PLAY, Phase.GAME_OVER)


def test_search_time_limit_stops_the_search() -> None:
    state = _position(2, RULESETS["1998"], seed=12, steps=6)
    while state.played_this_turn:
        state = state.apply(EndTurn())
    bot = make_bot("search:playouts=1000000:time_limit=0.2")
    action = bot.choose(state.view(state.current), random.Random(2))
    assert state.is_legal(action)
    assert 0 < bot.last_stats["playouts"] < 1000000


def test_search_ranks_plans_down_to_a_few_and_ismcts_judges_those_deeper() -> None:
    state = _position(2, RULESETS["1998"], seed=12, steps=6)
    while state.played_this_turn:
        state = state.apply(EndTurn())
    view = state.view(state.current)
    root, persp = playable(view)
    bot = make_bot("search:playouts=48:plans=8")
    plans = bot.candidate_plans(root, persp)
    assert len(plans) > 3
    kept = bot.rank(view, persp, plans, random.Random(3), keep=3)
    assert len(kept) == len(set(kept)) == 3 and all(0 <= i < len(plans) for i in kept)
    assert bot.search(view, persp, plans, random.Random(3)) == plans[bot.rank(view, persp, plans, random.Random(3))[0]]
    deep = make_bot("ismcts:screen=32:playouts=8:plans=8:keep=2:deep=2")
    assert deep.search(view, persp, plans, random.Random(4)) in plans
    assert deep.last_stats["plans"] == 2 and deep.last_stats["screened"] >= len(plans)
    with pytest.raises(ValueError):
        make_bot("ismcts:keep=0")


def test_the_ismcts_level_plays_a_whole_game_by_the_rules() -> None:
    bot = make_bot("ismcts", playouts=16, screen=64, plans=6, keep=2)
    state, actions = play_game([make_bot("greedy-lite"), bot], RULESETS["1998"], seed=4)  # every action checked
    assert state.is_over and len(actions) > 10
    assert bot.last_stats["plans"] <= 2 and bot.last_stats["playouts"] >= 2
