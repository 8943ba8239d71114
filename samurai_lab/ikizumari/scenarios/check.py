"""``samurai-lab check`` for files with ``game = "ikizumari"``: load, play every step (and every variant),
verify every expectation."""

from __future__ import annotations

from pathlib import Path

from ...common.limits import capped
from .load import ScenarioError, load_scenario
from .run import run_scenario


def check_file(path: str | Path) -> tuple[bool, list[str]]:
    """(ok, report lines) for one scenario file."""
    try:
        scenario = load_scenario(path)
    except ScenarioError as e:
        return False, [f"invalid  {path}"] + [f"    {p}" for p in capped(e.problems)]
    lines: list[str] = []
    ok = True
    for name in [None] + [v.name for v in scenario.variants]:
        failures = run_scenario(scenario, name)
        ok = ok and not failures
        label = f"{path}  {scenario.title}" + (f"  [{name}]" if name else "")
        lines.append(f"{'FAILED' if failures else 'ok'}  {label}")
        lines += [f"    {f}" for f in capped(failures)]
    return ok, lines
