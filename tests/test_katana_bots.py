"""SAMURAI bots: legal, deterministic with a seed; the search bot beats random; simulate and its CLI."""

from __future__ import annotations

import argparse
import json

import pytest

from samurai_lab.katana.bots import make_bot
from samurai_lab.katana.bots.search import evaluate
from samurai_lab.common.simulate import play_match
from samurai_lab.katana.game import GAME
from samurai_lab.tools.simulate import command
from samurai_lab.katana.core import apply_move, from_position, legal_moves, new_game


def test_bots_play_legal_moves_and_are_deterministic():
    for name in ("random", "search:200n"):
        a, b = make_bot(name, seed=3), make_bot(name, seed=3)
        s = new_game()
        for _ in range(6):
            ma, mb = a.choose(s), b.choose(s)
            assert ma == mb and ma in legal_moves(s)
            s = apply_move(s, ma)


def test_search_takes_the_winning_kill():
    s = from_position("e6',c6' d1,f1,e1,i3 r - 0:2")
    move = make_bot("search", seed=0).choose(s)
    assert apply_move(s, move).outcome.winner == 1


def test_evaluation_is_antisymmetric_in_material():
    s = from_position("d9,f9,a7,i7' a3,i3,d1,f1 b black 0:0")
    t = from_position("d9,f9,a7,i7' a3,i3,d1,f1 r black 0:0")
    assert evaluate(s) == -evaluate(t) < 0


def test_search_beats_random_in_quick_games():
    result = play_match(GAME, ["search:150n", "random"], games=10, seed=7)
    assert result.wins["search:150n"] >= 9, result.lines()


def test_simulate_alternates_seats_and_reports():
    result = play_match(GAME, ["random", "random"], games=4, seed=1, max_plies=60)
    assert [r.seating for r in result.results][:2] == [("random#1", "random#2"), ("random#2", "random#1")]
    d = result.report().as_dict()
    assert d["games"] == 4 and {b["name"] for b in d["bots"]} == {"random#1", "random#2"}
    assert sum(result.wins.values()) + result.draws == 4
    with pytest.raises(ValueError):
        play_match(GAME, ["random"], 2, 0)
    with pytest.raises(ValueError):
        play_match(GAME, ["random", "nobody"], 2, 0)


def test_cli(capsys):
    parser, simulate = argparse.ArgumentParser(), command(GAME)
    simulate.add_arguments(parser)
    assert simulate.run(parser.parse_args(["--games", "2", "--bots", "random,random", "--seed", "3", "--json",
                                           "--max-plies", "40"])) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "katana" and out["games"] == 2
    assert simulate.run(parser.parse_args(["--bots", "random,bogus"])) == 2
    assert "unknown bot" in capsys.readouterr().err
