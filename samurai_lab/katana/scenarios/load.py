"""Read scenario TOML files, reporting every problem at once with file and field."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from ...common.scenario_file import Problems, ScenarioError, load_file, read_table
from ..core.board import square_index
from ..core.ruleset import Ruleset
from ..core.state import CONSTRAINTS, from_position, new_game, parse_move
from .model import EXPECTATION_KEYS, Expectation, Scenario, Step

GAME = "katana"
TOP_KEYS = {"game", "title", "description", "source", "rulings", "position", "steps", "expect"}
STEP_KEYS = {"n", "move", "narration", "expect"}


def scenario_files(folder: str | Path) -> list[Path]:
    """The ``game = "katana"`` TOML files of a folder, sorted by name."""
    out = []
    for path in sorted(Path(folder).glob("*.toml")):
        try:
            if load_file(path, read_table).get("game") == GAME:
                out.append(path)
        except ScenarioError:
            continue
    return out


def load_scenario(path: str | Path) -> Scenario:
    """The scenario in ``path``; ScenarioError listing every problem."""
    return load_file(path, parse_scenario)


def parse_scenario(text: str, name: str = "<scenario>") -> Scenario:
    """A scenario from TOML text; ScenarioError listing every problem with its field."""
    data = read_table(text, name)
    problems = Problems(name)
    bad = problems.bad
    if data.get("game") != GAME:
        bad("game", f'must be "{GAME}" (found {data.get("game")!r})')
    problems.unknown(data, TOP_KEYS)
    title = data.get("title", "")
    if not isinstance(title, str) or not title.strip():
        bad("title", "a non-empty string is needed")
        title = ""
    description = data.get("description", "")
    if not isinstance(description, str):
        bad("description", "must be a string")
        description = ""
    source = data.get("source", "")
    rules = Ruleset()
    try:
        rules = Ruleset.from_dict(data.get("rulings", {}))
    except ValueError as e:
        bad("rulings", str(e))
    start = new_game(rules)
    try:
        start = _position(data.get("position", "new"), rules)
    except ValueError as e:
        bad("position", str(e))
    steps: list[Step] = []
    raw_steps = data.get("steps", [])
    if not isinstance(raw_steps, list):
        bad("steps", "must be an array of tables ([[steps]])")
        raw_steps = []
    for i, raw in enumerate(raw_steps, 1):
        where = f"steps[{i}]"
        if not isinstance(raw, dict):
            bad(where, "must be a table")
            continue
        problems.unknown(raw, STEP_KEYS, f"{where}.")
        n = raw.get("n", i)
        if n != i:
            bad(f"{where}.n", f"steps are numbered 1, 2, 3 ... in order: expected {i}, found {n!r}")
        move = raw.get("move")
        if move is not None:
            try:
                parse_move(move)
                move = str(move)
            except ValueError as e:
                bad(f"{where}.move", str(e))
        narration = raw.get("narration", "")
        if not isinstance(narration, str) or not narration.strip():
            bad(f"{where}.narration", "every step is narrated: a non-empty string is needed")
            narration = ""
        steps.append(Step(i, move, narration, _expectation(raw.get("expect", {}), f"{where}.expect", bad)))
    expect = _expectation(data.get("expect", {}), "expect", bad)
    if not steps and not expect.checks:
        bad("steps", "a scenario needs steps or expectations")
    if problems:
        raise ScenarioError(problems)
    return Scenario(name, title, description, rules, start, tuple(steps), expect, str(source))


def _position(pos: Any, rules: Ruleset):
    if pos == "new":
        return new_game(rules)
    if isinstance(pos, str):
        return from_position(pos, rules)
    if isinstance(pos, dict):
        unknown = set(pos) - {"black", "red", "to_move", "last", "kills"}
        if unknown:
            raise ValueError(f"unknown keys {sorted(unknown)} (known: black, red, to_move, last, kills)")
        sides = []
        for side in ("black", "red"):
            squares = pos.get(side, [])
            if not isinstance(squares, list) or not all(isinstance(s, str) for s in squares):
                raise ValueError(f"{side}: a list of squares like [\"d9\", \"e6'\"] is needed")
            sides.append(",".join(squares) or "-")
        to_move = {"black": "b", "red": "r"}.get(pos.get("to_move", "black"))
        if to_move is None:
            raise ValueError("to_move: black or red")
        kills = pos.get("kills", [0, 0])
        if not (isinstance(kills, list) and len(kills) == 2):
            raise ValueError("kills: a list [by Black, by Red]")
        return from_position(f"{sides[0]} {sides[1]} {to_move} {pos.get('last', '-')} {kills[0]}:{kills[1]}", rules)
    raise ValueError('write "new", a position string, or a table with black, red, to_move, last, kills')


#: The expectations that list moves or squares, with the reader of each item.
LIST_ITEM_READERS: dict[str, Callable[[str], Any]] = {
    "moves_include": parse_move, "moves_exclude": parse_move,
    "movers": square_index, "targets": square_index, "weak": square_index}


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


#: The expectations whose value is not a string, with the check of their value.
VALUE_CHECKS: dict[str, Callable[[Any], bool]] = {
    **{key: lambda v: isinstance(v, list) for key in LIST_ITEM_READERS},
    "tachiojo": lambda v: isinstance(v, bool), "pending": lambda v: isinstance(v, bool),
    "challenges": _count, "killed": _count, "to_move": lambda v: v in ("black", "red"),
    "winner": lambda v: v in ("black", "red", "draw", "none"),
    "last": lambda v: v in ("-",) + tuple(c for c in CONSTRAINTS if c),
    "kills": lambda v: isinstance(v, str) and len(v.split(":")) == 2 and all(n.isdigit() for n in v.split(":"))}


def _expectation(raw: Any, where: str, bad) -> Expectation:
    if not isinstance(raw, dict):
        bad(where, "must be a table")
        return Expectation()
    checks: dict[str, Any] = {}
    for key, value in raw.items():
        field = f"{where}.{key}"
        if key not in EXPECTATION_KEYS:
            bad(field, f"unknown expectation (known: {', '.join(EXPECTATION_KEYS)})")
            continue
        ok = VALUE_CHECKS.get(key, lambda v: isinstance(v, str))(value)
        for item in value if key in LIST_ITEM_READERS and ok else []:
            try:
                LIST_ITEM_READERS[key](item)
            except ValueError as e:
                bad(field, str(e))
        if not ok:
            bad(field, f"bad value {value!r}: {EXPECTATION_KEYS[key]}")
        else:
            checks[key] = value
    return Expectation(checks)
