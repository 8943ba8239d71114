"""What the simulated students of ``bench --classroom`` do and record, whichever way they speak to the
server (a real browser, :mod:`bench_classroom_browser`, or the page's protocol, :mod:`protocol_student`)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import sys
import time
from dataclasses import dataclass, field
from typing import Any

#: How long after the last page closed the kernels are counted (the target: a closed page's kernel
#: stops within two minutes).
AFTER_CLOSE_S = 120.0
ACTION_TIMEOUT_S = 30.0
#: Every student does at least this many explorer rounds and example steps, however slow the pages load.
MIN_ROUNDS, MIN_STEPS = 2, 4
LOAD_TIMEOUT_S = 300.0
EXPLORER = "/voila/render/explorer.ipynb?start=midgame"
EXAMPLES = "/voila/render/examples.ipynb?example=E2"


@dataclass
class Tally:
    """What all students did (shared by the students' coroutines). Each click and page load is
    marked with the kind of student: ``"browser"`` (Chromium) or ``"protocol"``."""

    clicks_ms: list[float] = field(default_factory=list)
    clicks_at: list[float] = field(default_factory=list)  # when each timed action began (monotonic s)
    clicks_by: list[str] = field(default_factory=list)
    loads_s: list[float] = field(default_factory=list)
    loads_by: list[str] = field(default_factory=list)
    loading: list[tuple[float, float]] = field(default_factory=list)  # (start, end) of every page load
    page_errors: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    app_errors: list[str] = field(default_factory=list)
    closed_at: list[float] = field(default_factory=list)

    def click(self, ms: float, at: float, by: str) -> None:
        self.clicks_ms.append(ms)
        self.clicks_at.append(at)
        self.clicks_by.append(by)

    def loaded(self, start: float, by: str) -> float:
        """Record a page load that began at ``start`` and ends now; return its seconds."""
        now = time.monotonic()
        self.loads_s.append(now - start)
        self.loads_by.append(by)
        self.loading.append((start, now))
        return now - start

    def fail(self, what: str, error: BaseException) -> None:
        """Record an action or a student that failed (the first line of its error), and trace it."""
        self.failed.append(f"{what}: {(str(error) or type(error).__name__).splitlines()[0][:200]}")
        trace(f"failed: {self.failed[-1]}")

    def clicks_of(self, by: str) -> list[float]:
        return [ms for ms, b in zip(self.clicks_ms, self.clicks_by) if b == by]

    def loads_of(self, by: str) -> list[float]:
        return [s for s, b in zip(self.loads_s, self.loads_by) if b == by]

    def settled_clicks_ms(self) -> list[float]:
        """The timed actions no page load overlapped: a class at work once everyone is in."""
        return [ms for ms, at in zip(self.clicks_ms, self.clicks_at)
                if not any(a <= at + ms / 1000 and at <= b for a, b in self.loading)]


class Student:
    """One student's lesson: the explorer (rounds until ``examples_at``), then the example E2 stepped through
    until ``end_at``; the page closed (with the unload beacon, or, ``vanish``, without). The ways of speaking
    to the server (Chromium, the page's protocol) give the actions: ``open(path)`` (until the page is ready),
    ``choose_tile(k)``, ``point_at(hex_index)``, ``click_board(watch, what)`` (done when the widget of CSS class
    ``watch`` changes), ``undo()``, ``step()`` (the example's next step, from its end its first; False when the
    click failed), ``check_app_message()`` and ``leave(vanish)``."""

    kind = ""  # "browser" or "protocol": how its clicks and page loads are marked in the tally

    def __init__(self, i: int, base: str, tally: Tally, think: tuple[float, float]) -> None:
        self.i, self.base, self.tally, self.think_s = i, base, tally, think
        self.who = f"student {i}"
        self.rng = random.Random(i)
        self.page: Any = None
        self.point = (0.0, 0.0)  # where the pointer is, in the board canvas's pixels

    async def lesson(self, start_at: float, examples_at: float, end_at: float, targets: tuple[int, list[int]],
                     vanish: bool) -> None:
        await asyncio.sleep(max(0.0, start_at - time.monotonic()))
        k, hexes = targets
        try:
            await self.load(EXPLORER, "explorer")
            n = 0
            while n < MIN_ROUNDS or time.monotonic() < examples_at:
                await self.explorer_round(k, hexes[(self.i + n) % len(hexes)])
                n += 1
            await self.check_app_message()
            await self.load(EXAMPLES, "examples")
            steps = 0
            while steps < MIN_STEPS or time.monotonic() < end_at:
                steps += 1
                if not await self.step():
                    break
                await self.think()
            await self.check_app_message()
        except Exception as e:  # noqa: BLE001 - a failed student is a figure, not a crash
            self.tally.fail(self.who, e)
        finally:
            with contextlib.suppress(Exception):
                await self.leave(vanish)
            self.tally.closed_at.append(time.monotonic())

    async def load(self, path: str, app: str) -> None:
        """Open the page at ``path`` until it is ready; its time in the tally."""
        t = time.monotonic()
        await self.open(path)
        trace(f"{self.who}: {app} ready in {self.tally.loaded(t, self.kind):.1f} s")

    async def explorer_round(self, k: int, hex_index: int) -> None:
        """Choose tile k, point at the hex, click (preview), click (place), undo."""
        await self.choose_tile(k)
        await self.think()
        await self.point_at(hex_index)
        await asyncio.sleep(0.3)
        await self.click_board("samurai-message", "preview a placement")
        await self.think()
        await self.click_board("samurai-history-step", "place a tile")
        await self.think()
        await self.undo()
        await self.think()

    async def think(self) -> None:
        await asyncio.sleep(self.rng.uniform(*self.think_s))

    def app_message(self, text: str) -> None:
        """Note the app's message line when it tells of an error."""
        if "Something went wrong" in text:
            self.tally.app_errors.append(f"{self.who}: {text[:200]}")


def trace(text: str) -> None:
    """Progress lines on stderr when ``$SAMURAI_BENCH_TRACE`` is set."""
    if os.environ.get("SAMURAI_BENCH_TRACE"):
        print(f"{time.strftime('%H:%M:%S')} {text}", file=sys.stderr, flush=True)


def explorer_targets(n: int = 12) -> tuple[int, list[int]]:
    """(hand button index, ``n`` legal hexes for that tile) in ``explorer.ipynb?start=midgame``."""
    from ..knizia.widgets.explorer import midgame_state

    state = midgame_state()
    k = next(i for i, t in enumerate(state.hand) if not t.fast and not t.is_move and not t.is_swap)
    t = state.hand[k]
    legal = [state.board.index[a.hex] for a in state.legal_actions() if getattr(a, "tile", None) == t]
    step = max(1, len(legal) // n)
    return k, legal[::step][:n]
