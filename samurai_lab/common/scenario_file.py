"""What the scenario files of Katana and Iki-zumari share: the file read, its TOML, every problem listed at once
(``"<file>: <field>: <what is wrong>"``), and the moves a step expects legal or illegal."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Collection, Iterable, Mapping, TypeVar

from .limits import capped, check_size, loads_toml, read_text, tomllib

T = TypeVar("T")


class ScenarioError(ValueError):
    """A file that cannot be used; ``problems`` lists ``"<file>: <field>: <what is wrong>"`` lines."""

    def __init__(self, problems: Iterable[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(capped(self.problems)))


class Problems(list):
    """The problems of the file ``name`` found so far."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name

    def bad(self, where: str, what: str) -> None:
        self.append(f"{self.name}: {where}: {what}")

    def unknown(self, table: Mapping[str, Any], known: Collection[str], where: str = "") -> None:
        """A problem for each key of ``table`` that is not ``known`` (``where``: the table's field and a dot)."""
        for key in sorted(set(table) - set(known)):
            self.bad(f"{where}{key}", f"unknown key (known: {', '.join(sorted(known))})")


def load_file(path: str | Path, parse: Callable[[str, str], T]) -> T:
    """``parse(text, name)`` of the file ``path``; ScenarioError when it cannot be read."""
    p = Path(path)
    try:
        text = read_text(p, "scenario")
    except (OSError, UnicodeDecodeError) as e:
        raise ScenarioError([f"{p}: cannot read the file: {e}"]) from None
    except ValueError as e:  # larger than a scenario may be
        raise ScenarioError([str(e)]) from None
    return parse(text, str(p))


def read_table(text: str, name: str) -> dict[str, Any]:
    """The TOML table of a file's text; ScenarioError when it is not TOML."""
    try:
        check_size(text, "scenario", name)
    except ValueError as e:
        raise ScenarioError([str(e)]) from None
    try:
        return loads_toml(text)
    except (tomllib.TOMLDecodeError, TypeError) as e:
        raise ScenarioError([f"{name}: not valid TOML: {e}"]) from None


def listed_moves(expect: Mapping[str, Any], keys: tuple[str, str], legal: Collection[str],
                 notation: Callable[[str], Any], why_illegal: Callable[[str], Any]) -> list[str]:
    """What is wrong with the moves ``expect`` lists under ``keys``, (must be legal, must be illegal): ``legal``
    holds the notation of the legal moves, ``notation(move)`` reads one, ``why_illegal(move)`` says why it is not."""
    must, must_not = keys
    return ([f"{must}: {m} should be legal but is not: {why_illegal(m)}" for m in expect.get(must, ())
             if str(notation(m)) not in legal]
            + [f"{must_not}: {m} should be illegal but is legal" for m in expect.get(must_not, ())
               if str(notation(m)) in legal])
