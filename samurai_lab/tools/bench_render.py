"""Micro-benchmark of the renderers in Python: ``python -m samurai_lab.tools.bench_render``.

Times, on a well-filled 4-player board, building the static SVG and drawing
each canvas layer (on a canvas that ignores the calls, and on a real
``ipycanvas.Canvas`` inside ``hold_canvas``, which also serialises the
commands), plus hit testing and hover texts. Prints the figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
from typing import Any, Callable

from ..knizia.core.playout import random_action
from ..knizia.core.rules import apply_action
from ..knizia.core.ruleset import EDITION_1998
from ..knizia.core.state import GameState, new_game
from ..knizia.core.tiles import CASTES
from ..knizia.render.canvas import draw_heatmap, draw_highlights, draw_map, draw_pieces
from ..knizia.render.describe import hover_text
from ..knizia.render.layout import layout_for
from ..knizia.render.svg import board_svg
from .bench import timed


class NullCanvas:
    """Accepts every canvas call and attribute and does nothing: the cost of the Python side only."""

    def __setattr__(self, name: str, value: Any) -> None:
        pass

    def __getattr__(self, name: str) -> Callable[..., None]:
        return lambda *args: None


def busy_board(n_players: int = 4, seed: int = 11, max_steps: int = 400) -> GameState:
    """A position with as many tiles on the board as random play reaches before the game ends."""
    state = new_game(n_players, EDITION_1998.with_options(setup="random", hands="random"), seed)
    rng = random.Random(seed)
    best = state
    for _ in range(max_steps):
        if state.is_over:
            break
        state = apply_action(state, random_action(state, rng))
        if sum(t is not None for t in state.tiles) >= sum(t is not None for t in best.tiles):
            best = state
    return best


def run(repeat: int = 20, hex_size: float = 16, state: GameState | None = None) -> dict[str, float]:
    """Milliseconds per operation, by name, on ``state`` (default: ``busy_board()``)."""
    state = state if state is not None else busy_board()
    layout = layout_for(state.board, hex_size)
    marks = {"legal": tuple(i for i, t in enumerate(state.tiles) if t is None and state.board.is_land[i])}
    null = NullCanvas()
    out: dict[str, float] = {}
    out["board_svg (full, legend)"] = timed(lambda: board_svg(state), repeat)
    out["board_svg (heat map)"] = timed(lambda: board_svg(state, heat=CASTES[0]), repeat)
    out["draw_map, Python only"] = timed(lambda: draw_map(null, layout), repeat)
    out["draw_pieces, Python only"] = timed(lambda: draw_pieces(null, layout, state), repeat)
    out["draw_heatmap, Python only"] = timed(lambda: draw_heatmap(null, layout, state, CASTES[1]), repeat)
    out["draw_highlights, Python only"] = timed(lambda: draw_highlights(null, layout, marks, 0, 1), repeat)
    try:
        from ipycanvas import Canvas, hold_canvas
    except ImportError:  # pragma: no cover - the app extra is not installed
        pass
    else:
        canvas = Canvas(width=layout.width, height=layout.height)
        held = hold_canvas()  # as a decorator: each call of the function it wraps is one batch
        out["draw_map, ipycanvas batch"] = timed(held(lambda: draw_map(canvas, layout)), repeat)
        out["draw_pieces, ipycanvas batch"] = timed(held(lambda: draw_pieces(canvas, layout, state)), repeat)
        out["draw_highlights, ipycanvas batch"] = timed(
            held(lambda: draw_highlights(canvas, layout, marks, 0, 1)), repeat)
    points = [(x + 3, y - 2) for x, y in layout.centres]
    out["hex_at (per call)"] = timed(lambda: [layout.hex_at(x, y) for x, y in points], repeat) / len(points)
    out["hover_text (per settlement)"] = timed(
        lambda: [hover_text(state, i) for i in state.board.settlements], repeat) / len(state.board.settlements)
    return {k: v * 1000.0 for k, v in out.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args(argv)
    state = busy_board()
    results = run(args.repeat, state=state)
    tiles = sum(t is not None for t in state.tiles)
    print(f"Renderer timings, 4 players, {tiles} tiles on the board (median of {args.repeat} runs):")
    for name, ms in results.items():
        print(f"  {name:<36} {ms:9.3f} ms")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
