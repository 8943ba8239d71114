"""Invalid scenario files: one ScenarioError listing every problem with file and field, exit status 2."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from samurai_lab.knizia.scenarios import ScenarioError, load_scenario, loads_scenario
from samurai_lab.knizia.scenarios.check import check_paths

GOOD = """
title = "a small valid position"
seed = 3
fill = "random"

[rules]
edition = "1998"

[[players]]
name = "Red"

[[players]]
name = "Blue"
hand = ["H3"]

[pieces]
HO47 = "H"
Kyoto = "HB"

[tiles]
HO45 = "Red H2"

[turn]
player = "Blue"
number = 2

[[step]]
action = "H3@HO46"
[step.expect]
captures = ["Blue takes H at HO47 (Blue 3, Red 2)"]
"""


def problems_of(text: str, name: str = "bad.toml") -> list[str]:
    with pytest.raises(ScenarioError) as info:
        loads_scenario(text, name)
    err = info.value
    assert isinstance(err, ValueError)
    assert str(err) == "\n".join(str(p) for p in err.problems)
    return [str(p) for p in err.problems]


def test_the_base_file_is_valid() -> None:
    sc = loads_scenario(GOOD, "good.toml")
    assert sc.title == "a small valid position"


@pytest.mark.parametrize("old, new, expected", [
    ('HO47 = "H"', 'HO47 = "HB"', "bad.toml: pieces.HO47: a village holds one piece, got 2"),
    ('Kyoto = "HB"', 'Kyoto = "HH"', "bad.toml: pieces.Kyoto: a city holds two different pieces, got HH"),
    ('Kyoto = "HB"', 'Kyoto = "H"', "bad.toml: pieces.Kyoto: a city holds two pieces until they are captured, then none; got 1"),
    ('Kyoto = "HB"', 'Edo = "HHB"', "bad.toml: pieces.Edo: Edo holds one piece of each caste, got HHB"),
    ('HO47 = "H"', 'HO99 = "H"', "bad.toml: pieces.HO99: there is no hex 'HO99' on the map"),
    ('HO47 = "H"', 'KY01 = "H"', "bad.toml: pieces.KY01: hex 'KY01' is not in play with 2 players"),
    ('HO47 = "H"', 'HO47 = "HX"', "bad.toml: pieces.HO47: 'X' is not a caste letter"),
    ('HO47 = "H"', 'HO46 = "H"', "bad.toml: pieces.HO46: HO46 is a land hex: caste pieces lie only in villages, cities and Edo"),
    ('HO45 = "Red H2"', 'SEA62 = "Red H2"', "bad.toml: tiles.SEA62: only ships may lie on the sea; H2 goes on land"),
    ('HO45 = "Red H2"', 'HO45 = "Red W1"', "bad.toml: tiles.HO45: ships go on sea hexes only, and HO45 is land"),
    ('HO45 = "Red H2"', 'Edo = "Red H2"', "bad.toml: tiles.Edo: tokens are never placed on a village, a city or Edo"),
    ('HO45 = "Red H2"', 'HO45 = "Red X"', "bad.toml: tiles.HO45: the figure exchange never lies on the board"),
    ('HO45 = "Red H2"', 'HO45 = "Green H2"', "bad.toml: tiles.HO45: there is no player 'Green'; the players are Red, Blue"),
    ('HO45 = "Red H2"', 'HO45 = "Red H7"', "bad.toml: tiles.HO45: unknown tile 'H7'"),
    ('HO45 = "Red H2"', 'HO45 = "Red H2"\nhO45 = "Blue S1"', "bad.toml: tiles.hO45: HO45 is listed twice; a hex holds at most one tile"),
    ('number = 2', 'number = 3', "bad.toml: turn.player: turn 3 is Red's: players take turns in seat order from Red on turn 1"),
    ('player = "Blue"', 'player = "Yellow"', "bad.toml: turn.player: there is no player 'Yellow'"),
    ('seed = 3', 'seed = "three"', "bad.toml: seed: expected a whole number, got text 'three'"),
    ('seed = 3', 'sede = 3', "bad.toml: sede: unknown key 'sede' (did you mean 'seed'?)"),
    ('edition = "1998"', 'edition = "1999"', "bad.toml: rules.edition: edition must be one of 1998, 2015, not '1999'"),
    ('edition = "1998"', 'edition = "1998"\nR2 = "later"', "bad.toml: rules.R2: capture_timing must be one of instant, end_of_turn, not 'later'"),
    ('action = "H3@HO46"', 'action = "H3 on HO46"', "bad.toml: step[1].action: cannot read action 'H3 on HO46'"),
    ('action = "H3@HO46"', 'action = "H3@HO99"', "bad.toml: step[1].action: there is no hex 'HO99' on the map"),
    ('captures = ["Blue takes H at HO47 (Blue 3, Red 2)"]', 'captures = ["Blue grabs H at HO47"]',
     "bad.toml: step[1].expect.captures[1]: cannot read capture 'Blue grabs H at HO47'"),
    ('captures = ["Blue takes H at HO47 (Blue 3, Red 2)"]', 'capture = []',
     "bad.toml: step[1].expect.capture: unknown key 'capture' (did you mean 'captures'?)"),
    ('name = "Blue"\nhand = ["H3"]', 'name = "Blue"\nhand = ["H3", "H3", "H3"]',
     "bad.toml: players.Blue: more tiles than the 20-tile set holds: 2 × H3 too many"),
    ('name = "Blue"\nhand = ["H3"]', 'name = "Blue"\nhand = ["H3"]\npile = []',
     "bad.toml: players.Blue: tiles unaccounted for:"),
    ('name = "Blue"\nhand = ["H3"]', 'name = "Red"', "bad.toml: players: two players are called 'red'; names must differ"),
    ('title = "a small valid position"', '', "bad.toml: title: this field is required"),
])
def test_one_problem_is_named_with_file_and_field(old: str, new: str, expected: str) -> None:
    assert old in GOOD
    found = problems_of(GOOD.replace(old, new, 1))
    assert any(p.startswith(expected) for p in found), found


def test_every_problem_is_reported_at_once() -> None:
    text = (GOOD.replace('HO47 = "H"', 'HO47 = "HB"\nHO99 = "R"')
                .replace('HO45 = "Red H2"', 'SEA62 = "Red H2"\nHO21 = "Blue S1"')
                .replace("seed = 3", "seed = 3\ncolour = 1")
                .replace('action = "H3@HO46"', 'action = "fly"'))
    found = problems_of(text)
    for part in ("pieces.HO47: a village holds one piece", "pieces.HO99: there is no hex", "tiles.SEA62: only ships",
                 "tiles.HO21: tokens are never placed", "colour: unknown key", "step[1].action: cannot read action"):
        assert any(part in p for p in found), (part, found)


def test_too_many_pieces_of_a_caste() -> None:
    text = GOOD.replace("fill = \"random\"\n", "").replace(
        'HO47 = "H"', "\n".join(f'{h} = "H"' for h in ("HO01", "HO03", "HO09", "HO12", "HO14", "HO19", "HO23", "HO47")))
    found = problems_of(text)
    assert any("pieces: 7 High Helmet pieces are in play with 2 players, but the position has 9 on the board" in p
               for p in found), found


def test_missing_pieces_without_fill() -> None:
    found = problems_of(GOOD.replace('fill = "random"\n', ""))
    assert any("pieces: 7 Buddha pieces are in play with 2 players, but the position has 1 on the board + 0 captured"
               in p for p in found), found


def test_surrounded_settlement_still_holding_a_piece_under_instant_capture() -> None:
    text = GOOD.replace('HO45 = "Red H2"', 'HO45 = "Red H2"\nHO46 = "Blue S1"').replace(
        'action = "H3@HO46"', 'action = "H3@HO40"').replace(
        'captures = ["Blue takes H at HO47 (Blue 3, Red 2)"]', "captures = []").replace("number = 2", "number = 4")
    found = problems_of(text)
    assert any("pieces.HO47: HO47 is surrounded but still holds pieces: under instant capture" in p for p in found)
    # the same position is fine mid-turn under end-of-turn capture
    ok = text.replace('edition = "1998"', 'edition = "2015"').replace("number = 4", "number = 4\nplayed = 1")
    ok = ok.replace('hand = ["H3"]', 'hand = ["H3", "H2", "B2", "B3"]')
    loads_scenario(ok, "ok.toml")


def test_toml_syntax_error_names_line_and_column() -> None:
    found = problems_of('title = "x"\nplayers = 2\n[pieces\nHO47 = "H"\n')
    assert len(found) == 1
    assert found[0].startswith("bad.toml: line 3, column 8: not valid TOML:"), found


def test_wrong_types_are_named() -> None:
    text = GOOD.replace("[[players]]\nname = \"Red\"", "[[players]]\nname = 5").replace(
        "[turn]", "[turn]\nplayed = true")
    found = problems_of(text)
    assert any("players[1].name: expected text, got a number 5" in p for p in found), found


def test_variant_problems_are_named() -> None:
    text = GOOD + '\n[[variant]]\nname = "x"\nrules = { R2 = "never" }\n[variant.steps.9]\ncaptures = []\n'
    found = problems_of(text)
    assert any("variant[1].rules.R2: capture_timing must be one of" in p for p in found), found
    assert any("variant[1].steps.'9'" in p or "variant[1].steps.9" in p for p in found), found


@pytest.mark.parametrize("text, expected", [
    ("", "title: this field is required"),
    ("players = 5\ntitle = 'x'", "players: Samurai is played by 2, 3 or 4 players, not 5"),
    ("title = 'x'\nplayers = ['A']", "players: Samurai is played by 2, 3 or 4 players, not 1"),
    ("title = 'x'\nplayers = 2\nphase = 'lunch'", "phase: phase must be one of"),
    ("title = 'x'\nplayers = 2\nfill = 'all'", "fill: fill must be one of none, random"),
])
def test_small_broken_files(text: str, expected: str) -> None:
    found = problems_of(text)
    assert any(expected in p for p in found), found


def test_check_prints_every_problem_and_exits_2(tmp_path: Path) -> None:
    (tmp_path / "good.toml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "bad.toml").write_text(GOOD.replace('HO47 = "H"', 'HO47 = "HB"').replace(
        'HO45 = "Red H2"', 'HO45 = "Red W1"'), encoding="utf-8")
    (tmp_path / "syntax.toml").write_text("title = \n", encoding="utf-8")
    out = io.StringIO()
    assert check_paths([tmp_path], out=out) == 2
    report = out.getvalue()
    assert f"ok       {tmp_path / 'good.toml'}" in report
    assert f"INVALID  {tmp_path / 'sub' / 'bad.toml'}" in report
    assert "pieces.HO47: a village holds one piece, got 2" in report
    assert "tiles.HO45: ships go on sea hexes only" in report
    assert "syntax.toml: line 1, column 9: not valid TOML" in report
    assert "3 scenarios: 1 ok, 0 failed, 2 invalid" in report


def test_load_scenario_never_returns_half_built(tmp_path: Path) -> None:
    bad = tmp_path / "e1.toml"
    bad.write_text(GOOD.replace('HO47 = "H"', 'HO47 = "HB"'), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario(bad)
    assert all(p.file == str(bad) for p in info.value.problems)
    assert info.value.report().startswith("1 problem:")


def test_last_captures_are_read_and_checked() -> None:
    base = GOOD.replace('HO47 = "H"', 'HO47 = ""').replace(
        'HO45 = "Red H2"', 'HO45 = "Red H2"\nHO46 = "Blue H3"').replace('hand = ["H3"]', "").replace(
        "[[step]]\naction = \"H3@HO46\"\n[step.expect]\ncaptures = [\"Blue takes H at HO47 (Blue 3, Red 2)\"]\n", "")
    base = base.replace("number = 2", "number = 3").replace('player = "Blue"', 'player = "Red"')
    base = base.replace("[[players]]\nname = \"Blue\"", "[[players]]\nname = \"Blue\"\ncaptured = \"H\"")
    ok = base.replace("number = 3", 'number = 3\nlast_captures = ["Blue takes H at HO47"]')
    sc = loads_scenario(ok, "ok.toml")
    (event,) = sc.state.events
    assert event.winner == 1 and event.tallies == (2, 3)  # influence computed from the tiles
    wrong = base.replace("number = 3", 'number = 3\nlast_captures = ["Red takes H at HO47 (Red 2, Blue 3)"]')
    found = problems_of(wrong)
    assert any("turn.last_captures[1]: the single highest influence takes the piece" in p for p in found), found


# The rulebooks set up in one order, which scenario files follow: 000 "Simultaneamente e di nascosto dagli
# altri avversari, tutti i giocatori devono scegliere 5 dei 20 tasselli ... Selezionare poi i segnalini";
# 001 "Одновременно и не показывая жетоны другим игрокам, соперники выбирают 5 из 20 жетонов ... Затем на
# поле ставятся цели".
OLD_ORDER_FILES = {
    "pieces while hands are chosen": ("phase = 'choose_hands'\n[pieces]\nKyoto = 'HB'\nHO12 = 'R'\n",
                                      "pieces: the caste pieces are placed after every player has chosen his "
                                      "starting hand: while hands are chosen only Edo holds pieces"),
    "pieces placed before any hand": ("phase = 'place_pieces'\n[pieces]\nKyoto = 'HB'\n",
                                      "players.Red.hand: the hands are chosen first, then the caste pieces are placed"),
    "steps placing pieces before picking": (
        "phase = 'choose_hands'\n[[step]]\naction = 'piece H@Kyoto'\n[[step]]\naction = 'pick S3'\n",
        "step[1].action: 'piece H@Kyoto' comes before every hand is chosen: in the rulebooks' order the hands are "
        "chosen first, then the caste pieces are placed"),
    "fill while placing pieces": ("phase = 'place_pieces'\nfill = 'random'\n",
                                  "fill: fill applies once every piece is placed (phase play or game_over)"),
}


@pytest.mark.parametrize("name", sorted(OLD_ORDER_FILES))
def test_files_in_the_other_setup_order_say_what_is_out_of_order(name: str) -> None:
    body, expected = OLD_ORDER_FILES[name]
    text = f"title = 'old order'\nplayers = ['Red', 'Blue']\n{body}"
    with pytest.raises(ScenarioError) as info:
        loads_scenario(text, "old.toml")
    assert any(expected in str(p) for p in info.value.problems), info.value


def test_a_position_placing_pieces_holds_the_chosen_hands() -> None:
    text = ("title = 'placing'\nphase = 'place_pieces'\nseed = 4\n"
            "[[players]]\nname = 'Red'\nhand = ['S3', 'H4', 'B4', 'R4', 'N1']\n"
            "[[players]]\nname = 'Blue'\nhand = ['S3', 'H4', 'B4', 'R4', 'W2']\n"
            "[pieces]\nKyoto = 'HB'\n[[step]]\naction = 'piece H@HO07'\n")
    sc = loads_scenario(text, "placing.toml")
    assert sc.state.phase.value == "place_pieces" and sc.state.pile_sizes == (15, 15)
    assert sc.state.current == 0 and [s.current for s in sc.states] == [0, 1]
