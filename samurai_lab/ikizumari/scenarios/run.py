"""Play a scenario's steps and check every expectation; the failures come back in words."""

from __future__ import annotations

from typing import Any

from samurai_lab.i18n import use_language

from ...common.scenario_file import listed_moves
from ..core.board import BLACK, RED
from ..core.moves import parse_move
from ..core.position import to_position
from ..core.rules import apply_move, legal_moves, outcome, why_illegal, window
from ..core.ruleset import Ruleset
from ..core.state import State
from ..core.text import announcement, constraint_text
from .load import Scenario

WINNERS = {RED: "red", BLACK: "black", None: "draw"}


def run_scenario(scenario: Scenario, variant: str | None = None) -> list[str]:
    """Failures of the scenario as written (``variant`` None) or under one of its variants (by name)."""
    ruleset: Ruleset = scenario.ruleset
    overrides: dict[int, dict[str, Any]] = {}
    if variant is not None:
        v = next((v for v in scenario.variants if v.name == variant), None)
        if v is None:
            return [f"no variant {variant!r}"]
        ruleset, overrides = v.ruleset, v.expect
    with use_language("en"):
        return _run(scenario, scenario.start_under(ruleset), overrides)


def _run(scenario: Scenario, state: State, overrides: dict[int, dict[str, Any]]) -> list[str]:
    failures: list[str] = []
    for step in scenario.steps:
        exp = overrides.get(step.number, step.expect)
        label = f"step {step.number}"
        if step.move is not None:
            reason = why_illegal(state, step.move)
            if "refused" in exp:
                if reason is None:
                    failures.append(f"{label}: {step.move} should be refused ({exp['refused']}) but is legal")
                elif exp["refused"].lower() not in reason.lower():
                    failures.append(f"{label}: {step.move} is refused with {reason!r}, expected the words "
                                    f"{exp['refused']!r}")
                continue
            if reason is not None:
                failures.append(f"{label}: {step.move} is refused: {reason}")
                break
            state = apply_move(state, step.move)
        failures += [f"{label}: {f}" for f in check_expectations(state, exp)]
    return failures


def check_expectations(state: State, exp: dict[str, Any]) -> list[str]:
    """Every expectation of ``exp`` that does not hold in ``state``."""
    out: list[str] = []
    if "announcement" in exp and announcement(state) != exp["announcement"]:
        out.append(f"announcement {announcement(state)!r}, expected {exp['announcement']!r}")
    end = outcome(state)
    if "constraint" in exp:
        text = constraint_text(state, window(state)) if end is None else ""
        if exp["constraint"] not in text:
            out.append(f"constraint {text!r} does not say {exp['constraint']!r}")
    legal = {str(m) for m in legal_moves(state)}
    if "legal" in exp:
        want = {str(parse_move(m)) for m in exp["legal"]}
        if legal != want:
            out.append(f"legal moves differ: missing {sorted(want - legal)}, unexpected {sorted(legal - want)}")
    if "legal_count" in exp and len(legal) != exp["legal_count"]:
        out.append(f"{len(legal)} legal moves, expected {exp['legal_count']}")
    out += listed_moves(exp, ("legal_include", "legal_exclude"), legal, parse_move, lambda m: why_illegal(state, m))
    for m, words in exp.get("landings", {}).items():
        if str(parse_move(m)) not in legal:
            out.append(f"{m} should be legal: {why_illegal(state, m)}")
        elif announcement(apply_move(state, m)) != words:
            out.append(f"{m} announces {announcement(apply_move(state, m))!r}, expected {words!r}")
    if "to_move" in exp and ("red", "black")[state.to_move] != exp["to_move"]:
        out.append(f"{('red', 'black')[state.to_move]} to move, expected {exp['to_move']}")
    if "winner" in exp:
        got = "none" if end is None else WINNERS[end.winner]
        if got != exp["winner"]:
            out.append(f"result {got}, expected {exp['winner']}")
    if "reason" in exp:
        got = "" if end is None else end.reason
        if got != exp["reason"]:
            out.append(f"end reason {got!r}, expected {exp['reason']!r}")
    if "position" in exp and to_position(state) != exp["position"].strip():
        out.append(f"position {to_position(state)!r}, expected {exp['position']!r}")
    return out
