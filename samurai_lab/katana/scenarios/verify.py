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
            mark = "ok" if not s.failures else "FAILED"
            lines.append(f"step {s.number} {s.move or '(narration)'}: {mark}")
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
    out: list[str] = []
    c = expect.checks
    legal = legal_moves(state)
    legal_s = {str(m) for m in legal}

    def want(key: str, expected: object, actual: object) -> None:
        if expected != actual:
            out.append(f"{key}: expected {expected!r}, found {actual!r}")

    if "position" in c:
        want("position", c["position"], to_position(state))
    if "to_move" in c:
        want("to_move", c["to_move"], PLAYERS[state.to_move])
    if "last" in c:
        want("last", c["last"], state.last or "-")
    if "kills" in c:
        want("kills", c["kills"], f"{state.kills[0]}:{state.kills[1]}")
    if "winner" in c:
        res = outcome(state)
        actual = "none" if res is None else ("draw" if res.winner is None else PLAYERS[res.winner])
        want("winner", c["winner"], actual)
    if "tachiojo" in c:
        want("tachiojo", c["tachiojo"], is_tachiojo(state))
    if "pending" in c:
        want("pending", c["pending"], bool(state.pending))
    out += listed_moves(c, ("moves_include", "moves_exclude"), legal_s, parse_move, lambda m: why_illegal(state, m))
    if "movers" in c:
        want("movers", sorted(c["movers"]), sorted({NAMES[m.frm] for m in legal if m.kind == "move"}))
    if "targets" in c:
        want("targets", sorted(c["targets"]), sorted({NAMES[m.to] for m in legal if m.kind != "pass"}))
    if "weak" in c:
        want("weak", sorted(NAMES[square_index(s)] for s in c["weak"]),
             sorted(NAMES[i] for i, v in enumerate(state.cells) if v and not is_strong(v)))
    if "challenges" in c:
        want("challenges", c["challenges"], len(state.challenges) if moved else 0)
    if "killed" in c:
        want("killed", c["killed"], sum(ch.killed for ch in state.challenges) if moved else 0)
    return out
