"""Game records: readable text that replays random games exactly, with comments and headers."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from samurai_lab import EDITION_1998, EDITION_2015, Seat, new_game, parse_action
from samurai_lab.knizia.core.playout import play_random_game
from samurai_lab.knizia.scenarios import ScenarioError, load_scenario, parse_record, record_game, replay

FOLDER = Path(__file__).resolve().parents[1] / "scenarios"


def all_states(n, rules, seed):
    final, actions = play_random_game(n, rules, seed, checked=True)
    states = [new_game(n, rules, seed)]
    for a in actions:
        states.append(states[-1].apply(a))
    assert states[-1] == final
    return states, actions


@settings(max_examples=25, deadline=None)
@given(n=st.sampled_from([2, 3, 4]), edition=st.sampled_from([EDITION_1998, EDITION_2015]),
       setup=st.sampled_from(["chosen", "random"]), hands=st.sampled_from(["chosen", "random"]),
       seed=st.integers(0, 10_000), data=st.data())
def test_random_games_replay_exactly(n, edition, setup, hands, seed, data) -> None:
    rules = edition.with_options(setup=setup, hands=hands)
    states, actions = all_states(n, rules, seed)
    picks = data.draw(st.lists(st.integers(0, len(actions) - 1), max_size=4, unique=True))
    comments = {k: f"comment {k}: #{k} ; [{k}]" for k in picks}
    text = record_game(states[0], actions, comments)
    record = parse_record(text)
    assert record.initial == states[0]
    assert list(record.actions) == actions
    assert dict(record.comments) == comments
    assert replay(record) == states
    assert "Seed" in record.headers and "Position" not in record.headers


def test_one_turn_per_line_with_the_player() -> None:
    rules = EDITION_1998.with_options(setup="chosen", hands="chosen")
    states, actions = all_states(2, rules, 11)
    text = record_game(states[0], actions)
    lines = text.splitlines()
    assert lines[0] == '[Game "Samurai"]' and lines[1] == '[Rules "1998"]' and lines[2] == '[Players "Green, Yellow"]'
    assert lines[3] == '[Seed "11"]' and lines[4].startswith('[Result "')
    moves = [ln for ln in lines if ln and not ln.startswith("[")]
    # hands first (each player's five picks on one line), then the pieces, one a line
    assert moves[0].startswith("hands Green: pick ") and moves[0].count("pick ") == 5
    assert moves[1].startswith("hands Yellow: pick ") and moves[1].count("pick ") == 5
    assert moves[2].startswith("setup Green: piece ") and moves[3].startswith("setup Yellow: piece ")
    assert not any(ln.startswith("hands ") for ln in moves[2:])
    play = [ln for ln in moves if ln[0].isdigit()]
    assert play[0].startswith("1. Green: ") and play[1].startswith("2. Yellow: ")
    # every play line ends the turn (or passes), except perhaps the last
    assert all(ln.rstrip().endswith(("; end", "pass", ": end")) for ln in play[:-1])


def test_a_scenario_position_is_recorded_with_its_position() -> None:
    sc = load_scenario(FOLDER / "2015-e9-ronin-then-buddha.toml")
    actions = [s.action for s in sc.steps]
    text = record_game(sc.state, actions, {2: "Gold resolves both settlements"}, headers={"Event": "E9"})
    record = parse_record(text)
    assert "Position" in record.headers and record.headers["Event"] == "E9"
    assert record.initial == sc.state
    assert replay(record) == list(sc.states)
    assert text.splitlines()[-1] == "9. Gold: N1@HO11; B4@HO08; end   # Gold resolves both settlements"


def test_names_with_special_characters() -> None:
    seats = (Seat("Ann: the 1st", "gold"), Seat("Bo (x), y", "red"))
    rules = EDITION_2015.with_options(setup="random", hands="random")
    final, actions = play_random_game(2, rules, 2)
    start = new_game(2, rules, 2, seats)
    states = [start]
    for a in actions:
        states.append(states[-1].apply(a))
    record = parse_record(record_game(start, actions))
    assert replay(record) == states


def test_notes_and_inline_comments_are_read() -> None:
    start = new_game(2, EDITION_1998.with_options(setup="random", hands="random"), 5)
    hand = start.hands[0]
    first = next(a for a in start.legal_actions() if str(a).startswith(hand[0].code))
    text = record_game(start, [first]).replace(f"1. Green: {first}", f"# an opening\n1. Green: {first} {{why}}")
    record = parse_record(text)
    assert record.notes == ("an opening",) and record.comments == {0: "why"}


OLD_ORDER = """[Game "Samurai"]
[Rules "1998"]
[Players "Green, Yellow"]
[Seed "3"]

setup Green: piece B@Kyoto
setup Yellow: piece H@Kyoto
hands Green: pick S3; pick H4; pick B4; pick R4; pick N1
"""


def test_a_record_placing_pieces_before_the_hands_is_refused_with_its_line() -> None:
    # 000: "Simultaneamente e di nascosto dagli altri avversari, tutti i giocatori devono scegliere 5 dei 20
    # tasselli ... Selezionare poi i segnalini": the hands come first, then the pieces.
    with pytest.raises(ScenarioError) as info:
        parse_record(OLD_ORDER)
    (problem,) = info.value.problems
    assert problem.path == "line 6"
    assert problem.message == ("'piece B@Kyoto' comes before every hand is chosen: in the rulebooks' order the "
                               "hands are chosen first, then the caste pieces are placed")


def test_replaying_pieces_before_the_hands_names_the_line() -> None:
    text = OLD_ORDER.rsplit("hands Green", 1)[0]  # only the pieces: read, then refused when replayed
    record = parse_record(text)
    with pytest.raises(ScenarioError) as info:
        replay(record)
    (problem,) = info.value.problems
    assert problem.path == "line 6" and "comes before every hand is chosen" in problem.message
    assert "hands are chosen first, then the caste pieces are placed" in problem.message


def test_illegal_action_names_its_line() -> None:
    start = new_game(2, EDITION_1998.with_options(setup="random", hands="random"), 5)
    t = next(t for t in start.hands[0] if t.placement == "land" and not t.is_move)
    text = record_game(start, []) + f"1. Green: {t.code}@HO21\n"
    record = parse_record(text)
    with pytest.raises(ScenarioError) as info:
        replay(record)
    (problem,) = info.value.problems
    assert problem.path == "line 7"
    assert problem.message == f"{t.code}@HO21: tokens are never placed on a village, a city or Edo"


def test_wrong_player_names_its_line() -> None:
    start = new_game(2, EDITION_1998.with_options(setup="random", hands="random"), 5)
    a = start.legal_actions()[0]
    text = record_game(start, [a]).replace("1. Green:", "1. Yellow:")
    with pytest.raises(ScenarioError, match="names Yellow, but it is Green's turn"):
        replay(parse_record(text))


@pytest.mark.parametrize("text, expected", [
    ('[Rules "1998"]\n[Players "A, B"]\n1. A: fly\n', "cannot read action 'fly'"),
    ('[Rules "1998"]\n[Players "A, B"]\n[Seed "1"]\nnonsense\n', "a move line is written"),
    ('[Rules "1998"\n', 'a header is written'),
    ('[Rules "1997"]\n[Players "A, B"]\n[Seed "1"]\n', "the edition must be one of"),
    ('[Rules "1998"]\n[Players "A"]\n[Seed "1"]\n', "2, 3 or 4 players"),
    ('[Position "1998 2"]\n', "a position has 11 fields"),
])
def test_unreadable_records(text: str, expected: str) -> None:
    with pytest.raises(ScenarioError) as info:
        parse_record(text)
    assert any(expected in str(p) for p in info.value.problems), info.value


def test_action_notation_is_the_core_notation() -> None:
    rules = EDITION_2015.with_options(setup="random", hands="random")
    _, actions = all_states(3, rules, 21)
    record = parse_record(record_game(new_game(3, rules, 21), actions))
    assert all(parse_action(str(a)) == a for a in record.actions)
