"""Play a scenario and check every expectation; each result says what was expected and what happened."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...common.scenario_file import listed_moves
from ..core.board import NAMES, square_index
from ..core.rules import apply_move, is_tachiojo, legal_moves, outcome, why_illegal
from ..core.state import Move, State, is_strong, parse_move, to_position
from .model import Expectation, Scenario

PLAYERS = ("black", "red")


@dataclass(frozen=True)
class StepResult:
    """A step played: states before and after, and the failed checks (empty when all hold)."""

    number: int
    move: Move | None
    before: State
    after: State
    failures: tuple[str, ...] = ()
    refused: str | None = None


@dataclass(frozen=True)
class ScenarioRun:
    scenario: Scenario
    steps: tuple[StepResult, ...]
    final_failures: tuple[str, ...] = field(default=())

    @property
    def ok(self) -> bool:
        return not self.final_failures and all(not s.failures for s in self.steps)

    def report(self) -> list[str]:
        """One line per step and per failure."""
        lines = []
        for s in self.steps:
            lines.append(f"step {s.number} {s.move or '(narration)'}: {'FAILED' if s.failures else 'ok'}")
            lines += [f"  {f}" for f in s.failures]
        if self.final_failures or not self.steps:
            lines.append("final expectations: " + ("FAILED" if self.final_failures else "ok"))
            lines += [f"  {f}" for f in self.final_failures]
        return lines


def run_scenario(scenario: Scenario) -> ScenarioRun:
    """Play every step and check every expectation (never raises for a failed check)."""
    state = scenario.start
    results = []
    for step in scenario.steps:
        before = state
        failures: list[str] = []
        refused = None
        mv = parse_move(step.move) if step.move is not None else None
        if mv is not None:
            refused = why_illegal(state, mv)
            want_refusal = step.expect.checks.get("refused")
            if refused is None:
                state = apply_move(state, mv)
                if want_refusal is not None:
                    failures.append(f"refused: expected {mv} to be refused ({want_refusal!r}) but it is legal")
            elif want_refusal is None:
                failures.append(f"move {mv} is illegal: {refused}")
            elif want_refusal.lower() not in refused.lower():
                failures.append(f"refused: expected a reason containing {want_refusal!r}, got {refused!r}")
        failures += check(state, step.expect, moved=mv is not None and refused is None)
        results.append(StepResult(step.number, mv, before, state, tuple(failures), refused))
    final = check(state, scenario.expect, moved=False)
    return ScenarioRun(scenario, tuple(results), tuple(final))


def check(state: State, expect: Expectation, moved: bool = False) -> list[str]:
    """The failed checks of ``expect`` on ``state``."""
    c = expect.checks
    legal = legal_moves(state)
    res = outcome(state)
    found = {"position": to_position(state), "to_move": PLAYERS[state.to_move], "last": state.last or "-",
             "kills": f"{state.kills[0]}:{state.kills[1]}",
             "winner": "none" if res is None else ("draw" if res.winner is None else PLAYERS[res.winner]),
             "tachiojo": is_tachiojo(state), "pending": bool(state.pending)}
    found_after_moves = {
        "movers": sorted({NAMES[m.frm] for m in legal if m.kind == "move"}),
        "targets": sorted({NAMES[m.to] for m in legal if m.kind != "pass"}),
        "weak": sorted(NAMES[i] for i, v in enumerate(state.cells) if v and not is_strong(v)),
        "challenges": len(state.challenges) if moved else 0,
        "killed": sum(ch.killed for ch in state.challenges) if moved else 0}
    expected = {**c, **{key: sorted(c[key]) for key in ("movers", "targets") if key in c}}
    if "weak" in c:
        expected["weak"] = sorted(NAMES[square_index(s)] for s in c["weak"])
    return (_differences(expected, found)
            + listed_moves(c, ("moves_include", "moves_exclude"), {str(m) for m in legal}, parse_move,
                           lambda m: why_illegal(state, m))
            + _differences(expected, found_after_moves))


def _differences(expected: dict[str, object], found: dict[str, object]) -> list[str]:
    return [f"{key}: expected {expected[key]!r}, found {value!r}" for key, value in found.items()
            if key in expected and expected[key] != value]
