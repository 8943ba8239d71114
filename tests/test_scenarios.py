"""The scenario folder: every rulebook example and ruling scenario holds, checked in-process and
through the console script; each example's outcome is also asserted here in code."""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from samurai_lab import Caste, EndTurn, score_state
from samurai_lab.knizia.scenarios import ScenarioError, check_scenario, load_scenario, loads_scenario
from samurai_lab.knizia.scenarios.check import check_paths, run_variant

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "scenarios"
FILES = sorted(FOLDER.glob("*.toml"))
H, B, R = Caste.HELMET, Caste.BUDDHA, Caste.RICE


def _file(stem_start: str) -> Path:
    (path,) = [p for p in FILES if p.name.startswith(stem_start)]
    return path


def _won(played, seat_names):
    """(winner name or None, caste letter, hex id, tallies) of each piece a step decided."""
    ids = played.after.board.ids
    return sorted((seat_names[r.winner] if r.winner is not None else "nobody", r.caste.value, ids[r.hex], r.tallies)
                  for r in played.resolutions)


def test_the_folder_holds_the_ten_examples_and_four_rulings() -> None:
    names = " ".join(p.name for p in FILES)
    for key in [f"-e{k}-" for k in range(1, 11)] + [f"-r{k}-" for k in range(1, 5)]:
        assert key in names, key


def test_check_passes_in_process() -> None:
    out = io.StringIO()
    status = check_paths([FOLDER], out=out)
    text = out.getvalue()
    assert status == 0, text
    lines = [ln for ln in text.splitlines() if ln.startswith(("ok", "FAILED", "INVALID"))]
    assert len(lines) == len(FILES)
    assert all(ln.startswith("ok ") for ln in lines)


def test_check_through_the_console_script() -> None:
    exe = Path(sys.executable).with_name("samurai-lab")
    cmd = [str(exe)] if exe.exists() else [shutil.which("samurai-lab") or "samurai-lab"]
    done = subprocess.run([*cmd, "check", "scenarios"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    for path in FILES:
        assert f"ok       scenarios/{path.name}" in done.stdout


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_each_scenario_and_variant_holds(path: Path) -> None:
    sc = load_scenario(path)
    assert sc.title and sc.description
    for variant in sc.runs:
        assert run_variant(sc, variant) == [], (path.name, variant.label)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_each_scenario_has_something_to_check(path: Path) -> None:
    sc = load_scenario(path)
    assert sc.expectations is not None or any(s.expect is not None for s in sc.steps)
    for variant in sc.variants:
        assert variant.expect is not None or variant.steps


def test_a_wrong_expectation_fails_with_exit_status_1(tmp_path: Path) -> None:
    text = _file("1998-e1").read_text(encoding="utf-8").replace("(Blue 3, Red 2)", "(Blue 3, Red 1)")
    bad = tmp_path / "e1-wrong.toml"
    bad.write_text(text, encoding="utf-8")
    out = io.StringIO()
    assert check_paths([bad], out=out) == 1
    report = out.getvalue()
    assert "FAILED" in report and "expected Blue takes H at HO47 (Red 1, Blue 3)" in report
    assert "got Blue takes H at HO47 (Red 2, Blue 3)" in report


def test_a_wrong_variant_expectation_names_the_variant(tmp_path: Path) -> None:
    text = _file("ruling-r4").read_text(encoding="utf-8").replace(
        'decided_by = "leaderships"', 'decided_by = "total"')
    bad = tmp_path / "r4.toml"
    bad.write_text(text, encoding="utf-8")
    out = io.StringIO()
    assert check_paths([bad], out=out) == 1
    assert "[stop_at_once] at the end: decided by: expected total, got leaderships" in out.getvalue()


def test_an_unexpectedly_refused_step_is_reported_and_stops_the_run(tmp_path: Path) -> None:
    text = _file("1998-e1").read_text(encoding="utf-8").replace('action = "H3@HO46"', 'action = "H3@HO47"')
    sc = loads_scenario(text, "e1.toml")
    failures = run_variant(sc, sc.base)
    assert len(failures) == 1 and "step 1 (H3@HO47): the rules refused it" in failures[0]
    assert "never placed on a village" in failures[0]


# --- each rulebook example, asserted in code --------------------------------------------------

def test_e1_blue_takes_the_helmet_3_to_2() -> None:
    sc = load_scenario(_file("1998-e1"))
    played = sc.walk()
    assert _won(played[0], sc.names) == [("Blue", "H", "HO47", (2, 3))]
    assert sc.final_state.captured == ((0, 0, 0), (1, 0, 0))


def test_e2_one_resolution_decides_four_pieces() -> None:
    sc = load_scenario(_file("1998-e2"))
    played = sc.walk()
    assert str(played[0].step.action) == "N1@HO27" and played[0].resolutions == ()
    assert str(played[1].step.action) == "S2@HO20"
    assert _won(played[1], sc.names) == sorted([
        ("Red", "B", "HO21", (3, 0, 2, 0)), ("Red", "H", "HO21", (3, 0, 0, 2)),
        ("Green", "R", "HO21", (3, 4, 0, 2)), ("Yellow", "B", "HO19", (2, 0, 3, 1)),
    ])
    names = sc.names
    caps = dict(zip(names, played[1].after.captured))
    assert caps == {"Red": (1, 1, 0), "Green": (0, 0, 1), "Yellow": (0, 1, 0), "Blue": (0, 0, 0)}
    # the right Buddha is Edo's: Edo lies to the right of HO19 on the map
    board = sc.state.board
    assert board.hex("Edo").q > board.hex("HO19").q


def test_e3_tallies_of_each_token() -> None:
    from samurai_lab.knizia.core.rules import influence

    sc = load_scenario(_file("1998-e3"))
    states = sc.states
    b = sc.state.board
    g, y, r = 0, 1, 2
    after = {str(p.step.action): p.after for p in sc.walk()}
    s = after["H4@HO18"]
    assert influence(s, b.resolve("HO23"), H)[g] == 4 and influence(s, b.resolve("HO14"), R)[g] == 0
    s = after["S1@HO16"]
    assert all(influence(s, b.resolve("Edo"), c)[y] == 1 for c in (H, B, R))
    s = after["N1@HO29"]
    assert influence(s, b.resolve("HO28"), B)[r] == 1 and influence(s, b.resolve("HO30"), R)[r] == 1
    s = after["B3@HO38"]
    kyoto = b.resolve("Kyoto")
    assert influence(s, kyoto, B)[g] == 3 and influence(s, b.resolve("HO42"), B)[g] == 3
    assert influence(s, kyoto, R)[g] == 0 and set(s.pieces[kyoto]) == {B, R}
    s = after["W2@SEA32"]
    assert influence(s, b.resolve("HO09"), H)[y] == 2 and influence(s, b.resolve("HO14"), R)[y] == 2
    assert states[-1].captured == ((0, 0, 0),) * 3


def test_e4_swap_and_the_refused_swap() -> None:
    sc = load_scenario(_file("1998-e4"))
    played = sc.walk()
    b = sc.state.board
    assert played[0].after.pieces[b.resolve("Kyoto")] == (H, R)
    assert played[0].after.discarded[0] == (played[0].before.hands[0][-1],)  # the swap left the game
    assert played[2].error is not None and "same caste" in played[2].error
    assert played[3].after.pieces[b.resolve("HO41")] == (R,) and played[3].after.pieces[b.resolve("HO33")] == (H,)


def test_e5_move_tile_leaves_zero_and_lays_the_helmet_elsewhere() -> None:
    from samurai_lab.knizia.core.rules import influence

    sc = load_scenario(_file("1998-e5"))
    played = sc.walk()
    b = sc.state.board
    assert played[0].error is not None
    moved = played[1].after
    assert moved.tiles[b.resolve("HO36")].tile.code == "M" and moved.tiles[b.resolve("HO44")].tile.code == "H4"
    assert influence(moved, b.resolve("HO33"), H) == (3, 0)
    assert influence(moved, b.resolve("HO43"), H) == (0, 4)


@pytest.mark.parametrize("stem, counts, winner, decided_by, others, totals", [
    ("1998-e6", {"Green": (3, 3, 5), "Yellow": (2, 2, 3), "Blue": (4, 3, 2), "Red": (1, 4, 3)}, "Green",
     "other_castes", {"Green": 6, "Blue": 5, "Red": 4}, {}),
    ("1998-e7", {"Green": (3, 4, 4), "Yellow": (0, 5, 3), "Blue": (3, 3, 4), "Red": (6, 1, 2)}, "Red",
     "total", {"Red": 3, "Yellow": 3}, {"Red": 9, "Yellow": 8}),
    ("2015-e10", {"Gold": (2, 2, 1), "Red": (1, 4, 2), "Green": (2, 1, 3)}, "Red",
     "total", {"Green": 3, "Red": 3}, {"Green": 6, "Red": 7}),
])
def test_scoring_examples(stem, counts, winner, decided_by, others, totals) -> None:
    sc = load_scenario(_file(stem))
    st = sc.final_state
    names = sc.names
    assert st.is_over and dict(zip(names, st.captured)) == counts
    for c in range(3):
        assert sum(p[c] for p in st.captured) + st.set_aside[c] <= 13
    rep = score_state(st)
    assert [names[p] for p in rep.winners] == [winner] and rep.decided_by == decided_by
    for name, v in others.items():
        assert rep.other_pieces[names.index(name)] == v
    for name, v in totals.items():
        assert rep.totals[names.index(name)] == v


def test_e7_losers_hold_more_pieces_than_the_winner() -> None:
    sc = load_scenario(_file("1998-e7"))
    rep = score_state(sc.final_state)
    names = sc.names
    assert rep.leaders[2] is None  # Blue and Green tie on Rice
    assert min(rep.totals[names.index("Blue")], rep.totals[names.index("Green")]) > rep.totals[names.index("Red")]


def test_e8_green_takes_the_buddha_at_the_end_of_the_turn() -> None:
    sc = load_scenario(_file("2015-e8"))
    played = sc.walk()
    assert played[0].resolutions == ()
    assert isinstance(played[1].step.action, EndTurn)
    assert _won(played[1], sc.names) == [("Green", "B", "HO23", (0, 2, 3, 0))]


def test_e9_two_settlements_a_tie_and_a_rice() -> None:
    sc = load_scenario(_file("2015-e9"))
    played = sc.walk()
    assert played[0].resolutions == () and played[1].resolutions == ()
    assert _won(played[2], sc.names) == sorted([
        ("Gold", "B", "HO09", (5, 3, 0, 0)), ("nobody", "B", "HO07", (4, 0, 4, 0)), ("Red", "R", "HO07", (0, 2, 1, 0)),
    ])
    assert played[2].after.set_aside == (0, 1, 0)


def test_r2_the_two_timings_give_the_helmet_to_different_players() -> None:
    sc = load_scenario(_file("ruling-r2"))
    finals = {v.name: sc.walk(v)[-1].after.captured for v in sc.runs}
    assert finals == {"": ((1, 0, 0), (0, 0, 0)), "end_of_turn": ((0, 0, 0), (1, 0, 0))}


def test_r3_forbidden_refuses_the_swap() -> None:
    sc = load_scenario(_file("ruling-r3"))
    allowed, forbidden = sc.walk(""), sc.walk("forbidden")
    assert allowed[1].error is None and "R3" in forbidden[1].error
    assert allowed[-1].after.captured != forbidden[-1].after.captured


def test_r4_the_winner_depends_on_the_ruling() -> None:
    sc = load_scenario(_file("ruling-r4"))
    winners = {}
    for v in sc.runs:
        st = sc.walk(v)[-1].after
        assert st.is_over
        winners[v.name] = [sc.names[p] for p in score_state(st).winners]
    assert winners == {"": ["Blue"], "stop_at_once": ["Red"]}


def test_r1_the_empty_handed_player_passes_and_the_other_may_not() -> None:
    sc = load_scenario(_file("ruling-r1"))
    played = sc.walk()
    assert str(played[0].step.action) == "pass" and played[0].error is None
    assert played[0].after.hands == played[0].before.hands  # passing draws nothing
    assert played[1].error is not None and "R1" in played[1].error
    assert played[-1].after.is_over


# --- the Scenario API the apps use -------------------------------------------------------------

def test_scenario_gives_steps_states_focus_and_words() -> None:
    sc = load_scenario(_file("2015-e9"))
    assert sc.edition == "2015" and sc.ruleset.capture_timing == "end_of_turn"
    assert len(sc.states) == len(sc.steps) + 1 and sc.states[0] == sc.state
    assert sc.focus == ("HO07", "HO09") and sc.focus_indices == tuple(sc.state.board.index[h] for h in sc.focus)
    assert [s.number for s in sc.steps] == [1, 2, 3] and all(s.narration for s in sc.steps)
    assert "HO08" in sc.steps[1].focus and "HO07" in sc.steps[1].focus
    words = sc.describe(sc.steps[2].expect)
    assert "The Buddha of Akita (HO07) is set aside (Gold 4, Green 4)" in words
    assert sc.variant("") is sc.base
    with pytest.raises(KeyError):
        sc.variant("nope")


def test_readme_example_is_a_valid_scenario_that_holds() -> None:
    text = (FOLDER / "README.md").read_text(encoding="utf-8")
    block = text.split("```toml", 1)[1].split("```", 1)[0]
    sc = loads_scenario(block, "README.md")
    assert [r.failures for r in check_scenario(sc)] == [[]]


def test_load_refuses_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="cannot read the file"):
        load_scenario(tmp_path / "missing.toml")
    out = io.StringIO()
    assert check_paths([tmp_path / "missing.toml"], out=out) == 2
