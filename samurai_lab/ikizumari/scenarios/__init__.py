"""Text formats of SAMOURAI: scenario files (TOML: a position, numbered steps with narration, expectations)
and the checker behind ``samurai-lab check`` (its game records are written and read by ``common.records``)."""

from .load import Scenario, ScenarioError, Step, load_scenario, parse_scenario  # noqa: F401
from .run import run_scenario  # noqa: F401
