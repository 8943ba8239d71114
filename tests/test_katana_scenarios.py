"""SAMURAI scenario files: the rulebook's examples and the rulings as golden scenarios; loader errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from samurai_lab.katana.core import RULINGS
from samurai_lab.katana.scenarios import ScenarioError, load_scenario, parse_scenario, run_scenario, scenario_files
from samurai_lab.katana.scenarios.check import check_file
from samurai_lab.common.records import read_record
from samurai_lab.katana.game import GAME
from samurai_lab.tools.check import check_record

FOLDER = Path(__file__).resolve().parents[1] / "scenarios" / "katana"
FILES = scenario_files(FOLDER)


def test_there_are_golden_scenarios():
    names = {p.name for p in FILES}
    assert {"example-free-move.toml", "example-constrained-taiyo.toml"} <= names
    for ruling in RULINGS:
        assert any(p.name.startswith(f"ruling-{ruling.id.lower()}-") for p in FILES), ruling.id


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_golden_scenario(path: Path):
    scenario = load_scenario(path)
    run = run_scenario(scenario)
    assert run.ok, "\n".join(run.report())
    ok, lines = check_file(path)
    assert ok and lines[0].endswith("ok")


def test_the_italian_examples_are_quoted():
    free = load_scenario(FOLDER / "example-free-move.toml")
    assert "qualsiasi casella libera del tabellone, che non sia una casella KATANA" in free.description
    taiyo = load_scenario(FOLDER / "example-constrained-taiyo.toml")
    assert "deve attraversare per prima la suddetta casella TAIYO" in taiyo.description


def test_loader_lists_every_problem_with_file_and_field():
    text = '''
game = "katana"
title = ""
colour = "blue"
position = "e5 d1 b - 0:0"
[rulings]
K1 = "nobody"
[[steps]]
n = 2
move = "z9-d5"
narration = ""
[steps.expect]
to_move = "green"
bogus = 1
'''
    with pytest.raises(ScenarioError) as e:
        parse_scenario(text, "bad.toml")
    problems = e.value.problems
    for field in ("title", "colour", "position", "rulings", "steps[1].n", "steps[1].move", "steps[1].narration",
                  "steps[1].expect.to_move", "steps[1].expect.bogus"):
        assert any(p.startswith(f"bad.toml: {field}:") for p in problems), (field, problems)


def test_not_toml_and_wrong_game():
    with pytest.raises(ScenarioError, match="not valid TOML"):
        parse_scenario("game = ", "x.toml")
    with pytest.raises(ScenarioError, match="game"):
        parse_scenario('game = "knizia"\ntitle = "t"\n[expect]\nwinner = "none"\n', "x.toml")


def test_check_file_reports_failures_without_raising(tmp_path: Path):
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "katana"\ntitle = "t"\n[[steps]]\nmove = "d9-e9"\nnarration = "x"\n'
                   '[steps.expect]\nto_move = "black"\n', encoding="utf-8")
    ok, lines = check_file(bad)
    assert not ok and any("to_move: expected 'black', found 'red'" in line for line in lines)
    ok, lines = check_file(tmp_path / "missing.toml")
    assert not ok and "cannot read" in lines[1]
    rec = tmp_path / "game.txt"
    rec.write_text('[Game "katana"]\n1. d9-e9 d1-e1\n', encoding="utf-8")
    assert check_record(GAME, rec)[0]


def test_the_sample_game_record_replays():
    path = FOLDER / "game-search-vs-random.txt"
    record = read_record(GAME, path)
    assert record.result == "black" and len(record.moves) > 10
    assert check_record(GAME, path)[0]


def test_a_position_as_a_table():
    text = '''
game = "katana"
title = "table"
[position]
black = ["d9", "e6'"]
red = ["e1", "d1"]
to_move = "red"
last = "black"
kills = [0, 2]
[[steps]]
move = "e1-e4"
narration = "Red attacks e6, who has no sword: the third kill."
[steps.expect]
winner = "red"
'''
    scenario = parse_scenario(text, "table.toml")
    assert run_scenario(scenario).ok
    with pytest.raises(ScenarioError, match="position"):
        parse_scenario(text.replace('to_move = "red"', 'to_move = "green"'), "table.toml")
