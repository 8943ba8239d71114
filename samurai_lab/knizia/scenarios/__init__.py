"""Scenario files, one-line position strings, game records and the rulebook examples; the three formats,
and how to walk a scenario's steps from Python, are described in ``scenarios/README.md``."""

from .check import CheckResult, RunResult, check_file, check_scenario
from .errors import Problem, ScenarioError
from .expect import Expectation, Outcome, TallySpec
from .load import load_scenario, loads_scenario
from .model import PlayedStep, Scenario, Step, Variant
from .notation import CaptureSpec
from .position import parse_position, position_string
from .records import GameRecord, parse_record, record_game, replay
from .save import save_scenario
from .validate import state_problems

__all__ = [
    "load_scenario", "loads_scenario", "save_scenario", "ScenarioError", "Problem",
    "position_string", "parse_position", "record_game", "parse_record", "replay", "GameRecord",
    "Scenario", "Step", "Variant", "PlayedStep", "Expectation", "Outcome", "TallySpec",
    "CaptureSpec", "check_scenario", "check_file", "CheckResult", "RunResult", "state_problems",
]
