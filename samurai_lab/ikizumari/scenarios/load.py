"""Scenario files: read and validate, listing every problem at once with its file and field.

    game = "ikizumari"
    title = "..."
    description = "..."
    position = "start"              # or a position string (see core.position)
    [rules]                         # optional: ruling id = option, e.g. I1 = "blocked"
    [[steps]]
    number = 1
    move = "d1-d3"                  # optional: a step may only check the position
    narration = "Red plays 2 dragon."
    [steps.expect]                  # every key optional
    refused = "first square"        # the move must be refused, with these words in the reason
    announcement = "2 dragon"       # what the mover announces (English)
    constraint = "1, 2 or 3"        # words of the next constraint (English)
    legal = ["d11-c11", ...]        # exactly these legal moves next
    legal_count = 9
    legal_include = [...]; legal_exclude = [...]
    landings = { "d11-c11" = "1 dragon" }   # announcement each of these next moves would make
    to_move = "black"; winner = "red" | "black" | "draw" | "none"; reason = "iki_zumari"
    position = "..."                # the position string after the step
    [[variants]]                    # the same steps under other rulings, with other expectations
    name = "I1 = blocked"; rules = { I1 = "blocked" }
    [[variants.steps]]; number = 1; [variants.steps.expect] ...
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ...common.scenario_file import Problems, ScenarioError, load_file, read_table
from ..core.moves import parse_move
from ..core.position import START, from_position
from ..core.ruleset import Ruleset
from ..core.state import State

GAME = "ikizumari"
EXPECT_KEYS = {"refused", "announcement", "constraint", "legal", "legal_count", "legal_include", "legal_exclude",
               "landings", "to_move", "winner", "reason", "position"}
TOP_KEYS = {"game", "title", "description", "position", "rules", "steps", "variants", "source"}
STEP_KEYS = {"number", "move", "narration", "expect"}


@dataclass(frozen=True)
class Step:
    number: int
    move: str | None
    narration: str
    expect: dict[str, Any]


@dataclass(frozen=True)
class Variant:
    name: str
    ruleset: Ruleset
    expect: dict[int, dict[str, Any]]  # step number -> expectations replacing the step's own


@dataclass(frozen=True)
class Scenario:
    path: str
    title: str
    description: str
    start: State
    ruleset: Ruleset
    steps: tuple[Step, ...]
    variants: tuple[Variant, ...] = field(default=())
    source: str = ""

    def start_under(self, ruleset: Ruleset) -> State:
        return replace(self.start, ruleset=ruleset, last=None)


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate a scenario file; ScenarioError listing every problem."""
    return load_file(path, parse_scenario)


def parse_scenario(text: str, name: str = "<text>") -> Scenario:
    """Validate the TOML text of a scenario; ScenarioError listing every problem."""
    problems = Problems(name)
    bad = problems.bad
    data = read_table(text, name)
    problems.unknown(data, TOP_KEYS)
    if data.get("game") != GAME:
        bad("game", f'must be "{GAME}", got {data.get("game")!r}')
    title = data.get("title")
    if not isinstance(title, str) or not title.strip():
        bad("title", "a non-empty text is needed")
    description = data.get("description", "")
    if not isinstance(description, str):
        bad("description", "must be a text")
    ruleset = _ruleset(data.get("rules", {}), "rules", bad)
    pos = data.get("position", "start")
    start = None
    if not isinstance(pos, str):
        bad("position", "must be a position string or \"start\"")
    else:
        try:
            start = from_position(START if pos.strip() == "start" else pos, ruleset)
        except ValueError as e:
            bad("position", str(e))
    steps = _steps(data.get("steps", []), "steps", problems)
    variants = []
    raw_variants = data.get("variants", [])
    if not isinstance(raw_variants, list):
        bad("variants", "must be an array of tables [[variants]]")
        raw_variants = []
    numbers = {s.number for s in steps}
    for i, v in enumerate(raw_variants):
        where = f"variants[{i}]"
        if not isinstance(v, dict):
            bad(where, "must be a table")
            continue
        problems.unknown(v, ("name", "rules", "steps"), f"{where}.")
        vname = v.get("name")
        if not isinstance(vname, str) or not vname:
            bad(f"{where}.name", "a non-empty text is needed")
        vrules = _ruleset(v.get("rules", {}), f"{where}.rules", bad)
        overrides: dict[int, dict[str, Any]] = {}
        vsteps = v.get("steps", [])
        if not isinstance(vsteps, list):
            bad(f"{where}.steps", "must be an array of tables")
            vsteps = []
        for j, st in enumerate(vsteps):
            sw = f"{where}.steps[{j}]"
            if not isinstance(st, dict) or not isinstance(st.get("number"), int):
                bad(sw, "needs a whole number 'number'")
                continue
            if st["number"] not in numbers:
                bad(f"{sw}.number", f"no step {st['number']} in this scenario")
            overrides[st["number"]] = _expect(st.get("expect", {}), f"{sw}.expect", bad)
        if isinstance(vname, str) and vrules is not None:
            variants.append(Variant(vname, vrules, overrides))
    source = data.get("source", "")
    if not isinstance(source, str):
        bad("source", "must be a text")
    if problems or start is None or ruleset is None:
        raise ScenarioError(problems or [f"{name}: invalid"])
    return Scenario(name, title.strip(), description.strip(), start, ruleset, tuple(steps), tuple(variants),
                    source)


def _ruleset(raw: Any, where: str, bad) -> Ruleset | None:  # noqa: ANN001
    if not isinstance(raw, dict):
        bad(where, "must be a table of ruling id = option")
        return None
    rs = Ruleset()
    ok = True
    for key, value in raw.items():
        try:
            if not isinstance(value, str):
                raise ValueError(f"the option must be a text, got {value!r}")
            rs = rs.with_option(key, value)
        except ValueError as e:
            bad(f"{where}.{key}", str(e))
            ok = False
    return rs if ok else None


def _steps(raw: Any, where: str, problems: Problems) -> list[Step]:
    bad = problems.bad
    if not isinstance(raw, list):
        bad(where, "must be an array of tables [[steps]]")
        return []
    steps: list[Step] = []
    for i, st in enumerate(raw):
        sw = f"{where}[{i}]"
        if not isinstance(st, dict):
            bad(sw, "must be a table")
            continue
        problems.unknown(st, STEP_KEYS, f"{sw}.")
        number = st.get("number")
        if not isinstance(number, int) or isinstance(number, bool) or number != len(steps) + 1:
            bad(f"{sw}.number", f"steps are numbered 1, 2, 3...; expected {len(steps) + 1}, got {number!r}")
            number = len(steps) + 1
        move = st.get("move")
        if move is not None:
            if not isinstance(move, str):
                bad(f"{sw}.move", "must be a move like d1-d3")
                move = None
            else:
                try:
                    parse_move(move)
                except ValueError as e:
                    bad(f"{sw}.move", str(e))
        narration = st.get("narration", "")
        if not isinstance(narration, str):
            bad(f"{sw}.narration", "must be a text")
            narration = ""
        expect = _expect(st.get("expect", {}), f"{sw}.expect", bad)
        steps.append(Step(number, move, narration.strip(), expect))
    return steps


def _expect(raw: Any, where: str, bad) -> dict[str, Any]:  # noqa: ANN001
    if not isinstance(raw, dict):
        bad(where, "must be a table")
        return {}
    for key in sorted(set(raw) - EXPECT_KEYS):
        bad(f"{where}.{key}", f"unknown expectation (known: {', '.join(sorted(EXPECT_KEYS))})")
    for key in ("refused", "announcement", "constraint", "position", "reason"):
        if key in raw and not isinstance(raw[key], str):
            bad(f"{where}.{key}", "must be a text")
    for key in ("legal", "legal_include", "legal_exclude"):
        if key in raw:
            if not isinstance(raw[key], list):
                bad(f"{where}.{key}", "must be a list of moves")
                continue
            for m in raw[key]:
                try:
                    parse_move(m)
                except ValueError as e:
                    bad(f"{where}.{key}", str(e))
    if "legal_count" in raw and (not isinstance(raw["legal_count"], int) or raw["legal_count"] < 0):
        bad(f"{where}.legal_count", "must be a whole number")
    if "landings" in raw:
        if not isinstance(raw["landings"], dict):
            bad(f"{where}.landings", "must be a table move = announcement")
        else:
            for m, a in raw["landings"].items():
                try:
                    parse_move(m)
                except ValueError as e:
                    bad(f"{where}.landings.{m}", str(e))
                if not isinstance(a, str):
                    bad(f"{where}.landings.{m}", "the announcement must be a text")
    if "to_move" in raw and raw["to_move"] not in ("red", "black"):
        bad(f"{where}.to_move", "must be red or black")
    if "winner" in raw and raw["winner"] not in ("red", "black", "draw", "none"):
        bad(f"{where}.winner", "must be red, black, draw or none")
    if "position" in raw and isinstance(raw["position"], str):
        try:
            from_position(raw["position"])
        except ValueError as e:
            bad(f"{where}.position", str(e))
    return dict(raw)
