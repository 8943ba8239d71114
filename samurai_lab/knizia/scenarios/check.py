"""``samurai-lab check PATH...``: load scenarios, play their steps, verify every expectation. One line per
scenario (``ok  path  title``), then what a failure expected and got, or every problem of an invalid file.
Exit status 0 when all pass, 1 when an expectation fails, 2 when a file is invalid."""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, TextIO

from ...common.limits import capped
from ...i18n import Domain
from .errors import Problem, ScenarioError
from .expect import Outcome
from .load import load_scenario
from .model import Scenario, Variant

T = Domain("knizia")
#: Folders of a scenario folder that hold the other games' scenarios.
OTHER_GAMES = {"katana", "ikizumari"}

HELP = "check scenario files: play their steps and verify every expectation (exit 0 ok, 1 failed, 2 invalid file)"


@dataclass
class RunResult:
    """The outcome of one variant (``""`` = the scenario as written): the failures, in words."""

    variant: str
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


@dataclass
class CheckResult:
    """One scenario file checked."""

    path: str
    title: str = ""
    runs: list[RunResult] = field(default_factory=list)
    error: ScenarioError | None = None

    @property
    def status(self) -> str:
        if self.error is not None:
            return "invalid"
        return "ok" if all(r.ok for r in self.runs) else "failed"


def run_variant(scenario: Scenario, variant: Variant) -> list[str]:
    """Play the steps under ``variant`` and list every expectation that does not hold."""
    failures: list[str] = []
    resolutions = []
    played = scenario.walk(variant)
    for ps in played:
        label = f"step {ps.step.number} ({ps.step.text})"
        exp = ps.expect
        if ps.error is not None and not (exp is not None and exp.illegal):
            failures.append(f"{label}: the rules refused it: {ps.error}")
            return failures  # the later steps would start from the wrong position
        if exp is not None:
            failures += [f"{label}: {f}" for f in exp.check(ps.outcome())]
        resolutions.extend(ps.resolutions)
    if variant.expect is not None:
        last = played[-1].after if played else variant.state
        failures += [f"at the end: {f}" for f in variant.expect.check(Outcome(last, tuple(resolutions)))]
    return failures


def check_scenario(scenario: Scenario) -> list[RunResult]:
    """Every variant of a scenario (the scenario as written first) checked."""
    return [RunResult(v.name, run_variant(scenario, v)) for v in scenario.runs]


def check_file(path: str | Path) -> CheckResult:
    """Load and check one file."""
    try:
        sc = load_scenario(path)
    except ScenarioError as e:
        return CheckResult(str(path), error=e)
    return CheckResult(str(path), sc.title, check_scenario(sc))


def scenario_files(paths: Iterable[str | Path]) -> list[Path]:
    """Files as given, folders searched recursively for ``*.toml`` (sorted)."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():  # the other games' scenarios live in their own folders
            out.extend(sorted(f for f in p.rglob("*.toml") if not set(f.relative_to(p).parts[:-1]) & OTHER_GAMES))
        else:
            out.append(p)
    return out


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="scenario files or folders (searched for *.toml); none: the scenario files the "
                             "package carries")
    parser.add_argument("-v", "--verbose", action="store_true", help="also list the variants checked")


def check_paths(paths: Iterable[str | Path], out: TextIO = sys.stdout, verbose: bool = False) -> int:
    """Check files and folders, print the report, return the exit status."""
    files = scenario_files(paths)
    results = []
    if not files:
        print("no scenario files found", file=out)
        return 2
    for f in files:
        r = check_file(f) if f.exists() else CheckResult(
            str(f), error=ScenarioError([Problem(str(f), "", T.gettext('no such file or folder'))]))
        results.append(r)
        if r.error is not None:
            print(f"INVALID  {r.path}", file=out)
            for line in r.error.report().splitlines():
                print(f"    {line}", file=out)
            continue
        variants = [run.variant for run in r.runs if run.variant]
        extra = f"  [+ {len(variants)} rule variant{'s' if len(variants) != 1 else ''}]" if variants else ""
        if r.status == "ok":
            print(f"ok       {r.path}  {r.title}{extra}", file=out)
            if verbose:
                for run in r.runs:
                    print(f"    ok: {run.variant or 'as written'}", file=out)
            continue
        print(f"FAILED   {r.path}  {r.title}", file=out)
        failures = (f"[{run.variant}] {failure}" if run.variant else failure
                    for run in r.runs for failure in run.failures)
        for line in capped(failures):
            print(f"    {line}", file=out)
    counts = {s: sum(1 for r in results if r.status == s) for s in ("ok", "failed", "invalid")}
    print(f"{len(results)} scenario{'s' if len(results) != 1 else ''}: {counts['ok']} ok, "
          f"{counts['failed']} failed, {counts['invalid']} invalid", file=out)
    return 2 if counts["invalid"] else 1 if counts["failed"] else 0
