"""Hidden information: what ``state.view(player)`` shows, and that the rules work the same on a view."""

from __future__ import annotations

import random

import pytest

from samurai_lab import EDITION_1998, EDITION_2015, EndTurn, IllegalMoveError, Phase, new_game, parse_action
from samurai_lab.knizia.core.playout import random_action

from helpers_positions import play, position




def states_of_a_game(n, ruleset, seed, limit=400):
    """Every state of one random game (setup included), in order."""
    rng = random.Random(seed)
    s = new_game(n, ruleset, seed)
    out = [s]
    while not s.is_over and len(out) < limit:
        s = s.apply(random_action(s, rng))
        out.append(s)
    return out


@pytest.mark.parametrize("n", [3, 4])
def test_view_hides_hands_piles_seed_and_others_captures(n):
    s = position(n, captured={0: (1, 0, 0), 1: (0, 2, 0)})
    v = s.view(1)
    assert v.viewer == 1 and v.seed is None and s.seed is not None
    assert v.hands[1] == s.hands[1]
    assert all(v.hands[p] is None for p in range(n) if p != 1)
    assert all(p is None for p in v.piles), "even the own pile is face down"
    assert v.pile_sizes == s.pile_sizes
    assert v.captured[1] == (0, 2, 0) and all(v.captured[p] is None for p in range(n) if p != 1)
    assert v.hand_sizes() == s.hand_sizes() == (5,) * n
    assert (v.tiles, v.pieces, v.set_aside, v.discarded, v.current, v.turn) == \
        (s.tiles, s.pieces, s.set_aside, s.discarded, s.current, s.turn)


def test_two_players_see_each_others_captures():
    s = position(2, captured={0: (1, 0, 0), 1: (0, 2, 0)})
    assert s.view(0).captured == s.captured
    assert s.view(1).captured == s.captured


@pytest.mark.parametrize("visible, n, shown", [("open", 4, True), ("hidden", 2, False), ("by_player_count", 2, True)])
def test_captures_visible_option(visible, n, shown):
    s = position(n, EDITION_1998.with_options(captures_visible=visible))
    assert (s.view(0).captured[1] is not None) == shown


@pytest.mark.parametrize("n", [2, 4])
def test_hand_sizes_in_a_view_are_the_true_ones(n):
    sizes = set()
    for s in states_of_a_game(n, EDITION_2015.with_options(setup="random", hands="random"), seed=n):
        for p in range(n):
            assert s.view(p).hand_sizes() == s.hand_sizes() == tuple(len(h) for h in s.hands)
        sizes.update(s.hand_sizes())
    assert len(sizes) > 2, "hands shrink during the turns and at the end of the game"


def test_hand_sizes_while_hands_are_chosen():
    s = play(new_game(3, EDITION_1998.with_options(setup="random"), 1), "pick H2", "pick H3")
    assert s.view(1).hand_sizes() == s.hand_sizes() == (2, 0, 0)


def test_a_capture_by_another_player_on_a_view():
    s = position(3, pieces={"HO23": "H"}, tiles={"HO18": (1, "H3")}, hands={0: "H2"})
    after = s.view(0).apply(parse_action("H2@HO22"))
    assert after == s.apply(parse_action("H2@HO22")).view(0)
    assert after.captured[1] is None and after.events[0].winner == 1


def test_a_view_refuses_to_play_for_a_hidden_hand():
    s = position(2)
    v = s.view(1)
    assert v.legal_actions() == []
    with pytest.raises(IllegalMoveError, match="that player's hand is hidden in this view"):
        v.apply(s.legal_actions()[0])


@pytest.mark.parametrize("n, ruleset", [(2, EDITION_1998), (3, EDITION_2015), (4, EDITION_1998),
                                        (4, EDITION_2015.with_options(setup="random"))])
def test_legal_actions_of_the_view_are_those_of_the_full_state(n, ruleset):
    for seed in range(2):
        for s in states_of_a_game(n, ruleset, seed):
            if s.is_over:
                continue
            v = s.view(s.current)
            assert v.legal_actions() == s.legal_actions()


@pytest.mark.parametrize("n, ruleset", [
    (2, EDITION_1998), (2, EDITION_2015.with_options(instant_end="stop_at_once")), (4, EDITION_2015),
    pytest.param(3, EDITION_1998),
    pytest.param(4, EDITION_1998.with_options(instant_end="stop_at_once")),
])
def test_applying_to_the_view_gives_the_view_of_the_result(n, ruleset):
    """Tiles, swaps and moves on a view give exactly what the player will see afterwards (the end of
    turn draws from the hidden pile, so it is left out)."""
    rs = ruleset.with_options(setup="random", hands="random")
    checked = 0
    for seed in range(3):
        for s in states_of_a_game(n, rs, seed):
            if s.phase is not Phase.PLAY:
                continue
            for a in s.legal_actions()[::7]:
                if a == EndTurn():
                    continue
                assert s.view(s.current).apply(a) == s.apply(a).view(s.current), a
                checked += 1
    assert checked > 100
