"""The SAMURAI lesson: every task solvable, wrong tries named by the rule; the play session."""

from __future__ import annotations

import pytest

from samurai_lab.i18n import use_language
from samurai_lab.katana.core import legal_moves
from samurai_lab.katana.teaching import CHAPTERS, Session, all_tasks, check_task, task_by_id


@pytest.mark.parametrize("task", all_tasks(), ids=lambda t: t.id)
def test_every_task_is_solvable(task):
    result = check_task(task, task.solution)
    assert result.solved, result.message
    start = task.start()
    solutions = [m for m in legal_moves(start) if check_task(task, m).solved]
    assert solutions, task.id
    assert len(solutions) < len(legal_moves(start)) or task.id in ("constrained-1", "tachiojo-2")


def test_chapters_have_text_and_tasks():
    assert len(CHAPTERS) >= 4
    assert all(ch.text and ch.tasks for ch in CHAPTERS)


def test_wrong_tries_name_the_rule():
    task = task_by_id("sfida-1")
    assert "KATANA" in check_task(task, "e1-e5").message
    assert "no challenge" in check_task(task, "e1-e3").message
    assert "queen" in check_task(task_by_id("free-1"), "d9-e7").message
    assert "Taiyo" in check_task(task_by_id("constrained-1"), "d1-d2").message
    assert not check_task(task, "nonsense").solved
    with use_language("it"):
        assert "KATANA" in check_task(task, "e1-e5").message and "Vietato" in check_task(task, "e1-e5").message


def test_session_play_undo_and_bots():
    s = Session(seats=["people", "random"])
    s.play("d9-e9")
    assert s.bot_to_move()
    s.play_bot()
    assert len(s.states) == 3 and len(s.log) == 2
    assert s.undo() and len(s.states) == 1
    with pytest.raises(ValueError):
        s.play("d9-e7")
    with pytest.raises(ValueError):
        s.set_seat(0, "alien")
