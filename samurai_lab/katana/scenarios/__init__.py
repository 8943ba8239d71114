"""Text formats of SAMURAI (katana): TOML scenarios with narrated steps and expectations (its game records
are written and read by ``common.records``).

``load_scenario(path)`` reads and validates a scenario (a ScenarioError lists every problem with its
file and field); ``run_scenario`` plays it and checks every expectation; ``check.check_file`` is the
``samurai-lab check`` entry for files with ``game = "katana"``.
"""

from ...common.scenario_file import ScenarioError
from .model import Expectation, Scenario, Step
from .load import load_scenario, parse_scenario, scenario_files
from .verify import ScenarioRun, StepResult, run_scenario

__all__ = ["ScenarioError", "Expectation", "Scenario", "Step", "load_scenario", "parse_scenario",
           "scenario_files", "ScenarioRun", "StepResult", "run_scenario"]
