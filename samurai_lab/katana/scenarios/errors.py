"""The error of a bad scenario or record file: every problem at once, each naming file and field."""

from __future__ import annotations


class ScenarioError(ValueError):
    """A file that cannot be used; ``problems`` lists ``"<file>: <field>: <what is wrong>"`` lines."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))
