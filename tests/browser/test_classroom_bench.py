"""`samurai-lab bench --classroom` works: a class of two for a few seconds prints every figure (the
benchmark itself, with 30 students, is run by hand: its figures are in the README)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

pytestmark = pytest.mark.browser

KEYS = {"students", "actions", "errors", "click_ms_p50", "click_ms_p95", "server_rss_mb_peak", "rss_mb_per_student",
        "kernels_before", "kernels_at_peak", "kernels_after_close", "arrival_s", "click_ms_p95_settled"}


def test_a_class_of_two_prints_every_figure() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "samurai_lab.tools.cli", "bench", "--classroom", "--students", "2",
         "--minutes", "0.3", "--after-close", "10", "--json"],
        capture_output=True, text=True, timeout=1200, check=True)
    figures = json.loads(out.stdout.strip().splitlines()[-1])
    assert KEYS <= set(figures), sorted(KEYS - set(figures))
    assert figures["students"] == 2 and figures["actions"] >= 2 * 5
    assert figures["errors"] == 0, figures["error_samples"]
    assert figures["kernels_at_peak"] > figures["kernels_before"]
    assert figures["kernels_after_close"] <= figures["kernels_before"]
    assert figures["server_rss_mb_peak"] > 0 and figures["rss_mb_per_student"] > 0
