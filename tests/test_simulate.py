"""Simulations: the JSON report, reproducibility, seat rotation, the command line."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from samurai_lab.knizia.bots import simulate
from samurai_lab.knizia.bots.simulate import ENDINGS, wilson
from samurai_lab.tools.cli import main

REPO = Path(__file__).resolve().parents[1]
CLI = REPO / ".venv" / "bin" / "samurai-lab"
KEYS = {"games", "players", "seed", "bots", "ruleset", "seats", "win_rates", "wins", "win_rates_ci95", "captures",
        "turns", "endings", "seat_win_rates"}


def test_json_has_the_documented_keys_and_is_reproducible() -> None:
    first = simulate(["random", "greedy-lite"], games=4, players=2, seed=5).as_dict()
    again = simulate(["random", "greedy-lite"], games=4, players=2, seed=5).as_dict()
    assert set(first) == KEYS
    assert first == again
    assert json.loads(json.dumps(first)) == first
    assert sum(first["win_rates"].values()) == pytest.approx(1.0)
    assert set(first["win_rates"]) == {"random", "greedy-lite"}
    for name, (lo, hi) in first["win_rates_ci95"].items():
        assert 0.0 <= lo <= first["win_rates"][name] <= hi <= 1.0
    assert set(first["captures"]["random"]) == {"H", "B", "R"}
    assert set(first["endings"]) == set(ENDINGS) and sum(first["endings"].values()) == 4
    assert first["turns"]["min"] <= first["turns"]["median"] <= first["turns"]["max"]
    other = simulate(["random", "greedy-lite"], games=4, players=2, seed=6)
    assert [r.actions for r in other.records] != [r.actions for r in simulate(["random", "greedy-lite"], 4, 2, 5).records]


def test_seats_rotate_over_games_sharing_a_deal() -> None:
    result = simulate(["random", "greedy-lite", "random:uniform=true"], games=6, players=3, seed=2, ruleset="2015")
    seatings = [r.seating for r in result.records]
    for seat in range(3):
        assert sorted(s[seat] for s in seatings) == sorted(["random", "greedy-lite", "random:uniform=true"] * 2)
    seeds = [r.seed for r in result.records]
    assert seeds[0] == seeds[1] == seeds[2] != seeds[3] == seeds[4] == seeds[5]
    assert result.ruleset.edition == "2015" and result.ruleset.capture_timing == "end_of_turn"


def test_fewer_bots_than_seats_are_cycled() -> None:
    result = simulate(["random"], games=2, players=3, seed=1)
    assert result.seats == {"random": 3}
    assert result.win_rates == {"random": pytest.approx(1.0)}


def test_bad_requests_are_refused() -> None:
    with pytest.raises(ValueError, match="2, 3 or 4"):
        simulate(["random"], games=1, players=5)
    with pytest.raises(ValueError, match="unknown bot"):
        simulate(["random", "oracle"], games=1, players=2)
    with pytest.raises(ValueError, match="1 to 2 bots"):
        simulate(["random"] * 3, games=1, players=2)
    with pytest.raises(ValueError, match="unknown ruleset"):
        simulate(["random"], games=1, players=2, ruleset="1999")


def test_wilson_interval() -> None:
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4) and wilson(0, 10)[0] == 0.0
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(200, 200) == pytest.approx((0.9812, 1.0), abs=1e-4) and wilson(200, 200)[1] == 1.0
    assert wilson(180, 200) == pytest.approx((0.8506, 0.9343), abs=1e-4)


def test_cli_json_matches_the_python_api() -> None:
    proc = subprocess.run([str(CLI), "simulate", "--games", "4", "--players", "2", "--bots", "random,greedy",
                           "--seed", "1", "--json"], capture_output=True, text=True, timeout=600, check=True)
    data = json.loads(proc.stdout)
    result = simulate(["random", "greedy"], games=4, players=2, seed=1)
    assert set(result.as_dict()) == KEYS
    expected = result.report().as_dict()
    for d in (data, expected):  # the clock differs from run to run
        d.pop("seconds")
        for bot in d["bots"]:
            bot.pop("seconds_per_move")
    assert data == expected
    assert "4/4" not in proc.stderr, "no progress bar with --json (nor when stderr is not a terminal)"


def test_cli_shows_progress_on_a_terminal() -> None:
    import fcntl
    import os
    import pty
    import struct
    import termios

    master, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))  # a terminal 100 wide
    try:
        subprocess.run([str(CLI), "simulate", "--games", "2", "--players", "2", "--bots", "random"],
                       stdout=subprocess.PIPE, stderr=terminal, timeout=600, check=True)
    finally:
        os.close(terminal)
    shown = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the terminal is closed and everything has been read
            break
        if not chunk:
            break
        shown += chunk
    os.close(master)
    assert b"2/2" in shown and b"game" in shown


def test_cli_text_report_and_ruleset_options(capsys) -> None:
    code = main(["simulate", "--games", "2", "--players", "2", "--bots", "random", "--seed", "3", "--quiet",
                 "--option", "capture_timing=end_of_turn"])
    out = capsys.readouterr().out
    assert code == 0
    assert "win rate" in out and "95% interval" in out and "game length" in out and "games ended" in out
    code = main(["simulate", "--games", "2", "--bots", "random", "--json", "--quiet", "--option", "instant_end=stop_at_once"])
    assert code == 0
    assert json.loads(capsys.readouterr().out)["details"]["ruleset"]["instant_end"] == "stop_at_once"


@pytest.mark.parametrize("argv,message", [
    (["--bots", "random,wizard"], "unknown bot 'wizard'"),
    (["--option", "capture_timing=sometimes"], "capture_timing must be one of"),
    (["--option", "colour=blue"], "unknown ruleset field"),
    (["--games", "0"], "at least one game"),
])
def test_cli_errors_explain_themselves(argv: list[str], message: str, capsys) -> None:
    assert main(["simulate", "--quiet", *argv]) == 2
    assert message in capsys.readouterr().err



def test_a_time_limit_reaches_the_levels_that_search_and_only_them() -> None:
    from samurai_lab.knizia.bots.simulate import UNCAPPED, timed_options

    assert timed_options("ismcts", 0.2) == {"time_limit": 0.2, "playouts": UNCAPPED}
    assert timed_options("search:plans=4", 0.2) == {"time_limit": 0.2, "playouts": UNCAPPED}
    assert timed_options("greedy", 0.2) == {} and timed_options("search", None) == {}
    with pytest.raises(ValueError, match="time limit"):
        simulate(["search", "greedy"], 2, 2, time_limit=0)
