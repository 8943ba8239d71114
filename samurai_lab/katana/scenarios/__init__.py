"""Text formats of SAMURAI (katana): TOML scenarios with narrated steps and expectations, read (``load``), played
and checked (``verify``, ``check``); its game records are written and read by ``common.records``."""

from ...common.scenario_file import ScenarioError
from .model import Expectation, Scenario, Step
from .load import load_scenario, parse_scenario, scenario_files
from .verify import ScenarioRun, StepResult, run_scenario

__all__ = ["ScenarioError", "Expectation", "Scenario", "Step", "load_scenario", "parse_scenario",
           "scenario_files", "ScenarioRun", "StepResult", "run_scenario"]
