"""Problems found in a scenario file, a position string or a game record, reported all at once."""

from __future__ import annotations

from dataclasses import dataclass

from ...common.limits import capped
from ...i18n import Domain

T = Domain("knizia")


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with an input: which file, which field (e.g. ``pieces.HO12``), what is wrong."""

    file: str
    path: str
    message: str

    def __str__(self) -> str:
        return ": ".join(part for part in (self.file, self.path, self.message) if part)


class ScenarioError(ValueError):
    """Invalid input. ``problems`` lists every problem found; ``str(error)`` has one line per problem."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("\n".join(capped(str(p) for p in self.problems)) or T.gettext("invalid input"))

    def report(self) -> str:
        """A heading with the number of problems, then one indented line per problem (the first
        ``common.limits.MAX_PROBLEMS``, then how many more)."""
        n = len(self.problems)
        head = T.ngettext("{n} problem:", "{n} problems:", n).format(n=n)
        return "\n".join([head, *(f"  {p}" for p in capped(map(str, self.problems)))])


class Problems:
    """Collects problems for one input while it is being read."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.items: list[Problem] = []

    def add(self, path: str, message: str) -> None:
        self.items.append(Problem(self.file, path, message))

    def __len__(self) -> int:  # also what ``bool`` asks: is there any problem?
        return len(self.items)

    def raise_if_any(self) -> None:
        if self.items:
            raise ScenarioError(self.items)
