"""The golden scenario files of SAMOURAI (the rulebook's examples and one per ruling) and the loader."""

from __future__ import annotations

from pathlib import Path

import pytest

from samurai_lab.ikizumari.core.ruleset import RULINGS
from samurai_lab.ikizumari.scenarios import ScenarioError, load_scenario, parse_scenario, run_scenario
from samurai_lab.ikizumari.scenarios.check import check_file

FOLDER = Path(__file__).resolve().parents[1] / "scenarios" / "ikizumari"
FILES = sorted(FOLDER.glob("*.toml"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_scenario_file_passes(path):
    ok, lines = check_file(path)
    assert ok, "\n".join(lines)
    scenario = load_scenario(path)
    assert scenario.steps and all(step.narration for step in scenario.steps)


def test_the_rulebook_example_is_a_golden_scenario():
    scenario = load_scenario(FOLDER / "example-2-dragon.toml")
    step = scenario.steps[1]
    assert step.move == "d1-d3" and len(step.expect["legal"]) == 9
    assert step.expect["landings"]["d11-b11"] == "2 ibis"


def test_every_ruling_has_a_scenario():
    text = " ".join(p.read_text(encoding="utf-8") for p in FILES if p.name.startswith("ruling-"))
    for ruling in RULINGS:
        assert f"Ruling {ruling.id} " in text or f"{ruling.id} —" in text or f"{ruling.id}:" in text, ruling.id


def test_a_scenario_that_fails_reports_what_happened():
    text = (FOLDER / "example-2-dragon.toml").read_text(encoding="utf-8").replace('announcement = "2 dragon"', 'announcement = "3 dragon"', 1)
    failures = run_scenario(parse_scenario(text, "changed.toml"))
    assert failures and "announcement '2 dragon', expected '3 dragon'" in failures[0]


def test_the_loader_lists_every_problem_with_file_and_field():
    bad = """
game = "katana"
title = ""
position = "nonsense"
colour = "red"
[rules]
I1 = "sometimes"
[[steps]]
number = 2
move = "d1-d99"
[steps.expect]
winner = "blue"
colour = 3
"""
    with pytest.raises(ScenarioError) as err:
        parse_scenario(bad, "bad.toml")
    problems = err.value.problems
    joined = "\n".join(problems)
    for field in ("game", "title", "colour", "rules.I1", "steps[0].number", "steps[0].move", "steps[0].expect.winner",
                  "steps[0].expect.colour"):
        assert f"bad.toml: {field}:" in joined, field
    assert isinstance(err.value, ValueError)


def test_not_toml_and_missing_files_are_scenario_errors(tmp_path):
    with pytest.raises(ScenarioError):
        parse_scenario("game = = 3", "x.toml")
    with pytest.raises(ScenarioError):
        load_scenario(tmp_path / "missing.toml")
    ok, lines = check_file(tmp_path / "missing.toml")
    assert not ok and lines[0].startswith("invalid")
