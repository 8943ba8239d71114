"""``samurai-lab check`` for SAMURAI files: scenarios (TOML, ``game = "katana"``) and game records."""

from __future__ import annotations

from pathlib import Path

from .errors import ScenarioError
from .load import load_scenario
from .records import read_record
from .verify import run_scenario


def check_file(path: str | Path) -> tuple[bool, list[str]]:
    """(ok, report lines) for one scenario or record file; never raises for a bad file."""
    p = Path(path)
    try:
        if p.suffix.lower() == ".toml":
            scenario = load_scenario(p)
            run = run_scenario(scenario)
            head = f"{p}: {scenario.title}: " + ("ok" if run.ok else "FAILED")
            return run.ok, [head] + [f"  {line}" for line in run.report()]
        record = read_record(p)
        return True, [f"{p}: {len(record.moves)} moves replayed, result {record.result}: ok"]
    except ScenarioError as e:
        return False, [f"{p}: FAILED"] + [f"  {line}" for line in e.problems]
    except ValueError as e:
        return False, [f"{p}: FAILED", f"  {e}"]
