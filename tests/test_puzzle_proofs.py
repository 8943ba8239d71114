"""The puzzles' proofs: Knizia's turn search against every legal turn played one by one, ``check`` refusing
planted faults (another turn as good, a false margin, a forced first move, the caps of a game's set), the
depth in turns, ``puzzles list --json``, the README's table, and every bundled puzzle proved (``slow``)."""

from __future__ import annotations

import contextlib
import io
import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from games import tictactoe

from samurai_lab.common.game import game_names, get_game, register, unregister
from samurai_lab.common.puzzle_file import PuzzleRecord, dumps_record, game_records, puzzles_dir, read_record
from samurai_lab.common.puzzle_set import COLLECTION, set_problems, within_caps
from samurai_lab.common.puzzles import load_puzzle, prove
from samurai_lab.knizia.core.actions import EndTurn
from samurai_lab.knizia.core.model import Phase
from samurai_lab.knizia.core.rules import legal_actions
from samurai_lab.knizia.core.ruleset import STOP_AT_ONCE
from samurai_lab.knizia.core.tiles import TILES_BY_CODE
from samurai_lab.knizia.teaching.puzzle_generate import game_positions
from samurai_lab.knizia.teaching.turn_search import search_turn, wins
from samurai_lab.tools.check import check_paths
from samurai_lab.tools.cli import main
from samurai_lab.tools.puzzles import README_END, README_START, readme_table

ROOT = Path(__file__).resolve().parent.parent


# --- the turn search against every legal turn --------------------------------------------------------------
def every_turn(state) -> set[tuple]:
    """(captures, wins) of every legal turn, each action of each step played (only states equal in every
    field the rest of the turn reads are merged: the same tiles, pieces, hand, allowance and captures)."""
    me, seen, out = state.current, set(), set()

    def visit(s, taken: tuple) -> None:
        key = (s.tiles, s.pieces, s.hands[me], s.normal_played, s.played_this_turn > 0, s.discarded[me],
               s.captured, s.set_aside, s.phase, taken)
        if key in seen:
            return
        seen.add(key)
        for a in legal_actions(s):
            after = s.apply(a)
            caps = taken + tuple((r.hex, r.caste, r.winner) for r in after.events)
            if isinstance(a, EndTurn) or after.is_over:
                out.add((frozenset(caps), wins(after, me)))
            else:
                visit(after, tuple(sorted(caps, key=lambda c: (c[0], c[1].index, -1 if c[2] is None else c[2]))))

    visit(state, ())
    return out


HANDS = {11: ("H3", "W1"), 12: ("B2", "X"), 13: ("M", "N1"), 14: ("R2", "S1")}


def small_hand_position(seed: int):
    """A position of a seeded bot game in play, the player to move holding the two tiles of ``HANDS[seed]``."""
    turns = [s for t, s in game_positions(seed) if s.phase is Phase.PLAY and t >= 12]
    state = random.Random(seed).choice(turns)
    tiles = tuple(TILES_BY_CODE[c] for c in HANDS[seed])
    return replace(state, hands=state.hands[:state.current] + (tiles,) + state.hands[state.current + 1:])


@pytest.mark.parametrize("seed", HANDS)
def test_the_turn_search_finds_what_every_legal_turn_played_one_by_one_takes(seed) -> None:
    state = small_hand_position(seed)
    search = search_turn(state)
    found = {(o.captures, o.wins) for o in search.outcomes.values()}
    assert found == every_turn(state)
    assert search.legal > search.nodes  # whole classes of actions stood for by one


def test_a_bundled_puzzle_search_enumerates_every_legal_action() -> None:
    puzzle = load_puzzle(get_game("knizia"), puzzles_dir() / "knizia" / "knizia-1-0001.toml")
    search = search_turn(puzzle.state)
    assert search.legal >= len(legal_actions(puzzle.state)) > 100


def test_a_turn_that_ends_the_game_at_once_is_an_outcome() -> None:
    """Ruling R4 = stop at once: the capture that ends the game ends the turn too, and wins it."""
    rec = next(r for r in game_records("knizia") if r.goal == "win" and r.position.startswith("1998"))
    state = load_puzzle(get_game("knizia"), rec).state
    stopped = replace(state, ruleset=state.ruleset.with_options(instant_end=STOP_AT_ONCE))
    assert search_turn(stopped).best("win")


# --- check refuses planted faults ------------------------------------------------------------------------------
def planted(tmp_path: Path, rec: PuzzleRecord, **changes) -> tuple[int, str]:
    path = tmp_path / f"{rec.id}.toml"
    path.write_text(dumps_record(replace(rec, **changes)), encoding="utf-8")
    out = io.StringIO()
    return check_paths([path], out=out), out.getvalue()


def test_check_refuses_a_knizia_puzzle_where_another_turn_is_as_good(tmp_path) -> None:
    # the Buddha and the High Helmet of HO12 swapped into HO07 take as many figures: the search that skipped
    # far swaps proved this one; the search of every legal turn finds the other turn
    rec = PuzzleRecord(
        game="knizia", id="knizia-planted-1", title="take R@HO07 with the special tile",
        position="1998+Sr+Hr 3 p:2:20:0:0 B.HB.RHHHBRBHBBHBR.RHRHBRBBHRH 1aS2,2bR4,aM,1bS2,1bS2,aS2,4bS1,bN1,2bH2,"
                 "1bB4,1cH4,9cS2,1cS2,1cS3,aR4,5aH3,9cR4,2cB4,2aB3,4aN1,aH4,2aW2,41aW1,2cW1,aW1,11bW1 H2B2R3S1S3:R2B4"
                 "S1:X/H3B2R2S1X:R3W1B3MS3W2H4/H2R2S1N1M:S1W1XB3R3W2H3B2 0.0.3/0.0.0/0.0.0 0.0.0 10009 - -",
        goal="swap", answer=("X HO07:H HO12:R", "H3@HO04", "end"), themes=("swap", "two settlements"), rating=1441,
        source="planted", target="R@HO07", value=2, plies=2)
    status, text = planted(tmp_path, rec)
    assert status == 1 and "another turn reaches it as well" in text
    search = search_turn(load_puzzle(get_game("knizia"), rec).state)
    target = load_puzzle(get_game("knizia"), rec).target()
    assert len({o.captures for o in search.best("swap", target)}) == 2  # "X HO07:B HO12:R" takes as many


def bundled(game: str, goal: str | None = None, margin: bool = False) -> PuzzleRecord:
    return next(r for r in game_records(game) if (goal is None or r.goal == goal) and (not margin or r.margin > 0))


def test_check_refuses_a_false_margin_and_a_false_depth(tmp_path) -> None:
    rec = bundled("knizia", "most", margin=True)
    assert planted(tmp_path, rec)[0] == 0
    status, text = planted(tmp_path, rec, margin=rec.margin + 1)
    assert status == 1 and f"margin: the search gives {rec.margin}" in text
    status, text = planted(tmp_path, rec, plies=rec.plies + 1)
    assert status == 1 and "plies" in text
    line = bundled("katana")
    status, text = planted(tmp_path, line, turns=line.turns + 1)
    assert status == 1 and "depth" in text


def test_check_refuses_a_puzzle_whose_first_move_is_the_only_legal_one(tmp_path) -> None:
    registered = tictactoe.GAME.name in game_names()
    register(tictactoe.GAME)
    try:
        rec = PuzzleRecord(game="tictactoe", id="ttt-forced", title="win in 1", position=".xxxooxoo x", goal="win",
                           answer=("a1",), themes=("three in a row",), rating=800, source="planted")
        status, text = planted(tmp_path, rec)
        assert status == 1 and "only legal move" in text
    finally:
        if not registered:
            unregister(tictactoe.GAME.name)


def test_check_holds_a_games_collection_to_the_caps(tmp_path) -> None:
    tachiojo = [r for r in game_records("katana") if "tachiojo" in r.themes][:COLLECTION]
    for r in tachiojo:
        (tmp_path / f"{r.id}.toml").write_text(dumps_record(r), encoding="utf-8")
    out = io.StringIO()
    assert check_paths([tmp_path], out=out) == 1
    assert "theme 'tachiojo' is on 100% of the puzzles" in out.getvalue()
    assert f"{COLLECTION} puzzles: {COLLECTION} proved" in out.getvalue()  # each proved, the set over a cap


def test_the_caps_of_themes_lines_and_records_and_a_set_cut_down_to_them() -> None:
    base = bundled("katana")
    same = [replace(base, id=f"k{i}", position=f"{base.position} {i}", themes=("sword",) if i in (0, 2, 4) else ("tachiojo",))
            for i in range(COLLECTION)]
    problems = set_problems(same)
    assert any("theme 'tachiojo' is on 70%" in p for p in problems)
    assert any("is on 10 puzzles (at most 3)" in p for p in problems)
    assert any("10 puzzles come from seed" in p for p in problems)
    assert [r.id for r in within_caps(same)] == ["k0", "k1"]


# --- the bundled puzzles ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["knizia", "katana", "ikizumari"])
def test_the_bundled_puzzles_keep_the_caps_and_give_their_depth(game) -> None:
    records = game_records(game)
    assert set_problems(records) == []
    for r in records:
        assert r.plies == (len(r.answer) - 1 if game == "knizia" else len(r.answer))
        assert r.turns == (1 if game == "knizia" else r.moves)


def test_an_anzen_and_its_extra_move_are_one_turn() -> None:
    anzen = next(r for r in game_records("ikizumari") if "anzen" in r.themes)
    assert anzen.plies > 2 * anzen.turns - 1  # the extra move is a ply of the same turn


def test_puzzles_list_json_gives_depth_themes_and_rating() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["puzzles", "list", "--game", "katana", "--json"]) == 0
    rows = json.loads(out.getvalue())
    assert len(rows) == len(game_records("katana"))
    assert {"turns", "plies", "themes", "rating"} <= set(rows[0])


def test_the_readme_table_is_the_one_the_files_give() -> None:
    text = (ROOT / "puzzles" / "README.md").read_text(encoding="utf-8")
    shown = text.split(README_START, 1)[1].split(README_END, 1)[0].strip()
    assert shown == readme_table().strip(), "run: samurai-lab puzzles table --write"


# Every bundled puzzle is proved once a session, by the installed wheel's `samurai-lab check` (tests/test_wheel.py:
# test_check_without_a_path_checks_the_bundled_scenarios), which checks the bundled puzzles with the scenarios.
