"""``samurai-lab simulate --json``: one report for every game, a match or a ladder, with Wilson intervals."""

from __future__ import annotations

import json

import pytest

from samurai_lab.common.simulate_report import (BOT_KEYS, LADDER_KEYS, MATCH_KEYS, SCHEMA, bot_line,
                                                ladder_pairs)
from samurai_lab.common.stats import wilson
from samurai_lab.tools.cli import main

MATCHES = {  # game: a quick match of two bots
    "knizia": ["--bots", "greedy-lite,random", "--quiet"],
    "katana": ["--bots", "search:40n,random", "--max-plies", "80"],
    "ikizumari": ["--bots", "greedy,random"],
}


def check_match(data: dict, game: str, games: int) -> None:
    """``data`` is a match report of ``game``: the keys, and figures that agree with each other."""
    assert tuple(data) == MATCH_KEYS
    assert data["schema"] == SCHEMA and data["kind"] == "match" and data["game"] == game
    assert data["games"] == games and data["players"] == 2 and len(data["bots"]) == 2
    assert isinstance(data["details"], dict) and data["length_unit"] in ("moves", "turns")
    assert data["mean_length"] > 0 and data["seconds"] >= 0
    assert sum(data["endings"].values()) == games
    for bot in data["bots"]:
        assert tuple(bot) == BOT_KEYS
        assert bot["name"].startswith(bot["level"])
        assert bot["draws"] == data["draws"]
        assert bot["win_rate"] == pytest.approx(bot["wins"] / games)
        assert 0.0 <= bot["ci_low"] <= bot["win_rate"] <= bot["ci_high"] <= 1.0
    assert sum(b["wins"] for b in data["bots"]) + data["draws"] == pytest.approx(games)


def run_json(capsys, argv: list[str]) -> dict:
    assert main(["simulate", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("game", MATCHES)
def test_every_game_prints_the_one_match_report(game, capsys) -> None:
    data = run_json(capsys, ["--game", game, "--games", "2", "--seed", "1", *MATCHES[game]])
    check_match(data, game, 2)


LADDER_EXTRA = {"katana": ["--max-plies", "60"], "knizia": ["--time-limit", "0.01"]}  # short games, tiny budgets


@pytest.mark.parametrize("game,levels", [("katana", ["random", "search"]),
                                         ("ikizumari", ["random", "greedy", "search"]),
                                         ("knizia", ["random", "greedy-lite", "greedy", "search", "search-mc", "ismcts"])])
def test_ladder_json_holds_match_reports_of_each_pair(game, levels, capsys) -> None:
    extra = LADDER_EXTRA.get(game, [])
    data = run_json(capsys, ["--game", game, "--ladder", "--games", "2", *extra])
    assert tuple(data) == LADDER_KEYS
    assert data["schema"] == SCHEMA and data["kind"] == "ladder" and data["levels"] == levels
    assert [[b["name"] for b in p["bots"]] for p in data["pairs"]] == [list(p) for p in ladder_pairs(levels)]
    for pair in data["pairs"]:
        check_match(pair, game, 2)


def test_ladder_text_table(capsys) -> None:
    assert main(["simulate", "--game", "ikizumari", "--ladder", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "greedy vs random" in out and "search vs greedy" in out and "search vs random" in out
    assert "95 % interval" in out


def test_ladder_pairs_climb_and_close_the_loop() -> None:
    assert ladder_pairs(["a", "b", "c"]) == [("b", "a"), ("c", "b"), ("c", "a")]
    assert ladder_pairs(["a", "b"]) == [("b", "a")]
    with pytest.raises(ValueError):
        ladder_pairs(["a"])


def test_wilson_intervals_are_sane() -> None:
    for n in (1, 2, 10, 100):
        previous = (0.0, 0.0)
        for k in range(n + 1):
            lo, hi = wilson(k, n)
            assert 0.0 <= lo <= k / n <= hi <= 1.0
            assert lo >= previous[0] and hi >= previous[1]  # more wins, higher interval
            previous = (lo, hi)
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(50, 100)[1] - wilson(50, 100)[0] < wilson(5, 10)[1] - wilson(5, 10)[0]
    line = bot_line("search:40n", 3, 4, draws=1)
    assert line.level == "search" and line.win_rate == 0.75 and line.ci_low < 0.75 < line.ci_high
