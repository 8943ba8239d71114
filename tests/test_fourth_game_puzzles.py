"""Puzzles of a fourth game: tic-tac-toe (``tests/games/tictactoe.py``), declared only for the tests, with
nothing written for it but its declaration (``features["puzzles"]``): puzzles mined from seeded bot games
(the same seed, the same puzzles), proved, written and checked by ``samurai-lab puzzles`` and ``samurai-lab
check``, a doctored file refused, a try judged and a hint, a review's marked position as a puzzle, and the
trainer and the Puzzles app on a board of paper that answers the board hook (``ui/game_board.py``)."""

from __future__ import annotations

import contextlib
import io
import json
from dataclasses import replace
from typing import Any, Callable, Iterable

import ipywidgets as widgets
import pytest
from games import tictactoe

from samurai_lab.common.game import game_names, get_game, register, unregister
from samurai_lab.common.puzzle_file import dumps_record, game_records, read_record
from samurai_lab.common.puzzles import hint, judge, load_puzzle, mine, mistake_puzzle, prove, puzzle_games
from samurai_lab.tools.check import check_paths
from samurai_lab.tools.cli import main


class Paper:
    """A board without pictures that answers the board hook: it keeps the last thing it was asked to show."""

    def __init__(self, state: Any, css_class: str = "", report: Any = None) -> None:
        self.widget, self.shown = widgets.HTML(css_class), None
        self.click: Callable[[int], Any] = lambda cell: None

    def on_cell(self, callback: Callable[[int], Any]) -> None:
        self.click = callback

    def show_cells(self, state: Any, selected: int | None = None, targets: Iterable[int] = (), **marks: Any) -> None:
        self.shown = (state, selected, tuple(targets))

    def set_projector(self, on: bool) -> None:
        pass


@pytest.fixture
def game():
    """Tic-tac-toe in the registry, drawn on paper."""
    registered = tictactoe.GAME.name in game_names()
    register(replace(tictactoe.GAME, hooks={"board": f"{__name__}:Paper"}))
    yield get_game("tictactoe")
    register(tictactoe.GAME) if registered else unregister(tictactoe.GAME.name)


def test_mined_puzzles_are_the_same_for_the_same_seed_and_proved(game) -> None:
    found = mine(game, 15, seed=1)
    assert [dumps_record(r) for r in found] == [dumps_record(r) for r in mine(game, 15, seed=1)]
    assert [r.id for r in found] == [f"tictactoe-1-{n:04d}" for n in range(1, 16)]
    assert len({r.position for r in found}) == 15 and game in puzzle_games()
    for record in found:
        assert prove(game, load_puzzle(game, record)) == [], record.id
    fork = next(r for r in found if r.moves == 2)
    assert fork.themes == ("fork",) and len(fork.answer) == 3
    assert all(r.themes == ("three in a row",) for r in found if r.moves == 1)
    doctored = load_puzzle(game, replace(fork, answer=fork.answer[:1] + fork.answer[2:1:-1] + fork.answer[1:2]))
    assert any("the search's line is" in p for p in prove(game, doctored))


def test_generate_list_and_check_from_the_command_line(game, tmp_path) -> None:
    for run in ("a", "b"):
        with contextlib.redirect_stderr(io.StringIO()):
            assert main(["puzzles", "generate", "--game", "tictactoe", "--count", "4", "--seed", "3",
                         "--dir", str(tmp_path / run / "tictactoe")]) == 0
    a, b = (sorted((tmp_path / run / "tictactoe").glob("*.toml")) for run in ("a", "b"))
    assert len(a) == 4 and [p.read_text() for p in a] == [p.read_text() for p in b]
    assert [r.id for r in game_records("tictactoe", tmp_path / "a")] == [p.stem for p in a]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["puzzles", "list", "--game", "tictactoe", "--json", "--dir", str(tmp_path / "a")]) == 0
    assert [row["file"] for row in json.loads(out.getvalue())] == [str(p) for p in a]
    out = io.StringIO()
    assert check_paths([tmp_path / "a"], out=out) == 0, out.getvalue()
    assert "4 puzzles: 4 proved" in out.getvalue()
    record = read_record(a[0])
    a[0].write_text(dumps_record(replace(record, moves=record.moves + 1)), encoding="utf-8")
    out = io.StringIO()
    assert check_paths([a[0]], out=out) == 1 and "FAILED" in out.getvalue()


def test_a_marked_position_becomes_a_puzzle_whose_tries_are_judged(game) -> None:
    record = mistake_puzzle(game, game.from_position("xx.oo.... x"), "move 5")
    assert record is not None and (record.goal, record.answer, record.moves, record.source) == ("win", ("c1",), 1,
                                                                                                "move 5")
    assert mistake_puzzle(game, game.from_position("x...o.... x")) is None
    puzzle = load_puzzle(game, record)
    assert puzzle.title_text() == "X to move: three in a row in 1 move."
    wrong = judge(puzzle, puzzle.state, "a3", 1)
    assert not wrong.ok and wrong.text == "X takes a3, but then O takes c1: X can no longer win in time."
    assert judge(puzzle, puzzle.state, "a1", 1).text == "That move is not allowed here."
    right = judge(puzzle, puzzle.state, "c1", 1)
    assert right.solved and right.text == "Solved! X takes c1"
    assert hint(puzzle, puzzle.state, 1) == "Look for the cell that lies on two of your lines."


def test_the_trainer_and_the_app_play_a_fork_on_paper(game) -> None:
    from samurai_lab.ui.puzzles import LineTrainer, PuzzlesApp, puzzle_trainer

    fork = next(r for r in mine(game, 15, seed=1) if r.moves == 2)
    trainer = puzzle_trainer(game, records=[fork])
    assert isinstance(trainer, LineTrainer) and trainer.records == [fork]
    results: list[tuple[bool, bool, str]] = []
    trainer.on_result = lambda ok, solved, text: results.append((ok, solved, text))
    assert trainer.show(fork) == "X to move: three in a row in 2 moves."
    cells = [game.read_cell(None, text) for text in fork.answer]
    trainer.board.click(cells[0])  # the fork: the defence answers at once
    assert results[-1][:2] == (True, False) and results[-1][2].startswith("Right: X takes ")
    assert trainer.board.shown[0] == game.apply_legal(game.apply_legal(trainer.puzzle.state, cells[0]), cells[1])
    assert trainer.solution_step().startswith("Solution: X takes ")
    assert trainer.solution_step() == "The puzzle is solved: choose the next one."
    app = PuzzlesApp([game], query="")
    assert app.trainer.records == game_records("tictactoe") == []
    app.trainer.records = [fork]
    app.next_puzzle()
    assert "three in a row in 2 moves" in app.goal.value and "a fork" in app.goal.value
