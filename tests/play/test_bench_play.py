"""``samurai-lab bench --play`` in small: people at a quick pace through the game service in its own process,
the server killed and started again mid-run; no acknowledged move is lost and the figures are reported."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

pytestmark = pytest.mark.server  # the game service in its own process


def test_the_play_bench_loses_no_acknowledged_move_across_a_kill():
    out = subprocess.run([sys.executable, "-m", "samurai_lab.tools.cli", "bench", "--play", "--json",
                          "--play-players", "4", "--play-minutes", "0.2", "--play-pace", "0.2,0.6"],
                         capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, out.stderr[-2000:]
    figures = json.loads(out.stdout)
    assert figures["acknowledged_moves_lost"] == 0 and figures["lost"] == []
    assert figures["moves_acknowledged"] >= 10 and figures["moves_seen_by_opponent"] >= 5
    assert figures["server_killed_at_s"] is not None and figures["server_cpu_s"] > 0
    assert set(figures["ack_to_opponent_ms"]) == {"p50", "p95", "max", "mean"}
