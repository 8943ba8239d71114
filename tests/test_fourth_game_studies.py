"""Studies of a fourth game: tic-tac-toe (``tests/games/tictactoe.py``), declared only for the tests, has a
study written here in the documented format (``studies/README.md``): it is read and checked against the
game's rules, stepped through and judged, checked by ``samurai-lab check``, and played in the study app on
a board of paper that answers the board hook (``ui/game_board.py``), all through the shared code."""

from __future__ import annotations

import io
from dataclasses import replace
from typing import Any, Callable, Iterable

import ipywidgets as widgets
import pytest
from games import tictactoe

from samurai_lab.common.game import game_names, get_game, register, unregister
from samurai_lab.common.study_format import StudyError, dumps_study, loads_study
from samurai_lab.common.study_model import ACCEPTED, ILLEGAL, OTHER, UNREADABLE, WRONG, loads_play
from samurai_lab.tools.check import check_paths

STUDY = '''study = 1
game = "tictactoe"
title = { en = "Three in a row" }

[[step]]
position = "xx.oo.... x"
text = { en = "X has **two** in the first row, O two in the second." }
marks = { cells = ["a1", "b1"], arrows = [["a2", "c2"]] }

[step.question]
prompt = { en = "Where does X win at once?" }
accept = ["c1"]
hint = { en = "Finish your own row before blocking." }
right = { en = "Three in a row: X wins." }

[[step.question.wrong]]
answer = "c2"
feedback = { en = "It blocks O, but c1 wins at once." }

[[step]]
play = ["c1"]
text = { en = "The first row is X's." }

[[step]]
position = "x...o.... x"
text = { en = "A taken cell cannot be played." }
refused = "b2"
'''


class PaperBoard:
    """A board without pictures that answers the board hook: it keeps what it was asked to show."""

    def __init__(self, state: Any, css_class: str = "", report: Callable[[BaseException], None] | None = None) -> None:
        self.widget = widgets.HTML()
        self.widget.add_class(css_class)
        self.shown: dict[str, Any] = {}
        self.clicked: Callable[[int], Any] = lambda cell: None

    def on_cell(self, callback: Callable[[int], Any]) -> None:
        self.clicked = callback

    def show_cells(self, state: Any, selected: int | None = None, targets: Iterable[int] = (),
                   arrow: tuple[int, int] | None = None, marked: Iterable[int] = ()) -> None:
        self.shown = {"state": state, "selected": selected, "targets": tuple(targets), "arrow": arrow,
                      "marked": tuple(marked)}

    def set_projector(self, on: bool) -> None:
        pass


@pytest.fixture(autouse=True)
def tictactoe_with_a_board(tmp_path, monkeypatch):
    """Tic-tac-toe in the registry, drawn on paper; the saved studies in a folder of the test's."""
    monkeypatch.setenv("SAMURAI_SAVED_DIR", str(tmp_path))
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    registered = tictactoe.GAME.name in game_names()
    register(replace(tictactoe.GAME, hooks={"board": f"{__name__}:PaperBoard"}))
    yield get_game("tictactoe")
    register(tictactoe.GAME) if registered else unregister(tictactoe.GAME.name)


def test_the_study_is_read_checked_and_round_trips(tictactoe_with_a_board) -> None:
    game = tictactoe_with_a_board
    play = loads_play(game, STUDY, "three.toml")
    assert [game.to_position(s) for s in play.states] == ["xx.oo.... x", "xxxoo.... o", "x...o.... x"]
    assert game.outcome(play.states[1]).winner == 0
    assert play.study.steps[0].marks.arrows == (("a2", "c2"),) and play.study.languages() == ("en",)
    assert loads_study(dumps_study(play.study), "three.toml") == play.study


def test_tries_are_judged(tictactoe_with_a_board) -> None:
    play = loads_play(tictactoe_with_a_board, STUDY)
    right = play.judge(0, "c1")
    assert right.kind == ACCEPTED and right.feedback.get("en") == "Three in a row: X wins."
    wrong = play.judge(0, "c2")
    assert wrong.kind == WRONG and "c1 wins at once" in wrong.feedback.get("en")
    assert play.judge(0, "a3").kind == OTHER
    taken = play.judge(0, "a1")
    assert taken.kind == ILLEGAL and taken.reason == "a1 is taken"
    assert play.judge(0, "d4").kind == UNREADABLE
    assert play.after(0, "c1") == play.states[1]
    with pytest.raises(ValueError):
        play.judge(1, "a3")  # the second step asks nothing


def test_every_problem_against_the_rules_has_its_line(tictactoe_with_a_board) -> None:
    bad = (STUDY.replace('accept = ["c1"]', 'accept = ["a1"]').replace('"b1"]', '"d4"]')
           .replace('play = ["c1"]', 'play = ["c1", "c1"]').replace('refused = "b2"', 'refused = "c3"'))
    with pytest.raises(StudyError) as e:
        loads_play(tictactoe_with_a_board, bad, "bad.toml")
    found = {p.line: str(p) for p in e.value.problems}
    assert "'d4'" in found[8]
    assert "'a1' is not legal in this step's position: a1 is taken" in found[12]
    assert "move 2 'c1'" in found[21]
    assert "'c3' is legal in this step's position" in found[27]
    with pytest.raises(StudyError, match="this study is for Tic-tac-toe, not for Reiner Knizia's Samurai"):
        loads_play(get_game("knizia"), STUDY)


def test_samurai_lab_check_reads_the_study_s_game_from_the_registry(tmp_path) -> None:
    (tmp_path / "three.toml").write_text(STUDY, encoding="utf-8")
    out = io.StringIO()
    assert check_paths([tmp_path], out=out, verbose=True) == 0
    assert "3 steps, 1 questions, languages en" in out.getvalue()
    (tmp_path / "three.toml").write_text(STUDY.replace('accept = ["c1"]', 'accept = ["b1"]'), encoding="utf-8")
    out = io.StringIO()
    assert check_paths([tmp_path], out=out) == 2
    assert "three.toml:12: step 1: question.accept: 'b1' is not legal" in out.getvalue()


def test_the_study_app_steps_through_it_and_judges_clicks(tictactoe_with_a_board, tmp_path) -> None:
    from samurai_lab.ui.study_app import study_app

    (tmp_path / "studies").mkdir()
    (tmp_path / "studies" / "three.toml").write_text(STUDY, encoding="utf-8")
    app = study_app(query="game=tictactoe")
    assert [label for label, _ in app.choice.options] == ["Three in a row (Tic-tac-toe)"]
    player = app.player
    paper = player.board.board
    assert "tictactoe-study-board" in paper.widget._dom_classes
    assert paper.shown["marked"] == (0, 1) and paper.shown["arrow"] == (3, 5)  # a1, b1; a2 → c2
    assert player.progress_text() == "Step 1 of 3 · questions answered: 0 of 1"
    paper.clicked(5)  # c2
    assert player.feedback.kind == "warning" and "c1 wins at once" in player.feedback.text
    paper.clicked(2)  # c1
    assert player.feedback.kind == "success" and player.feedback.text == "Three in a row: X wins."
    assert paper.shown["state"].cells == "xxxoo...."  # the answer played
    player.next()
    assert player.progress_text() == "Step 2 of 3 · questions answered: 1 of 1" and paper.shown["marked"] == ()
    player.next()
    assert player.next_button.disabled and "taken cell" in player.text.value
