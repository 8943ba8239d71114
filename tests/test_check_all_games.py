"""``samurai-lab check`` over the scenario folder of every game, and files it cannot place."""

from __future__ import annotations

import io
from pathlib import Path

from samurai_lab.tools.check import check_paths, game_of

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def test_every_game_s_scenarios_pass():
    out = io.StringIO()
    status = check_paths([SCENARIOS], out=out)
    text = out.getvalue()
    assert status == 0, text
    for folder in ("katana", "ikizumari"):
        files = sorted((SCENARIOS / folder).glob("*.toml"))
        assert files, f"scenarios/{folder} has scenario files"
        for f in files:
            assert f"ok       {f}" in text, f"{f.name} was not checked"


def test_a_file_names_its_game(tmp_path: Path):
    record = next((SCENARIOS / "katana").glob("*.txt"))
    assert game_of(record) == "katana"
    assert game_of(SCENARIOS / "1998-e1-blue-takes-helmet.toml") == "knizia"
    unknown = tmp_path / "x.toml"
    unknown.write_text('game = "chess"\n', encoding="utf-8")
    out = io.StringIO()
    assert check_paths([unknown], out=out) == 2
    assert "unknown game chess" in out.getvalue()


def test_a_game_record_is_checked_too():
    out = io.StringIO()
    record = next((SCENARIOS / "katana").glob("*.txt"))
    assert check_paths([record], out=out) == 0, out.getvalue()
