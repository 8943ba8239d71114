"""The renderer micro-benchmark runs and prints every figure (timings are printed, never asserted)."""

from __future__ import annotations

from samurai_lab.tools import bench_render as bench


def test_benchmark_prints_every_figure(capsys) -> None:
    assert bench.main(["--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Renderer timings, 4 players, ")
    for name in ("board_svg (full, legend)", "draw_map, Python only", "draw_pieces, Python only",
                 "draw_pieces, ipycanvas batch", "hex_at (per call)", "hover_text (per settlement)"):
        line = next(line for line in out.splitlines() if name in line)
        assert line.rstrip().endswith(" ms") and float(line.split()[-2]) >= 0


def test_busy_board_is_well_filled() -> None:
    state = bench.busy_board()
    assert state.n_players == 4
    assert sum(t is not None for t in state.tiles) > 40
