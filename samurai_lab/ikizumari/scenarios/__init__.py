"""Text formats of SAMOURAI: scenario files (TOML: a position, numbered steps with narration, expectations),
game records (whole games as text that replay exactly) and the checker behind ``samurai-lab check``."""

from .load import Scenario, ScenarioError, Step, load_scenario, parse_scenario  # noqa: F401
from .records import Record, parse_record, record_text, replay  # noqa: F401
from .run import run_scenario  # noqa: F401
