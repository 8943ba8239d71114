"""Setup: Edo, cities then villages in turn order, supply limits, random setup, chosen and random hands."""

from __future__ import annotations

from collections import Counter

import pytest

from samurai_lab import (CASTES, EDITION_1998, EDITION_2015, TILE_SET, Caste, IllegalMoveError, Phase, PickTile,
                         PlacePiece, new_game, parse_action, tile)
from samurai_lab.knizia.core.model import tile_accounting
from samurai_lab.knizia.core.tiles import supply_per_caste

from helpers_positions import play

H, B, R = CASTES


def fill_cities(state):
    """Fill every city with a Helmet and a Buddha, in turn order."""
    for c in state.board.cities:
        for caste in (H, B):
            state = state.apply(PlacePiece(caste, state.board.ids[c]))
    return state


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_new_game_starts_with_edo_full_and_cities_to_fill(n):
    s = new_game(n, EDITION_1998, seed=1)
    b = s.board
    assert s.phase is Phase.PLACE_PIECES and s.current == 0
    assert s.pieces[b.edo] == (H, B, R)
    assert all(s.pieces[i] == () for i in range(len(b)) if i != b.edo)
    assert s.supply() == (supply_per_caste(n) - 1,) * 3
    legal = s.legal_actions()
    assert {a.hex for a in legal} == {b.ids[c] for c in b.cities}
    assert len(legal) == 3 * len(b.cities)


def test_cities_first_then_villages():
    s = new_game(2, EDITION_1998)
    with pytest.raises(IllegalMoveError, match="the cities are filled first"):
        s.apply(parse_action("piece H@HO12"))
    with pytest.raises(IllegalMoveError, match="the cities are filled first"):
        s.apply(parse_action("piece H@Edo"))
    s = fill_cities(s)
    with pytest.raises(IllegalMoveError, match="the cities are full: the remaining pieces go into the villages"):
        s.apply(parse_action("piece R@HO35"))
    with pytest.raises(IllegalMoveError, match="the cities are full"):
        s.apply(parse_action("piece R@HO22"))  # empty land
    s = play(s, "piece R@HO12")
    with pytest.raises(IllegalMoveError, match="that village already holds its piece"):
        s.apply(parse_action("piece H@HO12"))
    assert all(a.hex != "HO12" for a in s.legal_actions())


def test_a_city_holds_two_different_pieces():
    s = play(new_game(3, EDITION_1998), "piece H@Akita")
    with pytest.raises(IllegalMoveError, match="a city holds two different pieces"):
        s.apply(parse_action("piece H@HO07"))
    assert PlacePiece(H, "HO07") not in s.legal_actions()
    s = play(s, "piece B@HO07")
    with pytest.raises(IllegalMoveError, match="that city already holds two pieces"):
        s.apply(parse_action("piece R@HO07"))


def test_players_place_pieces_in_turn_order():
    s = new_game(3, EDITION_1998)
    seen = []
    while s.phase is Phase.PLACE_PIECES:
        seen.append(s.current)
        s = s.apply(s.legal_actions()[-1])
    assert seen == [i % 3 for i in range(len(seen))]
    assert len(seen) == 30 - 3  # everything but Edo's three pieces


def test_supply_limits():
    s = fill_cities(new_game(2, EDITION_1998))  # 2 players: 7 per caste; Edo 1, cities 2 Helmets
    assert s.supply() == (4, 4, 6)
    villages = [s.board.ids[v] for v in s.board.villages]
    for v in villages[:4]:
        s = s.apply(PlacePiece(H, v))
    assert s.supply()[0] == 0
    with pytest.raises(IllegalMoveError, match="no High Helmet piece is left in the supply"):
        s.apply(PlacePiece(H, villages[4]))
    assert all(a.caste is not H for a in s.legal_actions())


def test_supply_limit_speaks_the_edition():
    s = new_game(2, EDITION_2015)
    for c in s.board.cities:  # two Castles (Helmets) a city
        s = play(s, f"piece H@{s.board.ids[c]}", f"piece B@{s.board.ids[c]}")
    for v in [s.board.ids[v] for v in s.board.villages][:4]:
        s = s.apply(PlacePiece(H, v))
    with pytest.raises(IllegalMoveError, match="no Castle piece is left in the supply"):
        s.apply(PlacePiece(H, s.board.ids[s.board.villages[5]]))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_chosen_setup_fills_every_settlement_then_hands_are_chosen(n):
    s = new_game(n, EDITION_1998, seed=3)
    while s.phase is Phase.PLACE_PIECES:
        s = s.apply(s.legal_actions()[0])
    b = s.board
    assert s.phase is Phase.CHOOSE_HANDS and s.current == 0
    assert all(len(s.pieces[x]) == b.capacity[x] for x in b.settlements)
    assert s.pieces_on_board() == (supply_per_caste(n),) * 3 and s.supply() == (0, 0, 0)
    assert all(len(set(s.pieces[c])) == 2 for c in b.cities)


def test_setup_actions_outside_their_phase_are_refused():
    s = new_game(2, EDITION_1998)
    with pytest.raises(IllegalMoveError, match="the game has not started yet: caste pieces are still being placed"):
        s.apply(parse_action("H2@HO02"))
    with pytest.raises(IllegalMoveError, match="starting hands are chosen before play"):
        s.apply(parse_action("pick H2"))
    s = new_game(2, EDITION_1998.with_options(setup="random"))
    assert s.phase is Phase.CHOOSE_HANDS
    with pytest.raises(IllegalMoveError, match="starting hands are being chosen"):
        s.apply(parse_action("end"))
    with pytest.raises(IllegalMoveError, match="all caste pieces are already placed"):
        s.apply(parse_action("piece H@HO12"))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_setup_respects_the_constraints(n):
    per = supply_per_caste(n)
    layouts = set()
    for seed in range(60):
        s = new_game(n, EDITION_1998.with_options(setup="random"), seed)
        b = s.board
        assert s.phase is Phase.CHOOSE_HANDS
        assert s.pieces[b.edo] == (H, B, R)
        for x in b.settlements:
            assert len(s.pieces[x]) == b.capacity[x]
            assert len(set(s.pieces[x])) == len(s.pieces[x]), "two alike in one settlement"
        assert all(s.pieces[i] == () for i in b.land + b.sea)
        assert Counter(c for ps in s.pieces for c in ps) == {H: per, B: per, R: per}
        layouts.add(s.pieces)
        assert new_game(n, EDITION_1998.with_options(setup="random"), seed).pieces == s.pieces
    assert len(layouts) == 60, "the seed should change the layout"


def test_choosing_a_hand_makes_a_seeded_pile_of_the_other_fifteen():
    s = new_game(3, EDITION_1998.with_options(setup="random"), seed=5)
    picks = ["S3", "W1", "W1", "X", "M"]
    for i, code in enumerate(picks):
        assert s.current == 0 and len(s.hands[0]) == i
        s = s.apply(PickTile(tile(code)))
    assert s.current == 1 and s.phase is Phase.CHOOSE_HANDS
    assert [t.code for t in s.hands[0]] == ["S3", "W1", "W1", "X", "M"]
    assert s.pile_sizes[0] == 15
    assert Counter(s.hands[0]) + Counter(s.piles[0]) == Counter(TILE_SET)
    again = new_game(3, EDITION_1998.with_options(setup="random"), seed=5)
    again = play(again, *(f"pick {c}" for c in reversed(picks)))
    assert again.piles[0] == s.piles[0], "the pile depends on the seed, not the order of picks"
    other = play(new_game(3, EDITION_1998.with_options(setup="random"), seed=6), *(f"pick {c}" for c in picks))
    assert other.piles[0] != s.piles[0] and Counter(other.piles[0]) == Counter(s.piles[0])


def test_a_hand_cannot_hold_more_copies_than_the_set():
    s = play(new_game(2, EDITION_1998.with_options(setup="random")), "pick S3")
    with pytest.raises(IllegalMoveError, match="you have no other S3 among your 20 (?:tiles|tokens)"):
        s.apply(parse_action("pick S3"))
    s = play(s, "pick W1", "pick W1")
    with pytest.raises(IllegalMoveError, match="no other W1"):
        s.apply(parse_action("pick W1"))
    assert PickTile(tile("W1")) not in s.legal_actions() and PickTile(tile("W2")) in s.legal_actions()


@pytest.mark.parametrize("n", [2, 4])
def test_every_player_picks_then_play_begins(n):
    s = new_game(n, EDITION_2015.with_options(setup="random"), seed=2)
    for p in range(n):
        for _ in range(5):
            assert s.current == p
            s = s.apply(s.legal_actions()[p])
    assert s.phase is Phase.PLAY and s.current == 0 and s.turn == 1
    for p in range(n):
        assert len(s.hands[p]) == 5 and s.pile_sizes[p] == 15
        assert tile_accounting(s, p) == Counter(TILE_SET)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_hands(n):
    s = new_game(n, EDITION_1998.with_options(setup="random", hands="random"), seed=9)
    assert s.phase is Phase.PLAY and s.current == 0
    for p in range(n):
        assert len(s.hands[p]) == 5 and len(s.piles[p]) == 15 == s.pile_sizes[p]
        assert tile_accounting(s, p) == Counter(TILE_SET)
    assert len({s.hands[p] + s.piles[p] for p in range(n)}) == n, "each player shuffles his own tiles"
    again = new_game(n, EDITION_1998.with_options(setup="random", hands="random"), seed=9)
    assert again.hands == s.hands and again.piles == s.piles
    other = new_game(n, EDITION_1998.with_options(setup="random", hands="random"), seed=10)
    assert other.piles != s.piles


def test_random_hands_after_a_chosen_setup():
    s = new_game(2, EDITION_1998.with_options(hands="random"), seed=4)
    while s.phase is Phase.PLACE_PIECES:
        s = s.apply(s.legal_actions()[0])
    assert s.phase is Phase.PLAY and all(len(h) == 5 for h in s.hands)


def test_caste_letters_and_pieces_notation():
    a = parse_action("piece b @ ho35")
    assert a == PlacePiece(Caste.BUDDHA, "HO35") and str(a) == "piece B@HO35"
