"""The bots of SAMOURAI: legal, deterministic, and the search bot beats random (quick games; the 200-game
figure is measured by benchmarks/ikizumari_bots.py)."""

from __future__ import annotations

import argparse
import json

import pytest

from samurai_lab.ikizumari.bots import make_bot
from samurai_lab.ikizumari.bots.evaluate import exposed_symbols
from samurai_lab.ikizumari.bots.search import SearchBot
from samurai_lab.common.simulate import play_match
from samurai_lab.ikizumari.game import GAME
from samurai_lab.tools.simulate import command
from samurai_lab.ikizumari.core import RED, apply_move, from_position, legal_moves, new_game


def test_search_beats_random_in_quick_games():
    result = play_match(GAME, ["search:30n", "random"], games=12, seed=7)
    assert result.wins["search:30n"] >= 11
    assert sum(result.wins.values()) + result.draws == 12


def test_search_finds_the_winning_move():
    s = from_position("7b1b1/11/9r1/11/6r4/11/1b7b1/11/11/11/r3r6 r 1T - - 26")
    assert str(SearchBot(seed=1, nodes=200).choose(s)) == "g7-h7"


def test_search_is_deterministic():
    s = apply_move(new_game(), "d1-d3")
    assert SearchBot(seed=3, nodes=200).choose(s) == SearchBot(seed=3, nodes=200).choose(s)


def test_bots_play_legal_moves_and_refuse_finished_games():
    s = apply_move(from_position("7b1b1/11/9r1/11/6r4/11/1b7b1/11/11/11/r3r6 r 1T - - 26"), "g7-h7")
    for name in ("random", "greedy", "search"):
        bot = make_bot(name, 1)
        assert bot.choose(new_game()) in legal_moves(new_game())
        with pytest.raises(ValueError):
            bot.choose(s)
    with pytest.raises(ValueError):
        make_bot("alphazero")


def test_exposure_counts_symbols_no_line_starts_on():
    assert 0 <= exposed_symbols(new_game(), RED) <= 4


def test_simulate_alternates_seats_and_is_reproducible():
    a = play_match(GAME, ["random", "random"], 6, seed=3)
    b = play_match(GAME, ["random", "random"], 6, seed=3)
    assert [g.moves for g in a.results] == [g.moves for g in b.results]
    assert [g.seating[RED] for g in a.results[:2]] == ["random#1", "random#2"]
    rate, (lo, hi) = a.win_rate("random#1")
    assert 0 <= lo <= rate <= hi <= 1
    with pytest.raises(ValueError):
        play_match(GAME, ["random"], 2, 0)


def test_cli_trio(capsys):
    parser, simulate = argparse.ArgumentParser(), command(GAME)
    simulate.add_arguments(parser)
    run = simulate.run
    assert run(parser.parse_args(["--games", "2", "--bots", "greedy,random", "--seed", "1", "--json"])) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 2 and [b["name"] for b in data["bots"]] == ["greedy", "random"]
    assert run(parser.parse_args(["--games", "2", "--bots", "random,random", "--rule", "I1=blocked"])) == 0
    assert "wins" in capsys.readouterr().out
    assert run(parser.parse_args(["--games", "2", "--bots", "random,nobody"])) == 2
    assert run(parser.parse_args(["--games", "2", "--rule", "I1=never"])) == 2
