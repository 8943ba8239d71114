"""``samurai-lab check`` for SAMURAI scenario files (TOML, ``game = "katana"``); its game records are checked
by replaying them (``common.records``)."""

from __future__ import annotations

from pathlib import Path

from ...common.limits import capped
from ...common.scenario_file import ScenarioError
from .load import load_scenario
from .verify import run_scenario


def check_file(path: str | Path) -> tuple[bool, list[str]]:
    """(ok, report lines) for one scenario file; never raises for a bad file."""
    p = Path(path)
    try:
        scenario = load_scenario(p)
        run = run_scenario(scenario)
        head = f"{p}: {scenario.title}: " + ("ok" if run.ok else "FAILED")
        return run.ok, [head] + [f"  {line}" for line in capped(run.report())]
    except ScenarioError as e:
        return False, [f"{p}: FAILED"] + [f"  {line}" for line in capped(e.problems)]
    except ValueError as e:
        return False, [f"{p}: FAILED", f"  {e}"]
