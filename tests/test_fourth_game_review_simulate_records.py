"""Simulations, game records and reviews of a fourth game: tic-tac-toe (``tests/games/tictactoe.py``), declared
only for the tests, goes through ``samurai-lab simulate`` (a match and the ladder), a record written, checked and
replayed, and the review of a played game (in words, as data, on the command line and in the panel) with no
line written for it outside its declaration."""

from __future__ import annotations

import io
import json

import pytest

from samurai_lab.common.game import get_game
from samurai_lab.common.records import RecordError, parse_record, write_record
from samurai_lab.common.review import explain, review_data, review_steps
from samurai_lab.common.simulate import play_match
from samurai_lab.common.simulate_report import LADDER_KEYS, ladder_pairs
from samurai_lab.tools.check import check_paths
from samurai_lab.tools.cli import main
from samurai_lab.ui.review import review_panel
from games import register_test_games
from test_simulate_schema import check_match

register_test_games()
GAME = get_game("tictactoe")
#: X threatens a3, O threatens b3; X plays c3 instead of winning, and O wins
MOVES = ["a1", "b1", "a2", "b2", "c3", "b3"]


def played(moves: list[str] = MOVES) -> tuple[list, list]:
    """The states and moves of a game played from the start."""
    states, actions = [GAME.new_state()], []
    for text in moves:
        actions.append(GAME.parse_action(states[-1], text))
        states.append(GAME.apply_action(states[-1], actions[-1]))
    return states, actions


def run_json(capsys, argv: list[str]) -> dict:
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_a_match_alternates_seats_and_the_greedy_bot_wins_more() -> None:
    match = play_match(GAME, ["greedy", "random"], games=20, seed=3)
    assert [r.seating for r in match.results[:2]] == [("greedy", "random"), ("random", "greedy")]
    assert match.wins["greedy"] > match.wins["random"]
    assert match.wins["greedy"] + match.wins["random"] + match.draws == 20
    assert play_match(GAME, ["greedy", "random"], games=20, seed=3).results == match.results


def test_the_command_prints_the_one_match_report(capsys) -> None:
    data = run_json(capsys, ["simulate", "--game", "tictactoe", "--games", "4", "--bots", "greedy,random", "--json"])
    check_match(data, "tictactoe", 4)
    assert main(["simulate", "--game", "tictactoe", "--bots", "greedy,oracle"]) == 2
    assert "unknown bot 'oracle'" in capsys.readouterr().err


def test_the_ladder_climbs_the_declared_bots(capsys) -> None:
    data = run_json(capsys, ["simulate", "--game", "tictactoe", "--ladder", "--games", "4", "--json"])
    assert tuple(data) == LADDER_KEYS and data["levels"] == list(GAME.bots)
    assert [[b["name"] for b in p["bots"]] for p in data["pairs"]] == [list(p) for p in ladder_pairs(GAME.bots)]
    for pair in data["pairs"]:
        check_match(pair, "tictactoe", 4)


def test_a_record_is_written_checked_and_replayed(tmp_path) -> None:
    states, moves = played()
    text = write_record(GAME, states[0], moves)
    assert text.startswith('[Game "tictactoe"]') and '[Result "o three in a row"]' in text
    assert text.rstrip().endswith("1. a1 b1 2. a2 b2 3. c3 b3") and "[Start" not in text
    record = parse_record(GAME, text)
    assert list(record.states) == states and list(record.moves) == moves and record.result == "o"
    assert write_record(GAME, record.start, record.moves) == text
    middle = write_record(GAME, states[2], moves[2:4])
    assert f'[Start "{GAME.to_position(states[2])}"]' in middle and '[Result "*"]' in middle
    assert parse_record(GAME, middle).final == states[4]
    path = tmp_path / "game.txt"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    assert check_paths([path], out=out, verbose=True) == 0 and "6 moves replayed, result o" in out.getvalue()
    with pytest.raises(RecordError, match="the record says"):
        parse_record(GAME, text.replace("o three in a row", "x three in a row"))
    with pytest.raises(RecordError, match="move 2 'a1'"):
        parse_record(GAME, '[Game "tictactoe"]\n1. a1 a1\n')


def test_the_review_marks_the_missed_win_and_explains_it() -> None:
    states, moves = played()
    reviews = [r for _, _, r in review_steps(GAME, states, moves, 0)]
    assert [r.index for r in reviews] == [0, 2, 4]
    missed = reviews[-1]
    assert missed.judgement == "blunder" and missed.before == 1.0 and missed.after == 0.0
    assert GAME.action_text(missed.best) == "a3"
    assert explain(GAME, states, missed) == [
        "Move 5 (X): estimated chance to win 100% with the best move, 0% after the move played.",
        "Played: X takes c3", "Better: X takes a3", "The better move wins by force: the search sees the win."]
    data = review_data(GAME, states, moves, 0)
    assert data["player_name"] == "X" and data["turns"][-1]["best"] == "a3"


def test_the_review_command_and_panel(tmp_path, capsys) -> None:
    states, moves = played()
    path = tmp_path / "game.txt"
    path.write_text(write_record(GAME, states[0], moves), encoding="utf-8")
    data = run_json(capsys, ["review", str(path), "--player", "x", "--json"])
    assert data["game"] == "tictactoe" and data["turns"][-1]["judgement"] == "blunder"
    panel = review_panel(GAME, lambda: (states, moves), guard=lambda fn: fn)
    panel.set_game(["X", "O"], 0)
    panel.start_button.click()  # no event loop here: the whole review at once
    assert "Blunder: 1" in panel.summary.value and panel.chart.value.count("samurai-review-dot") == 3
    assert "Better: X takes a3" in panel.turns_box.children[-1].value
    marked = [r for r in panel.reviews if r.judgement]
    assert panel.learning.button.layout.display == "" and panel.learning.marked == marked
    assert 5 in [r.index + 1 for r in marked]  # "Learn from your mistakes" offers the missed win (its puzzles)
