"""The one-line position string: exact round trips, readable fields, every problem reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from samurai_lab import EDITION_1998, EDITION_2015, Seat, new_game
from samurai_lab.knizia.core.playout import play_random_game
from samurai_lab.knizia.scenarios import ScenarioError, load_scenario, parse_position, position_string

FOLDER = Path(__file__).resolve().parents[1] / "scenarios"


@st.composite
def game_states(draw):
    n = draw(st.sampled_from([2, 3, 4]))
    rules = draw(st.sampled_from([EDITION_1998, EDITION_2015])).with_options(
        setup=draw(st.sampled_from(["chosen", "random"])), hands=draw(st.sampled_from(["chosen", "random"])),
        instant_end=draw(st.sampled_from(["finish_turn", "stop_at_once"])))
    seed = draw(st.integers(0, 10_000))
    _, actions = play_random_game(n, rules, seed)
    state = new_game(n, rules, seed)
    for a in actions[: draw(st.integers(0, len(actions)))]:
        state = state.apply(a)
    return state


@settings(max_examples=80, deadline=None)
@given(game_states())
def test_round_trip(state) -> None:
    text = position_string(state)
    assert "\n" not in text and len(text.split(" ")) == 11
    assert parse_position(text) == state


@pytest.mark.parametrize("path", sorted(FOLDER.glob("*.toml")), ids=lambda p: p.stem)
def test_example_positions_round_trip(path: Path) -> None:
    for state in load_scenario(path).states:
        assert parse_position(position_string(state)) == state


def test_fields_of_a_fresh_game() -> None:
    state = new_game(2, EDITION_1998.with_options(setup="random", hands="random"), 5)
    rules, players, turn, pieces, tiles, hands, captured, aside, seed, end, events = position_string(state).split(" ")
    assert (rules, players, turn, tiles, captured, aside, seed, end, events) == (
        "1998+Sr+Hr", "2", "p:1:1:0:0", "-", "0.0.0/0.0.0", "0.0.0", "5", "-", "-")
    assert len(pieces) == 21 and pieces.count("H") == pieces.count("B") == pieces.count("R") == 7
    assert len(hands.split("/")) == 2


def test_names_colours_and_odd_characters_survive() -> None:
    seats = (Seat("Ann Lee", "gold"), Seat("Bo,~.%", "Purple"), Seat("Red", "red"))
    state = new_game(3, EDITION_2015.with_options(setup="random", hands="random"), 8, seats)
    text = position_string(state)
    assert text.split(" ")[1] == "Ann%20Lee~gold,Bo%2C%7E%2E%25~Purple,Red"
    assert parse_position(text) == state


def test_mid_turn_and_game_over_fields() -> None:
    rules = EDITION_2015.with_options(setup="random", hands="random")
    final, actions = play_random_game(2, rules, 3)
    state = new_game(2, rules, 3)
    seen = False
    for a in actions:
        state = state.apply(a)
        if state.played_this_turn >= 1 and state.normal_played:
            turn = position_string(state).split(" ")[2]
            assert turn == f"p:{state.current + 1}:{state.turn}:{state.played_this_turn}n:0"
            seen = True
            break
    assert seen
    end = position_string(final).split(" ")[9]
    assert end in ("cH", "cB", "cR") or end.startswith("t")


@pytest.mark.parametrize("index, value, expected", [
    (0, "1999", "rules: the edition must be one of 1998, 2015"),
    (0, "1998+R2x", "rules: cannot read the option 'R2x'"),
    (1, "5", "players: Samurai is played by 2, 3 or 4 players, not 5"),
    (2, "p:9:1:0:0", "turn: the player to move is numbered 1 to 2, not 9"),
    (2, "later", "turn: cannot read 'later'"),
    (3, "HHH", "pieces: write 21 characters"),
    (4, "5zH3", "tiles: cannot read '5zH3'"),
    (4, "999aH3", "tiles: the tiles run past the last"),
    (5, "H2", "hands: give hand:pile for each of the 2 players"),
    (6, "1.2/3", "captured: cannot read '3'"),
    (8, "seven", "seed: the seed is a whole number or '-'"),
    (9, "zz", "end: cannot read the end field 'zz'"),
    (10, "HO12.Q.a.1.2", "last_captures: cannot read capture 'HO12.Q.a.1.2'"),
])
def test_unreadable_fields_are_named(index: int, value: str, expected: str) -> None:
    state = new_game(2, EDITION_1998.with_options(setup="random", hands="random"), 5)
    fields = position_string(state).split(" ")
    fields[index] = value
    with pytest.raises(ScenarioError) as info:
        parse_position(" ".join(fields))
    assert any(expected in str(p) for p in info.value.problems), info.value


def test_rule_problems_of_a_readable_position_are_all_reported() -> None:
    state = new_game(2, EDITION_1998.with_options(setup="random", hands="random"), 5)
    fields = position_string(state).split(" ")
    fields[3] = "HH" + fields[3][2:]  # the first two villages both get a High Helmet: the supply no longer adds up
    fields[4] = "aW1"  # a ship on the first hex, which is a village
    with pytest.raises(ScenarioError) as info:
        parse_position(" ".join(fields))
    text = str(info.value)
    assert "tiles.HO01: tokens are never placed on a village" in text
    assert "pieces:" in text


def test_wrong_number_of_fields() -> None:
    with pytest.raises(ScenarioError, match="a position has 11 fields"):
        parse_position("1998 2")


def test_positions_in_the_other_setup_order_say_what_is_out_of_order() -> None:
    # 002, steps 5-6 then 7-9: "cada jugador elige en secreto cinco de sus fichas" comes before
    # "Poblar los espacios de la ciudad": hands first, then the pieces.
    chosen = new_game(2, EDITION_1998, 5)
    while chosen.phase.value == "choose_hands":
        chosen = chosen.apply(chosen.legal_actions()[0])
    fields = position_string(chosen).split(" ")
    assert fields[2].startswith("s:1:")  # placing pieces, every hand chosen
    placing_without_hands = fields[:5] + ["::/::"] + fields[6:]  # the old order: no hand yet
    with pytest.raises(ScenarioError) as info:
        parse_position(" ".join(placing_without_hands))
    assert "the hands are chosen first, then the caste pieces are placed" in str(info.value)
    full = new_game(2, EDITION_1998.with_options(setup="random", hands="random"), 5)
    fields = position_string(full).split(" ")
    choosing_with_pieces = [fields[0], fields[1], "h:1:1:0:0", fields[3], "-", "::/::", *fields[6:]]
    with pytest.raises(ScenarioError) as info:
        parse_position(" ".join(choosing_with_pieces))
    assert ("the caste pieces are placed after every player has chosen his starting hand: while hands are chosen "
            "only Edo holds pieces") in str(info.value)
